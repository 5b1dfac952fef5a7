// Redaction (issue 10, issue 24): what counts as a secret and how it leaves text, in one module.
// names.ts: secret header, parameter and key names; rules.ts: the text rules, as data, each with
// its literals; source.ts: the rules of code (scan's source lines, imported by scan alone: they
// are compiled when loaded), as data too; engine.ts: the
// prefilter and gates derived from the literals; redactor.ts: structured values and the per-run
// Redactor. The functions below use the shipped rules with no memo (a
// trace, an error text); `mids migrate` makes a Redactor per run.
import { DEFAULT_RULES, pureRedaction, redactBody as bodyOf, redactJson as jsonOf, redactJsonInPlace as jsonInPlace, redactUrl as urlOf, redactHeaderValue as headerValueOf, redactParamValue as paramValueOf } from "./redactor.js";

export {
  REDACTED, SECRET_HEADERS, SECRET_HEADER_ENDINGS, SECRET_QUERY_PARAMS, SECRET_PARAM_ENDINGS, SECRET_JSON_KEYS, CREDENTIAL_OPTIONS, CREDENTIAL_SCHEMES, TEXT_SCHEMES,
  SECRET_URL_PARAMS, normalizeParamName, secretUrlParamName,
} from "./names.js";
export { TEXT_RULES, type TextRule, type NameTests } from "./rules.js";
export { compileRules, type CompiledRules } from "./engine.js";
export { redactKeySegments } from "./id-slots.js";
export { DEFAULT_RULES, MAX_JSON_DEPTH, Redactor, jsonDepth, pureRedaction, redactOrigin, type Redaction } from "./redactor.js";
export { own } from "../util/memo.js";

const PURE = pureRedaction();

/** Is this header name a credential carrier? */
export const isSecretHeader = (name: string): boolean => PURE.isSecretHeader(name);
/** Is this query/form parameter name a credential carrier (`user[password]`, `apiKeys` too)? */
export const isSecretParam = (name: string): boolean => PURE.isSecretParam(name);
/** A JSON key or HAR `name` that is a secret as a header or as a parameter. */
export const isSecretKey = (name: string): boolean => PURE.isSecretKey(name);
/** Redact every secret the rules can see in free text. Never throws. */
export const redactText = (s: string): string => PURE.redactText(s);
/**
 * mids' own words (its error and hint lines) quote the paths and URLs a user gave: each URL in
 * them (`https://bob:pw@host/x?api_key=...` given as a file) redacted as a URL is (userinfo, a
 * secret parameter by name, the rules in its path). Not the text rules over the whole line: it
 * holds syntax that reads as a secret to them (`key=value`, `-f KEY=VALUE`) and cursors to go on from.
 */
export const redactOwnWords = (s: string): string => (s.includes("://") ? s.replace(URL_IN_WORDS, (u) => redactUrl(u)) : s);
/** a URL in a sentence: its last character is no sentence punctuation (`see https://h/x, or ...`) */
const URL_IN_WORDS = /[a-z][a-z0-9+.-]*:\/\/[^\s'"`<>]*[^\s'"`<>.,;:!?)]/gi;
/** redactText without its prefilter or gates: every rule applied (the reference its tests compare with). */
export const redactTextRules = (s: string): string => DEFAULT_RULES.applyAll(s, PURE);
/** false: redactText would return the text as it is (no rule can change it). true: maybe not. */
export const mayHoldSecret = (s: string): boolean => DEFAULT_RULES.mayHold(s, PURE);
/** Every literal a rule of the shipped list starts from (the prefilter searches for them). */
export const TEXT_TRIGGERS: readonly string[] = DEFAULT_RULES.literals;
export const redactHeaderValue = (name: string, value: string): string => headerValueOf(PURE, name, value);
export const redactParamValue = (name: string, value: string): string => paramValueOf(PURE, name, value);
export const redactJsonInPlace = (v: unknown): unknown => jsonInPlace(PURE, v);
export const redactJson = (v: unknown): unknown => jsonOf(PURE, v);
export const redactBody = (body: string): string => bodyOf(PURE, body);
export const redactUrl = (url: string): string => urlOf(PURE, url);

const isDigit = (c: number) => c >= 48 && c <= 57;
// `0000-00-00T00:00:00`: 0 a digit, else the character itself
const STAMP: readonly number[] = [..."0000-00-00T00:00:00"].map((ch) => (ch === "0" ? 0 : ch.charCodeAt(0)));

/**
 * Is s an ISO 8601 timestamp (`2026-11-22T10:15:00Z`, `...:00.123456+05:30`, or with no zone)?
 * A shape only: redaction does not use it (the prefilter finds such text clean by itself).
 */
export function plainTimestamp(s: string): boolean {
  const n = s.length;
  if (n < 19 || n > 35) return false;
  for (let i = 0; i < 19; i++) {
    const c = s.charCodeAt(i);
    const want = STAMP[i];
    if (want === 0 ? !isDigit(c) : c !== want) return false;
  }
  let i = 19;
  if (s.charCodeAt(i) === 46) {
    const from = ++i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === from) return false;
  }
  if (i === n) return true;
  const c = s.charCodeAt(i);
  if (c === 90) return i + 1 === n;
  return (c === 43 || c === 45) && n - i === 6 && isDigit(s.charCodeAt(i + 1)) && isDigit(s.charCodeAt(i + 2)) && s.charCodeAt(i + 3) === 58
    && isDigit(s.charCodeAt(i + 4)) && isDigit(s.charCodeAt(i + 5));
}
