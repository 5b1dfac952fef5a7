// The v2 -> v3 migration as data (spec 9.5, 4.1 aliases and sunset). routes.ts says which rule
// applies where (`v3.rules`, a param's `rule`); this file says what each rule means and what to
// do, plus the response field renames. Read by `mids migrate` and `mids migrate explain`.

/**
 * What a rule does to a rewrite:
 * - info: the v3 request returns the same information; the note tells what changed around it;
 * - partial: something cannot carry over; the v3 request is a best effort;
 * - removed: no v3 successor; unrecognized: not a known v2 request; skipped: not a request to the API.
 */
export type RuleEffect = "info" | "partial" | "removed" | "unrecognized" | "invalid" | "skipped";

export interface MigrationRule {
  effect: RuleEffect;
  /** what changed, one sentence */
  message: string;
  /** what to do, one sentence */
  action: string;
  /** the rule replaces a v2 path parameter that v3 cannot take as is: the placeholder put in its place */
  pathPlaceholder?: string;
}

export const MIGRATION_RULES = {
  // ---- route level (routes.ts `v3.rules`) ----
  "no-v3-root": { effect: "removed", message: "GET /v2 (service name, version, status) has no v3 counterpart.",
    action: "Drop the call; use GET /v3/me to check a key, or any v3 route to check the service." },
  "api-key-info-to-me": { effect: "info", message: "Key info moved to the credential capabilities route; expiresAt is null (not \"never\") when the key does not expire, and scopes became entitlements.",
    action: "Read data.credential, data.entitlements, data.rateLimit and data.history." },
  "topic-id-to-report-id": { effect: "partial", pathPlaceholder: "{reportId}",
    message: "v3 reports are addressed by report id, not by topic id.",
    action: "Read report.id from GET /v3/topics/{topicId} (or run with --resolve) and put it in place of {reportId}." },
  "grounding-alias": { effect: "info", message: "The grounding alias answers like the topics list; v3 has one topics list (free, no key needed).",
    action: "Call /v3/topics; keep the first 10 topics if you relied on the grounding top 10." },
  "grounding-history-no-v3": { effect: "partial", message: "Past topic snapshots have no v3 route; /v3/topics returns the current list only.",
    action: "Store the snapshots you need yourself, or drop the history read." },
  "vocabulary-chains": { effect: "info", message: "Blockchain platforms moved into the vocabulary catalog.",
    action: "Read data.chains of /v3/vocabulary." },
  "vocabulary-intel-categories": { effect: "info", message: "Intel categories moved into the vocabulary catalog.",
    action: "Read data.intelCategories of /v3/vocabulary." },
  "neighbors-to-related": { effect: "partial", message: "Neighbors became relatedProjects on the project detail (bounded, observational co-mention): joiningSignals is sharedIntel there, counted over the window it states; joiningReinforcements, since and limit do not carry over.",
    action: "Read data.relatedProjects[] of the project detail (project, kind, sharedIntel, window, asOf)." },
  "market-data-removed": { effect: "removed", message: "Price candles and market metrics were removed; price and market-cap data are no longer in the API.",
    action: "Get market data from a market-data provider." },
  "recipes-discontinued": { effect: "removed", message: "Recipes were discontinued in v3.",
    action: "Replace the recipe with direct v3 calls (see mids migrate explain for the route map)." },
  "agent-removed": { effect: "removed", message: "The agent route was removed in v3.",
    action: "Call the v3 data routes directly." },
  "signals-sunset": { effect: "info", message: "The signals routes are deprecated aliases sunset on 2026-07-15.",
    action: "Move to the intel routes now; after the sunset the alias may stop answering." },
  // ---- parameter level (routes.ts param `rule`) ----
  "page-to-cursor": { effect: "partial", message: "v3 lists use an opaque cursor (meta.nextCursor), not page numbers; page N cannot be addressed directly.",
    action: "Request the first page and follow meta.nextCursor N-1 times (or run with --resolve)." },
  "at-to-series-window": { effect: "partial", message: "Historical reads with `at` were removed.",
    action: "Use /v3/projects/{idOrSlug}/series/{trend|rank} with a from/to window ending at `at`." },
  "at-dropped": { effect: "partial", message: "`at` (a past topic snapshot) has no v3 equivalent; /v3/topics is the current list.",
    action: "Drop `at`, or keep snapshots yourself." },
  "topic-history-window": { effect: "partial", message: "The topic history window (from/to) and its pages of snapshots (page, limit) have no v3 equivalent.",
    action: "Drop them; /v3/topics is the current list." },
  "market-cap-removed": { effect: "partial", message: "Market-cap filters were removed with market data.",
    action: "Filter by minTrend or another v3 filter, or filter market caps on your side." },
  "intel-sort-dropped": { effect: "partial", message: "intelSortBy has no v3 equivalent; the project's intel[] is a short preview.",
    action: "List /v3/intel filtered by project for a sorted, complete list." },
  "intel-activity-dropped": { effect: "partial", message: "The activity timeline switch has no v3 equivalent; v3 intel carries grade and cluster composition instead.",
    action: "Drop the parameter; read /v3/intel/{id} for the detail." },
  "param-renamed": { effect: "partial", message: "A query parameter the code sets apart from the URL has another name in v3.",
    action: "Rename it where the code sets it (mids migrate explain lists the route's parameters)." },
  "momentum-clusters-dropped": { effect: "partial", message: "v2 momentum returns a per-hour cluster breakdown (clusters[] on each point) unless its flag is \"false\"; the v3 trend series carries the measure only.",
    action: "Stop reading clusters[] from the series; the v3 intel detail (/v3/intel/{id}) carries cluster composition." },
  // ---- found by migrate itself ----
  "series-window-from-at": { effect: "info", message: "`at` set the end of the v2 series window; it became `to`, and `from` defaults to 7 days before it, as in v2.",
    action: "Nothing to do; check the window if you relied on a different default." },
  "series-window-from-end": { effect: "info", message: "`end` became `to`; v2's window started 7 days before it when no `start` was given, so `from` is set there (v3's default window is not documented).",
    action: "Nothing to do; check the window if you relied on a different default." },
  "series-window-from-unknown": { effect: "partial", message: "`at` or `end` set the end of the v2 series window and became `to`; its value is not a timestamp mids can read (a variable, a placeholder), so `from`, 7 days before it in v2, could not be set.",
    action: "Add `from` 7 days before `to` to keep v2's window (v3's default window is not documented)." },
  "v2-default-page-size": { effect: "info", message: "A v2 list read without a page size returns v2's default page size; v3's default is larger, so the v3 request asks for v2's page size to return the same items.",
    action: "Keep limit in the v3 request (in code, add it where the query is built: migrate scan --fix leaves the query as written), or drop it to take v3's larger pages." },
  "response-renames": { effect: "info", message: "The v3 response renames fields (spec 9.5).",
    action: "Update the field names your code reads (mids migrate explain lists them)." },
  "limit-over-v3-max": { effect: "partial", message: "The page size is above the v3 maximum and was lowered to it.",
    action: "Follow meta.nextCursor for the rest of the items." },
  "list-to-one-value": { effect: "partial", message: "v3 takes one value of this parameter (spec 4.2: a single chain), not a comma-separated list: the list was kept as written, and v3 does not read it as one request for each of its values.",
    action: "Split the request: one v3 request per value, then join their items (a project on several of them comes back from each)." },
  "limit-not-v3-page-size": { effect: "partial", message: "The page size is not one v3 takes (a whole number from 1 to its maximum): it was kept as written, and v3 refuses it (invalid_request).",
    action: "Set a page size from 1 to the v3 maximum, or drop it for the v3 default." },
  "param-not-in-contract": { effect: "partial", message: "A query parameter mids does not know for this v2 route was dropped from the v3 request (the spec does not show every parameter of /v2/projects, /v2/intel and /v2/topics: one there may be a real filter, and without it the v3 request may return more).",
    action: "Check whether v3 has an equivalent filter (mids migrate explain)." },
  "key-in-query": { effect: "info", message: "An API key or other credential (token, password, signature) in the query string was dropped from the v3 request (and redacted).",
    action: "Send the key in the x-api-key header (or Authorization in v3)." },
  "v1-to-v3": { effect: "unrecognized", message: "v1 routes are not in the v2 -> v3 map; v1 must move to v3.",
    action: "Rewrite the call against the v3 routes (mids migrate explain)." },
  // (migrate scan: a string that ends at /v2 and is given to a name, a key or a setting)
  "v2-base-url": { effect: "unrecognized", message: "A base URL ending in /v2: the calls the code builds on it (`BASE + \"/projects/\" + id`) are v2 calls that are not seen here one by one.",
    action: "Migrate each call made on it (their paths after the base: mids migrate explain /v2/PATH), then set the base to /v3; or give the base without the version and the paths with it, so that migrate scan finds each call." },
  "unknown-v2-route": { effect: "unrecognized", message: "Not a known v2 route.",
    action: "Check the path against mids migrate explain." },
  "unknown-v3-route": { effect: "unrecognized", message: "Looks like v3 but is not a known v3 route.",
    action: "Check the path against the v3 routes (mids migrate explain)." },
  "method-not-allowed": { effect: "unrecognized", message: "The path is known but not with this method.",
    action: "Check the method; v2 data routes are GET except the recipe POSTs." },
  "not-an-api-path": { effect: "skipped", message: "The path has no /v1, /v2 or /v3 prefix: not an API call (a page, an asset, a health check); set aside.",
    action: "Nothing to migrate." },
  "api-path-prefix": { effect: "skipped", message: "A known API route under a path prefix (a gateway or proxy path) that the base URL does not name: set aside.",
    action: "Set the base URL to the API's with that path (--base-url https://HOST/PREFIX, or MIDS_BASE_URL) to have these requests read." },
  "other-host": { effect: "skipped", message: "A request to another host than the API's (the base URL's: --base-url, MIDS_BASE_URL, the profile) that no API route knows: another service's call, set aside.",
    action: "Nothing to migrate; set the base URL to the API's if this host is it." },
  "not-http": { effect: "skipped", message: "A URL that is not http or https (a browser's data:, blob: or ws: entry in a HAR): not an API call; set aside.",
    action: "Nothing to migrate." },
  "dot-segment": { effect: "unrecognized", message: "A path value is empty, '.' or '..': once the URL is normalised it names another path.",
    action: "Check the request: its client addressed another resource than the route it looks like." },
  "invalid-input": { effect: "invalid", message: "Not a request.",
    action: "Check the input format (--from-format) or the line itself." },
  "resolved": { effect: "info", message: "Finished online with --resolve.",
    action: "The rewritten request carries what was looked up; where the note names a window (skip N items and keep M), take v2's page from that cursor on by it." },
} as const satisfies Record<string, MigrationRule>;

