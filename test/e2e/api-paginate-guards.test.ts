// mids api --paginate against a v2 server (or a proxy before it) that does not read `page`: every
// page is page 1 with hasMore, so the walk printed page 1 again and again up to --max-pages (1000
// requests by default). Like a repeated cursor, items that repeat the page before end the walk.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a page with the items of the page before: exit 7 after printing it, two requests, not --max-pages", async () => {
  const server = await hostile((req, res) => {
    const reads = new URL(req.url!, "http://x").pathname === "/v2/reads";
    const page = reads ? Number(new URL(req.url!, "http://x").searchParams.get("page") ?? 1) : 1;
    sendJson(res, 200, { status: 200, data: [{ id: `p${page}` }, { id: "same" }], pagination: { page, limit: 2, totalCount: 6, hasMore: page < 3 } });
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "k_test_1234" });
  const r = await runMain(["api", "/v2/ignores", "--paginate", "-o", "ndjson"], { env });
  expect(r.code).toBe(7);
  expect(r.stdout.trimEnd().split("\n")).toHaveLength(2);
  expect(r.stderr).toMatch(/^mids: page 2 came back with the items of page 1: the server does not read 'page'/);
  expect(server.seen).toEqual(["/v2/ignores", "/v2/ignores?page=2"]);
  // a server that reads it: every page, exit 0
  const ok = await runMain(["api", "/v2/reads", "--paginate", "-o", "ndjson"], { env });
  expect(ok.code, ok.stderr).toBe(0);
  expect(ok.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).data[0].id)).toEqual(["p1", "p2", "p3"]);
});
