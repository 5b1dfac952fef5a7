// mids clusters list: the cluster record's fields are not shown (spec 2.17); columns follow the data.
import type { Context } from "../../context.js";
import { autoView } from "../projects/views.js";
import { listItems, printAssumedList, shapeFields } from "../shared/tolerant.js";
import { assumedShape } from "../../contract/shapes/assumed.js";
import { noteAssumed } from "../shared/validate.js";
import { upgradeNotice } from "../topics/run.js";

export async function list(ctx: Context): Promise<void> {
  const routeId = ctx.globals.api === "v2" ? "v2.clusters" : "v3.clusters.list";
  const res = await (await ctx.client()).call(routeId);
  noteAssumed(ctx, routeId, res.data);
  upgradeNotice(ctx, res.meta);
  // the list wherever the answer puts it; json and yaml print the answer as received
  const items = listItems(res.data, ["clusters"]).items;
  await printAssumedList(ctx, res.data, autoView(items, 5, [{ path: "id" }, { path: "name" }], shapeFields(assumedShape(routeId)?.shape)), { names: ["clusters"], routeId });
}
