// The API as data (spec part 4). One table read by the client, the sandbox, `migrate`,
// completions and the README route list. Nothing else may restate a path or a parameter name.
import { ASSUMED } from "./assumed.js";
import { UsageError } from "../errors.js";
import { editDistance } from "../util/edit-distance.js";

export type ApiVersion = "v2" | "v3";
/** The API versions, in order (`--api`, the `api` setting). */
export const API_VERSIONS: readonly ApiVersion[] = ["v2", "v3"];
/**
 * A base URL path ending in an API version (`/v3`, `/v2/`, or v1's, which spec 9.1 names as moving
 * to v3: a base URL kept from a v1 integration; `/V3` too): mids adds the version to every path, so it would be doubled.
 */
export const BASE_URL_VERSION_END = new RegExp(`/(${["v1", ...API_VERSIONS].join("|")})/*$`, "i");
/** How every message says it of a base URL (BASE_URL_VERSION_END): `ends in /v3, and mids adds the API version to every path`. */
export const versionDoubled = (version: string): string => `ends in /${version}, and mids adds the API version to every path`;
export type Method = "GET" | "POST" | "PATCH";
/** public: no key needed; key: key required; optional: public, but some parameters need a key. */
export type Auth = "public" | "key" | "optional";
export type Envelope = "v2" | "v3" | "none";
export type Pagination = "page" | "cursor";

export type ParamType = "string" | "int" | "number" | "timestamp" | "enum" | "csv" | "bool" | "duration";

export interface ParamSpec {
  name: string;
  type: ParamType;
  values?: readonly string[];
  min?: number;
  max?: number;
  default?: string | number;
  /** timestamp parameters that must lie in the past (spec 4.1 rule 3) */
  past?: boolean;
  /** sets the start of a history read (spec 8.2): an explicit value before earliestAvailableAt is 403 */
  historyStart?: boolean;
  /** needs a key even on an otherwise public route (spec 5.4) */
  needsKey?: boolean;
  /** one value, not a comma-separated list (spec 4.2: a single chain): a comma is refused locally */
  single?: boolean;
  /** the name is not in the spec; see ASSUMED */
  assumed?: boolean;
  /**
   * the assumption behind its maximum, default or values (the spec does not show them), by what
   * it fixes: their notes go wherever the parameter is described, and an assumed maximum is left
   * to the server (maxIsAssumed)
   */
  assumedValues?: Partial<Record<"max" | "default" | "values", keyof typeof ASSUMED>>;
  /** v2 -> v3: the v3 parameter that carries the same value */
  to?: string;
  /**
   * v2 -> v3: a migrate rule id explaining why the value cannot carry over as is; with `to`, one
   * noted only when the value is a list and the v3 parameter takes one value (`single`)
   */
  rule?: string;
  /**
   * v2 -> v3: the values that lose nothing in v3 (the parameter is dropped without a note). With
   * it, `rule` is noted for any other value, and for a request without the parameter when the
   * default is not one of them (momentum's cluster breakdown: on unless the flag is "false").
   */
  lossless?: readonly string[];
}

export interface Successor {
  /** v3 route id, or null when removed in v3 */
  route: string | null;
  /** migrate rule ids that always apply for this route (partial rewrites, removals) */
  rules?: readonly string[];
  /** fixed v3 path parameters (e.g. the series measure) */
  pathParams?: Readonly<Record<string, string>>;
}

