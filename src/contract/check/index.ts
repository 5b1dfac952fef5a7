// `mids contract check`: the contract held against a live server (after Prism's validation proxy).
// Each documented GET is called once (ids taken from the list routes; never PATCH, POST or DELETE);
// its `data` is held to the documented shape (DATA_SCHEMAS: a violation names field, expected,
// got) and to mids' assumed shape (ASSUMED_SHAPES: confirmed, or how it departs), its envelope and
// headers to spec 2.1 and 8.1, and a few documented errors are provoked (PROBES, spec 7.1). The caller
// sends the requests (the client, with its retries and rate-limit waits); this module only plans
// and judges. Observed shapes are field names and types, never values.
import * as z from "zod/mini";
import { ApiError, MalformedResponseError } from "../../errors.js";
import { ASSUMED } from "../assumed.js";
import { canonical, historyMetaInferred, paramsOf, ROUTES, type Route } from "../routes.js";
import { DATA_SCHEMAS, HistoryPolicy, V2Envelope, V2Meta, V2Pagination, V3Envelope, V3Meta, v3ErrorOf } from "../schemas.js";
import { RATE_LIMIT_HEADERS } from "../headers.js";
import { ASSUMED_SHAPES } from "../shapes/assumed.js";
import { assumedDepartures, listItems } from "../shapes/list.js";
import { observe, typeName, type Departure, type Shape } from "../shapes/shape.js";
import { pushAll } from "../../util/arrays.js";

export interface Violation { field: string; expected: string; got: string; message: string }

export type DocumentedVerdict = "holds" | "violated" | "not-shown";
export type AssumedVerdict = "confirmed" | "departs" | "none";

export interface RouteResult {
  route: string;
  method: string;
  path: string;
  /** the path called, ids filled in (absent when the route was not called) */
  called?: string;
  /** holds / violated for a documented shape; not-shown when the spec shows none */
  documented?: DocumentedVerdict;
  violations: Violation[];
  /** any departure from what mids assumes (the payload's shape, a header's format, a value, an error's status) */
  assumed?: AssumedVerdict;
  /** the assumed payload shape alone, on a route that has one */
  shape?: "confirmed" | "departs";
  departures: Departure[];
  /** why the route was not checked (no id to call it with, the key lacks an entitlement, ...) */
  skipped?: string;
  /** skipped whatever the server and key: no list route gives its id, so check never calls it */
  uncallable?: true;
  /** the call failed: the error's code and message */
  failed?: { code: string; status?: number; message: string };
}

export interface CheckSummary {
  routes: number;
  holds: number;
  violated: number;
  confirmed: number;
  departs: number;
  /** routes with an assumed payload shape: how many it held on, how many it did not */
  shapes: { confirmed: number; departs: number };
  skipped: number;
  failed: number;
}

/** What the caller answers for one route: its `data` (and the whole body, HTTP status and headers, for the envelope), or an error with a code. */
export type Caller = (routeId: string, pathParams: Record<string, string>, query?: Record<string, string>) => Promise<{ data: unknown; body?: unknown; status?: number; headers?: Record<string, string> }>;

/**
 * GET routes checked: every documented read. Aliases are left out (they answer like their target),
 * except those whose answer the spec documents on its own (the grounding aliases, spec 2.8: held to
 * that, not to /v2/topics', ASSUMED.groundingAliasContract).
 */
export function checkableRoutes(): Route[] {
  return ROUTES.filter((r) => r.method === "GET" && (!r.aliasOf || r.id in DATA_SCHEMAS));
}

/** The routes `--routes` names: ids (`v3.intel.list`), paths (`/v3/intel`), or prefixes ending in `*` (`v3.*`). */
export function selectRoutes(spec: string | undefined): { routes: Route[]; unknown: string[] } {
  const all = checkableRoutes();
  if (!spec) return { routes: all, unknown: [] };
  const wanted = spec.split(",").map((s) => s.trim()).filter(Boolean);
  const unknown: string[] = [];
  const picked = new Set<Route>();
  for (const w of wanted) {
    const hit = all.filter((r) => (w.endsWith("*") ? r.id.startsWith(w.slice(0, -1)) || r.path.startsWith(w.slice(0, -1)) : r.id === w || r.path === w));
    if (!hit.length) unknown.push(w);
    for (const r of hit) picked.add(r);
  }
  return { routes: all.filter((r) => picked.has(r)), unknown };
}

