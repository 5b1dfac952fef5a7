// --output-file is written whole or not at all: a write that fails half-way (here a file size
// limit, `ulimit -f`, as a full disk would) left a cut SARIF file behind, which a CI step run
// `if: always()` then uploaded (and code scanning refused).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, baseEnv, fileTree, runMain, tempDir } from "../helpers/cli.js";

/** bin/mids with RLIMIT_FSIZE at `kib` KiB (bash counts ulimit -f in 1024-byte blocks). */
function runLimited(kib: number, args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", `ulimit -f ${kib}; exec "$0" "$@"`, process.execPath, BIN, ...args], { cwd, env: baseEnv(), stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("--output-file when the write fails half-way", () => {
  // 200 files of two usages: a SARIF report of some 350 KB, over the 64 KiB limit
  const tree = fileTree(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`src/f${i}.js`, 'a = "/v2/topics";\nb = "/v2/clusters";\n'])));

  it("leaves no cut report: absent when there was none, the earlier one untouched when there was; no temporary file left", { timeout: 60_000 }, async () => {
    const out = tempDir("report-");
    const fresh = await runLimited(64, ["migrate", "scan", tree, "--output-file", join(out, "v2.sarif")], out);
    expect(fresh.code).toBe(2);
    expect(fresh.stderr).toMatch(/cannot write --output-file '.*v2\.sarif': EFBIG\nhint: the disk is full or the file is over a size limit; no part of the report was written/);
    expect(existsSync(join(out, "v2.sarif"))).toBe(false);

    writeFileSync(join(out, "v2.sarif"), "{}\n");
    const again = await runLimited(64, ["migrate", "scan", tree, "--output-file", join(out, "v2.sarif")], out);
    expect(again.code).toBe(2);
    expect(readFileSync(join(out, "v2.sarif"), "utf8")).toBe("{}\n");
    expect(readdirSync(out)).toEqual(["v2.sarif"]);

    // with room, the whole report replaces it (in process: the limited runs above are bin/mids)
    const ok = await runMain(["migrate", "scan", tree, "--output-file", join(out, "v2.sarif")], { cwd: out, env: baseEnv() });
    expect(ok.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, "v2.sarif"), "utf8")).runs[0].results).toHaveLength(400);
    expect(readdirSync(out)).toEqual(["v2.sarif"]);
  });
});
