// The sandbox answers like the API: routes, envelopes, auth, history window, pagination, headers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../src/contract/routes.js";
import { ASSUMED } from "../../src/contract/assumed.js";
import { PROJECT_COUNT, generate } from "../../src/sandbox/data.js";
import { SANDBOX_DEMO_KEY, SANDBOX_KEYS, startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { baseEnv } from "../helpers/cli.js";

const NOW = new Date("2026-11-01T12:34:56Z");
const keyOf = (id: string) => SANDBOX_KEYS.find((k) => k.id === id)!.key;
let sb: Sandbox;

async function get(path: string, key?: string, init: RequestInit = {}) {
  const res = await fetch(sb.url + path, { ...init, headers: { ...(key ? { "x-api-key": key } : {}), ...(init.headers as object) } });
  const text = await res.text();
  let body: any;
  try { body = JSON.parse(text); } catch { body = text; }
  return { status: res.status, headers: res.headers, body };
}

beforeAll(async () => { sb = await startSandbox({ quiet: true, now: () => NOW }); });
afterAll(async () => { await sb.close(); });

describe("sandbox routes", () => {
  it("answers every route of the route table with a handler (no 500s)", async () => {
    const pid = (await get("/v3/projects?limit=1", SANDBOX_DEMO_KEY)).body.data[0].id;
    const intel = (await get("/v3/intel?limit=1", SANDBOX_DEMO_KEY)).body.data[0].id;
    const topic = (await get("/v3/topics")).body.data[0];
    const alerts = (await (await fetch(sb.url + "/_sandbox/fixtures")).json()).alerts.A[0];
    const fill: Record<string, string> = { id: pid, idOrSlug: pid, measure: "trend", name: "trend-digest" };
    for (const r of ROUTES) {
      const p = { ...fill };
      if (r.path.includes("/intel/") || r.path.includes("/signals/")) p.id = intel;
      if (r.path.includes("/topics/")) p.id = topic.id;
      if (r.path.includes("/reports/")) p.id = topic.report.id;
      if (r.path.includes("/alerts/{id}")) p.id = alerts;
      const path = r.path.replace(/\{(\w+)\}/g, (_, k) => encodeURIComponent(p[k]));
      const body = r.id === "v2.recipes.validate" ? { yaml: "name: x" } : r.id === "v2.recipes.execute" ? { name: "trend-digest" } : r.method === "PATCH" ? { status: "paused" } : r.method === "POST" ? {} : undefined;
      const res = await get(path, SANDBOX_DEMO_KEY, body ? { method: r.method, body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {});
      expect([200], `${r.id} ${path} -> ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
    }
  });

  it("uses the v2 and v3 envelopes", async () => {
    const v2 = await get("/v2/projects?limit=2", SANDBOX_DEMO_KEY);
    expect(v2.body.status).toBe(200);
    expect(v2.body.pagination).toMatchObject({ page: 1, limit: 2, hasMore: true });
    expect(v2.body.data[0]).toHaveProperty("trendScore");
    expect(v2.body.data[0].id).toMatch(/^[a-f0-9]{24}$/);
    const v3 = await get("/v3/projects?limit=2", SANDBOX_DEMO_KEY);
    expect(v3.body).not.toHaveProperty("status");
    expect(v3.body.meta.versions.trendModel).toEqual(expect.any(String));
    expect(v3.body.meta.history).toMatchObject({ enforced: true, lookbackDays: 30 });
    expect(v3.headers.get("x-api-key-type")).toBe("full");
    const root = await get("/v2");
    expect(root.body).toMatchObject({ status: "ok" });
    expect(root.body).toHaveProperty("name");
  });

  it("answers unknown routes and wrong methods", async () => {
    const v3 = await get("/v3/nothing-here");
    expect(v3.status).toBe(404);
    expect(v3.body).toMatchObject({ code: "not_found", details: { subject: { type: "route", locator: "/v3/nothing-here" } } });
    const v2 = await get("/v2/nothing-here");
    expect(v2.status).toBe(404);
    expect(v2.body.status).toBe(404);
    const m = await get("/v3/projects", SANDBOX_DEMO_KEY, { method: "DELETE" });
    expect(m.status).toBe(405);
  });

  it("reports rate-limit headers on every response, errors included", async () => {
    for (const r of [await get("/v3/topics"), await get("/v3/projects"), await get("/v2/nope", SANDBOX_DEMO_KEY)]) {
      for (const h of ["limit-minute", "remaining-minute", "reset-minute", "limit-day", "remaining-day", "reset-day"]) {
        expect(r.headers.get(`x-ratelimit-${h}`), h).toMatch(/^\d+$/);
      }
    }
  });
});

describe("sandbox auth", () => {
  it("requires a key on key routes", async () => {
    const v3 = await get("/v3/projects");
    expect(v3.status).toBe(401);
    expect(v3.body.code).toBe("credential_required");
    expect((await get("/v2/projects")).status).toBe(401);
  });

  it("rejects unknown keys on routes that need a key", async () => {
    const r = await get("/v3/me", "not-a-key");
    expect(r.body.code).toBe("credential_required");
    expect(r.body.message).toMatch(/not recognised/);
    expect((await get("/v2/projects", "not-a-key")).status).toBe(401);
  });

  it("answers an unknown key on every public route, v2 and v3, as it answers no key (spec 5.3; credential_required means no key)", async () => {
    expect(ASSUMED.unrecognisedKeyOnPublicRoute).toBe("keyless");
    const open = ROUTES.filter((r) => r.auth !== "key" && r.method === "GET" && !r.path.includes("{"));
    expect(open.map((r) => r.path)).toEqual(expect.arrayContaining(["/v3/topics", "/v2/topics", "/v2/clusters", "/v2/grounding"]));
    for (const r of open) {
      const [anon, unknown] = [await get(r.path), await get(r.path, "mids_not_a_sandbox_key")];
      expect(unknown.status, r.path).toBe(200);
      expect(unknown.body, r.path).toEqual(anon.body);
      expect(unknown.headers.get("x-api-key-type"), r.path).toBeNull();
      expect(unknown.headers.get("x-ratelimit-limit-minute"), r.path).toBe(anon.headers.get("x-ratelimit-limit-minute"));
    }
    // a parameter that needs a key is refused as it is without one, the message naming the key
    const at = await get("/v2/grounding?at=2026-10-30T00:00:00Z", "mids_not_a_sandbox_key");
    expect(at.status).toBe(403);
    expect(at.body.message).toMatch(/requires an API key, and the key sent is not recognised/);
  });

  it("accepts Authorization in v3 (Bearer and bare)", async () => {
    expect((await fetch(sb.url + "/v3/me", { headers: { authorization: `Bearer ${SANDBOX_DEMO_KEY}` } })).status).toBe(200);
    expect((await fetch(sb.url + "/v3/me", { headers: { authorization: SANDBOX_DEMO_KEY } })).status).toBe(200);
  });

  it("refuses keys without the api entitlement", async () => {
    const r = await get("/v3/projects", keyOf("key_noapi"));
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: "entitlement_required", details: { entitlement: "api" } });
    expect((await get("/v2/projects", keyOf("key_noapi"))).status).toBe(403);
  });

  it("needs topic-reports for reports", async () => {
    const topic = (await get("/v3/topics")).body.data[0];
    const denied = await get(`/v3/reports/${topic.report.id}`, keyOf("key_selfserve"));
    expect(denied.body).toMatchObject({ code: "entitlement_required", details: { entitlement: "topic-reports" } });
    expect((await get(`/v2/topics/${topic.id}/report`, keyOf("key_selfserve"))).status).toBe(403);
    const ok = await get(`/v2/topics/${topic.id}/report`, keyOf("key_reports"));
    expect(ok.status).toBe(200);
    expect(ok.body.data.market.entities[0].metrics[0].key).toBe("price_usd");
    expect((await get(`/v3/reports/${topic.report.id}`, keyOf("key_reports"))).body.data.id).toBe(topic.report.id);
  });

  it("refuses `at` on grounding without a key, and future `at`", async () => {
    expect((await get("/v2/grounding?at=2026-10-30T00:00:00Z")).status).toBe(403);
    const fut = await get("/v2/grounding?at=2027-01-01T00:00:00Z", SANDBOX_DEMO_KEY);
    expect(fut.status).toBe(400);
    expect(fut.body.message).toMatch(/`at`/);
    const anon = await get("/v2/grounding");
    expect(anon.body.meta.upgrade).toMatchObject({ description: expect.any(String), url: expect.any(String) });
    expect(anon.body.data.topics).toHaveLength(10);
  });

  it("reports /v3/me and /v2/api-keys/info", async () => {
    const me = (await get("/v3/me", keyOf("key_archive"))).body.data;
    expect(me.history.archiveAccess).toBe(true);
    expect(me.rateLimit).toMatchObject({ perMinute: expect.any(Number), perDay: expect.any(Number) });
    expect((await get("/v2/api-keys/info", SANDBOX_DEMO_KEY)).body.data.expiresAt).toBe("never");
  });
});

describe("sandbox history window", () => {
  it("refuses an explicit start before earliestAvailableAt", async () => {
    const pid = (await get("/v3/projects?limit=1", SANDBOX_DEMO_KEY)).body.data[0].id;
    const old = new Date(NOW.getTime() - 40 * 86_400_000).toISOString();
    const v2 = await get(`/v2/projects/${pid}/momentum?start=${old}`, SANDBOX_DEMO_KEY);
    expect(v2.status).toBe(403);
    expect(v2.body.code).toBe("HISTORY_WINDOW_EXCEEDED");
    expect(v2.body.meta.history.earliestAvailableAt).toBe(v2.body.details.earliestAvailableAt);
    const v3 = await get(`/v3/projects/${pid}/series/trend?from=${old}`, SANDBOX_DEMO_KEY);
    expect(v3.status).toBe(403);
    expect(v3.body.code).toBe("HISTORY_WINDOW_EXCEEDED");
    expect((await get(`/v2/projects/${pid}/neighbors?since=45d`, SANDBOX_DEMO_KEY)).status).toBe(403);
    const archive = await get(`/v3/projects/${pid}/series/trend?from=${old}`, keyOf("key_archive"));
    expect(archive.status).toBe(200);
    expect(archive.body.data.points.length).toBeGreaterThan(40 * 24 - 2);
  });

  it("returns only data inside the window without an explicit start", async () => {
    const r = await get("/v2/intel?limit=100&page=1", SANDBOX_DEMO_KEY);
    const earliest = Date.parse(r.body.meta.history.earliestAvailableAt);
    expect(r.body.data.every((x: any) => Date.parse(x.detectedAt) >= earliest)).toBe(true);
    const all = await get("/v2/intel?limit=1", keyOf("key_archive"));
    expect(all.body.pagination.totalCount).toBeGreaterThan(r.body.pagination.totalCount);
  });

  it("answers an old `to` or `at` on grounding history without `from` with the window's (empty) page, not a refusal of a `from` never sent", async () => {
    const old = new Date(NOW.getTime() - 40 * 86_400_000).toISOString();
    for (const q of [`to=${old}`, `at=${old}`]) {
      const r = await get(`/v2/grounding/history?${q}`, SANDBOX_DEMO_KEY);
      expect(r.status, q).toBe(200);
      expect(r.body.data, q).toEqual([]);
      expect(r.body.meta.history.earliestAvailableAt, q).toEqual(expect.any(String));
    }
    // a `from` that was sent, after the `to` that was sent, is still refused, naming both
    const later = new Date(NOW.getTime() - 86_400_000).toISOString();
    const both = await get(`/v2/grounding/history?from=${later}&to=${new Date(NOW.getTime() - 2 * 86_400_000).toISOString()}`, SANDBOX_DEMO_KEY);
    expect(both.status).toBe(400);
    expect(both.body.details.fields).toEqual(["from", "to"]);
  });

  it("is not enforced before 2026-08-17", async () => {
    const early = await startSandbox({ quiet: true, now: () => new Date("2026-07-01T00:00:00Z") });
    try {
      const r = await fetch(early.url + "/v3/me", { headers: { "x-api-key": SANDBOX_DEMO_KEY } });
      expect((await r.json()).data.history.enforced).toBe(false);
    } finally { await early.close(); }
  });
});

describe("sandbox projects", () => {
  it("pages v3 lists with cursors bound to the filters", async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await get(`/v3/projects?universe=tradfi&limit=20${cursor ? `&cursor=${cursor}` : ""}`, SANDBOX_DEMO_KEY);
      expect(r.status).toBe(200);
      for (const p of r.body.data) { expect(p.universe).toBe("tradfi"); seen.add(p.id); }
      cursor = r.body.meta.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(cursor).toBeNull();
    expect(seen.size).toBeGreaterThanOrEqual(50);
    const first = await get("/v3/projects?limit=5", SANDBOX_DEMO_KEY);
    const wrong = await get(`/v3/projects?limit=5&sort=createdAt&cursor=${first.body.meta.nextCursor}`, SANDBOX_DEMO_KEY);
    expect(wrong.body).toMatchObject({ code: "invalid_request", details: { fields: ["cursor"] } });
    expect((await get("/v3/projects?cursor=%%%garbage", SANDBOX_DEMO_KEY)).body.details.fields).toEqual(["cursor"]);
  });

  it("validates params with details.fields", async () => {
    expect((await get("/v3/projects?minTrend=high", SANDBOX_DEMO_KEY)).body).toMatchObject({ code: "invalid_request", details: { fields: ["minTrend"] } });
    expect((await get("/v3/projects?limit=51", SANDBOX_DEMO_KEY)).body.details.fields).toEqual(["limit"]);
    expect((await get("/v3/projects?sort=rank&limit=0", SANDBOX_DEMO_KEY)).body.details.fields).toEqual(["limit", "sort"]);
  });

  it("filters the v3 list (slugs with aliases, address case rules, minTrend)", async () => {
    const fx = await (await fetch(sb.url + "/_sandbox/fixtures")).json();
    const bySlug = await get(`/v3/projects?slugs=${fx.renamed.oldSlug}`, SANDBOX_DEMO_KEY);
    expect(bySlug.body.data.map((p: any) => p.slug)).toEqual([fx.renamed.slug]);
    const list = (await get("/v3/projects?limit=50", SANDBOX_DEMO_KEY)).body.data;
    const evm = list.flatMap((p: any) => p.assets).find((a: any) => a.address.startsWith("0x"));
    const byAddr = await get(`/v3/projects?address=${evm.address.toLowerCase()}`, SANDBOX_DEMO_KEY);
    expect(byAddr.body.data.length).toBeGreaterThan(0);
    const sol = (await get("/v3/projects?chain=solana&limit=1", SANDBOX_DEMO_KEY)).body.data[0].assets.find((a: any) => a.chain === "solana");
    expect((await get(`/v3/projects?address=${sol.address}`, SANDBOX_DEMO_KEY)).body.data.length).toBe(1);
    expect((await get(`/v3/projects?address=${sol.address.toLowerCase()}`, SANDBOX_DEMO_KEY)).body.data.length).toBe(0);
    const hot = (await get("/v3/projects?minTrend=60", SANDBOX_DEMO_KEY)).body.data;
    expect(hot.every((p: any) => p.trend >= 60)).toBe(true);
    const names = await get(`/v3/projects?names=${encodeURIComponent(list[0].name.toUpperCase())}`, SANDBOX_DEMO_KEY);
    expect(names.body.data[0].id).toBe(list[0].id);
  });

  it("resolves aliases to the canonical slug and answers not_current for merged projects", async () => {
    const fx = await (await fetch(sb.url + "/_sandbox/fixtures")).json();
    const r = await get(`/v3/projects/${fx.renamed.oldSlug}`, SANDBOX_DEMO_KEY);
    expect(r.body.data.slug).toBe(fx.renamed.slug);
    expect(r.body.meta.versions).toMatchObject({ trendModel: expect.any(String), relations: expect.any(String) });
    expect(r.body.data.trendDelta.window).toBe("PT24H");
    expect(Array.isArray(r.body.data.relatedProjects)).toBe(true);
    for (const loc of [fx.merged.id, fx.merged.slug]) expect((await get(`/v3/projects/${loc}`, SANDBOX_DEMO_KEY)).body.code).toBe("not_current");
    expect((await get("/v3/projects/does-not-exist", SANDBOX_DEMO_KEY)).body.details.subject).toEqual({ type: "project", locator: "does-not-exist" });
  });

  it("pages v2 lists and applies OR within / AND across filters", async () => {
    const page2 = await get("/v2/projects?page=2&limit=10", SANDBOX_DEMO_KEY);
    expect(page2.body.pagination).toMatchObject({ page: 2, limit: 10, hasMore: true });
    // the crypto projects only (ASSUMED.v2ProjectsUniverse): every one the v3 list holds by default
    const crypto = generate(Date.now()).projects.filter((p) => p.universe === ASSUMED.v2ProjectsUniverse);
    expect(crypto.length).toBeLessThan(PROJECT_COUNT);
    expect(page2.body.pagination.totalCount).toBe(crypto.length);
    const [a, b] = page2.body.data;
    const or = await get(`/v2/projects?tickers=${a.marketData.symbol},${b.marketData.symbol}`, SANDBOX_DEMO_KEY);
    expect(or.body.data.map((p: any) => p.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const and = await get(`/v2/projects?tickers=${a.marketData.symbol}&names=${encodeURIComponent(b.name)}`, SANDBOX_DEMO_KEY);
    expect(and.body.data.filter((p: any) => p.id === a.id || p.id === b.id).length).toBeLessThan(2);
    const mc = await get("/v2/projects?minMarketCap=1&limit=100", SANDBOX_DEMO_KEY);
    expect(mc.body.data.every((p: any) => p.metrics.usdMarketCap > 0)).toBe(true);
  });

  it("returns v2 project detail with signals, provenance and series", async () => {
    const pid = (await get("/v2/projects?limit=1", SANDBOX_DEMO_KEY)).body.data[0].id;
    const at = new Date(NOW.getTime() - 2 * 86_400_000).toISOString();
    const d = await get(`/v2/projects/${pid}?at=${at}&intelActivity=none`, SANDBOX_DEMO_KEY);
    expect(d.body.data.provenance).toBe("historical");
    expect(d.body.data.signals.length).toBeLessThanOrEqual(10);
    expect(d.body.data.signals.every((s: any) => s.activity.length === 0)).toBe(true);
    const m = await get(`/v2/projects/${pid}/momentum?clusters=false`, SANDBOX_DEMO_KEY);
    expect(m.body.data.data.length).toBeGreaterThan(7 * 24 - 2);
    expect(m.body.data.data[0]).not.toHaveProperty("clusters");
    const r = await get(`/v2/projects/${pid}/rank`, SANDBOX_DEMO_KEY);
    expect(r.body.data.data.every((p: any) => p.rank <= 100)).toBe(true);
    const again = await get(`/v2/projects/${pid}/momentum?clusters=false`, SANDBOX_DEMO_KEY);
    expect(again.body.data.data).toEqual(m.body.data.data);
  });
});

describe("sandbox deprecation headers", () => {
  it("marks deprecated aliases with Deprecation, Link and Sunset", async () => {
    const r = await get("/v2/signals?limit=1", SANDBOX_DEMO_KEY);
    expect(r.status).toBe(200);
    expect(r.headers.get("deprecation")).toMatch(/^@\d+$/);
    expect(r.headers.get("link")).toBe('</v3/intel>; rel="successor-version"');
    expect(r.headers.get("sunset")).toBe("Wed, 15 Jul 2026 00:00:00 GMT");
    const g = await get("/v2/grounding");
    expect(g.headers.get("link")).toBe('</v3/topics>; rel="successor-version"');
    expect(g.headers.get("sunset")).toBeNull();
    expect((await get("/v2/intel?limit=1", SANDBOX_DEMO_KEY)).headers.get("deprecation")).toBeNull();
  });

  it("keeps them on the answers Prefer picks (a 503, a 404, a bad preference), as on the route's own refusals", async () => {
    for (const prefer of ["code=503", "code=404", "code=429", "code=299"]) {
      const r = await get("/v2/signals?limit=1", SANDBOX_DEMO_KEY, { headers: { prefer } });
      expect(r.status, prefer).not.toBe(200);
      expect(r.headers.get("deprecation"), prefer).toMatch(/^@\d+$/);
      expect(r.headers.get("link"), prefer).toBe('</v3/intel>; rel="successor-version"');
      expect(r.headers.get("sunset"), prefer).toBe("Wed, 15 Jul 2026 00:00:00 GMT");
    }
  });
});

describe("sandbox rate limits", () => {
  it("gives a keyless client no more than a keyed one, in both windows", async () => {
    const anon = (await get("/v3/topics")).headers;
    const keyed = (await get("/v3/topics", SANDBOX_DEMO_KEY)).headers;
    for (const w of ["minute", "day"]) {
      expect(Number(anon.get(`x-ratelimit-limit-${w}`)), w).toBeGreaterThan(0);
      expect(Number(anon.get(`x-ratelimit-limit-${w}`)), w).toBeLessThanOrEqual(Number(keyed.get(`x-ratelimit-limit-${w}`)));
    }
  });

  it("answers 429 with Retry-After after 3 requests a minute", async () => {
    const key = keyOf("key_ratelimited");
    for (let i = 0; i < 3; i++) expect((await get("/v3/me", key)).status).toBe(200);
    const v3 = await get("/v3/me", key);
    expect(v3.status).toBe(429);
    expect(Number(v3.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(v3.body).toMatchObject({ code: "rate_limited", details: { limit: 3, window: "minute" } });
    expect(v3.headers.get("x-ratelimit-remaining-minute")).toBe("0");
    const v2 = await get("/v2/api-keys/info", key);
    expect(v2.status).toBe(429);
    expect(v2.body).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", limitType: "minute", retryAfterMs: expect.any(Number) });
    expect(v2.body.limits.minute.limit).toBe(3);
    const alias = await get("/v2/signals", key);
    expect(alias.status).toBe(429);
    expect(alias.headers.get("deprecation")).toMatch(/^@\d+$/);
  });
});

describe("a dataset handed in (a test process makes one an hour for all its sandboxes)", () => {
  it("a sandbox, and main()'s --sandbox, answer from the dataset their caller hands them, asked for it once an hour", async () => {
    const [{ main }, { testIO }] = await Promise.all([import("../../src/main.js"), import("../../src/io.js")]);
    const ds = generate(NOW.getTime());
    const asked: number[] = [];
    const source = (ms: number, seed?: number) => (asked.push(ms), expect(seed).toBeUndefined(), ds);
    const own = await startSandbox({ quiet: true, now: () => NOW, datasets: source });
    try {
      const r = await fetch(`${own.url}/v3/projects/${ds.projects[0].id}`, { headers: { "x-api-key": SANDBOX_DEMO_KEY } });
      expect(r.status).toBe(200);
      expect(((await r.json()) as { data: { slug: string } }).data.slug).toBe(ds.projects[0].slug);
      // a reset in the same hour keeps the hour's dataset
      own.reset();
    } finally {
      await own.close();
    }
    expect(asked).toEqual([NOW.getTime()]);
    const io = testIO({ env: baseEnv() });
    const code = await main(["--sandbox", "projects", "get", ds.projects[0].id, "-o", "json", "--fields", "slug"], { io, sandboxDatasets: source });
    expect(code, io.err()).toBe(0);
    expect(JSON.parse(io.out())).toEqual({ slug: ds.projects[0].slug });
    expect(asked).toHaveLength(2);
  });
});
