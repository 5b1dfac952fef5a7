// Constant-memory line splitting over a byte stream. Lines that are not UTF-8, binary or longer
// than MAX_LINE_BYTES come out as `bad` with a reason instead of text, so the run goes on.
import { isAscii, isUtf8 } from "node:buffer";

export const MAX_LINE_BYTES = 256 * 1024;
const BLOCK = 64 * 1024;

export type LineSink = (line: string | null, lineNo: number, bad?: string) => void | Promise<void>;
/**
 * Optional handler tried first for each line of a decoded block free of control bytes, before
 * the line is sliced: text [start, end) (no CR/LF), the next line at `next`; `ascii`: the
 * block is ASCII. `false`: not handled, the line goes to the LineSink; `true` or a promise
 * (back-pressure): handled.
 */
export type BlockLineSink = (text: string, start: number, end: number, next: number, ascii: boolean) => boolean | Promise<void>;

// C0 controls other than tab/CR/LF, and DEL: a log line never has them; binary data does
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const SUSPECTS: readonly number[] = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x1b, 0x7f];
function hasControlBytes(b: Buffer): boolean {
  for (const c of SUSPECTS) if (b.indexOf(c) >= 0) return true;
  return false;
}

/**
 * The text splitLines hands a LineSink for the line b[start, nl) (`nl`: its newline), or null where
 * it hands on a bad line instead (not UTF-8, binary, too long): for a look at a line from outside
 * the sink (where a batch may be cut).
 */
export function lineTextAt(b: Uint8Array, start: number, nl: number): string | null {
  const end = nl > start && b[nl - 1] === 13 ? nl - 1 : nl;
  const bytes = Buffer.from(b.buffer, b.byteOffset + start, end - start);
  if (!isUtf8(bytes)) return null;
  const text = bytes.toString("utf8");
  return text.length > MAX_LINE_BYTES || BINARY.test(text) ? null : text;
}

/** `onBytes(n, lineNo)`: n more bytes read; lineNo lines were handed on before them. */
/** `startLine`: the lines of the input before this stream (a part of it: line numbers go on from there). */
export async function splitLines(stream: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, sink: LineSink, onBytes?: (n: number, lineNo: number) => void, fast?: BlockLineSink, startLine = 0): Promise<void> {
  let carry: Buffer | undefined;
  let lineNo = startLine;
  let skipping = false; // inside an over-long line: drop bytes until its newline
  let checkBinary = true; // false while inside a block already known to be free of control bytes
  const emit = (text: string | null, bad?: string): void | Promise<void> => {
    lineNo++;
    if (checkBinary && text !== null && BINARY.test(text)) return sink(null, lineNo, "binary data (control bytes)");
    return sink(text, lineNo, bad);
  };
  /** The complete lines of a block (it ends with a newline). */
  const lines = async (block: Buffer): Promise<void> => {
    if (isUtf8(block)) {
      // fast path: decode the whole block once and split the string
      const text = block.toString("utf8");
      // control bytes are rare: a native scan for the usual suspects decides whether to test each line
      checkBinary = hasControlBytes(block);
      const first = fast && !checkBinary ? fast : undefined;
      const ascii = first ? isAscii(block) : false;
      let pos = 0;
      while (pos < text.length) {
        const nl = text.indexOf("\n", pos);
        const end = nl > pos && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
        let r: boolean | void | Promise<void> = first && end - pos <= MAX_LINE_BYTES ? first(text, pos, end, nl + 1, ascii) : false;
        if (r === false) {
          const line = text.slice(pos, end);
          r = line.length > MAX_LINE_BYTES ? emit(null, `line longer than ${MAX_LINE_BYTES / 1024} KiB`) : emit(line);
        } else lineNo++;
        pos = nl + 1;
        if (r && r !== true) await r;
      }
      checkBinary = true;
      return;
    }
    let pos = 0;
    while (pos < block.length) {
      const nl = block.indexOf(10, pos);
      let end = nl;
      if (end > pos && block[end - 1] === 13) end--;
      const bytes = block.subarray(pos, end);
      pos = nl + 1;
      const r = bytes.length > MAX_LINE_BYTES ? emit(null, `line longer than ${MAX_LINE_BYTES / 1024} KiB`)
        : isUtf8(bytes) ? emit(bytes.toString("utf8")) : emit(null, "not valid UTF-8");
      if (r) await r;
    }
  };
  for await (const raw0 of stream) {
    const whole = typeof raw0 === "string" ? Buffer.from(raw0) : raw0;
    onBytes?.(whole.length, lineNo);
    // big reads keep the disk busy; small blocks keep decoded strings out of V8's large-object space
    for (let off = 0; off < whole.length; off += BLOCK) {
      const chunk = whole.length <= BLOCK ? whole : whole.subarray(off, off + BLOCK);
      let start = 0;
      if (skipping) {
        const nl = chunk.indexOf(10);
        if (nl < 0) continue;
        skipping = false;
        start = nl + 1;
      }
      const last = chunk.lastIndexOf(10);
      if (last < start) {
        carry = carry ? Buffer.concat([carry, chunk.subarray(start)]) : Buffer.from(chunk.subarray(start));
        if (carry.length > MAX_LINE_BYTES) { await emit(null, `line longer than ${MAX_LINE_BYTES / 1024} KiB`); carry = undefined; skipping = true; }
        continue;
      }
      let block = chunk.subarray(start, last + 1);
      if (carry) {
        // the line begun in an earlier chunk ends here: join just that line, not the whole block
        const nl = block.indexOf(10);
        const head = Buffer.concat([carry, block.subarray(0, nl + 1)]);
        carry = undefined;
        block = block.subarray(nl + 1);
        await lines(head);
      }
      if (block.length) await lines(block);
      const rest = chunk.subarray(last + 1);
      if (rest.length) {
        carry = Buffer.from(rest);
        if (carry.length > MAX_LINE_BYTES) { await emit(null, `line longer than ${MAX_LINE_BYTES / 1024} KiB`); carry = undefined; skipping = true; }
      }
    }
  }
  if (carry && carry.length) {
    const end = carry[carry.length - 1] === 13 ? carry.length - 1 : carry.length;
    const bytes = carry.subarray(0, end);
    await (isUtf8(bytes) ? emit(bytes.toString("utf8")) : emit(null, "not valid UTF-8"));
  }
}
