// Keys written into source code stay out of scan output (stylish source lines, json text, diffs),
// as in every mids output: the redaction module's rules of code (src/redact/source.ts), after an
// access log line's ident and authuser (a log checked in beside the code), as migrate redacts them.
import { pureRedaction, type CompiledRules } from "../../redact/index.js";
import { redactCode, type CodeRedaction } from "../../redact/source.js";
import { redactAccessPrefix } from "../redact.js";

const CLF_LINE = /^\S+ \S+ \S+ \[[^\]\n]*\] "/;

const PURE: CodeRedaction = pureRedaction();

/**
 * A line as scan shows it. `r`: a run's redaction (the same rules with its memos); `code`: the
 * rules of code (tests add generated rules to them).
 */
export function redactSource(s: string, r: CodeRedaction = PURE, code?: CompiledRules): string {
  const clf = CLF_LINE.exec(s);
  if (clf) s = redactAccessPrefix(clf[0]) + s.slice(clf[0].length);
  return redactCode(s, r, code);
}
