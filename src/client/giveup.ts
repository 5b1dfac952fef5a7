// The error a request ends with when it is not retried again (spec 8.1): how long the server
// asked to wait, when the limit resets, and that the retries ran out.
import { ApiError, MalformedResponseError, MidsError, NetworkError, RateLimitError, ResponseTooLargeError, TimeoutError } from "../errors.js";
import { parseRateLimit, rateLimitText } from "./headers.js";
import type { RetryPolicy } from "./retry.js";
import { formatDuration, YEAR_MS } from "./wait.js";

/**
 * The error to report after `attempt` retries. A 429 becomes exit 5 saying when the limit resets;
 * `unsafe` is the method of a request that is never retried (raising --max-retries would not help it).
 */
export function giveUpError(err: unknown, attempt: number, policy: RetryPolicy, now: Date, unsafe?: string): unknown {
  const asked = err instanceof ApiError ? err.retryAfterMs : undefined;
  // (a request never retried is not told that the wait is longer than mids waits: it would not
  // have waited; its own lines below say when to run it again, or that it may have run)
  if (err instanceof ApiError && unsafe === undefined && asked !== undefined && asked > policy.maxRetryAfterMs && policy.afterStatusCodes.includes(err.status ?? 0)) {
    // raising --max-retries cannot help: say how long the server asked for
    // a v2 retryAfterMs of 1e308 is no date at all (toISOString would throw)
    const rl = err.retryAfterFrom?.startsWith("X-RateLimit-Reset-") ? parseRateLimit(err.headers, now) : undefined;
    const until = (err.retryAfterFrom === "X-RateLimit-Reset-Day" ? rl?.day.resetAt : rl?.minute.resetAt) ?? (asked <= YEAR_MS ? new Date(now.getTime() + asked) : undefined);
    const Err = err.exitCode === 5 ? RateLimitError : ApiError;
    // (a wait to the limit's reset, X-RateLimit-Reset-Day, is named by that header)
    const said = err.retryAfterFrom?.startsWith("X-RateLimit-Reset-") ? `the limit resets in ${formatDuration(asked)} (${err.retryAfterFrom})` : `the server asked to wait ${formatDuration(asked)} (${err.retryAfterFrom ?? "Retry-After"})`;
    return new Err(`${err.message}; ${said}, longer than mids waits (${formatDuration(policy.maxRetryAfterMs)})`, {
      code: err.code, status: err.status ?? 429, details: err.details, headers: err.headers, body: err.body, retryAfterMs: asked,
      hint: until ? `try again after ${until.toISOString()}` : "a wait that long is a broken server; try again later, or ask the API's operators",
    });
  }
  if (err instanceof ApiError && err.exitCode === 5 && !(err instanceof RateLimitError) && err.daySpentUntilUnknown) {
    // (not retried: the day's limit is spent and the answer gives no time it resets, so the
    // minute's reset, which was waited for three times over, says nothing of when to come back)
    const limit = rateLimitText(err.headers, "limit", "day");
    const unknown = "the server did not say when it resets (no X-RateLimit-Reset-Day or Retry-After)";
    // ("rate limited (1000 requests per day)" names it already)
    const of = limit !== undefined && !err.message.includes(`${limit} requests`) ? ` of ${limit} requests` : "";
    return new RateLimitError(`${err.message}: the daily limit${of} is spent`, {
      code: err.code, status: err.status ?? 429, details: err.details, headers: err.headers, body: err.body,
      hint: unsafe ? `mids never retries this ${unsafe} (it is not safe to repeat); ${unknown}: run it again later, within a day`
        : `${unknown}; a retry sooner meets the same limit: try again later, within a day`,
    });
  }
  if (err instanceof ApiError && err.exitCode === 5 && !(err instanceof RateLimitError)) {
    const rl = parseRateLimit(err.headers, now);
    // a daily limit that ran out outlasts the minute's reset, a short Retry-After and any retry
    const daily = rl?.day.remaining === 0 ? rl.day.resetAt : undefined;
    const reset = rl?.minute.resetAt;
    // (as every other error whose retries ran out says it: "...: Too many requests after 3 retries"
    // read as the server's words)
    const tries = attempt > 0 ? `; gave up after ${attempt} ${attempt === 1 ? "retry" : "retries"}` : "";
    const again = daily ? `after ${daily.toISOString()}, when the daily limit resets`
      : asked !== undefined ? `after ${formatDuration(asked)} (the server's ${err.retryAfterFrom ?? "Retry-After"})` : reset ? `after ${reset.toISOString()}, when the limit resets` : "in a minute";
    return new RateLimitError(`${err.message}${tries}`, {
      code: err.code, status: err.status ?? 429, details: err.details, headers: err.headers, body: err.body,
      hint: unsafe ? `mids never retries this ${unsafe} (it is not safe to repeat); run it again ${again}`
        : daily ? `the daily limit resets at ${daily.toISOString()}; try again then`
        : reset ? `the limit resets at ${reset.toISOString()}; wait, or raise --max-retries`
        : asked !== undefined ? `the server asked to wait ${formatDuration(asked)} (${err.retryAfterFrom ?? "Retry-After"}); wait, or raise --max-retries` : "wait a minute and try again",
    });
  }
  // a request never repeated whose answer came but could not be read (past the body cap, no JSON,
  // not the envelope): it ran, and the hint's "try again" would run it twice
  if (unsafe && (err instanceof ResponseTooLargeError || err instanceof MalformedResponseError)) {
    const cap = err instanceof ResponseTooLargeError && err.hint ? `; to read such an answer, ${err.hint}` : "";
    err.hint = `the server answered the ${unsafe}, so it was carried out, and mids never repeats it: check the result before running it again${cap}`;
    return err;
  }
  // a request never repeated that failed after it may have been carried out (a 5xx, a reset, a
  // timeout): "try again" could run it twice
  if (unsafe && mayHaveRun(err, policy)) {
    (err as MidsError).hint = `the ${unsafe} may have been carried out before it failed, and mids never repeats it: check the result before running it again`;
  }
  // the retries ran out: say so, or "try again" reads as if mids had not
  if (attempt > 0 && attempt >= policy.limit && err instanceof MidsError) err.message += `; gave up after ${attempt} ${attempt === 1 ? "retry" : "retries"}`;
  return err;
}

/** Network failures before anything was sent: a refused connection, an unknown host, TLS, a proxy that refused the tunnel or closed it unanswered. */
const NOT_SENT = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|PROXY_TUNNEL_CLOSED|PROXY_\d{3})$/;

/** Whether a failed request may still have been carried out by the server. */
function mayHaveRun(err: unknown, policy: RetryPolicy): boolean {
  if (err instanceof ApiError) return (err.status ?? 0) >= 500;
  if (err instanceof TimeoutError) return true;
  // (an answer that is no HTTP at all is another kind of server's, not the API's: it ran nothing;
  // before, its fix, the host and port in the base URL, gave way to "may have been carried out")
  if (err instanceof NetworkError) return !(err.reason && (NOT_SENT.test(err.reason) || policy.tlsFailure.test(err.reason) || /^HPE_/.test(err.reason)));
  return false;
}
