import type { Context } from "../../context.js";
import type { View } from "../../output/render.js";
import { runList } from "../shared/list.js";
import { noticeDiscontinued } from "./shared.js";

// spec 2.17: a recipe list entry's fields are not shown; these are the 2.10 `recipe` summary names
export const RECIPE_VIEW: View = {
  columns: [{ path: "name" }, { path: "version" }, { path: "stepCount", header: "steps" }, { path: "paramCount", header: "params" }, { path: "description" }],
};

export async function run(_opts: Record<string, never>, ctx: Context): Promise<void> {
  noticeDiscontinued(ctx, "list");
  await runList(ctx, "v2.recipes.list", {}, RECIPE_VIEW);
}
