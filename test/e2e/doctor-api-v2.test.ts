// doctor with the api setting at v2 (the deprecated interface, spec 1 and 9.2), from a flag, the
// environment or a profile: a config warning naming the fix where it was set, exit 0 (v2 keeps
// working); before, 'ok config ... settings: api v2' said nothing of it.
import { expect, it } from "vitest";
import { runMain, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const sb = useSandbox(["-q"]);
interface Check { check: string; status: string; detail: string; fix?: string }
const configCheck = (stdout: string) => (JSON.parse(stdout).checks as Check[]).find((c) => c.check === "config")!;

it("api v2 from a flag, MIDS_API or a profile is a config warning with its own fix; v3 is ok", async () => {
  const stored = sb.env(SANDBOX_DEMO_KEY);
  await runMain(["config", "set", "--profile", "old", "api", "v2"], { env: stored });
  const [flag, env, profile, v3] = await Promise.all([
    runMain(["doctor", "-o", "json", "--api", "v2"], { env: sb.env(SANDBOX_DEMO_KEY) }),
    runMain(["doctor", "-o", "json"], { env: { ...sb.env(SANDBOX_DEMO_KEY), MIDS_API: "v2" } }),
    runMain(["doctor", "-o", "json", "--profile", "old"], { env: stored }),
    runMain(["doctor", "-o", "json", "--api", "v3"], { env: sb.env(SANDBOX_DEMO_KEY) }),
  ]);
  const fixes: [typeof flag, string][] = [[flag, "drop --api v2"], [env, "unset MIDS_API"], [profile, "run 'mids config unset --profile old api'"]];
  for (const [r, fix] of fixes) {
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const c = configCheck(r.stdout);
    expect(c.status).toBe("warn");
    expect(c.detail).toMatch(/; v2 is the deprecated API: the commands that have both read its routes$/);
    expect(c.fix).toBe(`${fix} for v3, the default ('mids migrate explain' maps each v2 route to its v3 successor)`);
  }
  expect(v3.code).toBe(0);
  expect(configCheck(v3.stdout).status).toBe("ok");
});
