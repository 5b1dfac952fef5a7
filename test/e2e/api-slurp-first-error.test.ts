// mids api --paginate --slurp whose first page fails (a 404, a 503): stdout stayed empty, where
// without --slurp the error answer is printed for a script to read its code from (--jq .code).
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a first page that fails is printed as without --slurp; a later one leaves the array of the pages before", async () => {
  const missing = { code: "not_found", message: "no such list", details: { subject: { type: "route", locator: "/v3/things" } } };
  const server = await hostile((req, res) => {
    if (req.url!.startsWith("/v3/gone")) return sendJson(res, 404, missing);
    if (req.url!.includes("cursor=")) return sendJson(res, 404, missing);
    sendJson(res, 200, { data: [1], meta: { nextCursor: "c2" } });
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0015" });
  const [first, jq, later] = await Promise.all([
    runMain(["api", "/v3/gone", "--paginate", "--slurp"], { env }),
    runMain(["api", "/v3/gone", "--paginate", "--slurp", "--jq", ".code"], { env }),
    runMain(["api", "/v3/things", "--paginate", "--slurp", "-o", "ndjson"], { env }),
  ]);
  expect([first.code, jq.code, later.code]).toEqual([4, 4, 4]);
  expect(JSON.parse(first.stdout)).toEqual(missing);
  expect(jq.stdout).toBe("not_found\n");
  expect(JSON.parse(later.stdout)).toEqual([{ data: [1], meta: { nextCursor: "c2" } }]);
});
