// The rewriter: one v2 request in, its v3 equivalent out, driven by the route table
// (src/contract/routes.ts: `v3` successors, param `to`/`rule`) and the rule texts of
// src/contract/migration.ts. Pure and offline; --resolve finishes `pending` work later.
import { ROUTES, matchRoute, matchPath, namesAnotherPath, route as routeById, paramsOf, lossyDefaults, byDefault, maxIsAssumed, type Route, type ParamSpec } from "../contract/routes.js";
import { UsageError } from "../errors.js";
import { migrationRule, DETAIL_ONLY_NOTE, FIELD_RENAMES, RENAME_SCOPES_BY_V3_ROUTE, V2_SERIES_DEFAULT_WINDOW_DAYS } from "../contract/migration.js";
import { RESOLVE_MAX_PAGES, type LogRequest, type Note, type Outcome, type Pending, type Shape, type Status } from "./types.js";
import { EMPTY_QUERY, httpPrefix, isSecretParam as isSecretParamPure, queryObject } from "./url.js";
import { BoundedMemo, LastMemo, StaticMemo } from "../util/memo.js";
import { charTableOf } from "../util/chars.js";

export interface RewriteOptions {
  now: Date;
  /**
   * The API's own hosts (the base URL's): a request to another host that no API route
   * knows is skipped (another service's call), not unrecognized. None: hosts are not told apart.
   */
  hosts?: readonly string[];
  /**
   * The path the API sits under on its host (the base URL's: a gateway's `/mids`), without a
   * trailing slash: a request under it (`/mids/v2/projects`) is read from the path after it, and
   * its rewrite keeps it (`/mids/v3/projects`). None or "": requests start at `/v2`.
   */
  pathPrefix?: string;
  /** what one run remembers across requests (default: a new one per call) */
  run?: RewriteRun;
}

/** What a run of rewrites remembers: the last method's upper case, series windows, secret names. */
export class RewriteRun {
  /** logs use a method or two */
  readonly upper = new LastMemo((m) => m.toUpperCase());
  /** (without `to` and `from` the window depends on `at` alone: its start, worked out once per value) */
  /** the path being matched */
  readonly segments = new Segments();
  readonly windowStarts = new BoundedMemo((at) => {
    const atMs = Date.parse(at);
    return Number.isNaN(atMs) ? "" : new Date(atMs - V2_SERIES_DEFAULT_WINDOW_DAYS * DAY_MS).toISOString();
  });
  constructor(readonly isSecretParam: (name: string) => boolean = (n) => isSecretParamPure(n)) {}
}

