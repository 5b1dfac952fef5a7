// migrate scan on list reads whose page number the code sets apart from the URL: such a read is
// partial (page-to-cursor, naming the line) and --fix leaves it; the same read with no page in
// its code is still rewritten and fixed.
// (The first run goes through the built bin/mids; the others run main() in this process: what they
// print is the subject, and a CLI start-up each cost a fifth of a second of CPU.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, fileTree, runMain, runMids } from "../helpers/cli.js";
import { ASSUMED } from "../../src/contract/assumed.js";
import { route } from "../../src/contract/routes.js";

const JS = [
  "async function all(base) {",
  "  for (let n = 1; ; n++) {",
  '    const u = new URL("/v2/projects", base);',
  '    u.searchParams.set("page", String(n));',
  "    const r = await (await fetch(u)).json();",
  "    if (!r.pagination.hasMore) break;",
  "  }",
  "}",
  "",
].join("\n");
const PY = [
  "import requests",
  'r = requests.get(f"{B}/v2/intel", params={"page": 2})',
  'c = requests.get(f"{B}/v2/clusters")',
  'p = requests.get(f"{B}/v2/projects")',
  "",
].join("\n");

interface Finding { file: string; line: number; column: number; status: string; rules: string[]; notes: { rule: string; message: string }[]; replacement: string | null }

