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
import { CATEGORY, PROJECT_ID, PROJECT_NAME } from "./list.js";
import { firstOf, shapeFields, withExtras } from "../shared/tolerant.js";
import { assumedShape } from "../../contract/shapes/assumed.js";

const composition = (_v: unknown, row: unknown): string => findComposition(row).map((c) => `${c.label} ${c.percentage}%`).join(", ");

const NAME_KEYS: readonly string[] = ["name", "label", "title", "cluster.name", "cluster", "id", "cluster.id"];
const SHARE_KEYS: readonly string[] = ["percentage", "percent", "pct", "share", "weight", "ratio", "value"];

/**
 * The cluster composition of an intel item wherever it is: \`clusterComposition\`, or any list of
 * the item (or of an object in it) whose entries carry a name and a number share. A share of at
 * most 1 in every entry is read as a fraction.
 */
export function findComposition(item: unknown): { label: string; percentage: number }[] {
  if (!item || typeof item !== "object" || Array.isArray(item)) return [];
  const o = item as Record<string, unknown>;
  const named = ["clusterComposition", "composition", "clusters"];
  const lists = [...named.map((k) => o[k]), ...Object.values(o), ...Object.values(o).flatMap((v) => (v && typeof v === "object" && !Array.isArray(v) ? Object.values(v) : []))]
    .filter((v): v is unknown[] => Array.isArray(v) && v.length > 0);
  for (const list of lists) {
    const entries = list.map((e) => {
      const label = firstOf(e, NAME_KEYS);
      const share = firstOf(e, SHARE_KEYS);
      return typeof label === "string" && typeof share === "number" ? { label, percentage: share } : undefined;
    });
    if (entries.every((e) => e !== undefined)) {
      const fraction = entries.every((e) => e!.percentage <= 1) && entries.reduce((a, e) => a + e!.percentage, 0) <= 1.0001;
      return entries.map((e) => ({ label: e!.label, percentage: fraction ? Math.round(e!.percentage * 1000) / 10 : e!.percentage }));
    }
  }
  return [];
}

const list = (v: unknown): string => (Array.isArray(v) ? String(v.length) : "");

export const INTEL_DETAIL_V3: View = {
  columns: [
    { path: "id" }, { path: "headline" }, { path: "grade" }, PROJECT_NAME, PROJECT_ID, CATEGORY,
    { path: "detectedAt", header: "detected" }, { path: "reinforcedAt", header: "reinforced" },
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
  const data = (await checkData(routeId, res.data, ctx)) as { detectedAt?: string };
  // the item's activity reaches back to its detection: warn when that is before the window
  const detected = data.detectedAt ? new Date(data.detectedAt) : undefined;
  reportHistory(ctx, res, { start: detected && !Number.isNaN(detected.getTime()) ? detected : undefined }, "Activity before the window start was left out.");
  const tty = ctx.globals.output === "table" && ctx.io.stdoutIsTTY && !ctx.globals.fields;
  // v3: what the assumption does not place (a renamed or added field) is a row of its own
  const view = v2 ? INTEL_DETAIL_V2 : withExtras(INTEL_DETAIL_V3, [data], new Set([...shapeFields(assumedShape(routeId)?.shape), "project", "composition"]));
  await printItem(ctx, data, tty ? { columns: view.columns.filter((c) => c.path !== "clusterComposition") } : view);
  const comp = findComposition(data);
  if (tty && comp.length) {
    const width = Math.max(20, Math.min(ctx.io.columns || 80, 120));
    await writeAsync(ctx.io.stdout, "\nCluster composition\n" + renderBars(comp, { width, color: ctx.globals.color }).join("\n") + "\n");
  }
}