export interface Route {
  id: string;
  method: Method;
  path: string;
  version: ApiVersion;
  auth: Auth;
  /** v3 entitlement (spec 5.5) needed; v2 equivalent is a scope + account backing */
  entitlement?: string;
  envelope: Envelope;
  pagination?: Pagination;
  /** history-affected responses carry meta.history (spec 8.2) */
  history?: boolean;
  /** v3: the model versions the answer reports in meta.versions (spec 4.2, 9.4) */
  versions?: readonly ("trendModel" | "relations")[];
  /**
   * How far back the route reads when no start is given, in days: a number for a default window
   * (spec 4.1: momentum/rank 7 days; a default `since` param, like neighbors' 14d, also counts), "archive" for listings of history (intel,
   * topic history) that reach as far as the key may read. Absent: a current-state read.
   */
  defaultWindowDays?: number | "archive";
  /** retried on 429/5xx/reset: GET everywhere, PATCH of an alert (idempotent partial update) */
  idempotent: boolean;
  params: readonly ParamSpec[];
  /** path parameter patterns */
  pathPatterns?: Readonly<Record<string, RegExp>>;
  summary: string;
  /**
   * A list whose `data` is a snapshot object holding the items under this member (v2 topics, as
   * /v2/grounding's topics[], spec 2): readers take a bare list too.
   */
  listIn?: string;
  /** deprecated v2 alias: the route id it answers like (spec 4.1 aliases) */
  aliasOf?: string;
  /** Sunset date (spec 4.1: signals routes, 2026-07-15) */
  sunset?: string;
  deprecated?: boolean;
  /** v2 -> v3 map (spec 9.5) */
  v3?: Successor;
  /** the route is not documented in the spec; its path is an assumption */
  assumed?: boolean;
}

/** A history-affected route whose meta.history the spec only implies (ASSUMED.historyMetaInferred): read, never required. */
export const historyMetaInferred = (r: Route): boolean => (ASSUMED.historyMetaInferred as readonly string[]).includes(r.id);

const cursor: ParamSpec = { name: "cursor", type: "string" };
const v2page: ParamSpec = { name: "page", type: "int", min: 1, default: 1, rule: "page-to-cursor" };
const v2limit = (max: number, def: number, assumedValues: ParamSpec["assumedValues"], carry: Pick<ParamSpec, "to" | "rule"> = { to: "limit" }): ParamSpec =>
  ({ name: "limit", type: "int", min: 1, max, default: def, assumedValues, ...carry });
/** a v2 list whose page size limits the spec does not show (ASSUMED.v2MaxLimit, v2DefaultLimit) */
const v2listLimit: ParamSpec = v2limit(ASSUMED.v2MaxLimit, ASSUMED.v2DefaultLimit, { max: "v2MaxLimit", default: "v2DefaultLimit" });

/**
 * Is the parameter's maximum an assumption (spec 8.4 gives the maximum of few lists)? Then the
 * sandbox refuses above it, but mids leaves it to the server rather than refuse a value locally.
 * A parameter whose name is assumed has no documented maximum either.
 */
export const maxIsAssumed = (p: ParamSpec): boolean => p.assumed === true || p.assumedValues?.max !== undefined;
const window3 = (): ParamSpec[] => [
  { name: "start", type: "timestamp", historyStart: true, to: "from" },
  { name: "end", type: "timestamp", to: "to" },
  { name: "at", type: "timestamp", past: true, historyStart: true, rule: "at-to-series-window" },
];

export const SIGNALS_SUNSET = "2026-07-15";
/** spec 4.2: the measures of /v3/projects/{idOrSlug}/series/{measure} */
export const SERIES_MEASURES = ["trend", "rank"] as const;
/** spec 2.11, 4.2: a v3 project's universe (the list filters by the same two) */
export const UNIVERSES = ["crypto", "tradfi"] as const;

