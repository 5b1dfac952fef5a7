// Retry waits are said out loud: one stderr line per wait (how long, why, which limit), and on a
// terminal a countdown on that line. Rate-limit waits can last minutes; silence looks like a hang.
import { ApiError } from "../errors.js";
import { parseRateLimit, rateLimitText } from "./headers.js";

export interface WaitNotice {
  ms: number;
  attempt: number;
  limit: number;
  /** "rate limited (per-minute limit of 60 requests)", "the service is unavailable (HTTP 503)" */
  reason: string;
  /** whether the wait was asked for by the server (Retry-After) rather than backoff */
  serverAsked: boolean;
  /** the limit's reset header the wait runs to (`X-RateLimit-Reset-Minute`), when no Retry-After said how long */
  resetFrom?: string;
}

/** How a wait the server set is said: "as the server asked", or "until the limit resets (X-RateLimit-Reset-Minute)". */
const asked = (n: WaitNotice): string => (!n.serverAsked ? "" : n.resetFrom ? ` until the limit resets (${n.resetFrom})` : " as the server asked");

/** 999999000 -> "11d 13h 46m 39s"; 1500 -> "1.5s"; 250 -> "250 ms". */
/** Past this (a year exactly is "365d") a wait is not worth spelling out ("11574074d 1h 46m" says nothing more). */
export const YEAR_MS = 365 * 86_400_000;

export function formatDuration(ms: number): string {
  if (!(ms <= YEAR_MS)) return "more than a year";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))}s`;
  let s = Math.round(ms / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [["d", 86400], ["h", 3600], ["m", 60]] as const) {
    if (s >= size) parts.push(`${Math.floor(s / size)}${unit}`), (s %= size);
  }
  if (s) parts.push(`${s}s`);
  return parts.join(" ");
}

/** The server's `details.window` ("minute"): a plain word or two, else just "window" (never raw server text on a terminal). */
const windowName = (w: unknown): string => (typeof w === "string" && /^[A-Za-z0-9 _-]{1,32}$/.test(w) ? w : "window");

/** What a retry wait is for; undefined for waits not worth a line (short backoff after a reset or 5xx). */
export function describeWait(err: unknown, ms: number, attempt: number, limit: number, now: Date): WaitNotice | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const serverAsked = err.retryAfterMs !== undefined && err.retryAfterMs === ms;
  const resetFrom = serverAsked && err.retryAfterFrom?.startsWith("X-RateLimit-Reset-") ? err.retryAfterFrom : undefined;
  if (err.status === 429 || err.exitCode === 5) {
    const rl = parseRateLimit(err.headers, now);
    const details = err.details ?? {};
    let which: string | undefined;
    if (rl?.day.remaining === 0 && rl.day.limit !== undefined) which = `daily limit of ${rateLimitText(err.headers, "limit", "day")} requests`;
    else if (rl?.minute.remaining === 0 && rl.minute.limit !== undefined) which = `per-minute limit of ${rateLimitText(err.headers, "limit", "minute")} requests`;
    else if (typeof details.limit === "number") which = `limit of ${details.limit} requests per ${windowName(details.window)}`;
    return { ms, attempt, limit, serverAsked, resetFrom, reason: `rate limited${which ? ` (${which})` : ""}` };
  }
  if (!serverAsked && ms < 1000) return undefined;
  return { ms, attempt, limit, serverAsked, reason: `the server answered HTTP ${err.status}` };
}

export function waitLine(n: WaitNotice, leftMs = n.ms): string {
  return `mids: ${n.reason}; waiting ${formatDuration(leftMs)}${asked(n)} before retry ${n.attempt}/${n.limit}`;
}

/** The record a countdown leaves when it ends (the retry starts, or Ctrl-C): how long was waited, in the past tense. */
export function waitedLine(n: WaitNotice, waitedMs: number): string {
  return `mids: ${n.reason}; waited ${formatDuration(waitedMs)}${asked(n)} for retry ${n.attempt}/${n.limit}`;
}

/** The countdown on a terminal: what changes first, so a narrow terminal cuts the reason, not the time. */
export function countdownLine(n: WaitNotice, leftMs: number): string {
  // whole seconds count down (2s, 1s), never 999 ms
  const left = leftMs >= 1000 ? Math.ceil(leftMs / 1000) * 1000 : leftMs;
  return `mids: retry ${n.attempt}/${n.limit} in ${formatDuration(left)}: ${n.reason}${!n.serverAsked ? "" : n.resetFrom ? ` (until the limit resets: ${n.resetFrom})` : " (the server asked to wait)"}`;
}

interface Stream {
  write(s: string): unknown;
}

/** What a countdown needs from the screen (src/output/screen.ts): its width, the spinner paused, an eraser at exit. */
export interface WaitScreen {
  fit(text: string): string;
  pause(): () => void;
  drawn(erase: () => void): () => void;
}
