// A v2 call whose path value is `.`, `..` or empty (`%2e%2e` too) names another resource once its
// URL is normalised: migrate, scan and verify call it unrecognized (rule dot-segment) and go on
// with the rest; it once aborted the whole run (exit 2, "idOrSlug must be a non-empty identifier",
// or scan's "cannot read 'a.py': usage").
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, tempDir } from "../helpers/cli.js";

const line = (path: string) => `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET ${path} HTTP/1.1" 200 5 "-" "x"`;

describe("a dot path segment", () => {
  it("migrate: that request is unrecognized (dot-segment), the others are rewritten, exit 0", async () => {
    const dir = tempDir("dots-");
    const log = join(dir, "access.log");
    writeFileSync(log, [line("/v2/projects/abc/momentum?clusters=false"), line("/v2/projects/%2e%2e/momentum"), line("/v2/topics/./report"), line("/v2/projects/def/rank")].join("\n") + "\n");
    const r = await runMids(["migrate", log], { env: baseEnv() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("GET /v3/projects/abc/series/trend");
    expect(r.stdout).toContain("GET /v3/projects/def/series/rank");
    expect(r.stderr).toMatch(/2 rewritten, .*2 unrecognized/);
    expect(r.stderr).toMatch(/dot-segment \(2\)/);
    // --fail-on unrecognized makes it a failure the script sees, after the output
    const gate = await runMain(["migrate", log, "--fail-on", "unrecognized"], { env: baseEnv() });
    expect(gate.code).toBe(8);
  });

  it("migrate scan: the usage is unrecognized with dot-segment, the file's other usages found, exit 0", async () => {
    const dir = tempDir("dots-scan-");
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src/a.py"), 'x = get("/v2/projects/%2e%2e/momentum")\ny = get("/v2/projects/abc/momentum?clusters=false")\n');
    // (in process: the migrate run above goes through the built CLI)
    const r = await runMain(["migrate", "scan", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(r.code, r.stderr).toBe(0);
    const findings = JSON.parse(r.stdout).findings as { line: number; status: string; rules: string[] }[];
    expect(findings.map((f) => [f.line, f.status, f.rules])).toEqual([[1, "unrecognized", ["dot-segment"]], [2, "rewritten", expect.any(Array)]]);
  });
});
