// A proxy that takes the connection and never answers CONNECT held the run past --timeout: the
// tunnel was opened outside the request's timer, under undici's 300 s headers timeout, so
// '--timeout 1s' ended after 5 minutes. The way to the proxy, its CONNECT answer and the TLS
// through the tunnel are held to --timeout. (The run's own 30 s kill timer stands for "never".)
import { expect, it } from "vitest";
import { baseEnv, runMids } from "../helpers/cli.js";
import { silentServer } from "../helpers/hostile.js";

it("a proxy that never answers CONNECT: --timeout ends the request, as a timeout", async () => {
  const silent = await silentServer();
  const port = silent.port;
  const env = baseEnv({ HTTPS_PROXY: `http://127.0.0.1:${port}`, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMids(["topics", "list", "--base-url", "https://api.mids.test", "--max-retries", "0", "--timeout", "1s"], { env });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr.split("\n")[0]).toBe(`mids: 'mids topics list' timed out after 1000 ms through the proxy http://127.0.0.1:${port}/ (HTTPS_PROXY)`);
  expect(silent.connections()).toBe(1);
});
