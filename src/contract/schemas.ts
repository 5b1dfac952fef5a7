// zod schemas for every documented shape (spec part 2) and the error bodies (part 7).
// Loose on purpose: unknown fields pass through, so `-o json` keeps what a newer server adds.
import * as z from "zod";

// one-off validations in a short-lived process: skip compiling parsers with new Function
z.config({ jitless: true });

const ts = z.string();
const obj = z.looseObject;

// spec 2.2
export const HistoryPolicy = obj({
  archiveAccess: z.boolean(),
  enforced: z.boolean(),
  lookbackDays: z.number().int(),
  earliestAvailableAt: ts,
  enforcementAt: ts,
});
export type HistoryPolicy = z.infer<typeof HistoryPolicy>;

export const Versions = obj({ trendModel: z.string().optional(), relations: z.string().optional() });

// spec 2.1
export const V2Pagination = obj({ page: z.number().int(), limit: z.number().int(), totalCount: z.number().int(), hasMore: z.boolean() });
export const V2Meta = obj({
  upgrade: obj({ description: z.string(), url: z.string() }).optional(),
  history: HistoryPolicy.optional(),
});
export const V2Envelope = obj({ status: z.number().int(), data: z.unknown(), pagination: V2Pagination.optional(), meta: V2Meta.optional() });
export const V3Meta = obj({
  nextCursor: z.string().nullable().optional(),
  history: HistoryPolicy.optional(),
  versions: Versions.optional(),
});
export const V3Envelope = obj({ data: z.unknown(), meta: V3Meta });

// spec 2.4
const ClusterRef = obj({ id: z.string(), name: z.string() });
export const ActivityEntry = obj({
  id: z.string(),
  date: ts,
  action: z.string().optional(),
  source: z.string().optional(),
  actor: obj({ type: z.string() }).optional(),
  officialSourceUrl: z.string().nullable().optional(),
  clusters: z.array(ClusterRef).optional(),
  headline: z.string().optional(),
  sentiment: z.number().int().optional(),
  citationEvidence: z.array(obj({ id: z.string(), url: z.string(), targetActivityIds: z.array(z.string()) })).optional(),
  fromSignal: obj({ signalId: z.string(), projectId: z.string(), projectName: z.string() }).optional(),
  isOfficial: z.boolean().optional(),
  changelog: z.string().optional(),
});
export const IntelV2 = obj({
  id: z.string(),
  detectedAt: ts,
  reinforcedAt: ts,
  description: z.string(),
  headline: z.string(),
  citations: z.array(z.string()),
  projectName: z.string(),
  projectId: z.string(),
  projectImage: z.string().optional(),
  category: z.string(),
  observationCount: z.number().int(),
  hasOfficialSource: z.boolean(),
  officialSourceUrl: z.string().optional(),
  sentiment: z.number().int(),
  referencesMetrics: z.boolean(),
  metrics: obj({}).optional(),
  clusters: z.array(ClusterRef),
  activity: z.array(ActivityEntry),
  clusterComposition: z.array(obj({ id: z.string(), name: z.string(), percentage: z.number() })).optional(),
});

// spec 2.5
export const MetricsV2 = obj({
  usd: z.number().nullable(),
  usdMarketCap: z.number().nullable(),
  usd24hVol: z.number().nullable(),
  usd24hChange: z.number().nullable(),
  lastUpdatedAt: z.number().nullable(),
  high24h: z.number().nullable().optional(),
  low24h: z.number().nullable().optional(),
  athUsd: z.number().nullable().optional(),
  athDate: ts.nullable().optional(),
  athChangePct: z.number().nullable().optional(),
  priceChange7d: z.number().nullable().optional(),
  priceChange14d: z.number().nullable().optional(),
  priceChange30d: z.number().nullable().optional(),
});
export const MetricsSnapshotV2 = obj({ projectId: z.string(), projectName: z.string(), metrics: MetricsV2 });

// spec 2.3
const LeaderboardEntry = obj({ enteredAt: ts, currentHours: z.number(), wasYesterday: z.boolean(), entryCount24h: z.number().int(), stabilityLabel: z.string() });
export const ProjectV2 = obj({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rationale: z.string(),
  xHandle: z.string(),
  trendScore: z.number(),
  trendScoreDelta: z.number(),
  rank: z.number().int(),
  marketData: obj({
    apiId: z.string(), symbol: z.string(), slug: z.string(), description: z.string(), contractAddress: z.string(),
    categories: z.array(z.string()), image: obj({ thumb: z.string(), small: z.string(), large: z.string() }),
  }),
  metrics: MetricsV2,
  tokens: z.array(obj({ chain: z.string(), address: z.string(), source: z.string(), primary: z.boolean() })),
  primaryComputedAt: ts,
  createdAt: ts,
  updatedAt: ts,
  reinforcedAt: ts,
  provenance: z.string().optional(),
  momentumContext: obj({
    trendTrajectory: z.string(), distinctClusters: z.number().int(), peakRank48h: z.number().int(), bestRank14d: z.number().int(),
    rankedSince: ts.nullable(), leaderboard: obj({ top10: LeaderboardEntry.nullable(), top25: LeaderboardEntry.nullable() }),
  }),
  signals: z.array(IntelV2).max(10),
});

