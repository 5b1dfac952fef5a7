// Project routes: v2 list/detail/neighbors/metrics/candles (spec 2.3-2.7) and v3 list/detail (spec 2.11).
import { ASSUMED } from "../contract/assumed.js";
import { CATEGORY_ALIASES, EVM_CHAINS } from "./catalog.js";
import { ARCHIVE_DAYS, DAY, findProject, reinforcedAtOf, type Dataset, type Project } from "./data.js";
import { ApiFail, iso, notFound, readableFrom, type Ctx, type Handler } from "./http.js";
import { cursorPage, v2Page } from "./paging.js";
import { hash01, round } from "./rand.js";
import { hourOf, metricsAt, priceAt, RELATIONS_MODEL, TREND_MODEL, trendAt, valueHour } from "./series.js";
import { coMentions, v2Project, v3Project, type ActivityMode } from "./shapes.js";

export const archiveStart = (ds: Dataset): number => ds.anchor - ARCHIVE_DAYS * DAY;
const lower = (xs: unknown) => new Set((xs as string[]).map((s) => s.replace(/^@/, "").toLowerCase()));

/** v2 locates projects by object id only; anything else is the generic 404 (spec 9.5). */
export function v2Lookup(ctx: Ctx): Project {
  const p = ctx.world.ds.byId.get(ctx.pathParams.id);
  if (!p) throw notFound("project", ctx.pathParams.id);
  return p;
}

/** v3 locates by canonical id or slug; aliases resolve; merged projects are not_current (spec 2.11, 7.1). */
export function v3Lookup(ctx: Ctx): Project {
  const loc = ctx.pathParams.idOrSlug;
  const r = findProject(ctx.world.ds, loc);
  if (!r) throw notFound("project", loc);
  if ("retired" in r) {
    const into = ctx.world.ds.projects[r.retired.mergedInto];
    throw new ApiFail("not_current", `project ${loc} was merged into ${into.slug} and is no longer current`, {
      subject: { type: "project", locator: loc }, successor: { id: into.id, slug: into.slug },
    });
  }
  return r.project;
}

const v2List: Handler = (ctx) => {
  const { ds } = ctx.world;
  const q = ctx.q;
  const h = hourOf(ctx.nowMs);
  let items = ds.projects.filter((p) => p.universe === ASSUMED.v2ProjectsUniverse);
  if (q.projectIds) { const s = new Set(q.projectIds as string[]); items = items.filter((p) => s.has(p.id)); }
  if (q.names) { const s = lower(q.names); items = items.filter((p) => s.has(p.name.toLowerCase())); }
  if (q.xHandles) { const s = lower(q.xHandles); items = items.filter((p) => s.has(p.xHandle.toLowerCase())); }
  if (q.tickers) { const s = lower(q.tickers); items = items.filter((p) => s.has(p.symbol.toLowerCase())); }
  if (q.chain) { const c = String(q.chain).toLowerCase(); items = items.filter((p) => p.assets.some((a) => a.chain === c)); }
  if (q.categories) {
    const s = new Set((q.categories as string[]).map((c) => CATEGORY_ALIASES[c.toLowerCase()] ?? c.toLowerCase()));
    items = items.filter((p) => p.categories.some((c) => s.has(c)));
  }
  if (q.minMarketCap !== undefined || q.maxMarketCap !== undefined) {
    const lo = (q.minMarketCap as number | undefined) ?? -Infinity;
    const hi = (q.maxMarketCap as number | undefined) ?? Infinity;
    items = items.filter((p) => { const mc = metricsAt(ds, p, h).usdMarketCap; return mc > 0 && mc >= lo && mc <= hi; });
  }
  const ranked = [...items].sort((a, b) => trendAt(ds, b.index, h) - trendAt(ds, a.index, h) || a.index - b.index);
  const { slice, pagination } = v2Page(ctx, ranked);
  const fromMs = readableFrom(ctx, archiveStart(ds));
  return { data: slice.map((p) => v2Project(ds, p, ctx.nowMs, { sortBy: "reinforcedAt", activity: "all", fromMs })), pagination };
};

const v2Get: Handler = (ctx) => {
  const p = v2Lookup(ctx);
  const fromMs = readableFrom(ctx, archiveStart(ctx.world.ds));
  return {
    data: v2Project(ctx.world.ds, p, ctx.nowMs, {
      atMs: ctx.q.at as number | undefined, sortBy: String(ctx.q.intelSortBy), activity: ctx.q.intelActivity as ActivityMode, fromMs,
    }),
  };
};

const v2Neighbors: Handler = (ctx) => {
  const p = v2Lookup(ctx);
  const { ds } = ctx.world;
  const from = Math.max(ctx.nowMs - (ctx.q.since as number), readableFrom(ctx, archiveStart(ds)));
  const rows = coMentions(ds, p, from, ctx.nowMs).slice(0, ctx.q.limit as number);
  return {
    data: rows.map(([j, e]) => ({ projectId: ds.projects[j].id, projectName: ds.projects[j].name, joiningSignals: e.shared, joiningReinforcements: e.reinforcements })),
  };
};

