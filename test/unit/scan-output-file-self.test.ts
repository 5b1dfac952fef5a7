// `migrate scan --output-file`: the report is no source. A report an earlier run left in the tree
// (full of v2 URLs) is not scanned again, and a file named to scan is never written over.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMain, tempDir } from "../helpers/cli.js";

describe("migrate scan --output-file", () => {
  const dir = tempDir("scan-report-");
  const code = 'const a = fetch(`${base}/v2/projects/${id}`);\nconst b = fetch(base + "/v2/clusters");\n';
  writeFileSync(join(dir, "app.ts"), code);

  it("a second run with the same --output-file counts only the code", async () => {
    const first = await runMain(["migrate", "scan", "--output-file", "v2.json", "--format", "json"], { cwd: dir });
    expect(first.code).toBe(0);
    const again = await runMain(["migrate", "scan", "--output-file", "v2.json", "--format", "json"], { cwd: dir });
    expect(again.code).toBe(0);
    // what the earlier report held is not counted: both runs see the same findings, in app.ts alone
    expect(again.stdout).toBe(first.stdout);
    const out = JSON.parse(again.stdout) as { findings: { file: string }[]; summary: { files: number } };
    expect(new Set(out.findings.map((f) => f.file))).toEqual(new Set(["app.ts"]));
    expect(out.summary.files).toBe(1);
    expect(readFileSync(join(dir, "v2.json"), "utf8")).toBe(again.stdout);
  });

  it("naming a file to scan as the --output-file is refused before anything is written", async () => {
    const r = await runMain(["migrate", "scan", "app.ts", "--output-file", "./app.ts", "--output-file-format", "sarif"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: --output-file '\.\/app\.ts' is one of the files to scan/);
    expect(r.stderr).toMatch(/\nhint: /);
    expect(readFileSync(join(dir, "app.ts"), "utf8")).toBe(code);
  });
});
