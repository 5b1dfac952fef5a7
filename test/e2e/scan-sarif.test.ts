// SARIF from both commands that report findings (migrate scan, recipes validate) passes Microsoft's
// SARIF validator (`@microsoft/sarif-multitool validate`, a dev dependency) with no errors and no
// warnings but SARIF2005's note of no informationUri (mids has no home page to name). The validator is a self-contained binary for linux/darwin/win32: this test never skips.
// (The tests run main(argv) in this process: the same program as the built CLI, without a CLI
// start-up each; what is under test is the documents it writes.)
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, baseEnv, fileTree, runMain, tempDir } from "../helpers/cli.js";
import { formatSarif } from "../../src/recipes/findings.js";
import type { FileReport } from "../../src/recipes/types.js";

const multitool: string = createRequire(import.meta.url)("@microsoft/sarif-multitool");

describe("SARIF output", () => {
  it("passes Microsoft's SARIF validator with no errors and no warnings, from migrate scan and recipes validate", { timeout: 60_000 }, async () => {
    const dir = tempDir("sarif-");
    const tree = join(dir, "tree");
    cpSync(join(ROOT, "test/fixtures/scan/tree"), tree, { recursive: true });
    const env = baseEnv({ MIDS_BASE_URL: "https://api.mids.example" });
    const scan = await runMain(["migrate", "scan", "--format", "sarif"], { cwd: tree, env });
    expect(scan.code).toBe(0);
    writeFileSync(join(dir, "scan.sarif"), scan.stdout);
    // a recipe with a syntax error is reported locally: no server needed
    const recipes = await runMain(["recipes", "validate", join(ROOT, "test/fixtures/recipes/syntax-error.yaml"), "--format", "sarif"], { env: baseEnv() });
    expect(recipes.code).toBe(8);
    writeFileSync(join(dir, "recipes.sarif"), recipes.stdout);
    // server findings carry a logical location and properties: rendered by the same module
    const report: FileReport = { file: "recipes/a.yaml", text: "steps:\n  - uses: nope\n", documents: 2, sent: true, recipes: [], findings: [
      { file: "recipes/a.yaml", line: 2, column: 11, endLine: 2, endColumn: 15, path: "steps[0].uses", message: "unknown step", severity: "error", source: "server", document: 2 },
    ] };
    writeFileSync(join(dir, "server.sarif"), formatSarif([report], { name: "mids", version: "1.0.0" }));
    expect(JSON.parse(scan.stdout).runs[0].results.length).toBe(20);

    // no informationUri: mids has no public home page, and the one it named, the npm registry's
    // page of 'mids', is an unrelated package (docs/sandbox.md warns against installing it)
    for (const log of [scan.stdout, recipes.stdout]) expect(JSON.parse(log).runs[0].tool.driver).not.toHaveProperty("informationUri");

    // a control the validator must fault (no version: SARIF2005), so this test can fail
    const control = JSON.parse(scan.stdout);
    delete control.runs[0].tool.driver.version;
    writeFileSync(join(dir, "control.sarif"), JSON.stringify(control));

    const out = join(dir, "validation.sarif");
    const r = spawnSync(multitool, ["validate", "scan.sarif", "recipes.sarif", "server.sarif", "control.sarif", "--output", out, "--log", "ForceOverwrite"], { cwd: dir, encoding: "utf8" });
    expect(r.error).toBeUndefined();
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain("4 files scanned");
    type Result = { level?: string; ruleId: string; message?: { id?: string }; locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[] };
    const results = JSON.parse(readFileSync(out, "utf8")).runs.flatMap((run: { results?: Result[] }) => run.results ?? []) as Result[];
    // SARIF's default level is warning; the absent informationUri is the one note left, on purpose
    const problems = results.filter((x) => (x.level ?? "warning") === "warning" || x.level === "error")
      .filter((x) => x.message?.id !== "Warning_ProvideToolnformationUri")
      .map((x) => `${x.locations?.[0]?.physicalLocation?.artifactLocation?.uri?.split("/").pop()} ${x.level ?? "warning"} ${x.ruleId} ${x.message?.id}`);
    expect(problems).toEqual(["control.sarif warning SARIF2005 Warning_ProvideToolVersion"]);
  });
});