// spec 2.6, 2.7
export const MomentumV2 = obj({
  projectId: z.string(), projectName: z.string(),
  data: z.array(obj({ timestamp: ts, trendScore: z.number(), clusters: z.array(obj({ id: z.string(), name: z.string(), count: z.number().int() })).optional() })),
});
export const RankSeriesV2 = obj({
  projectId: z.string(), projectName: z.string(),
  data: z.array(obj({ timestamp: ts, rank: z.number().int(), trendScore: z.number() })),
});
export const NeighborV2 = obj({ projectId: z.string(), projectName: z.string(), joiningSignals: z.number().int(), joiningReinforcements: z.number().int() });

// spec 2.8, 2.9
export const TopicV2 = obj({ id: z.string(), rank: z.number().int(), name: z.string(), summary: z.string(), score: z.number(), tweetCount: z.number().int(), authorCount: z.number().int(), lastSeenAt: ts });
// spec 8.5: the grounding alias answers the top 10, a history snapshot holds up to 10 topics
export const TopicSnapshotV2 = obj({ completedAt: ts, windowStartedAt: ts, latestEvidenceAt: ts.optional(), topics: z.array(TopicV2).max(10) });
const ReportMetric = obj({
  key: z.string(), value: z.number(), publishedValue: z.number(), unit: z.string(), provider: z.string(), observedAt: ts, fetchedAt: ts,
  freshness: z.string(), disagreement: obj({ comparedWith: z.string(), comparedValue: z.number(), differencePercent: z.number() }).optional(),
});
export const FrontierReport = obj({
  id: z.string(), url: z.string(), publishedAt: ts, title: z.string(), summary: z.string(), bodyMarkdown: z.string(),
  market: obj({
    publicationSnapshotAt: ts, updatedAt: ts, state: z.string(),
    entities: z.array(obj({ identity: obj({ projectId: z.string(), name: z.string(), symbol: z.string(), marketId: z.string(), defiSlug: z.string() }), state: z.string(), metrics: z.array(ReportMetric) })),
  }),
  sources: z.array(obj({ id: z.string(), title: z.string(), url: z.string(), publishedAt: ts })),
});

// spec 2.10
export const RecipeValidation = obj({
  valid: z.boolean(),
  issues: z.array(obj({ path: z.string(), message: z.string() })),
  recipe: obj({ name: z.string(), version: z.union([z.string(), z.number()]), description: z.string().optional(), stepCount: z.number().int(), paramCount: z.number().int() }).optional(),
});

// spec 2.11
export const ProjectV3 = obj({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  universe: z.string(),
  symbol: z.string(),
  description: z.string(),
  identifiers: obj({ market: z.string().optional(), x: z.string().optional() }),
  image: z.string(),
  trend: z.number(),
  trendDelta: obj({ value: z.number(), window: z.string() }).optional(),
  rank: z.number().int(),
  categories: z.array(z.string()),
  assets: z.array(obj({ type: z.string(), chain: z.string(), address: z.string(), primary: z.boolean() })),
  intel: z.array(obj({ id: z.string(), headline: z.string(), grade: z.string(), detectedAt: ts })),
  relatedProjects: z.array(obj({
    project: obj({ id: z.string(), slug: z.string(), name: z.string() }), kind: z.string(), sharedIntel: z.number().int(), window: z.string(), asOf: ts,
  })).optional(),
  createdAt: ts,
  updatedAt: ts,
  reinforcedAt: ts,
});
export type ProjectV3 = z.infer<typeof ProjectV3>;

// spec 2.12, 2.13
export const MeV3 = obj({
  credential: obj({ id: z.string(), name: z.string(), type: z.string(), expiresAt: ts.nullable() }),
  entitlements: z.array(z.string()),
  rateLimit: obj({ perMinute: z.number().int(), perDay: z.number().int() }),
  history: HistoryPolicy,
});
export type MeV3 = z.infer<typeof MeV3>;
export const KeyInfoV2 = obj({ id: z.string(), name: z.string(), type: z.string(), scopes: z.array(z.string()), expiresAt: z.string() });