export const ROUTES: readonly Route[] = [
  // ---------- v2 (deprecated as a whole) ----------
  { id: "v2.root", method: "GET", path: "/v2", version: "v2", auth: "public", envelope: "none", idempotent: true, params: [],
    summary: "Service name, version and status", v3: { route: null, rules: ["no-v3-root"] } },
  { id: "v2.apiKeys.info", method: "GET", path: "/v2/api-keys/info", version: "v2", auth: "key", envelope: "v2", idempotent: true, params: [],
    summary: "The authenticated key's id, name, type, scopes, expiresAt", v3: { route: "v3.me", rules: ["api-key-info-to-me"] } },
  { id: "v2.topics.list", method: "GET", path: "/v2/topics", version: "v2", auth: "optional", envelope: "v2", idempotent: true, params: [],
    summary: "Top 25 ranked narratives, refreshed hourly", history: true, listIn: "topics", v3: { route: "v3.topics.list" } },
  { id: "v2.topics.report", method: "GET", path: "/v2/topics/{id}/report", version: "v2", auth: "key", entitlement: "topic-reports",
    envelope: "v2", idempotent: true, params: [], pathPatterns: { id: /^topic_[a-f0-9]{20}$/ },
    summary: "Frontier Report of a topic", v3: { route: "v3.reports.get", rules: ["topic-id-to-report-id"] } },
  { id: "v2.grounding", method: "GET", path: "/v2/grounding", version: "v2", auth: "optional", envelope: "v2", idempotent: true,
    params: [{ name: "at", type: "timestamp", past: true, needsKey: true, historyStart: true, rule: "at-dropped" }],
    summary: "Top 10 topics by recency-weighted 48-hour attention (deprecated alias)", history: true,
    aliasOf: "v2.topics.list", deprecated: true, v3: { route: "v3.topics.list", rules: ["grounding-alias"] } },
  { id: "v2.grounding.history", method: "GET", path: "/v2/grounding/history", version: "v2", auth: "key", envelope: "v2",
    pagination: "page", history: true, idempotent: true, defaultWindowDays: "archive",
    params: [
      { name: "at", type: "timestamp", past: true, rule: "at-dropped" },
      { name: "from", type: "timestamp", historyStart: true, rule: "topic-history-window" },
      { name: "to", type: "timestamp", rule: "topic-history-window" },
      // (its pages are of past snapshots, which v3 does not have: no cursor leads to them)
      { ...v2page, rule: "topic-history-window" }, v2limit(50, ASSUMED.v2GroundingHistoryDefaultLimit, { default: "v2GroundingHistoryDefaultLimit" }, { rule: "topic-history-window" }),
    ],
    summary: "Past topic snapshots (deprecated alias)", aliasOf: "v2.topics.list", deprecated: true,
    v3: { route: "v3.topics.list", rules: ["grounding-history-no-v3"] } },
  { id: "v2.projects.list", method: "GET", path: "/v2/projects", version: "v2", auth: "key", envelope: "v2", pagination: "page",
    history: true, idempotent: true,
    params: [
      v2page, v2listLimit,
      { name: "projectIds", type: "csv", to: "ids" },
      { name: "names", type: "csv", to: "names" },
      { name: "xHandles", type: "csv", to: "handles" },
      { name: "tickers", type: "csv", to: "tickers" },
      { name: "chain", type: "string", to: "chain", rule: "list-to-one-value" },
      { name: "categories", type: "csv", assumed: true, to: "categories" },
      { name: "minMarketCap", type: "number", assumed: true, rule: "market-cap-removed" },
      { name: "maxMarketCap", type: "number", assumed: true, rule: "market-cap-removed" },
    ],
    summary: "Projects with signals, marketData, trendScore and rank", v3: { route: "v3.projects.list" } },
  { id: "v2.projects.chains", method: "GET", path: "/v2/projects/chains", version: "v2", auth: "public", envelope: "v2",
    idempotent: true, params: [], summary: "Blockchain platforms",
    v3: { route: "v3.vocabulary", rules: ["vocabulary-chains"] } },
  { id: "v2.projects.get", method: "GET", path: "/v2/projects/{id}", version: "v2", auth: "key", envelope: "v2", history: true,
    idempotent: true,
    params: [
      // (lossless: the v2 default, spec 4.1; naming it asks for what a request without it gets)
      { name: "intelSortBy", type: "enum", values: ["reinforcedAt", "detectedAt"], default: "reinforcedAt", rule: "intel-sort-dropped", lossless: ["reinforcedAt"] },
      { name: "intelActivity", type: "enum", values: ["all", "observations", "none"], default: "all", rule: "intel-activity-dropped", lossless: ["all"] },
      { name: "at", type: "timestamp", past: true, historyStart: true, rule: "at-to-series-window" },
    ],
    summary: "One project with its 10 most recent signals", v3: { route: "v3.projects.get" } },
  { id: "v2.projects.neighbors", method: "GET", path: "/v2/projects/{id}/neighbors", version: "v2", auth: "key", envelope: "v2",
    history: true, idempotent: true,
    params: [
      { name: "since", type: "duration", default: "14d", historyStart: true, rule: "neighbors-to-related" },
      { name: "limit", type: "int", min: 1, max: 50, default: 5, rule: "neighbors-to-related" },
    ],
    summary: "Projects sharing intel with this one", v3: { route: "v3.projects.get", rules: ["neighbors-to-related"] } },
  { id: "v2.projects.momentum", method: "GET", path: "/v2/projects/{id}/momentum", version: "v2", auth: "key", envelope: "v2",
    history: true, idempotent: true,
    defaultWindowDays: 7,
    params: [...window3(), { name: ASSUMED.momentumClusterFlag, type: "enum", values: ["true", "false"], default: "true", assumed: true, rule: "momentum-clusters-dropped", lossless: ["false"] }],
    summary: "Hourly trend score series", v3: { route: "v3.projects.series", pathParams: { measure: "trend" } } },
  { id: "v2.projects.rank", method: "GET", path: "/v2/projects/{id}/rank", version: "v2", auth: "key", envelope: "v2",
    history: true, idempotent: true, params: window3(), defaultWindowDays: 7,
    summary: "Hourly rank series", v3: { route: "v3.projects.series", pathParams: { measure: "rank" } } },
  { id: "v2.projects.candles", method: "GET", path: "/v2/projects/{id}/candles", version: "v2", auth: "key", envelope: "v2",
    idempotent: true, params: [], summary: "Price candles (OHLCV)", v3: { route: null, rules: ["market-data-removed"] } },
  { id: "v2.projects.metrics", method: "GET", path: "/v2/projects/{id}/metrics", version: "v2", auth: "key", envelope: "v2",
    idempotent: true, params: [{ name: "at", type: "timestamp", past: true }],
    summary: "Market metrics snapshot", v3: { route: null, rules: ["market-data-removed"] } },
  { id: "v2.intel.list", method: "GET", path: "/v2/intel", version: "v2", auth: "key", envelope: "v2", pagination: "page",
    history: true, idempotent: true, defaultWindowDays: "archive",
    params: [
      v2page, v2listLimit,
      { name: "projectId", type: "string", assumed: true, to: "project" },
      { name: "category", type: "string", assumed: true, to: "category" },
    ],
    summary: "Intel items", v3: { route: "v3.intel.list" } },
  { id: "v2.intel.get", method: "GET", path: "/v2/intel/{id}", version: "v2", auth: "key", envelope: "v2", history: true,
    idempotent: true,
    params: [{ name: "activity", type: "enum", values: ["all", "observations", "none"], default: "all", rule: "intel-activity-dropped", lossless: ["all"] }],
    summary: "One intel item with activity and cluster composition", v3: { route: "v3.intel.get" } },
  { id: "v2.clusters", method: "GET", path: "/v2/clusters", version: "v2", auth: "public", envelope: "v2", idempotent: true,
    params: [], summary: "Source clusters", v3: { route: "v3.clusters.list" } },
  { id: "v2.intelCategories", method: "GET", path: "/v2/intel-categories", version: "v2", auth: "public", envelope: "v2",
    idempotent: true, params: [], summary: "Intel categories", v3: { route: "v3.vocabulary", rules: ["vocabulary-intel-categories"] } },
  { id: "v2.recipes.list", method: "GET", path: "/v2/recipes", version: "v2", auth: "key", envelope: "v2", idempotent: true,
    params: [], summary: "Available recipes", v3: { route: null, rules: ["recipes-discontinued"] } },
  { id: "v2.recipes.validate", method: "POST", path: "/v2/recipes/validate", version: "v2", auth: "key", envelope: "none",
    idempotent: true, params: [], summary: "Validate a YAML recipe without executing it",
    v3: { route: null, rules: ["recipes-discontinued"] } },
  { id: "v2.recipes.execute", method: "POST", path: "/v2/recipes/execute", version: "v2", auth: "key", envelope: "none",
    idempotent: false, params: [], summary: "Execute a recipe (never retried)", v3: { route: null, rules: ["recipes-discontinued"] } },
  { id: "v2.recipes.get", method: "GET", path: "/v2/recipes/{name}", version: "v2", auth: "key", envelope: "v2", idempotent: true,
    params: [], summary: "One recipe definition", v3: { route: null, rules: ["recipes-discontinued"] } },
  { id: "v2.agent", method: "POST", path: ASSUMED.v2AgentPath, version: "v2", auth: "key", envelope: "v2", idempotent: false,
    params: [], summary: "Agent route (removed in v3; path assumed)", assumed: true, v3: { route: null, rules: ["agent-removed"] } },
  // deprecated aliases (spec 4.1)
  { id: "v2.signals.list", method: "GET", path: "/v2/signals", version: "v2", auth: "key", envelope: "v2", pagination: "page",
    history: true, idempotent: true, params: [], aliasOf: "v2.intel.list", deprecated: true, sunset: SIGNALS_SUNSET,
    summary: "Deprecated alias of /v2/intel", v3: { route: "v3.intel.list", rules: ["signals-sunset"] } },
  { id: "v2.signals.get", method: "GET", path: "/v2/signals/{id}", version: "v2", auth: "key", envelope: "v2", history: true,
    idempotent: true, params: [], aliasOf: "v2.intel.get", deprecated: true, sunset: SIGNALS_SUNSET,
    summary: "Deprecated alias of /v2/intel/{id}", v3: { route: "v3.intel.get", rules: ["signals-sunset"] } },
  { id: "v2.signalCategories", method: "GET", path: "/v2/signal-categories", version: "v2", auth: "public", envelope: "v2",
    idempotent: true, params: [], aliasOf: "v2.intelCategories", deprecated: true,
    sunset: ASSUMED.signalCategoriesSunset ? SIGNALS_SUNSET : undefined,
    summary: "Deprecated alias of /v2/intel-categories",
    v3: { route: "v3.vocabulary", rules: ["signals-sunset", "vocabulary-intel-categories"] } },

  // ---------- v3 ----------
  { id: "v3.projects.list", method: "GET", path: "/v3/projects", version: "v3", auth: "key", envelope: "v3", pagination: "cursor",
    history: true, versions: ["trendModel"], idempotent: true,
    params: [
      cursor,
      { name: "limit", type: "int", min: 1, max: 50, default: 50 },
      { name: "sort", type: "enum", values: ["trend", "createdAt", "reinforcedAt"], default: "trend", assumed: true },
      { name: "ids", type: "csv", assumed: true },
      { name: "slugs", type: "csv", assumed: true },
      { name: "names", type: "csv", assumed: true },
      { name: "handles", type: "csv", assumed: true },
      { name: "tickers", type: "csv", assumed: true },
      { name: "categories", type: "csv", assumed: true },
      { name: "chain", type: "string", single: true, assumed: true },
      { name: "address", type: "string", assumed: true },
      { name: "assetTypes", type: "csv", assumed: true },
      { name: "universe", type: "enum", values: UNIVERSES, default: "crypto", assumed: true },
      { name: "minTrend", type: "number" },
    ],
    summary: "Projects ranked by trend, with cursor pagination" },
  { id: "v3.projects.get", method: "GET", path: "/v3/projects/{idOrSlug}", version: "v3", auth: "key", envelope: "v3",
    history: true, versions: ["trendModel", "relations"], idempotent: true, params: [], summary: "One project by canonical id or slug (aliases resolve)" },
  { id: "v3.projects.series", method: "GET", path: "/v3/projects/{idOrSlug}/series/{measure}", version: "v3", auth: "key",
    envelope: "v3", history: true, idempotent: true, pathPatterns: { measure: new RegExp(`^(${SERIES_MEASURES.join("|")})$`) },
    defaultWindowDays: ASSUMED.v3SeriesDefaultWindowDays,
    params: [
      { name: "from", type: "timestamp", historyStart: true },
      { name: "to", type: "timestamp" },
    ],
    summary: "Hourly trend or rank series in a from/to window" },
  { id: "v3.topics.list", method: "GET", path: "/v3/topics", version: "v3", auth: "public", envelope: "v3", idempotent: true,
    params: [], summary: "Ranked topics (free tier, no key needed)" },
  { id: "v3.topics.get", method: "GET", path: "/v3/topics/{id}", version: "v3", auth: "public", envelope: "v3", idempotent: true,
    params: [], summary: "One topic with stance and report reference (path assumed)", assumed: true },
  { id: "v3.reports.get", method: "GET", path: "/v3/reports/{id}", version: "v3", auth: "key", entitlement: "topic-reports",
    envelope: "v3", idempotent: true, params: [], summary: "A report with its revision history" },
  { id: "v3.intel.list", method: "GET", path: "/v3/intel", version: "v3", auth: "key", envelope: "v3", pagination: "cursor",
    history: true, idempotent: true, defaultWindowDays: "archive",
    params: [
      cursor,
      { name: "limit", type: "int", min: 1, max: 50, default: 50, assumed: true },
      { name: "grade", type: "csv", values: ASSUMED.grades, assumed: true, assumedValues: { values: "grades" } },
      { name: "category", type: "string", assumed: true },
      { name: "project", type: "string", assumed: true },
      { name: "q", type: "string", assumed: true },
    ],
    summary: "Graded, filterable, searchable intel" },
  { id: "v3.intel.get", method: "GET", path: "/v3/intel/{id}", version: "v3", auth: "key", envelope: "v3", history: true,
    idempotent: true, params: [], summary: "One intel item with cluster composition" },
  { id: "v3.clusters.list", method: "GET", path: "/v3/clusters", version: "v3", auth: "public", envelope: "v3", idempotent: true,
    params: [], summary: "Source clusters" },
  { id: "v3.vocabulary", method: "GET", path: "/v3/vocabulary", version: "v3", auth: "public", envelope: "v3", idempotent: true,
    params: [], summary: "Catalog values: categories, chains, asset types, intel categories" },
  { id: "v3.me", method: "GET", path: "/v3/me", version: "v3", auth: "key", envelope: "v3", idempotent: true, params: [],
    summary: "Credential capabilities: entitlements, rate limits, history window" },
  { id: "v3.alerts.destinations", method: "GET", path: "/v3/alerts/destinations", version: "v3", auth: "key", envelope: "v3",
    idempotent: true, params: [], summary: "Delivery destinations (read-only)" },
  { id: "v3.alerts.get", method: "GET", path: ASSUMED.alertReadPath, version: "v3", auth: "key", envelope: "v3", idempotent: true,
    params: [], summary: "One alert subscription (owner-scoped; path assumed)", assumed: true },
  { id: "v3.alerts.update", method: "PATCH", path: "/v3/alerts/{id}", version: "v3", auth: "key", envelope: "v3", idempotent: true,
    params: [], summary: "Partial update of an alert subscription (owner-scoped)" },
];

