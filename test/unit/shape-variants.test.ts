// The read commands against many random legal shapes of every payload the spec does not show
// (spec 2.17): the sandbox's own answers reshaped by src/sandbox/shape-variants.ts (fields missing,
// renamed or nested, unknown fields added, lists wrapped, series points under other names), fed to
// each command in-process through a stub client. Every variant: no error, -o json is the data as
// received (series: its points), the table renders. And the other way round: a documented shape
// (DATA_SCHEMAS) with one field of the wrong type is still refused (exit 7), naming the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContext } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import type { Context, OutputFormat } from "../../src/context.js";
import type { ApiResult, CallInput } from "../../src/client/client.js";
import { ASSUMED_SHAPES, DOCUMENTED_IN_ASSUMED } from "../../src/contract/shapes/assumed.js";
import { DATA_SCHEMAS } from "../../src/contract/schemas.js";
import { buildPath, ROUTES, route } from "../../src/contract/routes.js";
import { departures } from "../../src/contract/shapes/shape.js";
import { planFor, variantOf } from "../../src/sandbox/shape-variants.js";
import { mulberry32 } from "../../src/sandbox/rand.js";
import { SANDBOX_KEYS, startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { checkData } from "../../src/commands/shared/validate.js";
import { MalformedResponseError } from "../../src/errors.js";
import * as series from "../../src/commands/series/run.js";
import * as intelList from "../../src/commands/intel/list.js";
import * as intelGet from "../../src/commands/intel/get.js";
import * as topics from "../../src/commands/topics/run.js";
import * as reports from "../../src/commands/reports/run.js";
import * as clusters from "../../src/commands/clusters/run.js";
import * as vocabulary from "../../src/commands/vocabulary/run.js";

const KEY = SANDBOX_KEYS.find((k) => k.id === "key_reports")!.key;
const NOW = new Date("2026-11-01T12:00:00Z");
const VARIANTS = 30;
let sb: Sandbox;
/** the sandbox's answer (its `data`) for each route with an assumed shape, and for each documented one */
const sample = new Map<string, unknown>();

async function get(path: string): Promise<unknown> {
  const res = await fetch(sb.url + path, { headers: { "x-api-key": KEY } });
  const body = (await res.json()) as { data?: unknown };
  return "data" in body ? body.data : body;
}

beforeAll(async () => {
  sb = await startSandbox({ quiet: true, now: () => NOW });
  const fx = await (await fetch(sb.url + "/_sandbox/fixtures")).json();
  const project = ((await get("/v3/projects?limit=1")) as { id: string }[])[0].id;
  const intel = ((await get("/v3/intel?limit=1")) as { id: string }[])[0].id;
  for (const r of ROUTES.filter((x) => x.method === "GET" && !x.aliasOf && (x.id in ASSUMED_SHAPES || x.id in DATA_SCHEMAS))) {
    let id = project;
    if (/\/(intel|signals)\//.test(r.path)) id = intel;
    if (r.path.includes("/topics/")) id = fx.topics[0].id;
    if (r.path.includes("/reports/")) id = fx.topics[0].reportId;
    if (r.path.includes("/alerts/{id}")) id = fx.alerts.A[0];
    sample.set(r.id, await get(buildPath(r, { id, idOrSlug: project, measure: "trend", name: "trend-digest" })));
  }
});
afterAll(async () => { await sb.close(); });

/** A context whose client answers every call with `data` (a one-page answer, no history). */
function ctxFor(output: OutputFormat, data: unknown, tty = false): { ctx: Context; out: () => string; err: () => string } {
  const io = testIO({ stdoutIsTTY: tty, columns: 100 });
  const ctx = createContext(io, new AbortController().signal, () => NOW);
  Object.assign(ctx.globals, { output, outputExplicit: true, color: false });
  const client = {
    call: async (routeId: string, _input?: CallInput): Promise<ApiResult> => ({
      route: route(routeId), method: "GET", url: "http://stub", status: 200, headers: {}, body: { data }, data, meta: {}, bytes: 1,
    }),
  };
  ctx.client = async () => client as never;
  return { ctx, out: io.out, err: io.err };
}

/** How each command reads each route. */
const COMMANDS: Record<string, (ctx: Context) => Promise<void>> = {
  "v3.projects.series": (ctx) => series.run("trend", "jutufi", {}, ctx),
  "v3.intel.list": (ctx) => intelList.run({}, ctx),
  "v3.intel.get": (ctx) => intelGet.run("x", {}, ctx),
  "v3.topics.list": (ctx) => topics.list(ctx),
  "v3.topics.get": (ctx) => topics.get("x", ctx),
  "v3.reports.get": (ctx) => reports.get("x", ctx),
  "v3.clusters.list": (ctx) => clusters.list(ctx),
  "v3.vocabulary": (ctx) => vocabulary.run(undefined, ctx),
};

/** Every array inside a value (itself included). */
function arraysIn(v: unknown, out: unknown[][] = []): unknown[][] {
  if (Array.isArray(v)) out.push(v);
  if (v && typeof v === "object") for (const x of Object.values(v)) arraysIn(x, out);
  return out;
}

describe("every assumed shape has a command that reads it", () => {
  it("covers ASSUMED_SHAPES", () => {
    expect(Object.keys(COMMANDS).sort()).toEqual(Object.keys(ASSUMED_SHAPES).sort());
  });
  it("the sandbox answers its own assumptions, and a variant departs from them", () => {
    for (const id of Object.keys(ASSUMED_SHAPES)) {
      expect(departures(ASSUMED_SHAPES[id].shape, sample.get(id)), id).toEqual([]);
      const v = variantOf(id, sample.get(id), planFor(id, mulberry32(1), true));
      expect(departures(ASSUMED_SHAPES[id].shape, v).length, id).toBeGreaterThan(0);
    }
  });
});

describe.each(Object.keys(COMMANDS))("%s: random legal variants", (routeId) => {
  it(`${VARIANTS} variants: json passes the data through, the table renders`, async () => {
    const rng = mulberry32(0x21 + routeId.length);
    for (let i = 0; i < VARIANTS; i++) {
      const data = variantOf(routeId, sample.get(routeId), planFor(routeId, rng, i === 0));
      const what = `${routeId} variant ${i}: ${JSON.stringify(data).slice(0, 300)}`;
      const j = ctxFor("json", data);
      await COMMANDS[routeId](j.ctx);
      const printed = JSON.parse(j.out());
      if (routeId === "v3.projects.series") {
        // the points, as received, wherever the answer holds them
        expect(printed.length, what).toBeGreaterThan(0);
        expect(arraysIn(data).some((a) => JSON.stringify(a) === JSON.stringify(printed)), what).toBe(true);
      } else {
        expect(printed, what).toEqual(data);
      }
      const t = ctxFor("table", data);
      await COMMANDS[routeId](t.ctx);
      expect(t.out().trim().length, what).toBeGreaterThan(0);
      expect(t.out(), what).not.toMatch(/undefined|\[object Object\]/);
      // intel detail: the cluster composition, wherever the variant keeps it, is shown
      if (routeId === "v3.intel.get") {
        const first = (sample.get(routeId) as { clusterComposition: { name: string }[] }).clusterComposition[0].name;
        const kept = ["clusterComposition", "composition"].some((k) => Array.isArray((data as Record<string, unknown>)[k]));
        if (kept) expect(t.out(), what).toMatch(new RegExp(`^composition\\s+.*${first} \\d`, "m"));
      }
      // one notice, naming the route
      if (departures(ASSUMED_SHAPES[routeId].shape, data).length) expect(t.err(), what).toContain(`${route(routeId).path} answered another shape`);
    }
  });
});

describe("series: the chart is drawn from any list of points", () => {
  it("draws every variant's points on a terminal", async () => {
    const rng = mulberry32(7);
    for (let i = 0; i < VARIANTS; i++) {
      const data = variantOf("v3.projects.series", sample.get("v3.projects.series"), planFor("v3.projects.series", rng, i === 0));
      const n = (sample.get("v3.projects.series") as { points: unknown[] }).points.length;
      const t = ctxFor("table", data, true);
      await series.run("trend", "jutufi", {}, t.ctx);
      expect(t.out(), JSON.stringify(data).slice(0, 200)).toContain(`points  ${n}`);
    }
  });
});

/** wrongType, in the first of `fields` (top-level keys of `v`) that has a scalar to break. */
function wrongTypeIn(v: unknown, fields: readonly string[]): { value: unknown; path: string[] } | undefined {
  const rec = v as Record<string, unknown>;
  for (const k of fields) {
    const r = wrongType({ [k]: rec[k] });
    if (r) return { value: { ...rec, ...(r.value as object) }, path: r.path };
  }
  return undefined;
}

/** A copy of the object `v` without its first field. */
function withoutFirstField(v: unknown): { value: unknown; path: string[] } {
  const [first, ...rest] = Object.entries(v as Record<string, unknown>);
  return { value: Object.fromEntries(rest), path: [first[0]] };
}

/** A copy of `v` with the first scalar found (depth first, objects before their children) given another type. */
function wrongType(v: unknown, path: string[] = []): { value: unknown; path: string[] } | undefined {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const r = wrongType(v[i], [...path, String(i)]);
      if (r) return { value: v.map((x, j) => (j === i ? r.value : x)), path: r.path };
    }
    return undefined;
  }
  if (!v || typeof v !== "object") return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (typeof x === "string" || typeof x === "boolean") return { value: { ...v, [k]: 12345 }, path: [...path, k] };
    if (typeof x === "number") return { value: { ...v, [k]: "not a number" }, path: [...path, k] };
  }
  for (const [k, x] of Object.entries(v)) {
    const r = wrongType(x, [...path, k]);
    if (r) return { value: { ...v, [k]: r.value }, path: r.path };
  }
  return undefined;
}

