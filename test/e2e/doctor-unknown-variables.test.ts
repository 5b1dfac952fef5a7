// doctor with a misspelt MIDS_* variable (MIDS_APIKEY, MIDS_TIMEOT): a config warning naming each,
// with the variable it likely means, never its value; before, 'ok' while the value meant (a key, a
// base URL) went unused and the key or base-url check failed for want of it. A variable of the
// user's own (MIDS_CI_KEY, as the docs' CI examples name the secret) is no warning.
import { expect, it } from "vitest";
import { runMain, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox(["-q"]);
interface Check { check: string; status: string; detail: string; fix?: string }

it("a misspelt MIDS_* variable is a config warning naming it and what it likely means, never its value; exit 0", async () => {
  const secret = "mids_misplaced_key_0123456789";
  const env = { ...sb.env(SANDBOX_DEMO_KEY), MIDS_APIKEY: secret, MIDS_TIMEOT: "5", MIDS_CI_KEY: secret };
  const r = await runMain(["doctor", "-o", "json"], { env });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  const c = (JSON.parse(r.stdout).checks as Check[]).find((x) => x.check === "config")!;
  expect(c.status).toBe("warn");
  expect(c.detail).toMatch(/; mids reads no MIDS_APIKEY \(did you mean MIDS_API_KEY\?\), MIDS_TIMEOT \(did you mean MIDS_TIMEOUT\?\)$/);
  expect(c.fix).toBe("rename them ('mids --help' lists the settings' variables)");
  expect(r.stdout + r.stderr).not.toContain(secret);
  // the variables mids reads, its test hooks and the user's own are no warning
  const plain = await runMain(["doctor", "-o", "json"], { env: { ...sb.env(SANDBOX_DEMO_KEY), MIDS_PAGER: "", MIDS_DEBUG: "1", MIDS_TEST_CONFIG_HOLD_MS: "0", MIDS_CI_KEY: secret } });
  expect((JSON.parse(plain.stdout).checks as Check[]).find((x) => x.check === "config")!.status).toBe("ok");
});
