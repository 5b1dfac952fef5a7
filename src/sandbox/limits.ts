// Fixed-window rate limits per key (or per client address when keyless), spec 8.1.

/** The largest one-for-every-key per-minute limit (`serve --rate-limit`, `startSandbox({ rateLimit })`). */
export const MAX_RATE_LIMIT_OVERRIDE = 1_000_000;

export interface Window { limit: number; remaining: number; resetAt: number /* epoch seconds */ }
export interface LimitState {
  minute: Window; day: Window; limited: "minute" | "day" | null; retryAfterSec: number;
  /** the time the windows were read at (epoch seconds, the windows' clock) */
  atSec: number;
}

interface Bucket { minuteStart: number; minuteCount: number; dayStart: number; dayCount: number }

export class RateLimiter {
  private buckets = new Map<string, Bucket>();

  /**
   * `perMinuteOverride`: one per-minute limit for every key and address (`sandbox serve --rate-limit`);
   * `windowsNow`: the time the windows are counted on, when not the request's (a fixed clock's time
   * plus the real time since: its windows still roll over, so a 429 clears after its Retry-After)
   */
  constructor(private readonly perMinuteOverride?: number, private readonly windowsNow?: () => number) {}

  /** Count one request against `id` (unless `consume` is false) and report both windows. */
  take(id: string, perMinute0: number, perDay: number, nowMs: number, consume = true): LimitState {
    const perMinute = this.perMinuteOverride ?? perMinute0;
    const sec = Math.floor((this.windowsNow?.() ?? nowMs) / 1000);
    const minuteStart = sec - (sec % 60);
    const dayStart = sec - (sec % 86_400);
    let b = this.buckets.get(id);
    if (!b) { b = { minuteStart, minuteCount: 0, dayStart, dayCount: 0 }; this.buckets.set(id, b); }
    if (b.minuteStart !== minuteStart) { b.minuteStart = minuteStart; b.minuteCount = 0; }
    if (b.dayStart !== dayStart) { b.dayStart = dayStart; b.dayCount = 0; }
    let limited: LimitState["limited"] = null;
    if (b.minuteCount >= perMinute) limited = "minute";
    else if (b.dayCount >= perDay) limited = "day";
    if (consume && !limited) { b.minuteCount++; b.dayCount++; }
    const minute = { limit: perMinute, remaining: Math.max(0, perMinute - b.minuteCount), resetAt: minuteStart + 60 };
    const day = { limit: perDay, remaining: Math.max(0, perDay - b.dayCount), resetAt: dayStart + 86_400 };
    const resetAt = limited === "day" ? day.resetAt : minute.resetAt;
    return { minute, day, limited, retryAfterSec: Math.max(1, resetAt - sec), atSec: sec };
  }
}

/**
 * A 429 the sandbox is told to answer (a `429` fault, `Prefer: code=429`, a scenario's status) says
 * what a 429 of the minute window says (spec 8.1): nothing of that window left, and it resets when
 * `Retry-After` (1 s) ends, in the headers and in v2's `limits` alike. It said the key's real
 * count (91 requests left on a 429) and the window's real end a minute away.
 */
export function forcedLimit(s: LimitState, retryAfterSec = 1): LimitState {
  return { ...s, minute: { ...s.minute, remaining: 0, resetAt: s.atSec + retryAfterSec }, limited: "minute", retryAfterSec };
}

export function limitHeaders(s: LimitState): Record<string, string> {
  return {
    "X-RateLimit-Limit-Minute": String(s.minute.limit),
    "X-RateLimit-Remaining-Minute": String(s.minute.remaining),
    "X-RateLimit-Reset-Minute": String(s.minute.resetAt),
    "X-RateLimit-Limit-Day": String(s.day.limit),
    "X-RateLimit-Remaining-Day": String(s.day.remaining),
    "X-RateLimit-Reset-Day": String(s.day.resetAt),
  };
}
