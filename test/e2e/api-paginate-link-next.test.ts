// mids api --paginate against an answer that pages by a Link header (rel="next", as gh api
// --paginate follows): the walk ended after the first page as if it were complete, without a word.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a last page whose Link names a next page is a warning; a successor-version Link is not", async () => {
  const server = await hostile((req, res) => {
    const link = req.url!.startsWith("/v2/") ? '</v3/intel>; rel="successor-version"' : `<${req.url}&page=2>; rel="next", <${req.url}&page=9>; rel="last"`;
    sendJson(res, 200, { data: [1, 2], meta: {} }, { link });
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0012" });
  const [next, successor] = await Promise.all([
    runMain(["api", "/v3/things?limit=2", "--paginate", "-o", "ndjson"], { env }),
    runMain(["api", "/v2/things", "--paginate", "-o", "ndjson"], { env }),
  ]);
  expect([next.code, successor.code]).toEqual([0, 0]);
  expect(next.stdout).toBe('{"data":[1,2],"meta":{}}\n');
  expect(next.stderr).toBe(`mids: warning: the last page's Link header names a next page (rel="next"), which mids api --paginate does not follow: it follows meta.nextCursor (v3) and pagination (v2), and found none, so the walk ended after 1 page\n`);
  expect(successor.stderr).toBe("");
});