describe("migrate scan: a page number set apart from the URL", () => {
  it("reports the read partial with the line that sets the page, and --fix leaves it", async () => {
    const dir = fileTree({ "all.js": JS, "client.py": PY });
    const r = await runMids(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(r.code).toBe(0);
    const found = (JSON.parse(r.stdout).findings as Finding[]).map((f) => [f.file, f.line, f.status, f.rules.includes("page-to-cursor")]);
    expect(found).toEqual([["all.js", 3, "partial", true], ["client.py", 2, "partial", true], ["client.py", 3, "rewritten", false], ["client.py", 4, "rewritten", false]]);
    const js = (JSON.parse(r.stdout).findings as Finding[])[0];
    expect(js.notes.find((n) => n.rule === "page-to-cursor")?.message).toMatch(/^page set by the code on line 4: /);
    const stylish = await runMain(["migrate", "scan", "all.js"], { cwd: dir, env: baseEnv() });
    expect(stylish.stdout).toContain("not fixed by --fix: the code sets page on line 4, which v3 lists do not take");
    const fix = await runMain(["migrate", "scan", ".", "--fix"], { cwd: dir, env: baseEnv() });
    expect(fix.code).toBe(0);
    expect(readFileSync(join(dir, "all.js"), "utf8")).toBe(JS);
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(PY.replace("/v2/clusters", "/v3/clusters").replace("/v2/projects", "/v3/projects"));
  });
});

describe("migrate scan: other parameters set apart from the URL", () => {
  const RANK = [
    "import requests",
    'r = requests.get(f"{B}/v2/projects/{pid}/rank", params={"start": s, "end": e})',
    "start = time.time()",
    'd = requests.get(f"{B}/v2/projects/{pid}", params={"at": t})',
    'x = requests.get(f"{B}/v2/intel/{iid}")',
    "",
  ].join("\n");
  const TS = [
    "const start = Date.now();",
    "const r = await fetch(`${BASE}/v2/projects/${id}/rank`);",
    "",
  ].join("\n");

  it("names each one v3 takes otherwise with its line (a rename with its v3 name), leaves the read to be fixed by hand, and fixes the rest", async () => {
    const dir = fileTree({ "client.py": RANK, "a.ts": TS });
    const r = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(r.code, r.stderr).toBe(0);
    const found = JSON.parse(r.stdout).findings as Finding[];
    expect(found.map((f) => [f.file, f.line, f.status])).toEqual([["a.ts", 2, "rewritten"], ["client.py", 2, "partial"], ["client.py", 4, "partial"], ["client.py", 5, "rewritten"]]);
    const rank = found[1];
    expect(rank.rules).toContain("param-renamed");
    expect(rank.notes.filter((n) => n.rule === "param-renamed").map((n) => n.message.split(": A query")[0])).toEqual([
      "start set by the code on line 2: v3 calls it from", "end set by the code on line 2: v3 calls it to",
    ]);
    // a parameter v3 dropped: its own rule, with the line
    expect(found[2].notes.find((n) => n.rule === "at-to-series-window")?.message).toMatch(/^at set by the code on line 4: /);
    const fix = await runMain(["migrate", "scan", ".", "--fix"], { cwd: dir, env: baseEnv() });
    expect(fix.code, fix.stderr).toBe(0);
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(RANK.replace("/v2/intel/", "/v3/intel/"));
    expect(readFileSync(join(dir, "a.ts"), "utf8")).toBe(TS.replace("/v2/projects/${id}/rank", "/v3/projects/${id}/series/rank"));
  });

  // Before, only a usage that was `rewritten` was looked at: a momentum read (partial already: its
  // cluster breakdown) whose code sets `start` apart said nothing of `start`, which v3 ignores.
  it("a partial usage's parameters set apart are named too, those its notes do not already cover", async () => {
    const dir = fileTree({ "m.py": 'r = requests.get(f"{B}/v2/projects/{pid}/momentum", params={"start": s, "clusters": "true"})\n' });
    const r = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(r.code, r.stderr).toBe(0);
    const [f] = JSON.parse(r.stdout).findings as Finding[];
    expect([f.status, f.rules]).toEqual(["partial", ["momentum-clusters-dropped", "param-renamed"]]);
    expect(f.notes.map((n) => n.message.split(": A query")[0])).toContain("start set by the code on line 1: v3 calls it from");
    expect(f.notes.filter((n) => n.rule === "momentum-clusters-dropped")).toHaveLength(1);
    const stylish = await runMain(["migrate", "scan", ".", "--format", "stylish"], { cwd: dir, env: baseEnv() });
    expect(stylish.stdout).not.toContain("not fixed by --fix");
  });

  // Before, a list read whose code sets `limit` apart got v2-default-page-size ("A v2 list read
  // without a page size ... asks for v2's page size", `-> /v3/projects?limit=20`), contradicting
  // the code, and a literal page size over v3's maximum (which v3 refuses) went unsaid.
  it("a page size the code sets apart replaces the default-page-size note; one over v3's maximum is noted with its line", async () => {
    const dir = fileTree({
      "a.py": 'r = requests.get(f"{B}/v2/projects", params={"names": n, "limit": 100})\n',
      "b.ts": "const u = new URL(`${B}/v2/intel`);\nu.searchParams.set(\"limit\", String(size));\n",
      "c.ts": "fetch(`${B}/v2/projects`);\n",
      // an object key and a keyword argument (JS's axios, Ruby's HTTParty, Python's dict)
      "d.ts": "axios.get(`${B}/v2/projects`, { params: { page, limit: 100 } });\naxios.get(`${B}/v2/intel`, { params: { limit: 10 } });\n",
      "e.rb": 'HTTParty.get("#{B}/v2/intel", query: { limit: 10 })\n',
      "f.py": 'requests.get(f"{B}/v2/intel", params=dict(limit=10))\n',
      // curl's data under -G, a query piece
      "g.sh": 'curl -G "$B/v2/projects" -d limit=100\ncurl -G "$B/v2/intel" --data-urlencode limit=10\n',
    });
    const r = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(r.code, r.stderr).toBe(0);
    const found = JSON.parse(r.stdout).findings as (Finding & { to: { query: Record<string, string> } })[];
    expect(found.map((f) => [f.file, f.status, f.rules.filter((x) => x !== "response-renames"), f.to.query])).toEqual([
      ["a.py", "partial", ["limit-over-v3-max"], {}],
      ["b.ts", "rewritten", [], {}],
      // no page size anywhere: v2's default is still what the v3 request needs
      ["c.ts", "rewritten", ["v2-default-page-size"], { limit: String(ASSUMED.v2DefaultLimit) }],
      ["d.ts", "partial", ["page-to-cursor", "limit-over-v3-max"], {}],
      ["d.ts", "rewritten", [], {}],
      ["e.rb", "rewritten", [], {}],
      ["f.py", "rewritten", [], {}],
      ["g.sh", "partial", ["limit-over-v3-max"], {}],
      ["g.sh", "rewritten", [], {}],
    ]);
    const max = route("v3.projects.list").params.find((p) => p.name === "limit")!.max;
    expect(found[0].notes.find((n) => n.rule === "limit-over-v3-max")!.message).toMatch(new RegExp(`^limit=100 set by the code on line 1: v3 pages hold at most ${max}: `));
    expect(found[0].replacement).toBeNull();
    expect(found[1].replacement).toBe("/v3/intel");
  });

  // Before, the query of another usage on the same line counted as code setting a parameter:
  // `${B}/v2/grounding` beside `${B}/v2/grounding?at=${at}` was partial, "at set by the code".
  it("another usage's route text on the same line is not code that sets this one's parameters", async () => {
    const g = "const url = at ? `${B}/v2/grounding?at=${at}` : `${B}/v2/grounding`;\n";
    const h = "const u = `${B}/v2/grounding`; const v = `${B}/v2/grounding?at=${at}`;\n";
    const dir = fileTree({ "g.ts": g, "h.ts": h });
    const r = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(r.code, r.stderr).toBe(0);
    const found = JSON.parse(r.stdout).findings as Finding[];
    const col = (text: string, nth: number) => text.split("/v2/grounding").slice(0, nth + 1).join("/v2/grounding").length + 1;
    expect(found.map((f) => [f.file, f.column, f.status, f.rules.includes("at-dropped")])).toEqual([
      ["g.ts", col(g, 0), "partial", true], ["g.ts", col(g, 1), "rewritten", false], ["h.ts", col(h, 0), "rewritten", false], ["h.ts", col(h, 1), "partial", true],
    ]);
    // code beside them that does set it still counts
    const dir2 = fileTree({ "k.py": 'r = requests.get(f"{B}/v2/grounding", params={"at": t}) or requests.get(f"{B}/v2/grounding?at={t}")\n' });
    const r2 = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir2, env: baseEnv() });
    expect((JSON.parse(r2.stdout).findings as Finding[]).map((f) => f.notes.find((n) => n.rule === "at-dropped")?.message.slice(0, 30))).toEqual([
      "at set by the code on line 1: ", "at={t}: `at` (a past topic sna",
    ]);
  });

  // Before, a series read's `at` set apart said "Historical reads with `at` were removed. Use
  // /v3/projects/{idOrSlug}/series/..." on the series read itself, and explain listed the series
  // routes' `at` as that rule, while `mids migrate` makes it the window's end, `to`.
  it("a series read's `at` set apart is the v3 window's end (to), as migrate and explain say", async () => {
    const dir = fileTree({ "a.py": 'r = requests.get(f"{B}/v2/projects/{pid}/rank", params={"at": t})\n' });
    const r = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(r.code, r.stderr).toBe(0);
    const [f] = JSON.parse(r.stdout).findings as Finding[];
    expect([f.status, f.rules]).toEqual(["partial", ["series-window-from-unknown"]]);
    expect(f.notes[0].message).toMatch(/^at set by the code on line 1: v3 calls it to: .*Add `from` 7 days before `to`/);
    const explain = await runMain(["migrate", "explain", "-o", "json"], { env: baseEnv() });
    const routes = JSON.parse(explain.stdout).routes as { id: string; params: { name: string; to?: string; rule?: string }[] }[];
    for (const id of ["v2.projects.rank", "v2.projects.momentum"]) {
      expect(routes.find((x) => x.id === id)!.params.find((p) => p.name === "at")).toEqual({ name: "at", to: "to", rule: "series-window-from-at" });
    }
    // the project detail's `at` is still a removed historical read
    expect(routes.find((x) => x.id === "v2.projects.get")!.params.find((p) => p.name === "at")).toEqual({ name: "at", rule: "at-to-series-window" });
  });

  it("a shorthand property ({ page, limit }, { start, end }) is set apart too: partial, and --fix leaves it", async () => {
    // before: both reads were rewritten, and --fix made v3 calls that send page and start
    const code = [
      "export async function list(page, limit) {",
      "  return axios.get(`${BASE}/v2/projects`, { params: { page, limit } });",
      "}",
      "",
      "export async function trend(id, start, end) {",
      "  return axios.get(`${BASE}/v2/projects/${id}/momentum?clusters=false`, {",
      "    params: { start, end },",
      "  });",
      "}",
      "",
    ].join("\n");
    const dir = fileTree({ "client.js": code });
    const r = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    const found = (JSON.parse(r.stdout).findings as Finding[]).map((f) => [f.line, f.status, f.rules.filter((x) => x !== "response-renames")]);
    expect(found).toEqual([[2, "partial", ["page-to-cursor"]], [6, "partial", ["param-renamed"]]]);
    const fix = await runMain(["migrate", "scan", ".", "--fix"], { cwd: dir, env: baseEnv() });
    expect(fix.code).toBe(0);
    expect(readFileSync(join(dir, "client.js"), "utf8")).toBe(code);
  });
});
