// Spec 8.2: without an explicit start, only data inside the window is returned, even none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_KEYS, startSandbox, type Sandbox } from "../../src/sandbox/index.js";

const NOW = new Date("2026-11-01T12:00:00Z");
const selfserve = SANDBOX_KEYS.find((k) => k.id === "key_selfserve")!.key;
let sb: Sandbox;
beforeAll(async () => { sb = await startSandbox({ quiet: true, now: () => NOW }); });
afterAll(async () => { await sb.close(); });

async function get(path: string) {
  const res = await fetch(sb.url + path, { headers: { "x-api-key": selfserve } });
  return { status: res.status, body: await res.json() };
}

describe("series window without an explicit start", () => {
  it("an end before the window gives an empty series, not an error", async () => {
    const slug = (await get("/v3/projects?limit=1")).body.data[0].slug;
    const end = new Date(NOW.getTime() - 40 * 86_400_000).toISOString();
    const v3 = await get(`/v3/projects/${slug}/series/trend?to=${end}`);
    expect(v3.status).toBe(200);
    expect(v3.body.data.points).toEqual([]);
    const id = (await get(`/v3/projects/${slug}`)).body.data.id;
    const v2 = await get(`/v2/projects/${id}/momentum?end=${end}`);
    expect(v2.status).toBe(200);
    expect(v2.body.data.data).toEqual([]);
  });

  it("an end inside the window reads the default 7 days before it, trimmed to the window", async () => {
    const slug = (await get("/v3/projects?limit=1")).body.data[0].slug;
    const end = new Date(NOW.getTime() - 2 * 86_400_000).toISOString();
    const r = await get(`/v3/projects/${slug}/series/trend?to=${end}`);
    expect(r.status).toBe(200);
    const pts = r.body.data.points as { timestamp: string }[];
    expect(pts.length).toBeGreaterThan(24 * 6);
    expect(pts.length).toBeLessThanOrEqual(24 * 7 + 1);
  });
});
