// recipes validate's column unit, checked by opening the file at each finding's place: UTF-16 code
// units (what the yaml parser counts, VS Code shows and SARIF declares), which the docs must say,
// since `migrate scan`, sharing the formats, counts code points.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runMids, tempDir, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
// the unknown steps come after an emoji (two units), CJK (one unit, two cells on a terminal) and a tab
const RECIPE = 'name: "🚀 日本語"\nversion: 1\nsteps:\n  - {id: "🚀🚀", uses: 不明}\n  - {id: 日本語,\tuses: nope}\n';

describe("recipes validate columns", () => {
  it("count UTF-16 code units in json and SARIF (columnKind says so), and docs/recipes.md says which unit", async () => {
    const file = join(tempDir("recipe-cols-"), "cols.yaml");
    writeFileSync(file, RECIPE);
    const sarifFile = join(tempDir("recipe-cols-"), "r.sarif");
    const r = await runMids(["-q", "recipes", "validate", file, "--format", "json", "--output-file", sarifFile], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code, r.stderr).toBe(8);
    const findings = JSON.parse(r.stdout) as { line: number; column: number; endColumn: number; path: string }[];
    const lines = RECIPE.split("\n");
    const at = (f: { line: number; column: number; endColumn: number }) => lines[f.line - 1].slice(f.column - 1, f.endColumn - 1);
    expect(findings.map((f) => [f.path, at(f)])).toEqual([["steps.0.uses", "不明"], ["steps.1.uses", "nope"]]);
    const sarif = JSON.parse(readFileSync(sarifFile, "utf8"));
    expect(sarif.runs[0].columnKind).toBe("utf16CodeUnits");
    expect(sarif.runs[0].results.map((x: { locations: { physicalLocation: { region: { startColumn: number } } }[] }) => x.locations[0].physicalLocation.region.startColumn)).toEqual(findings.map((f) => f.column));
    expect(readFileSync(join(ROOT, "docs/recipes.md"), "utf8")).toMatch(/columns count\s+UTF-16 code units/);
  });
});
