// mids api prints raw bodies as JSON; an output of csv or yaml does not apply, and a warning says
// so. With MIDS_OUTPUT=csv set for a whole CI job (or the config file's output), that warning
// named "-o csv", a flag nobody typed; it names the setting and where it came from.
import { describe, expect, it } from "vitest";
import { runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox();

describe("mids api with an output setting it cannot apply", () => {
  it("MIDS_OUTPUT=csv: the warning names the variable, the body is JSON", async () => {
    const r = await runMids(["api", "/v3/topics"], { env: sb.env(SANDBOX_DEMO_KEY, { MIDS_OUTPUT: "csv" }) });
    expect(r.code, r.stderr).toBe(0);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stderr).toMatch(/^mids: warning: output csv \(from env MIDS_OUTPUT\) does not apply to mids api/m);
    expect(r.stderr).not.toContain("-o csv does not apply");
  });

  // -o table typed printed JSON without a word, where -o csv and -o yaml warned
  it("-o table typed warns as -o csv does; a stored output table (a person's default) does not", async () => {
    const [typed, stored] = await Promise.all([
      runMain(["api", "/v3/topics", "-o", "table"], { env: sb.env(SANDBOX_DEMO_KEY) }),
      runMain(["api", "/v3/topics"], { env: sb.env(SANDBOX_DEMO_KEY, { MIDS_OUTPUT: "table" }) }),
    ]);
    expect([typed.code, stored.code]).toEqual([0, 0]);
    expect(typed.stderr).toMatch(/^mids: warning: -o table does not apply to mids api: the response body is printed as JSON \(a resource command such as 'mids projects list -o table' prints a table\)$/m);
    expect(stored.stderr).toBe("");
    expect(JSON.parse(typed.stdout)).toEqual(JSON.parse(stored.stdout));
  });

  it("-o yaml typed: the warning names the flag", async () => {
    const r = await runMain(["api", "/v3/topics", "-o", "yaml"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^mids: warning: -o yaml does not apply to mids api/m);
  });
});
