// The deprecated v2 grounding aliases (spec 4.1): the current/`at` snapshot and snapshot history.
// The client prints their deprecation notice (Deprecation/Link headers, route table).
import type { Context } from "../../context.js";
import { clampStart, clampWindow, defaultWindowMs, historyCall, reportHistory, windowEnd } from "../../client/history.js";
import { printList, printWrapped, type View } from "../../output/render.js";
import { cellText } from "../../output/fields.js";
import { runList } from "../shared/list.js";
import { pagingQuery, type PagingFlags } from "../shared/options.js";
import { checkData } from "../shared/validate.js";
import { maxLimit, queryFromFlags } from "../projects/query.js";
import { TOPIC_VIEW_V2, upgradeNotice } from "../topics/run.js";

const SNAPSHOT_VIEW: View = {
  columns: [
    { path: "completedAt", header: "completed" }, { path: "windowStartedAt", header: "window start" },
    { path: "latestEvidenceAt", header: "latest evidence" },
    // a page departing from its shape is printed as received (list pages are not refused): a topic
    // that is no object, or a name that is no string, is shown as any cell is, never a crash
    { path: "topics", header: "top topics", format: (v) => (Array.isArray(v) ? v.slice(0, 3).map((t) => cellText(t && typeof t === "object" && !Array.isArray(t) ? (t as { name?: unknown }).name : t)).join("; ") : cellText(v)) },
  ],
};

export async function current(flags: { at?: string; clamp?: boolean }, ctx: Context): Promise<void> {
  const routeId = "v2.grounding";
  const q = queryFromFlags(routeId, flags, ["at"], ctx.now());
  if (flags.clamp && typeof q.at === "string") q.at = (await clampStart(ctx, "--at", new Date(q.at))).toISOString();
  const client = await ctx.client();
  const res = await historyCall(ctx, q.at ? "--at" : undefined, () => client.call(routeId, { query: q }));
  const data = (await checkData(routeId, res.data)) as { topics?: unknown[] } & Record<string, unknown>;
  reportHistory(ctx, res, { start: typeof q.at === "string" ? new Date(q.at) : undefined });
  upgradeNotice(ctx, res.meta);
  if (ctx.globals.output === "table" || ctx.globals.output === "csv" || ctx.globals.output === "ndjson") {
    await printList(ctx, [data.topics ?? []], TOPIC_VIEW_V2);
    return;
  }
  // json/yaml: the whole snapshot; --fields names topic fields in every format
  await printWrapped(ctx, data, "topics");
}

export async function history(flags: PagingFlags & { from?: string; to?: string; at?: string; clamp?: boolean }, ctx: Context): Promise<void> {
  const routeId = "v2.grounding.history";
  const p = pagingQuery(flags, maxLimit(routeId));
  const q = queryFromFlags(routeId, flags, ["from", "to", "at"], ctx.now());
  if (flags.clamp) {
    // a --from before the window moves to its start; an end (--to, or --at above it) before the
    // window is refused (exit 6), as nothing would be left to read
    const moved = await clampWindow(ctx, { start: typeof q.from === "string" ? new Date(q.from) : undefined, startFlag: "--from", ...windowEnd(q, [["to", "--to"], ["at", "--at"]]) });
    if (moved) q.from = moved.toISOString();
  }
  const window = {
    start: typeof q.from === "string" ? new Date(q.from) : undefined,
    explicit: typeof q.to === "string" || typeof q.at === "string",
    defaultMs: defaultWindowMs(routeId),
  };
  await historyCall(ctx, q.from ? "--from" : undefined, () =>
    runList(ctx, routeId, { query: { ...q, page: p.page, limit: p.limit } }, SNAPSHOT_VIEW, {
      all: p.all, maxItems: p.maxItems,
      onPage: (res) => reportHistory(ctx, res, window, "Only snapshots inside the window were returned."),
    }));
}
