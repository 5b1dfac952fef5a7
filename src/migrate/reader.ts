// The reader stage of `mids migrate`: opens each input (file or stdin), undoes gzip, detects the
// format from the first complete line, and hands every request or invalid entry, in input
// order, to a sink. `readRequests` is the same as an async iterator, for other commands that
// must read logs exactly as migrate does.
import { fstatSync } from "node:fs";
import { open, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import type { IO } from "../io.js";
import { UsageError } from "../errors.js";
import { detectFormat } from "./detect.js";
import { CLOUDFRONT_FIELDS, cloudFrontFields } from "./codecs/access/cloudfront.js";
import type { LineVariant } from "./codecs/line-codec.js";
import { MAX_LINE_BYTES, splitLines, type BlockLineSink, type LineSink } from "./lines.js";
import { LINE_CODECS } from "./codecs/lines.js";
import { readHar } from "./codecs/har/read.js";
import { gunzip } from "./gunzip.js";
import { stripControl } from "../util/sanitize.js";
import type { FromFormat, Handler, InputFormat, Item, LineFormat } from "./types.js";

// a file is read into one reused buffer: nothing is allocated per read, so nothing piles up
// between garbage collections (lines.ts decodes it in 64 KB blocks and copies what it keeps)
const READ_CHUNK = 256 * 1024;
// detection reads on to the end of the first line, up to this much
const DETECT_MAX = MAX_LINE_BYTES + 64 * 1024;

/** One input as the reader opened it. */
export interface InputInfo {
  /** the path, or "-" for stdin */
  file: string;
  /** the name items carry in reports (set only with several inputs) */
  name: string | undefined;
  format: InputFormat;
  gzip: boolean;
  /** access logs in Docker's JSON log files: each line's `log` is the access line (codecs/access/docker.ts) */
  docker?: boolean;
  /** a CloudFront standard log: the names of its fields, from its `#Fields:` header (codecs/access/cloudfront.ts) */
  cloudfront?: string[];
}

export interface ReadOptions {
  /** --from-format: skip detection */
  fromFormat?: FromFormat;
  /** stop reading when aborted (SIGINT/SIGTERM): the reader throws ReadInterrupted */
  signal?: AbortSignal;
  /** the next n bytes of the input are being read (as stored: compressed bytes for .gz); those before are handed on */
  onBytes?: (n: number) => void;
  /** a warning about an input that is still read (data after the last gzip member); default: stderr */
  warn?: (message: string) => void;
  /** the run's fast readers (none: every line read the general way) */
  readers?: LineReaders;
}

/**
 * A run's fast line readers, by format: what each codec's fast reader learned in this run (codec.ts
 * LineCodec.fastReader), read only by that codec.
 */
export type LineReaders = Partial<Record<LineFormat, unknown>>;

export interface ReadSink {
  /** an input is open and its format known, before its first item */
  begin?(input: InputInfo): void | Promise<void>;
  item: Handler;
  /**
   * Line formats: a sink tried first on each well-formed line (lines.ts BlockLineSink), its
   * codec's whole-line fast path (compose.ts fastLineSink): e.g. an access line whose request was
   * seen before, written without parsing it.
   */
  fastLines?(input: InputInfo): BlockLineSink | undefined;
  /**
   * Line formats read from a file: a way to hand the rest of the input to worker threads
   * (parallel/pool.ts), given the file's size as stored; undefined: read it here.
   */
  parallel?(input: InputInfo, size: number): Batcher | undefined;
  /** The same for a HAR file: its entries' texts go to worker threads to be parsed. */
  parallelHar?(input: InputInfo, size: number): HarBatcher | undefined;
}

/** Takes the entry texts of a HAR (codecs/har/read.ts EntryTexts) in batches (parallel/pool.ts). */
export interface HarBatcher {
  entry(text: string, depth: number, entryNo: number): void | Promise<void>;
  /** Hand over what is collected and wait until everything handed over is written. */
  flush(): Promise<void>;
}

/** Takes the rest of a line-format input in batches (parallel/pool.ts). */
export interface Batcher {
  /**
   * Read `chunks` to the end. `at(lineNo)`: lines handed on so far. `sequential(rest, startLine)`:
   * the part from `rest` on is read on this thread after all (a curl command too long to cut), its
   * lines laid out as `variant` says (lineLayoutAfter), or as at the input's start.
   */
  run(chunks: AsyncIterable<Buffer>, sequential: (rest: AsyncIterable<Buffer>, startLine: number, variant?: LineVariant) => Promise<void>): Promise<void>;
}

/** Thrown by the reader when its signal is aborted: what was read so far was handed on. */
export class ReadInterrupted extends Error {
  constructor() { super("interrupted"); }
}

/** A file or stdin that fails while being read (EACCES, EIO, EISDIR) is the user's to fix: exit 2. */
export class InputError extends UsageError {}

const COMPRESSED: readonly [string, number[]][] = [
  ["bzip2", [0x42, 0x5a, 0x68]],
  ["xz", [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ["zstd", [0x28, 0xb5, 0x2f, 0xfd]],
  ["lz4", [0x04, 0x22, 0x4d, 0x18]],
  ["zip", [0x50, 0x4b, 0x03, 0x04]],
];
const startsWith = (b: Buffer, magic: number[]) => b.length >= magic.length && magic.every((x, i) => b[i] === x);
const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;
/**
 * A UTF-16 byte-order mark (FF FE, FE FF): text as Windows PowerShell 5.1's `>` and `Out-File`
 * write it. Read as UTF-8 each line would be one `invalid: not valid UTF-8`, saying nothing of why.
 */
const isUtf16 = (b: Buffer) => b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff));

/** Pull chunks one at a time, so the first ones can be looked at and then replayed. */
class Chunks {
  private readonly it: AsyncIterator<Buffer>;
  private readonly held: Buffer[] = [];
  constructor(source: AsyncIterable<Buffer | string>, private readonly signal?: AbortSignal) {
    this.it = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  async next(): Promise<Buffer | undefined> {
    if (this.signal?.aborted) throw new ReadInterrupted();
    const n = this.signal ? await raceAbort(this.it.next(), this.signal) : await this.it.next();
    if (n.done) return undefined;
    return typeof n.value === "string" ? Buffer.from(n.value) : n.value;
  }

  /** Read ahead until `enough` says so (or the input ends); the chunks are kept for replay. */
  async peek(enough: (head: Buffer) => boolean): Promise<Buffer> {
    let head: Buffer = Buffer.concat(this.held);
    while (!enough(head)) {
      const c0 = await this.next();
      if (!c0) break;
      // held past the next read: a copy (a file's chunks share one buffer)
      const c = Buffer.from(c0);
      this.held.push(c);
      head = this.held.length === 1 ? c : Buffer.concat([head, c]);
    }
    return head;
  }

  async *all(): AsyncGenerator<Buffer> {
    while (this.held.length) yield this.held.shift()!;
    for (;;) {
      const c = await this.next();
      if (!c) return;
      yield c;
    }
  }

  close(): void {
    void this.it.return?.()?.catch?.(() => undefined);
  }
}

function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ReadInterrupted());
    signal.addEventListener("abort", onAbort, { once: true });
    p.then((v) => { signal.removeEventListener("abort", onAbort); resolve(v); },
      (e) => { signal.removeEventListener("abort", onAbort); reject(e); });
  });
}

