// mids series trend|rank <idOrSlug>: the v3 series route with a from/to window; with --api v2 or
// --at, the v2 momentum/rank routes (from/to sent as start/end). On a TTY the table view is a
// chart above a summary; -o json/ndjson/csv/yaml give the points.
import type { Context } from "../../context.js";
import { ASSUMED } from "../../contract/assumed.js";
import { SERIES_MEASURES } from "../../contract/routes.js";
import { checkChoice } from "../../util/flag-values.js";
import { UsageError } from "../../errors.js";
import { clampWindow, defaultWindowMs, historyCall, reportHistory, windowEnd } from "../../client/history.js";
import { printList, type View } from "../../output/render.js";
import { renderChart, renderSummary, summarize, type Point } from "../../output/chart.js";
import { stripControl } from "../../util/sanitize.js";
import { writeAsync } from "../../io.js";
import { checkData } from "../shared/validate.js";
import { firstOf, withExtras } from "../shared/tolerant.js";
import { cellText } from "../../output/fields.js";
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
  /** the items of `raw` that `points` were read from, in step with them, when some items carry no time mids can read */
  timed?: unknown[];
}

const VIEWS: Record<string, View> = {
  v3: { columns: [{ path: "timestamp" }, { path: "value" }] },
  "v2.projects.momentum": { columns: [{ path: "timestamp" }, { path: "trendScore", header: "trend score" }, { path: "clusters", format: (v) => (Array.isArray(v) ? v.map((c: { name?: string; count?: number }) => `${c.name}:${c.count}`).join(", ") : "") }] },
  "v2.projects.rank": { columns: [{ path: "timestamp" }, { path: "rank" }, { path: "trendScore", header: "trend score" }] },
};

function pickFlag(a: string | undefined, b: string | undefined, names: string): string | undefined {
  if (a !== undefined && b !== undefined && a !== b) throw new UsageError(`${names} are aliases; pass one of them`, { hint: `keep one of ${names}, with the value you mean` });
  return a ?? b;
}

