// `mids migrate` end to end: reader stage (reader.ts: inputs, gzip, formats) -> rewrite stage
// (rewrite-stage.ts: outcomes, cache, tally) -> write stage (write-stage.ts: output formats,
// report, listing), streaming with bounded memory. Each stage can be run and measured alone.
import { stderrWrapWidth, type IO } from "../io.js";
import { InterruptedError } from "../errors.js";
import { availableParallelism } from "node:os";
import { fastLineSink, itemHandler, runParts } from "./compose.js";
import type { Redactor } from "../redact/index.js";
import type { BlockLineSink } from "./lines.js";
import { makeProgress } from "./progress.js";
import type { Screen } from "../output/screen.js";
import { readInputs, ReadInterrupted, type Batcher, type HarBatcher, type InputInfo } from "./reader.js";
import { GZIP_MIN_DIVISOR, JOBS_MAX, PARALLEL_MIN_BYTES } from "./parallel/defaults.js";
import { YoungCap } from "./parallel/heap.js";
import { makeBatcher, makeHarBatcher, Pool, workerScript } from "./parallel/pool.js";
import type { BatchDone } from "./parallel/protocol.js";
import { RewriteStage } from "./rewrite-stage.js";
import { Tally, summaryText } from "./summary.js";
import { stripControl } from "../util/sanitize.js";
import { StdoutClosed, WriteStage } from "./write-stage.js";
import type { FromFormat, InputFormat, Outcome, OutputTarget, Status } from "./types.js";

/**
 * Worker threads by default: one per core but the main thread's (which reads, writes and takes
 * batches too when the workers are busy), up to JOBS_MAX; none on one core.
 */
export function defaultJobs(): number {
  const n = availableParallelism();
  return n < 2 ? 0 : Math.min(n - 1, JOBS_MAX);
}

export interface MigrateOptions {
  /** file paths; "-" is stdin */
  files: string[];
  fromFormat?: FromFormat;
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
  /** false: the general path everywhere: no fast reader, no access-line splicing (tests compare the two) */
  fastPath?: boolean;
  /** the run's redaction rules (tests add generated rules); default: the shipped ones. Main thread only. */
  redactor?: Redactor;
  /** SIGINT/SIGTERM: stop reading, write what is complete, print the summary so far */
  signal?: AbortSignal;
  /** --jobs: worker threads for large files (0: none); default defaultJobs() for files of PARALLEL_MIN_BYTES or more */
  jobs?: number;
  /** --verbose: say which inputs worker threads read */
  verbose?: boolean;
  /** test-only: the worker threads' script (from source there is none beside the bundle) */
  workerScript?: URL;
  /** test-only: the worker threads' batch size (parallel/pool.ts BatcherOptions.batchSize) */
  batchSize?: number;
  /** progress redraw interval on a terminal (ms) */
  progressEveryMs?: number;
  /** the command's status line: a rate-limit countdown pauses the progress line */
  screen?: Pick<Screen, "spinner">;
}

export interface MigrateResult {
  tally: Tally;
  failed: number;
  /** the run stopped early on the signal */
  interrupted?: boolean;
}

export async function migrate(io: IO, opts: MigrateOptions): Promise<MigrateResult> {
  const tally = new Tally();
  const { redaction, readers } = runParts(opts);
  const rewriting = new RewriteStage(tally, { now: opts.now, resolve: opts.resolve, targets: !opts.report, redactor: redaction.redactor, baseUrl: opts.baseUrl });
  const writing = new WriteStage(io, tally, { to: opts.to, report: opts.report, baseUrl: opts.baseUrl, version: opts.version, redaction });
  const progress = makeProgress(io, { quiet: opts.quiet, everyMs: opts.progressEveryMs, files: opts.files, handled: () => tally.total, screen: opts.screen });

  const item = itemHandler(rewriting, writing, redaction);
  const fastLines = (input: InputInfo): BlockLineSink | undefined => fastLineSink(rewriting, writing, redaction, input, opts);
  // large files go to worker threads (parallel/pool.ts), made on the first that needs them
  let pool: Pool | undefined;
  const poolFor = (input: InputInfo, size: number): Pool | undefined => {
    const jobs = opts.jobs ?? defaultJobs();
    // (a run with rules of its own stays on this thread: workers have the shipped ones)
    if (jobs < 1 || opts.resolve || io.stdoutIsTTY || opts.redactor) return undefined;
    if (opts.jobs === undefined && size < (input.gzip ? PARALLEL_MIN_BYTES / GZIP_MIN_DIVISOR : PARALLEL_MIN_BYTES)) return undefined;
    const script = opts.workerScript ?? workerScript();
    if (!script) return undefined;
    // the run's one output format (the first input's, or --to): a thread that never saw the first
    // input must not take the format of the first one it is given
    pool ??= new Pool(script, jobs, { to: opts.to ?? writing.format, report: opts.report, baseUrl: opts.baseUrl, version: opts.version, now: opts.now.getTime(), fastPath: opts.fastPath });
    if (opts.verbose) io.stderr.write(`migrate: ${stripControl(input.file)}: read by ${jobs} worker thread${jobs === 1 ? "" : "s"}\n`);
    return pool;
  };
  const deliver = (r: BatchDone) => {
    tally.merge(r.delta);
    return writing.part(r.out.subarray(0, r.outLength), r.records);
  };
  const parallel = (input: InputInfo, size: number): Batcher | undefined => {
    const p = poolFor(input, size);
    return p && makeBatcher({ pool: p, input, size: input.gzip ? size * 6 : size, deliver, batchSize: opts.batchSize });
  };
  const parallelHar = (input: InputInfo, size: number): HarBatcher | undefined => {
    const p = poolFor(input, size);
    return p && makeHarBatcher({ pool: p, input, deliver, batchSize: opts.batchSize });
  };

  // bytes read: progress, and the main thread's young generation looked at now and then
  const young = new YoungCap();
  const onBytes = (n: number) => { young.add(n); progress.bytes(n); };
  let interrupted = false;
  // a damaged input (truncated or corrupt gzip, unreadable file) stops the run; what was read
  // before it still goes out as on an interrupt: documents closed, the summary of what was read
  let damage: unknown;
  try {
    await readInputs(io, opts.files, { fromFormat: opts.fromFormat, signal: opts.signal, onBytes, readers, ...(opts.quiet ? { warn: () => undefined } : {}) }, {
      begin: (input) => writing.begin(input), item, fastLines, parallel, parallelHar,
    });
  } catch (e) {
    await pool?.close();
    if (e instanceof StdoutClosed) return { tally, failed: 0 };
    if (e instanceof ReadInterrupted) interrupted = true;
    else damage = e;
  } finally {
    // the reading is over, whichever way: the line is cleared (and its timer stopped) before
    // anything else is said
    progress.done();
  }
  await pool?.close();
  rewriting.settle();
  await writing.end();
  await writing.summary();
  // (an input refused before anything was read, a bzip2 file, is the error's one line alone)
  if (!opts.quiet && (damage === undefined || tally.total > 0)) io.stderr.write(summaryText(tally, { listLeftOut: !opts.report, width: stderrWrapWidth(io) }));
  if (damage !== undefined) throw damage;
  if (interrupted) {
    throw new InterruptedError(`interrupted after ${tally.total} request${tally.total === 1 ? "" : "s"}; the output holds every request read before`);
  }
  const failed = opts.failOn.reduce((n, s) => n + tally.byStatus[s], 0);
  return { tally, failed };
}
