// The work of a worker thread of `mids migrate`, also done on the main thread when the workers
// are busy (pool.ts): the same stages as the one-thread pipeline over a batch of whole lines or
// HAR entries. Each batch is counted in a tally of its own and its output collected into a
// buffer, then both go to whoever writes them in input order.
import type { IO } from "../../io.js";
import { fastLineSink, itemHandler, runParts, type RunParts } from "../compose.js";
import { splitLines, type BlockLineSink } from "../lines.js";
import { lineSinks, type InputInfo, type LineFormat } from "../reader.js";
import { harEntryItem } from "../codecs/har/read.js";
import { RewriteStage } from "../rewrite-stage.js";
import { Tally } from "../summary.js";
import { WriteStage } from "../write-stage.js";
import type { BatchDone, ToWorker, WorkerInit } from "./protocol.js";
import { HeapTrim } from "./heap.js";

const OUT_MIN = 2 * 1024 * 1024;

export class BatchProcessor {
  // the batch's output is copied straight into a buffer that goes to the writer and comes back
  private readonly spares: Uint8Array[] = [];
  private out: Buffer = Buffer.alloc(0);
  private size = 0;
  private readonly rewriting: RewriteStage;
  private readonly writing: WriteStage;
  private readonly handle;
  private input: InputInfo | undefined;
  private fast: BlockLineSink | undefined;
  private file: string | undefined;
  private readonly trim = new HeapTrim();
  private readonly parts: RunParts;

  constructor(private readonly init: WorkerInit) {
    this.parts = runParts(init);
    const { redaction } = this.parts;
    this.rewriting = new RewriteStage(new Tally(), { now: new Date(init.now), targets: !init.report, redactor: redaction.redactor, baseUrl: init.baseUrl });
    this.writing = new WriteStage({} as IO, this.rewriting.tally, {
      to: init.to, report: init.report, baseUrl: init.baseUrl, version: init.version, frame: false, redaction,
      sink: (text, ascii) => {
        // (room for UTF-8's most, 3 bytes a UTF-16 unit: the text is not read twice to count them)
        this.room(ascii ? text.length : text.length * 3);
        this.size += this.out.write(text, this.size, ascii ? "latin1" : "utf8");
      },
    });
    this.handle = itemHandler(this.rewriting, this.writing, redaction);
  }

  private room(n: number): void {
    const { out, size } = this;
    if (size + n <= out.length) return;
    const next = this.spares.pop() ?? new Uint8Array(0);
    const bigger = next.length >= size + n ? Buffer.from(next.buffer, next.byteOffset, next.length) : Buffer.allocUnsafeSlow(Math.max(OUT_MIN, (size + n) * 2));
    out.copy(bigger, 0, 0, size);
    if (out.length) this.spares.push(out);
    this.out = bigger;
  }

  /** An output buffer written out, to be filled again. */
  spare(buf: Uint8Array): void {
    this.spares.push(buf);
  }

  async begin(input: InputInfo): Promise<void> {
    await this.writing.begin(input);
    this.file = input.name;
    this.input = input;
    if (input.format === "har") return;
    this.fast = fastLineSink(this.rewriting, this.writing, this.parts.redaction, input, this.init);
  }

  async batch(m: Extract<ToWorker, { type: "batch" | "entries" }>): Promise<BatchDone> {
    const tally = new Tally();
    this.rewriting.tally = tally;
    this.writing.tally = tally;
    this.writing.records = 0;
    if (m.type === "entries") {
      for (let k = 0; k < m.texts.length; k++) {
        const p = this.handle(harEntryItem(m.texts[k], m.depths[k], m.first + k, this.file));
        if (p) await p;
      }
    } else {
      const bytes = Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.length);
      // each batch read from the layout it starts in, whatever this thread read before
      const lines = lineSinks(this.input!.format as LineFormat, this.handle, this.file, this.parts.readers, m.variant);
      await splitLines([bytes], lines.onLine, undefined, this.fast, m.startLine);
      // batches end where no curl command is open: this closes only one the input left open
      await lines.finish();
    }
    // what the caches counted goes into this batch's tally
    this.rewriting.settle();
    await this.writing.out.flush();
    this.trim.add(m.type === "batch" ? m.length : m.texts.reduce((n, t) => n + t.length, 0));
    const { out } = this;
    const done: BatchDone = { seq: m.seq, out: new Uint8Array(out.buffer, out.byteOffset, out.length), outLength: this.size, bytes: m.type === "batch" ? m.bytes : undefined, delta: tally.delta(), records: this.writing.records };
    this.out = Buffer.alloc(0);
    this.size = 0;
    return done;
  }
}
