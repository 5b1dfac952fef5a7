// Issue 22 item 4, in the client: --timeout runs from when a request is sent, never while it waits
// for a free connection. N requests over 2 connections to a server answering each in ANSWER_MS:
// the last ones wait (N/2 - 1) answers for a connection, yet none times out.
import { describe, expect, it } from "vitest";
import { Client } from "../../src/client/client.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const ANSWER_MS = 50;
const N = 100;
/**
 * The timeout: 10 answers short of the last request's time from being queued to being answered
 * (N/2 answers), so a timeout counted from the queue fails the last 20 requests; a request's own
 * answer (ANSWER_MS) has 40 times that to come back, however loaded the machine (with 250 ms
 * answers and a 1 s timeout, a stall of 750 ms of this process would have failed it).
 */
const TIMEOUT_MS = (N / 2 - 10) * ANSWER_MS;

describe("the client's timeout", () => {
  it("starts at dispatch, not while a request is queued for a connection", async () => {
    let inFlight = 0;
    let most = 0;
    const h = await hostile((_req, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => (inFlight--, sendJson(res, 200, { data: [], meta: {} })), ANSWER_MS);
    });
    const client = new Client({
      baseUrl: h.url, timeoutMs: TIMEOUT_MS, maxRetries: 0, insecure: false, verbose: false, userAgent: "test", connections: 2,
      now: () => new Date(), trace: () => undefined, notice: () => undefined,
    });
    try {
      const results = await Promise.allSettled(Array.from({ length: N }, (_, i) => client.raw("GET", `/v3/x?i=${i}`, undefined)));
      expect(results.map((r) => (r.status === "rejected" ? String((r.reason as Error).message) : "ok"))).toEqual(Array(N).fill("ok"));
      expect(h.seen).toHaveLength(N);
      expect(most).toBeLessThanOrEqual(2);
    } finally {
      await client.close();
    }
  });
});
