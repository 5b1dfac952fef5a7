// What a user sees of the client beside the data: deprecation notices (spec 9.3), the history
// window warning (spec 8.2) and the hints of errors the client maps (spec 7). The sandbox for the
// documented answers, small hostile servers for the rest; in-process (runMain) throughout.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, useSandbox } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";
import { SANDBOX_KEYS } from "../../src/sandbox/keys.js";

const SELF = SANDBOX_KEYS.find((k) => k.id === "key_selfserve")!.key;
const env = (url: string) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "k_test_1234" });
const sb = useSandbox();

describe("history window warning (said once per key)", () => {
  it("a -q run does not use up the once-per-key warning: the next run without -q says it", async () => {
    const e = sb.env(SELF); // one state directory for both runs
    const quiet = await runMain(["intel", "list", "--limit", "1", "--jq", "length", "-q"], { env: e });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe("");
    const next = await runMain(["intel", "list", "--limit", "1", "--jq", "length"], { env: e });
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toMatch(/^mids: warning: this key reads history only from .*\(said once for this key\)$/m);
    const third = await runMain(["intel", "list", "--limit", "1", "--jq", "length"], { env: e });
    expect(third.stderr).not.toMatch(/warning/);
  });
});
