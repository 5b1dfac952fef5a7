// Topics, grounding snapshots and reports: v2 (spec 2.8, 2.9) and v3 (ASSUMED.v3TopicShape, v3ReportShape).
import { ASSUMED } from "../contract/assumed.js";
import { CLUSTER_NAMES, STANCES } from "./catalog.js";
import { DAY, HOUR, type Dataset, type Topic } from "./data.js";
import { invalid, iso, notFound, readableFrom, type Ctx, type Handler } from "./http.js";
import { v2Page } from "./paging.js";
import { hash01, hex, int, mulberry32, pick, pickSome, round } from "./rand.js";
import { hourOf, priceAt, valueHour } from "./series.js";

const TOPIC_NAMES: readonly string[] = ["Restaking yields", "Stablecoin regulation", "AI agents on-chain", "Layer-2 fee wars", "Tokenized treasuries",
  "Meme coin rotation", "Bitcoin ETF flows", "DePIN buildout", "Solana memecoin launchpads", "Cross-chain bridges security",
  "Perp DEX volumes", "Liquid staking derivatives", "Gaming token unlocks", "Oracle extractable value", "Privacy pools",
  "Intent-based trading", "Modular data availability", "RWA lending markets", "Exchange listings", "Airdrop farming",
  "Governance attacks", "Onchain social", "Prediction markets", "Validator economics", "Yield-bearing stablecoins"];

export type { Topic };

/** The dataset's topics, made when first asked and kept with it. */
export function topicsOf(ds: Dataset): Topic[] {
  if (ds.derived.topics) return ds.derived.topics;
  const rng = mulberry32(0x70b1c5);
  const topics = TOPIC_NAMES.map((name, index) => ({
    index, id: "topic_" + hex(rng, 20), name, summary: `Attention around ${name.toLowerCase()} across ${int(rng, 3, 9)} source clusters.`,
    stance: pick(rng, STANCES), base: 40 + rng() * 55, entities: pickSome(rng, ds.projects.filter((p) => p.universe === "crypto").slice(0, 150), int(rng, 2, 3)).map((p) => p.index),
    report: { id: ASSUMED.idPrefixes.reports + hex(rng, 16), title: `Frontier Report: ${name}`, summary: `What moved in ${name.toLowerCase()} and why it matters.`,
      publishedAt: ds.anchor - int(rng, 2, 240) * HOUR, revisions: int(rng, 1, 3) },
  }));
  ds.derived.topics = topics;
  return topics;
}

/** A topic's score at value hour `v` (series.ts: valueHour). */
const scoreAt = (t: Topic, v: number) => round(Math.min(100, t.base + 8 * Math.sin(v / (9 + t.index) + t.index) + 4 * hash01(t.index, v, 41)), 2);

/** Topics ranked at hour `h` (spec 2.8). */
function snapshotTopics(ds: Dataset, h: number, max: number) {
  const v = valueHour(ds, h);
  const ranked = topicsOf(ds).map((t) => ({ t, score: scoreAt(t, v) })).sort((a, b) => b.score - a.score).slice(0, max);
  return ranked.map(({ t, score }, k) => ({
    id: t.id, rank: k + 1, name: t.name, summary: t.summary, score, tweetCount: Math.floor(200 + 3000 * hash01(t.index, v, 42)),
    authorCount: Math.floor(50 + 800 * hash01(t.index, v, 43)), lastSeenAt: iso(h * HOUR - Math.floor(hash01(t.index, v, 44) * 50) * 60_000),
  }));
}

function snapshot(ds: Dataset, h: number, max: number, historical: boolean) {
  return {
    completedAt: iso(h * HOUR), windowStartedAt: iso(h * HOUR - 2 * DAY),
    ...(historical ? { latestEvidenceAt: iso(h * HOUR - Math.floor(hash01(valueHour(ds, h), 45) * 40) * 60_000) } : {}),
    topics: snapshotTopics(ds, h, max),
  };
}

const reportUrl = (id: string) => `https://reports.sandbox.mids.dev/${id}`;
const topicStoreStart = (ds: Dataset) => ds.anchor - 90 * DAY;

const v2Topics: Handler = (ctx) => {
  const { ds } = ctx.world;
  const h = hourOf(ctx.nowMs);
  const byId = new Map(topicsOf(ds).map((t) => [t.id, t]));
  const snap = snapshot(ds, h, 25, false);
  const topics = snap.topics.map((x) => {
    const t = byId.get(x.id)!;
    return { ...x, frontierReport: { url: reportUrl(t.report.id), preview: t.report.summary } };
  });
  return { data: { ...snap, topics } };
};

const grounding: Handler = (ctx) => {
  const at = ctx.q.at as number | undefined;
  return { data: snapshot(ctx.world.ds, hourOf(at ?? ctx.nowMs), 10, at !== undefined) };
};

