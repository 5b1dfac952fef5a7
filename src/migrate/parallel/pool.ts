// Worker threads for `mids migrate` on large files: the main thread reads and cuts the input into
// batches (whole lines of an access log, JSON lines or curl; the entries of a HAR), the workers
// (worker.ts, processor.ts) parse, redact, rewrite and write them, and the main thread writes
// their output and adds up their counts in input order, taking a batch itself when the workers
// are full. A few batches per worker are in flight at a time, so memory stays bounded whatever
// the input's size.
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { MAX_LINE_BYTES } from "../lines.js";
import { batchMayEndAfter, lineLayoutAfter, lineVariant, ReadInterrupted, type Batcher, type HarBatcher, type InputInfo, type LineFormat } from "../reader.js";
import type { LineVariant } from "../codecs/line-codec.js";
import { BatchProcessor } from "./processor.js";
import type { BatchDone, FromWorker, ToWorker, WorkerInit } from "./protocol.js";

/** the largest batch handed to a worker (smaller inputs get smaller batches, several per worker) */
export const BATCH_MAX = 1024 * 1024;
const BATCH_MIN = 16 * 1024;
/**
 * The workers' young generations (MB), shared: garbage per batch is short-lived, so a small one
 * costs a few more scavenges and saves the RSS V8's default (up to 48 MB a thread) would add per
 * worker, which the peak RSS target counts; a pool of one has it all, more share it (at least
 * WORKER_YOUNG_MIN_MB each). (Figures: bench/RESULTS.md, "Tuning figures".)
 */
const WORKERS_YOUNG_MB = 8;
const WORKER_YOUNG_MIN_MB = 2;
/** A worker's young generation (MB) in a pool of `size`. */
export const workerYoungMb = (size: number): number => Math.max(WORKER_YOUNG_MIN_MB, Math.floor(WORKERS_YOUNG_MB / Math.max(1, size)));
/** batches in flight per worker: one being worked while the next travels to it */
export const IN_FLIGHT = 2;
/**
 * batches done on the main thread and not yet written (they wait for the workers' before them):
 * each one held is a megabyte of input and one of output. Too few and the main thread waits on a
 * worker that is a little slower per batch; more hold more memory for little gain.
 */
export const HERE_MAX = 6;
/**
 * The input bytes of the batches a run holds at once (in flight to the workers, and done on the
 * main thread and waiting: pool.size * IN_FLIGHT + HERE_MAX of them), shared: a pool of one gets
 * BATCH_MAX batches, larger pools smaller ones, so more workers do not hold more.
 */
const BATCHES_HELD_BYTES = 8 * 1024 * 1024;
/** The largest batch for a pool of `size` workers. */
export const batchMax = (size: number): number => Math.min(BATCH_MAX, Math.floor(BATCHES_HELD_BYTES / (size * IN_FLIGHT + HERE_MAX)));