/** The text detection looks at: from the start to the end of the first complete line (or all we have). */
function detectionText(head: Buffer): string {
  const cut = head.length > DETECT_MAX ? head.subarray(0, DETECT_MAX) : head;
  const text = cut.toString("utf8");
  const t = text.replace(/^\uFEFF/, "");
  // a multi-line document (HAR) or a first line still open: give what there is
  if (!t.trimStart().startsWith("{") && !t.trimStart().startsWith("[")) return text;
  const nl = firstContentLineEnd(text);
  return nl < 0 ? text : text.slice(0, nl + 1);
}

/** End (index of its \n) of the first line that is neither blank nor a # comment, or -1. */
function firstContentLineEnd(text: string): number {
  let pos = 0;
  for (;;) {
    const nl = text.indexOf("\n", pos);
    const line = text.slice(pos, nl < 0 ? undefined : nl).trim();
    if (line !== "" && !line.startsWith("#")) {
      // a pretty-printed document starts with a lone brace: show detection the lines after it
      if (line === "{" || line === "[") return -1;
      return nl;
    }
    if (nl < 0) return -1;
    pos = nl + 1;
  }
}

/** Has the buffer reached the end of its first content line (or enough bytes)? */
function firstLineDone(head: Buffer): boolean {
  if (head.length >= DETECT_MAX) return true;
  if (isGzip(head) || COMPRESSED.some(([, m]) => startsWith(head, m))) return head.length >= 8;
  let pos = 0;
  for (;;) {
    const nl = head.indexOf(10, pos);
    if (nl < 0) return false;
    const line = head.subarray(pos, nl).toString("utf8").trim();
    if (line !== "" && !line.startsWith("#")) return true;
    pos = nl + 1;
  }
}

