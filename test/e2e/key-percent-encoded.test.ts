// A server that echoes the configured key percent-encoded (a key of base64 with '+', '/', '=', as
// a URL or a logged header writes it): the key is hidden in that form too, in the error line, its
// JSON details, and a body mids api prints. Before, only the key as typed was hidden.
import { expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("hides an escaped copy of the key (upper- and lower-case hex) wherever mids prints it", async () => {
  const key = "mk_Ab+cd/EF==9z";
  const upper = encodeURIComponent(key);
  const lower = upper.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
  const h = await hostile((req, res) => {
    const echoed = { message: `key ${upper} is not allowed here`, details: { seen: lower, [upper]: "as a name" } };
    if (req.url!.startsWith("/v3/me")) sendJson(res, 400, { code: "invalid_request", ...echoed });
    else sendJson(res, 200, { data: echoed });
  });
  const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: key });
  const runs = await Promise.all([
    // (mids me in process; mids api through the built CLI, the e2e proof)
    runMain(["me", "-o", "json"], { env }),
    runMain(["me"], { env }),
    runMids(["api", "/v3/topics"], { env }),
  ]);
  expect(runs.map((r) => r.code)).toEqual([2, 2, 0]);
  for (const r of runs) {
    for (const form of [key, upper, lower]) {
      expect(r.stdout, form).not.toContain(form);
      expect(r.stderr, form).not.toContain(form);
    }
  }
  // what is around the key is kept
  expect(runs[1].stderr).toContain("key *** is not allowed here");
  expect(JSON.parse(runs[0].stderr.split("\n").find((l) => l.startsWith("{"))!).error.details).toEqual({ seen: "***", "***": "as a name" });
  expect(runs[2].stdout).toContain("as a name");
});
