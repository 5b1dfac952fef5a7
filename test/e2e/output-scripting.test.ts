// Output for scripts and spreadsheets, end to end against the sandbox: --jq (issue 14), --fields
// checks and empty results (issue 14), CSV data rules and formula guard (issues 10, 15), the
// recipe engine state as tables (issue 15), and server text with bidi/zero-width characters in
// error messages and notices (issue 10), through a small loopback proxy that poisons the sandbox.
import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, ROOT, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
// what a script reads (stdout, stderr, exit code) from main() in this process: the formats and
// guards are the CLI's own code, the same through the binary (pipes, screen-tty and query-projects run that)
const mids = (args: string[]) => runMain(args, { env: sb.env(SANDBOX_DEMO_KEY) });
const list = async (q: string) => (await sb.api<{ data: { slug: string; name: string; trend: number }[] }>(`/v3/projects?${q}`, SANDBOX_DEMO_KEY)).body.data;

describe("--jq", () => {
  it("applies jq to the whole result: strings raw, other values as JSON, one per line", async () => {
    const projects = await list("limit=3");
    const [slugs, objs, item, api] = await Promise.all([
      mids(["projects", "list", "--limit", "3", "--jq", ".[].slug"]),
      mids(["projects", "list", "--limit", "2", "--jq", ".[] | {slug, trend}"]),
      mids(["projects", "get", projects[0].slug, "--jq", ".name"]),
      mids(["config", "path", "--jq", "."]),
    ]);
    expect(slugs.code).toBe(0);
    expect(slugs.stdout).toBe(projects.map((p) => p.slug).join("\n") + "\n");
    expect(objs.stdout).toBe(projects.slice(0, 2).map((p) => JSON.stringify({ slug: p.slug, trend: p.trend })).join("\n") + "\n");
    expect(item.stdout).toBe(`${projects[0].name}\n`);
    // a command that prints no JSON result (a path) says --jq did nothing rather than ignoring it
    expect(api.stderr).toBe("mids: warning: --jq was not applied: 'mids config path' printed no JSON for it to filter\n");
  });

  it("with --all it runs once over the complete list", async () => {
    const r = await mids(["projects", "list", "--all", "--limit", "7", "--max-items", "20", "--jq", "length"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("20\n");
  });

  it("a syntax error is exit 2 with jq's message on one line; -o table with --jq is refused", async () => {
    const [bad, table] = await Promise.all([
      mids(["projects", "list", "--limit", "1", "--jq", ".[] | {"]),
      mids(["projects", "list", "--limit", "1", "-o", "table", "--jq", "."]),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/^mids: --jq: syntax error, unexpected end of file .*line 1: .*\nhint: check the filter's jq syntax and quote it for the shell, e\.g\. --jq '\.\[0\]\.name'\n$/);
    expect(table.code).toBe(2);
    expect(table.stderr).toContain("--jq filters JSON and cannot be combined with -o table");
  });

  it("a runtime error part-way: the results before it are printed, then the error (exit 2), as jq does", async () => {
    const projects = await list("limit=4");
    const r = await mids(["projects", "list", "--limit", "4", "--jq", `.[] | if .slug == "${projects[2].slug}" then error("the third is bad") else .slug end`]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(projects.slice(0, 2).map((p) => p.slug).join("\n") + "\n");
    expect(r.stderr).toBe("mids: --jq: the third is bad\n");
  });

  it("the jq engine is loaded only by --jq: nothing start-up loads imports it", () => {
    // follow the static imports from the entry point of the build; the engine must not be among them
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, "utf8");
      expect(text, file).not.toContain("jq-web");
      for (const m of text.matchAll(/(?:^|\n)\s*import\s[^;]*?from\s*"(\.[^"]+)"|(?:^|\n)\s*import\s*"(\.[^"]+)"/g)) visit(join(file, "..", m[1] ?? m[2]));
    };
    visit(join(ROOT, "dist/cli.js"));
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe("--fields and empty results", () => {
  it("an unknown field is a warning naming it and the nearest known names", async () => {
    const [r, ok] = await Promise.all([
      mids(["projects", "list", "--limit", "2", "--fields", "slug,nmae"]),
      mids(["projects", "list", "--limit", "2", "--fields", "slug,assets.0.chain"]),
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("mids: warning: --fields: no field 'nmae' in the projects; nearest: name");
    // nothing but the paging hint: no warning about a known field
    expect(ok.stderr).toMatch(/^mids: more results: --cursor \S+ or --all\n$/);
    const first = (JSON.parse(ok.stdout) as { assets: unknown }[])[0];
    expect(Array.isArray(first.assets)).toBe(true);
  });

  it("an empty table says so on stderr and prints no header; json prints []", async () => {
    const [t, j] = await Promise.all([
      mids(["projects", "list", "--min-trend", "100.5", "-o", "table"]),
      mids(["projects", "list", "--min-trend", "100.5", "-o", "json"]),
    ]);
    expect(t.code).toBe(0);
    expect(t.stdout).toBe("");
    expect(t.stderr).toBe("no projects matched\n");
    expect(j.stdout.replace(/\s/g, "")).toBe("[]");
  });
});

describe("more results, piped", () => {
  it("a list cut to one page says how to go on, on stderr, when piped too; -q and --all say nothing", async () => {
    const env = sb.env(SANDBOX_DEMO_KEY);
    const cursor = (await sb.api<{ meta: { nextCursor: string } }>("/v3/projects?limit=2", SANDBOX_DEMO_KEY)).body.meta.nextCursor;
    // (v3 through the built CLI with its stdout a real pipe; the others in process, not a tty either)
    const [v3, v2, quiet, all] = await Promise.all([
      runMids(["projects", "list", "--limit", "2", "-o", "json"], { env }),
      runMain(["intel", "list", "--api", "v2", "--limit", "2", "-o", "csv"], { env }),
      runMain(["projects", "list", "--limit", "2", "-o", "json", "-q"], { env }),
      runMain(["projects", "list", "--limit", "2", "--all", "--max-items", "4", "-o", "json"], { env }),
    ]);
    expect(v3.code).toBe(0);
    expect(JSON.parse(v3.stdout)).toHaveLength(2); // stdout stays data
    expect(v3.stderr).toBe(`mids: more results: --cursor ${cursor} or --all\n`);
    expect(v2.code).toBe(0);
    expect(v2.stderr).toMatch(/^mids: more results: --page 2 or --all$/m);
    expect(quiet.stderr).toBe("");
    expect(JSON.parse(quiet.stdout)).toEqual(JSON.parse(v3.stdout));
    expect(all.stderr).not.toMatch(/more results/);
  });
});

/** RFC 4180 rows (quoted cells may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") { row.push(cell); cell = ""; } else if (ch === "\n") { row.push(cell); rows.push(row); row = []; cell = ""; } else cell += ch;
  }
  return rows;
}

/** Every leaf of a JSON object by dotted path (arrays are leaves). */
const leaves = (v: unknown, prefix = ""): string[] =>
  v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length
    ? Object.entries(v).flatMap(([k, x]) => leaves(x, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe("single-item CSV", () => {
  it("projects get and reports get carry every field of the item, nested ones by dotted path", async () => {
    const slug = (await list("limit=1"))[0].slug;
    const project = (await sb.api<{ data: Record<string, unknown> & { identifiers: { market: string }; image: string } }>(`/v3/projects/${slug}`, SANDBOX_DEMO_KEY)).body.data;
    const fx = await sb.admin<{ topics: { reportId: string }[] }>("/_sandbox/fixtures");
    const report = (await sb.api<{ data: Record<string, unknown> & { bodyMarkdown: string; revisions: unknown[]; topicId: string } }>(`/v3/reports/${fx.topics[0].reportId}`, SANDBOX_DEMO_KEY)).body.data;
    const [p, r] = await Promise.all([mids(["projects", "get", slug, "-o", "csv"]), mids(["reports", "get", fx.topics[0].reportId, "-o", "csv"])]);
    for (const [out, item] of [[p, project], [r, report]] as const) {
      expect(out.code).toBe(0);
      const rows = parseCsv(out.stdout);
      expect(rows).toHaveLength(2);
      const [header, row] = rows;
      expect(row).toHaveLength(header.length);
      // nothing left out: each field of the item has its column, or an object above it has one
      for (const leaf of leaves(item)) expect(header.some((h) => leaf === h || leaf.startsWith(`${h}.`)), leaf).toBe(true);
      expect(new Set(header).size).toBe(header.length);
    }
    const [ph, pr] = parseCsv(p.stdout);
    expect(pr[ph.indexOf("identifiers.market")]).toBe(project.identifiers.market);
    expect(pr[ph.indexOf("image")]).toBe(project.image);
    const [rh, rr] = parseCsv(r.stdout);
    expect(rr[rh.indexOf("bodyMarkdown")]).toBe(report.bodyMarkdown);
    expect(JSON.parse(rr[rh.indexOf("revisions")])).toEqual(report.revisions);
    expect(rr[rh.indexOf("topicId")]).toBe(report.topicId);
  });

  it("me: csv carries the key type and what is left of the rate limits; --fields takes them in every format", async () => {
    const server = await sb.api<unknown>("/v3/me", SANDBOX_DEMO_KEY);
    const keyType = server.headers.get("x-api-key-type");
    expect(keyType).toBeTruthy();
    const [csv, table, json] = await Promise.all([
      mids(["me", "-o", "csv"]),
      mids(["me", "--fields", "keyType,remaining.minute", "-o", "table"]),
      mids(["me", "--fields", "keyType,remaining.minute", "-o", "json"]),
    ]);
    const [header, row] = parseCsv(csv.stdout);
    expect(row[header.indexOf("keyType")]).toBe(keyType);
    for (const col of ["remaining.minute", "remaining.day"]) expect(row[header.indexOf(col)]).toMatch(/^\d+$/);
    for (const r of [csv, table, json]) {
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
    }
    expect(table.stdout).toMatch(new RegExp(`^key type \\(X-API-Key-Type\\)\\s+${keyType}$`, "m"));
    expect(table.stdout).toMatch(/^remaining this minute\s+\d+\/\d+$/m);
    const picked = JSON.parse(json.stdout);
    expect(picked.keyType).toBe(keyType);
    expect(typeof picked.remaining.minute).toBe("number");
  });
});

describe("recipes execute on a terminal-style table", () => {
  it("shows the engine state as titled tables, not JSON in cells", async () => {
    const r = await mids(["recipes", "execute", "trend-digest", "-o", "table"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^STEPS \(\d+\)$/m);
    expect(r.stdout).toMatch(/^OUTPUT · PROJECTS \(\d+\)$/m);
    expect(r.stdout).not.toContain('{"');
  });
});

describe("hostile server text", () => {
  const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff\u0080-\u009f]/;
  const FORMULA = '=HYPERLINK("http://evil","x")';
  let proxy: Server;
  let url = "";
  beforeAll(async () => {
    proxy = createServer(async (req, res) => {
      if (req.url?.includes("evil-slug")) {
        // a refusal whose message the CLI quotes
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ code: "invalid_request", message: "no \u202eproject\u2066 here\u200b\u009b2J" }));
        return;
      }
      const up = await fetch(sb.url + (req.url ?? "/"), { headers: { "x-api-key": String(req.headers["x-api-key"] ?? "") } });
      const body = (await up.json()) as { data?: { name?: string }[]; error?: { message?: string } };
      if (Array.isArray(body.data)) body.data.forEach((p, i) => (p.name = i === 0 ? FORMULA : `Good\u202eliveC\u200b`));
      const headers: Record<string, string> = { "content-type": "application/json" };
      res.writeHead(up.status, headers).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", () => r()));
    url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => proxy.close(() => r())));
  const viaProxy = (args: string[]) => runMain(args, { env: sb.env(SANDBOX_DEMO_KEY, { MIDS_BASE_URL: url }) });

  it("error messages carry no bidi override, zero-width or C1 character", async () => {
    const r = await viaProxy(["projects", "get", "evil-slug"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no project here");
    expect(INVISIBLE.test(r.stderr), JSON.stringify(r.stderr)).toBe(false);
  });

  it("CSV guards formulas by default, --csv-raw writes them as served; JSON keeps the data", async () => {
    const [csv, raw, json] = await Promise.all([
      viaProxy(["projects", "list", "--limit", "2", "-o", "csv", "--fields", "slug,name,trend"]),
      viaProxy(["projects", "list", "--limit", "2", "-o", "csv", "--fields", "slug,name", "--csv-raw"]),
      viaProxy(["projects", "list", "--limit", "2", "-o", "json"]),
    ]);
    expect(csv.code).toBe(0);
    const rows = csv.stdout.trim().split("\n");
    expect(rows[1]).toMatch(/^[^,]+,"'=HYPERLINK\(""http:\/\/evil"",""x""\)",\d/);
    expect(raw.stdout.trim().split("\n")[1]).toMatch(/^[^,]+,"=HYPERLINK/);
    const names = (JSON.parse(json.stdout) as { name: string }[]).map((p) => p.name);
    expect(names).toEqual([FORMULA, "Good\u202eliveC\u200b"]);
    expect(INVISIBLE.test(json.stdout)).toBe(false); // escaped as \u202e: the same data
  });
});

describe("fields whose names hold a dot", () => {
  it("csv and table read a key such as 'k.1' as one key, not as 'k' then '1'", async () => {
    const h = await hostile((req, res) => {
      const path = new URL(req.url!, "http://x").pathname;
      if (path === "/v3/clusters") return sendJson(res, 200, { data: [{ id: "c1", name: "C1", "k.1": "dotted", "k.dot": "x" }], meta: {} });
      sendJson(res, 200, { data: { id: "rep_1", title: "T", "x.y": "top", nested: { "a.b": 7 } }, meta: {} });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" });
    const [csv, table, item] = await Promise.all([
      runMain(["clusters", "list", "-o", "csv", "-q"], { env }),
      runMain(["clusters", "list", "-o", "table", "-q"], { env }),
      runMain(["reports", "get", "rep_1", "-o", "csv", "-q"], { env }),
    ]);
    expect(csv.stdout).toBe("id,name,k.1,k.dot\nc1,C1,dotted,x\n");
    // each header is the key whole ('k.dot', never 'dot', a field the answer does not have)
    expect(table.stdout).toMatch(/^ID\s+NAME\s+K\.1\s+K\.DOT\n/);
    expect(table.stdout).toMatch(/^c1\s+C1\s+dotted\s+x$/m);
    expect(item.code, item.stderr).toBe(0);
    const [header, row] = item.stdout.trimEnd().split("\n").map((l) => l.split(","));
    expect(row[header.indexOf("x.y")]).toBe("top");
    expect(row[header.indexOf("nested.a.b")]).toBe("7");
  });
});