export type RuleId = keyof typeof MIGRATION_RULES;

export function migrationRule(id: string): MigrationRule {
  const r = (MIGRATION_RULES as Record<string, MigrationRule>)[id];
  if (!r) throw new Error(`unknown migrate rule ${id}`);
  return r;
}

// Query parameters and headers that carry a key or other credential (redacted everywhere,
// dropped from v3 requests): src/contract/secrets.ts.

/** The series window default of v2 (spec 4.1: start defaults to 7 days before end/at). */
export const V2_SERIES_DEFAULT_WINDOW_DAYS = 7;

export type RenameScope = "envelope" | "project" | "intel" | "topic" | "error";

export interface FieldRename {
  scope: RenameScope;
  /** v2 field (dotted), or a v2 shape */
  from: string;
  /** v3 field, or null when removed */
  to: string | null;
  /** where `mids migrate verify` reads the v3 value when `to` names an object holding it */
  compareAt?: string;
  note?: string;
  /** the v3 field is on the detail only (spec 2.11 `trendDelta?` (detail)): list items carry none */
  detailOnly?: boolean;
}

/** What a list item's answer says of a detail-only rename (the response-renames note and verify's map). */
export const DETAIL_ONLY_NOTE = (f: FieldRename): string => `v3 list items carry no ${f.to}; read the detail`;

