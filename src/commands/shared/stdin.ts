import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
import { DEFAULT_MAX_BODY_BYTES } from "../../client/body.js";
import { formatBytes } from "../../util/bytes.js";

/**
 * Read all of stdin as UTF-8, refused past `max` bytes (exit 2) with `hint`: an endless pipe
 * (`yes |`, `< /dev/zero`) is read no further, never held in memory until the process dies.
 */
export async function readStdin(ctx: Context, max = DEFAULT_MAX_BODY_BYTES, hint = "pipe less in"): Promise<string> {
  return (await readStdinBytes(ctx, max, hint)).toString("utf8");
}

/** All of stdin's bytes, with readStdin's cap. */
export async function readStdinBytes(ctx: Context, max = DEFAULT_MAX_BODY_BYTES, hint = "pipe less in"): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const c of ctx.io.stdin) {
    const b = typeof c === "string" ? Buffer.from(c) : (c as Buffer);
    if ((bytes += b.length) > max) throw new UsageError(`stdin holds more than ${formatBytes(max)}: not read further`, { hint });
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}