function openError(e: unknown, what: string): unknown {
  const err = e as NodeJS.ErrnoException;
  if (e instanceof ReadInterrupted || e instanceof UsageError) return e;
  if (err && typeof err.code === "string" && err.code.startsWith("Z_")) {
    return new InputError(`cannot read ${what}: the gzip data is truncated or corrupt (${err.code})`, { hint: "check the file with gzip -t; the requests before the damage were written" });
  }
  if (!err || typeof err.code !== "string" || !err.syscall) return e;
  return new InputError(`cannot read ${what}: ${err.code}`, { hint: "check the path and its permissions; - reads stdin" });
}

/** Read every input in order, handing items to the sink. Throws ReadInterrupted when aborted. */
export async function readInputs(io: IO, files: string[], opts: ReadOptions, sink: ReadSink): Promise<void> {
  const multi = files.length > 1;
  for (const file of files) {
    const stdin = file === "-";
    const what = stdin ? "stdin" : `'${file}'`;
    try {
      await readOne(io, file, stdin, multi, opts, sink);
    } catch (e) {
      throw openError(e, what);
    }
  }
}

async function readOne(io: IO, file: string, stdin: boolean, multi: boolean, opts: ReadOptions, sink: ReadSink): Promise<void> {
  // a relative path is the user's, relative to the command's working directory (io.cwd)
  const path = stdin ? file : resolve(io.cwd, file);
  // stdin redirected from a directory (`< logs/`) reads as empty in Node, not as EISDIR: a run of
  // "0 requests" would pass a CI gate on a log it never read
  const fd = stdin ? (io.stdin as { fd?: unknown }).fd : undefined;
  if (typeof fd === "number" && fstatSync(fd).isDirectory()) {
    throw new InputError("cannot read stdin: it is a directory", { hint: "name the log files in it, or redirect stdin from a file" });
  }
  const raw: AsyncIterable<Buffer | string> = stdin ? (io.stdin as Readable) : readFileChunks(path);
  const src = new Chunks(raw, opts.signal);
  try {
    const magic = await src.peek((h) => h.length >= 8);
    const named = COMPRESSED.find(([, m]) => startsWith(magic, m));
    if (named) {
      throw new UsageError(`cannot read ${stdin ? "stdin" : `'${file}'`}: ${named[0]}-compressed input is not supported (gzip is)`, {
        hint: `decompress it first, e.g. ${named[0] === "bzip2" ? "bzcat" : named[0] === "xz" ? "xzcat" : named[0] === "zstd" ? "zstdcat" : named[0] === "lz4" ? "lz4cat" : "unzip -p"} FILE | mids migrate -`,
      });
    }
    if (isUtf16(magic)) {
      throw new UsageError(`cannot read ${stdin ? "stdin" : `'${file}'`}: it is UTF-16 text (it starts with a UTF-16 byte-order mark); mids reads UTF-8`, {
        hint: "convert it first, e.g. iconv -f UTF-16 -t UTF-8 FILE | mids migrate - (in PowerShell, write logs with Out-File -Encoding utf8)",
      });
    }
    const gzip = isGzip(magic);
    // damaged gzip data: the input ends at the last whole line before it, and is read to there
    // by the same path (one thread or workers); then the damage is reported
    let damage: unknown;
    const onBytes = opts.onBytes;
    // bytes are counted as stored (compressed), so progress compares with the file's size
    async function* counted(): AsyncGenerator<Buffer> {
      for await (const c of src.all()) {
        onBytes?.(c.length);
        // zlib holds on to what it is given: a copy of the shared buffer
        yield gzip ? Buffer.from(c) : c;
      }
    }
    let text: Chunks;
    if (gzip) {
      // as gzip -dc: everything before damage is decoded; data after a complete member that is
      // not gzip is ignored with a warning (gunzip.ts)
      const what = stdin ? "stdin" : `'${stripControl(file)}'`;
      const warn = opts.warn ?? ((m: string) => void io.stderr.write(`mids: warning: ${m}\n`));
      const decoded = gunzip(counted(), (bytes) => warn(`${what}: decompression OK, trailing garbage ignored (${bytes} bytes after the last gzip member are not gzip)`));
      text = new Chunks(untilDamage(decoded, (e) => void (damage = e)), opts.signal);
    } else text = new Chunks(counted(), opts.signal);
    const head = await text.peek(firstLineDone);
    const detected = opts.fromFormat ?? detectFormat(detectionText(head));
    // Docker's JSON log files hold access lines, CloudFront's logs requests in fields: both read
    // by the access codec, each line unwrapped or split (the columns from the head's #Fields line)
    const format: InputFormat = detected === "docker" || detected === "cloudfront" ? "access" : detected;
    const input: InputInfo = { file, name: multi ? (stdin ? "stdin" : file) : undefined, format, gzip };
    if (detected === "docker") input.docker = true;
    if (detected === "cloudfront") input.cloudfront = cloudFrontFields(detectionText(head)) ?? [...CLOUDFRONT_FIELDS];
    await sink.begin?.(input);
    const chunks = text.all();
    const here = async (rest: AsyncIterable<Buffer>, startLine: number, variant: LineVariant = input) => {
      const lines = lineSinks(format as LineFormat, sink.item, input.name, opts.readers, variant);
      await splitLines(rest, lines.onLine, undefined, sink.fastLines?.(input), startLine);
      await lines.finish();
    };
    // regular files only: a read from a FIFO or a device may block for ever, and a thread
    // blocked in it would hold up the exit of a process that has worker threads
    const st = stdin || !(sink.parallel || sink.parallelHar) ? undefined : await stat(path);
    const size = st?.isFile() ? st.size : -1;
    if (format === "har") {
      const hb = size >= 0 ? sink.parallelHar?.(input, size) : undefined;
      if (!hb) await readHar(chunks, sink.item, input.name);
      else {
        try {
          // what the reader itself reports (a truncated HAR) comes after the entries before it
          await readHar(chunks, async (it) => { await hb.flush(); return sink.item(it); }, input.name, undefined, (t, d, n) => hb.entry(t, d, n));
          await hb.flush();
        } catch (e) {
          // interrupted: the entries read so far still go out
          await hb.flush().catch(() => undefined);
          throw e;
        }
      }
    } else {
      const batcher = size >= 0 ? sink.parallel?.(input, size) : undefined;
      if (batcher) await batcher.run(chunks, here);
      else await here(chunks, 0);
    }
    if (damage !== undefined) throw damage;
  } finally {
    src.close();
  }
}

