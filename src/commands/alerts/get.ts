// mids alerts get <id> (spec 2.15; read path assumed: ASSUMED.alertReadPath).
import type { Context } from "../../context.js";
import { printItem } from "../../output/render.js";
import { getAlert, v3Only } from "./common.js";
import { checkAlertId } from "./ids.js";
import { alertView } from "./view.js";

export async function run(opts: { id: string }, ctx: Context): Promise<void> {
  v3Only(ctx);
  const client = await ctx.client();
  const alert = await getAlert(client, checkAlertId(opts.id, true));
  await printItem(ctx, alert, alertView(alert));
}
