// HTTPS_PROXY with a password holding a bare % (http://u:50%off@proxy:3128): 'mids: unexpected
// error: URI malformed', 'this is a bug', exit 1, from commands and mids doctor alike (the proxy's
// credentials are percent-decoded). It is now a usage error naming the variable, the password
// hidden, and the fix: a % written as %25.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";

it("a proxy URL whose user name or password is not valid percent-encoding is a usage error", async () => {
  const env = baseEnv({ HTTPS_PROXY: "http://u:50%off_pw@proxy.invalid:3128", MIDS_API_KEY: "mids_test_key_0001" });
  const [r, doctor] = await Promise.all([
    runMain(["topics", "list", "--base-url", "https://api.mids.test"], { env }),
    runMain(["doctor", "-o", "json", "--base-url", "https://api.mids.test"], { env }),
  ]);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toBe(
    "mids: HTTPS_PROXY holds a user name or password that is not valid percent-encoding (http://***@proxy.invalid:3128/)\n" +
    "hint: write a % in them as %25 (and @ as %40, : as %3A), or unset HTTPS_PROXY\n",
  );
  expect(doctor.code, doctor.stderr).toBe(2);
  const check = (JSON.parse(doctor.stdout).checks as { check: string; detail: string; fix?: string }[]).find((c) => c.check === "reachable");
  expect(check?.fix).toBe("write a % in them as %25 (and @ as %40, : as %3A), or unset HTTPS_PROXY");
  expect(r.stderr + doctor.stdout + doctor.stderr).not.toContain("off_pw");
});
