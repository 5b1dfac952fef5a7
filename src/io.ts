// All terminal I/O goes through an IO object, so tests can hand in fake streams.
import { PassThrough } from "node:stream";
import { UsageError } from "./errors.js";

export interface Out {
  write(chunk: string): boolean;
  /** bytes as they came (mids api's answer that is no UTF-8 text); absent where only text goes (a pager) */
  writeBytes?(chunk: Uint8Array): boolean;
  once(event: "drain", cb: () => void): unknown;
}

/**
 * Why a run's signal aborted when stdout's reader went away (`mids ... | head`): the run stops its
 * work, and ends with the exit code it reached (a failure found stands; an interruption is a
 * quiet 0), never a false green.
 */
export const STDOUT_CLOSED = "stdout closed";

/**
 * The working directory, asked for by the commands that read or write a path. One removed under
 * the run (a CI step in a workspace that was cleaned) is a usage error for those alone; before,
 * every command, `projects list` too, died with node's stack trace ("uv_cwd").
 */
export function workingDir(): string {
  try {
    return process.cwd();
  } catch (e) {
    throw new UsageError(`the working directory cannot be read (${(e as NodeJS.ErrnoException).code ?? "error"}): it was removed, or is not readable`, {
      hint: "cd to a directory that exists and run the command again",
    });
  }
}

/** The width stderr's closing lines, errors and notices wrap at: the terminal's, or none (one line each) when stderr is no terminal. */
export function stderrWrapWidth(io: Pick<IO, "stderrIsTTY" | "stderrColumns">): number | undefined {
  return io.stderrIsTTY ? io.stderrColumns : undefined;
}

export interface IO {
  stdout: Out;
  stderr: Out;
  stdin: NodeJS.ReadableStream;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** terminal width for stdout when a TTY, else undefined */
  columns?: number;
  /** terminal width for stderr when a TTY (status lines), else undefined */
  stderrColumns?: number;
  env: Record<string, string | undefined>;
  cwd: string;
  /** stdout is the process's own terminal, which a pager can take over (never a test's fake stream) */
  canPage?: boolean;
  /** colour on stderr/stdout: decided from --no-color, NO_COLOR, FORCE_COLOR and TTY */
  color: boolean;
}

/**
 * The process's stdout for commands: once its reader has gone away (EPIPE), writes are dropped and
 * a writer waiting for room is let go, so the command runs on to its own end and exit code. Its
 * `error` events still reach those who listen (migrate stops reading at the first).
 */
function closableStdout(s: NodeJS.WriteStream): Out & { on(event: "error", cb: (e: Error) => void): unknown } {
  return {
    // (callers may hand a Buffer and a callback, as to the stream itself: both go through)
    write: (...args: Parameters<NodeJS.WriteStream["write"]>) => {
      if (!s.destroyed) return s.write(...args);
      const cb = args.find((a) => typeof a === "function") as (() => void) | undefined;
      if (cb) process.nextTick(cb);
      return true;
    },
    writeBytes: (chunk) => (s.destroyed ? true : s.write(chunk)),
    once: (event, cb) => {
      if (s.destroyed) return void cb();
      const go = () => { s.off(event, go); s.off("close", go); cb(); };
      s.once(event, go);
      s.once("close", go);
    },
    on: (event, cb) => s.on(event, cb),
  };
}

/** `onStdoutClosed`: called once when stdout's reader goes away (EPIPE). Returns the watch's end. */
export function watchStdout(onStdoutClosed: () => void): () => void {
  const onError = (e: NodeJS.ErrnoException) => {
    if (e?.code !== "EPIPE") return;
    process.stdout.off("error", onError);
    onStdoutClosed();
  };
  process.stdout.on("error", onError);
  return () => process.stdout.off("error", onError);
}

export function processIO(): IO {
  const env = process.env;
  const stdoutIsTTY = !!process.stdout.isTTY;
  const stderrIsTTY = !!process.stderr.isTTY;
  return {
    stdout: closableStdout(process.stdout),
    stderr: process.stderr,
    // made when a command first reads it: Node builds the stream on first use, a cost every run that
    // never reads stdin would pay at start-up (figures: bench/RESULTS-scan.md)
    get stdin() {
      return process.stdin;
    },
    stdoutIsTTY,
    stderrIsTTY,
    get stdinIsTTY() {
      return !!process.stdin.isTTY;
    },
    columns: stdoutIsTTY ? process.stdout.columns : undefined,
    stderrColumns: stderrIsTTY ? process.stderr.columns : undefined,
    canPage: stdoutIsTTY,
    env,
    get cwd() {
      return workingDir();
    },
    color: colorWanted(env, stdoutIsTTY),
  };
}

/** NO_COLOR (any non-empty value) wins; FORCE_COLOR=0 disables, other values force; else TTY. */
export function colorWanted(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  return isTTY && env.TERM !== "dumb";
}

/**
 * Whether the run is in CI, where nothing is drawn on a terminal (spinners, countdowns, progress):
 * the CI variable set to anything but "", "0" or "false" (any case), as CI services set it to
 * "true" and a user turns it off with CI=false.
 */
export function inCI(env: Record<string, string | undefined>): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== "" && ci !== "0" && ci.toLowerCase() !== "false";
}

/** Write respecting back-pressure: resolves once the stream can take more. */
export function writeAsync(out: Out, chunk: string): Promise<void> | void {
  if (out.write(chunk)) return;
  return new Promise((resolve) => out.once("drain", () => resolve()));
}

/** writeAsync for bytes: false (nothing written) where the stream takes text only. */
export async function writeBytesAsync(out: Out, chunk: Uint8Array): Promise<boolean> {
  if (!out.writeBytes) return false;
  if (!out.writeBytes(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  return true;
}

export interface TestIO extends IO {
  out(): string;
  err(): string;
}

/** In-memory IO for unit tests. */
export function testIO(opts: Partial<IO> & { input?: string } = {}): TestIO {
  let out = "";
  let err = "";
  const stdin = new PassThrough();
  stdin.end(opts.input ?? "");
  // (bytes are kept one char each, latin1: a test reads them back with Buffer.from(out(), "latin1"))
  const mk = (sink: (s: string) => void): Out => ({ write: (s: string) => (sink(s), true), writeBytes: (b) => (sink(Buffer.from(b).toString("latin1")), true), once: () => undefined });
  return {
    stdout: mk((s) => (out += s)),
    stderr: mk((s) => (err += s)),
    stdin,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    env: {},
    cwd: process.cwd(),
    color: false,
    ...opts,
    out: () => out,
    err: () => err,
  };
}
