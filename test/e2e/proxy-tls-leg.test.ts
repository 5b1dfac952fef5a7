// HTTPS_PROXY=https://... naming a proxy that speaks plain http: the TLS with the proxy failed, and
// the error blamed the API ("TLS with api.mids.test failed", hint: the port in --base-url). It now
// names the proxy and its variable. (The same run printed Node's two-line DEP0123 warning, undici
// naming the proxy's IP address in SNI; an IP address is now sent no server name.)
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

it("a TLS failure with the proxy itself names the proxy and its variable, not the API", async () => {
  const plain = await hostile((_req, res) => res.end());
  const at = plain.url.replace("http://", "");
  const env = baseEnv({ HTTPS_PROXY: `https://u:proxy_pw_0077@${at}`, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMain(["topics", "list", "--base-url", "https://api.mids.test"], { env });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr).toBe(
    `mids: TLS with the proxy https://***@${at}/ (HTTPS_PROXY) failed: wrong version number\n` +
    `hint: ${at} answers without TLS: check the port in HTTPS_PROXY, or whether it should be http://; 'mids doctor' checks TLS\n`,
  );
  expect(r.stderr).not.toContain("proxy_pw_0077");
});