/**
 * The chunks of `source` up to its failure, which goes to `onDamage` instead of the reader: held one
 * chunk back, so that the line cut by the damage (after the last newline) is dropped, never read
 * as a request.
 */
async function* untilDamage(source: AsyncIterable<Buffer>, onDamage: (e: unknown) => void): AsyncGenerator<Buffer> {
  let held: Buffer | undefined;
  try {
    for await (const c of source) {
      if (held) yield held;
      held = c;
    }
  } catch (e) {
    onDamage(e);
    const nl = held ? held.lastIndexOf(10) : -1;
    held = nl >= 0 ? held!.subarray(0, nl + 1) : undefined;
  }
  if (held) yield held;
}

export type { LineFormat };

/** The line sink of a line format (access, ndjson, curl): its codec's; `finish` when the input ends (a curl command still open). */
export function lineSinks(format: LineFormat, handle: Handler, file: string | undefined, readers: LineReaders = {}, variant?: LineVariant): { onLine: LineSink; finish: () => void | Promise<void> } {
  return LINE_CODECS[format].lines(handle, file, readers[format], variant);
}

/** How an input's lines are laid out at its start (access logs: Docker's, CloudFront's), for its line codec. */
export const lineVariant = (input: InputInfo): LineVariant => ({ docker: input.docker, cloudfront: input.cloudfront });

