// In GitHub Actions, `migrate scan --fail-on ...` fails the step (exit 8) and says so on stderr;
// the step summary's heading said only the counts, so the job's summary page read like a pass
// (a table of findings, nothing failed). The heading now carries what matched --fail-on.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, fileTree, runMids } from "../helpers/cli.js";

describe("migrate scan's step summary and --fail-on", () => {
  it("heads the table with what matched --fail-on, as the stderr line does; a pass says nothing of it", async () => {
    const repo = fileTree({ "client.js": 'fetch(BASE + "/v2/topics");\nfetch(BASE + "/v2/projects/" + id + "/candles");\n' }, "repo-");
    const summary = join(repo, "summary.md");
    const env = baseEnv({ GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary, GITHUB_WORKSPACE: repo });
    const failed = await runMids(["migrate", "scan", ".", "--fail-on", "removed,unrecognized", "--output-file", "v2.sarif"], { cwd: repo, env });
    expect(failed.code, failed.stderr).toBe(8);
    const stderrLine = failed.stderr.split("\n").find((l) => l.includes("matched --fail-on"))!;
    const gate = /; \d+ matched --fail-on \([^)]*\)/.exec(stderrLine)![0];
    expect(gate).toBe("; 1 matched --fail-on (1 removed)");
    const heading = readFileSync(summary, "utf8").split("\n")[0];
    expect(heading.startsWith("### mids migrate scan: ")).toBe(true);
    expect(heading.endsWith(gate)).toBe(true);

    const passed = await runMids(["migrate", "scan", ".", "--fail-on", "unrecognized", "--output-file", "v2.sarif"], { cwd: repo, env });
    expect(passed.code, passed.stderr).toBe(0);
    const second = readFileSync(summary, "utf8").split("\n").filter((l) => l.startsWith("### "))[1];
    expect(second).not.toContain("--fail-on");
  });
});
