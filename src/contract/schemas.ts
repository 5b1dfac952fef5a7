// zod schemas for every documented shape (spec part 2) and the error bodies (part 7).
// Loose on purpose: unknown fields pass through, so `-o json` keeps what a newer server adds.
// Each is a function that makes the schema when asked: a command checks the answers of one or two
// routes, and making every schema when the module loads cost more than the checks themselves.
// zod/mini: the same schemas and messages as zod's classic API, for a fraction of its load and
// build cost (every command that checks an answer loads this module)
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";
import { isTimestamp } from "./shapes/shape.js";
import { UNIVERSES } from "./routes.js";
import { ASSUMED } from "./assumed.js";

// one-off validations in a short-lived process: skip compiling parsers with new Function; the
// English messages (mini loads none: "Invalid input" alone names no type)
z.config({ jitless: true, ...en() });

// spec 2: "timestamp = ISO 8601 date-time string", as the assumed shapes read it too (and as the
// exported OpenAPI says, format: date-time, wherever the field is and whatever its name): "yesterday"
// or month 13 is no timestamp
const ts = z.string().check(z.refine(isTimestamp, { error: "expected timestamp" }))
  .register(z.globalRegistry, { format: "date-time" });
// spec 2.11: an intel grade, on the scale from `chipped` to `flawless`; the steps between are not
// all shown, so the export says the scale (and mids' guess at it) without holding a value to it
const grade = z.string().register(z.globalRegistry, {
  description: "the intel grade, from `chipped` to `flawless` (spec 2.11; `polished` is shown between them); mids assumes "
    + `${ASSUMED.grades.join(", ")}, and a value off that scale is a departure, never an error`,
  examples: ["chipped", "polished", "flawless"],
});
const obj = z.looseObject;
// a field the spec lists without a type: it must be there, of any type (worded as zod words a missing field)
const present = () => z.custom<unknown>((v) => v !== undefined, { message: "Invalid input: expected a value of any type, received undefined" });
// a count, a size or a limit: a whole number, never below 0 (the export says minimum 0, so a mock
// made from it sends no rate limit of -9007199254740991 a minute)
const count = () => z.int().check(z.gte(0));

// spec 2.2
export const HistoryPolicy = () => obj({
  archiveAccess: z.boolean(),
  enforced: z.boolean(),
  lookbackDays: count(),
  earliestAvailableAt: ts,
  enforcementAt: ts,
});
export type HistoryPolicy = z.infer<ReturnType<typeof HistoryPolicy>>;

export const Versions = () => obj({ trendModel: z.optional(z.string()), relations: z.optional(z.string()) });

// spec 2.1
export const V2Pagination = () => obj({ page: count(), limit: count(), totalCount: count(), hasMore: z.boolean() });
export const V2Meta = () => obj({
  upgrade: z.optional(obj({ description: z.string(), url: z.string() })),
  history: z.optional(HistoryPolicy()),
});
export const V2Envelope = () => obj({ status: z.int(), data: z.unknown(), pagination: z.optional(V2Pagination()), meta: z.optional(V2Meta()) });
export const V3Meta = () => obj({
  nextCursor: z.optional(z.nullable(z.string())),
  history: z.optional(HistoryPolicy()),
  versions: z.optional(Versions()),
});
export const V3Envelope = () => obj({ data: z.unknown(), meta: V3Meta() });

