// Every "not shown" gap in the spec, filled with one named value. Each entry is marked
// `assumed:` and listed in the README's "Assumptions" section. Change a value here and the
// client, the sandbox, `migrate` and the docs follow.

export const ASSUMED = {
  /** assumed: the alert read call (spec 4.2 "path of the alert read call: not shown"). */
  alertReadPath: "/v3/alerts/{id}",
  /** assumed: the status value that means resumed (spec 3 "not shown"); `active` is the other shown value. */
  alertResumeStatus: "active",
  /** assumed: alert subscription keys for the name and the threshold (spec 2.17). */
  alertNameField: "name",
  alertThresholdField: "threshold",
  /** assumed: an alert threshold is a grade name (ASSUMED.grades) or a number from 0 to 100. */
  alertThresholdValues: "grade-or-0-100",
  /** assumed: the JSON body field of POST /v2/recipes/validate carrying the raw YAML (spec 4.1). */
  recipeValidateBodyField: "yaml",
  /** assumed: POST /v2/recipes/execute body: {name} or {yaml}, plus {params: {k: v}}. */
  recipeExecuteNameField: "name",
  recipeExecuteYamlField: "yaml",
  recipeExecuteParamsField: "params",
  /** assumed: GET /v2/recipes/{name} carries the raw YAML definition in data.definition. */
  recipeDefinitionField: "definition",
  /** assumed: a 400/422 answer of POST /v2/recipes/validate with issues[] is a validation result, not an error. */
  recipeValidateErrorStatuses: [400, 422] as const,
  /** assumed: the name of the momentum per-hour cluster breakdown flag (spec 4.1 "not shown"). */
  momentumClusterFlag: "clusters",
  /** assumed: the v3 series route reads the last 7 days when no `from` is given, like v2 momentum/rank. */
  v3SeriesDefaultWindowDays: 7,
  /** assumed: v2 candles: `data` is an array of candles, or an object holding one (`candles`). */
  v2CandlesShape: "array-or-{candles}",
  /**
   * assumed: the v2 project list holds the projects of this universe only: the v2 project (spec
   * 2.3) has no `universe`, and v3's list, which adds it, defaults to `crypto`.
   */
  v2ProjectsUniverse: "crypto",
  /** assumed: default v2 page size (spec 8.4 states only the default page, 1). */
  v2DefaultLimit: 20,
  /** assumed: maximum v2 page size for projects and intel. */
  v2MaxLimit: 100,
  /**
   * assumed: the grounding aliases answer their own documented contract (spec 2.8, 4.1, 8.5: a topic
   * snapshot of the top 10 in attention-rank order, `meta.upgrade` when unauthenticated; history
   * snapshots of up to 10 in that order), not the top 25 of /v2/topics that the alias table's "same
   * contract as the named successor" would give them: the spec says both. What they take from the
   * alias table is the Deprecation and Link headers. /v2/topics is held to its own: the ranked top 25.
   */
  groundingAliasContract: "own",
  /** assumed: default page size of GET /v2/grounding/history (spec 4.1 "not shown"; max is 50). */
  v2GroundingHistoryDefaultLimit: 10,
  /** assumed: path of the v2 agent route that v3 removed (spec 9.5 names it, no path shown). */
  v2AgentPath: "/v2/agent",
  /** assumed: /v2/signal-categories counts among "the signals routes" sunset on 2026-07-15. */
  signalCategoriesSunset: true,
  /** assumed: HTTP status of each v3 error code (spec 7.1 "mapping not shown"). The client keys off `code`. */
  v3ErrorStatus: {
    invalid_request: 400,
    credential_required: 401,
    entitlement_required: 403,
    not_found: 404,
    not_current: 410,
    rate_limited: 429,
    internal_error: 500,
    service_unavailable: 503,
  } as Record<string, number>,
  /** assumed: v3 series payload: data {projectId, slug, measure, from, to, points[{timestamp, value}]}. */
  v3SeriesShape: "data: {projectId, slug, name, measure, from, to, points: [{timestamp, value}]}",
  /** assumed: v3 topic: {id, rank, name, summary, score, stance, report {id,title,publishedAt} | null, lastSeenAt}. */
  v3TopicShape: "{id, rank, name, summary, score, stance, report, lastSeenAt}",
  /** assumed: v3 vocabulary: data {categories[], chains[], assetTypes[], intelCategories[]}, each {slug, name}. */
  v3VocabularyKinds: ["categories", "chains", "assetTypes", "intelCategories"] as const,
  /** assumed: v3 report: {id, topicId, title, summary, publishedAt, url, bodyMarkdown, revisions[{revision, publishedAt, summary}]}. */
  v3ReportShape: "{id, topicId, title, summary, publishedAt, url, bodyMarkdown, revisions[]}",
  /** assumed: v3 intel list item extends the preview {id, headline, grade, detectedAt} with projectId, projectName, category. */
  v3IntelShape: "{id, headline, grade, detectedAt, projectId, projectName, category, clusters[], clusterComposition[] (detail)}",
  /** assumed: v3 cluster record: {id, name, description, sourceCount} (spec 2.17 "the v3 cluster record: not shown"). */
  v3ClusterShape: "{id, name, description, sourceCount}",
  /** assumed: the grade scale between `chipped` and `flawless` (spec 2.11 shows `polished` too). */
  grades: ["chipped", "rough", "cut", "polished", "flawless"] as const,
  /** assumed: X-RateLimit-Reset-* carry Unix epoch seconds (the client also reads delta seconds and dates). */
  rateLimitResetFormat: "epoch-seconds",
  /** assumed: 405 for a known path with another method answers invalid_request with details.fields ["method"]. */
  methodNotAllowedCode: "invalid_request",
  /** assumed: a successful read (GET) answers HTTP 200 (the spec shows no success status; v3: "the HTTP status is the status"). */
  readSuccessStatus: 200,
  /** assumed: the Sunset header value format is an HTTP date (RFC 8594). */
  sunsetHeaderFormat: "http-date",
  /**
   * assumed: these routes' answers carry meta.history (spec 8.2 lists the kinds of data affected;
   * these current lists are not plainly among them): read when present, never required.
   */
  historyMetaInferred: ["v2.topics.list", "v2.grounding", "v2.projects.list", "v3.projects.list"] as const,
  /**
   * assumed: the id prefixes of reports, alert subscriptions, destinations and clusters (spec 6
   * shows topic ids' alone, `topic_`): read only to say what kind an id is in a not-found hint.
   */
  idPrefixes: { reports: "rep_", alerts: "alr_", destinations: "dst_", clusters: "cl_" },
  /**
   * assumed: a key the server does not recognise, sent to a public route (spec 5.3), is answered
   * as a keyless request (`keyless`), not refused: spec 7.1's `credential_required` means "no key
   * supplied" and no code for a bad key is shown. On a route that needs a key it is
   * `credential_required`, the key then being no usable credential. (`refused`: 401 everywhere.)
   */
  unrecognisedKeyOnPublicRoute: "keyless" as "keyless" | "refused",
} as const;

