import { ASSUMED } from "../../contract/assumed.js";
import type { Context } from "../../context.js";
import { writeAsync } from "../../io.js";
import { printItem } from "../../output/render.js";
import { stripControl } from "../../util/sanitize.js";
import { noticeDiscontinued } from "./shared.js";
import { outputTyped } from "../../config.js";

// The raw YAML sits in ASSUMED.recipeDefinitionField; without it the record is printed as YAML.

export async function run(opts: { name: string }, ctx: Context): Promise<void> {
  noticeDiscontinued(ctx, "get");
  const client = await ctx.client();
  const res = await client.call("v2.recipes.get", { pathParams: { name: opts.name } });
  const data = res.data;
  // -o typed (or --jq, --fields) asks for the record; otherwise the YAML definition itself, also
  // under MIDS_OUTPUT or a stored output: 'recipes get NAME > NAME.yaml' round-trips in any job
  if (outputTyped(ctx.globals) || ctx.globals.fields) return printItem(ctx, data);
  const def = data && typeof data === "object" ? (data as Record<string, unknown>)[ASSUMED.recipeDefinitionField] : undefined;
  let text: string;
  if (typeof def === "string") text = def;
  else {
    const { stringify } = await import("yaml");
    text = stringify(def && typeof def === "object" ? def : data);
  }
  if (!text.endsWith("\n")) text += "\n";
  await writeAsync(ctx.io.stdout, ctx.io.stdoutIsTTY ? stripControl(text) : text);
}