/** Why `--routes` cannot take a name: an alias (it answers like its target), a route that is not a GET, or no route at all. */
export function whyNotCheckable(name: string): string {
  const r = ROUTES.find((x) => x.id === name || x.path === name);
  if (r?.aliasOf) return `'${name}' is a deprecated alias of ${r.aliasOf}, which it answers like: name ${r.aliasOf}`;
  if (r && r.method !== "GET") return `'${name}' is ${r.method} ${r.path}: contract check only sends GET requests`;
  return `no GET route '${name}'`;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

function at(v: unknown, path: readonly PropertyKey[]): unknown {
  let cur = v;
  for (const k of path) cur = cur !== null && typeof cur === "object" ? (cur as Record<PropertyKey, unknown>)[k] : undefined;
  return cur;
}

/** Documented shape: each zod issue as field, expected, got. */
export function violations(routeId: string, data: unknown): Violation[] | undefined {
  const schema = DATA_SCHEMAS[routeId] ?? DATA_SCHEMAS[canonical(ROUTES.find((r) => r.id === routeId)!).id];
  if (!schema) return undefined;
  // a list whose items the spec does not show may come wrapped: the documented part is its items'
  const a = ASSUMED_SHAPES[routeId];
  const subject = a && Array.isArray(a.shape) && !Array.isArray(data) ? listItems(data).items : data;
  return issues(schema(), subject, "(data)");
}

/**
 * The envelope around `data` (spec 2.1, 2.2, 8.2): v2 `{status, data, pagination?, meta?}` with the
 * HTTP status repeated and `pagination` on paged lists; v3 `{data, meta}` with `meta.nextCursor` on
 * cursor-paged lists; `meta.history` on history-affected routes, `meta.versions` where the route
 * table shows it. Fields are named from the body's root.
 */
export function envelopeViolations(r: Route, body: unknown, status?: number): Violation[] {
  if (r.envelope === "none") return [];
  // (where the spec only implies the route is history-affected, meta.history is read, not required)
  const inferred = historyMetaInferred(r);
  const history = r.history ? { history: inferred ? z.optional(HistoryPolicy()) : HistoryPolicy() } : {};
  const schema = r.envelope === "v3"
    ? z.extend(V3Envelope(), { meta: z.extend(V3Meta(), {
      ...history, ...(r.pagination === "cursor" ? { nextCursor: z.nullable(z.string()) } : {}),
      ...(r.versions ? { versions: z.looseObject(Object.fromEntries(r.versions.map((k) => [k, z.string()]))) } : {}),
    }) })
    : z.extend(V2Envelope(), {
      ...(status !== undefined ? { status: z.literal(status) } : {}),
      ...(r.pagination === "page" ? { pagination: V2Pagination() } : {}),
      ...(r.history ? { meta: inferred ? z.optional(z.extend(V2Meta(), history)) : z.extend(V2Meta(), history) } : {}),
    });
  // (the cursor of the last page is null: a missing one is named with both, or a server's author drops null)
  return issues(schema, body, "(body)").map((v) => (v.field === "meta.nextCursor" && v.expected === "string" ? { ...v, expected: "string or null" } : v));
}

function issues(schema: z.ZodMiniType, subject: unknown, root: string): Violation[] {
  const r = schema.safeParse(subject);
  if (r.success) return [];
  return r.error.issues.slice(0, 50).map((i) => {
    const got = at(subject, i.path);
    // (zod's "int" is the spec's and --save's "integer", the word `got` uses too)
    const expected = "expected" in i && typeof i.expected === "string" ? (i.expected === "int" ? "integer" : i.expected) : "values" in i && Array.isArray(i.values) ? i.values.map(String).join(" or ") : i.code === "custom" ? i.message.replace(/^expected /, "") : i.code;
    // a fixed value (an error code, the repeated status) is worth seeing; other values are named by their type only
    // (a timestamp that is a string, but no date-time, is named as such rather than as its type)
    const value = i.code === "invalid_value" && (typeof got === "string" || typeof got === "number") ? JSON.stringify(got).slice(0, 80)
      : i.code === "custom" && expected === "timestamp" && typeof got === "string" ? "a string that is not an ISO 8601 date-time"
      // a list of names that lacks the one due (details.fields without minTrend): the names it gave
      : i.code === "custom" && Array.isArray(got) && got.every((x) => typeof x === "string") ? JSON.stringify(got).slice(0, 80) : undefined;
    // a list over its documented size (spec 8.4, 8.5): the bound and the count
    if (i.code === "too_big" && Array.isArray(got)) return { field: i.path.length ? i.path.join(".") : root, expected: `at most ${String(i.maximum)} items`, got: `${got.length} items`, message: i.message };
    // a number out of its documented range (a v2 rank outside the roster of 100): the bound and the value
    if ((i.code === "too_big" || i.code === "too_small") && typeof got === "number") {
      const bound = i.code === "too_big" ? `${i.inclusive === false ? "less than" : "at most"} ${String(i.maximum)}` : `${i.inclusive === false ? "more than" : "at least"} ${String(i.minimum)}`;
      return { field: i.path.length ? i.path.join(".") : root, expected: bound, got: String(got), message: i.message };
    }
    return { field: i.path.length ? i.path.join(".") : root, expected, got: got === undefined ? "missing" : value ?? typeName(got), message: i.message };
  });
}

/**
 * The headers every answer carries: the six rate-limit headers (spec 8.1; the Reset format is
 * assumed, so only its presence counts), on v3 the credential class (spec 5.1: responses echo the
 * class of the credential sent, so none is due on a request sent without one, `keyless`), and on a
 * deprecated route `Deprecation` and a `Link` with rel successor-version (spec 4.1, 9.3). Named
 * `headers.NAME`.
 */
export function headerViolations(r: Route, headers: Record<string, string>, keyless = false): Violation[] {
  const get = (name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  const out: Violation[] = [];
  for (const name of [...RATE_LIMIT_HEADERS, ...(r.version === "v3" && !keyless ? ["X-API-Key-Type"] : [])]) {
    const v = get(name);
    const counts = !name.includes("Reset") && name.startsWith("X-RateLimit-");
    if (v === undefined) out.push({ field: `headers.${name}`, expected: counts ? "integer" : "string", got: "missing", message: `the ${name} header is missing` });
    else if (counts && !/^\d+$/.test(v.trim())) {
      // a header is text: what it says is named as a body value would be (a count of -1 is below 0,
      // 1.5 a number that is no integer), and "string" only for text that is no number at all
      const n = v.trim() === "" ? NaN : Number(v.trim());
      out.push(Number.isFinite(n) && n < 0
        ? { field: `headers.${name}`, expected: "at least 0", got: String(n), message: `the ${name} header is below 0` }
        : { field: `headers.${name}`, expected: "integer", got: Number.isFinite(n) ? "number" : "string", message: `the ${name} header is not a whole number` });
    }
  }
  // what is left of a window is never more than the window's limit
  for (const w of ["Minute", "Day"]) {
    const [limit, remaining] = [get(`X-RateLimit-Limit-${w}`), get(`X-RateLimit-Remaining-${w}`)].map((x) => (x !== undefined && /^\d+$/.test(x.trim()) ? Number(x) : undefined));
    if (limit !== undefined && remaining !== undefined && remaining > limit) out.push({ field: `headers.X-RateLimit-Remaining-${w}`, expected: `at most ${limit} (X-RateLimit-Limit-${w})`, got: String(remaining), message: `the X-RateLimit-Remaining-${w} header is more than the limit` });
  }
  // a deprecated route says so on every answer: Deprecation (RFC 9745) and a Link to its successor (spec 4.1, 9.3)
  if (r.deprecated) {
    if (get("Deprecation") === undefined) out.push({ field: "headers.Deprecation", expected: "string", got: "missing", message: "the Deprecation header of a deprecated route is missing" });
    const link = get("Link");
    if (link === undefined) out.push({ field: "headers.Link", expected: "rel=\"successor-version\"", got: "missing", message: "the Link header of a deprecated route (rel successor-version) is missing" });
    else if (!/;\s*rel\s*=\s*"?[^";,]*\bsuccessor-version\b/i.test(link)) out.push({ field: "headers.Link", expected: "rel=\"successor-version\"", got: "string", message: "the Link header of a deprecated route has no rel=\"successor-version\" link" });
  }
  return out;
}

/** What a rate-limit Reset value holds, read as the client reads it (client/headers.ts parseReset). */
export function resetFormat(v: string): "Unix epoch seconds" | "epoch milliseconds" | "delta seconds" | "a date" | "no time" {
  const t = v.trim();
  const n = t === "" ? NaN : Number(t);
  if (Number.isFinite(n)) return n > 1e12 ? "epoch milliseconds" : n > 1e9 ? "Unix epoch seconds" : n >= 0 ? "delta seconds" : "no time";
  return Number.isNaN(new Date(t).getTime()) ? "no time" : "a date";
}

/**
 * The header assumptions an answer can confirm (docs/assumptions.md): the Reset headers carry Unix
 * epoch seconds (ASSUMED.rateLimitResetFormat). Spec 8.1 shows no format, so another one is a
 * departure, a note; a missing header is headerViolations'.
 */
export function headerDepartures(headers: Record<string, string>): Departure[] {
  const out: Departure[] = [];
  for (const name of RATE_LIMIT_HEADERS.filter((n) => n.includes("Reset"))) {
    const v = Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    if (v === undefined) continue;
    const got = resetFormat(v);
    if (got !== "Unix epoch seconds") out.push({ path: `headers.${name}`, kind: "type", expected: "Unix epoch seconds", got: got === "no time" ? "a value that is no time" : got });
  }
  return out;
}

/**
 * What an answer shows of mids' assumptions about values (docs/assumptions.md), each a departure
 * (a note) when it differs: a v2 page's size when no `limit` was sent (the route's assumed default,
 * v2DefaultLimit or v2GroundingHistoryDefaultLimit: contract check sends none), and a v3 intel
 * grade off the scale mids assumes (grades: the spec shows chipped, polished and flawless).
 */
export function valueDepartures(r: Route, data: unknown, body: unknown): Departure[] {
  const out: Departure[] = [];
  const limit = paramsOf(r).find((p) => p.name === "limit" && p.assumedValues?.default !== undefined);
  const sent = isObj(body) && isObj(body.pagination) ? body.pagination.limit : undefined;
  if (r.pagination === "page" && limit?.default !== undefined && typeof sent === "number" && sent !== Number(limit.default)) {
    out.push({ path: "pagination.limit", kind: "type", expected: `${String(limit.default)} (the default page size)`, got: String(sent) });
  }
  // /v2/topics' payload is not shown: its top 25 is counted where clients read the list (the bare
  // `data`, or `data.topics`); a list elsewhere is not counted, and that is said rather than passed
  if (r.id === "v2.topics.list" && !Array.isArray(data) && !(isObj(data) && Array.isArray(data.topics))) {
    out.push({ path: "topics", kind: "missing", expected: `array (the list of topics, whose top ${V2_TOPICS_MAX} is counted: not counted)` });
  }
  if (r.version === "v3") {
    const seen = new Set<string>();
    const grades: readonly string[] = ASSUMED.grades;
    const walk = (v: unknown, path: string, depth: number): void => {
      if (depth > 8 || seen.size >= 10) return;
      if (Array.isArray(v)) { for (const x of v) walk(x, `${path}[]`, depth + 1); return; }
      if (!isObj(v)) return;
      for (const [k, x] of Object.entries(v)) {
        const here = path ? `${path}.${k}` : k;
        if (k === "grade" && typeof x === "string" && !grades.includes(x) && !seen.has(`${here}\u0000${x}`)) {
          seen.add(`${here}\u0000${x}`);
          out.push({ path: here, kind: "type", expected: `one of ${grades.join(", ")}`, got: JSON.stringify(x).slice(0, 40) });
        } else walk(x, here, depth + 1);
      }
    };
    walk(data, "", 0);
  }
  return out;
}

/**
 * A v2 page that contradicts itself (spec 2.1 `pagination` {page, limit, totalCount, hasMore}, 8.4
 * "v2 lists default page 1"), for an answer to a request that sent no `page`: page 1, no more items
 * than its limit, a total that counts them, hasMore saying whether a later page holds any.
 */
export function paginationViolations(r: Route, body: unknown): Violation[] {
  if (r.pagination !== "page" || !isObj(body) || !isObj(body.pagination) || !Array.isArray(body.data)) return [];
  const { page, limit, totalCount, hasMore } = body.pagination;
  if (![page, limit, totalCount].every((n) => typeof n === "number" && Number.isInteger(n) && n >= 0) || typeof hasMore !== "boolean") return []; // the envelope's to name
  const [p, l, total] = [page, limit, totalCount] as number[];
  const n = body.data.length;
  const out: Violation[] = [];
  const v = (field: string, expected: string, got: string, message: string) => out.push({ field, expected, got, message });
  if (p !== 1) v("pagination.page", "1 (no page was sent: v2 lists default to page 1)", String(p), "a request without page answered another page than the first");
  if (n > l) v("(data)", `at most ${l} items (pagination.limit)`, `${n} items`, "the page holds more items than its limit");
  const seen = (p - 1) * l + n;
  if (total < seen) v("pagination.totalCount", `at least ${seen} (the items up to this page)`, String(total), "the total counts fewer items than the pages hold");
  else if (hasMore !== p * l < total) v("pagination.hasMore", `${String(p * l < total)} (page ${p} of ${l} items, totalCount ${total})`, String(hasMore), "hasMore contradicts page, limit and totalCount");
  return out;
}

/**
 * A successful answer whose JSON body has no envelope (`data` missing, or a bare list or value
 * where spec 2.1 shows `{data, ...}`), which the client refuses: the violation it is. A body that is
 * no JSON (a web page: --base-url pointing elsewhere) stays a failed call.
 */
function envelopeMissing(r: Route, e: unknown): Violation | undefined {
  if (!(e instanceof MalformedResponseError) || !e.received || e.received.status < 200 || e.received.status > 299 || r.envelope === "none") return undefined;
  const b = e.received.body;
  if (b === null || typeof b !== "object") return undefined;
  const shape = r.envelope === "v3" ? "{data, meta}" : "{status, data, ...}";
  return isObj(b)
    ? { field: "data", expected: `present (the ${r.envelope} envelope ${shape})`, got: "missing", message: `the answer has no data: the ${r.envelope} envelope is ${shape}` }
    : { field: "(body)", expected: `the ${r.envelope} envelope ${shape}`, got: typeName(b), message: `the answer is a bare ${typeName(b)}, not the ${r.envelope} envelope ${shape}` };
}

/** spec 4.1, 8.5: /v2/topics is the ranked top 25 (the grounding alias's top 10 is its schema's). */
export const V2_TOPICS_MAX = 25;

/**
 * The topic lists each held to its own contract (ASSUMED.groundingAliasContract): /v2/topics at most
 * the top 25 (its items' shape is not shown: the list is the bare `data` or `data.topics`, as
 * clients read it; what an item's `rank` means is not shown either, so its order is not held), and
 * a grounding snapshot's topics (current, or each of a history page) in attention-rank order by
 * their documented `rank` (spec 2.8, 4.1). A later topic ranked before an earlier one is named at
 * its `rank`.
 */
export function topicListViolations(r: Route, data: unknown): Violation[] {
  const lists: { items: readonly unknown[]; field: string }[] = [];
  if (r.id === "v2.topics.list") {
    const items = Array.isArray(data) ? data : isObj(data) && Array.isArray(data.topics) ? data.topics : undefined;
    if (!items) return [];
    const field = Array.isArray(data) ? "(data)" : "topics";
    return items.length > V2_TOPICS_MAX ? [{ field, expected: `at most ${V2_TOPICS_MAX} items (the top ${V2_TOPICS_MAX})`, got: `${items.length} items`, message: `/v2/topics answered more topics than its top ${V2_TOPICS_MAX}` }] : [];
  } else if (r.id === "v2.grounding") {
    if (isObj(data) && Array.isArray(data.topics)) lists.push({ items: data.topics, field: "topics" });
  } else if (r.id === "v2.grounding.history" && Array.isArray(data)) {
    data.forEach((snap, i) => { if (isObj(snap) && Array.isArray(snap.topics)) lists.push({ items: snap.topics, field: `${i}.topics` }); });
  }
  const out: Violation[] = [];
  for (const { items, field } of lists) {
    let before: number | undefined;
    for (const [i, t] of items.entries()) {
      const rank = isObj(t) && typeof t.rank === "number" && Number.isFinite(t.rank) ? t.rank : undefined;
      // (a rank of another type is the schema's to name)
      if (rank === undefined) continue;
      if (before !== undefined && rank < before) {
        out.push({ field: `${field}.${i}.rank`, expected: `at least ${before} (topics in rank order)`, got: String(rank), message: `the topics of ${r.path} are not in rank order` });
        break;
      }
      before = rank;
    }
  }
  return out;
}

/**
 * spec 4.1: an unauthenticated answer of the grounding alias carries `meta.upgrade` {description,
 * url}; `keyless`: the request was sent without a key.
 */
function upgradeViolations(r: Route, body: unknown, keyless: boolean): Violation[] {
  if (!keyless || r.id !== "v2.grounding") return [];
  const meta = isObj(body) && isObj(body.meta) ? body.meta : undefined;
  return issues(z.looseObject({ upgrade: z.looseObject({ description: z.string(), url: z.string() }) }), meta ?? {}, "meta")
    .map((v) => ({ ...v, field: v.field === "meta" ? v.field : `meta.${v.field}`, message: `an unauthenticated answer of ${r.path} without meta.upgrade (spec 4.1)` }));
}

/** Judge one answer: its `data`, and its envelope and headers when they are given (`keyless`: sent without a key). */
export function judge(r: Route, data: unknown, called: string, answer?: { body: unknown; status?: number; headers?: Record<string, string> }, keyless = false): RouteResult {
  const v = violations(r.id, data);
  // a read answers 200 (ASSUMED.readSuccessStatus: the spec shows no success status), so another
  // 2xx is a departure, a note; a v2 body's `status` is still held to the HTTP status it repeats
  const http: Departure[] = answer?.status !== undefined && answer.status !== ASSUMED.readSuccessStatus
    ? [{ path: "(HTTP status)", kind: "type", expected: String(ASSUMED.readSuccessStatus), got: String(answer.status) }] : [];
  const env = [
    ...answer ? [...envelopeViolations(r, answer.body, answer.status), ...upgradeViolations(r, answer.body, keyless), ...paginationViolations(r, answer.body), ...answer.headers ? headerViolations(r, answer.headers, keyless) : []] : [],
    ...topicListViolations(r, data),
  ];
  const a = ASSUMED_SHAPES[r.id];
  const shapeDeps = a ? assumedDepartures(a.shape, data) : [];
  const deps = [...shapeDeps, ...http, ...answer ? valueDepartures(r, data, answer.body) : [], ...answer?.headers ? headerDepartures(answer.headers) : []];
  return {
    route: r.id, method: r.method, path: r.path, called,
    documented: env.length ? "violated" : v === undefined ? "not-shown" : v.length ? "violated" : "holds", violations: [...env, ...v ?? []],
    assumed: deps.length ? "departs" : a ? "confirmed" : "none", ...a ? { shape: shapeDeps.length ? "departs" as const : "confirmed" as const } : {}, departures: deps,
  };
}

/** The first id-like value of the first item of a list answer, at `path` (dotted). */
function firstValue(data: unknown, paths: readonly string[], pattern?: RegExp): string | undefined {
  const items = Array.isArray(data) ? data : isObj(data) && Array.isArray(data.topics) ? data.topics : listItems(data).items;
  for (const item of items) {
    for (const p of paths) {
      const v = at(item, p.split("."));
      if (typeof v === "string" && v && (!pattern || pattern.test(v))) return v;
    }
  }
  return undefined;
}

/** Where each path parameter comes from: a list route and the fields of its items that hold the value. */
const SOURCES: Readonly<Record<string, { from: string; paths: string[]; param: string }[]>> = {
  "v2.topics.report": [{ from: "v2.topics.list", paths: ["id"], param: "id" }],
  "v2.projects.get": [{ from: "v2.projects.list", paths: ["id"], param: "id" }],
  "v2.projects.neighbors": [{ from: "v2.projects.list", paths: ["id"], param: "id" }],
  "v2.projects.momentum": [{ from: "v2.projects.list", paths: ["id"], param: "id" }],
  "v2.projects.rank": [{ from: "v2.projects.list", paths: ["id"], param: "id" }],
  "v2.projects.candles": [{ from: "v2.projects.list", paths: ["id"], param: "id" }],
  "v2.projects.metrics": [{ from: "v2.projects.list", paths: ["id"], param: "id" }],
  "v2.intel.get": [{ from: "v2.intel.list", paths: ["id"], param: "id" }],
  "v2.recipes.get": [{ from: "v2.recipes.list", paths: ["name"], param: "name" }],
  "v3.projects.get": [{ from: "v3.projects.list", paths: ["slug", "id"], param: "idOrSlug" }],
  "v3.projects.series": [{ from: "v3.projects.list", paths: ["slug", "id"], param: "idOrSlug" }],
  "v3.topics.get": [{ from: "v3.topics.list", paths: ["id"], param: "id" }],
  "v3.reports.get": [{ from: "v3.topics.list", paths: ["report.id", "reportId"], param: "id" }],
  "v3.intel.get": [{ from: "v3.intel.list", paths: ["id"], param: "id" }],
};

/** Fixed path parameters: the series is checked for its first measure. */
const FIXED: Readonly<Record<string, Record<string, string>>> = { "v3.projects.series": { measure: "trend" } };

/**
 * Documented errors (spec 7.1), each provoked once on a route that answered: a request the spec
 * says is refused, and the code and details the refusal must carry. The HTTP status is not shown,
 * so it is not checked.
 */
interface Probe { what: string; params?: Record<string, string>; query?: Record<string, string>; code: string; names?: string }
const PROBES: Readonly<Record<string, readonly Probe[]>> = {
  "v3.projects.list": [{ what: "a non-numeric minTrend", query: { minTrend: "not-a-number" }, code: "invalid_request", names: "minTrend" }],
  "v3.projects.get": [{ what: "a locator that never existed", params: { idOrSlug: "mids-contract-check-no-such-project" }, code: "not_found" }],
};

/**
 * Provoke one documented error: violations of its body (fields named from `error`), or why it could
 * not be checked; and, the code being right, a departure when its HTTP status is not the one mids
 * assumes for that code (ASSUMED.v3ErrorStatus: spec 7.1 does not show the mapping).
 */
async function probe(r: Route, p: Probe, params: Record<string, string>, call: Caller, opts: CheckOptions): Promise<{ violations: Violation[]; departures?: Departure[]; failed?: RouteResult["failed"] }> {
  const where = `${opts.buildPath(r, { ...params, ...p.params })}${p.query ? `?${new URLSearchParams(p.query)}` : ""}`;
  try {
    await call(r.id, { ...params, ...p.params }, p.query);
    return { violations: [{ field: "error", expected: `${p.code} (for ${p.what})`, got: "a successful answer", message: `${where} answered, where the spec refuses ${p.what} with ${p.code}` }] };
  } catch (e) {
    const c = opts.classify(e, r);
    if (c.kind === "fatal" || c.kind === "stop") throw e;
    // a success status with a JSON body that is not the envelope (an error body under 200): the
    // request was answered, not refused, and the answer broke spec 2.1; a violation, as on a read
    if (envelopeMissing(r, e)) {
      const status = (e as MalformedResponseError).received!.status;
      return { violations: [{ field: "error", expected: `${p.code} (for ${p.what})`, got: `a successful answer (HTTP ${status})`, message: `${where} answered with HTTP ${status}, where the spec refuses ${p.what} with ${p.code}` }] };
    }
    // a 429 after the retries, a 5xx, a network failure: the answer says nothing about the contract
    if (!(e instanceof ApiError) || e.status === 429 || (e.status ?? 0) >= 500) return { violations: [], failed: { code: c.code, ...(c.status !== undefined ? { status: c.status } : {}), message: `${p.what} (${where}): ${c.message}` } };
    // an answer with no JSON object at all: say what came (an empty body, text), and what was due
    if (!isObj(e.body)) {
      const got = e.body === undefined || e.body === null || e.body === "" ? "an empty body" : typeof e.body === "string" ? "text that is not JSON" : typeName(e.body);
      return { violations: [{ field: "error", expected: `{code: ${p.code}, message, details} (for ${p.what})`, got, message: `${where} (${p.what}) answered ${got}, where the spec refuses it with ${p.code} in the v3 error body` }] };
    }
    // invalid_request: details.fields names the offending parameter
    const names = p.names;
    const schema = names ? z.extend(v3ErrorOf(p.code), { details: z.looseObject({ fields: z.array(z.string()).check(z.refine((f) => f.includes(names), `expected a list naming ${names}`)) }) }) : v3ErrorOf(p.code);
    const status = ASSUMED.v3ErrorStatus[p.code];
    const departures: Departure[] = isObj(e.body) && e.body.code === p.code && e.status !== undefined && e.status !== status
      ? [{ path: `${p.code} status`, kind: "type", expected: String(status), got: String(e.status) }] : [];
    return { departures, violations: issues(schema, e.body, "error").map((v) => ({ ...v, field: v.field === "error" ? v.field : `error.${v.field}`, message: `${where} (${p.what}): ${v.message}` })) };
  }
}

export interface CheckOptions {
  concurrency: number;
  /** record each answer's observed shape (`--save`) */
  observe?: boolean;
  /** the requests are sent without a key (an unauthenticated answer of the grounding alias carries meta.upgrade) */
  keyless?: boolean;
  /** fill a path template (routes.buildPath) */
  buildPath: (r: Route, params: Record<string, string>) => string;
  /** is this error the key's or the entitlement's (skip), or the server's (failed)? `stop`: an interrupt (Ctrl-C, SIGTERM) */
  classify: (e: unknown, r: Route) => { kind: "skip" | "fail" | "fatal" | "stop"; code: string; status?: number; message: string };
}

/**
 * Call each route once, lists first (their items give the ids), at most `concurrency` at a time.
 * Returns a result per route, in route-table order, and the observed shape of each answer.
 */
export async function checkContract(routes: readonly Route[], call: Caller, opts: CheckOptions): Promise<{ results: RouteResult[]; observed: Record<string, { path: string; shape: Shape }>; interrupted: boolean }> {
  const answers = new Map<string, unknown>();
  const results = new Map<string, RouteResult>();
  const observed: Record<string, { path: string; shape: Shape }> = {};
  const wanted = new Set(routes.map((r) => r.id));
  const byId = new Map(ROUTES.map((r) => [r.id, r]));
  // the list routes the chosen detail routes need, even when not chosen themselves (called, not reported)
  const needed = new Set<string>();
  for (const r of routes) for (const s of SOURCES[r.id] ?? []) needed.add(s.from);
  const first = [...new Set([...routes.filter((r) => !r.path.includes("{")).map((r) => r.id), ...needed])].map((id) => byId.get(id)!);
  const second = routes.filter((r) => r.path.includes("{"));
  // an interrupt: no route is begun after it, and the one it stopped is not reported (not checked)
  let stopped = false;

  const one = async (r: Route): Promise<void> => {
    const base = { route: r.id, method: r.method, path: r.path, violations: [], departures: [] };
    const params: Record<string, string> = { ...FIXED[r.id] };
    for (const s of SOURCES[r.id] ?? []) {
      const v = answers.has(s.from) ? firstValue(answers.get(s.from), s.paths, byId.get(r.id)?.pathPatterns?.[s.param]) : undefined;
      if (v === undefined) {
        results.set(r.id, { ...base, skipped: `no ${s.param} to call it with: ${answers.has(s.from) ? `no item of ${byId.get(s.from)!.path} carries ${s.paths.join(" or ")}` : `${byId.get(s.from)!.path} gave no answer`}` });
        return;
      }
      params[s.param] = v;
    }
    if (r.path.includes("{") && !SOURCES[r.id]) {
      results.set(r.id, { ...base, skipped: "no list route gives its id (pass the id to 'mids api' to check it by hand)", uncallable: true });
      return;
    }
    const called = opts.buildPath(r, params);
    try {
      const { data, body, status, headers } = await call(r.id, params);
      answers.set(r.id, data);
      // (the observed shape is --save's alone: a run without it never reads an answer twice)
      if (opts.observe) observed[r.id] = { path: `${r.method} ${r.path}`, shape: observe(data) };
      if (!wanted.has(r.id)) return;
      const result = judge(r, data, called, body === undefined ? undefined : { body, status, headers }, !!opts.keyless);
      for (const p of PROBES[r.id] ?? []) {
        const { violations: v, departures: d = [], failed } = await probe(r, p, params, call, opts);
        if (v.length) { pushAll(result.violations, v); result.documented = "violated"; }
        if (d.length) { pushAll(result.departures, d); result.assumed = "departs"; }
        if (failed && !result.failed) result.failed = failed;
      }
      results.set(r.id, result);
    } catch (e) {
      const c = opts.classify(e, r);
      if (c.kind === "fatal") throw e;
      if (c.kind === "stop") { stopped = true; return; }
      if (!wanted.has(r.id)) return;
      // a JSON answer without the envelope broke the documented contract (spec 2.1): a violation
      // naming what is missing, not a route that could not be checked
      const envelope = envelopeMissing(r, e);
      if (envelope) { results.set(r.id, { ...base, called, documented: "violated", violations: [envelope], assumed: "none" }); return; }
      // a route whose path mids assumes (spec: not shown) may live elsewhere: a note, not a failure
      if (r.assumed && c.kind === "fail") { results.set(r.id, { ...base, called, skipped: `its path is assumed and the server answered ${c.code}${c.status ? ` (${c.status})` : ""}` }); return; }
      results.set(r.id, c.kind === "skip" ? { ...base, called, skipped: c.message } : { ...base, called, failed: { code: c.code, ...(c.status !== undefined ? { status: c.status } : {}), message: c.message } });
    }
  };
  for (const stage of [first, second]) {
    let next = 0;
    const worker = async () => { while (next < stage.length && !stopped) await one(stage[next++]); };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, stage.length)) }, worker));
    if (stopped) break;
  }
  return { results: routes.map((r) => results.get(r.id)!).filter(Boolean), observed, interrupted: stopped };
}

export function summarize(results: readonly RouteResult[]): CheckSummary {
  const s: CheckSummary = { routes: results.length, holds: 0, violated: 0, confirmed: 0, departs: 0, shapes: { confirmed: 0, departs: 0 }, skipped: 0, failed: 0 };
  for (const r of results) {
    if (r.skipped) s.skipped++;
    else if (r.failed) s.failed++;
    if (r.documented === "holds") s.holds++;
    if (r.documented === "violated") s.violated++;
    if (r.assumed === "confirmed") s.confirmed++;
    if (r.assumed === "departs") s.departs++;
    if (r.shape) s.shapes[r.shape]++;
  }
  return s;
}
