// An error as one line for a person: the error printer's `mids: ...` line, and every other place
// that quotes an error beside others (a batch's failed ids). A server's message may quote the key
// back, hold control sequences, or be megabytes long.
import { ApiError } from "../errors.js";
import { redactText } from "../redact/index.js";
import { redact } from "../util/known-secrets.js";
import { clipMiddle, oneLine } from "../util/sanitize.js";

/** Longest error or hint line printed: a server's message can be megabytes (the body stays in `mids api`'s output). */
export const MAX_ERROR_LINE = 1000;

/**
 * `err`'s message as one line: the known `secrets` (the configured key) nowhere, and in a
 * server's words (an ApiError) also anything the secret rules call a secret (a token typed into a
 * path and echoed back; not in mids' own words: cursors look like tokens to them); no control
 * sequences; cut to MAX_ERROR_LINE after the redaction, so a cut never leaves part of a secret behind.
 */
export function errorLine(err: unknown, secrets: readonly (string | undefined)[]): string {
  const raw = redact(err instanceof Error ? err.message : String(err), secrets);
  return clipMiddle(oneLine(err instanceof ApiError ? redactText(raw) : raw), MAX_ERROR_LINE);
}
