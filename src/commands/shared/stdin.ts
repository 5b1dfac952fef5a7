import type { Context } from "../../context.js";
import { InterruptedError, UsageError } from "../../errors.js";
import { DEFAULT_MAX_BODY_BYTES } from "../../client/body.js";
import { formatBytes } from "../../util/bytes.js";

/**
 * Read all of stdin as UTF-8, refused past `max` bytes (exit 2) with `hint`: an endless pipe
 * (`yes |`, `< /dev/zero`) is read no further, never held in memory until the process dies.
 */
export async function readStdin(ctx: Context, max = DEFAULT_MAX_BODY_BYTES, hint = "pipe less in"): Promise<string> {
  return (await readStdinBytes(ctx, max, hint)).toString("utf8");
}

/**
 * stdin's chunks to its end, or until the run is stopped: bin's Ctrl-C or SIGTERM only aborts the
 * run's signal, so a read of a terminal (`mids recipes validate -` typed, waiting for input) or of a
 * pipe that never ends held the run until Ctrl-D, the interrupt ignored. Stopping early (a cap
 * reached) closes stdin, as a for-await loop's break does.
 */
export async function* stdinChunks(ctx: Pick<Context, "io" | "signal">): AsyncGenerator<Buffer> {
  const it = (ctx.io.stdin as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  let onAbort = () => undefined as void;
  const stopped = new Promise<never>((_, reject) => {
    onAbort = () => reject(new InterruptedError("interrupted while reading stdin"));
    if (ctx.signal.aborted) onAbort();
    else ctx.signal.addEventListener("abort", onAbort, { once: true });
  });
  stopped.catch(() => undefined);
  let ended = false;
  try {
    for (;;) {
      const r = await Promise.race([it.next(), stopped]);
      if (r.done) { ended = true; return; }
      yield typeof r.value === "string" ? Buffer.from(r.value) : r.value;
    }
  } finally {
    ctx.signal.removeEventListener("abort", onAbort);
    if (!ended) void it.return?.();
  }
}

/** All of stdin's bytes, with readStdin's cap. */
export async function readStdinBytes(ctx: Context, max = DEFAULT_MAX_BODY_BYTES, hint = "pipe less in"): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const b of stdinChunks(ctx)) {
    if ((bytes += b.length) > max) throw new UsageError(`stdin holds more than ${formatBytes(max)}: not read further`, { hint });
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}
