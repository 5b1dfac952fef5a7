// mids alerts update <id> (spec 3, 4.2): a partial update with only the given fields.
import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
import { checkJqFilter, printItem } from "../../output/render.js";
import { oneLine } from "../../util/sanitize.js";
import { checkData } from "../shared/validate.js";
import { buildUpdateBody, thresholdNotice, unknownDestinations, type UpdateFlags } from "./body.js";
import { checkAlertId } from "./ids.js";
import { checkTransition, patchAlert, plannedPatch, printPlanned, v3Only } from "./common.js";
import { alertView } from "./view.js";

export interface UpdateOptions extends UpdateFlags {
  id: string;
  dryRun?: boolean;
}

export async function run(opts: UpdateOptions, ctx: Context): Promise<void> {
  v3Only(ctx);
  const id = checkAlertId(opts.id, true);
  const body = buildUpdateBody(opts);
  const unknownThreshold = thresholdNotice(opts.threshold);
  if (unknownThreshold) ctx.notice(unknownThreshold, "threshold:unknown");
  if (opts.dryRun) {
    await printPlanned(ctx, [plannedPatch(id, body)], false);
    return;
  }
  // no PATCH is sent with a --jq that cannot print its answer
  await checkJqFilter(ctx);
  const client = await ctx.client();
  if (Array.isArray(body.destinationIds)) {
    // checked first, so the error names exactly the unknown ids instead of a generic invalid_request
    const res = await client.call("v3.alerts.destinations");
    const known = ((await checkData("v3.alerts.destinations", res.data)) as { id: string }[]).map((d) => d.id);
    const unknown = unknownDestinations(body.destinationIds as string[], known);
    if (unknown.length) {
      throw new UsageError(`unknown destination id${unknown.length === 1 ? "" : "s"}: ${unknown.map(oneLine).join(", ")}`, {
        hint: "list yours with 'mids alerts destinations'; destinations are added in product settings",
      });
    }
  }
  const alert = await patchAlert(client, id, body);
  // what the server answered is printed either way: other fields may have changed with it
  await printItem(ctx, alert, alertView(alert));
  checkTransition(body.status, id, alert);
}