// spec 2.14, 2.15
export const Destination = obj({ id: z.string(), kind: z.string(), label: z.string(), status: z.string() });
export const AlertSubscription = obj({
  id: z.string(),
  status: z.string(),
  trigger: z.string(),
  selector: obj({ followedProjects: z.boolean().optional() }),
  cadence: z.string(),
  destinationIds: z.array(z.string()),
  createdAt: ts,
  updatedAt: ts,
});
export type AlertSubscription = z.infer<typeof AlertSubscription>;

// spec 7.1, 7.2
export const V3Error = obj({ code: z.string(), message: z.string(), details: obj({}).optional() });
/**
 * spec 7.1: the `details` each fixed code carries, where the table shows them (none, or not shown,
 * for the others). Made when asked: only `contract check` and the export read them, and every
 * command loads this module.
 */
export const v3ErrorDetails = (): Readonly<Record<string, z.ZodType | undefined>> => ({
  invalid_request: obj({ fields: z.array(z.string()) }),
  credential_required: undefined,
  entitlement_required: obj({ entitlement: z.string() }),
  not_found: obj({ subject: obj({ type: z.string(), locator: z.string() }) }),
  not_current: undefined,
  rate_limited: obj({ limit: z.number().int(), window: z.string() }),
  internal_error: undefined,
  service_unavailable: undefined,
});
/** The error body of one fixed code: `code` that code, `details` as the table shows them. */
export const v3ErrorOf = (code: string) => {
  const details = v3ErrorDetails()[code];
  return V3Error.extend({ code: z.literal(code), ...(details ? { details } : {}) });
};
export const V2Error = obj({
  error: z.string().optional(),
  message: z.string().optional(),
  code: z.string().optional(),
  status: z.number().int().optional(),
  data: z.null().optional(),
  meta: z.unknown().optional(),
  details: z.unknown().optional(),
  limitType: z.string().optional(),
  retryAfterMs: z.number().int().optional(),
  limits: z.unknown().optional(),
  issues: z.array(obj({ path: z.string(), message: z.string() })).optional(),
});

// spec 2.1: GET /v2 answers name, version and status without the envelope
export const ServiceV2 = obj({ name: z.string(), version: z.string(), status: z.union([z.string(), z.number()]) });
// spec 2.11: the intel preview {id, headline, grade, detectedAt}. A v3 intel item holds at least
// these ("fields beyond the preview: not shown"); the rest of it is assumed (shapes/assumed.ts).
export const IntelPreviewV3 = obj({ id: z.string(), headline: z.string(), grade: z.string(), detectedAt: ts });
// spec 4.2: "v3 topic detail carries a `stance` field and a `report` reference {id, title, publishedAt}";
// the type of stance and the rest of a topic are not shown (assumed: shapes/assumed.ts). A topic
// without a report may carry null: that much is left open.
export const TopicDetailV3 = obj({
  stance: z.custom<unknown>((v) => v !== undefined, { message: "expected a value of any type" }),
  report: obj({ id: z.string(), title: z.string(), publishedAt: ts }).nullable(),
});

/**
 * DOCUMENTED shapes: the schema of each route's `data` where the spec shows it (part 2, the route
 * tables). Enforced: an answer that does not hold is exit 7 naming the field. Payloads the spec
 * does not show have no schema here: mids' guess at them is in ./shapes/assumed.ts (ASSUMED_SHAPES),
 * compared but never enforced.
 */
export const DATA_SCHEMAS: Record<string, z.ZodType> = {
  "v2.apiKeys.info": KeyInfoV2,
  "v2.projects.list": z.array(ProjectV2.partial({ signals: true, momentumContext: true })),
  "v2.projects.get": ProjectV2,
  "v2.projects.neighbors": z.array(NeighborV2),
  "v2.projects.momentum": MomentumV2,
  "v2.projects.rank": RankSeriesV2,
  "v2.projects.metrics": MetricsSnapshotV2,
  "v2.intel.list": z.array(IntelV2),
  "v2.intel.get": IntelV2,
  "v2.grounding.history": z.array(TopicSnapshotV2),
  "v2.grounding": TopicSnapshotV2,
  "v2.topics.report": FrontierReport,
  "v2.recipes.validate": RecipeValidation,
  // spec 4.2, 8.4: limit 1 to 50, so a page never holds more
  "v3.projects.list": z.array(ProjectV3).max(50),
  "v3.projects.get": ProjectV3,
  "v3.me": MeV3,
  "v3.alerts.destinations": z.array(Destination),
  "v3.alerts.get": AlertSubscription,
  "v3.alerts.update": AlertSubscription,
  "v2.root": ServiceV2,
  "v3.intel.list": z.array(IntelPreviewV3),
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
