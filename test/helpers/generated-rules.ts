// Redaction rules made at run time, as a newcomer would write one (`ghp_...`): the tests that add
// them to a run prove that every path redacts by the rules it is given, not by a copy of them.
import { REDACTED, type TextRule } from "../../src/redact/index.js";
import { esc } from "../../src/redact/names.js";

/** A token rule: `prefix` and 8 or more letters and digits after it, its literal declared. */
export function tokenRule(prefix: string): TextRule {
  const re = new RegExp(`${esc(prefix)}[A-Za-z0-9]{8,}`, "g");
  return { name: `generated ${prefix}`, literals: [prefix], apply: (s) => s.replace(re, REDACTED) };
}
