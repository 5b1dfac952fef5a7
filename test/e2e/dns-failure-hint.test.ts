// A base URL whose host name does not resolve (a typo): "cannot resolve api.mids.invalid", hint
// "check --base-url and your network", as if the network were down. The hint now names the host
// name in the setting the base URL came from.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";

it("a host name that does not resolve: the hint names the host name in the base URL's setting", async () => {
  // (.invalid never resolves, RFC 2606; a resolver that cannot answer at all says EAI_AGAIN)
  const r = await runMain(["topics", "list", "--max-retries", "0"], { env: baseEnv({ MIDS_BASE_URL: "https://api.mids.invalid", MIDS_API_KEY: "mids_test_key_0001" }) });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr).toMatch(/^mids: cannot resolve api\.mids\.invalid\nhint: check the host name in MIDS_BASE_URL( and the DNS resolver \(it could not answer now\))?; 'mids doctor' checks it\n$/);
});
