// Response shapes built from the dataset: v2 (spec 2.3-2.5) and v3 (spec 2.11, assumed shapes).
import { ASSUMED } from "../contract/assumed.js";
import { DAY, HOUR, reinforcedAtOf, type Activity, type Dataset, type Intel, type Project } from "./data.js";
import { iso } from "./http.js";
import { hourOf, metricsAt, rankAt, ROSTER_SIZE, trendAt } from "./series.js";
import { round } from "./rand.js";

export type ActivityMode = "all" | "observations" | "none";

export function clusterRefs(ds: Dataset, ids: readonly string[]): { id: string; name: string }[] {
  return ids.map((id) => ({ id, name: ds.clusterById.get(id)?.name ?? id }));
}

function activityV2(ds: Dataset, x: Intel, a: Activity, p: Project) {
  return {
    id: a.id, date: iso(a.date), action: a.action, source: a.source, actor: { type: a.actorType },
    officialSourceUrl: a.officialSourceUrl, clusters: clusterRefs(ds, a.clusterIds), incoming: a.incoming, result: a.result,
    headline: a.headline, sentiment: a.sentiment, citationEvidence: a.citationEvidence,
    fromSignal: { signalId: x.id, projectId: p.id, projectName: p.name }, isOfficial: a.isOfficial, changelog: a.changelog,
  };
}

/** v2 intel item (spec 2.4); `detail` adds the detail-only fields. Activity before `fromMs` is outside the window. */
export function v2Intel(ds: Dataset, x: Intel, mode: ActivityMode, fromMs: number, toMs: number, detail = false) {
  const p = ds.projects[x.project];
  const acts = mode === "none" ? [] : x.activity.filter((a) => a.date >= fromMs && a.date <= toMs && (mode === "all" || a.action === "observed"));
  const base: Record<string, unknown> = {
    id: x.id, detectedAt: iso(x.detectedAt), reinforcedAt: iso(x.reinforcedAt), description: x.description, headline: x.headline,
    citations: x.citations, projectName: p.name, projectId: p.id, category: x.category, observationCount: x.observationCount,
    hasOfficialSource: x.hasOfficialSource, sentiment: x.sentiment, referencesMetrics: x.referencesMetrics,
    clusters: clusterRefs(ds, x.clusterIds), activity: acts.map((a) => activityV2(ds, x, a, p)),
  };
  if (!detail) return base;
  const m = metricsAt(ds, p, hourOf(x.detectedAt));
  return {
    ...base, projectImage: p.image, officialSourceUrl: x.officialSourceUrl,
    metrics: { usd: m.usd, usdMarketCap: m.usdMarketCap, usd24hVol: m.usd24hVol, usd24hChange: m.usd24hChange, lastUpdatedAt: m.lastUpdatedAt },
    clusterComposition: x.composition.map((c) => ({ id: c.id, name: ds.clusterById.get(c.id)?.name ?? c.id, percentage: c.percentage })),
  };
}

function leaderboardEntry(ds: Dataset, p: number, h: number, top: number) {
  if (rankAt(ds, p, h) > top) return null;
  let k = 0;
  while (k < 14 * 24 && rankAt(ds, p, h - k - 1) <= top) k++;
  let entries = 0;
  for (let j = 0; j < 24; j++) if (rankAt(ds, p, h - j) <= top && rankAt(ds, p, h - j - 1) > top) entries++;
  return {
    enteredAt: iso((h - k) * HOUR), currentHours: k + 1, wasYesterday: rankAt(ds, p, h - 24) <= top, entryCount24h: entries,
    stabilityLabel: k + 1 < 6 ? "flash" : k + 1 < 48 ? "steady" : "established",
  };
}

function momentumContext(ds: Dataset, p: Project, h: number) {
  let peak48 = Infinity;
  for (let j = 0; j < 48; j++) peak48 = Math.min(peak48, rankAt(ds, p.index, h - j));
  let best14 = Infinity;
  for (let j = 0; j < 14 * 24; j += 6) best14 = Math.min(best14, rankAt(ds, p.index, h - j));
  let since = 0;
  while (since < 14 * 24 && rankAt(ds, p.index, h - since - 1) <= ROSTER_SIZE) since++;
  const delta = trendAt(ds, p.index, h) - trendAt(ds, p.index, h - 24);
  return {
    trendTrajectory: delta > 1 ? "rising" : delta < -1 ? "falling" : "steady",
    distinctClusters: new Set(p.intel.flatMap((x) => x.clusterIds)).size, peakRank48h: peak48, bestRank14d: best14,
    rankedSince: rankAt(ds, p.index, h) <= ROSTER_SIZE ? iso((h - since) * HOUR) : null,
    leaderboard: { top10: leaderboardEntry(ds, p.index, h, 10), top25: leaderboardEntry(ds, p.index, h, 25) },
  };
}

export interface V2ProjectOpts { atMs?: number; sortBy: string; activity: ActivityMode; fromMs: number }

