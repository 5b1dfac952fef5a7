// A CI step whose working directory was removed under it (a cleaned workspace): node cannot read
// the working directory, and every mids command died with node's stack trace ("uv_cwd"), exit 1.
// Commands that read no path run; those that need the directory (a relative path, --jq's worker
// thread, which starts in it) say so in one line, exit 2.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, CLI_RUN_MS, tempDir, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();

/** mids run by a shell whose working directory was removed before node started. */
function inRemovedDir(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = join(tempDir("cwd-"), "gone");
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  return new Promise((resolve) => {
    execFile("sh", ["-c", `mkdir "$1" && cd "$1" && rmdir "$1" && exec ${quoted}`, "sh", dir], { env: sb.env(SANDBOX_DEMO_KEY), timeout: CLI_RUN_MS * 5, killSignal: "SIGKILL" }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe("a working directory removed before mids starts", () => {
  it("a query that reads no path runs (exit 0)", async () => {
    const r = await inRemovedDir(["projects", "list", "--limit", "1", "-o", "csv"]);
    expect(r.stderr).not.toMatch(/uv_cwd|at .*\.js:\d+/);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("rank,name,slug,symbol,trend,universe,categories");
  });
  it.each([
    [["projects", "list", "--limit", "1", "--jq", "length"]],
    [["recipes", "validate", "recipe.yaml"]],
  ])("%j: one line naming the working directory, exit 2, no stack trace", async (args) => {
    const r = await inRemovedDir(args);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^mids: the working directory cannot be read \(ENOENT\): .*\nhint: cd to a directory that exists/);
    expect(r.stderr).not.toMatch(/uv_cwd|this is a bug/);
  });
});