const DAY_MS = 86_400_000;
const names = new StaticMemo((p: string): string[] => [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
const pathNames = (p: string): string[] => names.get(p);
// a route's parameters by name, built once per route (every distinct request of a log asks)
const specMaps = new StaticMemo((params: readonly ParamSpec[]): ReadonlyMap<string, ParamSpec> => new Map(params.map((p) => [p.name, p])));
const specsOf = (params: readonly ParamSpec[]): ReadonlyMap<string, ParamSpec> =>
  specMaps.get(params);

// a rule's own note is one shared object: its JSON is built once for every request (write-stage.ts)
const ruleNotes = new StaticMemo((rule: string): Note => { const r = migrationRule(rule); return Object.freeze({ rule, message: `${r.message} ${r.action}` }) as Note; });
export function note(rule: string, prefix?: string): Note {
  const n = ruleNotes.get(rule);
  return prefix ? { rule, message: prefix + ": " + n.message } : n;
}

// The route table compiled once: routes by method and segment count, in matchRoute's order
// (most literal segments first), so a path is scanned once and tried against a few candidates.
// A segment is compared by a number first (its length and end characters: segmentKey), and by
// its text only when the numbers agree.
// The candidates of a method and segment count are kept again by the number of their second
// segment (the resource: `projects`, `intel`...), each list in matchRoute's order with the routes
// whose second segment is a parameter among them: a path is tried against one or two routes.
interface Compiled { route: Route; version: string; segments: (string | null)[]; keys: Int32Array }
interface Candidates { all: Compiled[]; bySecond: Map<number, Compiled[]>; wild: Compiled[] }
const segmentKey = (len: number, first: number, last: number): number => (len << 16) ^ (first << 8) ^ last;
const keyOf = (lit: string): number => segmentKey(lit.length, lit.charCodeAt(0), lit.charCodeAt(lit.length - 1));
const byMethod: ReadonlyMap<string, Candidates[]> = compileRoutes();
function compileRoutes(): Map<string, Candidates[]> {
  const byMethod = new Map<string, Candidates[]>();
  const lists = new Map<string, Compiled[][]>();
  for (const route of [...ROUTES].map((r) => ({ r, segs: r.path.split("/").filter(Boolean) }))
    .sort((a, b) => b.segs.filter((x) => !x.startsWith("{")).length - a.segs.filter((x) => !x.startsWith("{")).length)) {
    const byLength = lists.get(route.r.method) ?? lists.set(route.r.method, []).get(route.r.method)!;
    const segments = route.segs.map((x) => (x.startsWith("{") ? null : x));
    (byLength[route.segs.length] ??= []).push({ route: route.r, version: route.r.version, segments, keys: Int32Array.from(segments, (x) => (x === null ? -1 : keyOf(x))) });
  }
  for (const [method, byLength] of lists) {
    byMethod.set(method, byLength.map((all) => {
      const bySecond = new Map<number, Compiled[]>();
      for (const c of all) if (c.segments.length > 1 && c.segments[1] !== null) bySecond.set(c.keys[1], []);
      for (const [k, list] of bySecond) for (const c of all) if (c.segments[1] === null || c.keys[1] === k) list.push(c);
      return { all, bySecond, wild: all.filter((c) => c.segments.length < 2 || c.segments[1] === null) };
    }));
  }
  return byMethod;
}

// The segments of the path being matched (path.split("/").filter(Boolean)), as positions: no
// array or slice per request. Paths longer than any route still count their segments.
const MAX_SEGMENTS = Math.max(16, ...[...byMethod.values()].map((byLength) => byLength.length));
/** One run's scratch for the path being matched (no array per request). */
export class Segments {
  readonly start = new Int32Array(MAX_SEGMENTS);
  readonly end = new Int32Array(MAX_SEGMENTS);
  readonly key = new Int32Array(MAX_SEGMENTS);
  /** The path parameter values of the last match (matchParts), in order: read at once, never kept. */
  readonly matched: string[] = [];
}
function scanSegments(g: Segments, path: string): number {
  const { start: segStart, end: segEnd, key: segKey } = g;
  let n = 0;
  let start = 0;
  for (let i = path.indexOf("/"); ; i = path.indexOf("/", start)) {
    const end = i < 0 ? path.length : i;
    if (end > start) {
      if (n < MAX_SEGMENTS) {
        segStart[n] = start;
        segEnd[n] = end;
        segKey[n] = segmentKey(end - start, path.charCodeAt(start), path.charCodeAt(end - 1));
      }
      n++;
    }
    if (i < 0) return n;
    start = i + 1;
  }
}
// (segments are short: comparing their characters here beats a call to startsWith)
function segmentIs(g: Segments, path: string, i: number, lit: string, key: number): boolean {
  if (g.key[i] !== key) return false;
  const s = g.start[i];
  if (g.end[i] - s !== lit.length) return false;
  for (let j = 0; j < lit.length; j++) if (path.charCodeAt(s + j) !== lit.charCodeAt(j)) return false;
  return true;
}
const V1 = keyOf("v1"), V2 = keyOf("v2"), V3 = keyOf("v3");

// decodeURIComponent, which leaves text without `%` as it is (undefined: malformed)
function decodeSegment(s: string): string | undefined {
  if (s.indexOf("%") < 0) return s;
  try { return decodeURIComponent(s); } catch { return undefined; }
}

/**
 * matchRoute (contract/routes.ts) on the scanned segments: the route; its path parameter values in
 * `matched`. HEAD is read as GET; OPTIONS (a browser's CORS preflight, sent before the request it
 * clears) as the route of any method on that path.
 */
function matchParts(g: Segments, method: string, path: string, count: number): Compiled | undefined {
  if (method !== "OPTIONS") return matchMethod(g, method === "HEAD" ? "GET" : method, path, count);
  // the route with the most literal segments, as within one method (`/v2/recipes/execute` is the
  // POST route, not GET /v2/recipes/{name})
  let best: string | undefined;
  let most = -1;
  for (const m of byMethod.keys()) {
    const c = matchMethod(g, m, path, count);
    const literal = c ? c.segments.filter((x) => x !== null).length : -1;
    if (literal > most) { best = m; most = literal; }
  }
  // (matched again: `matched` holds the values of the last match tried)
  return best === undefined ? undefined : matchMethod(g, best, path, count);
}

function matchMethod(g: Segments, method: string, path: string, count: number): Compiled | undefined {
  const { start: segStart, end: segEnd, key: segKey, matched } = g;
  const candidates = count <= MAX_SEGMENTS ? byMethod.get(method)?.[count] : undefined;
  if (!candidates) return undefined;
  const list = count < 2 ? candidates.all : candidates.bySecond.get(segKey[1]) ?? candidates.wild;
  outer: for (const c of list) {
    const segs = c.segments;
    const keys = c.keys;
    // the numbers of every literal segment first (most candidates differ there), then their text
    for (let i = 0; i < count; i++) if (segs[i] !== null && keys[i] !== segKey[i]) continue outer;
    for (let i = 0; i < count; i++) if (segs[i] !== null && !segmentIs(g, path, i, segs[i]!, keys[i])) continue outer;
    // (emptied by pops: setting length is a call into the runtime)
    while (matched.length) matched.pop();
    for (let i = 0; i < count; i++) {
      if (segs[i] !== null) continue;
      const v = decodeSegment(path.slice(segStart[i], segEnd[i]));
      if (v === undefined) continue outer;
      matched.push(v);
    }
    return c;
  }
  return undefined;
}

// text encodeURIComponent leaves as it is ([A-Za-z0-9\-_.!~*'()]): looked up by character (ids are short: a loop beats a regex call)
const PLAIN = charTableOf("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()");
function encodeSegment(v: string): string {
  for (let i = 0; i < v.length; i++) { const c = v.charCodeAt(i); if (c >= 128 || PLAIN[c] === 0) return encodeURIComponent(v); }
  return v;
}

/**
 * buildPath (contract/routes.ts) on the plan's template, split once (`t[0] {t[1]} t[2] ...`):
 * by slot a fixed value, else the carried v2 value (or NUL, the placeholder's stand-in).
 */
function fillTemplate(plan: Plan, v2Values: readonly string[], standIn: boolean): string {
  const t = plan.template;
  let out = t[0];
  for (let i = 1; i < t.length; i += 2) {
    const slot = plan.slots[i];
    const v = slot.fixed ?? (slot.carried === -2 ? undefined : standIn ? "\u0000" : v2Values[slot.carried] ?? "");
    if (v === undefined || namesAnotherPath(v)) throw new UsageError(`${t[i]} must be a non-empty identifier (got '${v ?? ""}')`);
    out += encodeSegment(v) + t[i + 1];
  }
  return out;
}

const clip = (s: string) => (s.length > 60 ? s.slice(0, 57) + "..." : s);

function outcome(status: Status, from: Shape, to: Shape | null, notes: Note[], routeId?: string, pending?: Pending[]): Outcome {
  const o: Outcome = { status, from, to, notes };
  if (routeId) o.routeId = routeId;
  if (pending?.length) o.pending = pending;
  return o;
}

export function rewrite(req: LogRequest, opts: RewriteOptions): Outcome {
  const prefix = opts.pathPrefix;
  const rest = prefix ? pathUnder(prefix, req.path) : undefined;
  if (rest !== undefined && (req.origin === "" || !opts.hosts?.length || isApiHost(opts.hosts, req.origin))) {
    return underPrefix(rewrite({ ...req, path: rest }, { ...opts, pathPrefix: undefined }), prefix!);
  }
  const o = rewriteRequest(req, opts);
  if (o.status !== "unrecognized" || req.origin === "") return o;
  // a URL that is no http(s) one (a HAR's data: or ws: entry), or another host's call no route knows: not the API's
  if (!isHttp(req.origin)) return outcome("skipped", o.from, null, [note("not-http")]);
  const hosts = opts.hosts;
  if (hosts?.length && !isApiHost(hosts, req.origin)) return outcome("skipped", o.from, null, [note("other-host")]);
  return o;
}

/** The path after `prefix` (the API's, RewriteOptions.pathPrefix) when `path` is under it (`/mids/v2/x` under `/mids`), else undefined. */
export function pathUnder(prefix: string, path: string): string | undefined {
  return path.length > prefix.length + 1 && path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47 ? path.slice(prefix.length) : undefined;
}

/** An outcome read from the path after the API's prefix, with the prefix put back on both sides. */
function underPrefix(o: Outcome, prefix: string): Outcome {
  const out: Outcome = { ...o, from: { ...o.from, path: prefix + o.from.path }, to: o.to && { ...o.to, path: prefix + o.to.path } };
  return out;
}

const isHttp = (origin: string): boolean => httpPrefix(origin) || /^https?:\/\//i.test(origin);

/** Is the origin's host one of `hosts` (a host without a port matches every port; `:443`/`:80` match it written without)? */
function isApiHost(hosts: readonly string[], origin: string): boolean {
  const s = origin.indexOf("//");
  const host = origin.slice(s < 0 ? 0 : s + 2).replace(/^[^@]*@/, "").toLowerCase();
  const bare = host.replace(/:\d+$/, "");
  for (const h of hosts) if (h === host || h === bare || h.replace(/:(443|80)$/, "") === host) return true;
  return false;
}

/**
 * The path before a later /v1, /v2 or /v3 segment that starts a known route (`/api` of
 * `/api/v2/projects`), or undefined: another page's `/static/v2/logo.png` is not one.
 */
function routePrefix(g: Segments, path: string, count: number, req: LogRequest, opts: RewriteOptions): string | undefined {
  for (let k = 1; k < Math.min(count, MAX_SEGMENTS); k++) {
    if (!segmentIs(g, path, k, "v2", V2) && !segmentIs(g, path, k, "v1", V1) && !segmentIs(g, path, k, "v3", V3)) continue;
    const at = g.start[k] - 1;
    const o = rewriteRequest({ ...req, path: path.slice(at) }, opts);
    const known = o.status !== "skipped" && o.status !== "invalid" && !o.notes.some((n) => n.rule === "unknown-v2-route" || n.rule === "unknown-v3-route");
    return known ? path.slice(0, at) : undefined;
  }
  return undefined;
}

function rewriteRequest(req: LogRequest, opts: RewriteOptions): Outcome {
  const run = opts.run ?? new RewriteRun();
  if (opts.run === undefined) opts = { ...opts, run };
  const method = run.upper.get(req.method);
  const path = req.path;
  const from: Shape = { method, path, query: queryObject(req.query, true, run.isSecretParam) };
  const g = run.segments;
  const count = scanSegments(g, path);
  if (count > 0 && segmentIs(g, path, 0, "v1", V1)) return outcome("unrecognized", from, null, [note("v1-to-v3")]);
  if (count > 0 && segmentIs(g, path, 0, "v3", V3)) {
    // (matchRoute, on the scanned segments: no route is HEAD, which matchParts reads as GET)
    if (matchParts(g, method, path, count)) {
      // v3 reads the key from a header only (spec 5.1): one in the query is dropped and noted, as for v2
      let keys: Hits;
      for (const k in from.query) if (run.isSecretParam(k)) keys = hit(keys, "key-in-query", k);
      if (!keys) return outcome("unchanged", from, from, []);
      const query: Record<string, string> = {};
      for (const k in from.query) if (!run.isSecretParam(k)) query[k] = from.query[k];
      const notes: Note[] = [];
      hitNotes(keys, notes);
      return outcome("unchanged", from, { method, path, query }, notes);
    }
    const rule = matchPath(path).some((m) => m.route.version === "v3") ? "method-not-allowed" : "unknown-v3-route";
    return outcome("unrecognized", from, null, [note(rule)]);
  }
  // a page, an asset, a health check: not the API's (any host)
  if (count === 0 || !segmentIs(g, path, 0, "v2", V2)) {
    if (req.origin !== "" && !isHttp(req.origin)) return outcome("skipped", from, null, [note("not-http")]);
    // a known route under a path no base URL names (`/api/v2/projects` behind a proxy): set aside
    // too, but saying how to have it read
    const prefix = count > 1 && (req.origin === "" || !opts.hosts?.length || isApiHost(opts.hosts, req.origin)) ? routePrefix(g, path, count, req, opts) : undefined;
    return outcome("skipped", from, null, [prefix ? note("api-path-prefix", prefix) : note("not-an-api-path")]);
  }
  const c = matchParts(g, method, path, count);
  if (!c || c.version !== "v2") {
    const known = matchPath(path).filter((x) => x.route.version === "v2");
    // a removed route the spec names without its path or method (the agent route: both assumed)
    // is removed whatever the method: no method is documented for it to be wrong against
    const gone = known.find((x) => x.route.assumed && x.route.v3?.route === null);
    if (gone) return rewriteV2(gone.route, Object.values(gone.params), req, from, opts);
    const rule = known.length ? "method-not-allowed" : "unknown-v2-route";
    return outcome("unrecognized", from, null, [note(rule)]);
  }
  return rewriteV2(c.route, g.matched, req, from, opts);
}

/** What a v2 route's rewrite needs that does not depend on the request, worked out once. */
interface Plan {
  routeRules: readonly string[];
  /** the route's own notes (null: one depends on the date, signals-sunset) */
  notes: readonly Note[] | null;
  v3: Route | null;
  /** the v3 path template split at its parameters (`a {b} c ...`) */
  template: readonly string[];
  /** by template slot: a fixed value, or the index of the carried v2 value */
  slots: { fixed?: string; carried: number }[];
  placeholder: string | undefined;
  /** with a placeholder the path is the same for every request: built once */
  fixedPath: string | undefined;
  specs: ReadonlyMap<string, ParamSpec>;
  v3Specs: ReadonlyMap<string, ParamSpec>;
  seriesWindow: boolean;
  renames: Note | null;
  /** parameters whose rule applies when a request leaves them out: [name, rule, what], ... */
  defaults: readonly (readonly [string, string, string])[];
  /** the notes of a request whose query hits no rule, and whether one is partial (undefined: they depend on the date) */
  plain: { notes: Note[]; partial: boolean } | undefined;
  /**
   * A v2 list whose default page size is not v3's: the page size a request without one is given
   * (v2's), and what its note says. The note list of a request that hits nothing else is `plain`'s
   * with that note (built once).
   */
  pageSize: { name: string; to: string; value: string; what: string; plain: { notes: Note[]; partial: boolean } | undefined } | undefined;
}
const plans = new StaticMemo(plan);
const planOf = (r: Route): Plan => plans.get(r);
function plan(r: Route): Plan {
  const succ = r.v3!;
  const routeRules = [...(succ.rules ?? [])];
  const v3 = succ.route ? routeById(succ.route) : null;
  const fixed = succ.pathParams ?? {};
  let carried = 0;
  // by name, the last wins (as an object keyed by name would have it)
  const byName = new Map<string, { fixed?: string; carried: number }>();
  for (const name of v3 ? pathNames(v3.path) : []) byName.set(name, name in fixed ? { fixed: fixed[name], carried: -1 } : { carried: carried++ });
  const template = v3 ? v3.path.split(/\{(\w+)\}/) : [""];
  const slots: { fixed?: string; carried: number }[] = [];
  for (let i = 1; i < template.length; i += 2) slots[i] = byName.get(template[i]) ?? { carried: -2 };
  const v3Specs = specsOf(v3 ? v3.params : []);
  const p: Plan = {
    routeRules,
    notes: routeRules.includes("signals-sunset") ? null : routeRules.map((id) => note(id)),
    v3, template, slots,
    placeholder: routeRules.map((id) => migrationRule(id).pathPlaceholder).find(Boolean),
    fixedPath: undefined,
    specs: specsOf(paramsOf(r)), v3Specs,
    seriesWindow: v3Specs.has("from") && v3Specs.has("to"),
    renames: v3 ? renameNote(v3.id) : null,
    defaults: lossyDefaults(r).map((x) => [x.name, x.rule!, byDefault(x)] as const),
    plain: undefined,
    pageSize: undefined,
  };
  // v2 lists default to 20 items a page (ASSUMED.v2DefaultLimit), v3's project list to 50: a
  // request that leaves the size out gets v2's, so that its pages hold the same items
  const size = p.specs.get("limit");
  const v3Size = size?.to ? v3Specs.get(size.to) : undefined;
  if (size?.to && size.default !== undefined && v3Size && String(v3Size.default) !== String(size.default)) {
    const what = `${size.to}=${size.default} (v2's default page size; v3's is ${v3Size.default ?? "not documented"})`;
    p.pageSize = { name: size.name, to: size.to, value: String(size.default), what, plain: undefined };
  }
  if (p.notes) {
    const notes = Object.freeze([...p.notes, ...(p.renames ? [p.renames] : [])]) as Note[];
    p.plain = { notes, partial: notes.some((n) => isPartial(n.rule)) };
    if (p.pageSize) {
      const sized = Object.freeze([...p.notes, note(PAGE_SIZE_RULE, p.pageSize.what), ...(p.renames ? [p.renames] : [])]) as Note[];
      p.pageSize.plain = { notes: sized, partial: sized.some((n) => isPartial(n.rule)) };
    }
  }
  return p;
}
const PAGE_SIZE_RULE = "v2-default-page-size";

/**
 * A route's v2 parameters as the rewrite carries them (explain lists them so; scan names them so
 * where the code sets them): the route table's, but on a series read (its v3 route takes a from/to
 * window) `at` is that window's end, `to`, with `from` 7 days before it (series-window-from-at),
 * not a historical read v3 removed (at-to-series-window, the project detail's).
 */
const carried = new StaticMemo((r: Route): readonly ParamSpec[] => {
  const params = paramsOf(r);
  if (!r.v3?.route || !planOf(r).seriesWindow) return params;
  return params.map((p) => (p.rule === "at-to-series-window" ? Object.freeze({ ...p, to: "to", rule: "series-window-from-at" }) : p));
});
export const carriedParams = (r: Route): readonly ParamSpec[] => carried.get(r);
const partialRules = new StaticMemo((rule: string) => migrationRule(rule).effect === "partial");
const isPartial = (rule: string): boolean => partialRules.get(rule);

/** What the query's parameters hit: rule, what, rule, what... in order (a request has few). */
type Hits = string[] | undefined;
function hit(hits: Hits, rule: string, what: string): string[] {
  if (!hits) return [rule, what];
  hits.push(rule, what);
  return hits;
}

/** One note per rule hit, in order of its first hit, naming all it was hit by (`page=3, sort=x`). */
function hitNotes(hits: string[], notes: Note[]): void {
  for (let i = 0; i < hits.length; i += 2) {
    const rule = hits[i];
    if (rule === "") continue;
    let what = hits[i + 1];
    for (let j = i + 2; j < hits.length; j += 2) if (hits[j] === rule) { what += ", " + hits[j + 1]; hits[j] = ""; }
    notes.push(note(rule, what));
  }
}

// the v3 path of a request; with a placeholder, the same for every request of the route
function v3Path(plan: Plan, v2Values: readonly string[]): string {
  const placeholder = plan.placeholder;
  if (!placeholder) return fillTemplate(plan, v2Values, false);
  return (plan.fixedPath ??= fillTemplate(plan, v2Values, true).replace(/%00/g, placeholder));
}

/** A new list of the route's own notes. */
const routeNotes = (plan: Plan, r: Route, opts: RewriteOptions): Note[] =>
  plan.notes ? plan.notes.slice() : plan.routeRules.map((id) => (id === "signals-sunset" ? sunsetNote(r, opts.now) : note(id)));

/**
 * A value v3 refuses for a whole number of at least `min` (`0`, `abc`, `2.5`), kept as written; a
 * variable or placeholder (`$LIMIT`, `{n}`, `<n>`, `%d`, `:limit`) is the caller's to fill.
 */
const refusedWhole = (v: string, min: number): boolean => (/^\d+$/.test(v) ? Number(v) < min : !/^[$%<{:]/.test(v));

/**
 * What a list where v3 takes one value becomes: `one v3 request per value: chain=ethereum,
 * chain=solana` (the first three named); a list of one value and empty ones (`ethereum,`) the one
 * request with that value; none (`,`) a request with one value or without the parameter.
 */
function splitValues(name: string, v: string): string {
  const values = v.split(",").map((x) => x.trim()).filter((x) => x !== "");
  if (!values.length) return `no value between its commas: send one ${name}, or drop it`;
  if (values.length === 1) return `one value and empty ones: send ${name}=${clip(values[0])}`;
  const named = values.slice(0, 3).map((x) => `${name}=${clip(x)}`).join(", ");
  return `one v3 request per value: ${values.length > 3 ? `${named} and ${values.length - 3} more` : named}`;
}

/**
 * Page N of a v2 page size over v3's maximum (`page=2&limit=100`) starts at item (N-1)*100+1,
 * which is not page N of v3's smaller pages. The v3 page size becomes the largest that divides
 * the v2 one (50; 30 for limit=60), so that the v2 page starts on a v3 page and is read whole by
 * its v3 pages, when that reads no more v3 pages than pages of v3's maximum would; otherwise (a
 * size with no such divisor: limit=53 would be pages of 1, 53 requests for one page; or one whose
 * walk would be past RESOLVE_MAX_PAGES where pages of the maximum are not) the pages are
 * of v3's maximum, from the one holding the v2 page's first item, and the items before it and after
 * the v2 page's last are left out. The walk to that page (by --resolve or by hand) and the reading
 * (verify) take it from the pending page; the page and size notes say so.
 */
function v3PageOf(lowered: { to: string; size: number; max: number; at: number }, pageAt: number, pending: Pending[], query: Record<string, string>, hits: string[]): Pending[] {
  const i = pending.findIndex((p) => p.kind === "page");
  if (i < 0) return pending;
  const page = (pending[i] as { page: number }).page;
  const { to, size, max } = lowered;
  const before = (page - 1) * size; // items before the v2 page
  let per = max;
  while (size % per) per--;
  // pages of the maximum: the one holding item before+1, and how many hold the v2 page from there
  const skip = before % max;
  const windowPages = Math.ceil((skip + size) / max);
  // (and when its walk stays within the pages --resolve walks, or the other's does not either:
  // limit=60&page=60 is v3 page 119 of 30s but 71 of 50s)
  const aligned = size / per <= windowPages && (before / per < RESOLVE_MAX_PAGES || Math.floor(before / max) >= RESOLVE_MAX_PAGES);
  if (!aligned) per = max;
  const v3Page = Math.floor(before / per) + 1;
  const pages = aligned ? size / per : windowPages;
  query[to] = String(per);
  if (per !== max) hits[lowered.at] = hits[lowered.at].replace(/=\d+$/, `=${per}`) + ` (the largest page size up to ${max} that divides ${size}, so that page ${page} starts on a v3 page)`;
  const p: Pending = aligned ? { kind: "page", page: v3Page, v2Page: page, keep: size, reads: pages } : { kind: "page", page: v3Page, v2Page: page, skip, keep: size, reads: pages };
  hits[pageAt] += aligned
    ? ` (v2 pages of ${size}: page ${page} starts at item ${before + 1}, the first of v3 page ${v3Page} of pages of ${per}; follow meta.nextCursor ${v3Page - 1} times from the first page, then ${pageWindow(p)})`
    : ` (v2 pages of ${size}: page ${page} starts at item ${before + 1}, item ${skip + 1} of v3 page ${v3Page} of pages of ${per}; follow meta.nextCursor ${v3Page - 1} times from the first page, then ${pageWindow(p)})`;
  const out = [...pending];
  out[i] = p;
  return out;
}

/**
 * The v3 items that are v2's page, from the v3 page it starts in: `skip 6 items and keep 53, over 2
 * v3 pages`. Every note that names that page says it (the page-to-cursor note, --resolve's, explain's
 * look-up), so the page can be read by hand from the cursor alone.
 */
export function pageWindow(p: { skip?: number; keep?: number; reads?: number }): string {
  const skip = p.skip ?? 0;
  return `skip ${skip} item${skip === 1 ? "" : "s"} and keep ${p.keep}, over ${p.reads} v3 page${p.reads === 1 ? "" : "s"}`;
}

function rewriteV2(r: Route, v2Values: readonly string[], req: LogRequest, from: Shape, opts: RewriteOptions): Outcome {
  const plan = planOf(r);
  const routeRules = plan.routeRules;
  const v3 = plan.v3;
  // a path value that is empty, `.` or `..` (`%2e%2e` too) names another resource once the URL is
  // normalised (`/v2/projects/../momentum`): not the route it looks like, nothing to rewrite it to
  for (const v of v2Values) if (namesAnotherPath(v)) return outcome("unrecognized", from, null, [note("dot-segment", `'${v}'`)]);
  if (!v3) return outcome("removed", from, null, routeNotes(plan, r, opts), r.id);
  let pending: Pending[] | undefined;

  // path: fixed successor params, then the v2 path params carried over in order
  const placeholder = plan.placeholder;
  if (placeholder && v2Values[0]) pending = [{ kind: "report", topicId: v2Values[0] }];

  // query: every v2 parameter either carries over under its v3 name or is noted with its rule
  const specs = plan.specs;
  const v3Specs = plan.v3Specs;
  // (a request without a query gets none: the frozen empty one, nothing is added to it below)
  let query: Record<string, string> = req.query.length ? {} : EMPTY_QUERY;
  let byRule: Hits;
  let seriesAt: string | undefined;
  // a v2 page size over v3's maximum (limit=100): where its hit is, for page N below
  let lowered: { to: string; size: number; max: number; at: number } | undefined;
  let pageAt = -1;
  // from.query differs from queryObject(req.query, false) only in secret values, which are not read
  const q = from.query;
  for (const k in q) {
    const v = q[k];
    if (opts.run!.isSecretParam(k)) { byRule = hit(byRule, "key-in-query", k); continue; }
    const spec = specs.get(k);
    if (!spec) { byRule = hit(byRule, "param-not-in-contract", `${k}=${clip(v)}`); continue; }
    if (spec.to) {
      const to = v3Specs.get(spec.to);
      const max = to?.max;
      if (max !== undefined && Number(v) > max) {
        query[spec.to] = String(max);
        // (a maximum the spec does not show, the intel list's, is said to be mids' assumption)
        byRule = hit(byRule, "limit-over-v3-max", `${k}=${clip(v)} -> ${spec.to}=${max}${maxIsAssumed(to!) ? ` (${max} is an assumed maximum: the spec shows none for this list)` : ""}`);
        if (Number.isInteger(Number(v))) lowered = { to: spec.to, size: Number(v), max, at: byRule.length - 1 };
        continue;
      }
      query[spec.to] = v;
      // a list where v3 takes one value (a single chain): kept as written, the request to be split
      if (spec.rule !== undefined && to?.single && v.indexOf(",") >= 0) byRule = hit(byRule, spec.rule, `${k}=${clip(v)} (${splitValues(spec.to, v)})`);
      else if (to?.type === "int" && to.min !== undefined && refusedWhole(v, to.min)) {
        byRule = hit(byRule, "limit-not-v3-page-size", `${k}=${clip(v)} (v3: ${to.min} to ${max ?? "its maximum"})`);
      }
      continue;
    }
    if (spec.lossless !== undefined && spec.lossless.includes(v)) continue;
    const rule = spec.rule ?? "param-not-in-contract";
    if (rule === "page-to-cursor") {
      if (v === String(spec.default ?? 1)) continue; // the first page is where a cursor walk starts
      const page = Number(v);
      if (Number.isInteger(page) && page > 1) {
        (pending ??= []).push({ kind: "page", page });
        // page N of v2's default page size is not page N of v3's (50): the walk to it, by
        // --resolve or by hand, must take v2's size to reach the same items
        const size = specs.get("limit");
        if (size?.to && size.default !== undefined && !(size.name in q)) {
          query[size.to] = String(size.default);
          if (!routeRules.includes(rule)) { byRule = hit(byRule, rule, `${k}=${clip(v)} (with ${size.to}=${size.default}, the v2 default page size, so that page ${page} holds the same items)`); continue; }
        }
      }
    }
    if (rule === "at-to-series-window" && plan.seriesWindow) { seriesAt = v; continue; }
    if (routeRules.includes(rule)) continue; // the route-level note already says it
    byRule = hit(byRule, rule, `${k}=${clip(v)}`);
    if (rule === "page-to-cursor") pageAt = byRule.length - 1;
  }
  // (a page that is no whole number past the first, page=0 or page=abc, has its note and nothing to walk to)
  if (lowered && pageAt >= 0 && pending) pending = v3PageOf(lowered, pageAt, pending, query, byRule!);
  // a parameter left out whose default loses something (momentum's cluster breakdown is on by default)
  for (const [name, rule, what] of plan.defaults) if (!(name in q)) byRule = hit(byRule, rule, what);
  if (seriesAt !== undefined) byRule = seriesWindow(query, seriesAt, byRule, opts.run!);
  // v2 `end` alone (no start, no at): its start defaulted to 7 days before it, v3's is not documented
  else if (plan.seriesWindow && query.to !== undefined && query.from === undefined && specs.get("at")?.rule === "at-to-series-window") byRule = seriesFromEnd(query, byRule, opts.run!);
  // a list without a page size (the first page, or no page at all) gets v2's: v3's default is
  // larger (page N > 1 got it above, with its page-to-cursor note)
  const size = plan.pageSize;
  const sized = size !== undefined && !(size.name in q) && query[size.to] === undefined;
  if (sized) {
    if (query === EMPTY_QUERY) query = {};
    query[size.to] = size.value;
  }
  const path = v3Path(plan, v2Values);
  // HEAD of a GET route (a health check, `curl -I`) stays HEAD: the v3 request asks for the same
  // thing; a preflight (OPTIONS) stays one, for the v3 request the browser will send after it
  const method = (from.method === "HEAD" && v3.method === "GET") || from.method === "OPTIONS" ? from.method : v3.method;
  // a request whose query hit no rule (most) has the route's notes: one frozen list, worked out once
  const shared = byRule ? undefined : sized ? size.plain : plan.plain;
  if (shared) return outcome(shared.partial ? "partial" : "rewritten", from, { method, path, query }, shared.notes, r.id, pending);
  const notes = routeNotes(plan, r, opts);
  if (byRule) hitNotes(byRule, notes);
  if (sized) notes.push(note(PAGE_SIZE_RULE, size.what));
  if (plan.renames) notes.push(plan.renames);
  let partial = false;
  for (const n of notes) if (isPartial(n.rule)) { partial = true; break; }
  const o = outcome(partial ? "partial" : "rewritten", from, { method, path, query }, notes, r.id, pending);
  if (lowered) o.loweredPageSize = { v2: lowered.size, v3: Number(query[lowered.to]) };
  return o;
}

/**
 * v2 `at` ends the series window (a ceiling for `end`); start defaults to 7 days before it. When
 * that start cannot be worked out (`at` or `end` is no timestamp: a variable, a placeholder) the
 * window is not v2's: partial (series-window-from-unknown). With an explicit start nothing is
 * defaulted, so no window note is due.
 */
function seriesWindow(query: Record<string, string>, at: string, byRule: Hits, run: RewriteRun): Hits {
  if (query.to === undefined && query.from === undefined) {
    const from = run.windowStarts.get(at);
    query.to = at;
    if (from) query.from = from;
    return hit(byRule, from ? "series-window-from-at" : "series-window-from-unknown", `at=${clip(at)}`);
  }
  const explicitFrom = query.from !== undefined; // v2 `start`: the window's start is the log's, not a default
  const atMs = Date.parse(at);
  const endMs = query.to !== undefined ? Date.parse(query.to) : NaN;
  const useEnd = !Number.isNaN(endMs) && !Number.isNaN(atMs) && endMs < atMs;
  query.to = useEnd ? query.to : at;
  const toMs = useEnd ? endMs : atMs;
  if (explicitFrom) return byRule; // `at` (or an earlier `end`) is `to`, `start` is `from`: v2's window, nothing defaulted
  if (!Number.isNaN(toMs)) query.from = new Date(toMs - V2_SERIES_DEFAULT_WINDOW_DAYS * DAY_MS).toISOString();
  return hit(byRule, query.from === undefined ? "series-window-from-unknown" : "series-window-from-at", `at=${clip(at)}`);
}

/** v2 `end` alone became `to`: `from` is v2's default start, 7 days before it (or partial when `end` is no timestamp). */
function seriesFromEnd(query: Record<string, string>, byRule: Hits, run: RewriteRun): Hits {
  const from = run.windowStarts.get(query.to);
  if (from) query.from = from;
  return hit(byRule, from ? "series-window-from-end" : "series-window-from-unknown", `end=${clip(query.to)}`);
}

/** Whether `now` is past a sunset at `at` (ms): from its first millisecond. One rule for the notes and their summary. */
const pastSunset = (at: number, now: Date): boolean => now.getTime() >= at;

// by route: its sunset time, and its note before and after the sunset (built once each)
const sunsets = new StaticMemo((r: Route): { at: number; before?: Note; after?: Note } => ({ at: Date.parse(r.sunset!) }));
function sunsetNote(r: Route, now: Date): Note {
  const base = note("signals-sunset");
  if (!r.sunset) return base;
  const s = sunsets.get(r);
  const past = pastSunset(s.at, now);
  const n = past ? s.after : s.before;
  if (n) return n;
  const msg = past
    ? `${r.path} is a deprecated alias past its ${r.sunset} sunset; it may stop answering at any time. Move to the successor route now.`
    : `${r.path} is a deprecated alias sunset on ${r.sunset}. Move to the successor route before then.`;
  const made = Object.freeze({ rule: "signals-sunset", message: msg }) as Note;
  if (past) s.after = made;
  else s.before = made;
  return made;
}

/**
 * The summary's text for signals-sunset notes, which count requests to every signals route: about
 * those routes, not about the first one counted (`/v2/signals/{id} is ...` over 3 requests to three
 * routes). Past the sunset at `now` or not, by the rule the notes follow (sunsetNote), never by
 * their words.
 */
export function sunsetSummary(now: Date): string {
  const sunset = ROUTES.filter((r) => r.sunset);
  const paths = sunset.map((r) => r.path).join(", ");
  const date = sunset[0]?.sunset ?? "";
  return pastSunset(Date.parse(date), now)
    ? `The signals routes (${paths}) are deprecated aliases past their ${date} sunset; they may stop answering at any time. Move to the successor routes now.`
    : `The signals routes (${paths}) are deprecated aliases sunset on ${date}. Move to the successor routes before then.`;
}

const renameNotes = new StaticMemo(renameNoteOf);
const renameNote = (v3Id: string): Note | null => renameNotes.get(v3Id);
function renameNoteOf(v3Id: string): Note | null {
  let n: Note | null = null;
  const scopes = RENAME_SCOPES_BY_V3_ROUTE[v3Id];
  if (scopes) {
    const r = migrationRule("response-renames");
    // a list's items lack the detail-only fields (trendDelta): the note says so, as verify's map does
    const isList = routeById(v3Id).pagination === "cursor";
    const list = FIELD_RENAMES.filter((f) => scopes.includes(f.scope)).map((f) => `${f.from} -> ${f.detailOnly && isList ? `removed (${DETAIL_ONLY_NOTE(f)})` : f.to ?? "removed"}`);
    n = { rule: "response-renames", message: `${r.message.replace(/\.$/, "")}: ${list.join(", ")}. ${r.action}` };
  }
  return n;
}