/** v2 project (spec 2.3) at `atMs` (historical, provenance shown) or now. */
export function v2Project(ds: Dataset, p: Project, nowMs: number, o: V2ProjectOpts) {
  const t = o.atMs ?? nowMs;
  const h = hourOf(t);
  const primary = p.assets.find((a) => a.primary) ?? p.assets[0];
  const m = metricsAt(ds, p, h);
  const key = o.sortBy === "detectedAt" ? "detectedAt" : "reinforcedAt";
  const signals = p.intel.filter((x) => x.detectedAt <= t && x.detectedAt >= o.fromMs)
    .sort((a, b) => b[key] - a[key]).slice(0, 10).map((x) => v2Intel(ds, x, o.activity, o.fromMs, t));
  const img = (size: string) => p.image.replace(/\.png$/, `-${size}.png`);
  return {
    id: p.id, name: p.name, description: p.description, rationale: p.rationale, xHandle: p.xHandle,
    trendScore: trendAt(ds, p.index, h), trendScoreDelta: round(trendAt(ds, p.index, h) - trendAt(ds, p.index, h - 24), 2), rank: rankAt(ds, p.index, h),
    marketData: {
      apiId: p.marketId, symbol: p.symbol.toLowerCase(), slug: p.slug, description: p.description,
      contractAddress: primary?.address ?? "", categories: p.categories, image: { thumb: img("thumb"), small: img("small"), large: img("large") },
    },
    metrics: { ...m, lastUpdatedAt: m.lastUpdatedAt },
    tokens: p.assets.map((a) => ({ chain: a.chain, address: a.address, source: a.source, primary: a.primary })),
    primaryComputedAt: iso(h * HOUR), createdAt: iso(p.createdAt), updatedAt: iso(Math.min(p.updatedAt, t)),
    reinforcedAt: iso(Math.min(reinforcedAtOf(p), t)), ...(o.atMs !== undefined ? { provenance: "historical" } : {}),
    momentumContext: momentumContext(ds, p, h), signals,
  };
}

/** Co-mentions between `p` and other projects in intel detected in [fromMs, toMs] (spec 2.7, 2.11). */
export function coMentions(ds: Dataset, p: Project, fromMs: number, toMs: number) {
  const m = new Map<number, { shared: number; reinforcements: number }>();
  for (const x of ds.intel) {
    if (x.detectedAt < fromMs || x.detectedAt > toMs) continue;
    const other = x.project === p.index ? x.mentions[0] : x.mentions.includes(p.index) ? x.project : undefined;
    if (other === undefined || other === p.index) continue;
    const e = m.get(other) ?? { shared: 0, reinforcements: 0 };
    e.shared++;
    e.reinforcements += x.observationCount;
    m.set(other, e);
  }
  return [...m.entries()].sort((a, b) => b[1].shared - a[1].shared || b[1].reinforcements - a[1].reinforcements || a[0] - b[0]);
}

export function v3IntelPreview(x: Intel) {
  return { id: x.id, headline: x.headline, grade: x.grade, detectedAt: iso(x.detectedAt) };
}

/** v3 intel (ASSUMED.v3IntelShape); detail adds description, citations and cluster composition. */
export function v3Intel(ds: Dataset, x: Intel, detail = false) {
  const p = ds.projects[x.project];
  const base = { ...v3IntelPreview(x), projectId: p.id, projectName: p.name, category: x.category, clusters: clusterRefs(ds, x.clusterIds) };
  if (!detail) return base;
  return {
    ...base, description: x.description, reinforcedAt: iso(x.reinforcedAt), citations: x.citations,
    clusterComposition: x.composition.map((c) => ({ id: c.id, name: ds.clusterById.get(c.id)?.name ?? c.id, percentage: c.percentage })),
  };
}

/** v3 project (spec 2.11); detail adds trendDelta and bounded relatedProjects. */
export function v3Project(ds: Dataset, p: Project, nowMs: number, fromMs: number, detail = false) {
  const h = hourOf(nowMs);
  const intel = p.intel.filter((x) => x.detectedAt >= fromMs && x.detectedAt <= nowMs).slice(0, detail ? 10 : 3).map(v3IntelPreview);
  const out: Record<string, unknown> = {
    id: p.id, slug: p.slug, name: p.name, universe: p.universe, symbol: p.symbol, description: p.description,
    identifiers: { market: p.marketId, x: p.xHandle }, image: p.image, trend: trendAt(ds, p.index, h),
  };
  if (detail) out.trendDelta = { value: round(trendAt(ds, p.index, h) - trendAt(ds, p.index, h - 24), 2), window: "PT24H" };
  Object.assign(out, {
    rank: rankAt(ds, p.index, h), categories: p.categories,
    assets: p.assets.map((a) => ({ type: a.type, chain: a.chain, address: a.address, primary: a.primary })), intel,
  });
  if (detail) {
    const from = Math.max(fromMs, nowMs - 30 * DAY);
    out.relatedProjects = coMentions(ds, p, from, nowMs).slice(0, 10).map(([j, e]) => {
      const o = ds.projects[j];
      return { project: { id: o.id, slug: o.slug, name: o.name }, kind: "co_mention", sharedIntel: e.shared, window: "P30D", asOf: iso(h * HOUR) };
    });
  }
  Object.assign(out, { createdAt: iso(p.createdAt), updatedAt: iso(p.updatedAt), reinforcedAt: iso(reinforcedAtOf(p)) });
  return out;
}

export const GRADES: readonly string[] = ASSUMED.grades;
