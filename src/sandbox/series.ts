// Hourly trend and rank computed from a hash of (project, hour); never stored (spec 2.6).
import { hash01, round } from "./rand.js";
import { DAY, HOUR, PROJECT_COUNT, type Dataset, type Project } from "./data.js";

export const TREND_MODEL = "trend-2026.3";
export const RELATIONS_MODEL = "co-mention-1";
export const ROSTER_SIZE = 100;

export const hourOf = (ms: number): number => Math.floor(ms / HOUR);

const BASE = Float64Array.from({ length: PROJECT_COUNT }, (_, p) => 90 * hash01(p, 1) ** 3 + 4);
const PERIOD = Float64Array.from({ length: PROJECT_COUNT }, (_, p) => 24 * (3 + Math.floor(hash01(p, 2) * 11)));
const PHASE = Float64Array.from({ length: PROJECT_COUNT }, (_, p) => hash01(p, 3) * 6.283);

/**
 * The hour values are made from: hours since the dataset's anchor (the hour the server started),
 * not since the epoch. So trend, rank, prices and topic scores are the same on every run, as ids
 * and names are (docs/sandbox.md, "Data notes"), while timestamps (`h` itself) move with the clock.
 */
export const valueHour = (ds: Dataset, h: number): number => h - ds.anchor / HOUR;

/** Trend score 0..100 of project `p` at value hour `v`. */
function trendOf(p: number, v: number): number {
  const wave = 7 * Math.sin((2 * Math.PI * v) / PERIOD[p] + PHASE[p]);
  const noise = 3 * (hash01(p, v, 4) - 0.5);
  return round(Math.min(100, Math.max(0, BASE[p] + wave + noise)), 2);
}

/** Trend score 0..100 of project `p` at hour index `h` (hours since the epoch). */
export const trendAt = (ds: Dataset, p: number, h: number): number => trendOf(p, valueHour(ds, h));

/** Rows a dataset keeps of each table (enough for the whole archive); past them the oldest goes. */
const MAX_TREND_ROWS = 6000;

/** `make()` kept in `rows` under hour `h`, the oldest row dropped past MAX_TREND_ROWS. */
function rowAt<T>(rows: Map<number, T>, h: number, make: () => T): T {
  let row = rows.get(h);
  if (row) return row;
  row = make();
  if (rows.size >= MAX_TREND_ROWS) rows.delete(rows.keys().next().value as number);
  rows.set(h, row);
  return row;
}

/** Every project's trend at hour `h`, kept with the dataset. */
function trendsAt(ds: Dataset, h: number): Float64Array {
  return rowAt(ds.derived.trendRows, h, () => {
    const row = new Float64Array(PROJECT_COUNT);
    const v = valueHour(ds, h);
    for (let p = 0; p < PROJECT_COUNT; p++) row[p] = trendOf(p, v);
    return row;
  });
}

/**
 * Every project's rank (1-based) at hour `h`: higher trend first, ties by index. One sort per hour:
 * a v2 project's momentum context asks for several hundred hours' ranks, and counting the
 * projects above one project for each of them made a v2 page of 50 cost about 0.4 s.
 */
function ranksAt(ds: Dataset, h: number): Uint16Array {
  return rowAt(ds.derived.rankRows, h, () => {
    const trend = trendsAt(ds, h);
    const order = Array.from({ length: PROJECT_COUNT }, (_, p) => p).sort((a, b) => trend[b] - trend[a] || a - b);
    const ranks = new Uint16Array(PROJECT_COUNT);
    order.forEach((p, i) => (ranks[p] = i + 1));
    return ranks;
  });
}

/** Rank (1-based) of project `p` at hour `h`: higher trend first, ties by index. The roster is the top ROSTER_SIZE (spec 8.5). */
export const rankAt = (ds: Dataset, p: number, h: number): number => ranksAt(ds, h)[p];

/** Hours from `fromMs` to `toMs` inclusive, oldest first, capped to `earliestMs`. */
export function hoursBetween(fromMs: number, toMs: number, earliestMs: number): number[] {
  const out: number[] = [];
  for (let h = Math.ceil(Math.max(fromMs, earliestMs) / HOUR); h * HOUR <= toMs; h++) out.push(h);
  return out;
}

export interface Metrics {
  usd: number; usdMarketCap: number; usd24hVol: number; usd24hChange: number; lastUpdatedAt: number;
  high24h: number; low24h: number; athUsd: number; athDate: string; athChangePct: number;
  priceChange7d: number; priceChange14d: number; priceChange30d: number;
}

/** Price of `p` at hour index `h` (hours since the epoch). */
export function priceAt(ds: Dataset, p: Project, h: number): number {
  const v = valueHour(ds, h);
  const drift = 0.25 * Math.sin((2 * Math.PI * v) / (24 * 37) + hash01(p.index, 9) * 6.283);
  const noise = 0.04 * (hash01(p.index, v, 10) - 0.5);
  return round(p.basePrice * (1 + drift + noise), 6);
}

const pct = (a: number, b: number) => (b === 0 ? 0 : round(((a - b) / b) * 100, 2));

/** Market metrics of a project at hour `h` (spec 2.5); derived changes from lookups 7/14/30 days back. */
export function metricsAt(ds: Dataset, p: Project, h: number): Metrics {
  const usd = priceAt(ds, p, h);
  const day = [0, 6, 12, 18, 23].map((k) => priceAt(ds, p, h - k));
  const ath = round(p.basePrice * (1.6 + hash01(p.index, 11)), 6);
  return {
    usd, usdMarketCap: p.hasMarketCap ? Math.round(usd * p.supply) : 0,
    usd24hVol: Math.round(usd * p.supply * 0.03 * (0.5 + hash01(p.index, valueHour(ds, h), 12))),
    usd24hChange: pct(usd, priceAt(ds, p, h - 24)), lastUpdatedAt: Math.floor((h * HOUR) / 1000),
    high24h: Math.max(...day), low24h: Math.min(...day), athUsd: ath,
    athDate: new Date(p.createdAt + Math.floor(hash01(p.index, 13) * 30) * DAY).toISOString(),
    athChangePct: pct(usd, ath), priceChange7d: pct(usd, priceAt(ds, p, h - 7 * 24)),
    priceChange14d: pct(usd, priceAt(ds, p, h - 14 * 24)), priceChange30d: pct(usd, priceAt(ds, p, h - 30 * 24)),
  };
}
