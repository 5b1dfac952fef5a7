// Ctrl-C or SIGTERM while mids reads a stdin that has not ended (a terminal: 'mids recipes validate -'
// typed and waiting; a pipe that stays open): exit 130 or 143 at once, saying so. bin's handler only
// aborts the run, and the read went on until the input ended: the interrupt was ignored until Ctrl-D,
// and a CI timeout's SIGTERM until the SIGKILL after it.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, baseEnv } from "../helpers/cli.js";

/** mids with a stdin that never ends; `signal` once stderr shows `ready` (the run has reached the read). */
function interruptReading(args: string[], ready: RegExp, signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9" }), stdio: ["pipe", "pipe", "pipe"] });
  child.stdin.on("error", () => undefined);
  child.stdin.write("name: half a recipe\n");
  let stderr = "";
  let sent = false;
  // a run that never ends fails here rather than hanging the suite
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  child.stderr.setEncoding("utf8").on("data", (d) => {
    stderr += d;
    if (!sent && ready.test(stderr)) { sent = true; child.kill(signal); }
  });
  child.stdout.resume();
  return new Promise((resolve) => child.on("exit", (code) => { clearTimeout(timer); resolve({ code, stderr }); }));
}

describe("an interrupt while stdin is read", () => {
  // the discontinuation notice is printed just before stdin is read
  const NOTICE = /uses the deprecated v2 API.*\n/;
  it("SIGINT: exit 130, 'interrupted while reading stdin'", async () => {
    const r = await interruptReading(["recipes", "validate", "-"], NOTICE, "SIGINT");
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/^mids: interrupted while reading stdin$/m);
  });
  it("SIGTERM: exit 143", async () => {
    const r = await interruptReading(["recipes", "validate", "-"], NOTICE, "SIGTERM");
    expect(r.code, r.stderr).toBe(143);
    expect(r.stderr).toMatch(/^mids: interrupted while reading stdin$/m);
  });
});
