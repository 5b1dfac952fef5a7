// Response header names the spec documents (no schema library: the sandbox reads them too).

/** spec 8.1: the rate-limit headers of every answer. */
export const RATE_LIMIT_HEADERS: readonly string[] = ["Limit-Minute", "Remaining-Minute", "Reset-Minute", "Limit-Day", "Remaining-Day", "Reset-Day"].map((h) => `X-RateLimit-${h}`);