/** The worker script beside the bundle (dist/migrate-worker.js); undefined when running from source. */
export function workerScript(): URL | undefined {
  const here = import.meta.url;
  const url = new URL(here.includes("/chunks/") ? "../migrate-worker.js" : "./migrate-worker.js", here);
  try {
    return url.protocol === "file:" && existsSync(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

type Waiter = { resolve: (r: BatchDone) => void; reject: (e: Error) => void; worker: number };

/**
 * The worker threads, and the main thread's share: a batch goes to the worker with the fewest
 * batches queued, or, when every worker has IN_FLIGHT queued, is done on the main thread (which
 * would otherwise only wait). N workers thus keep N + 1 threads busy, and on 2 cores one worker
 * is enough: no second worker isolate to start, warm up and collect garbage for.
 */
export class Pool {
  private readonly workers: Worker[];
  private readonly queued: number[];
  private readonly waiting = new Map<number, Waiter>();
  private seq = 0;
  private failure: Error | undefined;
  private local: BatchProcessor | undefined;
  private input: InputInfo | undefined;
  private localInput: InputInfo | undefined;
  private hereQueue: Promise<void> = Promise.resolve();

  constructor(script: URL, readonly size: number, private readonly init: WorkerInit) {
    this.queued = new Array<number>(size).fill(0);
    this.workers = Array.from({ length: size }, (_, index) => {
      const w = new Worker(script, { workerData: init, resourceLimits: { maxYoungGenerationSizeMb: workerYoungMb(size) } });
      w.on("message", (m: FromWorker) => {
        const waiter = this.waiting.get(m.seq);
        if (!waiter) return;
        this.waiting.delete(m.seq);
        this.queued[index]--;
        if (m.error !== undefined) waiter.reject(new Error(`migrate worker failed: ${m.error}`));
        else waiter.resolve({ ...m, worker: index });
      });
      w.on("error", (e) => this.fail(e));
      w.on("exit", (code) => { if (code !== 0 || this.waiting.size) this.fail(new Error(`migrate worker exited (${code})`)); });
      return w;
    });
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const w of this.waiting.values()) w.reject(this.failure);
    this.waiting.clear();
  }

  begin(input: InputInfo): void {
    this.input = input;
    for (const w of this.workers) w.postMessage({ type: "begin", input } satisfies ToWorker);
  }

  /** Hand over `bytes` (transferred to a worker: the caller must not touch it again until it comes back). */
  submit(bytes: Uint8Array, length: number, startLine: number, variant: LineVariant): Promise<BatchDone> {
    return this.post({ type: "batch", seq: 0, bytes, length, startLine, variant }, [bytes.buffer as ArrayBuffer]);
  }

  /** Hand over HAR entry texts (copied to the worker). */
  submitEntries(texts: string[], depths: number[], first: number): Promise<BatchDone> {
    return this.post({ type: "entries", seq: 0, texts, depths, first }, []);
  }

  private post(msg: Extract<ToWorker, { seq: number }>, transfer: ArrayBuffer[]): Promise<BatchDone> {
    if (this.failure) return Promise.reject(this.failure);
    let worker = 0;
    for (let i = 1; i < this.size; i++) if (this.queued[i] < this.queued[worker]) worker = i;
    // every worker busy: this thread takes the batch
    if (this.queued[worker] >= IN_FLIGHT) return this.here(msg);
    const seq = (msg.seq = this.seq++);
    const p = new Promise<BatchDone>((resolve, reject) => this.waiting.set(seq, { resolve, reject, worker }));
    this.queued[worker]++;
    this.workers[worker].postMessage(msg, transfer);
    return p;
  }

  /** The main thread's batches, one at a time (a batch may wait on a promise half-way: the next must not start then). */
  private here(msg: Extract<ToWorker, { seq: number }>): Promise<BatchDone> {
    const input = this.input!;
    const run = this.hereQueue.then(async () => {
      this.local ??= new BatchProcessor(this.init);
      if (this.localInput !== input) {
        this.localInput = input;
        await this.local.begin(input);
      }
      return { ...(await this.local.batch(msg)), worker: -1 };
    });
    this.hereQueue = run.then(() => undefined, () => undefined);
    return run;
  }

  /** An output buffer written out: back to the thread that made it, to be used again. */
  spare(r: BatchDone): void {
    if (this.failure || !r.out.length) return;
    if (r.worker === undefined || r.worker < 0) return this.local?.spare(r.out);
    this.workers[r.worker].postMessage({ type: "spare", buf: r.out } satisfies ToWorker, [r.out.buffer as ArrayBuffer]);
  }

  async close(): Promise<void> {
    this.waiting.clear();
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * Batches' results written in input order as soon as they and those before them are in, while
 * reading goes on; at most `room` batches are out at a time.
 */
class InOrder {
  private last: Promise<void> = Promise.resolve();
  private readonly pending: Promise<void>[] = [];
  constructor(private readonly room: number, private readonly deliver: (r: BatchDone) => void | Promise<void>) {}

  add(p: Promise<BatchDone>): void {
    this.last = this.last.then(() => p).then((r) => this.deliver(r));
    this.last.catch(() => undefined);
    this.pending.push(this.last);
  }

  /** Wait while the batches out fill the room. */
  async wait(): Promise<void> {
    while (this.pending.length >= this.room) await this.pending.shift();
  }

  /** Everything handed over written (a failure of one is thrown). */
  async settle(): Promise<void> {
    await this.last;
    this.pending.length = 0;
  }

  /** Everything handed over written or failed. */
  async quiet(): Promise<void> {
    await this.last.catch(() => undefined);
  }
}

export interface BatcherOptions {
  pool: Pool;
  input: InputInfo;
  /** the input's size as stored: smaller inputs are cut into smaller batches */
  size: number;
  /** a batch's results, in input order */
  deliver(r: BatchDone): void | Promise<void>;
  /**
   * test-only: a batch's size (bytes of lines; characters of HAR entries) instead of the one
   * derived from the input's size, so that small test inputs cross many batch edges
   */
  batchSize?: number;
}

/**
 * Where a batch may end in b[0, filled): just after a newline, the last after which `mayEnd` (the
 * line codec's mayEndAfter: no curl command, no Docker line left open) allows it; -1: none.
 */
export function cutPoint(b: Uint8Array, filled: number, mayEnd?: (b: Uint8Array, start: number, nl: number) => boolean): number {
  let nl = b.lastIndexOf(10, filled - 1);
  if (mayEnd) {
    while (nl >= 0) {
      const start = nl > 0 ? b.lastIndexOf(10, nl - 1) + 1 : 0;
      if (mayEnd(b, start, nl)) break;
      nl = start > 0 ? start - 1 : -1;
    }
  }
  return nl < 0 ? -1 : nl + 1;
}

function countLines(b: Uint8Array, length: number): number {
  let n = 0;
  for (let i = b.indexOf(10); i >= 0 && i < length; i = b.indexOf(10, i + 1)) n++;
  return n;
}

export function makeBatcher(o: BatcherOptions): Batcher {
  const { pool } = o;
  const batchBytes = o.batchSize ?? Math.max(BATCH_MIN, Math.min(batchMax(pool.size), Math.floor(o.size / (pool.size * 8))));
  // past this without a place to cut (a line of megabytes, a curl command continued for pages)
  // the rest of the input is read on the main thread, which bounds what it buffers
  const holdMax = batchBytes * 2 + 2 * MAX_LINE_BYTES;
  // where the input's lines allow a cut (its codec's rule, from its layout at the start)
  const mayEnd = batchMayEndAfter(o.input.format as LineFormat, lineVariant(o.input));
  return {
    async run(chunks, sequential) {
      pool.begin(o.input);
      // input buffers come back with their batch's results, to be filled again
      const free: Uint8Array[] = [];
      const take = (min: number) => {
        const b = free.pop();
        return b && b.length >= min ? b : new Uint8Array(Math.max(min, batchBytes + 512 * 1024));
      };
      const order = new InOrder(pool.size * IN_FLIGHT + HERE_MAX, async (r) => {
        await o.deliver(r);
        if (r.bytes) free.push(r.bytes);
        pool.spare(r);
      });
      // the layout of the lines from here on (a CloudFront header in a batch changes it for the next)
      const format = o.input.format as LineFormat;
      let variant = lineVariant(o.input);
      const submit = (b: Uint8Array, length: number, startLine: number) => {
        const at = variant;
        variant = lineLayoutAfter(format, at, b, length);
        return order.add(pool.submit(b, length, startLine, at));
      };
      const settle = () => order.settle();
      let buf = take(0);
      let filled = 0;
      let lineNo = 0;
      const send = async (length: number, rest: number) => {
        const next = take(rest + batchBytes);
        next.set(buf.subarray(length, length + rest));
        const lines = countLines(buf, length);
        submit(buf, length, lineNo);
        lineNo += lines;
        buf = next;
        filled = rest;
        await order.wait();
      };
      const it = chunks[Symbol.asyncIterator]();
      try {
        for (;;) {
          const n = await it.next();
          if (n.done) break;
          const c = n.value;
          if (filled + c.length > buf.length) {
            const bigger = take(Math.max(buf.length * 2, filled + c.length));
            bigger.set(buf.subarray(0, filled));
            buf = bigger;
          }
          buf.set(c, filled);
          filled += c.length;
          // batches of about batchBytes, cut after a line (a large read makes several)
          let cut = 0;
          while (filled >= batchBytes && (cut = cutPoint(buf, batchBytes, mayEnd)) > 0) await send(cut, filled - cut);
          if (filled < batchBytes) continue;
          // no place to cut within batchBytes: the first one after it
          cut = cutPoint(buf, filled, mayEnd);
          if (cut > 0) { await send(cut, filled - cut); continue; }
          if (filled < holdMax) continue;
          // no place to cut: the rest is read here, after what the workers have
          await settle();
          const held = Buffer.from(buf.buffer, 0, filled);
          async function* rest(): AsyncGenerator<Buffer> {
            yield held;
            for (;;) {
              const r = await it.next();
              if (r.done) return;
              yield r.value;
            }
          }
          return await sequential(rest(), lineNo, variant);
        }
        if (filled) await send(filled, 0);
        await settle();
      } catch (e) {
        // interrupted: the whole lines read so far still go out, as when read on one thread;
        // a damaged input (truncated gzip): what was read before it goes out
        if (e instanceof ReadInterrupted) {
          const cut = filled ? cutPoint(buf, filled, mayEnd) : -1;
          if (cut > 0) submit(buf, cut, lineNo);
        }
        await order.quiet();
        throw e;
      }
    },
  };
}

/** HAR entry texts per batch (in characters). */
const HAR_BATCH_CHARS = 256 * 1024;

export function makeHarBatcher(o: Omit<BatcherOptions, "size">): HarBatcher {
  const { pool } = o;
  const batchChars = o.batchSize ?? HAR_BATCH_CHARS;
  pool.begin(o.input);
  const order = new InOrder(pool.size * IN_FLIGHT + HERE_MAX, async (r) => {
    await o.deliver(r);
    pool.spare(r);
  });
  let texts: string[] = [];
  let depths: number[] = [];
  let first = 0;
  let chars = 0;
  const send = () => {
    if (!texts.length) return;
    order.add(pool.submitEntries(texts, depths, first));
    texts = [];
    depths = [];
    chars = 0;
  };
  return {
    entry(text, depth, entryNo) {
      if (!texts.length) first = entryNo;
      texts.push(text);
      depths.push(depth);
      chars += text.length + 64;
      if (chars < batchChars) return;
      send();
      return order.wait();
    },
    async flush() {
      send();
      await order.settle();
    },
  };
}
