// HTTPS_PROXY naming a server that closes the connection instead of answering CONNECT (a plain
// HTTP server, not a proxy): undici took the close for a socket error to reconnect after, at once
// and without end, and a request waiting for a connection is not aborted by --timeout: the run spun
// at full CPU until killed (10 minutes and counting). Now one error naming the proxy, exit 7. The
// subject is the process ending, so it is spawned (in this process the old loop would never end).
import { expect, it } from "vitest";
import { baseEnv, budgetFor, runMain, runMids } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

it("a proxy that closes the connection on CONNECT ends the run: exit 7 naming the proxy", async () => {
  // (node's HTTP server closes a CONNECT it has no listener for)
  const notProxy = await hostile((_req, res) => res.end());
  const env = baseEnv({ HTTPS_PROXY: notProxy.url, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMids(["topics", "list", "--base-url", "https://api.mids.test", "--max-retries", "0", "--timeout", "2s"], { env, timeoutMs: budgetFor(1) });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr).toBe(
    `mids: the proxy ${notProxy.url}/ (HTTPS_PROXY) closed the connection without answering the tunnel request (CONNECT) to api.mids.test\n` +
    // (the host to name in NO_PROXY is named, as the timeout's and a TLS failure's hints and doctor's fix name it)
    "hint: check HTTPS_PROXY, or name api.mids.test in NO_PROXY to reach it directly; 'mids doctor' checks the way there\n",
  );
}, budgetFor(2));

// (nothing went to the API: a POST refused so is not "may have been carried out")
it("a POST through it: nothing was sent, so the hint does not say it may have run", async () => {
  const notProxy = await hostile((_req, res) => res.end());
  const env = baseEnv({ HTTPS_PROXY: notProxy.url, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMain(["api", "-X", "POST", "/v2/recipes/execute", "-f", "name=x", "--base-url", "https://api.mids.test"], { env });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr).toMatch(/^mids: the proxy .* closed the connection without answering the tunnel request \(CONNECT\) to api\.mids\.test\n/);
  expect(r.stderr).not.toContain("may have been carried out");
});

// (mids doctor's detail was the socket's code alone: 'the proxy ... (HTTPS_PROXY): ECONNRESET')
it("mids doctor says what the proxy did, as the command's error does", async () => {
  const notProxy = await hostile((_req, res) => res.end());
  const env = baseEnv({ HTTPS_PROXY: notProxy.url, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMain(["doctor", "-o", "json", "--base-url", "https://api.mids.test"], { env });
  expect(r.code, r.stderr).toBe(7);
  const check = (JSON.parse(r.stdout).checks as { check: string; detail: string }[]).find((c) => c.check === "reachable");
  expect(check?.detail).toBe(`the proxy ${notProxy.url}/ (HTTPS_PROXY): closed the connection without answering the tunnel request (CONNECT) to api.mids.test`);
});
