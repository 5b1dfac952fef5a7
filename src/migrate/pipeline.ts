// `mids migrate` end to end: reader stage (reader.ts: inputs, gzip, formats) -> rewrite stage
// (rewrite-stage.ts: outcomes, cache, tally) -> write stage (write-stage.ts: output formats,
// report, listing), streaming with bounded memory. Each stage can be run and measured alone.
import type { IO } from "../io.js";
import { InterruptedError } from "../errors.js";
import { makeAccessFast } from "./access-fast.js";
import type { BlockLineSink } from "./lines.js";
import { makeProgress } from "./progress.js";
import { readInputs, ReadInterrupted, type InputInfo } from "./reader.js";
import { RewriteStage } from "./rewrite-stage.js";
import { redactItem } from "./redact.js";
import { Tally, summaryText } from "./summary.js";
import { StdoutClosed, WriteStage } from "./write-stage.js";
import type { InputFormat, Item, Outcome, OutputTarget, Status } from "./types.js";

export interface MigrateOptions {
  /** file paths; "-" is stdin */
  files: string[];
  fromFormat?: InputFormat;
  to?: OutputTarget;
  /** -o json / -o ndjson: the report instead of the rewritten requests */
  report?: "json" | "ndjson";
  failOn: Status[];
  quiet: boolean;
  baseUrl?: string;
  version: string;
  now: Date;
  /** --resolve: finish pending work online */
  resolve?: (o: Outcome) => Promise<Outcome>;
  /** false: every access line through the line path (tests compare the two) */
  fastPath?: boolean;
  /** SIGINT/SIGTERM: stop reading, write what is complete, print the summary so far */
  signal?: AbortSignal;
  /** progress redraw interval on a terminal (ms) */
  progressEveryMs?: number;
}

export interface MigrateResult {
  tally: Tally;
  failed: number;
  /** the run stopped early on the signal */
  interrupted?: boolean;
}

export async function migrate(io: IO, opts: MigrateOptions): Promise<MigrateResult> {
  const tally = new Tally();
  const rewriting = new RewriteStage(tally, { now: opts.now, resolve: opts.resolve });
  const writing = new WriteStage(io, tally, { to: opts.to, report: opts.report, baseUrl: opts.baseUrl, version: opts.version });
  const progress = makeProgress(io, { quiet: opts.quiet, everyMs: opts.progressEveryMs, files: opts.files });

  const item = (it: Item): void | Promise<void> => {
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
  // access log in, access log out: a line whose request field was seen before is written by
  // splicing the cached v3 request into it, without parsing it (access-fast.ts)
  const accessFast = (input: InputInfo): BlockLineSink | undefined => {
    const direct = opts.fastPath !== false && !opts.report && !opts.resolve && writing.format === "access" && input.format === "access";
    if (!direct) return undefined;
    const cache = rewriting.accessCache;
    const fast = makeAccessFast({ cache: { get: (k) => cache.find(k) }, out: writing.out, listingFull: () => tally.full(), leaveOut: () => tally.leave("") });
    // where lines rarely repeat (a new id on every line) the fast path only looks twice: it stands
    // aside for a while when it took under 1 line in 20 of the last 4096
    let tried = 0;
    let taken = 0;
    let idle = 0;
    return (text, start, end, next, ascii) => {
      if (idle > 0) { idle--; return false; }
      const r = fast(text, start, end, next, ascii);
      if (r !== false) taken++;
      if (++tried === 4096) {
        if (taken < 4096 / 20) idle = 1 << 16;
        tried = taken = 0;
      }
      return r;
    };
  };

  let interrupted = false;
  try {
    await readInputs(io, opts.files, { fromFormat: opts.fromFormat, signal: opts.signal, onBytes: progress.bytes }, {
      begin: (input) => writing.begin(input), item, accessFast,
    });
  } catch (e) {
    if (e instanceof StdoutClosed) { progress.done(); return { tally, failed: 0 }; }
    if (!(e instanceof ReadInterrupted)) {
      // a damaged input (truncated gzip, unreadable file): what was read before it still goes out
      progress.done();
      await writing.end();
      throw e;
    }
    interrupted = true;
  }
  rewriting.settle();
  await writing.end();
  progress.done();
  await writing.summary();
  if (!opts.quiet) io.stderr.write(summaryText(tally, { listLeftOut: !opts.report }));
  if (interrupted) {
    throw new InterruptedError(`interrupted after ${tally.total} request${tally.total === 1 ? "" : "s"}; the output holds every request read before`);
  }
  const failed = opts.failOn.reduce((n, s) => n + tally.byStatus[s], 0);
  return { tally, failed };
}