// Spec 9.5, response side. `scope` says which v3 responses a rename touches.
export const FIELD_RENAMES: readonly FieldRename[] = [
  { scope: "envelope", from: "status + data (body)", to: "{data, meta}", note: "the HTTP status is the status" },
  { scope: "envelope", from: "pagination", to: "meta.nextCursor", note: "opaque cursor + limit; no page numbers or totalCount" },
  { scope: "error", from: "error strings, per-route codes", to: "{code, message, details}", note: "fixed codes; not_found and not_current" },
  { scope: "project", from: "trendScore", to: "trend" },
  { scope: "project", from: "trendScoreDelta", to: "trendDelta", compareAt: "trendDelta.value", note: "{value, window: PT24H}", detailOnly: true },
  { scope: "project", from: "signals[]", to: "intel[]", note: "preview {id, headline, grade, detectedAt}" },
  { scope: "project", from: "tokens[]", to: "assets[]", note: "{type, chain, address, primary}" },
  { scope: "project", from: "xHandle", to: "identifiers.x" },
  { scope: "project", from: "marketData", to: null, note: "symbol, image, categories are top-level; provider identifiers not exposed" },
  { scope: "project", from: "rationale", to: null, note: "use intel and citations" },
  { scope: "project", from: "metrics", to: null, note: "price and market-cap data are no longer in the API" },
  { scope: "project", from: "momentumContext", to: null, note: "use the series routes for rank and trend history" },
  { scope: "project", from: "primaryComputedAt", to: null },
  { scope: "project", from: "tokens[].source", to: null },
  { scope: "intel", from: "cut (undocumented)", to: "grade", note: "chipped to flawless, filterable" },
  { scope: "topic", from: "stanceSeries (undocumented)", to: "stance", note: "on topic detail" },
  { scope: "topic", from: "frontierReport {url, preview}", to: "report", note: "{id, title, publishedAt} reference" },
];

