// The rewriter: one v2 request in, its v3 equivalent out, driven by the route table
// (src/contract/routes.ts: `v3` successors, param `to`/`rule`) and the rule texts of
// src/contract/migration.ts. Pure and offline; --resolve finishes `pending` work later.
import { ROUTES, matchRoute, matchPath, route as routeById, paramsOf, type Route, type ParamSpec } from "../contract/routes.js";
import { UsageError } from "../errors.js";
import { migrationRule, FIELD_RENAMES, RENAME_SCOPES_BY_V3_ROUTE, V2_SERIES_DEFAULT_WINDOW_DAYS } from "../contract/migration.js";
import type { LogRequest, Note, Outcome, Pending, Shape, Status } from "./types.js";
import { isSecretParam, queryObject } from "./url.js";

export interface RewriteOptions {
  now: Date;
}

const DAY_MS = 86_400_000;
const names = new Map<string, string[]>();
const pathNames = (p: string): string[] => names.get(p) ?? names.set(p, [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1])).get(p)!;
const renameNotes = new Map<string, Note | null>();
// a route's parameters by name, built once per route (every distinct request of a log asks)
const specMaps = new Map<readonly ParamSpec[], Map<string, ParamSpec>>();
const specsOf = (params: readonly ParamSpec[]): Map<string, ParamSpec> =>
  specMaps.get(params) ?? specMaps.set(params, new Map(params.map((p) => [p.name, p]))).get(params)!;

// a rule's own note is one shared object: its JSON is built once for every request (write-stage.ts)
const ruleNotes = new Map<string, Note>();
export function note(rule: string, prefix?: string): Note {
  if (!prefix) {
    let n = ruleNotes.get(rule);
    if (!n) { const r = migrationRule(rule); ruleNotes.set(rule, (n = Object.freeze({ rule, message: `${r.message} ${r.action}` }) as Note)); }
    return n;
  }
  const r = migrationRule(rule);
  return { rule, message: `${prefix}: ${r.message} ${r.action}` };
}

// The route table compiled once: routes by method and segment count, in matchRoute's order
// (most literal segments first), so a path is split once and tried against a few candidates.
interface Compiled { route: Route; segments: (string | null)[] }
const byMethod = new Map<string, Compiled[][]>();
for (const route of [...ROUTES].map((r) => ({ r, segs: r.path.split("/").filter(Boolean) }))
  .sort((a, b) => b.segs.filter((x) => !x.startsWith("{")).length - a.segs.filter((x) => !x.startsWith("{")).length)) {
  const byLength = byMethod.get(route.r.method) ?? byMethod.set(route.r.method, []).get(route.r.method)!;
  (byLength[route.segs.length] ??= []).push({ route: route.r, segments: route.segs.map((x) => (x.startsWith("{") ? null : x)) });
}

/** matchRoute (contract/routes.ts) on split parts: the route and its path parameter values in order. */
function matchParts(method: string, parts: string[]): { route: Route; values: string[] } | undefined {
  const list = byMethod.get(method === "HEAD" ? "GET" : method)?.[parts.length];
  if (!list) return undefined;
  outer: for (const c of list) {
    const values: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      const s = c.segments[i];
      if (s === null) {
        try { values.push(decodeURIComponent(parts[i])); } catch { continue outer; }
      } else if (s !== parts[i]) continue outer;
    }
    return { route: c.route, values };
  }
  return undefined;
}

/** path.split("/").filter(Boolean), in one pass. */
function segments(path: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = path.indexOf("/"); i >= 0; i = path.indexOf("/", start)) {
    if (i > start) out.push(path.slice(start, i));
    start = i + 1;
  }
  if (start < path.length) out.push(path.slice(start));
  return out;
}

