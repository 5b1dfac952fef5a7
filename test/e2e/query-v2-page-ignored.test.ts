// --all over v2 pages (page + limit) behind a server or proxy that does not read `page`: every
// page came back as the first, and the walk printed its items again and again, as many pages as
// totalCount promised and past them up to --max-pages. Items that repeat the page before end it.
import { expect, it } from "vitest";
import { runMain, runMids, useSandbox } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();

it("--api v2 projects list --all: exit 7 after the first page, its items printed once", async () => {
  const seen: string[] = [];
  // a proxy before the sandbox that drops `page` from every query
  const proxy = await hostile((req, res) => {
    const u = new URL(req.url!, "http://x");
    seen.push(u.searchParams.get("page") ?? "");
    u.searchParams.delete("page");
    void fetch(`${sb.url}${u.pathname}${u.search}`, { headers: { "x-api-key": String(req.headers["x-api-key"]) } }).then(async (up) => {
      const headers: Record<string, string> = {};
      up.headers.forEach((v, k) => { if (k !== "content-encoding" && k !== "content-length" && k !== "transfer-encoding") headers[k] = v; });
      res.writeHead(up.status, headers).end(Buffer.from(await up.arrayBuffer()));
    });
  });
  const env = { ...sb.env(SANDBOX_DEMO_KEY), MIDS_BASE_URL: proxy.url };
  const r = await runMids(["--api", "v2", "projects", "list", "--all", "--limit", "5", "-o", "ndjson"], { env });
  expect(r.code, r.stderr).toBe(7);
  const ids = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).id as string);
  expect(ids).toHaveLength(5);
  expect(new Set(ids).size).toBe(5);
  expect(r.stderr).toMatch(/^mids: page 2 came back with the items of page 1: the server does not read 'page'/m);
  // pages fetched ahead at once are bounded by --all's concurrency, never --max-pages
  expect(seen.length).toBeLessThanOrEqual(6);
});

it("--api v2 projects list without --all: the next page named is the page asked for plus one, whatever page the server says it sent (a string \"1\" read '--page 11')", async () => {
  const page = { status: 200, data: [{ id: "a".repeat(24), name: "A" }], pagination: { page: "1", limit: 1, totalCount: 40, hasMore: true } };
  const h = await hostile((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(page)));
  const env = { ...sb.env(SANDBOX_DEMO_KEY), MIDS_BASE_URL: h.url };
  // (in process: the v2 walk through the built CLI is the test above)
  const [first, third] = await Promise.all([
    runMain(["--api", "v2", "projects", "list", "-o", "json"], { env }),
    runMain(["--api", "v2", "projects", "list", "--page", "3", "-o", "json"], { env }),
  ]);
  expect(first.stderr).toMatch(/^mids: more results: --page 2 or --all$/m);
  expect(third.stderr).toMatch(/^mids: more results: --page 4 or --all$/m);
});
