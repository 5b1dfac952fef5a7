// docs/migrate-scan.md's `--output-file` example does what its comment says: stylish findings on
// stdout and SARIF in the file (an explicit --format would win on stdout, docs/recipes.md).
// Its GitLab CI job writes the Code Quality report GitLab reads (a .json name alone is mids's json).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, baseEnv, tempDir } from "../helpers/cli.js";

/** A tree with one removed v2 route (src/prices.ts, line 1), and a PATH with `mids` on it, as in the docs. */
function candlesTree(prefix: string): { dir: string; path: string } {
  const dir = tempDir(prefix);
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src/prices.ts"), "export const candles = `${BASE}/v2/projects/${id}/candles`;\n");
  const binDir = tempDir("bin-");
  writeFileSync(join(binDir, "mids"), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
  return { dir, path: `${binDir}:${process.env.PATH}` };
}

describe("docs/migrate-scan.md: the --output-file example", () => {
  it("prints stylish on stdout and writes SARIF to the file, as its comment says", () => {
    const doc = readFileSync(join(ROOT, "docs/migrate-scan.md"), "utf8");
    const line = doc.split("\n").find((l) => /#\s*stylish on stdout, SARIF in the file$/.test(l));
    expect(line).toBeDefined();
    const command = line!.replace(/\s*#.*$/, "");
    const file = /--output-file (\S+)/.exec(command)?.[1];
    expect(file).toBeDefined();
    // `mids` on PATH as in the docs; GITHUB_ACTIONS unset (it would make the default github)
    const { dir, path } = candlesTree("scan-doc-");
    const env = baseEnv({ PATH: path });
    const r = spawnSync("bash", ["-c", command], { cwd: dir, env, encoding: "utf8", timeout: 20_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^src\/prices\.ts\n\s+1:\d+\s+removed\s+GET \/v2\/projects\/\{id\}\/candles/);
    const sarif = JSON.parse(readFileSync(join(dir, file!), "utf8")) as { version: string; runs: { results: unknown[] }[] };
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0].results).toHaveLength(1);
  });
});

describe("docs/migrate-scan.md: the GitLab CI job", () => {
  it("writes GitLab Code Quality JSON to the file its codequality report names", () => {
    const doc = readFileSync(join(ROOT, "docs/migrate-scan.md"), "utf8");
    const block = /```yaml\n# GitLab CI[^\n]*\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block).toBeDefined();
    const command = /^\s*- (mids migrate scan .*)$/m.exec(block!)?.[1];
    const report = /^\s*codequality: (\S+)$/m.exec(block!)?.[1];
    expect(command).toBeDefined();
    expect(report).toBeDefined();
    const { dir, path } = candlesTree("scan-doc-gitlab-");
    // GitLab sets GITLAB_CI and CI_PROJECT_DIR, not GITHUB_ACTIONS
    const env = baseEnv({ PATH: path, GITLAB_CI: "true", CI: "true", CI_PROJECT_DIR: dir });
    const r = spawnSync("bash", ["-c", command!], { cwd: dir, env, encoding: "utf8", timeout: 20_000 });
    // the job's gate: the removed candles route fails it, and the report is written first
    expect(r.status, r.stderr).toBe(8);
    const quality = JSON.parse(readFileSync(join(dir, report!), "utf8")) as unknown;
    // what GitLab's codequality report reads: an array of issues with a fingerprint and a location
    expect(Array.isArray(quality), JSON.stringify(quality).slice(0, 200)).toBe(true);
    const issues = quality as { fingerprint?: string; check_name?: string; location?: { path?: string; lines?: { begin?: number } } }[];
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ check_name: "migrate/removed", location: { path: "src/prices.ts", lines: { begin: 1 } } });
    expect(issues[0].fingerprint).toMatch(/\S/);
  });
});
