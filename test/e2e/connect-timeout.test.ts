// --timeout held a request once connected, not its connection: a TLS handshake the server never
// answers (a firewall, a port that takes TCP and says nothing) ran to undici's own 10 s connect
// timeout, so --timeout 2s ended after 11 s, and a longer --timeout ended at 10 s as "network
// error ...: Connect Timeout Error (attempted address: ..., timeout: 10000ms)". The connection is
// held to --timeout now. Told apart without a clock: undici's own connect timeout runs beside the
// run, on a handshake of its own started first, and has not fired when the run ends.
import { Agent, request } from "undici";
import { expect, it } from "vitest";
import { baseEnv, budgetFor, runMids } from "../helpers/cli.js";
import { silentServer } from "../helpers/hostile.js";

const TIMEOUT_MS = 1_000;

it("a TLS handshake that never completes ends at --timeout, as a timeout, before undici's own connect timeout", async () => {
  // undici's default connect timeout (what the run fell back to) on a stalled handshake of its own
  const ownTimer = await silentServer();
  const agent = new Agent();
  let undiciGaveUp = false;
  const reference = request(`https://127.0.0.1:${ownTimer.port}/`, { dispatcher: agent }).then(() => undefined, () => void (undiciGaveUp = true));
  try {
    while (ownTimer.connections() === 0) await new Promise((r) => setTimeout(r, 10));
    const silent = await silentServer();
    const r = await runMids(["api", "/v3/topics", "--max-retries", "0", "--timeout", `${TIMEOUT_MS}ms`], { env: baseEnv({ MIDS_BASE_URL: `https://127.0.0.1:${silent.port}` }) });
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr.split("\n")[0]).toBe(`mids: GET /v3/topics timed out after ${TIMEOUT_MS} ms`);
    expect(silent.connections()).toBeGreaterThan(0);
    // the run ended by --timeout: undici's own timer, started before the run, is still running
    expect(undiciGaveUp).toBe(false);
  } finally {
    await agent.destroy();
    await reference;
  }
}, budgetFor(1) + TIMEOUT_MS);