const byId: ReadonlyMap<string, Route> = new Map(ROUTES.map((r) => [r.id, r]));

export function route(id: string): Route {
  const r = byId.get(id);
  if (!r) throw new Error(`unknown route id ${id}`);
  return r;
}

/** The route an alias answers like, or the route itself. */
export function canonical(r: Route): Route {
  return r.aliasOf ? route(r.aliasOf) : r;
}

/** v2 params of an alias are those of its successor. */
export function paramsOf(r: Route): readonly ParamSpec[] {
  return r.aliasOf && r.params.length === 0 ? route(r.aliasOf).params : r.params;
}

/** The parameters whose rule applies when a request leaves them out (their default loses something in v3). */
export function lossyDefaults(r: Route): readonly ParamSpec[] {
  return paramsOf(r).filter((p) => p.rule && p.lossless && p.default !== undefined && !p.lossless.includes(String(p.default)));
}

/** `clusters=true (the default)`: what a note says a rule was hit by when the parameter was left out. */
export const byDefault = (p: ParamSpec): string => `${p.name}=${p.default} (the default)`;

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

interface Compiled {
  route: Route;
  segments: string[];
  literals: number;
}

const compiled: Compiled[] = ROUTES.map((route) => {
  const segments = route.path.split("/").filter(Boolean);
  return { route, segments, literals: segments.filter((s) => !s.startsWith("{")).length };
}).sort((a, b) => b.literals - a.literals);

