// An error as one line for a person: the error printer's `mids: ...` line, and every other place
// that quotes an error beside others (a batch's failed ids). A server's message may quote the key
// back, hold control sequences, or be megabytes long.
import { ApiError } from "../errors.js";
import { redactOwnWords } from "../redact/index.js";
import { redactServerWords } from "../redact/server-words.js";
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