// spec 2.4
const ClusterRef = () => obj({ id: z.string(), name: z.string() });
// an activity entry's shape "depends on the activity parameter": what the spec lists without a
// type (action, source, actor's type, officialSourceUrl, headline, a citation's url, fromSignal's
// projectName) is held by name only, as an issue's path is; an id is a string (spec 2, Types)
export const ActivityEntry = () => obj({
  id: z.string(),
  date: ts,
  action: z.optional(z.unknown()),
  source: z.optional(z.unknown()),
  actor: z.optional(obj({ type: z.unknown() })),
  officialSourceUrl: z.optional(z.unknown()),
  clusters: z.optional(z.array(ClusterRef())),
  headline: z.optional(z.unknown()),
  sentiment: z.optional(z.int()),
  citationEvidence: z.optional(z.array(obj({ id: z.string(), url: z.unknown(), targetActivityIds: z.array(z.string()) }))),
  fromSignal: z.optional(obj({ signalId: z.string(), projectId: z.string(), projectName: z.unknown() })),
  isOfficial: z.optional(z.boolean()),
  changelog: z.optional(z.string()),
});
export const IntelV2 = () => obj({
  id: z.string(),
  detectedAt: ts,
  reinforcedAt: ts,
  description: z.string(),
  headline: z.string(),
  citations: z.array(z.string()),
  projectName: z.string(),
  projectId: z.string(),
  projectImage: z.optional(z.string()),
  category: z.string(),
  observationCount: count(),
  hasOfficialSource: z.boolean(),
  officialSourceUrl: z.optional(z.string()),
  sentiment: z.int(),
  referencesMetrics: z.boolean(),
  metrics: z.optional(obj({})),
  clusters: z.array(ClusterRef()),
  activity: z.array(ActivityEntry()),
  clusterComposition: z.optional(z.array(obj({ id: z.string(), name: z.string(), percentage: z.number() }))),
});

// spec 2.5
export const MetricsV2 = () => obj({
  usd: z.nullable(z.number()),
  usdMarketCap: z.nullable(z.number()),
  usd24hVol: z.nullable(z.number()),
  usd24hChange: z.nullable(z.number()),
  lastUpdatedAt: z.nullable(z.number()),
  high24h: z.optional(z.nullable(z.number())),
  low24h: z.optional(z.nullable(z.number())),
  athUsd: z.optional(z.nullable(z.number())),
  athDate: z.optional(z.nullable(ts)),
  athChangePct: z.optional(z.nullable(z.number())),
  priceChange7d: z.optional(z.nullable(z.number())),
  priceChange14d: z.optional(z.nullable(z.number())),
  priceChange30d: z.optional(z.nullable(z.number())),
});
export const MetricsSnapshotV2 = () => obj({ projectId: z.string(), projectName: z.string(), metrics: MetricsV2() });

// spec 2.3
const LeaderboardEntry = () => obj({ enteredAt: ts, currentHours: z.number(), wasYesterday: z.boolean(), entryCount24h: count(), stabilityLabel: z.string() });
export const ProjectV2 = () => obj({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rationale: z.string(),
  xHandle: z.string(),
  trendScore: z.number(),
  trendScoreDelta: z.number(),
  rank: z.int(),
  marketData: obj({
    apiId: z.string(), symbol: z.string(), slug: z.string(), description: z.string(), contractAddress: z.string(),
    categories: z.array(z.string()), image: obj({ thumb: z.string(), small: z.string(), large: z.string() }),
  }),
  metrics: MetricsV2(),
  tokens: z.array(obj({ chain: z.string(), address: z.string(), source: z.string(), primary: z.boolean() })),
  primaryComputedAt: ts,
  createdAt: ts,
  updatedAt: ts,
  reinforcedAt: ts,
  provenance: z.optional(z.string()),
  momentumContext: obj({
    trendTrajectory: z.string(), distinctClusters: count(), peakRank48h: z.int(), bestRank14d: z.int(),
    rankedSince: z.nullable(ts), leaderboard: obj({ top10: z.nullable(LeaderboardEntry()), top25: z.nullable(LeaderboardEntry()) }),
  }),
  signals: z.array(IntelV2()).check(z.maxLength(10)),
});

