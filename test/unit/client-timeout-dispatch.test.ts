// Issue 22 item 4, in the client: --timeout runs from when a request is sent, never while it waits
// for a free connection. 10 requests over 2 connections to a server answering in 250 ms: the last
// ones wait ~1 s for a connection, yet none times out at 1 s.
import { describe, expect, it } from "vitest";
import { Client } from "../../src/client/client.js";
import { hostile, sendJson } from "../helpers/hostile.js";

describe("the client's timeout", () => {
  it("starts at dispatch, not while a request is queued for a connection", async () => {
    let inFlight = 0;
    let most = 0;
    const h = await hostile((_req, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => (inFlight--, sendJson(res, 200, { data: [], meta: {} })), 250);
    });
    const client = new Client({
      baseUrl: h.url, timeoutMs: 1000, maxRetries: 0, insecure: false, verbose: false, userAgent: "test", connections: 2,
      now: () => new Date(), trace: () => undefined, notice: () => undefined,
    });
    try {
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => client.raw("GET", `/v3/x?i=${i}`, undefined)));
      expect(results.map((r) => (r.status === "rejected" ? String((r.reason as Error).message) : "ok"))).toEqual(Array(10).fill("ok"));
      expect(h.seen).toHaveLength(10);
      expect(most).toBeLessThanOrEqual(2);
    } finally {
      await client.close();
    }
  });
});
