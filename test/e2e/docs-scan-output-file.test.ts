// docs/migrate-scan.md's `--output-file` example does what its comment says: stylish findings on
// stdout and SARIF in the file (an explicit --format would win on stdout, docs/recipes.md).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, baseEnv, tempDir } from "../helpers/cli.js";

describe("docs/migrate-scan.md: the --output-file example", () => {
  it("prints stylish on stdout and writes SARIF to the file, as its comment says", () => {
    const doc = readFileSync(join(ROOT, "docs/migrate-scan.md"), "utf8");
    const line = doc.split("\n").find((l) => /#\s*stylish on stdout, SARIF in the file$/.test(l));
    expect(line).toBeDefined();
    const command = line!.replace(/\s*#.*$/, "");
    const file = /--output-file (\S+)/.exec(command)?.[1];
    expect(file).toBeDefined();
    const dir = tempDir("scan-doc-");
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src/prices.ts"), "export const candles = `${BASE}/v2/projects/${id}/candles`;\n");
    // `mids` on PATH as in the docs; GITHUB_ACTIONS unset (it would make the default github)
    const binDir = tempDir("bin-");
    writeFileSync(join(binDir, "mids"), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
    const env = baseEnv({ PATH: `${binDir}:${process.env.PATH}` });
    const r = spawnSync("bash", ["-c", command], { cwd: dir, env, encoding: "utf8", timeout: 20_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^src\/prices\.ts\n\s+1:\d+\s+removed\s+GET \/v2\/projects\/\{id\}\/candles/);
    const sarif = JSON.parse(readFileSync(join(dir, file!), "utf8")) as { version: string; runs: { results: unknown[] }[] };
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0].results).toHaveLength(1);
  });
});
