// mids projects list: v3 cursor list with every filter of spec 4.2; --api v2: page list (spec 4.1).
import { backToV3 } from "../shared/api-version.js";
import type { Context } from "../../context.js";
import { reportHistory } from "../../client/history.js";
import { runList } from "../shared/list.js";
import type { PagingFlags } from "../shared/options.js";
import { pagingFor, queryFromFlags } from "./query.js";
import { PROJECT_VIEW_V2, PROJECT_VIEW_V3 } from "./views.js";

export { PROJECT_VIEW_V2, PROJECT_VIEW_V3 };

/** Filter flags, named as the v3 parameters; v2 reads its own names through the route table. */
export const PROJECT_FILTERS = [
  "ids", "slugs", "names", "handles", "tickers", "categories", "chain", "address", "assetTypes", "universe", "minTrend", "sort",
  "minMarketCap", "maxMarketCap",
] as const;

export type ListFlags = PagingFlags & Partial<Record<(typeof PROJECT_FILTERS)[number], string>>;

export async function run(flags: ListFlags, ctx: Context): Promise<void> {
  const v2 = ctx.globals.api === "v2";
  const routeId = v2 ? "v2.projects.list" : "v3.projects.list";
  const p = pagingFor(routeId, flags);
  const query = { ...queryFromFlags(routeId, flags, PROJECT_FILTERS, ctx.now(), {}, backToV3(ctx)), ...p.query };
  await runList(ctx, routeId, { query }, v2 ? PROJECT_VIEW_V2 : PROJECT_VIEW_V3, {
    all: p.all, maxItems: p.maxItems,
    // a current-state list: no window of its own, but the enforcement notice still applies
    onPage: (res) => reportHistory(ctx, res, {}),
  });
}