const groundingHistory: Handler = (ctx) => {
  const { ds } = ctx.world;
  const anchor = (ctx.q.at as number | undefined) ?? ctx.nowMs;
  const to = Math.min((ctx.q.to as number | undefined) ?? anchor, anchor);
  const from = (ctx.q.from as number | undefined) ?? readableFrom(ctx, topicStoreStart(ds));
  // a refusal names what was sent: a `from` of the window's start (not sent) after an old `to` or
  // `at` is a read of nothing in the window, an empty page (spec 8.2), not "`from` after `to`"
  if (ctx.given.has("from") && from > to) {
    const bound = ctx.given.has("to") && (ctx.q.to as number) <= anchor ? "to" : ctx.given.has("at") ? "at" : undefined;
    throw invalid(bound ? ["from", bound] : ["from"], bound ? `\`from\` must not be after \`${bound}\`` : "`from` must not lie in the future");
  }
  const hi = hourOf(to);
  const lo = Math.ceil(Math.max(from, topicStoreStart(ds)) / HOUR);
  const hours = { length: Math.max(0, hi - lo + 1) };
  const all = Array.from(hours, (_, k) => hi - k);
  const { slice, pagination } = v2Page(ctx, all);
  return { data: slice.map((h) => snapshot(ds, h, 10, true)), pagination };
};

function findTopic(ctx: Ctx, id: string): Topic {
  const t = topicsOf(ctx.world.ds).find((x) => x.id === id);
  if (!t) throw notFound("topic", id);
  return t;
}

function reportBody(ctx: Ctx, t: Topic) {
  const { ds } = ctx.world;
  const r = t.report;
  const h = hourOf(r.publishedAt);
  const names = t.entities.map((i) => ds.projects[i].name);
  return {
    id: r.id, url: reportUrl(r.id), publishedAt: iso(r.publishedAt), title: r.title, summary: r.summary,
    bodyMarkdown: `# ${r.title}\n\n${r.summary}\n\n## Projects\n\n${names.map((n) => `- **${n}**`).join("\n")}\n\n## Sources\n\nSee the source list below.\n`,
    market: {
      publicationSnapshotAt: iso(r.publishedAt), updatedAt: iso(hourOf(ctx.nowMs) * HOUR), state: "fresh",
      entities: t.entities.map((i) => {
        const p = ds.projects[i];
        const value = priceAt(ds, p, h);
        const other = round(value * (1 + (hash01(i, 46) - 0.5) * 0.01), 6);
        return {
          identity: { projectId: p.id, name: p.name, symbol: p.symbol, marketId: p.marketId, defiSlug: p.defiSlug }, state: "fresh",
          metrics: [{ key: "price_usd", value: priceAt(ds, p, hourOf(ctx.nowMs)), publishedValue: value, unit: "usd", provider: "market",
            observedAt: iso(h * HOUR), fetchedAt: iso(h * HOUR + 60_000), freshness: "fresh",
            disagreement: { comparedWith: "defi", comparedValue: other, differencePercent: round(((other - value) / value) * 100, 3) } }],
        };
      }),
    },
    sources: [0, 1, 2].map((k) => ({ id: `src_${r.id.slice(4, 12)}${k}`, title: `${CLUSTER_NAMES[(t.index + k) % CLUSTER_NAMES.length]} on ${t.name}`,
      url: `https://news.example.org/${t.id}/${k}`, publishedAt: iso(r.publishedAt - (k + 1) * 3 * HOUR) })),
  };
}

const v2Report: Handler = (ctx) => ({ data: reportBody(ctx, findTopic(ctx, ctx.pathParams.id)) });

function v3Topic(ctx: Ctx, t: Topic, x: { rank: number; score: number; lastSeenAt: string }) {
  return { id: t.id, rank: x.rank, name: t.name, summary: t.summary, score: x.score, stance: t.stance,
    report: { id: t.report.id, title: t.report.title, publishedAt: iso(t.report.publishedAt) }, lastSeenAt: x.lastSeenAt };
}

const v3Topics: Handler = (ctx) => {
  const byId = new Map(topicsOf(ctx.world.ds).map((t) => [t.id, t]));
  return { data: snapshotTopics(ctx.world.ds, hourOf(ctx.nowMs), 25).map((x) => v3Topic(ctx, byId.get(x.id)!, x)), meta: {} };
};

const v3TopicGet: Handler = (ctx) => {
  const t = findTopic(ctx, ctx.pathParams.id);
  const x = snapshotTopics(ctx.world.ds, hourOf(ctx.nowMs), 25).find((s) => s.id === t.id)!;
  return { data: v3Topic(ctx, t, x), meta: {} };
};

const v3Report: Handler = (ctx) => {
  const t = topicsOf(ctx.world.ds).find((x) => x.report.id === ctx.pathParams.id);
  if (!t) throw notFound("report", ctx.pathParams.id);
  const b = reportBody(ctx, t);
  const revisions = Array.from({ length: t.report.revisions }, (_, k) => ({
    revision: k + 1, publishedAt: iso(t.report.publishedAt + k * 6 * HOUR), summary: k === 0 ? "First publication" : `Revision ${k + 1}: market figures refreshed`,
  }));
  return { data: { id: b.id, topicId: t.id, title: b.title, summary: b.summary, publishedAt: b.publishedAt, url: b.url, bodyMarkdown: b.bodyMarkdown, revisions }, meta: {} };
};

export const topicHandlers: Record<string, Handler> = {
  "v2.topics.list": v2Topics,
  "v2.grounding": grounding,
  "v2.grounding.history": groundingHistory,
  "v2.topics.report": v2Report,
  "v3.topics.list": v3Topics,
  "v3.topics.get": v3TopicGet,
  "v3.reports.get": v3Report,
};
