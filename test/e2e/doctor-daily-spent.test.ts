// doctor while the key's daily limit is spent (X-RateLimit-Remaining-Day: 0) and the answer gives
// no X-RateLimit-Reset-Day: its fix said 'the limit resets at <the minute's reset>', a time at which
// the day's limit is still spent. Now it says the daily limit is spent and its reset was not given.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a spent daily limit with no reset time: doctor does not name the minute's reset as the limit's", async () => {
  const server = await hostile((req, res) => {
    if (!req.headers["x-api-key"]) return sendJson(res, 401, { code: "credential_required", message: "a key is needed" });
    sendJson(res, 429, { code: "rate_limited", message: "slow down" }, {
      "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "59", "x-ratelimit-reset-minute": String(Math.floor(Date.now() / 1000) + 40),
      "x-ratelimit-limit-day": "1000", "x-ratelimit-remaining-day": "0",
    });
  });
  const r = await runMain(["doctor", "-o", "json", "--base-url", server.url], { env: baseEnv({ MIDS_API_KEY: "mids_live_doctor_0123456789" }) });
  expect(r.code, r.stdout + r.stderr).toBe(5);
  const check = (JSON.parse(r.stdout).checks as { check: string; fix?: string }[]).find((c) => c.check === "rate-limit");
  expect(check?.fix).toBe("the daily limit is spent and the server did not say when it resets; wait, then run mids doctor again (a job that needs more requests needs a higher limit)");
});

// The same spent day in a /v3/me that answered (200), with the minute's window low too: the warning
// said 'little headroom left; it resets at <the minute's reset>: slow down', a time at which the
// day's limit is still spent and every other request fails (exit 5).
it("a spent daily limit in an answer that came: the fix says it is spent, not the minute's reset", async () => {
  const me = {
    data: {
      credential: { id: "c1", name: "n", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 60, perDay: 1000 },
      history: { archiveAccess: true, enforced: false, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" },
    },
    meta: {},
  };
  const server = await hostile((_req, res) => sendJson(res, 200, me, {
    "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "0", "x-ratelimit-reset-minute": String(Math.floor(Date.now() / 1000) + 40),
    "x-ratelimit-limit-day": "1000", "x-ratelimit-remaining-day": "0",
  }));
  const r = await runMain(["doctor", "-o", "json", "--base-url", server.url], { env: baseEnv({ MIDS_API_KEY: "mids_live_doctor_0123456789" }) });
  const check = (JSON.parse(r.stdout).checks as { check: string; status: string; fix?: string }[]).find((c) => c.check === "rate-limit");
  expect(check?.status, r.stderr).toBe("warn");
  expect(check?.fix).toBe("the daily limit is spent and the server did not say when it resets: until then requests fail (exit 5); a job that needs more requests needs a higher limit");
});