/** The README's "Assumptions" list: one line per ASSUMED entry (a test keeps them in step). */
export const ASSUMPTION_NOTES: Record<keyof typeof ASSUMED, string> = {
  alertReadPath: "the alert read call is `GET /v3/alerts/{id}` (spec 4.2 does not show its path)",
  alertResumeStatus: "resuming an alert sets `status` to `active` (spec 3 does not show the resumed value)",
  alertNameField: "the alert subscription's name field is `name`",
  alertThresholdField: "the alert subscription's threshold field is `threshold`",
  alertThresholdValues: "an alert threshold is a grade name (`chipped`..`flawless`) or a number from 0 to 100",
  recipeValidateBodyField: "`POST /v2/recipes/validate` takes `{\"yaml\": \"<raw YAML>\"}`",
  recipeExecuteNameField: "`POST /v2/recipes/execute` takes `{\"name\": ...}` for a stored recipe...",
  recipeExecuteYamlField: "...or `{\"yaml\": ...}` for a definition sent inline...",
  recipeExecuteParamsField: "...plus `{\"params\": {k: v}}`",
  recipeDefinitionField: "`GET /v2/recipes/{name}` carries the raw YAML definition in `data.definition`; list entries carry the spec 2.10 summary fields (`name, version, description, stepCount, paramCount`)",
  recipeValidateErrorStatuses: "a 400 or 422 answer of `POST /v2/recipes/validate` whose body holds `issues[]` is a validation result (findings), not an error",
  momentumClusterFlag: "the momentum per-hour cluster breakdown flag is `clusters=true|false`",
  v3SeriesDefaultWindowDays: "the v3 series route reads the last 7 days when no `from` is given, like v2 momentum and rank",
  v2CandlesShape: "v2 candles: `data` is an array of candles, or an object holding one under `candles` (spec 4.1 does not show the payload)",
  v2ProjectsUniverse: "the v2 project list (`GET /v2/projects`) holds `crypto` projects only: the v2 project has no `universe` (spec 2.3), and the v3 list that adds it defaults to `crypto` (so `migrate verify` finds the rewritten list the same)",
  v2DefaultLimit: "v2 lists default to 20 items a page",
  v2MaxLimit: "v2 projects and intel lists take at most 100 items a page (the sandbox holds to it; mids never refuses a larger `--limit` itself)",
  groundingAliasContract: "`GET /v2/grounding` and `/v2/grounding/history` answer their own contract (spec 2.8, 8.5: snapshots of up to 10 topics in attention-rank order, `meta.upgrade` when unauthenticated), not the top 25 of `/v2/topics`, their successor, which the alias table's \"same contract as the named successor\" would give them; they carry an alias's `Deprecation` and `Link` headers. `/v2/topics` answers its own: at most 25 topics, ranked (`contract check` holds each to its own)",
  v2GroundingHistoryDefaultLimit: "`GET /v2/grounding/history` defaults to 10 snapshots a page (the spec caps it at 50)",
  v2AgentPath: "the removed v2 agent route lives at `/v2/agent` (migrate reports a request to it as removed, whatever its method: none is shown)",
  signalCategoriesSunset: "`/v2/signal-categories` is one of the signals routes sunset on 2026-07-15",
  v3ErrorStatus: "v3 error codes travel with HTTP statuses 400 invalid_request, 401 credential_required, 403 entitlement_required, 404 not_found, 410 not_current, 429 rate_limited, 500 internal_error, 503 service_unavailable; the client keys off `code`, never the status alone",
  v3SeriesShape: "v3 series: `data: {projectId, slug, name, measure, from, to, points: [{timestamp, value}]}`",
  v3TopicShape: "v3 topic: `{id, rank, name, summary, score, stance, report: {id, title, publishedAt} | null, lastSeenAt}`",
  v3VocabularyKinds: "v3 vocabulary: `data: {categories, chains, assetTypes, intelCategories}`, each a list of `{slug, name}`",
  v3ReportShape: "v3 report: `{id, topicId, title, summary, publishedAt, url, bodyMarkdown, revisions: [{revision, publishedAt, summary}]}`",
  v3IntelShape: "v3 intel: the preview `{id, headline, grade, detectedAt}` plus `projectId, projectName, category, clusters`; detail adds `clusterComposition`",
  v3ClusterShape: "v3 cluster: `{id, name, description, sourceCount}`",
  grades: "the grade scale is `chipped`, `rough`, `cut`, `polished`, `flawless` (the spec shows the ends and `polished`)",
  readSuccessStatus: "a successful read (`GET`) answers HTTP 200 (the spec shows no success status): `contract check` notes another 2xx as a departure, never a violation",
  sunsetHeaderFormat: "`Sunset` carries an HTTP date (RFC 8594)",
  historyMetaInferred: "`meta.history` on the v2 topic list, the current grounding snapshot and the v2 and v3 project lists: read when present, never required (`contract check` does not count its absence)",
  rateLimitResetFormat: "`X-RateLimit-Reset-Minute` and `-Day` carry Unix epoch seconds (mids also reads delta seconds and dates)",
  methodNotAllowedCode: "a known path called with another method answers 405 `invalid_request` with `details.fields: [\"method\"]`",
  unrecognisedKeyOnPublicRoute: "a key the server does not recognise, sent to a public route (clusters, chains, intel categories, the current `/v2/topics` and `/v2/grounding`, `/v3/topics`), is answered as if no key were sent (spec 7.1's `credential_required` means no key supplied, and no code for a bad key is shown); a route that needs a key answers it with `credential_required`",
  idPrefixes: "report, alert subscription, destination and cluster ids start with `rep_`, `alr_`, `dst_` and `cl_` (the spec shows only topic ids' `topic_`); read only to say what kind an id is when it is not found",
};
