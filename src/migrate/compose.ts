// How the stages of `mids migrate` meet, shared by the main thread (pipeline.ts) and the worker
// threads (parallel/worker.ts): every entry redacted, rewritten (counted) and written, and the
// access-log fast path in front of the line path.
import { makeAccessFast } from "./access-fast.js";
import type { BlockLineSink } from "./lines.js";
import type { InputInfo } from "./reader.js";
import { redactItem } from "./redact.js";
import type { RewriteStage } from "./rewrite-stage.js";
import type { WriteStage } from "./write-stage.js";
import type { Handler } from "./types.js";
import { notUnicode } from "./unicode.js";

/** Each entry: redacted, then rewritten and counted, then written (or listed). */
export function itemHandler(rewriting: RewriteStage, writing: WriteStage): Handler {
  return (it0) => {
    let it = it0;
    // only JSON escapes make lone surrogates: logs read as UTF-8 have none
    // (a flat JSON line has no escapes: jsonl-flat.ts)
    if (it.kind === "request" && ((it.source.format === "ndjson" && !it.source.flat) || it.source.format === "har")) {
      const bad = notUnicode(it.req);
      if (bad) it = { kind: "invalid", position: it.position, reason: bad, ...(it.file ? { file: it.file } : {}) };
    }
    // the one place secrets leave an entry (redact.ts): before the rewriter, report, listing or writer
    redactItem(it);
    if (it.kind === "invalid") {
      rewriting.invalid();
      return writing.invalid(it.position, it.reason);
    }
    const c = rewriting.outcome(it);
    if (c instanceof Promise) return c.then((x) => writing.request(it, x));
    return writing.request(it, c);
  };
}

export interface FastOptions {
  /** false: every access line through the line path (tests compare the two) */
  fastPath?: boolean;
  report?: "json" | "ndjson";
  resolve?: unknown;
}

/**
 * Access log in, access log out: a line whose request field was seen before is written by
 * splicing the cached v3 request into it, without parsing it (access-fast.ts).
 */
export function accessFastSink(rewriting: RewriteStage, writing: WriteStage, input: InputInfo, opts: FastOptions): BlockLineSink | undefined {
  const direct = opts.fastPath !== false && !opts.report && !opts.resolve && writing.format === "access" && input.format === "access";
  if (!direct) return undefined;
  const cache = rewriting.accessCache;
  // the tally is looked up on each call: a worker swaps it between batches
  const fast = makeAccessFast({ cache: { get: (k) => cache.find(k) }, out: writing.out, listingFull: () => writing.tally.full(), leaveOut: () => writing.tally.leave("") });
  // where lines rarely repeat (a new id on every line) the fast path only looks twice: it stands
  // aside for a while when it took under 1 line in 4 of the last 4096 (a miss costs a few
  // searches and a hash, a hit saves the parse, rewrite and redaction of a line)
  let tried = 0;
  let taken = 0;
  let idle = 0;
  return (text, start, end, next, ascii) => {
    if (idle > 0) { idle--; return false; }
    const r = fast(text, start, end, next, ascii);
    if (r !== false) taken++;
    if (++tried === 4096) {
      if (taken < 4096 / 4) idle = 1 << 16;
      tried = taken = 0;
    }
    return r;
  };
}
