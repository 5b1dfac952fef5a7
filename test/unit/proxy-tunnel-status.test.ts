// A proxy that refuses the tunnel (its answer to CONNECT is 407, 403, 502...): the status is read
// from a field of the error, not from undici's message text, which holds it only in words
// ("Proxy response (407) !== 200 when HTTP Tunneling", undici 7.30): a reworded message would have
// turned "put the proxy's credentials in HTTPS_PROXY" (407) and the retry of a 502 into a plain
// network error. The message is still read when undici's own error is what failed.
import { describe, expect, it } from "vitest";
import apiRequest from "undici/lib/api/api-request.js";
import { ProxyAgent, type Dispatcher } from "undici";
import { proxyAgent } from "../../src/client/proxy-agent.js";
import { TunnelRefused, tunnelStatus } from "../../src/client/proxy.js";
import { testProxy } from "../helpers/proxy.js";

// (nothing listens here: a proxy that refuses never opens a tunnel to it)
const TARGET = "http://api.mids.test:9";

/** The error a request through `agent` fails with (one CONNECT, answered at once by the loopback proxy). */
async function failure(agent: Dispatcher): Promise<unknown> {
  try {
    await apiRequest.call(agent, { origin: TARGET, path: "/v3/me", method: "GET" });
  } catch (e) {
    return e;
  } finally {
    await agent.close().catch(() => undefined);
  }
  throw new Error("the request went through a proxy that refuses every tunnel");
}

describe("a proxy's refusal of the tunnel", () => {
  for (const status of [407, 403, 502]) {
    it(`${status}: mids's proxy agent fails with the status as a field`, async () => {
      const proxy = await testProxy({ refuse: status });
      const err = await failure(proxyAgent(proxy.url, { keepAliveTimeout: 1_000, connections: 1 }));
      expect(err).toBeInstanceOf(TunnelRefused);
      expect((err as TunnelRefused).statusCode).toBe(status);
      expect(tunnelStatus(err)).toBe(status);
      expect(proxy.tunnels).toEqual(["api.mids.test:9"]);
    });
  }

  it("undici's own error (its ProxyAgent, without mids's client): the status is read from its message", async () => {
    const proxy = await testProxy({ refuse: 403 });
    const err = await failure(new ProxyAgent({ uri: proxy.url }));
    expect(err).not.toBeInstanceOf(TunnelRefused);
    expect(tunnelStatus(err)).toBe(403);
  });

  it("other errors are no refusal, the status of an answer neither", () => {
    expect(tunnelStatus(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(tunnelStatus(new Error("the server said: Proxy response (403) !== 200 when HTTP Tunneling, twice"))).toBeUndefined();
    expect(tunnelStatus({ statusCode: 403 })).toBeUndefined();
    expect(tunnelStatus(new TypeError("fetch failed", { cause: new TunnelRefused(502) }))).toBe(502);
  });
});