describe("recipes validate shares the findings formats", () => {
  const bad = join(ROOT, "test/fixtures/recipes/syntax-error.yaml");
  it("gitlab and checkstyle, and the step summary in GitHub Actions", async () => {
    const gl = await runMain(["recipes", "validate", bad, "--format", "gitlab"], { env: baseEnv() });
    expect(gl.code).toBe(8);
    const issues = JSON.parse(gl.stdout);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ check_name: "recipe/syntax", severity: "major", location: { path: bad } });
    const cs = await runMain(["recipes", "validate", bad, "--format", "checkstyle"], { env: baseEnv() });
    expect(cs.stdout).toMatch(/<checkstyle version="4.3">\n  <file name="[^"]*syntax-error.yaml">\n    <error line="\d+" column="\d+" severity="error" message="[^"]+" source="recipe\/syntax"\/>/);
    const summary = join(tempDir("summary-"), "summary.md");
    const gh = await runMain(["recipes", "validate", bad], { env: baseEnv({ GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary }) });
    expect(gh.stdout.startsWith("::error file=")).toBe(true);
    const md = readFileSync(summary, "utf8");
    expect(md).toMatch(/^### mids recipes validate: 1 file checked: 0 valid, 1 with findings/);
    expect(md).toContain("| error | recipe/syntax |");
  });
  it("migrate scan: -o json picks the json format; other -o values are refused", async () => {
    const dir = join(ROOT, "test/fixtures/scan/tree/go");
    const j = await runMain(["-o", "json", "migrate", "scan", dir], { env: baseEnv() });
    expect(JSON.parse(j.stdout).summary).toMatchObject({ usages: 2 });
    const csv = await runMain(["migrate", "scan", dir, "-o", "csv"], { env: baseEnv() });
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain("migrate scan has no -o csv output");
  });
});

describe("SARIF past GitHub code scanning's result limit", () => {
  it("migrate scan writes the 25,000 most severe results and says on stderr how many it left out; json lists them all", { timeout: 60_000 }, async () => {
    // 27,000 usages (3 files of 9,000), the last file's removed ones gated by --fail-on: errors
    const tree = fileTree({
      "a.js": Array.from({ length: 9000 }, (_, i) => `a${i} = "/v2/topics";`).join("\n") + "\n",
      "b.js": Array.from({ length: 9000 }, (_, i) => `b${i} = "/v2/clusters";`).join("\n") + "\n",
      "c.js": Array.from({ length: 9000 }, (_, i) => `c${i} = "/v2/projects/p${i}/candles";`).join("\n") + "\n",
    });
    const out = join(tempDir("sarif-limit-"), "v2.sarif");
    const r = await runMain(["migrate", "scan", tree, "--fail-on", "removed", "--format", "json", "--output-file", out], { env: baseEnv() });
    expect(r.code).toBe(8);
    expect(JSON.parse(r.stdout).findings).toHaveLength(27_000);
    expect(r.stderr).toContain("mids: warning: 2000 more findings are not in the SARIF file: GitHub code scanning rejects a run of more than 25,000 results");
    const run = JSON.parse(readFileSync(out, "utf8")).runs[0];
    expect(run.results).toHaveLength(25_000);
    expect(run.results.filter((x: { level: string }) => x.level === "error")).toHaveLength(9000);
  });
});

describe("the GitHub step summary of a step that runs mids twice", () => {
  it("stays under GitHub's 1 MiB for the step: the second run's table fits what the first left, and past it none is added", { timeout: 60_000 }, async () => {
    // 4,000 usages: a table of some 1.4 MB, cut to fit
    const tree = fileTree({ "a.js": Array.from({ length: 4000 }, (_, i) => `a${i} = "/v2/topics";`).join("\n") + "\n" });
    const summary = join(tempDir("step-summary-"), "summary.md");
    const env = baseEnv({ GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary });
    const first = await runMain(["migrate", "scan", tree], { env });
    expect(first.code).toBe(0);
    const once = statSync(summary).size;
    expect(once).toBeGreaterThan(900_000);
    const second = await runMain(["migrate", "scan", tree], { env });
    expect(second.code).toBe(0);
    // GitHub drops the step's whole summary past 1 MiB
    expect(statSync(summary).size).toBeLessThan(1024 * 1024);
    expect(second.stderr).toContain("mids: warning: GITHUB_STEP_SUMMARY already holds");
    // with room left, the second table is cut to it and says how many rows it left out
    writeFileSync(summary, "x".repeat(600_000));
    const third = await runMain(["migrate", "scan", tree], { env });
    expect(third.code).toBe(0);
    const md = readFileSync(summary, "utf8");
    expect(md.length).toBeLessThan(1024 * 1024);
    expect(md).toMatch(/\n\d+ more findings are not shown \(a step's summary is capped at 1 MB\)/);
  });
});