const v2Metrics: Handler = (ctx) => {
  const p = v2Lookup(ctx);
  const at = ctx.q.at as number | undefined;
  // spec 4.1: with `at`, the latest stored row at or before `at` (rows are hourly, inside the 2-hour lookback)
  const h = hourOf(at ?? ctx.nowMs);
  return { data: { projectId: p.id, projectName: p.name, metrics: metricsAt(ctx.world.ds, p, h) } };
};

const v2Candles: Handler = (ctx) => {
  const p = v2Lookup(ctx);
  const day = Math.floor(ctx.nowMs / DAY);
  const now = hourOf(ctx.nowMs);
  const data = [];
  for (let d = day - 29; d <= day; d++) {
    // each day's candle spans the 24 hours up to this hour of that day: today's closes at the
    // current price, and the values are the same whatever the hour the server started at
    const end = now - (day - d) * 24;
    const open = priceAt(ctx.world.ds, p, end - 23), close = priceAt(ctx.world.ds, p, end);
    const spread = 0.02 * hash01(p.index, valueHour(ctx.world.ds, end), 21);
    data.push({
      timestamp: iso(d * DAY), open, high: round(Math.max(open, close) * (1 + spread), 6), low: round(Math.min(open, close) * (1 - spread), 6),
      close, volume: Math.round(close * p.supply * 0.03 * (0.5 + hash01(p.index, valueHour(ctx.world.ds, end), 22))),
    });
  }
  return { data: { projectId: p.id, projectName: p.name, interval: "1d", candles: data } };
};

function v3Filter(ctx: Ctx): Project[] {
  const { ds } = ctx.world;
  const q = ctx.q;
  const h = hourOf(ctx.nowMs);
  let items = ds.projects.filter((p) => p.universe === q.universe);
  if (q.ids) { const s = new Set(q.ids as string[]); items = items.filter((p) => s.has(p.id)); }
  if (q.slugs) {
    const s = new Set((q.slugs as string[]).map((x) => ds.bySlug.get(x.toLowerCase())?.index).filter((i) => i !== undefined));
    items = items.filter((p) => s.has(p.index));
  }
  if (q.names) { const s = lower(q.names); items = items.filter((p) => s.has(p.name.toLowerCase())); }
  if (q.handles) { const s = lower(q.handles); items = items.filter((p) => s.has(p.xHandle.toLowerCase())); }
  if (q.tickers) { const s = lower(q.tickers); items = items.filter((p) => s.has(p.symbol.toLowerCase())); }
  if (q.categories) { const s = lower(q.categories); items = items.filter((p) => p.categories.some((c) => s.has(c))); }
  if (q.chain) { const c = String(q.chain).toLowerCase(); items = items.filter((p) => p.assets.some((a) => a.chain === c)); }
  if (q.address) {
    const addr = String(q.address);
    items = items.filter((p) => p.assets.some((a) => (EVM_CHAINS.has(a.chain) ? a.address.toLowerCase() === addr.toLowerCase() : a.address === addr)));
  }
  if (q.assetTypes) { const s = lower(q.assetTypes); items = items.filter((p) => p.assets.some((a) => s.has(a.type))); }
  if (q.minTrend !== undefined) items = items.filter((p) => trendAt(ds, p.index, h) >= (q.minTrend as number));
  const key: (p: Project) => number = q.sort === "createdAt" ? (p) => p.createdAt : q.sort === "reinforcedAt" ? reinforcedAtOf : (p) => trendAt(ds, p.index, h);
  return [...items].sort((a, b) => key(b) - key(a) || a.index - b.index);
}

const v3List: Handler = (ctx) => {
  const { slice, nextCursor } = cursorPage(ctx, v3Filter(ctx));
  const fromMs = readableFrom(ctx, archiveStart(ctx.world.ds));
  return {
    data: slice.map((p) => v3Project(ctx.world.ds, p, ctx.nowMs, fromMs)),
    meta: { nextCursor, versions: { trendModel: TREND_MODEL } },
  };
};

const v3Get: Handler = (ctx) => {
  const p = v3Lookup(ctx);
  const fromMs = readableFrom(ctx, archiveStart(ctx.world.ds));
  return { data: v3Project(ctx.world.ds, p, ctx.nowMs, fromMs, true), meta: { versions: { trendModel: TREND_MODEL, relations: RELATIONS_MODEL } } };
};

export const projectHandlers: Record<string, Handler> = {
  "v2.projects.list": v2List,
  "v2.projects.get": v2Get,
  "v2.projects.neighbors": v2Neighbors,
  "v2.projects.metrics": v2Metrics,
  "v2.projects.candles": v2Candles,
  "v3.projects.list": v3List,
  "v3.projects.get": v3Get,
};