/**
 * The layout of an input's lines after the whole lines bytes[0, length), read from `variant`
 * (codecs' variantAfter): a batcher hands it with the next lines to whichever thread reads them.
 */
export function lineLayoutAfter(format: LineFormat, variant: LineVariant, bytes: Uint8Array, length: number): LineVariant {
  return LINE_CODECS[format].variantAfter?.(variant, bytes, length) ?? variant;
}

/** Where a batch of an input's lines may end (codecs' mayEndAfter), or undefined: after any line. */
export function batchMayEndAfter(format: LineFormat, variant: LineVariant): ((b: Uint8Array, start: number, nl: number) => boolean) | undefined {
  const mayEnd = LINE_CODECS[format].mayEndAfter;
  return mayEnd && ((b, start, nl) => mayEnd(variant, b, start, nl));
}

/** An item as readRequests yields it: always with the input's path and format. */
export type ReadItem = Item & { input: InputInfo };

/**
 * The requests (and invalid entries) of files/stdin ("-"), in input order, read exactly as
 * `mids migrate` reads them: gzip undone, format detected per input (or `fromFormat`),
 * positions are line numbers (HAR: entry numbers). Stops with ReadInterrupted on `signal`.
 */
export async function* readRequests(io: IO, files: string[], opts: ReadOptions = {}): AsyncGenerator<ReadItem> {
  // the reader pushes; this queue turns it into a pull, holding at most a few dozen items
  const queue: ReadItem[] = [];
  let wake: (() => void) | undefined;
  let space: (() => void) | undefined;
  let done = false;
  let failure: unknown;
  let input: InputInfo | undefined;
  // a consumer that stops early stops the reader too
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  const run = readInputs(io, files, { ...opts, signal }, {
    begin: (i) => void (input = i),
    item: (item) => {
      queue.push({ ...item, input: input! });
      wake?.();
      if (queue.length < 64) return;
      return new Promise<void>((r) => (space = r));
    },
  }).then(() => void (done = true), (e) => { failure = e; done = true; }).finally(() => wake?.());
  try {
    for (;;) {
      if (queue.length) {
        yield queue.shift()!;
        if (queue.length < 16 && space) { const s = space; space = undefined; s(); }
        continue;
      }
      if (done) break;
      await new Promise<void>((r) => (wake = r));
      wake = undefined;
    }
    await run;
    if (failure) throw failure;
  } finally {
    if (!done) {
      stop.abort();
      if (space) { const s = space; space = undefined; s(); }
      await run;
    }
  }
}

/**
 * A file's bytes, read into two reused buffers in turn (the next read runs while the caller
 * works on this chunk): each chunk is valid until the one after next is asked for.
 */
async function* readFileChunks(path: string): AsyncGenerator<Buffer> {
  const fh = await open(path, "r");
  try {
    const bufs = [Buffer.allocUnsafe(READ_CHUNK), Buffer.allocUnsafe(READ_CHUNK)];
    let turn = 0;
    let next: Promise<{ bytesRead: number; buffer: Buffer }> | undefined = fh.read(bufs[0], 0, READ_CHUNK, null);
    try {
      for (;;) {
        const { bytesRead, buffer } = await next;
        next = undefined;
        if (!bytesRead) return;
        turn ^= 1;
        next = fh.read(bufs[turn], 0, READ_CHUNK, null);
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      // stopped early: let the read in flight finish before the file is closed
      await next?.catch(() => undefined);
    }
  } finally {
    await fh.close();
  }
}
