// Answers whose shape mids assumes (spec 2.17) or that depart from a documented one, as the table,
// csv and report views show them. A field that only some items carry gets its extra column too,
// wherever the first item carrying it is: before, the columns were read from the first item alone,
// so a field the first item lacked was in no table or csv (and with --all, none at all). Also: an
// empty list's csv header, --fields against such fields, the report view's other and grouped
// fields, and series points whose values are no number.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const env = (url: string) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: SANDBOX_DEMO_KEY });
const cluster = (i: number, extra: Record<string, unknown> = {}) => ({ id: `cl_${i}`, name: `C${i}`, description: "d", sourceCount: i, ...extra });
const intel = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `i${i}`, headline: `h${i}`, grade: "cut", detectedAt: "2026-11-01T00:00:00Z", projectId: "p", projectName: "P", category: "c", clusters: [], ...extra,
});
const topic = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `topic_${i}`, rank: i, name: `T${i}`, summary: "s", score: 1, stance: "mixed", report: null, lastSeenAt: "2026-11-01T00:00:00Z", ...extra,
});
/** table (piped) rows as cells, cut where the header's columns start (an empty cell stays a cell) */
function cells(stdout: string): string[][] {
  const [head, ...rows] = stdout.trimEnd().split("\n");
  const starts = [...head.matchAll(/\S+/g)].map((m) => m.index!);
  return [head, ...rows].map((l) => starts.map((s, i) => l.slice(s, starts[i + 1]).trim()));
}
const csv = (stdout: string) => stdout.trimEnd().split("\n").map((l) => l.split(","));

describe("a field only a later item carries", () => {
  it("clusters list: its column in the table and in csv, empty for the items without it", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [cluster(1), cluster(2, { region: "eu" }), cluster(3)], meta: {} }));
    const table = await runMain(["clusters", "list", "-o", "table"], { env: env(h.url) });
    expect(table.code).toBe(0);
    const rows = cells(table.stdout);
    expect(rows[0].at(-1)).toBe("REGION");
    expect(rows[2].at(-1)).toBe("eu");
    const c = await runMain(["clusters", "list", "-o", "csv"], { env: env(h.url) });
    expect(csv(c.stdout)).toEqual([["id", "name", "description", "sourceCount", "region"], ["cl_1", "C1", "d", "1", ""], ["cl_2", "C2", "d", "2", "eu"], ["cl_3", "C3", "d", "3", ""]]);
  });

  it("topics list: its column in the table and in csv", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [topic(1), topic(2, { region: "eu" })], meta: {} }));
    const table = await runMain(["topics", "list", "-o", "table"], { env: env(h.url) });
    expect(cells(table.stdout).map((r) => r.slice(-2))).toEqual([["ID", "REGION"], ["topic_1", ""], ["topic_2", "eu"]]);
    const c = await runMain(["topics", "list", "-o", "csv"], { env: env(h.url) });
    const rows = csv(c.stdout);
    expect(rows.map((r) => r[rows[0].indexOf("region")])).toEqual(["region", "", "eu"]);
  });

  it("intel list: one page, and --all where a later page holds it (the table has every page; csv, which streams, the first page's)", async () => {
    const h = await hostile((req, res) => sendJson(res, 200, req.url!.includes("cursor=")
      ? { data: [intel(3, { region: "us" }), intel(4)], meta: { nextCursor: null } }
      : { data: [intel(1), intel(2, { source: "x" })], meta: { nextCursor: "c2" } }));
    const one = await runMain(["intel", "list", "-o", "table"], { env: env(h.url) });
    expect(cells(one.stdout).map((r) => r.slice(-2))).toEqual([["ID", "SOURCE"], ["i1", ""], ["i2", "x"]]);
    const all = await runMain(["intel", "list", "--all", "-o", "table"], { env: env(h.url) });
    expect(all.code).toBe(0);
    expect(cells(all.stdout).map((r) => r.slice(-3))).toEqual([["ID", "SOURCE", "REGION"], ["i1", "", ""], ["i2", "x", ""], ["i3", "", "us"], ["i4", "", ""]]);
    const c = await runMain(["intel", "list", "--all", "-o", "csv"], { env: env(h.url) });
    const rows = csv(c.stdout);
    expect(rows.map((r) => r[rows[0].indexOf("source")])).toEqual(["source", "", "x", "", ""]);
    // the header row was written with the first page: the field first met on the second has no
    // column, and a notice says so (before, it was left out silently)
    expect(c.stderr).toContain("-o csv: 'region', first met after the header row was written, has no column (-o ndjson or json keeps every field)");
  });
});

