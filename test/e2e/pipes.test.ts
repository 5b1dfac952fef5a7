// Output through a pipe whose reader is slow is never cut short at exit.
import { execFile } from "node:child_process";
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
