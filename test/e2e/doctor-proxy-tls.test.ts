// mids doctor with HTTPS_PROXY=https://... for a proxy that speaks plain http: 'FAIL reachable the
// proxy ... (HTTPS_PROXY): EPROTO', fix 'check HTTPS_PROXY, or name ... in NO_PROXY'. It now says
// TLS with the proxy failed and why, and the fix on the proxy URL's port or scheme.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

it("doctor: a TLS failure with the proxy says so, with the fix on the proxy URL", async () => {
  const plain = await hostile((_req, res) => res.end());
  const at = plain.url.replace("http://", "");
  const env = baseEnv({ HTTPS_PROXY: `https://${at}`, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMain(["doctor", "-o", "json", "--base-url", "https://api.mids.test"], { env });
  expect(r.code, r.stderr).toBe(7);
  const check = (JSON.parse(r.stdout).checks as { check: string; detail: string; fix?: string }[]).find((c) => c.check === "reachable");
  expect(check?.detail).toMatch(new RegExp(`^the proxy https://${at.replace(/\./g, "\\.")}/ \\(HTTPS_PROXY\\): TLS failed: \\w+: wrong version number$`));
  expect(check?.fix).toBe(`${at} answers without TLS: check the port in HTTPS_PROXY, or whether it should be http://`);
});
