// gzip input read as `gzip -dc` reads it: member after member, every byte decoded before damage
// handed on (node's Gunzip drops the output of the pass that fails, up to 64 KB: the requests
// just before the damage), and data after a complete member that is not gzip ignored with a
// warning instead of failing the run. Each member: its header parsed here (RFC 1952), its deflate
// data inflated raw, its trailer (CRC-32 and size) checked here, as gzip does.
import { createInflateRaw, crc32, type InflateRaw } from "node:zlib";

/** gunzip output chunk (zlib's default is 16 KB) */
const OUT_CHUNK = 64 * 1024;
/**
 * Compressed bytes given to zlib at a time: the output of one write is held until it is handed on,
 * so this bounds it (deflate expands at most ~1032x: 32 KB in, at most ~33 MB out).
 */
const IN_SLICE = 32 * 1024;
const EMPTY = Buffer.alloc(0);

/** A damaged gzip stream, with zlib's kind of code (reader.ts names it "truncated or corrupt"). */
function damaged(code: "Z_BUF_ERROR" | "Z_DATA_ERROR", message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** The length of the gzip member header at the start of `b`; 0: more bytes are needed; -1: not a gzip header. */
export function headerLength(b: Buffer): number {
  for (let i = 0; i < 3 && i < b.length; i++) if (b[i] !== [0x1f, 0x8b, 8][i]) return -1;
  if (b.length < 10) return 0;
  const flags = b[3];
  if (flags & 0xe0) return -1;
  let p = 10;
  if (flags & 4) {
    if (b.length < 12) return 0;
    p += 2 + b.readUInt16LE(10);
  }
  for (const bit of [8, 16]) {
    if (!(flags & bit)) continue;
    if (p >= b.length) return 0;
    const z = b.indexOf(0, p);
    if (z < 0) return 0;
    p = z + 1;
  }
  if (flags & 2) p += 2;
  return p <= b.length ? p : 0;
}

/** Write one slice; resolves once zlib has taken what it can of it (or failed). */
function write(inf: InflateRaw, slice: Buffer, failed: () => Error | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (failed()) return resolve();
    const done = () => (inf.off("error", done), resolve());
    inf.once("error", done);
    inf.write(slice, () => done());
  });
}

function finish(inf: InflateRaw): Promise<void> {
  return new Promise((resolve) => {
    inf.once("error", () => resolve());
    inf.once("end", () => resolve());
    inf.end();
    inf.resume();
  });
}

/**
 * The decoded bytes of a gzip stream. Throws (code Z_BUF_ERROR or Z_DATA_ERROR) at damage, after
 * everything before it; `onTrailing(bytes)` is told about data after the last member that is not
 * gzip (trailing zeros, a common padding, are ignored without a word, as gzip and node do).
 */
export async function* gunzip(input: AsyncIterable<Buffer>, onTrailing: (bytes: number) => void): AsyncGenerator<Buffer> {
  const it = input[Symbol.asyncIterator]();
  let pending: Buffer = EMPTY;
  let ended = false;
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const r = await it.next();
    if (r.done) return !(ended = true);
    // zlib keeps what it is given, and chunks may share one buffer: the reader copies them
    pending = pending.length ? Buffer.concat([pending, r.value]) : r.value;
    return true;
  };
  try {
    for (let members = 0; ; members++) {
      let h: number;
      while ((h = headerLength(pending)) === 0 && (await more()));
      if (members > 0 && pending.length === 0) return;
      if (h <= 0) {
        if (members === 0 || h === 0) throw damaged(h === 0 ? "Z_BUF_ERROR" : "Z_DATA_ERROR", h === 0 ? "unexpected end of file" : "incorrect header check");
        // not gzip after a complete member: gzip's "decompression OK, trailing garbage ignored"
        let bytes = 0;
        let zeros = true;
        do {
          bytes += pending.length;
          zeros &&= pending.every((c) => c === 0);
          pending = EMPTY;
        } while (await more());
        if (!zeros) onTrailing(bytes);
        return;
      }
      pending = pending.subarray(h);
      const inf = createInflateRaw({ chunkSize: OUT_CHUNK });
      const out: Buffer[] = [];
      let failure: Error | undefined;
      inf.on("data", (d: Buffer) => void out.push(d));
      inf.on("error", (e) => void (failure ??= e));
      let crc = 0;
      let size = 0;
      let fed = 0;
      let rest: Buffer | undefined;
      try {
        for (;;) {
          if (pending.length === 0 && !(await more())) break;
          const slice = pending.length > IN_SLICE ? pending.subarray(0, IN_SLICE) : pending;
          pending = pending.subarray(slice.length);
          await write(inf, slice, () => failure);
          fed += slice.length;
          for (const d of out.splice(0)) {
            crc = crc32(d, crc);
            size += d.length;
            yield d;
          }
          if (failure) throw failure;
          // zlib stopped short of what it was given: the deflate data ended there
          if (inf.bytesWritten < fed) {
            rest = Buffer.concat([slice.subarray(slice.length - (fed - inf.bytesWritten)), pending]);
            break;
          }
        }
        if (rest === undefined) {
          // the input ended: so must the deflate data (else "unexpected end of file")
          await finish(inf);
          for (const d of out.splice(0)) {
            crc = crc32(d, crc);
            size += d.length;
            yield d;
          }
          if (failure) throw failure;
          rest = EMPTY;
        }
      } finally {
        inf.destroy();
      }
      pending = rest;
      // the trailer: CRC-32 and length (mod 2^32) of the member's data
      while (pending.length < 8 && (await more()));
      if (pending.length < 8) throw damaged("Z_BUF_ERROR", "unexpected end of file");
      if (pending.readUInt32LE(0) !== crc >>> 0 || pending.readUInt32LE(4) !== size >>> 0) throw damaged("Z_DATA_ERROR", "incorrect data check");
      pending = pending.subarray(8);
    }
  } finally {
    void it.return?.()?.catch?.(() => undefined);
  }
}
