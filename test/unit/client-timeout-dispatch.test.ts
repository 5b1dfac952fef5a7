// Issue 22 item 4, in the client: --timeout runs from when a request is sent, never while it waits
// for a free connection. N requests over 2 connections to a server answering each in ANSWER_MS:
// the last ones wait (N/2 - 1) answers for a connection, yet none times out.
import { describe, expect, it } from "vitest";
import { Agent } from "undici";
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

// undici (7.30) aborts a request still waiting for its connection only once it has one: a
// connection that came late (a SYN dropped by a full backlog, a proxy slow to take it) held the
// request past --timeout (1 s ended after 2 s, on undici's coarse connect timer), and for ever
// where no connect timeout ran. The connection here is held back until the request has ended.
describe("the client's timeout, on a connection that does not come", () => {
  it("ends the request at --timeout, before the connection is made", async () => {
    let connect: ((err: Error | null, socket: null) => void) | undefined;
    const agent = new Agent({ connect: (_opts: unknown, cb: (err: Error | null, socket: null) => void) => void (connect = cb) } as never);
    const proxy = { uri: "http://127.0.0.1:9/", shown: "http://127.0.0.1:9/", from: "HTTPS_PROXY", secrets: [] };
    const client = new Client({
      baseUrl: "https://api.mids.test", timeoutMs: 100, maxRetries: 0, insecure: false, verbose: false, userAgent: "test",
      now: () => new Date(), trace: () => undefined, notice: () => undefined, proxy: { proxy, dispatcher: () => agent },
    });
    try {
      const outcome = client.raw("GET", "/v3/topics", undefined).then(() => "answered", (e: Error) => `${e.name}: ${e.message}`);
      // (without the fix the request waits for the connection: 'still waiting' after 20 timeouts)
      const waited = await Promise.race([outcome, new Promise((r) => setTimeout(() => r("still waiting"), 2_000))]);
      expect(connect).toBeTypeOf("function");
      expect(waited).toBe("TimeoutError: GET /v3/topics timed out after 100 ms through the proxy http://127.0.0.1:9/ (HTTPS_PROXY)");
    } finally {
      connect?.(Object.assign(new Error("closed by the test"), { code: "ECONNREFUSED" }), null);
      await client.close();
    }
  });
});
