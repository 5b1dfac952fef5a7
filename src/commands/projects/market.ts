// v2-only market routes removed in v3 (spec 9.5): metrics snapshots, price candles, chains.
// They always use v2 and say so (deprecation notice naming the v3 replacement, if any).
import type { Context } from "../../context.js";
import { printItem, printList, type View } from "../../output/render.js";
import { checkData } from "../shared/validate.js";
import { queryFromFlags } from "./query.js";
import { autoView, num, v2OnlyNotice, v2ProjectId } from "./views.js";
import { upgradeNotice } from "../topics/run.js";

const METRICS_VIEW: View = {
  columns: [
    { path: "projectName", header: "project" }, { path: "projectId", header: "id" },
    { path: "metrics.usd", header: "price usd" }, { path: "metrics.usdMarketCap", header: "market cap usd" },
    { path: "metrics.usd24hVol", header: "24h volume usd" }, { path: "metrics.usd24hChange", header: "24h change %", format: num(2) },
    { path: "metrics.high24h", header: "24h high" }, { path: "metrics.low24h", header: "24h low" },
    { path: "metrics.athUsd", header: "ath usd" }, { path: "metrics.athDate", header: "ath date" },
    { path: "metrics.athChangePct", header: "from ath %", format: num(2) },
    { path: "metrics.priceChange7d", header: "7d change %", format: num(2) },
    { path: "metrics.priceChange14d", header: "14d change %", format: num(2) },
    { path: "metrics.priceChange30d", header: "30d change %", format: num(2) },
    { path: "metrics.lastUpdatedAt", header: "last updated", format: (v) => (typeof v === "number" ? new Date(v * (v < 1e12 ? 1000 : 1)).toISOString() : "") },
  ],
};

export async function metrics(id: string, flags: { at?: string }, ctx: Context): Promise<void> {
  const routeId = "v2.projects.metrics";
  const q = queryFromFlags(routeId, flags, ["at"], ctx.now());
  v2OnlyNotice(ctx, routeId);
  const res = await (await ctx.client()).call(routeId, { pathParams: { id: await v2ProjectId(ctx, id) }, query: q });
  await printItem(ctx, await checkData(routeId, res.data), METRICS_VIEW);
}

const CANDLE_COLUMNS: readonly string[] = ["timestamp", "open", "high", "low", "close", "volume"];

/** assumed: the candle payload is not shown (spec 4.1); accept an array, or an object holding one. */
export function candleItems(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && typeof data === "object") {
    const arr = Object.values(data as Record<string, unknown>).find(Array.isArray);
    if (arr) return arr as unknown[];
  }
  return [];
}

export async function candles(id: string, ctx: Context): Promise<void> {
  const routeId = "v2.projects.candles";
  v2OnlyNotice(ctx, routeId);
  const res = await (await ctx.client()).call(routeId, { pathParams: { id: await v2ProjectId(ctx, id) } });
  const items = candleItems(res.data);
  const first = (items[0] ?? {}) as Record<string, unknown>;
  const known = CANDLE_COLUMNS.filter((c) => c in first);
  await printList(ctx, [items], known.length >= 4 ? { columns: known.map((path) => ({ path })) } : autoView(items));
}

export async function chains(ctx: Context): Promise<void> {
  const routeId = "v2.projects.chains";
  v2OnlyNotice(ctx, routeId);
  const res = await (await ctx.client()).call(routeId);
  upgradeNotice(ctx, res.meta);
  const items = Array.isArray(res.data) ? res.data : [];
  await printList(ctx, [items], autoView(items));
}
