// `mids alerts pause $a $b` prints an array (several id arguments), but with $a = $b the repeat
// was dropped first and the one id left printed an object: a script's `--jq '.[].status'` then
// walked the alert's fields. The shape follows the ids typed; the repeated id is still sent once.
import { describe, expect, it } from "vitest";
import { runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();
// the demo key's first alert (owner A; GET /_sandbox/fixtures lists them)
const A1 = "alr_358143c32a05a788";

describe("alerts pause|resume with an id given twice", () => {
  it.each(["pause", "resume"])("%s A A -o json: an array of one alert, one PATCH, and a warning", async (verb) => {
    const r = await runMain(["alerts", verb, A1, A1, "-o", "json"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Array.isArray(out)).toBe(true);
    expect(out.map((a: { id: string }) => a.id)).toEqual([A1]);
    expect(r.stderr).toMatch(/^mids: warning: ignoring repeated id: alr_358143c32a05a788$/m);
  });

  // (a run of bin/mids: --jq needs the bundle's jq worker)
  it("--jq '.[].status' reads the alerts' statuses, not the fields of one", async () => {
    const r = await runMids(["alerts", "pause", A1, A1, "--jq", ".[].status"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("paused\n");
  });

  it("--dry-run prints the planned requests as a list too", async () => {
    const r = await runMain(["alerts", "pause", A1, A1, "--dry-run", "-o", "json"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
  });
});
