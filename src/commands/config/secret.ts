// Read a secret from stdin: without echo on a terminal (raw mode, line editing by hand), else the
// whole input (a file or pipe: `< key.txt`, `printenv KEY |`).
import type { Context } from "../../context.js";
import { InterruptedError, UsageError } from "../../errors.js";
import { inCI } from "../../io.js";
import { readStdinBytes } from "../shared/stdin.js";

/** A key is a line of text: past this, stdin is not a key (`< /dev/zero`, the wrong file). */
const MAX_SECRET_BYTES = 64 * 1024;

interface RawStdin extends NodeJS.ReadableStream { setRawMode?(mode: boolean): unknown }

/**
 * A key file's text: UTF-8, or UTF-16 with its byte order mark (what Windows PowerShell's
 * 'echo KEY > key.txt' writes), which read as UTF-8 is a key with NULs in it, refused as such.
 */
export function decodeSecret(b: Buffer): string {
  if (b[0] === 0xff && b[1] === 0xfe) return b.subarray(2).toString("utf16le");
  // (a last odd byte is no character: left out, as utf16le decoding leaves it)
  if (b[0] === 0xfe && b[1] === 0xff) return Buffer.from(b.subarray(2, b.length - (b.length % 2))).swap16().toString("utf16le");
  return b.toString("utf8");
}

export async function readSecret(ctx: Context, prompt: string): Promise<string> {
  const stdin = ctx.io.stdin as RawStdin;
  if (!ctx.io.stdinIsTTY || typeof stdin.setRawMode !== "function") return decodeSecret(await readStdinBytes(ctx, MAX_SECRET_BYTES, "pipe the key alone, e.g. mids config set api-key - < key.txt"));
  // in CI no one answers a prompt: a runner that gives the job a terminal would wait at it until the job's timeout
  if (inCI(ctx.io.env)) {
    throw new UsageError("no prompt in CI (CI is set), and stdin is a terminal: nothing to read the key from", {
      hint: "pass it on stdin (mids config set api-key - < key.txt, or printenv MIDS_API_KEY | mids config set api-key -), or set MIDS_API_KEY for the job instead",
    });
  }
  stdin.setRawMode(true);
  ctx.io.stderr.write(prompt);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise<string>((resolve, reject) => {
    let buf = "";
    const finish = (err?: Error) => {
      stdin.off("data", onData);
      ctx.signal.removeEventListener("abort", onAbort);
      stdin.setRawMode!(false);
      stdin.pause();
      ctx.io.stderr.write("\n");
      if (err) reject(err);
      else resolve(buf);
    };
    const onAbort = () => finish(new InterruptedError("interrupted"));
    const onData = (chunk: string | Buffer) => {
      for (const ch of String(chunk)) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return finish();
        // raw mode turns Ctrl-C into a character: it still means stop
        if (ch === "\u0003") return finish(new InterruptedError("interrupted"));
        if (ch === "\u007f" || ch === "\b") buf = buf.slice(0, -1);
        else if (ch === "\u0015") buf = "";
        else buf += ch;
      }
    };
    ctx.signal.addEventListener("abort", onAbort, { once: true });
    stdin.on("data", onData);
  });
}
