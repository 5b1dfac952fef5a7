// Output through a pipe whose reader is slow is never cut short at exit.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { BIN, useSandbox } from "../helpers/cli.js";
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
