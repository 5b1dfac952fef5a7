// A --timeout that ran out on the way through a proxy (HTTPS_PROXY) named neither the proxy nor its
// variable: "'mids topics list' timed out after 300 ms", hint "raise --timeout", so the user looked at
// the API when the proxy was what held the request. The error now names the proxy it went through and
// the hint its variable (and NO_PROXY), as the proxy's other failures do.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { silentServer } from "../helpers/hostile.js";
import { testProxy } from "../helpers/proxy.js";

it("a timeout through a proxy names the proxy and the variable that set it", async () => {
  const silent = await silentServer();
  const proxy = `http://u:proxy_pw_0042@127.0.0.1:${silent.port}`;
  const env = baseEnv({ HTTPS_PROXY: proxy, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMain(["topics", "list", "--base-url", "https://api.mids.test", "--max-retries", "0", "--timeout", "300ms"], { env });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr).toBe(
    `mids: 'mids topics list' timed out after 300 ms through the proxy http://***@127.0.0.1:${silent.port}/ (HTTPS_PROXY)\n` +
    "hint: raise --timeout (e.g. --timeout 60s), or try again; if the proxy is what is slow, check HTTPS_PROXY, or name api.mids.test in NO_PROXY to reach it directly\n",
  );
  expect(r.stdout + r.stderr).not.toContain("proxy_pw_0042");
});

// doctor, when the proxy opened the tunnel and nothing answered through it in time: its fix was
// "check the network, proxies and firewall, or raise --timeout", naming neither the variable the
// proxy came from nor how to bypass it, as the client's timeout above does.
it("doctor: no answer through a proxy in time names the proxy's variable and NO_PROXY", async () => {
  const silent = await silentServer();
  const proxy = await testProxy();
  const env = baseEnv({ HTTPS_PROXY: proxy.url, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMain(["doctor", "-o", "json", "--base-url", `https://api.mids.test:${silent.port}`, "--timeout", "300ms"], { env });
  expect(r.code, r.stderr).toBe(7);
  const reachable = (JSON.parse(r.stdout).checks as { check: string; detail: string; fix?: string }[]).find((c) => c.check === "reachable");
  expect(proxy.tunnels).toEqual([`api.mids.test:${silent.port}`]);
  expect(reachable?.detail).toBe(`api.mids.test:${silent.port} through the proxy ${proxy.url}/ (HTTPS_PROXY): ETIMEDOUT (no answer within 300 ms)`);
  expect(reachable?.fix).toBe("check HTTPS_PROXY, or name api.mids.test in NO_PROXY to reach it directly; or check the network and firewall, or raise --timeout (e.g. --timeout 60s)");
});

// (doctor's fix said "raise --timeout" to a job whose MIDS_TIMEOUT set it, where the client's error
// names the variable)
it("doctor: a timeout set in MIDS_TIMEOUT is raised there", async () => {
  const silent = await silentServer();
  const env = baseEnv({ MIDS_TIMEOUT: "300ms", MIDS_API_KEY: "mids_test_key_0001", MIDS_BASE_URL: `http://127.0.0.1:${silent.port}` });
  const r = await runMain(["doctor", "-o", "json"], { env });
  expect(r.code, r.stderr).toBe(7);
  const reachable = (JSON.parse(r.stdout).checks as { check: string; fix?: string }[]).find((c) => c.check === "reachable");
  expect(reachable?.fix).toBe("check the network, proxies and firewall, or raise MIDS_TIMEOUT (e.g. MIDS_TIMEOUT=60s), or pass --timeout 60s for one run");
});
