// Parse response headers into values commands can show (spec 5.1, 8.1, 9.3).
import { isUtf8 } from "node:buffer";

export type Headers = Record<string, string>;

export interface RateLimitWindow {
  limit?: number;
  remaining?: number;
  /** when the window resets; from X-RateLimit-Reset-* (epoch seconds, or seconds from now when small) */
  resetAt?: Date;
}

export interface RateLimit {
  minute: RateLimitWindow;
  day: RateLimitWindow;
}

export interface Deprecation {
  /** when the route was deprecated, if the header says */
  deprecatedAt?: Date;
  sunset?: Date;
  /** successor-version link target */
  successor?: string;
}

/** Lower-case a header map from undici (values may be arrays). */
export function normalizeHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const out: Headers = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = asWritten(Array.isArray(v) ? v.join(", ") : v);
  }
  return out;
}

/**
 * A header value as the server wrote it. undici reads each byte as one character (latin1), so
 * UTF-8 text (a successor path `/v3/projets-é` in a Link header) showed as `/v3/projets-Ã©` in
 * notices, errors and --verbose, and `mids api -i` wrote other bytes than came; bytes that are no
 * UTF-8 stay as read.
 */
function asWritten(v: string): string {
  if (!/[\u0080-\u00ff]/.test(v)) return v;
  const bytes = Buffer.from(v, "latin1");
  return isUtf8(bytes) ? bytes.toString("utf8") : v;
}

function num(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** A reset value: epoch seconds (large numbers), delta seconds (small numbers), or an HTTP/ISO date. */
export function parseReset(v: string | undefined, now: Date): Date | undefined {
  if (v === undefined) return undefined;
  const n = num(v);
  // epoch milliseconds, epoch seconds, or seconds from now
  const d = n === undefined ? new Date(v) : new Date(n > 1e12 ? n : n > 1e9 ? n * 1000 : now.getTime() + n * 1000);
  return validDate(d);
}

/** A date a server sent, or undefined when no Date can hold it (toISOString would throw). */
function validDate(d: Date): Date | undefined {
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export function parseRateLimit(h: Headers, now: Date): RateLimit | undefined {
  const w = (name: "Minute" | "Day"): RateLimitWindow => ({
    limit: num(h[`x-ratelimit-limit-${name.toLowerCase()}`]),
    remaining: num(h[`x-ratelimit-remaining-${name.toLowerCase()}`]),
    resetAt: parseReset(h[`x-ratelimit-reset-${name.toLowerCase()}`], now),
  });
  const minute = w("Minute");
  const day = w("Day");
  if (minute.limit === undefined && day.limit === undefined && minute.remaining === undefined && day.remaining === undefined) return undefined;
  return { minute, day };
}

/**
 * A rate-limit count as the server wrote it: `X-RateLimit-Remaining-Day: 12345678901234567890123`
 * shows those digits (as a number it printed as 1.2345678901234568e+22); undefined when the header
 * is absent or no number. (Only number characters pass, so the text is safe on a terminal.)
 */
export function rateLimitText(h: Headers, what: "limit" | "remaining", window: "minute" | "day"): string | undefined {
  const v = h[`x-ratelimit-${what}-${window}`]?.trim();
  return v !== undefined && num(v) !== undefined ? v : undefined;
}

/**
 * That count as data (csv, --fields): its number, or, for an integer a double would print with
 * other digits, its digits as a string, as an answer's body keeps such a number (client/body.ts).
 */
export function rateLimitValue(h: Headers, what: "limit" | "remaining", window: "minute" | "day"): number | string | undefined {
  const t = rateLimitText(h, what, window);
  if (t === undefined) return undefined;
  return /^-?(0|[1-9]\d*)$/.test(t) && String(Number(t)) !== t ? t : Number(t);
}

/**
 * Retry-After: delta seconds or an HTTP date (RFC 9110 10.2.3). Returns milliseconds. Anything else
 * is no Retry-After: Number reads `0x1F` as 31 and Date.parse reads `later 2030` as a year, which
 * would be waits the server never asked for.
 */
export function parseRetryAfter(v: string | undefined, now: Date): number | undefined {
  if (v === undefined || v.trim() === "") return undefined;
  // delta-seconds (a fraction too: some servers send one)
  if (/^\s*\d+(\.\d+)?\s*$/.test(v)) return Number(v) * 1000;
  // every HTTP-date form has a time of day
  if (!/\b\d\d:\d\d:\d\d\b/.test(v)) return undefined;
  const d = Date.parse(v);
  if (Number.isNaN(d)) return undefined;
  return Math.max(0, d - now.getTime());
}

/**
 * RFC 8288 Link header: the target of the first link whose rel names `rel` (rel="next last" names
 * both; relation types are caseless). The target's own text (`<https://h/items;rel=next>`) is no rel.
 */
export function linkTarget(v: string | undefined, rel: string): string | undefined {
  if (!v) return undefined;
  for (const part of v.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>\s*(.*)$/.exec(part);
    if (!m) continue;
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(m[2]);
    if (rels && rels[1].toLowerCase().split(/\s+/).includes(rel)) return m[1];
  }
  return undefined;
}

/** RFC 8288 Link header: the target of rel="successor-version". */
export const parseSuccessorLink = (v: string | undefined): string | undefined => linkTarget(v, "successor-version");

/** RFC 9745 Deprecation: a structured date `@<epoch seconds>`; older drafts used `true` or an HTTP date. */
export function parseDeprecation(h: Headers): Deprecation | undefined {
  const dep = h["deprecation"];
  const sunsetRaw = h["sunset"];
  if (dep === undefined && sunsetRaw === undefined) return undefined;
  const out: Deprecation = {};
  if (dep !== undefined) {
    const m = /^@(-?\d+)$/.exec(dep.trim());
    if (m) out.deprecatedAt = validDate(new Date(Number(m[1]) * 1000));
    else if (dep.trim() !== "true") {
      const d = Date.parse(dep);
      if (!Number.isNaN(d)) out.deprecatedAt = new Date(d);
    }
  }
  if (sunsetRaw) {
    const d = Date.parse(sunsetRaw);
    if (!Number.isNaN(d)) out.sunset = new Date(d);
  }
  const successor = parseSuccessorLink(h["link"]);
  if (successor) out.successor = successor;
  return out;
}
