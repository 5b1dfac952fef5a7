// doctor while the key's rate limit is used up (GET /v3/me answers 429 rate_limited): the key was
// blamed ('FAIL key ... fix: wait, or raise --max-retries', though doctor sends each probe once),
// the rate-limit check said 'GET /v3/me did not answer', and the exit was 5 under 'key'. Now the
// key is 'not checked', the rate-limit check fails with when the limit resets, exit 5 (documented).
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

interface Check { check: string; status: string; detail: string; fix?: string; exitCode?: number }

it("a 429 for GET /v3/me fails the rate-limit check with the reset time, not the key check; exit 5", async () => {
  const reset = Math.floor(Date.now() / 1000) + 40;
  const server = await hostile((req, res) => {
    if (!req.headers["x-api-key"]) return sendJson(res, 401, { code: "credential_required", message: "a key is needed" });
    res.setHeader("x-ratelimit-limit-minute", "60");
    res.setHeader("x-ratelimit-remaining-minute", "0");
    res.setHeader("x-ratelimit-reset-minute", String(reset));
    res.setHeader("retry-after", "40");
    sendJson(res, 429, { code: "rate_limited", message: "slow down", details: { limit: 60, window: "minute" } });
  });
  const r = await runMain(["doctor", "-o", "json", "--base-url", server.url], { env: baseEnv({ MIDS_API_KEY: "mids_live_doctor_0123456789" }) });
  expect(r.code, r.stdout + r.stderr).toBe(5);
  const checks = JSON.parse(r.stdout).checks as Check[];
  const by = Object.fromEntries(checks.map((c) => [c.check, c]));
  expect(checks.map((c) => c.check)).toEqual(["config", "base-url", "reachable", "tls", "key", "entitlements", "rate-limit", "history", "clock", "node"]);
  expect(by.key).toEqual({ check: "key", status: "skip", detail: "not checked: GET /v3/me was rate limited" });
  expect(by["rate-limit"]).toMatchObject({ status: "fail", exitCode: 5 });
  expect(by["rate-limit"].fix).toBe(`the limit resets at ${new Date(reset * 1000).toISOString()}; wait, then run mids doctor again (a job that needs more requests needs a higher limit)`);
  expect(r.stderr).toMatch(/^mids: 1 of 10 checks failed: rate-limit$/m);
});
