// mids intel get <id>: detail with cluster composition; on a terminal the composition is drawn as
// percentage bars under the fields (spec 2.4; v3 ASSUMED.v3IntelShape).
import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
import { reportHistory } from "../../client/history.js";
import { printItem, type View } from "../../output/render.js";
import { renderBars } from "../../output/bars.js";
import { writeAsync } from "../../io.js";
import { checkData } from "../shared/validate.js";
import { queryFromFlags } from "../projects/query.js";

const composition = (v: unknown): string =>
  Array.isArray(v) ? v.map((c: { name?: string; percentage?: number }) => `${c.name} ${c.percentage}%`).join(", ") : "";

const list = (v: unknown): string => (Array.isArray(v) ? String(v.length) : "");

export const INTEL_DETAIL_V3: View = {
  columns: [
    { path: "id" }, { path: "headline" }, { path: "grade" }, { path: "projectName", header: "project" }, { path: "projectId", header: "project id" },
    { path: "category" }, { path: "detectedAt", header: "detected" }, { path: "reinforcedAt", header: "reinforced" },
    { path: "clusterComposition", header: "composition", format: composition }, { path: "citations" }, { path: "description" },
  ],
};

export const INTEL_DETAIL_V2: View = {
  columns: [
    { path: "id" }, { path: "headline" }, { path: "projectName", header: "project" }, { path: "projectId", header: "project id" },
    { path: "category" }, { path: "detectedAt", header: "detected" }, { path: "reinforcedAt", header: "reinforced" },
    { path: "observationCount", header: "observations" }, { path: "sentiment" }, { path: "hasOfficialSource", header: "official source" },
    { path: "officialSourceUrl", header: "official url" }, { path: "clusterComposition", header: "composition", format: composition },
    { path: "activity", header: "activity entries", format: list }, { path: "citations" }, { path: "description" },
  ],
};

export async function run(id: string, flags: { activity?: string }, ctx: Context): Promise<void> {
  const v2 = ctx.globals.api === "v2";
  const routeId = v2 ? "v2.intel.get" : "v3.intel.get";
  if (!v2 && flags.activity) throw new UsageError("--activity is v2 only (add --api v2)");
  const q = v2 ? queryFromFlags(routeId, flags, ["activity"], ctx.now()) : {};
  const res = await (await ctx.client()).call(routeId, { pathParams: { id }, query: q });
  const data = (await checkData(routeId, res.data)) as { detectedAt?: string; clusterComposition?: { name: string; percentage: number }[] };
  // the item's activity reaches back to its detection: warn when that is before the window
  const detected = data.detectedAt ? new Date(data.detectedAt) : undefined;
  reportHistory(ctx, res, { start: detected && !Number.isNaN(detected.getTime()) ? detected : undefined }, "Activity before the window start was left out.");
  const tty = ctx.globals.output === "table" && ctx.io.stdoutIsTTY && !ctx.globals.fields;
  const view = v2 ? INTEL_DETAIL_V2 : INTEL_DETAIL_V3;
  await printItem(ctx, data, tty ? { columns: view.columns.filter((c) => c.path !== "clusterComposition") } : view);
  if (tty && Array.isArray(data.clusterComposition) && data.clusterComposition.length) {
    const width = Math.max(20, Math.min(ctx.io.columns || 80, 120));
    await writeAsync(ctx.io.stdout, "\nCluster composition\n" + renderBars(data.clusterComposition.map((c) => ({ label: c.name, percentage: c.percentage })), { width, color: ctx.globals.color }).join("\n") + "\n");
  }
}
