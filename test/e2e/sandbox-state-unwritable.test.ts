// `mids --sandbox alerts pause` with a state directory that cannot be written (a CI runner's or a
// container's read-only HOME): every change was the in-process sandbox's 500, "the server failed
// (internal_error): ... EACCES", exit 7, as if the API were down. The change is made for this run,
// and a warning says it is not kept; commands that change nothing say nothing about it.
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMids, tempDir } from "../helpers/cli.js";

// the demo key's first alert (owner A; GET /_sandbox/fixtures lists them)
const ALERT_A1 = "alr_358143c32a05a788";

/** A state directory this process cannot make: under a read-only directory, or for root (who writes anywhere) under /sys. */
function unwritableStateDir(): string | undefined {
  const dir = process.getuid?.() === 0 ? "/sys/mids-test" : join(tempDir("ro-home-"), "ro");
  if (!dir.startsWith("/sys")) {
    mkdirSync(dir);
    chmodSync(dir, 0o555);
  }
  try {
    mkdirSync(join(dir, "state"), { recursive: true });
    return undefined;
  } catch {
    return join(dir, "state");
  }
}

const stateDir = unwritableStateDir();

describe.skipIf(stateDir === undefined)("--sandbox with a state directory that cannot be written", () => {
  it("alerts pause: exit 0 with the paused alert, and a warning that the change is kept for this run only", async () => {
    const r = await runMids(["--sandbox", "alerts", "pause", ALERT_A1, "-o", "csv"], { env: baseEnv({ MIDS_STATE_DIR: stateDir }) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split("\n")[1]).toMatch(new RegExp(`^${ALERT_A1},\\w+,paused,`));
    expect(r.stderr).toMatch(/^mids: warning: the state directory .* cannot be written \(E[A-Z]+\): the sandbox keeps alert changes for this run only; set MIDS_STATE_DIR/m);
  });

  it("a command that changes no alert runs as before, without the warning", async () => {
    const r = await runMids(["--sandbox", "alerts", "get", ALERT_A1, "--jq", ".id"], { env: baseEnv({ MIDS_STATE_DIR: stateDir }) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${ALERT_A1}\n`);
    expect(r.stderr).not.toMatch(/state directory/);
  });
});
