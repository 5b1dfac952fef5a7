// https:// to a port that serves plain http: the error printed OpenSSL's whole text ("TLS with
// 127.0.0.1:8080 failed: 80BC...:error:0A00010B:SSL routines:ssl3_get_record:wrong version
// number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:") and the hint sent the user to the
// system clock and the CA certificates. Now OpenSSL's reason alone, and the fix mids doctor gives.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

it("a plain-http port behind an https:// base URL: OpenSSL's reason, and a hint on the port or scheme", async () => {
  const plain = await hostile((_req, res) => res.end());
  const host = plain.url.replace("http://", "");
  const r = await runMain(["topics", "list", "--base-url", `https://${host}`], { env: baseEnv({ MIDS_API_KEY: "mids_test_key_0001" }) });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr).toBe(
    `mids: TLS with ${host} failed: wrong version number\n` +
    `hint: ${host} answers without TLS: check the port in --base-url, or whether it should be http://; 'mids doctor' checks TLS\n`,
  );
});
