// mids projects related <idOrSlug>: v3 `relatedProjects` of the detail (spec 2.11); --api v2:
// the neighbors route with --since and --limit (spec 2.7, 4.1).
import type { Context } from "../../context.js";
import { clampStart, defaultWindowMs, historyCall, reportHistory } from "../../client/history.js";
import { printList } from "../../output/render.js";
import { checkData } from "../shared/validate.js";
import { UsageError } from "../../errors.js";
import { parseDurationMs } from "../../util/time.js";
import { queryFromFlags } from "./query.js";
import { aliasNotice, NEIGHBOR_VIEW_V2, RELATED_VIEW_V3, v2ProjectId } from "./views.js";

export interface RelatedFlags {
  since?: string;
  limit?: string;
  clamp?: boolean;
}

const HOUR_MS = 3_600_000;

export async function run(locator: string, flags: RelatedFlags, ctx: Context): Promise<void> {
  const client = await ctx.client();
  if (ctx.globals.api !== "v2") {
    if (flags.since || flags.limit) {
      throw new UsageError("--since and --limit belong to the v2 neighbors route (add --api v2)", {
        hint: "v3 returns a bounded relatedProjects list on the project detail",
      });
    }
    const res = await client.call("v3.projects.get", { pathParams: { idOrSlug: locator } });
    const data = (await checkData("v3.projects.get", res.data)) as { relatedProjects?: unknown[] };
    aliasNotice(ctx, locator, data);
    reportHistory(ctx, res, {});
    await printList(ctx, [data.relatedProjects ?? []], RELATED_VIEW_V3);
    return;
  }
  const routeId = "v2.projects.neighbors";
  const q = queryFromFlags(routeId, flags as Record<string, unknown>, ["since", "limit"], ctx.now());
  const now = ctx.now();
  let start = typeof q.since === "string" ? new Date(now.getTime() - parseDurationMs(q.since, "d")!) : undefined;
  if (flags.clamp && start) {
    const moved = await clampStart(ctx, "--since", start);
    if (moved.getTime() !== start.getTime()) {
      // `since` is a relative window: shrink it to whole hours inside the readable window
      const hours = Math.max(1, Math.floor((now.getTime() - moved.getTime()) / HOUR_MS));
      q.since = `${hours}h`;
      start = new Date(now.getTime() - hours * HOUR_MS);
    }
  }
  const id = await v2ProjectId(ctx, locator);
  const res = await historyCall(ctx, q.since ? "--since" : undefined, () => client.call(routeId, { pathParams: { id }, query: q }));
  const data = (await checkData(routeId, res.data)) as unknown[];
  reportHistory(ctx, res, { start, defaultMs: defaultWindowMs(routeId) }, `Neighbors were computed from ${res.history?.earliestAvailableAt ?? "the window start"} on.`);
  await printList(ctx, [data], NEIGHBOR_VIEW_V2);
}
