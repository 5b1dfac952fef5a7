// mids projects get <idOrSlug>: v3 detail (aliases resolve, said on stderr); --api v2: the v2
// detail with --at (historical state), --intel-sort-by and --intel-activity (spec 4.1, 4.2).
import type { Context } from "../../context.js";
import { clampStart, historyCall, reportHistory } from "../../client/history.js";
import { printItem } from "../../output/render.js";
import { checkData } from "../shared/validate.js";
import { queryFromFlags } from "./query.js";
import { aliasNotice, PROJECT_DETAIL_V2, PROJECT_DETAIL_V3, v2ProjectId } from "./views.js";
import { UsageError } from "../../errors.js";
import { oneLine } from "../../util/sanitize.js";

export interface GetFlags {
  at?: string;
  intelSortBy?: string;
  intelActivity?: string;
  clamp?: boolean;
}

export async function run(locator: string, flags: GetFlags, ctx: Context): Promise<void> {
  const client = await ctx.client();
  if (ctx.globals.api !== "v2") {
    // name the flag given, and the v3 way to what it asked for (spec 9.5)
    const given = ([["--at", flags.at], ["--intel-sort-by", flags.intelSortBy], ["--intel-activity", flags.intelActivity]] as const)
      .filter(([, v]) => v).map(([f]) => f);
    if (given.length) {
      throw new UsageError(`${given.join(" and ")} ${given.length === 1 ? "is" : "are"} v2 only (add --api v2)`, {
        hint: flags.at
          ? "v3 removed historical reads: use 'mids series trend|rank <project> --from T --to T'"
          : `the v3 detail carries an intel preview only; 'mids intel list --project ${oneLine(locator)}' lists the project's intel`,
      });
    }
    const res = await client.call("v3.projects.get", { pathParams: { idOrSlug: locator } });
    const data = await checkData("v3.projects.get", res.data);
    aliasNotice(ctx, locator, data);
    reportHistory(ctx, res, {});
    // spec 4.2, 9.4: the model versions come in meta.versions, not in data: the table shows them,
    // and csv and --fields read them through `value` (json keeps the detail as the server sent it)
    await printItem(ctx, data, { columns: [...PROJECT_DETAIL_V3.columns,
      { path: "versions.trendModel", header: "trend model", value: () => res.versions?.trendModel },
      { path: "versions.relations", header: "relations model", value: () => res.versions?.relations },
    ] });
    return;
  }
  const routeId = "v2.projects.get";
  const q = queryFromFlags(routeId, flags as Record<string, unknown>, ["at", "intelSortBy", "intelActivity"], ctx.now());
  if (flags.clamp && typeof q.at === "string") q.at = (await clampStart(ctx, "--at", new Date(q.at))).toISOString();
  const id = await v2ProjectId(ctx, locator);
  const res = await historyCall(ctx, q.at ? "--at" : undefined, () => client.call(routeId, { pathParams: { id }, query: q }));
  const data = await checkData(routeId, res.data);
  reportHistory(ctx, res, { start: typeof q.at === "string" ? new Date(q.at) : undefined });
  await printItem(ctx, data, PROJECT_DETAIL_V2);
}