// spec 2.6, 2.7
export const MomentumV2 = () => obj({
  projectId: z.string(), projectName: z.string(),
  data: z.array(obj({ timestamp: ts, trendScore: z.number(), clusters: z.optional(z.array(obj({ id: z.string(), name: z.string(), count: count() }))) })),
});
// spec 2.6, 8.5: only hours in the ranked roster appear, and the roster holds up to 100 projects:
// a rank is a place in it, never past 100 (whether the first is 1 or 0 is not shown: both are taken)
export const RankSeriesV2 = () => obj({
  projectId: z.string(), projectName: z.string(),
  data: z.array(obj({ timestamp: ts, rank: z.int().check(z.gte(0), z.lte(100)), trendScore: z.number() })),
});
export const NeighborV2 = () => obj({ projectId: z.string(), projectName: z.string(), joiningSignals: count(), joiningReinforcements: count() });

// spec 2.8, 2.9
export const TopicV2 = () => obj({ id: z.string(), rank: z.int(), name: z.string(), summary: z.string(), score: z.number(), tweetCount: count(), authorCount: count(), lastSeenAt: ts });
// spec 8.5: the grounding alias answers the top 10, a history snapshot holds up to 10 topics
export const TopicSnapshotV2 = () => obj({ completedAt: ts, windowStartedAt: ts, latestEvidenceAt: z.optional(ts), topics: z.array(TopicV2()).check(z.maxLength(10)) });
const ReportMetric = () => obj({
  key: z.string(), value: z.number(), publishedValue: z.number(), unit: z.string(), provider: z.string(), observedAt: ts, fetchedAt: ts,
  freshness: z.string(), disagreement: z.optional(obj({ comparedWith: z.string(), comparedValue: z.number(), differencePercent: z.number() })),
});
export const FrontierReport = () => obj({
  id: z.string(), url: z.string(), publishedAt: ts, title: z.string(), summary: z.string(), bodyMarkdown: z.string(),
  market: obj({
    publicationSnapshotAt: ts, updatedAt: ts, state: z.string(),
    // (an entity's identity and state are listed without types: a project with no defi listing may
    // answer defiSlug null; each is held by name; projectId is an id, a string, spec 2 Types)
    entities: z.array(obj({ identity: obj({ projectId: z.string(), name: present(), symbol: present(), marketId: present(), defiSlug: present() }), state: present(), metrics: z.array(ReportMetric()) })),
  }),
  sources: z.array(obj({ id: z.string(), title: z.string(), url: z.string(), publishedAt: ts })),
});

/**
 * spec 2.10 and 6: an issue is `{path, message}` with no type given for either (a server may give
 * the path as a string or as a list of segments, as schema validators do): only the two names are held.
 */
const Issue = () => obj({ path: z.unknown(), message: z.unknown() });

// spec 2.10: of the recipe summary only stepCount and paramCount are typed; it is "present when
// valid", so an invalid recipe's may be left out or null
export const RecipeValidation = () => obj({
  valid: z.boolean(),
  issues: z.array(Issue()),
  recipe: z.optional(z.nullable(obj({ name: z.unknown(), version: z.unknown(), description: z.unknown(), stepCount: count(), paramCount: count() }))),
});

// spec 2.11
export const ProjectV3 = () => obj({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  universe: z.enum(UNIVERSES),
  symbol: z.string(),
  description: z.string(),
  identifiers: obj({ market: z.optional(z.string()), x: z.optional(z.string()) }),
  image: z.string(),
  trend: z.number(),
  trendDelta: z.optional(obj({ value: z.number(), window: z.string() })),
  rank: z.int(),
  categories: z.array(z.string()),
  assets: z.array(obj({ type: z.string(), chain: z.string(), address: z.string(), primary: z.boolean() })),
  intel: z.array(obj({ id: z.string(), headline: z.string(), grade, detectedAt: ts })),
  relatedProjects: z.optional(z.array(obj({
    project: obj({ id: z.string(), slug: z.string(), name: z.string() }), kind: z.string(), sharedIntel: count(), window: z.string(), asOf: ts,
  }))),
  createdAt: ts,
  updatedAt: ts,
  reinforcedAt: ts,
});
export type ProjectV3 = z.infer<ReturnType<typeof ProjectV3>>;

