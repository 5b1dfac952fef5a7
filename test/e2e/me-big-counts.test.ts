// `mids me` showed a hostile 23-digit X-RateLimit-Remaining-Day as 1.2345678901234568e+22 (a double's
// printing of the header's number) in its table and csv. The counts now show as the digits received;
// as data (csv, --fields) an integer a double cannot hold is its digits, as in an answer's body.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const BIG = "12345678901234567890123";
const ME = {
  data: {
    credential: { id: "c1", name: "n", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 60, perDay: 1000 },
    history: { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" },
  },
  meta: {},
};

it("rate-limit counts from the headers show as the digits received", async () => {
  const server = await hostile((_req, res) => sendJson(res, 200, ME, {
    "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "59", "x-ratelimit-limit-day": BIG, "x-ratelimit-remaining-day": BIG,
  }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0001" });
  const [table, csv, json] = await Promise.all([
    runMain(["me", "-o", "table"], { env }),
    runMain(["me", "-o", "csv", "--fields", "remaining.minute,remaining.day"], { env }),
    runMain(["me", "-o", "json", "--fields", "remaining.minute,remaining.day"], { env }),
  ]);
  expect([table.code, csv.code, json.code], table.stderr + csv.stderr + json.stderr).toEqual([0, 0, 0]);
  expect(table.stdout).toMatch(new RegExp(`^remaining today +${BIG}/${BIG}$`, "m"));
  expect(table.stdout).toMatch(/^remaining this minute +59\/60$/m);
  expect(csv.stdout).toBe(`remaining.minute,remaining.day\n59,${BIG}\n`);
  expect(JSON.parse(json.stdout)).toEqual({ remaining: { minute: 59, day: BIG } });
  for (const r of [table, csv, json]) expect(r.stdout).not.toMatch(/e\+2/);
});