/** Which rename scopes apply to a v3 route id's response (for the response-renames note). */
export const RENAME_SCOPES_BY_V3_ROUTE: Readonly<Record<string, readonly RenameScope[]>> = {
  "v3.projects.list": ["project"],
  "v3.projects.get": ["project"],
  "v3.intel.list": ["intel"],
  "v3.intel.get": ["intel"],
  "v3.topics.list": ["topic"],
};

// ---- The response side of the v2 -> v3 map, field by field (read by `mids migrate verify`, which
// compares a v2 answer with the answer of its v3 rewrite, and printed by `mids migrate explain`).

/**
 * How the items of a list compare (items are matched on `key`, else by position):
 * - same: both lists hold the same items (series points by timestamp, catalogs);
 * - page: every v2 item must be among the v3 items; v3 items beyond the v2 page are not compared
 *   (v3 pages may be longer: the default limit is 50);
 * - preview: the v3 list is a short preview; items are compared where both lists have them.
 */
export type ItemsMode = "same" | "page" | "preview";

export interface ResponseField {
  /** v2 path inside `data`: dotted, `[]` for the items of a list, `*` for every other field of an object; "" is `data` itself */
  v2: string;
  /** the v3 path holding the same value, or null: not in the v3 answer (ignored, listed as such) */
  v3: string | null;
  /** lists: the v2 field the items are matched on */
  key?: string;
  /** lists: a second field the items are matched on, when the key alone can repeat (one token address on several chains) */
  also?: string;
  items?: ItemsMode;
  /** a value conversion before comparing: v2 `never` is v3 null (spec 2.13, 2.12) */
  convert?: "never-is-null";
  note?: string;
}

export interface ResponseMap {
  /** v2 route ids answering with this shape (aliases answer like the route they alias) */
  routes: readonly string[];
  /** what is compared, one line */
  title: string;
  fields: readonly ResponseField[];
}

const under = (prefix: string, fields: readonly ResponseField[]): ResponseField[] =>
  fields.map((f) => ({ ...f, v2: join(prefix, f.v2), v3: f.v3 === null ? null : join(prefix, f.v3) }));
function join(prefix: string, path: string): string {
  if (!prefix) return path;
  if (!path) return prefix;
  return path.startsWith("[]") ? prefix + path : `${prefix}.${path}`;
}

/** The project renames of FIELD_RENAMES as response fields; `signals[]` is a preview, `tokens[]` keyed on address and chain. */
function projectFields(detail: boolean): ResponseField[] {
  const out: ResponseField[] = FIELD_RENAMES.filter((f) => f.scope === "project").map((f): ResponseField => {
    const v3 = f.to === null ? null : f.compareAt ?? f.to;
    const field: ResponseField = { v2: f.from, v3, ...(f.note ? { note: f.note } : {}) };
    if (f.from === "signals[]") Object.assign(field, { key: "id", items: "preview" });
    if (f.from === "tokens[]") Object.assign(field, { key: "address", also: "chain", items: "same" });
    if (f.detailOnly && !detail) return { v2: f.from, v3: null, note: DETAIL_ONLY_NOTE(f) };
    return field;
  });
  out.push(
    { v2: "provenance", v3: null, note: "`at` reads were removed" },
    ...["id", "headline", "detectedAt"].map((f) => ({ v2: `signals[].${f}`, v3: `intel[].${f}` })),
    { v2: "signals[].*", v3: null, note: "the v3 intel preview carries id, headline, grade and detectedAt" },
  );
  return out;
}

const TOPIC_FIELDS: readonly ResponseField[] = [
  { v2: "completedAt", v3: null, note: "v3 lists the current topics, not a snapshot" },
  { v2: "windowStartedAt", v3: null },
  { v2: "latestEvidenceAt", v3: null },
  { v2: "topics[]", v3: "[]", key: "id", items: "page" },
  { v2: "topics[].tweetCount", v3: null },
  { v2: "topics[].authorCount", v3: null },
];