// spec 2.12, 2.13
export const MeV3 = () => obj({
  credential: obj({ id: z.string(), name: z.string(), type: z.string(), expiresAt: z.nullable(ts) }),
  entitlements: z.array(z.string()),
  rateLimit: obj({ perMinute: count(), perDay: count() }),
  history: HistoryPolicy(),
});
export type MeV3 = z.infer<ReturnType<typeof MeV3>>;
// spec 2.13: expiresAt is a timestamp, or the string `never` when the key does not expire
export const KeyInfoV2 = () => obj({ id: z.string(), name: z.string(), type: z.string(), scopes: z.array(z.string()), expiresAt: z.union([z.literal("never"), ts]) });

// spec 2.14, 2.15
export const Destination = () => obj({ id: z.string(), kind: z.string(), label: z.string(), status: z.string() });
export const AlertSubscription = () => obj({
  id: z.string(),
  status: z.string(),
  trigger: z.string(),
  selector: obj({ followedProjects: z.optional(z.boolean()) }),
  cadence: z.string(),
  destinationIds: z.array(z.string()),
  createdAt: ts,
  updatedAt: ts,
});
export type AlertSubscription = z.infer<ReturnType<typeof AlertSubscription>>;

// spec 7.1, 7.2
export const V3Error = () => obj({ code: z.string(), message: z.string(), details: z.optional(obj({})) });
/**
 * spec 7.1: the `details` each fixed code carries, where the table shows them (none, or not shown,
 * for the others). Made when asked: only `contract check` and the export read them, and every
 * command loads this module.
 */
export const v3ErrorDetails = (): Readonly<Record<string, z.ZodMiniType | undefined>> => ({
  invalid_request: obj({ fields: z.array(z.string()) }),
  credential_required: undefined,
  entitlement_required: obj({ entitlement: z.string() }),
  not_found: obj({ subject: obj({ type: z.string(), locator: z.string() }) }),
  not_current: undefined,
  rate_limited: obj({ limit: count(), window: z.string() }),
  internal_error: undefined,
  service_unavailable: undefined,
});
/** The error body of one fixed code: `code` that code, `details` as the table shows them. */
export const v3ErrorOf = (code: string) => {
  const details = v3ErrorDetails()[code];
  return z.extend(V3Error(), { code: z.literal(code), ...(details ? { details } : {}) });
};
// spec 7.2: `limits` {minute, day: {limit int, remaining int, resetAt timestamp}} on a rate-limited answer
const V2LimitWindow = () => obj({ limit: z.optional(count()), remaining: z.optional(count()), resetAt: z.optional(ts) });
export const V2Error = () => obj({
  error: z.optional(z.string()),
  message: z.optional(z.string()),
  code: z.optional(z.string()),
  status: z.optional(z.int()),
  data: z.optional(z.null()),
  meta: z.optional(z.unknown()),
  details: z.optional(z.unknown()),
  limitType: z.optional(z.string()),
  retryAfterMs: z.optional(count()),
  limits: z.optional(obj({ minute: z.optional(V2LimitWindow()), day: z.optional(V2LimitWindow()) })),
  issues: z.optional(z.array(Issue())),
});

// spec 2.1, 4.1: GET /v2 answers name, version and status without the envelope, none of them
// typed: each must be there, of any type (a version of 2, a status of "ok" or 200)
export const ServiceV2 = () => obj({ name: present(), version: present(), status: present() });
// spec 2.11: the intel preview {id, headline, grade, detectedAt}. A v3 intel item holds at least
// these ("fields beyond the preview: not shown"); the rest of it is assumed (shapes/assumed.ts).
export const IntelPreviewV3 = () => obj({ id: z.string(), headline: z.string(), grade, detectedAt: ts });
// spec 4.2: "v3 topic detail carries a `stance` field and a `report` reference {id, title, publishedAt}";
// the type of stance and the rest of a topic are not shown (assumed: shapes/assumed.ts). A topic
// without a report may carry null: that much is left open.
export const TopicDetailV3 = () => obj({
  // (worded as zod words a missing field: what was received, undefined, says it is missing)
  stance: z.custom<unknown>((v) => v !== undefined, { message: "Invalid input: expected a value of any type, received undefined" }),
  report: z.nullable(obj({ id: z.string(), title: z.string(), publishedAt: ts })),
});

