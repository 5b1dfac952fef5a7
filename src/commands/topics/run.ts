// Topics (spec 4.1, 4.2): the ranked list (v3 keyless; v2 snapshot), one v3 topic with stance and
// report reference, and the v2 Frontier Report of a topic, rendered readably on a terminal.
import { backToV3 } from "../shared/api-version.js";
import type { Context } from "../../context.js";
import { route } from "../../contract/routes.js";
import { UsageError } from "../../errors.js";
import { reportHistory } from "../../client/history.js";
import { printItem, printList, type View } from "../../output/render.js";
import { checkData } from "../shared/validate.js";
import { v2OnlyNotice } from "../projects/views.js";
import { printReport } from "../reports/run.js";
import { listItems, printAssumedList, shapeFields, withExtras } from "../shared/tolerant.js";
import { noteAssumed } from "../shared/validate.js";
import { assumedShape } from "../../contract/shapes/assumed.js";

// the name is what a row is about: on a narrow terminal it is cut, and left out last (at 40
// columns the list showed RANK and ID alone)
export const TOPIC_VIEW_V3: View = {
  columns: [
    // the report's title repeats the topic's name (`Frontier Report: <name>`): `topics get` shows it
    { path: "rank" }, { path: "name", primary: true }, { path: "score" }, { path: "stance" }, { path: "id" },
  ],
};

export const TOPIC_VIEW_V2: View = {
  columns: [
    { path: "rank" }, { path: "name", primary: true }, { path: "score" }, { path: "tweetCount", header: "tweets 24h" },
    { path: "authorCount", header: "authors" }, { path: "lastSeenAt", header: "last seen" }, { path: "id" },
  ],
};

const TOPIC_DETAIL: View = {
  columns: [
    { path: "id" }, { path: "name" }, { path: "rank" }, { path: "score" }, { path: "stance" }, { path: "summary" },
    { path: "report.id", header: "report id" }, { path: "report.title", header: "report title" },
    { path: "report.publishedAt", header: "report published" }, { path: "lastSeenAt", header: "last seen" },
  ],
};

/** v2 answers a snapshot {completedAt, ..., topics[]} (the route's listIn); v3 a list. */
function topicItems(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  const t = (data as Record<string, unknown> | null)?.[route("v2.topics.list").listIn!];
  return Array.isArray(t) ? t : [];
}

export async function list(ctx: Context): Promise<void> {
  const v2 = ctx.globals.api === "v2";
  const routeId = v2 ? "v2.topics.list" : "v3.topics.list";
  const res = await (await ctx.client()).call(routeId);
  reportHistory(ctx, res, {});
  upgradeNotice(ctx, res.meta);
  if (v2) {
    // an answer without its list of topics is no empty list: said, so "no topics matched" or a
    // printed [] is not taken for an hour without narratives
    const { method, path } = route(routeId);
    const listIn = route(routeId).listIn!;
    const held = Array.isArray(res.data) ? res.data : (res.data as Record<string, unknown> | null)?.[listIn];
    if (!Array.isArray(held)) {
      const what = held === undefined ? "missing" : held === null ? "null" : `a ${typeof held}`;
      ctx.notice(`${method} ${path} answered without its list of topics (data.${listIn} is ${what}); shown as an empty list ('mids api ${path}' shows the raw body)`, "v2-topics-list");
    }
    await printList(ctx, [topicItems(res.data)], TOPIC_VIEW_V2);
    return;
  }
  // an assumed shape (ASSUMED.v3TopicShape): fields it does not place become extra columns
  noteAssumed(ctx, routeId, res.data);
  const items = listItems(res.data, ["topics"]).items;
  await printAssumedList(ctx, res.data, withExtras(TOPIC_VIEW_V3, items, shapeFields(assumedShape(routeId)?.shape), 3, true), { names: ["topics"], routeId });
}

/** Keyless v2 responses carry meta.upgrade (spec 2.1): pass it on once. */
export function upgradeNotice(ctx: Context, meta: Record<string, unknown>): void {
  const u = meta.upgrade as { description?: unknown; url?: unknown } | undefined;
  if (u && typeof u.description === "string") ctx.notice(`${u.description}${typeof u.url === "string" ? ` (${u.url})` : ""}`, "upgrade");
}

export async function get(id: string, ctx: Context): Promise<void> {
  if (ctx.globals.api === "v2") {
    throw new UsageError(`topic detail is v3 only (${backToV3(ctx)})`, { hint: "v2 lists topics with 'mids topics list --api v2' and reports with 'mids topics report'" });
  }
  const res = await (await ctx.client()).call("v3.topics.get", { pathParams: { id } });
  // stance and the report reference are documented (spec 4.2): held strictly; the rest is assumed
  await checkData("v3.topics.get", res.data, ctx);
  await printItem(ctx, res.data, withExtras(TOPIC_DETAIL, [res.data], new Set()));
}

export async function report(id: string, ctx: Context): Promise<void> {
  const routeId = "v2.topics.report";
  const pattern = route(routeId).pathPatterns?.id;
  if (pattern && !pattern.test(id)) {
    // a report id (rep_...) is the natural mistake here: the v3 command reads it
    const hint = /^rep_[a-f0-9]{1,64}$/.test(id)
      ? `'${id}' is a report id; read it with mids reports get ${id}`
      : "take the id from 'mids topics list' (topic_ followed by 20 hex characters)";
    throw new UsageError(`topic id '${id}' does not match ${pattern.source}`, { hint });
  }
  v2OnlyNotice(ctx, routeId);
  const res = await (await ctx.client()).call(routeId, { pathParams: { id } });
  await printReport(ctx, await checkData(routeId, res.data));
}