/** Every literal (not parameter) path segment of the route table, of every version. */
export const literalSegments = (): string[] => [...new Set(compiled.flatMap((c) => c.segments.filter((s) => !s.startsWith("{"))))];

/** A path's segments, empty ones left out (`//v2/x/` is v2, x). */
function pathParts(pathname: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = pathname.indexOf("/"); ; i = pathname.indexOf("/", start)) {
    const end = i < 0 ? pathname.length : i;
    if (end > start) parts.push(pathname.slice(start, end));
    if (i < 0) return parts;
    start = i + 1;
  }
}

/** Match a method and path (no query) to a route; literal segments win over parameters. */
export function matchRoute(method: string, pathname: string): RouteMatch | undefined {
  const parts = pathParts(pathname);
  const m = method.toUpperCase();
  for (const c of compiled) {
    if (c.route.method !== m && !(m === "HEAD" && c.route.method === "GET")) continue;
    const params = matchSegments(c.segments, parts);
    if (params) return { route: c.route, params };
  }
  return undefined;
}

/**
 * The route path a mistyped one was meant to be (`/v3/projcts` -> `/v3/projects`): a route of the
 * same version and segment count whose literal segments are each at most a third of their length
 * (one letter at least) away, two letters in all at most, the closest one alone (a tie names
 * none). The values typed for its parameters are kept. Undefined for a path a route matches.
 */