describe("--fields naming a field only a later item carries", () => {
  it("is no unknown name (no warning), and a typo of it is told the field as the nearest", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [cluster(1), cluster(2, { region: "eu" })], meta: {} }));
    const [right, typo] = await Promise.all([
      runMain(["clusters", "list", "--fields", "id,region", "-o", "csv"], { env: env(h.url) }),
      runMain(["clusters", "list", "--fields", "id,regoin", "-o", "csv", "--verbose"], { env: env(h.url) }),
    ]);
    expect(right.code).toBe(0);
    expect(right.stdout).toBe("id,region\ncl_1,\ncl_2,eu\n");
    expect(right.stderr).not.toContain("--fields");
    expect(typo.stderr).toMatch(/--fields: no field 'regoin' in the clusters; nearest: region\b/);
  });
});

describe("reports get: the fields the report view cannot place", () => {
  it("are listed under OTHER FIELDS, each wrapped at spaces to the width (80 when piped) under its key", async () => {
    const note = "a field the view does not place, with a long text that runs well past the width of the report view";
    const h = await hostile((_req, res) => sendJson(res, 200, { data: { id: "rep_1", title: "T", publishedAt: "2026-11-01T00:00:00Z", editorNote: note }, meta: {} }));
    const r = await runMain(["reports", "get", "rep_1", "-o", "table"], { env: env(h.url) });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
    const at = lines.findIndex((l) => l.startsWith("  editorNote: "));
    expect(lines.slice(at, at + 2).map((l) => l.trim()).join(" ")).toBe(`editorNote: ${note}`);
  });
});

describe("reports get piped (a CI job's log): a server's line that starts with `::`", () => {
  it("is no GitHub Actions workflow command: title, summary, body and other fields read the same, no line starts with `::`", async () => {
    const said = ["::warning::t", "::error::s", "::set-output name=x::y", "::notice::n"];
    const h = await hostile((_req, res) => sendJson(res, 200, { data: { id: "rep_1", title: said[0], summary: said[1], publishedAt: "2026-11-01T00:00:00Z", bodyMarkdown: `intro\n\n${said[2]}\n`, note: said[3] }, meta: {} }));
    const r = await runMain(["reports", "get", "rep_1", "-o", "table", "-q"], { env: env(h.url) });
    expect(r.code).toBe(0);
    for (const l of r.stdout.split("\n")) expect(l, l).not.toMatch(/^\s*::/);
    for (const s of said) expect(r.stdout.replace(/\u200b/g, "")).toContain(s);
  });
});

describe("intel list: the project under another shape (project: {id, name})", () => {
  it("is read where the table reads it in csv too, never an empty projectName cell", async () => {
    const item = { id: "i1", headline: "h", grade: "cut", detectedAt: "2026-11-01T00:00:00Z", project: { id: "p1", name: "Proj" }, category: "c", clusters: [] };
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [item], meta: { nextCursor: null } }));
    const [csvOut, table] = await Promise.all([
      runMain(["intel", "list", "-o", "csv", "-q", "--fields", "id,projectName"], { env: env(h.url) }),
      runMain(["intel", "list", "-o", "table", "-q", "--fields", "id,projectName"], { env: env(h.url) }),
    ]);
    expect(csvOut.stdout).toBe("id,projectName\ni1,Proj\n");
    expect(cells(table.stdout)).toEqual([["ID", "PROJECT"], ["i1", "Proj"]]);
  });
});

describe("reports get: a field the server groups one level down", () => {
  it("is read there (attributes.publishedAt), as the list and detail views read one, and the group stays under OTHER FIELDS", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, { data: { id: "rep_1", title: "T", attributes: { publishedAt: "2026-11-23T11:00:00.000Z" } }, meta: {} }));
    const r = await runMain(["reports", "get", "rep_1", "-o", "table", "-q"], { env: env(h.url) });
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[1]).toBe("published 2026-11-23T11:00:00.000Z · id rep_1");
    expect(r.stdout).toContain('  attributes: {"publishedAt":"2026-11-23T11:00:00.000Z"}');
  });
});

