// A 429 whose headers say the daily window is spent (X-RateLimit-Remaining-Day: 0) but carry no
// X-RateLimit-Reset-Day and no Retry-After waited for the minute's reset and retried, three times,
// into the same spent day (a minute a retry cannot help). It now stops at once: exit 5, saying the
// daily limit is spent and that the server did not say when it resets.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a spent daily limit with no reset time is not retried: exit 5, naming the daily limit", async () => {
  const server = await hostile((_req, res) => {
    // (the minute's reset a second away: waited for, it costs the failing run a second a retry)
    const minuteReset = String(Math.ceil(Date.now() / 1000) + 1);
    sendJson(res, 429, { code: "rate_limited", message: "slow down" }, {
      "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "59", "x-ratelimit-reset-minute": minuteReset,
      "x-ratelimit-limit-day": "1000", "x-ratelimit-remaining-day": "0",
    });
  });
  const r = await runMain(["api", "/v3/topics"], { env: baseEnv({ MIDS_BASE_URL: server.url }) });
  expect(r.code, r.stderr).toBe(5);
  expect(server.seen).toHaveLength(1);
  expect(r.stderr).not.toContain("waiting");
  expect(r.stderr).toMatch(/^mids: rate limited: the daily limit of 1000 requests is spent$/m);
  expect(r.stderr).toMatch(/^hint: the server did not say when it resets \(no X-RateLimit-Reset-Day or Retry-After\)/m);
  expect(r.stderr.trim().split("\n")).toHaveLength(2);
});

// (a Retry-After is the server's own word on when to come back: it is still honoured)
it("a spent daily limit with a Retry-After waits as the server asked", async () => {
  const server = await hostile((_req, res, n) => {
    if (n > 1) return sendJson(res, 200, { data: [], meta: {} });
    sendJson(res, 429, { code: "rate_limited", message: "slow down" }, { "retry-after": "0", "x-ratelimit-limit-day": "1000", "x-ratelimit-remaining-day": "0" });
  });
  const r = await runMain(["api", "/v3/topics"], { env: baseEnv({ MIDS_BASE_URL: server.url }) });
  expect(r.code, r.stderr).toBe(0);
  expect(server.seen).toHaveLength(2);
});
