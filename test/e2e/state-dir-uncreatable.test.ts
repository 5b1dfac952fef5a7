// A state directory that can never be made (`MIDS_STATE_DIR=/proc/x`: mkdir there answers ENOENT
// although /proc exists): every run that touched it never ended, node's recursive mkdir retrying
// forever, `--sandbox` commands and any command with a notice said once alike. The state dir only
// holds those notices and the sandbox's alert changes: the run goes on, with one warning.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { budgetFor, CLI_RUN_MS, baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_KEYS } from "../../src/sandbox/keys.js";

const SELF = SANDBOX_KEYS.find((k) => k.id === "key_selfserve")!.key;
// the demo key's first alert (owner A; GET /_sandbox/fixtures lists them)
const ALERT_A1 = "alr_358143c32a05a788";
const STATE = "/proc/mids-state/nested";
const WARNING = /^mids: warning: the state directory \/proc\/mids-state\S* cannot be written \(ENOENT\)/gm;

const sb = useSandbox();

// (declared only where /proc exists: a test is never reported skipped)
if (existsSync("/proc/self")) describe("a state directory under /proc", () => {
  // each run is killed after one CLI run's time: a hang fails the test, it does not stall the file
  const run = (args: string[], env: Record<string, string>) => runMids(args, { env, timeoutMs: CLI_RUN_MS });

  it("--sandbox alerts pause: the change is made, with one warning that it is kept for this run only", async () => {
    const r = await run(["--sandbox", "alerts", "pause", ALERT_A1, "-o", "csv"], baseEnv({ MIDS_STATE_DIR: STATE }));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split("\n")[1]).toMatch(new RegExp(`^${ALERT_A1},\\w+,paused,`));
    expect(r.stderr.match(WARNING)).toHaveLength(1);
    expect(r.stderr).toMatch(/the sandbox keeps alert changes for this run only; set MIDS_STATE_DIR to a directory mids can write$/m);
  }, budgetFor(1));

  it("a notice said once (the history window's): printed, with one warning that it repeats on every run", async () => {
    const r = await run(["intel", "list", "--limit", "1", "--jq", "length"], sb.env(SELF, { MIDS_STATE_DIR: STATE }));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("1\n");
    expect(r.stderr).toMatch(/^mids: warning: this key reads history only from /m);
    expect(r.stderr.match(WARNING)).toHaveLength(1);
    expect(r.stderr).toMatch(/notices repeat on every run; set MIDS_STATE_DIR/);
  }, budgetFor(1));

  it("-q: nothing on stderr, the data on stdout", async () => {
    const r = await run(["-q", "intel", "list", "--limit", "1", "--jq", "length"], sb.env(SELF, { MIDS_STATE_DIR: STATE }));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("1\n");
    expect(r.stderr).toBe("");
  }, budgetFor(1));
});

// The config directory likewise (`MIDS_CONFIG_DIR=/proc/x mids config set ...` never ended and
// ignored SIGTERM): the write fails at once with the config file's own error and hint.
if (existsSync("/proc/self")) describe("a config directory under /proc", () => {
  it("config set: exit 2 at once, naming the file and the fix", async () => {
    // (in process: the hang this guards against fails the test's budget)
    const r = await runMain(["config", "set", "output", "json"], { env: baseEnv({ MIDS_CONFIG_DIR: "/proc/mids-config/nested" }) });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^mids: cannot write the config file \/proc\/mids-config\/nested\/config\.json: ENOENT$/m);
    expect(r.stderr).toMatch(/^hint: .*set MIDS_CONFIG_DIR to another directory/m);
  }, budgetFor(1));
});
