// A 429 with the spec's rate-limit headers (8.1: X-RateLimit-Reset-Minute/-Day on every answer)
// but no Retry-After was retried after the backoff's few milliseconds, into the same spent limit
// (and said "waiting 57 ms"). The wait now runs to the reset of the limit that ran out, says so,
// and is held to the 2-minute cap a Retry-After is.
import { expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const limited = (reset: { minute: number; day: number; dayLeft: number }) => ({
  "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": reset.dayLeft === 0 ? "59" : "0", "x-ratelimit-reset-minute": String(reset.minute),
  "x-ratelimit-limit-day": "1000", "x-ratelimit-remaining-day": String(reset.dayLeft), "x-ratelimit-reset-day": String(reset.day),
});

it("a 429 without Retry-After waits until X-RateLimit-Reset-Minute, and says so", async () => {
  let resetMs = 0;
  const arrivals: number[] = [];
  const server = await hostile((_req, res, n) => {
    arrivals.push(Date.now());
    if (n > 1) return sendJson(res, 200, { data: [], meta: {} });
    // (epoch seconds, as the API sends them: the next whole second but one)
    const reset = Math.ceil(Date.now() / 1000) + 1;
    resetMs = reset * 1000;
    sendJson(res, 429, { code: "rate_limited", message: "slow down", details: { limit: 60, window: "minute" } }, limited({ minute: reset, day: reset + 80_000, dayLeft: 500 }));
  });
  // the wait through the built CLI (the e2e proof); the other cases run in process
  const r = await runMids(["api", "/v3/topics"], { env: baseEnv({ MIDS_BASE_URL: server.url }) });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toMatch(/^mids: rate limited \(per-minute limit of 60 requests\); waiting [\d.]+ ?(s|ms) until the limit resets \(X-RateLimit-Reset-Minute\) before retry 1\/3$/m);
  expect(server.seen).toHaveLength(2);
  // the retry went out once the limit had reset, not before (timers may fire a millisecond early)
  expect(arrivals[1]).toBeGreaterThanOrEqual(resetMs - 20);
});

it("a spent daily limit that resets past the 2-minute cap is not waited for: exit 5, when to try again", async () => {
  const reset = Math.floor(Date.now() / 1000) + 5 * 3600;
  const server = await hostile((_req, res) => {
    sendJson(res, 429, { code: "rate_limited", message: "slow down", details: { limit: 1000, window: "day" } }, limited({ minute: reset - 5 * 3600 + 30, day: reset, dayLeft: 0 }));
  });
  const r = await runMain(["api", "/v3/topics"], { env: baseEnv({ MIDS_BASE_URL: server.url }) });
  expect(r.code, r.stderr).toBe(5);
  expect(server.seen).toHaveLength(1);
  expect(r.stderr).toMatch(/^mids: rate limited \(1000 requests per day\); the limit resets in .+ \(X-RateLimit-Reset-Day\), longer than mids waits \(2m\)$/m);
  expect(r.stderr).toContain(`hint: try again after ${new Date(reset * 1000).toISOString()}`);
});

// (a reset this clock already has behind it, a skewed server clock's, is no wait of 0 ms three
// times over: the backoff applies, and the line does not claim the reset)
it("a reset already past by this clock: the backoff, not a wait of nothing", async () => {
  const server = await hostile((_req, res, n) => {
    if (n > 1) return sendJson(res, 200, { data: [], meta: {} });
    const past = Math.floor(Date.now() / 1000) - 30;
    sendJson(res, 429, { code: "rate_limited", message: "slow down" }, limited({ minute: past, day: past + 80_000, dayLeft: 500 }));
  });
  const r = await runMain(["api", "/v3/topics"], { env: baseEnv({ MIDS_BASE_URL: server.url }) });
  expect(r.code, r.stderr).toBe(0);
  expect(server.seen).toHaveLength(2);
  expect(r.stderr).toMatch(/^mids: rate limited \(per-minute limit of 60 requests\); waiting \d+ ms before retry 1\/3$/m);
});

// (a POST is never retried: 'the limit resets in 4h 59m 59s (X-RateLimit-Reset-Day), longer than
// mids waits (2m)' read as if mids would have waited for a shorter one)
it("a rate-limited POST whose daily limit resets in hours says it is never retried and when to run it again", async () => {
  const reset = Math.floor(Date.now() / 1000) + 5 * 3600;
  const server = await hostile((_req, res) => {
    sendJson(res, 429, { code: "rate_limited", message: "slow down" }, limited({ minute: reset - 5 * 3600 + 30, day: reset, dayLeft: 0 }));
  });
  const r = await runMain(["api", "-X", "POST", "/v2/recipes/execute", "-f", "name=x"], { env: baseEnv({ MIDS_BASE_URL: server.url }) });
  expect(r.code, r.stderr).toBe(5);
  expect(server.seen).toHaveLength(1);
  expect(r.stderr).not.toContain("longer than mids waits");
  expect(r.stderr).toContain(`hint: mids never retries this POST (it is not safe to repeat); run it again after ${new Date(reset * 1000).toISOString()}, when the daily limit resets\n`);
});
