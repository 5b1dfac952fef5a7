// mids api '/v2/projects?page=1' --paginate stopped mid-walk: the hint said "continue with -f page=3",
// which sends page=3 beside the page=1 given, and the server reads the first: page 1 again.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a resume hint names the page or cursor given to replace, and none when none was given", async () => {
  const server = await hostile((req, res) => {
    const q = new URL(req.url!, "http://x").searchParams;
    const page = Number(q.get("page") ?? 1);
    if (page === 2) return sendJson(res, 503, { status: 503, error: "Service Unavailable", message: "try later" });
    sendJson(res, 200, { status: 200, data: [page], pagination: { page, limit: 1, totalCount: 9, hasMore: true } });
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0016" });
  const flags = ["--paginate", "--max-retries", "0", "-o", "ndjson"];
  const [inPath, asField, none] = await Promise.all([
    runMain(["api", "/v2/things?page=1&limit=1", ...flags], { env }),
    runMain(["api", "/v2/things", "-f", "page=1", ...flags], { env }),
    runMain(["api", "/v2/things", ...flags], { env }),
  ]);
  for (const r of [inPath, asField]) {
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^hint: .*; continue from where it stopped with -f page=2 in place of the page=1 given$/m);
  }
  expect(none.stderr).toMatch(/; continue from where it stopped with -f page=2$/m);
});
