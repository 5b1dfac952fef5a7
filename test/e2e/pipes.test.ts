// Output through a pipe whose reader is slow is never cut short at exit.
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { BIN, baseEnv, useSandbox } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sh = promisify(execFile);
const sb = useSandbox();

describe("slow pipe readers", () => {
  it("get the whole output even when mids is done long before they read", async () => {
    // more than a pipe buffer (64 KiB) of JSON, read only after mids has finished
    const cmd = `"${process.execPath}" "${BIN}" projects list --limit 50 -o json | (sleep 1; cat)`;
    const { stdout } = await sh("sh", ["-c", cmd], { env: sb.env(SANDBOX_DEMO_KEY), maxBuffer: 16 << 20 });
    expect(stdout.length).toBeGreaterThan(65_536);
    expect(JSON.parse(stdout)).toHaveLength(50);
  });
});

describe("a stdout that cannot be written", () => {
  // /dev/full answers every write with ENOSPC, as a full disk does (Linux)
  it.skipIf(!existsSync("/dev/full"))("a full disk: one line saying so and exit 2, not a silent exit 1", async () => {
    const r = await sh("sh", ["-c", `"${process.execPath}" "${BIN}" projects list --limit 5 -o json > /dev/full`], { env: sb.env(SANDBOX_DEMO_KEY) }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: cannot write to stdout: ENOSPC; what was printed is incomplete\nhint: /);
  });
});

describe("SIGTERM while stdout's reader has fallen behind", () => {
  // the reader takes nothing: the pipe fills, the rest of the page waits in mids, and SIGTERM's
  // one-second deadline ends the run with output never written; stderr says so, not silence
  it("exit 143 and a line saying bytes were never written (what was printed may end mid-line)", async () => {
    const h = await hostile((_req, res, n) => sendJson(res, 200, { data: Array.from({ length: 20 }, (_, i) => ({ id: `p${n}-${i}`, slug: "s", name: "x".repeat(100_000) })), meta: { nextCursor: `c${n}` } }));
    const child = spawn(process.execPath, [BIN, "projects", "list", "--all", "-o", "ndjson"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }), stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    // output has reached the pipe: the page (2 MB) is more than the pipe (a socket pair: its buffers hold a few hundred KB) holds, and nothing reads it
    await new Promise((resolve) => child.stdout.once("readable", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(143);
    child.stdout.resume();
    expect(stderr).toMatch(/^mids: terminated: stdout's reader fell behind; \d+ bytes were never written, so what was printed may end mid-line$/m);
  });
});