export function nearestPath(pathname: string): string | undefined {
  const parts = pathParts(pathname);
  if (!parts.length || matchPath(pathname).length) return undefined;
  let best: { cost: number; path: string } | undefined;
  let tie = false;
  for (const c of compiled) {
    // (the version in capitals, /V3/projects, is the same version mistyped)
    if (c.segments.length !== parts.length || c.segments[0] !== parts[0].toLowerCase()) continue;
    let cost = 0;
    for (let i = 1; i < parts.length && cost <= 2; i++) {
      const seg = c.segments[i];
      if (seg.startsWith("{") || seg === parts[i]) continue;
      const d = Math.max(1, editDistance(seg, parts[i]));
      cost += d > Math.max(1, Math.floor(seg.length / 3)) ? 3 : d;
    }
    if (cost > 2) continue;
    const path = "/" + c.segments.map((seg, i) => (seg.startsWith("{") ? parts[i] : seg)).join("/");
    if (best && cost === best.cost && path !== best.path) tie = true;
    else if (!best || cost < best.cost) { best = { cost, path }; tie = false; }
  }
  return best && !tie ? best.path : undefined;
}

/** A path below the base URL on the v2 API (/v2/projects, /v2?x): its key goes in x-api-key only (spec 5.1; v3 takes Authorization too). */
export const isV2Path = (pathAndQuery: string): boolean => /^\/v2(?:[/?#]|$)/.test(pathAndQuery);

/** Every route whose path matches, whatever the method (for 405 answers and migrate). */
export function matchPath(pathname: string): RouteMatch[] {
  const parts = pathParts(pathname);
  const out: RouteMatch[] = [];
  for (const c of compiled) {
    const params = matchSegments(c.segments, parts);
    if (params) out.push({ route: c.route, params });
  }
  return out;
}

/**
 * matchPath(path).find((m) => m.route.version === version)?.route, made faster: the candidates
 * indexed by segment count and second segment (from the same compiled table, in its order), so a
 * path is tried against the few routes that can match it. test/unit/routes-index.test.ts holds it
 * to matchPath.
 */
export function firstRouteMatcher(version: ApiVersion): (pathname: string) => Route | undefined {
  const mine = compiled.filter((c) => c.route.version === version);
  // by segment count: by literal second segment, and the routes whose second segment is a parameter
  const byKey = new Map<number, Map<string, Compiled[]>>();
  const wild = new Map<number, Compiled[]>();
  const isParam = (seg: string | undefined) => seg === undefined || seg.startsWith("{");
  for (const c of mine) if (isParam(c.segments[1])) { const l = wild.get(c.segments.length) ?? []; l.push(c); wild.set(c.segments.length, l); }
  for (const c of mine) {
    const n = c.segments.length;
    const second = c.segments[1];
    if (isParam(second)) continue;
    const bySecond = byKey.get(n) ?? byKey.set(n, new Map()).get(n)!;
    if (!bySecond.has(second)) bySecond.set(second, mine.filter((x) => x.segments.length === n && (isParam(x.segments[1]) || x.segments[1] === second)));
  }
  return (pathname) => {
    const parts = pathParts(pathname);
    const list = (parts.length > 1 ? byKey.get(parts.length)?.get(parts[1]) : undefined) ?? wild.get(parts.length);
    if (list) for (const c of list) if (matchInto(c.segments, parts, undefined)) return c.route;
    return undefined;
  };
}

/** Whether `parts` fit `segments` (a parameter's value must decode), its values put in `params` when given. */
function matchInto(segments: readonly string[], parts: readonly string[], params: Record<string, string> | undefined): boolean {
  if (segments.length !== parts.length) return false;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s.startsWith("{")) {
      let v = parts[i];
      // (decodeURIComponent changes, or refuses, only text with a `%`)
      if (v.indexOf("%") >= 0) try { v = decodeURIComponent(v); } catch { return false; }
      if (params) params[s.slice(1, -1)] = v;
    } else if (s !== parts[i]) return false;
  }
  return true;
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  return matchInto(segments, parts, params) ? params : undefined;
}

