// The v2 -> v3 migration as data (spec 9.5, 4.1 aliases and sunset). routes.ts says which rule
// applies where (`v3.rules`, a param's `rule`); this file says what each rule means and what to
// do, plus the response field renames. Read by `mids migrate` and `mids migrate explain`.

/**
 * What a rule does to a rewrite:
 * - info: the v3 request returns the same information; the note tells what changed around it;
 * - partial: something cannot carry over; the v3 request is a best effort;
 * - removed: no v3 successor; unrecognized: not a known v2 request.
 */
export type RuleEffect = "info" | "partial" | "removed" | "unrecognized" | "invalid";

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
  "neighbors-to-related": { effect: "partial", message: "Neighbors became relatedProjects on the project detail (bounded, observational co-mention); joiningSignals/joiningReinforcements counts, since and limit do not carry over.",
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
  "topic-history-window": { effect: "partial", message: "The topic history window (from/to) has no v3 equivalent.",
    action: "Drop the window; /v3/topics is the current list." },
  "market-cap-removed": { effect: "partial", message: "Market-cap filters were removed with market data.",
    action: "Filter by minTrend or another v3 filter, or filter market caps on your side." },
  "intel-sort-dropped": { effect: "partial", message: "intelSortBy has no v3 equivalent; the project's intel[] is a short preview.",
    action: "List /v3/intel filtered by project for a sorted, complete list." },
  "intel-activity-dropped": { effect: "partial", message: "The activity timeline switch has no v3 equivalent; v3 intel carries grade and cluster composition instead.",
    action: "Drop the parameter; read /v3/intel/{id} for the detail." },
  "momentum-clusters-dropped": { effect: "partial", message: "The per-hour cluster breakdown flag of momentum has no v3 equivalent.",
    action: "Drop the flag; the v3 series carries the measure only." },
  // ---- found by migrate itself ----
  "series-window-from-at": { effect: "info", message: "`at` set the end of the v2 series window; it became `to`, and `from` defaults to 7 days before it, as in v2.",
    action: "Nothing to do; check the window if you relied on a different default." },
  "response-renames": { effect: "info", message: "The v3 response renames fields (spec 9.5).",
    action: "Update the field names your code reads (mids migrate explain lists them)." },
  "limit-over-v3-max": { effect: "partial", message: "The page size is above the v3 maximum and was lowered to it.",
    action: "Follow meta.nextCursor for the rest of the items." },
  "param-not-in-contract": { effect: "partial", message: "A query parameter is not in the v2 contract of this route and was dropped.",
    action: "Check whether v3 has an equivalent filter (mids migrate explain)." },
  "key-in-query": { effect: "info", message: "An API key or other credential (token, password, signature) in the query string was dropped from the v3 request (and redacted).",
    action: "Send the key in the x-api-key header (or Authorization in v3)." },
  "v1-to-v3": { effect: "unrecognized", message: "v1 routes are not in the v2 -> v3 map; v1 must move to v3.",
    action: "Rewrite the call against the v3 routes (mids migrate explain)." },
  "unknown-v2-route": { effect: "unrecognized", message: "Not a known v2 route.",
    action: "Check the path against mids migrate explain." },
  "unknown-v3-route": { effect: "unrecognized", message: "Looks like v3 but is not a known v3 route.",
    action: "Check the path against the v3 routes (mids migrate explain)." },
  "method-not-allowed": { effect: "unrecognized", message: "The path is known but not with this method.",
    action: "Check the method; v2 data routes are GET except the recipe POSTs." },
  "not-an-api-path": { effect: "unrecognized", message: "The path has no /v1, /v2 or /v3 prefix.",
    action: "Nothing to migrate if this is not an API call." },
  "invalid-input": { effect: "invalid", message: "Not a request.",
    action: "Check the input format (--from-format) or the line itself." },
  "resolved": { effect: "info", message: "Finished online with --resolve.",
    action: "Nothing to do." },
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
  note?: string;
}

// Spec 9.5, response side. `scope` says which v3 responses a rename touches.
export const FIELD_RENAMES: readonly FieldRename[] = [
  { scope: "envelope", from: "status + data (body)", to: "{data, meta}", note: "the HTTP status is the status" },
  { scope: "envelope", from: "pagination", to: "meta.nextCursor", note: "opaque cursor + limit; no page numbers or totalCount" },
  { scope: "error", from: "error strings, per-route codes", to: "{code, message, details}", note: "fixed codes; not_found and not_current" },
  { scope: "project", from: "trendScore", to: "trend" },
  { scope: "project", from: "trendScoreDelta", to: "trendDelta", note: "{value, window: PT24H}" },
  { scope: "project", from: "signals[]", to: "intel[]", note: "preview {id, headline, grade, detectedAt}" },
  { scope: "project", from: "tokens[]", to: "assets[]", note: "{type, chain, address, primary}" },
  { scope: "project", from: "xHandle", to: "identifiers.x" },
  { scope: "project", from: "marketData", to: null, note: "symbol, image, categories are top-level; provider identifiers not exposed" },
  { scope: "project", from: "rationale", to: null, note: "use intel and citations" },
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
