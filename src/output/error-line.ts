// An error as one line for a person: the error printer's `mids: ...` line, and every other place
// that quotes an error beside others (a batch's failed ids). A server's message may quote the key
// back, hold control sequences, or be megabytes long.
import { ApiError } from "../errors.js";
import { isSecretHeader, redactOwnWords, redactText } from "../redact/index.js";
import { redact } from "../util/known-secrets.js";
import { clipMiddle, oneLine } from "../util/sanitize.js";
import type { Context } from "../context.js";
import { stderrWrapWidth } from "../io.js";
import { wrapProse } from "./prose.js";

/** Longest error or hint line printed: a server's message can be megabytes (the body stays in `mids api`'s output). */
export const MAX_ERROR_LINE = 1000;

/**
 * `err`'s message as one line: the known `secrets` (the configured key) nowhere, and in a
 * server's words (an ApiError) also anything the secret rules call a secret (a token typed into a
 * path and echoed back); in mids' own words (which quote a user's paths and URLs) the same but for
 * the rule that takes cursors for tokens (redactOwnWords); no control
 * sequences; cut to MAX_ERROR_LINE after the redaction, so a cut never leaves part of a secret behind.
 */
export function errorLine(err: unknown, secrets: readonly (string | undefined)[]): string {
  const raw = redact(err instanceof Error ? err.message : String(err), secrets);
  return clipMiddle(oneLine(err instanceof ApiError ? redactServerWords(raw) : redactOwnWords(raw)), MAX_ERROR_LINE);
}

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

function redactServerWords(s: string): string {
  if (s.indexOf(":") < 0) return redactText(s);
  // each `Name: word` stands aside (as a private-use character) while the rules run, then comes back
  const { held, kept } = holdProse(s);
  if (!kept.length) return redactText(s);
  return restore(redactText(hideValuesAfterProse(held)), kept);
}

/**
 * An error's details from a server (a copy), each string's key-shaped words after a secret header's
 * name and a prose word hidden as in the error line (`{"reason": "x-api-key: invalid k_123"}`); the
 * JSON rules, which run after, hid the word after the name and left `k_123`.
 */
export function hideValuesAfterSecretProse(v: unknown, depth = 0): unknown {
  if (typeof v === "string") {
    if (v.indexOf(":") < 0) return v;
    const { held, kept } = holdProse(v);
    return kept.length ? restore(hideValuesAfterProse(held), kept) : v;
  }
  if (!v || typeof v !== "object" || depth > 64) return v;
  if (Array.isArray(v)) return v.map((x) => hideValuesAfterSecretProse(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: hideValuesAfterSecretProse(x, depth + 1), enumerable: true, writable: true, configurable: true });
  return out;
}

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

/** Longest `details` printed in an error's JSON line (after each string is cut to MAX_ERROR_LINE). */
export const MAX_ERROR_DETAILS = 64 * 1024;

/**
 * An error's `details` as its JSON line carries them: every string cut as an error line is (start
 * and end kept), the rest as it came; details that stay longer than MAX_ERROR_DETAILS once written
 * are left out, with how long they were (`mids api` shows a server's whole answer).
 */
export function detailsForLine(details: unknown): unknown {
  const clip = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return clipMiddle(v, MAX_ERROR_LINE);
    if (!v || typeof v !== "object" || depth > 64) return v;
    if (Array.isArray(v)) return v.map((x) => clip(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, clipMiddle(k, MAX_ERROR_LINE), { value: clip(x, depth + 1), enumerable: true, writable: true, configurable: true });
    return out;
  };
  const cut = clip(details, 0);
  const n = JSON.stringify(cut)?.length ?? 0;
  return n > MAX_ERROR_DETAILS ? { omitted: `${n} characters of details, more than an error line carries; 'mids api' shows the whole answer` } : cut;
}

/**
 * One line of an error or its hint on stderr, `prefix` painted with `code` when stderr takes colour:
 * on a terminal it wraps at word boundaries under a two-space indent (before, a 60-column terminal
 * cut words in two: "the fix a hint names" read as "confi|g set"); piped, one line.
 */
export function sayOnStderr(ctx: Pick<Context, "io" | "globals">, prefix: string, code: string, text: string): void {
  const paint = (s: string) => (ctx.globals.colorStderr ? `\u001b[${code}m${s}\u001b[0m` : s);
  ctx.io.stderr.write(wrapProse(`${prefix} ${text}`, stderrWrapWidth(ctx.io), 2).map((l, i) => (i ? l : paint(prefix) + l.slice(prefix.length))).join("\n") + "\n");
}
