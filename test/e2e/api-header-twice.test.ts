// mids api -H 'Prefer: code=404' -H 'Prefer: delay=50': the last value replaced the first unsaid
// (gh api sends both); the sandbox applied the delay alone and answered 200.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a header given twice is sent with both values; a key given twice is hidden value by value", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, { data: { prefer: req.headers.prefer, token: req.headers["x-access-token"], ctor: req.headers.constructor ?? null }, meta: {} }));
  const env = baseEnv({ MIDS_BASE_URL: server.url });
  const r = await runMain(["api", "/v3/me", "-H", "Prefer: code=404", "-H", "prefer: delay=50", "-H", "X-Access-Token: tok_first_0007", "-H", "x-access-token: tok_second_0008", "-H", "Constructor: c", "--jq", ".data", "-o", "ndjson"], { env });
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual({ prefer: "code=404, delay=50", token: "***, ***", ctor: "c" });
});
