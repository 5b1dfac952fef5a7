// mids alerts destinations (spec 2.14): read-only; destinations are managed in product settings.
import type { Context } from "../../context.js";
import { printList } from "../../output/render.js";
import { checkData } from "../shared/validate.js";
import { v3Only } from "./common.js";
import { DESTINATION_VIEW } from "./view.js";

export async function run(_opts: Record<string, never>, ctx: Context): Promise<void> {
  v3Only(ctx);
  const client = await ctx.client();
  const res = await client.call("v3.alerts.destinations");
  const data = (await checkData("v3.alerts.destinations", res.data)) as unknown[];
  await printList(ctx, [data], DESTINATION_VIEW);
}