export async function run(measure: string, locator: string, flags: SeriesFlags, ctx: Context): Promise<void> {
  checkChoice("measure", measure, SERIES_MEASURES);
  const from = pickFlag(flags.from, flags.start, "--from and --start");
  const to = pickFlag(flags.to, flags.end, "--to and --end");
  // --at selects the v2 routes, unless v3 was asked for on this command line: then say so rather
  // than answer with another version's route and point shape
  if (flags.at !== undefined && ctx.globals.api === "v3" && ctx.globals.sources?.api?.kind === "flag") {
    throw new UsageError("--at is v2 only (v3 removed historical reads), but --api v3 was given", {
      hint: "drop --api v3 to read the v2 series up to --at, or give the v3 window with --from/--to",
    });
  }
  const v2 = ctx.globals.api === "v2" || flags.at !== undefined;
  const routeId = v2 ? (measure === "trend" ? "v2.projects.momentum" : "v2.projects.rank") : "v3.projects.series";
  if (flags.clusters !== undefined && routeId !== "v2.projects.momentum") {
    // the fix depends on what is wrong: the measure (rank has no breakdown) or the version (v3 trend)
    throw new UsageError("--clusters/--no-clusters apply to the v2 trend (momentum) series only", {
      hint: measure === "rank" ? "the rank series has no cluster breakdown: leave the flag out" : "add --api v2 (the v3 trend series has no cluster breakdown)",
    });
  }
  const now = ctx.now();
  // v3 names the window from/to; v2 start/end: the route table maps one to the other
  const q: Query = queryFromFlags(routeId, { from, to, at: flags.at }, v2 ? ["from", "to", "at"] : ["from", "to"], now, { from: "--from", to: "--to" });
  const startName = v2 ? "start" : "from";
  const endName = v2 ? "end" : "to";
  if (typeof q[startName] === "string" && typeof q[endName] === "string" && q[startName]! > q[endName]!) {
    // the window's ends given the wrong way round (ages count back: --from 7d is before --to 1d)
    throw new UsageError(`--from (${q[startName]}) is after --to (${q[endName]})`, {
      hint: from !== undefined && to !== undefined
        ? `--from is the window's start and --to its end: swap them, --from ${to} --to ${from}`
        : "--from is the window's start and --to its end: give a --from before --to",
    });
  }
  if (flags.clusters !== undefined) q[ASSUMED.momentumClusterFlag] = String(flags.clusters);
  if (flags.clamp) {
    // the start moves; the end (--to, or v2's --at, a ceiling for it) stays where it was put
    const moved = await clampWindow(ctx, {
      start: typeof q[startName] === "string" ? new Date(q[startName] as string) : undefined, startFlag: "--from",
      ...windowEnd(q, [[endName, "--to"], ["at", "--at"]]), defaultMs: defaultWindowMs(routeId),
    });
    if (moved) q[startName] = moved.toISOString();
  }
  const client = await ctx.client();
  const pathParams: Record<string, string> = v2 ? { id: await v2ProjectId(ctx, locator) } : { idOrSlug: locator, measure };
  const startFlag = q[startName] ? "--from" : q.at ? "--at" : undefined;
  const res = await historyCall(ctx, startFlag, () => client.call(routeId, { pathParams, query: q }));
  const data = await checkData(routeId, res.data, ctx);
  const series = normalize(routeId, data, measure);
  if (!series.name) series.name = locator;
  if (series.timed) {
    const left = series.raw.length - series.timed.length;
    ctx.notice(`${left} of the ${series.raw.length} points of the answer ${left === 1 ? "carries" : "carry"} no time mids can read: left out of the chart and the table (-o json prints every point as received)`, "series:untimed");
  }
  if (!v2) aliasNotice(ctx, locator, data);
  const end = typeof q[endName] === "string" ? new Date(q[endName] as string) : typeof q.at === "string" ? new Date(q.at) : undefined;
  const start = typeof q[startName] === "string" ? new Date(q[startName] as string) : undefined;
  // a window given (--from, --to, --at): an empty series "matched" nothing in it
  const filtered = start !== undefined || end !== undefined;
  const s = summarize(series.points);
  const returned = s.first && s.last ? `Returned ${s.count} point${s.count === 1 ? "" : "s"} from ${s.first.timestamp} to ${s.last.timestamp}.` : "No points were returned.";
  reportHistory(ctx, res, { start, end, explicit: end !== undefined, defaultMs: defaultWindowMs(routeId) }, returned);

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
  if (v2 || ctx.globals.output === "json" || ctx.globals.output === "ndjson" || ctx.globals.output === "yaml" || ctx.globals.jq !== undefined) {
    // the route's own points, as received
    await printList(ctx, [series.raw], { ...(v2 ? VIEWS[routeId] : VIEWS.v3), filtered });
    return;
  }
  // table and csv: each point's time and number wherever the point holds them, then what else it carries
  // (a value that is no number, such as one too large for a double kept as its text (1e400), is
  // shown as it came, under whichever value key the point holds it, never left empty)
  const valueKeys = [...VALUE_KEYS.slice(0, 1), measure, ...VALUE_KEYS.slice(1)];
  const rows = (series.timed ?? series.raw).map((item, i) => {
    const own = item && typeof item === "object" && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    const value = series.points[i]?.value ?? valueKeys.map((k) => own[k]).find((v) => v !== undefined && v !== null);
    return { ...own, timestamp: series.points[i]?.timestamp, value };
  });
  await printList(ctx, [rows], { ...withExtras(VIEWS.v3, series.timed ?? series.raw, new Set(series.keys), 4), filtered });
}

const TIME_KEYS: readonly string[] = ["timestamp", "time", "t", "at", "date", "ts", "hour", "datetime"];
const VALUE_KEYS: readonly string[] = ["value", "v", "y", "score"];
const isTime = (v: unknown): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v));

/** A number the client kept as its text (client/body.ts: past a double's range, or an integer it would round). */
const keptNumber = (v: unknown): boolean => typeof v === "string" && /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(v);

