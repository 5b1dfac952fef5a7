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

// The check read the Link header as one text: a target whose own URL holds ;rel=next (matrix
// parameters) counted as a next page, and a long run of blanks after rel= took quadratic time.
// It reads each link's parameters now, as the successor-version link is read (one parser).
it("only a link's rel names a next page: a target URL holding ;rel=next does not; rel=NEXT does", async () => {
  const server = await hostile((req, res) => {
    const link = req.url!.includes("matrix") ? "<https://other.example/items;rel=next;v=2>; rel=\"prev\"" : "<https://other.example/items?page=2>; REL=NEXT";
    sendJson(res, 200, { data: [1], meta: {} }, { link });
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0012" });
  const [matrix, upper] = await Promise.all([
    runMain(["api", "/v3/matrix", "--paginate", "-o", "ndjson"], { env }),
    runMain(["api", "/v3/upper", "--paginate", "-o", "ndjson"], { env }),
  ]);
  expect([matrix.code, upper.code]).toEqual([0, 0]);
  expect(matrix.stderr).toBe("");
  expect(upper.stderr).toMatch(/^mids: warning: the last page's Link header names a next page/);
});
