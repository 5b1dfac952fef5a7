// A POST whose tunnel the proxy refused (CONNECT answered 403 or 407: nothing reached the API) was
// told "the POST may have been carried out before it failed ... check the result before running it
// again", in place of the proxy's fix. Nothing was sent, so the hint is the proxy's.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { testProxy } from "../helpers/proxy.js";

it("a POST refused by the proxy's CONNECT gets the proxy's fix, not 'may have been carried out'", async () => {
  const proxy = await testProxy({ refuse: 403 });
  const env = baseEnv({ HTTPS_PROXY: proxy.url, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMain(["api", "-X", "POST", "/v2/recipes/execute", "-f", "name=x", "--base-url", "https://api.mids.test"], { env });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr).toBe(
    `mids: the proxy ${proxy.url}/ (HTTPS_PROXY) refused to open a tunnel to api.mids.test: HTTP 403\n` +
    // (the host to name in NO_PROXY is named, as the timeout's and a TLS failure's hints and doctor's fix name it)
    "hint: check HTTPS_PROXY, or name api.mids.test in NO_PROXY to reach it directly; 'mids doctor' checks the way there\n",
  );
});
