// The messages between `mids migrate` and its worker threads (pool.ts <-> worker.ts). The main
// thread reads the input and cuts it into batches of whole lines; each worker parses, redacts,
// rewrites and writes its batches and sends back their output bytes and counts, which the main
// thread writes and adds up in input order.
import type { InputInfo } from "../reader.js";
import type { TallyDelta } from "../summary.js";
import type { OutputTarget } from "../types.js";
import type { LineVariant } from "../codecs/line-codec.js";

export interface WorkerInit {
  to?: OutputTarget;
  report?: "json" | "ndjson";
  baseUrl?: string;
  version: string;
  /** the run's clock (sunset notes), ms since the epoch */
  now: number;
  fastPath?: boolean;
}

export type ToWorker =
  | { type: "begin"; input: InputInfo }
  /** bytes [0, length) of `bytes` are whole lines (the last may lack its newline at the input's end) */
  /** (`variant`: how the batch's lines are laid out at its start; a CloudFront header may change it along an input) */
  | { type: "batch"; seq: number; bytes: Uint8Array; length: number; startLine: number; variant: LineVariant }
  /**
   * HAR entries (texts as the reader's scanner cut them) numbered from `first`; `depths[k]` is
   * the nesting depth of texts[k], or -1 for an entry too large to keep (its text is empty)
   */
  | { type: "entries"; seq: number; texts: string[]; depths: number[]; first: number }
  /** an output buffer back from the main thread, written out, to be used again */
  | { type: "spare"; buf: Uint8Array };

/**
 * A batch done: its output is out[0, outLength); `bytes` is the batch's input buffer, given back
 * for the next batch. Buffers go back and forth instead of being made anew: garbage array
 * buffers would pile up between collections (V8 collects them by the tens of megabytes).
 */
export interface BatchDone {
  seq: number;
  out: Uint8Array;
  outLength: number;
  /** line batches: the input buffer, back */
  bytes?: Uint8Array;
  delta: TallyDelta;
  /** records in an output that separates them (-o json, HAR) */
  records: number;
  /** which worker made it (set by the pool; -1: the main thread) */
  worker?: number;
  error?: undefined;
}

export type FromWorker = BatchDone | { seq: number; error: string };
