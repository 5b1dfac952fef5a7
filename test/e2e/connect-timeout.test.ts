// --timeout held a request once connected, not its connection: a TLS handshake the server never
// answers (a firewall, a port that takes TCP and says nothing) ran to undici's own 10 s connect
// timeout, so --timeout 2s ended after 11 s, and a longer --timeout ended at 10 s as "network
// error ...: Connect Timeout Error (attempted address: ..., timeout: 10000ms)". The connection is
// held to --timeout now. (A --timeout past those 10 s tells the two apart without a clock.)
import { expect, it } from "vitest";
import { baseEnv, budgetFor, runMids } from "../helpers/cli.js";
import { silentServer } from "../helpers/hostile.js";

const TIMEOUT_MS = 11_000;

it("a TLS handshake that never completes ends at --timeout, as a timeout", async () => {
  const silent = await silentServer();
  const port = silent.port;
  const r = await runMids(["api", "/v3/topics", "--max-retries", "0", "--timeout", `${TIMEOUT_MS / 1000}s`], { env: baseEnv({ MIDS_BASE_URL: `https://127.0.0.1:${port}` }) });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr.split("\n")[0]).toBe(`mids: GET /v3/topics timed out after ${TIMEOUT_MS} ms`);
  expect(silent.connections()).toBeGreaterThan(0);
}, budgetFor(1) + TIMEOUT_MS);