describe("an empty list of an assumed shape", () => {
  it("-o csv has the header row a full answer has (the assumption's fields), so a script reading a column by name works on both", async () => {
    const h = await hostile((req, res) => sendJson(res, 200, req.url!.startsWith("/v3/vocabulary")
      ? { data: { categories: [], chains: [], assetTypes: [], intelCategories: [] }, meta: {} }
      : { data: [], meta: {} }));
    const [clusters, chains] = await Promise.all([
      runMain(["clusters", "list", "-o", "csv"], { env: env(h.url) }),
      runMain(["vocabulary", "chains", "-o", "csv"], { env: env(h.url) }),
    ]);
    expect(clusters.code).toBe(0);
    expect(clusters.stdout).toBe("id,name,description,sourceCount\n");
    expect(chains.code).toBe(0);
    expect(chains.stdout).toBe("slug,name\n");
  });
});

describe("series: points whose values are no number", () => {
  it("-o csv shows each value as it came (1e400, a number too large for a double), never an empty cell", async () => {
    const body = '{"data":{"projectId":"p","slug":"p","name":"P","measure":"trend","from":"2026-11-01T00:00:00Z","to":"2026-11-01T02:00:00Z",' +
      '"points":[{"timestamp":"2026-11-01T00:00:00Z","value":1e400},{"timestamp":"2026-11-01T01:00:00Z","value":1e400}]},"meta":{}}';
    const h = await hostile((_req, res) => sendJson(res, 200, body));
    const r = await runMain(["series", "trend", "p", "-o", "csv", "-q"], { env: env(h.url) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("timestamp,value\n2026-11-01T00:00:00Z,1e400\n2026-11-01T01:00:00Z,1e400\n");
  });
});

describe("a field missing from a topic is not read from inside its stance or its report", () => {
  it("topics get: a stance {label, score} gives no topic score; topics list: a report's id is no topic id", async () => {
    const detail = { id: "topic_1", name: "T", stance: { label: "bullish", score: 0.3 }, report: { id: "rep_1", title: "R", publishedAt: "2026-11-01T00:00:00Z" } };
    const listed = { topicId: "topic_2", rank: 1, name: "T2", report: { id: "rep_2", title: "R2", publishedAt: "2026-11-01T00:00:00Z" } };
    const h = await hostile((req, res) => sendJson(res, 200, { data: req.url!.startsWith("/v3/topics/") ? detail : [listed], meta: {} }));
    const [get, list] = await Promise.all([
      runMain(["topics", "get", "topic_1", "-o", "table", "-q"], { env: env(h.url) }),
      runMain(["topics", "list", "-o", "table", "-q"], { env: env(h.url) }),
    ]);
    expect(get.code).toBe(0);
    const rows = Object.fromEntries(cells(get.stdout).slice(1));
    expect(rows.score).toBe("");
    expect(rows["report id"]).toBe("rep_1");
    expect(list.code).toBe(0);
    const table = cells(list.stdout);
    const at = (h: string) => table[1][table[0].indexOf(h)];
    expect(at("ID")).toBe("");
    expect(at("TOPICID")).toBe("topic_2");
  });
});

describe("vocabulary: an entry with a 'kind' of its own", () => {
  it("the table's KIND is still the catalog it is in; the entry's kind has a column of its own", async () => {
    const data = { categories: [{ slug: "defi", name: "DeFi" }], chains: [{ slug: "eth", name: "Ethereum", kind: "evm" }] };
    const h = await hostile((_req, res) => sendJson(res, 200, { data, meta: {} }));
    const r = await runMain(["vocabulary", "-o", "table", "-q"], { env: env(h.url) });
    expect(r.code).toBe(0);
    const rows = cells(r.stdout);
    const col = (name: string) => rows.slice(1).map((row) => row[rows[0].indexOf(name)]);
    expect(col("KIND")).toEqual(["categories", "chains"]);
    expect(col("ENTRYKIND")).toEqual(["", "evm"]);
  });
});

describe("a record with more fields than its table takes", () => {
  it("clusters list and topics list: every field is a column or named on stderr, none left out unsaid", async () => {
    const more = { region: "eu", tier: 2, members: 40, lead: "bob", founded: "2026-01-01T00:00:00Z", stats: { posts: 1 } };
    const h = await hostile((req, res) => sendJson(res, 200, { data: req.url!.startsWith("/v3/topics") ? [topic(1, more)] : [cluster(1, more)], meta: {} }));
    for (const [args, item] of [[["clusters", "list"], cluster(1, more)], [["topics", "list"], topic(1, more)]] as const) {
      const r = await runMain([...args, "-o", "table"], { env: env(h.url) });
      expect(r.code).toBe(0);
      const headers = cells(r.stdout)[0];
      const said = /not shown in the table: (.*) \(-o json/.exec(r.stderr.replace(/\n  /g, " "))?.[1].split(", ") ?? [];
      for (const k of Object.keys(item)) expect(headers.includes(k.toUpperCase()) || said.includes(k) || ["summary", "report", "lastSeenAt"].includes(k), `${args[0]}: ${k}`).toBe(true);
      expect(said.length).toBeGreaterThan(0);
    }
  });

  it("-o csv of clusters, topics, a vocabulary kind and intel carries every field of the items (scripts read csv); --fields still picks", async () => {
    const more = { region: "eu", tier: 2, members: 40, lead: "bob", founded: "2026-01-01T00:00:00Z", stats: { posts: 1, top: "a,b" } };
    const items: Record<string, Record<string, unknown>> = {
      "/v3/clusters": cluster(1, more), "/v3/topics": topic(1, more), "/v3/intel": intel(1, more), "/v3/vocabulary": { slug: "eth", name: "Ethereum", ...more },
    };
    const h = await hostile((req, res) => {
      const path = new URL(req.url!, "http://x").pathname;
      sendJson(res, 200, { data: path === "/v3/vocabulary" ? { chains: [items[path]] } : [items[path]], meta: {} });
    });
    const runs = [[["clusters", "list"], "/v3/clusters"], [["topics", "list"], "/v3/topics"], [["vocabulary", "chains"], "/v3/vocabulary"], [["intel", "list"], "/v3/intel"]] as const;
    const [all, picked] = await Promise.all([
      Promise.all(runs.map(([args]) => runMain([...args, "-o", "csv", "-q"], { env: env(h.url) }))),
      runMain(["clusters", "list", "-o", "csv", "--fields", "id,region"], { env: env(h.url) }),
    ]);
    runs.forEach(([args, path], i) => {
      expect(all[i].code, args.join(" ")).toBe(0);
      expect(csv(all[i].stdout)[0].sort(), args.join(" ")).toEqual(Object.keys(items[path]).sort());
    });
    expect(picked.stdout).toBe("id,region\ncl_1,eu\n");
  });
});

describe("alerts get: name and threshold under other keys than mids assumes", () => {
  it("the fields the view does not place are rows of their own, not left out", async () => {
    const alert = {
      id: "alr_1", status: "active", trigger: "intelligence.material", selector: { followedProjects: true }, cadence: "hourly",
      destinationIds: ["dst_1"], createdAt: "2026-11-01T00:00:00Z", updatedAt: "2026-11-01T00:00:00Z", title: "DeFi movers", materiality: "polished",
    };
    const h = await hostile((_req, res) => sendJson(res, 200, { data: alert, meta: {} }));
    const r = await runMain(["alerts", "get", "alr_1", "-o", "table", "-q"], { env: env(h.url) });
    expect(r.code).toBe(0);
    const rows = Object.fromEntries(cells(r.stdout).slice(1));
    expect(rows.title).toBe(alert.title);
    expect(rows.materiality).toBe(alert.materiality);
  });
});

describe("a field missing from a listed topic is not read from another resource nested in it", () => {
  it("topics list: a reference the shape does not know ({reportRef: {id}}) gives no topic id", async () => {
    const listed = { topicId: "topic_3", name: "T3", reportRef: { id: "rep_3", title: "R3" } };
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [listed], meta: {} }));
    const r = await runMain(["topics", "list", "-o", "table", "-q"], { env: env(h.url) });
    expect(r.code).toBe(0);
    const table = cells(r.stdout);
    expect(table[1][table[0].indexOf("ID")]).toBe("");
    expect(table[1][table[0].indexOf("TOPICID")]).toBe("topic_3");
  });
});
