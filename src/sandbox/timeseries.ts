// Series routes: v2 momentum and rank (spec 2.6), v3 series/{measure} (ASSUMED.v3SeriesShape).
import { ASSUMED } from "../contract/assumed.js";
import { DAY, HOUR, type Project } from "./data.js";
import { invalid, iso, readableFrom, type Ctx, type Handler } from "./http.js";
import { archiveStart, v2Lookup, v3Lookup } from "./projects.js";
import { hash01 } from "./rand.js";
import { hoursBetween, rankAt, ROSTER_SIZE, TREND_MODEL, trendAt, valueHour } from "./series.js";

interface Window { from: number; to: number; hours: number[] }

/** Resolve a window; without an explicit start, only data inside the readable window (spec 8.2). */
function window(ctx: Ctx, startName: string, endName: string, atMs?: number): Window {
  let to = (ctx.q[endName] as number | undefined) ?? atMs ?? ctx.nowMs;
  if (atMs !== undefined) to = Math.min(to, atMs);
  to = Math.min(to, ctx.nowMs);
  const explicit = ctx.q[startName] as number | undefined;
  const earliest = explicit !== undefined ? archiveStart(ctx.world.ds) : readableFrom(ctx, archiveStart(ctx.world.ds));
  // the route table holds the default window (spec 4.1: 7 days before end/at)
  const days = typeof ctx.route.defaultWindowDays === "number" ? ctx.route.defaultWindowDays : 7;
  // spec 8.2: without an explicit start only data inside the window is returned, even none
  if (explicit === undefined && earliest > to) return { from: to, to, hours: [] };
  const from = explicit ?? Math.max(to - days * DAY, earliest);
  if (from > to) throw invalid([startName, endName], `\`${startName}\` must not be after \`${endName}\``);
  return { from, to, hours: hoursBetween(from, to, earliest) };
}

function momentumClusters(ctx: Ctx, p: Project, h: number) {
  const ids = [...new Set(p.intel.flatMap((x) => x.clusterIds))].slice(0, 3);
  return ids.map((id, k) => ({ id, name: ctx.world.ds.clusterById.get(id)?.name ?? id, count: 1 + Math.floor(hash01(p.index, valueHour(ctx.world.ds, h), k, 31) * 5) }));
}

const momentum: Handler = (ctx) => {
  const p = v2Lookup(ctx);
  const w = window(ctx, "start", "end", ctx.q.at as number | undefined);
  const withClusters = ctx.q[ASSUMED.momentumClusterFlag] !== "false";
  const data = w.hours.map((h) => ({
    timestamp: iso(h * HOUR), trendScore: trendAt(ctx.world.ds, p.index, h), ...(withClusters ? { clusters: momentumClusters(ctx, p, h) } : {}),
  }));
  return { data: { projectId: p.id, projectName: p.name, data } };
};

const rank: Handler = (ctx) => {
  const p = v2Lookup(ctx);
  const w = window(ctx, "start", "end", ctx.q.at as number | undefined);
  const data = w.hours.filter((h) => rankAt(ctx.world.ds, p.index, h) <= ROSTER_SIZE)
    .map((h) => ({ timestamp: iso(h * HOUR), rank: rankAt(ctx.world.ds, p.index, h), trendScore: trendAt(ctx.world.ds, p.index, h) }));
  return { data: { projectId: p.id, projectName: p.name, data } };
};

const v3Series: Handler = (ctx) => {
  const p = v3Lookup(ctx);
  const measure = ctx.pathParams.measure;
  const w = window(ctx, "from", "to");
  const points = measure === "rank"
    ? w.hours.filter((h) => rankAt(ctx.world.ds, p.index, h) <= ROSTER_SIZE).map((h) => ({ timestamp: iso(h * HOUR), value: rankAt(ctx.world.ds, p.index, h) }))
    : w.hours.map((h) => ({ timestamp: iso(h * HOUR), value: trendAt(ctx.world.ds, p.index, h) }));
  return {
    data: { projectId: p.id, slug: p.slug, name: p.name, measure, from: iso(w.from), to: iso(w.to), points },
    meta: { versions: { trendModel: TREND_MODEL } },
  };
};

export const seriesHandlers: Record<string, Handler> = {
  "v2.projects.momentum": momentum,
  "v2.projects.rank": rank,
  "v3.projects.series": v3Series,
};
