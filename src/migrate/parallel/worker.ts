// A worker thread of `mids migrate` (parallel/pool.ts starts them for large inputs): batches in,
// in order, through a BatchProcessor (processor.ts); output bytes and counts back.
import { parentPort, workerData } from "node:worker_threads";
import { BatchProcessor } from "./processor.js";
import type { FromWorker, ToWorker, WorkerInit } from "./protocol.js";

const port = parentPort!;
const processor = new BatchProcessor(workerData as WorkerInit);

// one message at a time, in order
let queue: Promise<void> = Promise.resolve();
port.on("message", (m: ToWorker) => {
  queue = queue.then(async () => {
    if (m.type === "spare") return processor.spare(m.buf);
    if (m.type === "begin") return processor.begin(m.input);
    try {
      const r = await processor.batch(m);
      const transfer = r.bytes ? [r.bytes.buffer as ArrayBuffer] : [];
      if (r.out.length) transfer.push(r.out.buffer as ArrayBuffer);
      port.postMessage(r, transfer);
    } catch (e) {
      port.postMessage({ seq: m.seq, error: e instanceof Error ? `${e.message}\n${e.stack ?? ""}` : String(e) } satisfies FromWorker);
    }
  });
});
