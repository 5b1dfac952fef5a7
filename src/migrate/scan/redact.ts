// Keys written into source code stay out of scan output (stylish source lines, json text, diffs),
// as in every mids output: the redaction module's rules of code (src/redact/source.ts), after an
// access log line's ident and authuser (a log checked in beside the code), as migrate redacts them.
import { Redactor, pureRedaction, redactKeySegments, type CompiledRules, type TextRule } from "../../redact/index.js";
import { redactCode, type CodeRedaction } from "../../redact/source.js";
import { redactAccessPrefix } from "../redact.js";
import { redact } from "../../util/known-secrets.js";

const CLF_LINE = /^\S+ \S+ \S+ \[[^\]\n]*\] "/;

const PURE: CodeRedaction = pureRedaction();

/**
 * A line as scan shows it. `r`: a run's redaction (the same rules with its memos); `code`: the
 * rules of code (tests add generated rules to them).
 */
export function redactSource(s: string, r: CodeRedaction = PURE, code?: CompiledRules): string {
  const clf = CLF_LINE.exec(s);
  if (clf) s = redactAccessPrefix(clf[0]) + s.slice(clf[0].length);
  // (and a key where a project or topic id goes, as migrate hides it in a log's paths)
  return redactKeySegments(redactCode(s, r, code));
}

/** The rules a scan run redacts by: the shipped ones, and (tests) generated rules added to them. */
export interface ScanRules {
  /** rules after the shipped rules of logs */
  text?: readonly TextRule[];
  /** the rules of code, compiled (SOURCE_CODE_RULES and more) */
  code?: CompiledRules;
}

/**
 * `rules` and a rule that shows the run's own credentials (the configured key, the base URL's
 * password) as `***` wherever code holds them: in a path segment (`/v2/agent/KEY/run`) or a filter
 * value, where no rule of code looks for a key, as every other mids output shows them (known-secrets.ts).
 */
export function withKnownSecrets(rules: ScanRules | undefined, secrets: readonly (string | undefined)[]): ScanRules | undefined {
  const known = [...new Set(secrets.filter((s): s is string => !!s && s.length >= 4))];
  if (!known.length) return rules;
  const rule: TextRule = { name: "the run's own credentials", literals: known, apply: (s) => redact(s, known) };
  return { ...rules, text: [...(rules?.text ?? []), rule] };
}

/** One run's redaction of what scan shows: a Redactor of its own (its memos), and the rules of code. */
export class SourceRedaction {
  readonly redactor: Redactor;
  constructor(private readonly rules: ScanRules = {}) {
    this.redactor = rules.text?.length ? new Redactor({ extra: rules.text }) : new Redactor();
  }

  /** A line (or a string shown of a route) as scan shows it. */
  line(s: string): string { return redactSource(s, this.redactor, this.rules.code); }
}
