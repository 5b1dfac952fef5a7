// The sandbox's clock when it is given one (startSandbox's `clock`, `sandbox serve --clock`).

/** Epoch milliseconds of a Date, an ISO 8601 string or a number; NaN for anything else. */
export const msOf = (t: unknown): number => t instanceof Date ? t.getTime() : typeof t === "number" ? t : typeof t === "string" ? Date.parse(t) : NaN;

/**
 * A fixed time: the data stands still at `ms`, and the rate-limit windows are counted on that time
 * plus the real time since the start, so that a window rolls over (a 429 clears after its
 * Retry-After).
 */
export function fixedClock(ms: number): { now: () => Date; windowsNow: () => number } {
  const started = Date.now();
  return { now: () => new Date(ms), windowsNow: () => ms + (Date.now() - started) };
}
