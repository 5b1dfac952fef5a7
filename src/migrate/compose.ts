// How the stages of `mids migrate` meet, shared by the main thread (pipeline.ts) and the worker
// threads (parallel/worker.ts): every entry redacted, rewritten (counted) and written, and a line
// codec's whole-line fast path in front of its line path (codecs/lines.ts).
import { LINE_CODECS, LINE_FORMATS } from "./codecs/lines.js";
import type { BlockLineSink } from "./lines.js";
import type { InputInfo } from "./reader.js";
import { RunRedaction } from "./redact.js";
import type { Redactor } from "../redact/index.js";
import type { LineReaders } from "./reader.js";
import { SOURCES } from "./codecs/sources.js";
import type { RewriteStage } from "./rewrite-stage.js";
import type { WriteStage } from "./write-stage.js";
import type { Handler } from "./types.js";
import { notUnicode } from "./unicode.js";
import { UsageError } from "../errors.js";

/**
 * MIDS_MIGRATE_STRATEGY: `general` forces the general path everywhere (every reader, every
 * writer, no access-line splicing), `fast` (the default) lets the fast paths run. The output is
 * the same either way (test/e2e/migrate-strategies.test.ts): the switch is for checking that,
 * and for ruling a fast path out when something looks wrong.
 */
export const STRATEGIES = ["fast", "general"] as const;
/** Whether the fast paths may run (MIDS_MIGRATE_STRATEGY's value); another value is a usage error (exit 2). */
export function strategyFastPath(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "fast") return true;
  if (value === "general") return false;
  throw new UsageError(`MIDS_MIGRATE_STRATEGY must be ${STRATEGIES.join(" or ")}, not '${value}'`, { hint: "unset it for the default (fast)" });
}

/** What a run (or a worker thread) holds besides its stages: its redaction and its fast readers. */
export interface RunParts {
  redaction: RunRedaction;
  readers: LineReaders;
}

/** A run's parts; `fastPath: false`: no fast reader (every entry the general way). */
export function runParts(opts: { fastPath?: boolean; redactor?: Redactor }): RunParts {
  const redaction = new RunRedaction(opts.redactor);
  const readers: LineReaders = {};
  if (opts.fastPath === false) return { redaction, readers };
  for (const f of LINE_FORMATS) {
    const r = LINE_CODECS[f].fastReader?.(redaction.redactor);
    if (r !== undefined) readers[f] = r;
  }
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
  /** false: every line through the line path (tests compare the two) */
  fastPath?: boolean;
  report?: "json" | "ndjson";
  resolve?: unknown;
}

/**
 * The input's line codec's whole-line fast path (line-codec.ts LineCodec.fastLines), when the run
 * writes the input's own format and nothing else (no report, no --resolve); undefined otherwise.
 */
export function fastLineSink(rewriting: RewriteStage, writing: WriteStage, redaction: RunRedaction, input: InputInfo, opts: FastOptions): BlockLineSink | undefined {
  // (a Docker JSON log's lines are JSON around the format's lines: the line path unwraps them)
  if (opts.fastPath === false || opts.report || opts.resolve || input.format === "har" || input.docker || input.cloudfront || writing.format !== input.format) return undefined;
  const codec = LINE_CODECS[input.format];
  if (!codec.fastLines) return undefined;
  const cache = rewriting.cacheOf(input.format);
  // the tally is looked up on each call: a worker swaps it between batches
  return codec.fastLines({
    cache: { get: (k) => cache.find(k) }, out: writing.out, redactor: redaction.redactor,
    listingFull: () => writing.tally.full(), leaveOut: () => writing.tally.leave(""),
  });
}
