// A worker thread of `mids migrate` (parallel/pool.ts starts them for large inputs): the same
// stages as the main thread's pipeline, run over batches of whole lines. Each batch is counted
// in a tally of its own and its output collected, then both go back to the main thread.
import { parentPort, workerData } from "node:worker_threads";
import type { IO } from "../../io.js";
import { accessFastSink, itemHandler } from "../compose.js";
import { splitLines, type BlockLineSink } from "../lines.js";
import { lineSinks, type LineFormat } from "../reader.js";
import { harEntryItem } from "../readers/har.js";
import { RewriteStage } from "../rewrite-stage.js";
import { Tally } from "../summary.js";
import { WriteStage } from "../write-stage.js";
import type { BatchDone, FromWorker, ToWorker, WorkerInit } from "./protocol.js";

const init = workerData as WorkerInit;
const port = parentPort!;
// the batch's output is copied straight into a buffer that goes to the main thread and comes back
const spares: Uint8Array[] = [];
const OUT_MIN = 2 * 1024 * 1024;
let out: Buffer = Buffer.alloc(0);
let size = 0;
const room = (n: number): void => {
  if (size + n <= out.length) return;
  const next = spares.pop() ?? new Uint8Array(0);
  const bigger = next.length >= size + n ? Buffer.from(next.buffer, next.byteOffset, next.length) : Buffer.allocUnsafeSlow(Math.max(OUT_MIN, (size + n) * 2));
  out.copy(bigger, 0, 0, size);
  if (out.length) spares.push(out);
  out = bigger;
};
const rewriting = new RewriteStage(new Tally(), { now: new Date(init.now) });
const writing = new WriteStage({} as IO, rewriting.tally, {
  to: init.to, report: init.report, baseUrl: init.baseUrl, version: init.version, frame: false,
  sink: (text, ascii) => {
    room(ascii ? text.length : Buffer.byteLength(text, "utf8"));
    size += out.write(text, size, ascii ? "latin1" : "utf8");
  },
});
const handle = itemHandler(rewriting, writing);
let lines: ReturnType<typeof lineSinks> | undefined;
let fast: BlockLineSink | undefined;
let file: string | undefined;

async function batch(m: Extract<ToWorker, { type: "batch" | "entries" }>): Promise<BatchDone> {
  const tally = new Tally();
  rewriting.tally = tally;
  writing.tally = tally;
  writing.records = 0;
  if (m.type === "entries") {
    for (let k = 0; k < m.texts.length; k++) {
      const p = handle(harEntryItem(m.texts[k], m.depths[k], m.first + k, file));
      if (p) await p;
    }
  } else {
    const bytes = Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.length);
    await splitLines([bytes], lines!.onLine, undefined, fast, m.startLine);
    // batches end where no curl command is open: this closes only one the input left open
    await lines!.finish();
  }
  // what the caches counted goes into this batch's tally
  rewriting.settle();
  await writing.out.flush();
  const done: BatchDone = { seq: m.seq, out: new Uint8Array(out.buffer, out.byteOffset, out.length), outLength: size, bytes: m.type === "batch" ? m.bytes : undefined, delta: tally.delta(), records: writing.records };
  out = Buffer.alloc(0);
  size = 0;
  return done;
}

// one message at a time, in order
let queue: Promise<void> = Promise.resolve();
port.on("message", (m: ToWorker) => {
  queue = queue.then(async () => {
    if (m.type === "spare") return void spares.push(m.buf);
    if (m.type === "begin") {
      await writing.begin(m.input);
      file = m.input.name;
      if (m.input.format === "har") return;
      lines = lineSinks(m.input.format as LineFormat, handle, m.input.name);
      fast = accessFastSink(rewriting, writing, m.input, init);
      return;
    }
    try {
      const r = await batch(m);
      const transfer = r.bytes ? [r.bytes.buffer as ArrayBuffer] : [];
      if (r.out.length) transfer.push(r.out.buffer as ArrayBuffer);
      port.postMessage(r, transfer);
    } catch (e) {
      port.postMessage({ seq: m.seq, error: e instanceof Error ? `${e.message}\n${e.stack ?? ""}` : String(e) } satisfies FromWorker);
    }
  });
});
