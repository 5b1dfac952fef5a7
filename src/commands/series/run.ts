// mids series trend|rank <idOrSlug>: the v3 series route with a from/to window; with --api v2 or
// --at, the v2 momentum/rank routes (from/to sent as start/end). On a TTY the table view is a
// chart above a summary; -o json/ndjson/csv/yaml give the points.
import type { Context } from "../../context.js";
import { ASSUMED } from "../../contract/assumed.js";
import { UsageError } from "../../errors.js";
import { clampStart, defaultWindowMs, historyCall, reportHistory } from "../../client/history.js";
import { printList, type View } from "../../output/render.js";
import { renderChart, renderSummary, summarize, type Point } from "../../output/chart.js";
import { stripControl } from "../../output/sanitize.js";
import { writeAsync } from "../../io.js";
import { checkData } from "../shared/validate.js";
import { queryFromFlags, type Query } from "../projects/query.js";
import { aliasNotice, v2ProjectId } from "../projects/views.js";

export type Measure = "trend" | "rank";

export interface SeriesFlags {
  from?: string;
  to?: string;
  start?: string;
  end?: string;
  at?: string;
  clusters?: boolean;
  clamp?: boolean;
}

interface Series {
  name: string;
  points: Point[];
  /** the items printed by -o json/csv: the route's own points */
  raw: unknown[];
}

const VIEWS: Record<string, View> = {
  v3: { columns: [{ path: "timestamp" }, { path: "value" }] },
  "v2.projects.momentum": { columns: [{ path: "timestamp" }, { path: "trendScore", header: "trend score" }, { path: "clusters", format: (v) => (Array.isArray(v) ? v.map((c: { name?: string; count?: number }) => `${c.name}:${c.count}`).join(", ") : "") }] },
  "v2.projects.rank": { columns: [{ path: "timestamp" }, { path: "rank" }, { path: "trendScore", header: "trend score" }] },
};

function pickFlag(a: string | undefined, b: string | undefined, names: string): string | undefined {
  if (a !== undefined && b !== undefined && a !== b) throw new UsageError(`${names} are aliases; pass one of them`);
  return a ?? b;
}

export async function run(measure: string, locator: string, flags: SeriesFlags, ctx: Context): Promise<void> {
  if (measure !== "trend" && measure !== "rank") throw new UsageError(`measure must be trend or rank (got '${measure}')`);
  const from = pickFlag(flags.from, flags.start, "--from and --start");
  const to = pickFlag(flags.to, flags.end, "--to and --end");
  const v2 = ctx.globals.api === "v2" || flags.at !== undefined;
  const routeId = v2 ? (measure === "trend" ? "v2.projects.momentum" : "v2.projects.rank") : "v3.projects.series";
  if (flags.clusters !== undefined && routeId !== "v2.projects.momentum") {
    throw new UsageError("--clusters/--no-clusters apply to the v2 trend (momentum) series only", { hint: "add --api v2 and use 'series trend'" });
  }
  const now = ctx.now();
  // v3 names the window from/to; v2 start/end: the route table maps one to the other
  const q: Query = queryFromFlags(routeId, { from, to, at: flags.at }, v2 ? ["from", "to", "at"] : ["from", "to"], now, { from: "--from", to: "--to" });
  const startName = v2 ? "start" : "from";
  const endName = v2 ? "end" : "to";
  if (typeof q[startName] === "string" && typeof q[endName] === "string" && q[startName]! > q[endName]!) {
    throw new UsageError(`--from (${q[startName]}) is after --to (${q[endName]})`);
  }
  if (flags.clusters !== undefined) q[ASSUMED.momentumClusterFlag] = String(flags.clusters);
  if (flags.clamp) {
    for (const [name, flag] of [[startName, "--from"], ["at", "--at"]] as const) {
      if (typeof q[name] === "string") q[name] = (await clampStart(ctx, flag, new Date(q[name] as string))).toISOString();
    }
  }
  const client = await ctx.client();
  const pathParams: Record<string, string> = v2 ? { id: await v2ProjectId(ctx, locator) } : { idOrSlug: locator, measure };
  const startFlag = q[startName] ? "--from" : q.at ? "--at" : undefined;
  const res = await historyCall(ctx, startFlag, () => client.call(routeId, { pathParams, query: q }));
  const data = await checkData(routeId, res.data);
  const series = normalize(routeId, data);
  if (!v2) aliasNotice(ctx, locator, data);
  const end = typeof q[endName] === "string" ? new Date(q[endName] as string) : typeof q.at === "string" ? new Date(q.at) : undefined;
  const start = typeof q[startName] === "string" ? new Date(q[startName] as string) : undefined;
  const s = summarize(series.points);
  const returned = s.first && s.last ? `Returned ${s.count} points from ${s.first.timestamp} to ${s.last.timestamp}.` : "No points were returned.";
  reportHistory(ctx, res, { start, end, defaultMs: defaultWindowMs(routeId) }, returned);

  if (ctx.globals.output === "table" && ctx.io.stdoutIsTTY && !ctx.globals.fields) {
    const invert = measure === "rank";
    const digits = invert ? 0 : 2;
    const width = Math.max(20, Math.min(ctx.io.columns || 80, 160));
    const lines = [
      `${stripControl(series.name)} · ${measure}${invert ? " (1 is best)" : ""}`,
      ...renderChart(series.points, { width, height: 12, invert, digits, integer: invert }),
      "",
      ...renderSummary(s, { digits, invert, label: measure }),
    ];
    await writeAsync(ctx.io.stdout, lines.join("\n") + "\n");
    return;
  }
  await printList(ctx, [series.raw], v2 ? VIEWS[routeId] : VIEWS.v3);
}

/** One point list whatever the route: v3 points {timestamp, value}; v2 data[] with trendScore or rank. */
export function normalize(routeId: string, data: unknown): Series {
  const d = (data ?? {}) as Record<string, unknown>;
  const name = String(d.name ?? d.projectName ?? d.slug ?? d.projectId ?? "");
  if (routeId === "v3.projects.series") {
    const raw = Array.isArray(d.points) ? (d.points as { timestamp: string; value: number }[]) : [];
    // a point without a number is a gap in the chart, not a point to skip over
    return { name, raw, points: raw.filter((p) => p && typeof p.timestamp === "string").map((p) => ({ timestamp: p.timestamp, value: typeof p.value === "number" ? p.value : null })) };
  }
  const key = routeId === "v2.projects.rank" ? "rank" : "trendScore";
  const raw = Array.isArray(d.data) ? (d.data as Record<string, unknown>[]) : [];
  return { name, raw, points: raw.filter((p) => p && p.timestamp !== undefined).map((p) => ({ timestamp: String(p.timestamp), value: typeof p[key] === "number" ? (p[key] as number) : null })) };
}
