// A container run under a uid the user database does not hold, with no HOME (OpenShift, `docker
// run --user 12345`, some CI runners): every command, `completion` too, failed with "unexpected
// error: ... uv_os_homedir returned ENOENT" and exit 1. Settings from the environment are enough
// to run, and `config set` says which directory it cannot make. (Switching uid needs root.)
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, CLI_RUN_MS, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
// a uid no user database holds
const UID = 54_321;

function runAs(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env }, uid: UID, gid: UID, stdio: ["ignore", "pipe", "pipe"], cwd: "/" });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    // a run that hangs is killed, as runMids does (a CLI run, well under its 30 s)
    const timer = setTimeout(() => child.kill("SIGKILL"), CLI_RUN_MS * 5);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe.skipIf(process.getuid?.() !== 0)("no HOME and no home for the uid", () => {
  it("a query with the base URL and key from the environment runs (exit 0)", async () => {
    const r = await runAs(["projects", "list", "--limit", "1", "--jq", "length"], { MIDS_BASE_URL: sb.url, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    expect(r.stderr).not.toMatch(/unexpected error|uv_os_homedir/);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("1\n");
  });
  it("completion prints its script", async () => {
    const r = await runAs(["completion", "bash"], {});
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^# bash completion for mids/);
  });
  it("config set: exit 2 naming the file it cannot write and MIDS_CONFIG_DIR", async () => {
    const r = await runAs(["config", "set", "output", "json"], {});
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^mids: cannot write the config file \S+config\.json: E[A-Z]+\nhint: .*MIDS_CONFIG_DIR/);
  });
});
