// In a file that calls v2, scan reports the code's reads of v2 response fields that v3 renamed or
// removed (`.trendScore`, `["xHandle"]`) as findings of their own (status `field`), with the v3
// name; one-word fields (`status`, `tokens`, `metrics`) and names in strings are not reads. Before,
// scan reported the call only, and `.trendScore` read `undefined` once the call was v3.
import { describe, expect, it } from "vitest";
import { fieldReads, FIELD_NAMES, READ_WINDOW_LINES } from "../../src/migrate/scan/fields.js";
import { FIELD_RENAMES } from "../../src/contract/migration.js";
import { baseEnv, fileTree, runMain } from "../helpers/cli.js";

const CODE = [
  "const res = await fetch(`${BASE}/v2/projects/${id}`, { headers });",
  "const p = (await res.json()).data;",
  'show(p.trendScore, p["xHandle"], p?.marketData?.symbol, res.status, p.tokens, p.metrics);',
  "p.trendScore = 1; // a write, no read",
  'const fixture = { "trendScore": 1 }; get("/v2/projects?sort=trendScore"); x.trendScores;',
].join("\n") + "\n";

interface Finding { line: number; column: number; status: string; rules: string[]; notes: { rule: string; message: string }[]; from: unknown; to: unknown; field?: { v2: string; v3: string | null }; text: string; replacement: string | null }

describe("reads of renamed v2 response fields", () => {
  it("the names come from the map: its two-word v2 fields, not its one-word ones", () => {
    for (const n of ["trendScore", "trendScoreDelta", "xHandle", "marketData", "primaryComputedAt"]) expect(FIELD_NAMES).toContain(n);
    for (const n of ["status", "pagination", "signals", "tokens", "metrics", "rationale", "cut"]) expect(FIELD_NAMES).not.toContain(n);
    expect(FIELD_NAMES.every((n) => FIELD_RENAMES.some((f) => f.from.startsWith(n)))).toBe(true);
    const text = "get('/v2/projects/x');\nshow(a.trendScoreDelta + a[ 'trendScore' ] + a.trendScores + a['xHandle'] + a.xHandle = 1);\n";
    expect(fieldReads(text, [{ lineStart: 0, routeId: "v2.projects.get" }]).map((r) => [text.slice(r.start, r.end), r.rename.v2])).toEqual([[".trendScoreDelta", "trendScoreDelta"], ["[ 'trendScore' ]", "trendScore"], ["['xHandle']", "xHandle"]]);
    // the call's line and the READ_WINDOW_LINES after it
    const far = "get('/v2/projects/x');\n" + "\n".repeat(READ_WINDOW_LINES - 1) + "a.trendScore;\n" + "a.xHandle;\n";
    expect(fieldReads(far, [{ lineStart: 0, routeId: "v2.projects.get" }]).map((r) => r.rename.v2)).toEqual(["trendScore"]);
    // Go's and C#'s exported field, a Java getter, a map's or JSON node's get (Python, Java): reads
    // too; a string elsewhere in a call, the capitalised names in brackets, a Go field given a value are not
    const langs = "resp, err := http.Get(base + \"/v2/projects/\" + id)\n"
      + "use(p.TrendScore, p.getXHandle(), d.get(\"marketData\", {}), node.get( 'trendScoreDelta' ), cfg.get(\"x\", \"xHandle\"), m[\"TrendScore\"]); p.MarketData = nil\n";
    expect(fieldReads(langs, [{ lineStart: 0, routeId: "v2.projects.get" }]).map((r) => [langs.slice(r.start, r.end), r.rename.v2])).toEqual([
      [".TrendScore", "trendScore"], [".getXHandle", "xHandle"], ['.get("marketData"', "marketData"], [".get( 'trendScoreDelta' )", "trendScoreDelta"],
    ]);
    // after a call whose answer has none of them (an intel item), none
    expect(fieldReads(text, [{ lineStart: 0, routeId: "v2.intel.get" }])).toEqual([]);
  });

  it("Ruby's symbols (dig, [:name], fetch) and Python's getattr are reads; an annotated Python write is not", () => {
    const text = [
      'r = HTTParty.get("#{BASE}/v2/projects/#{id}").parsed_response',
      "sym = r.dig(:data, :marketData, :symbol); m = r[:marketData]; h = r.fetch(:xHandle); t = r.dig('data', 'trendScore')",
      'score = getattr(p, "trendScore"); n = getattr(p.data, "xHandle", None)',
      // writes and keys: an annotated attribute, Ruby's hash literal and []=, setattr, a constant's path
      "self.trendScore: float = 0; self.xHandle: Optional[str] = None; h = { :marketData => 1 }; r[:xHandle] = 1",
      'setattr(p, "trendScore", 1); Api::marketData; getattr(p, "x", "trendScore")',
      // a read before a type-like tail is still one (a ternary's branch)
      "const a = ok ? p.trendScore : q, b = 1;",
      "",
    ].join("\n");
    expect(fieldReads(text, [{ lineStart: 0, routeId: "v2.projects.get" }]).map((r) => [text.slice(r.start, r.end), r.rename.v2])).toEqual([
      [":marketData", "marketData"], ["[:marketData]", "marketData"], [".fetch(:xHandle)", "xHandle"], ["'trendScore'", "trendScore"],
      ['"trendScore"', "trendScore"], ['"xHandle"', "xHandle"],
      [".trendScore", "trendScore"],
    ]);
  });

  it("json and stylish list them beside the call, each with its v3 name; none in a file without a v2 call", async () => {
    const dir = fileTree({ "a.ts": CODE, "b.ts": "show(p.trendScore, p.xHandle);\n" });
    const env = baseEnv();
    const json = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env });
    expect(json.code, json.stderr).toBe(0);
    const out = JSON.parse(json.stdout) as { findings: (Finding & { file: string })[]; summary: Record<string, unknown> };
    const fields = out.findings.filter((f) => f.status === "field");
    expect(fields.map((f) => [f.file, f.line, f.column, f.text, f.field])).toEqual([
      ["a.ts", 3, 7, ".trendScore", { v2: "trendScore", v3: "trend" }],
      ["a.ts", 3, 21, '["xHandle"]', { v2: "xHandle", v3: "identifiers.x" }],
      ["a.ts", 3, 36, ".marketData", { v2: "marketData", v3: null }],
    ]);
    for (const f of fields) {
      expect(f).toMatchObject({ rules: ["response-field"], from: null, to: null, replacement: null });
      expect(f.notes[0].message).toMatch(new RegExp(`^${f.field!.v2} -> ${f.field!.v3 ?? "removed"}: `));
    }
    // the calls are still the v2 usages; the reads are counted apart
    expect(out.summary).toMatchObject({ usages: 2, field: 3 });

    const stylish = await runMain(["migrate", "scan", ".", "--format", "stylish"], { cwd: dir, env });
    expect(stylish.code, stylish.stderr).toBe(0);
    expect(stylish.stdout).toContain("3:7     field      trendScore -> trend  response-field");
    expect(stylish.stderr).toMatch(/: 2 v2 usages in 1 file \([^)]*\), 3 reads of v2 response fields v3 renamed or removed/);
    for (const format of ["sarif", "checkstyle"]) {
      const r = await runMain(["migrate", "scan", ".", "--format", format], { cwd: dir, env });
      expect(r.code, `${format}: ${r.stderr}`).toBe(0);
    }
  });
});
