// A 429 the sandbox is told to answer (Prefer: code=429, a `429` fault, a scenario's status) says
// what any 429 of the minute window says (spec 7.2, 8.1): nothing of the window left, reset when
// Retry-After ends, in the headers and in v2's `limits`. It reported the key's real count (91
// requests left, on a 429) and a reset up to a minute after its Retry-After of 1 s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

describe("a forced 429", () => {
  let sb: Sandbox;
  beforeAll(async () => { sb = await startSandbox({ port: 0, host: "127.0.0.1", quiet: true, now: () => new Date("2026-11-01T12:00:10Z") }); });
  afterAll(() => sb.close());

  it("has no request of the minute left and resets when its Retry-After ends, v2 and v3 alike", async () => {
    const headers = { "x-api-key": SANDBOX_DEMO_KEY };
    // one normal request first: the key has used one of its minute's
    expect((await fetch(`${sb.url}/v3/me`, { headers })).headers.get("x-ratelimit-remaining-minute")).not.toBe("0");
    for (const path of ["/v3/me", "/v2/projects"]) {
      const r = await fetch(`${sb.url}${path}`, { headers: { ...headers, prefer: "code=429" } });
      expect(r.status).toBe(429);
      const retryAfter = Number(r.headers.get("retry-after"));
      const at = Date.parse(r.headers.get("date")!) / 1000;
      expect([path, r.headers.get("x-ratelimit-remaining-minute"), Number(r.headers.get("x-ratelimit-reset-minute")) - at]).toEqual([path, "0", retryAfter]);
      const body = await r.json() as { limits?: { minute: { remaining: number; resetAt: string } }; details?: { window: string } };
      if (path.startsWith("/v2")) expect([body.limits!.minute.remaining, Date.parse(body.limits!.minute.resetAt) / 1000 - at]).toEqual([0, retryAfter]);
      else expect(body.details!.window).toBe("minute");
    }
  });
});
