// Pieces every recipes subcommand shares: the discontinuation notice and stdin with a size cap.
import type { Context } from "../../context.js";
import { decodeRecipe } from "../../recipes/decode.js";
import { MAX_RECIPE_BYTES } from "../../recipes/parse.js";
import { discontinuedNotice } from "./discontinued.js";
import { stdinChunks } from "../shared/stdin.js";

/** Once per run (spec 9): recipes are v2-only and gone in v3; the notice names the command run. */
export function noticeDiscontinued(ctx: Context, command: string): void {
  const s = ctx.globals.sources?.api;
  const from = s?.kind === "flag" ? "--api" : s?.kind === "env" ? s.name : s?.kind === "profile" ? `the api setting of profile ${s.name}` : s?.kind === "file" ? "the api setting in the config file" : undefined;
  ctx.notice(discontinuedNotice(command, from), "recipes-discontinued");
}

/** Read stdin, stopping once it is over the recipe limit (the caller refuses it by its size). */
export async function readStdinCapped(ctx: Context): Promise<{ text: string; bytes: number; invalidAt?: number }> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const b of stdinChunks(ctx)) {
    chunks.push(b);
    bytes += b.length;
    if (bytes > MAX_RECIPE_BYTES) break;
  }
  // read as a file is (src/recipes/decode): UTF-8, or UTF-16/32 by its byte order mark
  return { ...decodeRecipe(Buffer.concat(chunks)), bytes };
}
