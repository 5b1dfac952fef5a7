// GET /v3/me returns the caller's effective limits (spec 8.1): under a sandbox's one limit for every
// key (`serve --rate-limit N`, startSandbox({ rateLimit })) it said the key's documented plan (120 a
// minute) while every header and 429 followed N, so a script pacing itself by /v3/me met 429s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

describe("/v3/me under one limit for every key", () => {
  let sb: Sandbox;
  beforeAll(async () => { sb = await startSandbox({ port: 0, host: "127.0.0.1", quiet: true, rateLimit: 7 }); });
  afterAll(() => sb.close());

  it("says the limits the headers say", async () => {
    const r = await fetch(`${sb.url}/v3/me`, { headers: { "x-api-key": SANDBOX_DEMO_KEY } });
    const { data } = await r.json() as { data: { rateLimit: { perMinute: number; perDay: number } } };
    expect(data.rateLimit).toEqual({ perMinute: Number(r.headers.get("x-ratelimit-limit-minute")), perDay: Number(r.headers.get("x-ratelimit-limit-day")) });
    expect(data.rateLimit.perMinute).toBe(7);
  });
});
