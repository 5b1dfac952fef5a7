// mids clusters list: the cluster record's fields are not shown (spec 2.17); columns follow the data.
import type { Context } from "../../context.js";
import { printList } from "../../output/render.js";
import { autoView } from "../projects/views.js";

export async function list(ctx: Context): Promise<void> {
  const routeId = ctx.globals.api === "v2" ? "v2.clusters" : "v3.clusters.list";
  const res = await (await ctx.client()).call(routeId);
  const items = Array.isArray(res.data) ? res.data : [];
  await printList(ctx, [items], autoView(items, 5, [{ path: "id" }, { path: "name" }]));
}