const INTEL_REMOVED: readonly ResponseField[] = ["observationCount", "hasOfficialSource", "sentiment", "referencesMetrics", "activity",
  "projectImage", "officialSourceUrl", "metrics"].map((v2) => ({ v2, v3: null }));

export const RESPONSE_MAPS: readonly ResponseMap[] = [
  { routes: ["v2.projects.get"], title: "project detail", fields: projectFields(true) },
  { routes: ["v2.projects.list"], title: "project list: the v2 page among the v3 items",
    fields: [{ v2: "[]", v3: "[]", key: "id", items: "page" }, ...under("[]", projectFields(false))] },
  { routes: ["v2.projects.momentum"], title: "momentum points against the v3 trend series points, by timestamp",
    fields: [
      { v2: "projectName", v3: "name" },
      { v2: "data[]", v3: "points[]", key: "timestamp", items: "same" },
      { v2: "data[].trendScore", v3: "points[].value" },
      { v2: "data[].clusters", v3: null, note: "the v3 series carries the measure only" },
    ] },
  { routes: ["v2.projects.rank"], title: "rank points against the v3 rank series points, by timestamp",
    fields: [
      { v2: "projectName", v3: "name" },
      { v2: "data[]", v3: "points[]", key: "timestamp", items: "same" },
      { v2: "data[].rank", v3: "points[].value" },
      { v2: "data[].trendScore", v3: null, note: "read the trend series" },
    ] },
  { routes: ["v2.projects.neighbors"], title: "neighbors against relatedProjects of the project detail",
    fields: [
      { v2: "[]", v3: "relatedProjects[]", key: "projectId", items: "page" },
      { v2: "[].projectId", v3: "relatedProjects[].project.id" },
      { v2: "[].projectName", v3: "relatedProjects[].project.name" },
      { v2: "[].joiningSignals", v3: "relatedProjects[].sharedIntel" },
      { v2: "[].joiningReinforcements", v3: null },
    ] },
  { routes: ["v2.intel.get", "v2.signals.get"], title: "intel detail", fields: INTEL_REMOVED },
  { routes: ["v2.intel.list", "v2.signals.list"], title: "intel list: the v2 page among the v3 items",
    fields: [{ v2: "[]", v3: "[]", key: "id", items: "page" }, ...under("[]", INTEL_REMOVED),
      ...["description", "reinforcedAt", "citations"].map((f) => ({ v2: `[].${f}`, v3: null, note: "v3 intel detail only" }))] },
  { routes: ["v2.topics.list"], title: "topics: the v2 snapshot's topics among the v3 topics",
    fields: [...TOPIC_FIELDS, { v2: "topics[].frontierReport", v3: null, note: "became report {id, title, publishedAt}" }] },
  { routes: ["v2.grounding"], title: "grounding top 10 among the v3 topics", fields: TOPIC_FIELDS },
  { routes: ["v2.topics.report"], title: "Frontier Report",
    fields: [
      { v2: "market", v3: null, note: "price data is no longer in the API" },
      { v2: "sources", v3: null },
    ] },
  { routes: ["v2.apiKeys.info"], title: "key info against the credential capabilities",
    fields: [
      { v2: "id", v3: "credential.id" },
      { v2: "name", v3: "credential.name" },
      { v2: "type", v3: "credential.type" },
      { v2: "expiresAt", v3: "credential.expiresAt", convert: "never-is-null" },
      { v2: "scopes", v3: null, note: "scopes became entitlements" },
    ] },
  { routes: ["v2.projects.chains"], title: "chains against data.chains of the vocabulary",
    fields: [
      { v2: "[]", v3: "chains[]", key: "id", items: "same" },
      { v2: "[].id", v3: "chains[].slug" },
      { v2: "[].shortName", v3: null },
      { v2: "[].evm", v3: null },
    ] },
  { routes: ["v2.intelCategories", "v2.signalCategories"], title: "intel categories against data.intelCategories of the vocabulary",
    fields: [
      { v2: "[]", v3: "intelCategories[]", key: "id", items: "same" },
      { v2: "[].id", v3: "intelCategories[].slug" },
      { v2: "[].description", v3: null },
    ] },
  { routes: ["v2.clusters"], title: "clusters", fields: [{ v2: "[]", v3: "[]", key: "id", items: "same" }] },
];

/** The response map of a v2 route id, if its answer can be compared with its v3 rewrite's. */
export function responseMap(v2RouteId: string): ResponseMap | undefined {
  return RESPONSE_MAPS.find((m) => m.routes.includes(v2RouteId));
}
