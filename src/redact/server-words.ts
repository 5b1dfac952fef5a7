// A server's words in an error (its message, its details, the names a hint quotes from them): a
// secret header's name before a word of prose keeps the word, and no value after it survives.
import { isSecretHeader, redactText } from "./index.js";
import { pureRedaction, redactJson, type Redaction } from "./redactor.js";

/**
 * A secret header named in a server's sentence, before a word of prose (`x-api-key: missing`,
 * `Authorization: expected a Bearer token`, `header x-api-key: is required`): the word is kept;
 * before, it became `***` and the sentence said nothing ("x-api-key: ***"). Only the words of
 * PROSE_AFTER_SECRET stand: any other word may be a value (a lower-case password after
 * `password:`), so it is redacted. The known keys (the configured one, a -H credential) are gone
 * already, whatever they look like.
 */
const HEADER_THEN_WORD = /(?<![\w-])([A-Za-z][\w-]*)(\s*:\s*)([A-Za-z]{1,16})(?=$|\s|[.,!?)])/g;

/** The words a server's message puts after a credential's name that say what is wrong with it, not what it is. */
const PROSE_AFTER_SECRET: ReadonlySet<string> = new Set([
  "missing", "required", "invalid", "expected", "empty", "absent", "malformed", "is", "must", "was", "not", "none",
  "unknown", "wrong", "expired", "revoked", "rejected", "denied", "needed", "present", "unsupported", "forbidden",
  "incorrect", "blank", "null", "undefined", "disabled", "should", "no", "bad", "header", "value", "format",
]);

/** `s` with each `Name: word` of a secret header and a prose word held aside as a private-use character (`restore` puts them back). */
function holdProse(s: string): { held: string; kept: string[] } {
  const kept: string[] = [];
  const held = s.replace(/[\uE000-\uF8FF]/g, "\uFFFD").replace(HEADER_THEN_WORD, (m, name: string, _colon: string, word: string) => {
    // (any other word, a scheme word such as `bearer` too, is left to the rules, which see it whole)
    if (!isSecretHeader(name) || !PROSE_AFTER_SECRET.has(word.toLowerCase()) || kept.length >= 6400) return m;
    kept.push(m);
    return String.fromCharCode(0xe000 + kept.length - 1);
  });
  return { held, kept };
}

const restore = (s: string, kept: readonly string[]): string => s.replace(/[\uE000-\uF8FF]/g, (c) => kept[c.charCodeAt(0) - 0xe000] ?? "\uFFFD");

/** A server's words as the error line shows them (also where a hint quotes them: a field's name, an entitlement's). */
export function redactServerWords(s: string): string {
  if (s.indexOf(":") < 0) return redactText(s);
  // each `Name: word` stands aside (as a private-use character) while the rules run, then comes back
  const { held, kept } = holdProse(s);
  if (!kept.length) return redactText(s);
  return restore(redactText(hideValuesAfterProse(held)), kept);
}

/** The JSON rules (values under secret keys, `{name, value}` pairs) reading each string as the error line reads a server's words. */
const SERVER_WORDS: Redaction = { ...pureRedaction(), redactText: (s) => redactServerWords(s) };

/**
 * An error's details from a server, redacted (a copy): each string as the error line shows the same
 * words, so `{"reason": "x-api-key: invalid k_123"}` reads `x-api-key: invalid ***` in both; before,
 * the details hid the word after the name too (`x-api-key: *** ***`) where the line kept it.
 */
export const redactServerDetails = (v: unknown): unknown => redactJson(SERVER_WORDS, v);

/**
 * A kept `Name: word` (a private-use character in `held`) and the rest of its sentence (to a `.`,
 * `!`, `?` or `;` before a blank or the end): the words a value may follow (`x-api-key: invalid
 * k_123`, `is not valid: abcdEFGH1234`, `was mids_live_...`). Before, the rules saw no name before
 * them and printed the value. Prose stays (`expected a Bearer token`); a key-shaped word does not.
 */
function hideValuesAfterProse(held: string): string {
  return held.replace(/[\uE000-\uF8FF](?:[^.!?;]|[.!?;](?!\s|$))*/g, (clause) =>
    clause.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+|[\w+/=~-]+(?:\.[\w+/=~-]+)*/gi, (w) => (w.length < 4 || w.includes("://") || !keyShaped(w) ? w : "***")));
}

/**
 * A word that reads as a key, a token or a password rather than prose: letters with digits
 * (`k_123`, `abc123`), an underscore, a capital inside lower case (`abcdEFGH`), base64's `+` `/` `=`,
 * 16 digits or more, or 24 characters or more in one run. Plain words, numbers (`401`) and header
 * names (`X-API-Key`) are none.
 */
function keyShaped(w: string): boolean {
  return (/\d/.test(w) && /[A-Za-z]/.test(w)) || w.includes("_") || /[a-z][A-Z]/.test(w) || /[+/=]/.test(w) || /\d{16}/.test(w) || w.length >= 24;
}