const templates = new Map<string, string[]>();
/** buildPath (contract/routes.ts) with the template split once per route. */
function fillPath(r: Route, pathParams: Record<string, string>): string {
  let t = templates.get(r.path);
  if (!t) templates.set(r.path, (t = r.path.split(/\{(\w+)\}/)));
  let out = t[0];
  for (let i = 1; i < t.length; i += 2) {
    const k = t[i];
    const v = pathParams[k];
    // an empty or dot segment would address another resource once the URL is normalised
    if (v === undefined || v === "" || v === "." || v === "..") throw new UsageError(`${k} must be a non-empty identifier (got '${v ?? ""}')`);
    out += encodeURIComponent(v) + t[i + 1];
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
  const method = req.method.toUpperCase();
  const from: Shape = { method, path: req.path, query: queryObject(req.query) };
  const parts = segments(req.path);
  const first = parts[0] ?? "";
  if (first === "v1") return outcome("unrecognized", from, null, [note("v1-to-v3")]);
  if (first === "v3") {
    if (matchRoute(method, req.path)) return outcome("unchanged", from, from, []);
    const rule = matchPath(req.path).some((m) => m.route.version === "v3") ? "method-not-allowed" : "unknown-v3-route";
    return outcome("unrecognized", from, null, [note(rule)]);
  }
  if (first !== "v2") return outcome("unrecognized", from, null, [note("not-an-api-path")]);
  const m = matchParts(method, parts);
  if (!m || m.route.version !== "v2") {
    const rule = matchPath(req.path).some((x) => x.route.version === "v2") ? "method-not-allowed" : "unknown-v2-route";
    return outcome("unrecognized", from, null, [note(rule)]);
  }
  return rewriteV2(m.route, m.values, req, from, opts);
}

/** What a v2 route's rewrite needs that does not depend on the request, worked out once. */
interface Plan {
  routeRules: readonly string[];
  v3: Route | null;
  /** the v3 path template's parameters: a fixed value, or the index of the carried v2 value */
  pathParams: { name: string; fixed?: string; carried: number }[];
  placeholder: string | undefined;
  specs: Map<string, ParamSpec>;
  v3Specs: Map<string, ParamSpec>;
  seriesWindow: boolean;
  renames: Note | null;
}
const plans = new Map<Route, Plan>();
function planOf(r: Route): Plan {
  let p = plans.get(r);
  if (p) return p;
  const succ = r.v3!;
  const routeRules = [...(succ.rules ?? [])];
  const v3 = succ.route ? routeById(succ.route) : null;
  const fixed = succ.pathParams ?? {};
  let carried = 0;
  const pathParams = v3 ? pathNames(v3.path).map((name) => (name in fixed ? { name, fixed: fixed[name], carried: -1 } : { name, carried: carried++ })) : [];
  const v3Specs = specsOf(v3 ? v3.params : []);
  p = {
    routeRules, v3, pathParams,
    placeholder: routeRules.map((id) => migrationRule(id).pathPlaceholder).find(Boolean),
    specs: specsOf(paramsOf(r)), v3Specs,
    seriesWindow: v3Specs.has("from") && v3Specs.has("to"),
    renames: v3 ? renameNote(v3.id) : null,
  };
  plans.set(r, p);
  return p;
}
const partialRules = new Map<string, boolean>();
const isPartial = (rule: string): boolean => {
  let b = partialRules.get(rule);
  if (b === undefined) partialRules.set(rule, (b = migrationRule(rule).effect === "partial"));
  return b;
};

function rewriteV2(r: Route, v2Values: string[], req: LogRequest, from: Shape, opts: RewriteOptions): Outcome {
  const plan = planOf(r);
  const routeRules = plan.routeRules;
  const notes: Note[] = routeRules.map((id) => (id === "signals-sunset" ? sunsetNote(r, opts.now) : note(id)));
  const v3 = plan.v3;
  if (!v3) return outcome("removed", from, null, notes, r.id);
  const pending: Pending[] = [];

  // path: fixed successor params, then the v2 path params carried over in order
  const placeholder = plan.placeholder;
  const pathParams: Record<string, string> = {};
  for (const p of plan.pathParams) pathParams[p.name] = p.fixed !== undefined ? p.fixed : placeholder ? "\u0000" : v2Values[p.carried] ?? "";
  if (placeholder && v2Values[0]) pending.push({ kind: "report", topicId: v2Values[0] });

  // query: every v2 parameter either carries over under its v3 name or is noted with its rule
  const specs = plan.specs;
  const v3Specs = plan.v3Specs;
  const query: Record<string, string> = {};
  let byRule: Map<string, string[]> | undefined;
  const hit = (rule: string, what: string) => {
    byRule ??= new Map();
    const list = byRule.get(rule);
    if (list) list.push(what);
    else byRule.set(rule, [what]);
  };
  let seriesAt: string | undefined;
  // from.query differs from queryObject(req.query, false) only in secret values, which are not read
  const q = from.query;
  for (const k in q) {
    const v = q[k];
    if (isSecretParam(k)) { hit("key-in-query", k); continue; }
    const spec = specs.get(k);
    if (!spec) { hit("param-not-in-contract", `${k}=${clip(v)}`); continue; }
    if (spec.to) {
      const max = v3Specs.get(spec.to)?.max;
      if (max !== undefined && Number(v) > max) { query[spec.to] = String(max); hit("limit-over-v3-max", `${k}=${clip(v)} -> ${spec.to}=${max}`); }
      else query[spec.to] = v;
      continue;
    }
    const rule = spec.rule ?? "param-not-in-contract";
    if (rule === "page-to-cursor") {
      if (v === String(spec.default ?? 1)) continue; // the first page is where a cursor walk starts
      const page = Number(v);
      if (Number.isInteger(page) && page > 1) pending.push({ kind: "page", page });
    }
    if (rule === "at-to-series-window" && plan.seriesWindow) { seriesAt = v; continue; }
    if (routeRules.includes(rule)) continue; // the route-level note already says it
    hit(rule, `${k}=${clip(v)}`);
  }
  if (seriesAt !== undefined) seriesWindow(query, seriesAt, hit);
  if (byRule) for (const [rule, what] of byRule) notes.push(note(rule, what.join(", ")));

  if (plan.renames) notes.push(plan.renames);
  let path = fillPath(v3, pathParams);
  if (placeholder) path = path.replace(/%00/g, placeholder);
  let partial = false;
  for (const n of notes) if (isPartial(n.rule)) { partial = true; break; }
  return outcome(partial ? "partial" : "rewritten", from, { method: v3.method, path, query }, notes, r.id, pending);
}

/** v2 `at` ends the series window (a ceiling for `end`); start defaults to 7 days before it. */
function seriesWindow(query: Record<string, string>, at: string, hit: (rule: string, what: string) => void): void {
  const atMs = Date.parse(at);
  const endMs = query.to !== undefined ? Date.parse(query.to) : NaN;
  const to = !Number.isNaN(endMs) && !Number.isNaN(atMs) && endMs < atMs ? query.to : at;
  query.to = to;
  const toMs = Date.parse(to);
  if (query.from === undefined && !Number.isNaN(toMs)) query.from = new Date(toMs - V2_SERIES_DEFAULT_WINDOW_DAYS * DAY_MS).toISOString();
  hit("series-window-from-at", `at=${clip(at)}`);
}

const sunsetNotes = new Map<string, Note>();
function sunsetNote(r: Route, now: Date): Note {
  const base = note("signals-sunset");
  if (!r.sunset) return base;
  const past = now.getTime() >= Date.parse(r.sunset);
  const key = `${r.id} ${past}`;
  let n = sunsetNotes.get(key);
  if (n) return n;
  const msg = past
    ? `${r.path} is a deprecated alias past its ${r.sunset} sunset; it may stop answering at any time. Move to the successor route now.`
    : `${r.path} is a deprecated alias sunset on ${r.sunset}. Move to the successor route before then.`;
  sunsetNotes.set(key, (n = Object.freeze({ rule: "signals-sunset", message: msg }) as Note));
  return n;
}

function renameNote(v3Id: string): Note | null {
  let n = renameNotes.get(v3Id);
  if (n !== undefined) return n;
  const scopes = RENAME_SCOPES_BY_V3_ROUTE[v3Id];
  n = null;
  if (scopes) {
    const r = migrationRule("response-renames");
    const list = FIELD_RENAMES.filter((f) => scopes.includes(f.scope)).map((f) => `${f.from} -> ${f.to ?? "removed"}`);
    n = { rule: "response-renames", message: `${r.message.replace(/\.$/, "")}: ${list.join(", ")}. ${r.action}` };
  }
  renameNotes.set(v3Id, n);
  return n;
}