/** A path value that addresses another resource once the URL is normalised: empty, `.` or `..`. */
export function namesAnotherPath(v: string): boolean {
  return v === "" || v === "." || v === "..";
}

/** Fill a path template; values are percent-encoded. */
export function buildPath(r: Route, pathParams: Record<string, string>): string {
  return r.path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = pathParams[k];
    if (v === undefined || namesAnotherPath(v)) throw new UsageError(`${k} must be a non-empty identifier (got '${v ?? ""}')`);
    return encodeURIComponent(v);
  });
}

/** The allowed values of an enum parameter, from the table (for flag choices and completions). */
/** The values of an enum parameter are an assumption (ASSUMED): offered, never enforced. */
export const valuesAssumed = (p: ParamSpec): boolean => p.assumedValues?.values !== undefined;

/** A route's parameter by name (the table's, or an error: a command names only parameters it has). */
export function param(routeId: string, name: string): ParamSpec {
  const p = paramsOf(route(routeId)).find((x) => x.name === name);
  if (!p) throw new Error(`${routeId} has no parameter ${name}`);
  return p;
}

export function paramValues(routeId: string, name: string): string[] {
  const p = paramsOf(route(routeId)).find((x) => x.name === name);
  if (!p?.values) throw new Error(`${routeId} has no enum parameter ${name}`);
  return [...p.values];
}