/**
 * DOCUMENTED shapes: the schema of each route's `data` where the spec shows it (part 2, the route
 * tables). Enforced: an answer that does not hold is exit 7 naming the field. Payloads the spec
 * does not show have no schema here: mids' guess at them is in ./shapes/assumed.ts (ASSUMED_SHAPES),
 * compared but never enforced. Each entry makes its schema when called.
 */
export const DATA_SCHEMAS: Readonly<Record<string, () => z.ZodMiniType>> = {
  "v2.apiKeys.info": KeyInfoV2,
  "v2.projects.list": () => z.array(z.partial(ProjectV2(), { signals: true, momentumContext: true })),
  "v2.projects.get": ProjectV2,
  // spec 4.1, 8.4: neighbors limit 1 to 50, grounding history limit at most 50, so a page never holds more
  "v2.projects.neighbors": () => z.array(NeighborV2()).check(z.maxLength(50)),
  "v2.projects.momentum": MomentumV2,
  "v2.projects.rank": RankSeriesV2,
  "v2.projects.metrics": MetricsSnapshotV2,
  "v2.intel.list": () => z.array(IntelV2()),
  "v2.intel.get": IntelV2,
  "v2.grounding.history": () => z.array(TopicSnapshotV2()).check(z.maxLength(50)),
  "v2.grounding": TopicSnapshotV2,
  "v2.topics.report": FrontierReport,
  "v2.recipes.validate": RecipeValidation,
  // spec 4.2, 8.4: limit 1 to 50, so a page never holds more
  "v3.projects.list": () => z.array(ProjectV3()).check(z.maxLength(50)),
  "v3.projects.get": ProjectV3,
  "v3.me": MeV3,
  "v3.alerts.destinations": () => z.array(Destination()),
  "v3.alerts.get": AlertSubscription,
  "v3.alerts.update": AlertSubscription,
  "v2.root": ServiceV2,
  "v3.intel.list": () => z.array(IntelPreviewV3()),
  "v3.intel.get": IntelPreviewV3,
  "v3.topics.get": TopicDetailV3,
};

/**
 * Routes whose payload the spec does not show (spec 2.17, and "Not shown" under the v2 and v3
 * route tables): no schema, on purpose. Every other route has one in DATA_SCHEMAS (an alias
 * shares its target's); test/unit/sandbox-contract.test.ts holds the two lists to that.
 */
export const SHAPE_NOT_SHOWN: Readonly<Record<string, string>> = {
  "v2.topics.list": "v2 topics payload: not shown beyond the ranked top 25",
  "v2.projects.chains": "payload of chains: not shown",
  "v2.projects.candles": "payload of candles: not shown (ASSUMED.v2CandlesShape)",
  "v2.clusters": "payload of clusters: not shown",
  "v2.intelCategories": "payload of intel categories: not shown",
  "v2.signalCategories": "payload of the intel categories alias: not shown",
  "v2.recipes.list": "recipe list entries: not shown",
  "v2.recipes.get": "recipe definition: not shown",
  "v2.recipes.execute": "recipe execution state: not shown",
  "v2.agent": "agent payload: not shown",
  "v3.clusters.list": "the v3 cluster record: not shown (assumed: ASSUMED_SHAPES)",
  "v3.projects.series": "payload of the v3 series: not shown (assumed: ASSUMED_SHAPES)",
  "v3.topics.list": "fields of a v3 topic: not shown (assumed: ASSUMED_SHAPES)",
  "v3.reports.get": "fields of a v3 report: not shown (assumed: ASSUMED_SHAPES)",
  "v3.vocabulary": "vocabulary records: not shown (assumed: ASSUMED_SHAPES)",
};
