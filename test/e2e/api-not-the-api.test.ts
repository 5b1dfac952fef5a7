// mids api on a known route whose 200 is not the API's answer (a proxy's HTML page, JSON cut
// short, JSON without the envelope): the body was never printed, only exit 7; it is now printed as
// it came (as `gh api` prints what came back, the key hidden), and the exit stays 7.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

const key = "mids_live_notapi_0123456789abcdef";

it("a page that is not the API's is printed to stdout, the key hidden, then exit 7 with the error", async () => {
  const page = (sent: string) => `<html>login first (${sent})</html>\n`;
  const server = await hostile((req, res) => {
    res.writeHead(200, { "content-type": "text/html" }).end(page(String(req.headers["x-api-key"])));
  });
  const r = await runMain(["api", "/v3/topics"], { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: key }) });
  expect(r.code).toBe(7);
  expect(r.stdout).toBe(page("***"));
  expect(r.stderr).toMatch(/^mids: GET \/v3\/topics returned a body without the v3 envelope\n/);
  expect(r.stdout + r.stderr).not.toContain(key);
  // with --jq (a script's `id=$(...)`): nothing for the filter, so nothing on stdout, one page or a walk
  for (const args of [["api", "/v3/topics", "--jq", ".data[0].id"], ["api", "/v3/topics", "--paginate", "--jq", ".data[].id"]]) {
    const j = await runMain(args, { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: key }) });
    expect(j.code, args.join(" ")).toBe(7);
    expect(j.stdout, args.join(" ")).toBe("");
    expect(j.stderr, args.join(" ")).toMatch(/^mids: GET \/v3\/topics returned a body without the v3 envelope\n/);
  }
});

it("JSON cut short, and JSON without the envelope, are printed as they came with -i's status line", async () => {
  const bodies = ['{"data": [{"id": "t1"', '{"hello": "world"}'];
  const server = await hostile((req, res) => {
    res.writeHead(200, { "content-type": "application/json" }).end(bodies[Number(req.url!.endsWith("me"))]);
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: key });
  const [cut, bare] = await Promise.all([runMain(["api", "/v3/topics", "-i"], { env }), runMain(["api", "/v3/me"], { env })]);
  expect([cut.code, bare.code]).toEqual([7, 7]);
  expect(cut.stdout).toMatch(/^HTTP 200\n/);
  expect(cut.stdout.endsWith(`\n\n${bodies[0]}\n`)).toBe(true);
  expect(cut.stderr).toMatch(/malformed JSON body/);
  expect(JSON.parse(bare.stdout)).toEqual(JSON.parse(bodies[1]));
  expect(bare.stderr).toMatch(/without the v3 envelope/);
});

it("--paginate: a page that is not the API's mid-walk is printed after the pages before it, then exit 7", async () => {
  const server = await hostile((req, res) => {
    if (req.url!.includes("cursor=")) return res.writeHead(200, { "content-type": "text/html" }).end(`<html>login first (${String(req.headers["x-api-key"])})</html>\n`);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: [{ id: "t1" }], meta: { nextCursor: "c2" } }));
  });
  const r = await runMain(["api", "/v3/topics", "--paginate"], { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: key }) });
  expect(r.code).toBe(7);
  expect(r.stdout).toMatch(/"id": "t1"[\s\S]*<html>login first \(\*\*\*\)<\/html>\n$/);
  expect(r.stderr).toMatch(/without the v3 envelope \(after 1 page\)/);
  expect(r.stdout + r.stderr).not.toContain(key);
});

it("--paginate on a route mids does not know: a page asked for that is no page ends with exit 7, not as a complete walk", async () => {
  // page 1 says there is more (a cursor, or hasMore); page 2 is a proxy's page, or JSON without the paging member
  const second: Record<string, [string, string]> = {
    html: ["text/html", "<html>login first</html>\n"],
    bare: ["application/json", JSON.stringify({ items: [2] })],
    last: ["application/json", JSON.stringify({ data: [2], meta: {} })],
  };
  const server = await hostile((req, res) => {
    const u = new URL(req.url!, "http://x");
    const kind = u.pathname.split("/")[3];
    const v2 = u.pathname.startsWith("/v2/");
    const more = v2 ? u.searchParams.get("page") === "2" : u.searchParams.has("cursor");
    if (more) {
      const [type, body] = second[kind];
      return res.writeHead(200, { "content-type": type }).end(v2 && kind === "last" ? JSON.stringify({ status: 200, data: [2], pagination: { page: 2, limit: 1, totalCount: 2, hasMore: false } }) : body);
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(v2
      ? { status: 200, data: [1], pagination: { page: 1, limit: 1, totalCount: 2, hasMore: true } }
      : { data: [1], meta: { nextCursor: "c2" } }));
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: key });
  for (const version of ["v3", "v2"]) {
    for (const kind of ["html", "bare"]) {
      const r = await runMain(["api", `/${version}/unknown-list/${kind}`, "--paginate", "-o", "ndjson"], { env });
      expect(r.code, `${version} ${kind}: ${r.stderr}`).toBe(7);
      expect(r.stderr).toMatch(new RegExp(`^mids: page 2 is not a page the API sends: ${kind === "html" ? "its body is not JSON" : `it has no ${version === "v3" ? "meta" : "pagination"} object`}`));
    }
    const last = await runMain(["api", `/${version}/unknown-list/last`, "--paginate", "-o", "ndjson"], { env });
    expect(last.code, last.stderr).toBe(0);
    expect(last.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).data[0])).toEqual([1, 2]);
  }
});

it("--paginate -o ndjson: a later page that is not JSON (a proxy's page, a 503's text) is one JSON string line, so every line parses", async () => {
  const server = await hostile((req, res) => {
    const u = new URL(req.url!, "http://x");
    if (!u.searchParams.has("cursor")) return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: [{ id: "t1" }], meta: { nextCursor: "c2" } }));
    if (u.pathname === "/v3/topics") return res.writeHead(200, { "content-type": "text/html" }).end(`<html>\nlogin first (${String(req.headers["x-api-key"])})\n</html>\n`);
    res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable\nretry later\n");
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: key });
  for (const [path, text] of [["/v3/topics", "<html>\nlogin first (***)\n</html>\n"], ["/v3/unknown-list", "Service Unavailable\nretry later\n"]]) {
    const r = await runMain(["api", path, "--paginate", "-o", "ndjson", "--max-retries", "0"], { env });
    expect(r.code, r.stderr).toBe(7);
    const lines = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as unknown);
    expect(lines).toEqual([{ data: [{ id: "t1" }], meta: { nextCursor: "c2" } }, text]);
    expect(r.stdout + r.stderr).not.toContain(key);
  }
});

it("--paginate --slurp -i: the array alone on stdout, and a warning that -i does not apply (it was dropped unsaid)", async () => {
  const server = await hostile((req, res) => {
    const more = !req.url!.includes("cursor=");
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: [more ? 1 : 2], meta: { nextCursor: more ? "c2" : null } }));
  });
  const r = await runMain(["api", "/v3/topics", "--paginate", "--slurp", "-i"], { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: key }) });
  expect(r.code, r.stderr).toBe(0);
  expect((JSON.parse(r.stdout) as { data: number[] }[]).map((p) => p.data[0])).toEqual([1, 2]);
  expect(r.stderr).toBe("mids: warning: -i does not apply with --slurp: the pages are printed as one JSON array (drop --slurp to see each page's status and headers)\n");
});
