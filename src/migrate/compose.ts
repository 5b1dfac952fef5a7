// How the stages of `mids migrate` meet, shared by the main thread (pipeline.ts) and the worker
// threads (parallel/worker.ts): every entry redacted, rewritten (counted) and written, and the
// access-log fast path in front of the line path.
import { makeAccessFast } from "./codecs/access/fast.js";
import type { BlockLineSink } from "./lines.js";
import type { InputInfo } from "./reader.js";
import { RunRedaction } from "./redact.js";
import { HitRateGate } from "../util/memo.js";
import type { Redactor } from "../redact/index.js";
import type { LineReaders } from "./reader.js";
import { FlatJsonReader } from "./codecs/ndjson/flat.js";
import { CurlForms } from "./codecs/curl/form.js";
import { SOURCES } from "./codecs/sources.js";
import type { RewriteStage } from "./rewrite-stage.js";
import type { WriteStage } from "./write-stage.js";
import type { Handler } from "./types.js";
import { notUnicode } from "./unicode.js";

/**
 * MIDS_MIGRATE_STRATEGY: `general` forces the general path everywhere (every reader, every
 * writer, no access-line splicing), `fast` (the default) lets the fast paths run. The output is
 * the same either way (test/e2e/migrate-strategies.test.ts): the switch is for checking that,
 * and for ruling a fast path out when something looks wrong.
 */
export const STRATEGIES = ["fast", "general"] as const;
export function strategyFastPath(value: string | undefined): boolean | string {
  if (value === undefined || value === "" || value === "fast") return true;
  if (value === "general") return false;
  return `MIDS_MIGRATE_STRATEGY must be ${STRATEGIES.join(" or ")}, not '${value}'`;
}

/** What a run (or a worker thread) holds besides its stages: its redaction and its fast readers. */
export interface RunParts {
  redaction: RunRedaction;
  readers: LineReaders;
}

/** A run's parts; `fastPath: false`: no fast reader (every entry the general way). */
export function runParts(opts: { fastPath?: boolean; redactor?: Redactor }): RunParts {
  const redaction = new RunRedaction(opts.redactor);
  const readers: LineReaders = opts.fastPath === false ? {} : { json: new FlatJsonReader(redaction.redactor), curl: new CurlForms(redaction.redactor) };
  return { redaction, readers };
}

/** Each entry: redacted, then rewritten and counted, then written (or listed). */
export function itemHandler(rewriting: RewriteStage, writing: WriteStage, redaction: RunRedaction): Handler {
  return (it0) => {
    let it = it0;
    // only JSON escapes make lone surrogates: logs read as UTF-8 have none
    if (it.kind === "request" && SOURCES[it.source.format].escaped(it.source)) {
      const bad = notUnicode(it.req);
      if (bad) it = { kind: "invalid", position: it.position, reason: bad, ...(it.file ? { file: it.file } : {}) };
    }
    // the one place secrets leave an entry (redact.ts): before the rewriter, report, listing or writer
    redaction.redactItem(it);
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
 * Where lines rarely repeat (a new id on every line) the access fast path only looks twice: it
 * stands aside for a while when it took under 1 line in 4 of the last 4096 (a miss costs a few
 * searches and a hash, a hit saves the parse, rewrite and redaction of a line).
 */
export const ACCESS_FAST_GATE = { window: 4096, minRate: 1 / 4, idle: 1 << 16 } as const;

/**
 * Access log in, access log out: a line whose request field was seen before is written by
 * splicing the cached v3 request into it, without parsing it (codecs/access/fast.ts).
 */
export function accessFastSink(rewriting: RewriteStage, writing: WriteStage, redaction: RunRedaction, input: InputInfo, opts: FastOptions): BlockLineSink | undefined {
  const direct = opts.fastPath !== false && !opts.report && !opts.resolve && writing.format === "access" && input.format === "access";
  if (!direct) return undefined;
  const cache = rewriting.cacheOf("access");
  // the tally is looked up on each call: a worker swaps it between batches
  const fast = makeAccessFast({
    cache: { get: (k) => cache.find(k) }, out: writing.out, redactor: redaction.redactor,
    listingFull: () => writing.tally.full(), leaveOut: () => writing.tally.leave(""),
  });
  const gate = new HitRateGate(ACCESS_FAST_GATE);
  return (text, start, end, next, ascii) => {
    if (!gate.open()) return false;
    const r = fast(text, start, end, next, ascii);
    gate.record(r !== false);
    return r;
  };
}