/** The time and the number of one point: an object with a time field and a number field, or a [time, number] pair. */
function pointOf(item: unknown, valueKeys: readonly string[]): { point: Point; keys: string[] } | undefined {
  if (Array.isArray(item)) {
    const t = item.find(isTime);
    const n = item.find((x) => typeof x === "number");
    return t === undefined ? undefined : { point: { timestamp: t, value: typeof n === "number" ? n : null }, keys: [] };
  }
  if (!item || typeof item !== "object") return undefined;
  const o = item as Record<string, unknown>;
  const tk = TIME_KEYS.find((k) => isTime(o[k])) ?? Object.keys(o).find((k) => isTime(o[k]));
  if (tk === undefined) return undefined;
  // a named value first (`null` there is a gap; a number too large for a double, kept as its text,
  // is that key's value too: before, a rank of 23 digits fell through to the point's trend, shown
  // under VALUE of a rank series), else the only other number
  const named = valueKeys.find((k) => k in o && (typeof o[k] === "number" || o[k] === null || keptNumber(o[k])));
  const vk = named ?? Object.keys(o).find((k) => k !== tk && typeof o[k] === "number");
  return { point: { timestamp: o[tk] as string, value: vk !== undefined && typeof o[vk] === "number" ? (o[vk] as number) : null }, keys: [tk, ...(vk ? [vk] : [])] };
}

/**
 * The list of points in an answer, wherever it is: `points`, `data`, any list of the object or of
 * an object inside it (two levels), or the answer itself. A list counts when its items carry a time.
 */
export function findPoints(data: unknown, measure: string): { raw: unknown[]; points: Point[]; keys: string[]; timed?: unknown[] } {
  const valueKeys = [...VALUE_KEYS.slice(0, 1), measure, ...VALUE_KEYS.slice(1)];
  const lists: unknown[][] = [];
  const visit = (v: unknown, depth: number) => {
    if (Array.isArray(v)) { lists.push(v); return; }
    if (!v || typeof v !== "object" || depth > 2) return;
    const o = v as Record<string, unknown>;
    for (const k of ["points", "data", "series", "values", "items"]) if (Array.isArray(o[k])) lists.push(o[k] as unknown[]);
    for (const x of Object.values(o)) if (Array.isArray(x)) lists.push(x);
    for (const x of Object.values(o)) if (x && typeof x === "object" && !Array.isArray(x)) visit(x, depth + 1);
  };
  visit(data, 0);
  // the first list of timed items that carries a number; else the first list of timed items (all gaps);
  // else the first list some of whose items are timed points (a server's point without a time, or
  // with one no date holds, is left out of the chart and the table, not the whole series)
  let gaps: { raw: unknown[]; points: Point[]; keys: string[] } | undefined;
  let partly: { raw: unknown[]; points: Point[]; keys: string[]; timed: unknown[] } | undefined;
  for (const list of lists) {
    const parsed = list.map((x) => pointOf(x, valueKeys));
    if (!list.length) continue;
    if (!parsed.every((p) => p !== undefined)) {
      const kept = list.flatMap((item, i) => (parsed[i] ? [{ item, p: parsed[i] }] : []));
      if (!partly && kept.some((k) => k.p.point.value !== null)) {
        partly = { raw: list, points: kept.map((k) => k.p.point), keys: [...new Set(kept.flatMap((k) => k.p.keys))], timed: kept.map((k) => k.item) };
      }
      continue;
    }
    const found = { raw: list, points: parsed.map((p) => p!.point), keys: [...new Set(parsed.flatMap((p) => p!.keys))] };
    if (found.points.some((p) => p.value !== null)) return found;
    gaps ??= found;
  }
  if (gaps) return gaps;
  if (partly) return partly;
  // an empty list where points would be
  return { raw: lists.find((l) => l.length === 0) ?? [], points: [], keys: [] };
}

/** One point list whatever the route: the v3 points wherever they are (an assumed shape); v2 data[] with trendScore or rank. */
export function normalize(routeId: string, data: unknown, measure = "trend"): Series & { keys: string[] } {
  const d = (data ?? {}) as Record<string, unknown>;
  // the first of these that is text; else the first as any cell shows it (an object as JSON, never "[object Object]")
  const names = ["name", "projectName", "project.name", "slug", "project.slug", "projectId", "project.id"].map((p) => firstOf(d, [p])).filter((v) => v !== undefined);
  const name = cellText(names.find((v) => typeof v === "string" || typeof v === "number") ?? names[0]);
  if (routeId === "v3.projects.series") return { name, ...findPoints(data, measure) };
  const key = routeId === "v2.projects.rank" ? "rank" : "trendScore";
  const raw = Array.isArray(d.data) ? (d.data as Record<string, unknown>[]) : [];
  return { name, raw, keys: ["timestamp", key], points: raw.filter((p) => p && p.timestamp !== undefined).map((p) => ({ timestamp: String(p.timestamp), value: typeof p[key] === "number" ? (p[key] as number) : null })) };
}
