// Per-request control of `mids sandbox serve` (Prefer header, admin endpoints; loopback only unless
// --remote-control) and scenarios (--scenario FILE: answers per route in turn; a bad file is exit 2).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMids, startSandbox, tempDir, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const demo = { "x-api-key": SANDBOX_DEMO_KEY };

describe("Prefer: a fault or a status for one request", () => {
  const sb = useSandbox(["-q"]);

  it("code=429 answers 429 with Retry-After and says what it applied; the next request is normal", async () => {
    const r = await fetch(`${sb.url}/v3/topics`, { headers: { prefer: "code=429" } });
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("1");
    expect(r.headers.get("preference-applied")).toBe("code=429");
    expect((await r.json()).code).toBe("rate_limited");
    expect((await fetch(`${sb.url}/v3/topics`)).status).toBe(200);
  });

  it("reaches mids: a 404 by Prefer is exit 4, a reset is a network error, a bad preference a one-line 400; mids without it exits 0", async () => {
    const [notFound, reset, typo, plain] = await Promise.all([
      runMids(["api", "/v3/me", "-H", "Prefer: code=404"], { env: sb.env(SANDBOX_DEMO_KEY) }),
      runMids(["--max-retries", "0", "api", "/v3/me", "-H", "Prefer: fault=reset"], { env: sb.env(SANDBOX_DEMO_KEY) }),
      runMids(["api", "/v3/me", "-H", "Prefer: fault=nope"], { env: sb.env(SANDBOX_DEMO_KEY) }),
      runMids(["me", "-o", "json"], { env: sb.env(SANDBOX_DEMO_KEY) }),
    ]);
    expect(notFound.code).toBe(4);
    expect(reset.code).toBe(7);
    expect(reset.stderr).not.toMatch(/\n\s+at /);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/Prefer: unknown fault "nope"/);
    expect(plain.code).toBe(0);
  });

  it("fault=slow waits the delay asked for, then answers normally", async () => {
    const t0 = performance.now();
    const r = await fetch(`${sb.url}/v3/me`, { headers: { ...demo, prefer: "fault=slow, delay=250" } });
    expect(r.status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(245);
    expect(r.headers.get("preference-applied")).toBe("fault=slow, delay=250");
  });
});

describe("control on a non-loopback bind", () => {
  it("without --remote-control: admin endpoints 404 and Prefer is ignored; with it: both work", async () => {
    const off = await startSandbox(["-q", "--host", "0.0.0.0"]);
    const on = await startSandbox(["-q", "--host", "0.0.0.0", "--remote-control"]);
    try {
      const local = (url: string) => url.replace("0.0.0.0", "127.0.0.1");
      expect((await fetch(`${local(off.url)}/_sandbox/requests`)).status).toBe(404);
      expect((await fetch(`${local(off.url)}/_sandbox/reset`, { method: "POST" })).status).toBe(404);
      expect((await fetch(`${local(off.url)}/v3/topics`, { headers: { prefer: "code=503" } })).status).toBe(200);
      expect((await fetch(`${local(on.url)}/_sandbox/requests`)).status).toBe(200);
      expect((await fetch(`${local(on.url)}/v3/topics`, { headers: { prefer: "code=503" } })).status).toBe(503);
    } finally {
      await off.stop();
      await on.stop();
    }
  });
});
