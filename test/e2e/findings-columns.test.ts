// One column unit for every file:line:col mids prints, checked by opening the file at each
// finding's place: UTF-16 code units (what editors, LSP and CodeQL count), which SARIF's
// columnKind and docs/output.md say. Before, recipes validate counted UTF-16 units and migrate
// scan code points: after an emoji, scan's annotations stood one column left of the route.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { budgetFor, ROOT, runMain, runMids, tempDir, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
// the unknown steps come after an emoji (two units), CJK (one unit, two cells on a terminal) and a tab
const RECIPE = 'name: "🚀 日本語"\nversion: 1\nsteps:\n  - {id: "🚀🚀", uses: 不明}\n  - {id: 日本語,\tuses: nope}\n';
// the routes come after an emoji, CJK and a tab
const SOURCE = 'const a = "🚀🚀"; fetch(`${BASE}/v2/projects/${id}`);\nconst b = "日本語",\tc = "/v2/topics";\n';

type Sarif = { runs: { columnKind: string; results: { locations: { physicalLocation: { region: { startLine: number; startColumn: number; endColumn: number } } }[] }[] }[] };
const regions = (s: Sarif) => s.runs[0].results.map((x) => x.locations[0].physicalLocation.region);
/** The text a finding's line and columns cover, the columns read as UTF-16 units. */
const covered = (text: string, f: { line: number; column: number; endColumn: number }) => text.split("\n")[f.line - 1].slice(f.column - 1, f.endColumn - 1);

describe("finding columns", () => {
  it("recipes validate: UTF-16 code units in json and SARIF (columnKind says so)", async () => {
    const file = join(tempDir("recipe-cols-"), "cols.yaml");
    writeFileSync(file, RECIPE);
    const sarifFile = join(tempDir("recipe-cols-"), "r.sarif");
    const r = await runMids(["-q", "recipes", "validate", file, "--format", "json", "--output-file", sarifFile], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code, r.stderr).toBe(8);
    const findings = JSON.parse(r.stdout) as { line: number; column: number; endColumn: number; path: string }[];
    expect(findings.map((f) => [f.path, covered(RECIPE, f)])).toEqual([["steps.0.uses", "不明"], ["steps.1.uses", "nope"]]);
    const sarif = JSON.parse(readFileSync(sarifFile, "utf8")) as Sarif;
    expect(sarif.runs[0].columnKind).toBe("utf16CodeUnits");
    expect(regions(sarif).map((x) => x.startColumn)).toEqual(findings.map((f) => f.column));
  }, budgetFor(1));

  it("migrate scan: the same unit in json, GitHub annotations and SARIF", async () => {
    const dir = tempDir("scan-cols-");
    writeFileSync(join(dir, "app.js"), SOURCE);
    const env = sb.env(SANDBOX_DEMO_KEY);
    // (in process: the SARIF file through the built CLI is the recipes case above)
    const r = await runMain(["-q", "migrate", "scan", "app.js", "--format", "json", "--output-file", "r.sarif"], { cwd: dir, env });
    expect(r.code, r.stderr).toBe(0);
    const findings = (JSON.parse(r.stdout) as { findings: { line: number; column: number; endColumn: number; text: string }[] }).findings;
    expect(findings.map((f) => covered(SOURCE, f))).toEqual(["/v2/projects/${id}", "/v2/topics"]);
    const sarif = JSON.parse(readFileSync(join(dir, "r.sarif"), "utf8")) as Sarif;
    expect(sarif.runs[0].columnKind).toBe("utf16CodeUnits");
    expect(regions(sarif).map((x) => [x.startLine, x.startColumn, x.endColumn])).toEqual(findings.map((f) => [f.line, f.column, f.endColumn]));
    const gh = await runMain(["-q", "migrate", "scan", "app.js", "--format", "github"], { cwd: dir, env });
    expect(gh.code, gh.stderr).toBe(0);
    expect([...gh.stdout.matchAll(/line=(\d+),col=(\d+),endLine=\d+,endColumn=(\d+)/g)].map((m) => m.slice(1).map(Number))).toEqual(findings.map((f) => [f.line, f.column, f.endColumn]));
  }, budgetFor(2));

  it("docs/output.md names the one unit, and the command pages point there", () => {
    expect(readFileSync(join(ROOT, "docs/output.md"), "utf8")).toMatch(/columns count UTF-16 code\s+units/);
    for (const page of ["recipes.md", "migrate-scan.md"]) {
      const text = readFileSync(join(ROOT, "docs", page), "utf8");
      expect(text, page).toContain("(output.md#positions-in-findings)");
      expect(text, page).not.toMatch(/code points|unicodeCodePoints/);
    }
  });
});
