// Fault injection: spec parsing and deterministic behaviour.
import { describe, expect, it } from "vitest";
import { SANDBOX_DEMO_KEY, parseFaults, startSandbox } from "../../src/sandbox/index.js";

describe("parseFaults", () => {
  it("parses probabilities, counts, delays and scopes", () => {
    expect(parseFaults("503:0.25, reset:x2@/v3/alerts,slow:150,503after:x1")).toEqual([
      { kind: "503", probability: 0.25 },
      { kind: "reset", firstN: 2, scope: "/v3/alerts" },
      { kind: "slow", delayMs: 150 },
      { kind: "503after", firstN: 1 },
    ]);
    expect(parseFaults("")).toEqual([]);
  });

  it.each(["503", "418:0.5", "503:1.5", "503:xx", "slow:fast", "503:x1@v3"])("rejects %s with a one-line message", (spec) => {
    expect(() => parseFaults(spec)).toThrow(/^invalid fault "[^\n]+$/);
  });
});

async function withSandbox(faults: string, fn: (url: string) => Promise<void>) {
  const sb = await startSandbox({ quiet: true, faults });
  try { await fn(sb.url); } finally { await sb.close(); }
}
const h = { "x-api-key": SANDBOX_DEMO_KEY };

describe("sandbox faults", () => {
  it("fails the first N matching requests, then answers normally", async () => {
    await withSandbox("503:x2@/v3/topics,500:x1", async (url) => {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(url + "/v3/topics")).status);
      expect(statuses).toEqual([503, 503, 500]);
      const r = await fetch(url + "/v3/topics");
      expect(r.status).toBe(200);
      expect(r.headers.get("x-ratelimit-limit-minute")).toMatch(/^\d+$/);
      expect((await fetch(url + "/_sandbox/requests")).status).toBe(200);
    });
  });

  it("answers injected 429 with Retry-After: 1 and 502 like a proxy", async () => {
    await withSandbox("429:x1,502:x1", async (url) => {
      const a = await fetch(url + "/v3/me", { headers: h });
      expect(a.status).toBe(429);
      expect(a.headers.get("retry-after")).toBe("1");
      expect(a.headers.get("x-api-key-type")).toBe("full");
      expect((await a.json()).code).toBe("rate_limited");
      const b = await fetch(url + "/v3/me", { headers: h });
      expect(b.status).toBe(502);
      expect(b.headers.get("content-type")).toMatch(/text\/html/);
    });
  });

  it("resets and truncates", async () => {
    await withSandbox("reset:x1,truncate:x1", async (url) => {
      await expect(fetch(url + "/v3/topics")).rejects.toThrow();
      const t = await fetch(url + "/v3/topics");
      expect(t.status).toBe(200);
      await expect(t.text().then((s) => JSON.parse(s))).rejects.toThrow();
    });
  });

  it("applies the change before answering 503 on 503after", async () => {
    await withSandbox("503after:x1@/v3/alerts/", async (url) => {
      const fx = await (await fetch(url + "/_sandbox/fixtures")).json();
      const id = fx.alerts.A[0];
      const r = await fetch(`${url}/v3/alerts/${id}`, { method: "PATCH", headers: { ...h, "content-type": "application/json" }, body: JSON.stringify({ cadence: "weekly" }) });
      expect(r.status).toBe(503);
      const after = await (await fetch(`${url}/v3/alerts/${id}`, { headers: h })).json();
      expect(after.data.cadence).toBe("weekly");
    });
  });

  it("is deterministic for probabilities and logs requests", async () => {
    const run = async () => {
      const out: number[] = [];
      await withSandbox("503:0.5", async (url) => {
        for (let i = 0; i < 12; i++) out.push((await fetch(url + "/v3/topics")).status);
        const log = await (await fetch(url + "/_sandbox/requests")).json();
        expect(log).toHaveLength(12);
        expect(log[0]).toMatchObject({ method: "GET", path: "/v3/topics", query: {} });
        await fetch(url + "/_sandbox/requests/clear", { method: "POST" });
        expect(await (await fetch(url + "/_sandbox/requests")).json()).toEqual([]);
      });
      return out;
    };
    const a = await run();
    expect(a).toEqual(await run());
    expect(a).toContain(503);
    expect(a).toContain(200);
  });

  it("delays responses with slow", async () => {
    await withSandbox("slow:120", async (url) => {
      const t = Date.now();
      await fetch(url + "/v3/topics");
      expect(Date.now() - t).toBeGreaterThanOrEqual(110);
    });
  });
});
