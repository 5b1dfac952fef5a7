// The sandbox against the contract, route by route from the route table: envelopes, the zod
// schemas, meta.history / meta.versions / meta.upgrade, headers on every answer, page-size
// limits and `at` in the future.
import { MAX_BODY_BYTES } from "../../src/sandbox/dispatch.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPath, paramsOf, ROUTES, type Route } from "../../src/contract/routes.js";
import { DATA_SCHEMAS, SHAPE_NOT_SHOWN, V2Envelope, V3Envelope, V3Error } from "../../src/contract/schemas.js";
import { SANDBOX_KEYS, startSandbox, type Sandbox } from "../../src/sandbox/index.js";

const KEY = SANDBOX_KEYS.find((k) => k.id === "key_reports")!.key;
const NOW = new Date("2026-11-01T12:00:00Z");
const LIMIT_HEADERS = ["limit-minute", "remaining-minute", "reset-minute", "limit-day", "remaining-day", "reset-day"];
let sb: Sandbox;
let fill: (r: Route) => Record<string, string>;

async function call(path: string, init: { method?: string; key?: string | null; body?: unknown } = {}) {
  const key = init.key === undefined ? KEY : init.key;
  const res = await fetch(sb.url + path, {
    method: init.method ?? "GET",
    headers: { ...(key ? { "x-api-key": key } : {}), "content-type": "application/json" },
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: any = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, headers: res.headers, body };
}

function expectLimitHeaders(h: Headers, what: string) {
  for (const name of LIMIT_HEADERS) expect(h.get(`x-ratelimit-${name}`), `${what}: x-ratelimit-${name}`).toMatch(/^\d+$/);
}

const bodyFor = (r: Route) =>
  r.id === "v2.recipes.validate" ? { yaml: "name: x" } : r.id === "v2.recipes.execute" ? { name: "trend-digest" }
    : r.method === "PATCH" ? { status: "active" } : r.method === "POST" ? {} : undefined;

beforeAll(async () => {
  // the clock is injected: history windows and "at in the future" never depend on today's date
  sb = await startSandbox({ quiet: true, now: () => NOW });
  const fx = await (await fetch(sb.url + "/_sandbox/fixtures")).json();
  const project = (await call("/v3/projects?limit=1")).body.data[0].id;
  const intel = (await call("/v3/intel?limit=1")).body.data[0].id;
  fill = (r) => {
    let id = project;
    if (/\/(intel|signals)\//.test(r.path)) id = intel;
    if (r.path.includes("/topics/")) id = fx.topics[0].id;
    if (r.path.includes("/reports/")) id = fx.topics[0].reportId;
    if (r.path.includes("/alerts/{id}")) id = fx.alerts.A[0];
    return { id, idOrSlug: project, measure: "rank", name: "trend-digest" };
  };
});
afterAll(async () => { await sb.close(); });

/** A route's data schema: its own, or its alias target's. */
const schemaOf = (r: Route) => DATA_SCHEMAS[r.id] ?? (r.aliasOf ? DATA_SCHEMAS[r.aliasOf] : undefined);
/** Listed as having no documented shape: itself, or (without a schema of its own) the route it aliases. */
const notShown = (r: Route) => r.id in SHAPE_NOT_SHOWN || (!DATA_SCHEMAS[r.id] && !!r.aliasOf && r.aliasOf in SHAPE_NOT_SHOWN);

describe("every route has a schema or is listed as not shown", () => {
  it("the two lists cover every route and do not overlap", () => {
    for (const r of ROUTES) expect(!!schemaOf(r) || notShown(r), `${r.id}: add a schema, or list it in SHAPE_NOT_SHOWN`).toBe(true);
    for (const id of Object.keys(SHAPE_NOT_SHOWN)) {
      expect(ROUTES.map((r) => r.id), id).toContain(id);
      expect(DATA_SCHEMAS[id], `${id} has a schema: drop it from SHAPE_NOT_SHOWN`).toBeUndefined();
    }
  });
});

describe("every route answers with the documented shape", () => {
  it.each(ROUTES.map((r) => [r.id, r] as const))("%s", async (_id, r) => {
    const res = await call(buildPath(r, fill(r)), { method: r.method, body: bodyFor(r) });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expectLimitHeaders(res.headers, r.id);
    expect(res.headers.get("x-api-key-type") !== null).toBe(r.version === "v3");
    expect(res.headers.get("deprecation") !== null).toBe(!!r.deprecated);
    if (r.deprecated) expect(res.headers.get("link")).toMatch(/^<\/v3\/[^>]*>; rel="successor-version"$/);
    if (r.envelope === "v2") {
      expect(V2Envelope().safeParse(res.body).success).toBe(true);
      expect(res.body.status).toBe(res.status);
      expect(!!res.body.pagination).toBe(r.pagination === "page");
    } else if (r.envelope === "v3") {
      expect(V3Envelope().safeParse(res.body).success).toBe(true);
      expect("nextCursor" in res.body.meta).toBe(r.pagination === "cursor");
    } else {
      // spec 2.1: GET /v2 and the recipe validate/execute answers come without the envelope
      expect(res.body).not.toHaveProperty("data");
    }
    expect(!!res.body.meta?.history, "meta.history").toBe(!!r.history);
    if (r.path.startsWith("/v3/projects")) expect(res.body.meta.versions.trendModel).toEqual(expect.any(String));
    expect(!!res.body.meta?.versions?.relations).toBe(r.id === "v3.projects.get");
    const data = r.envelope === "none" ? res.body : res.body.data;
    const schema = schemaOf(r);
    if (!schema) {
      // no shape to hold it to: the spec does not show one, and the list says so
      expect(notShown(r), `${r.id} has no schema in src/contract/schemas.ts and is not in SHAPE_NOT_SHOWN`).toBe(true);
      expect(data, r.id).not.toBeUndefined();
      return;
    }
    const check = schema().safeParse(data);
    expect(check.success, check.error?.message).toBe(true);
  });
});

describe("answers every caller gets", () => {
  it("carries meta.upgrade on keyless v2 public answers only", async () => {
    for (const r of ROUTES.filter((x) => x.version === "v2" && x.auth !== "key" && x.envelope === "v2")) {
      const path = buildPath(r, fill(r));
      expect((await call(path, { key: null })).body.meta?.upgrade, path).toMatchObject({ description: expect.any(String), url: expect.any(String) });
      expect((await call(path)).body.meta?.upgrade, path).toBeUndefined();
    }
  });

  it("reports rate limits on errors too: 401, 404, 405, 400, 413", async () => {
    const answers = [
      await call("/v3/projects", { key: null }), await call("/v2/projects", { key: null }),
      await call("/v3/no-such-route"), await call("/v2/no-such-route"),
      await call("/v3/me", { method: "DELETE" }), await call("/v3/projects?minTrend=x"),
      await call("/v3/alerts/x", { method: "PATCH", body: "x".repeat(MAX_BODY_BYTES + 10) }),
    ];
    for (const a of answers) expectLimitHeaders(a.headers, `${a.status} ${JSON.stringify(a.body).slice(0, 80)}`);
    for (const a of answers.filter((x) => !("status" in x.body))) expect(V3Error().safeParse(a.body).success).toBe(true);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 404, 404, 405, 400, 413]);
    expect(answers[6].body).toMatchObject({ code: "invalid_request", details: { fields: ["body"] } });
  });

  it("enforces every page-size limit of the route table", async () => {
    for (const r of ROUTES.filter((x) => x.method === "GET")) {
      const limit = paramsOf(r).find((p) => p.name === "limit");
      if (!limit) continue;
      const path = buildPath(r, fill(r));
      for (const bad of [String((limit.max ?? 1e9) + 1), "0", "1.5", "99999999999999999999"]) {
        const res = await call(`${path}?limit=${bad}`);
        expect(res.status, `${path}?limit=${bad}`).toBe(400);
        expect(res.body.details?.fields, `${path}?limit=${bad}`).toEqual(["limit"]);
      }
      expect((await call(`${path}?limit=${limit.max}`)).status, path).toBe(200);
    }
  });

  it("refuses `at` in the future wherever `at` must be past", async () => {
    const future = new Date(NOW.getTime() + 3_600_000).toISOString();
    const routes = ROUTES.filter((r) => paramsOf(r).some((p) => p.past));
    expect(routes.length).toBeGreaterThan(3);
    for (const r of routes) {
      const name = paramsOf(r).find((p) => p.past)!.name;
      const res = await call(`${buildPath(r, fill(r))}?${name}=${encodeURIComponent(future)}`);
      expect(res.status, r.id).toBe(400);
      expect(res.body.details.fields, r.id).toEqual([name]);
    }
  });
});
