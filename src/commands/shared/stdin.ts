import type { Context } from "../../context.js";

/** Read all of stdin as UTF-8. */
export async function readStdin(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of ctx.io.stdin) chunks.push(typeof c === "string" ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