describe("a documented shape is still enforced", () => {
  const documented = Object.keys(DATA_SCHEMAS).filter((id) => route(id).method === "GET" && !route(id).aliasOf);
  it.each(documented)("%s: a field of the wrong type (or, held by name only, a missing one) is refused, naming the field", async (routeId) => {
    const data = sample.get(routeId);
    expect(data, routeId).toBeDefined();
    await expect(checkData(routeId, data)).resolves.toBe(data);
    // a payload whose documented part is a few fields of an assumed whole: break one of those (a
    // topic's stance is documented without a type, so any type holds)
    const only = DOCUMENTED_IN_ASSUMED[routeId]?.filter((f) => !f.includes(".") && !f.startsWith("[]") && !(routeId === "v3.topics.get" && f === "stance"));
    // GET /v2's name, version and status are documented by name only (spec 4.1): one left out is refused
    const bad = routeId === "v2.root" ? withoutFirstField(data) : (only?.length ? wrongTypeIn(data, only) : wrongType(data))!;
    const err = await checkData(routeId, bad.value).catch((e: unknown) => e);
    expect(err, `${routeId} ${bad.path.join(".")}`).toBeInstanceOf(MalformedResponseError);
    expect((err as MalformedResponseError).exitCode).toBe(7);
    expect((err as Error).message).toContain(`contract at ${bad.path.join(".")}`);
  });
});
