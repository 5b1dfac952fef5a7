// Progress of a long `mids migrate` on a terminal: requests handled, MB/s and % of the input size,
// redrawn in place on stderr at most a few times a second. Nothing is drawn when stderr is not
// a terminal, when the rewritten requests stream to the terminal too (stdout a TTY: a line drawn
// between them would be left in front of one and erase part of another), in CI (the CI variable
// is set) or with --quiet.
//
// What it says is what is done, never what was read ahead: the count is the requests handled (the
// tally, live), the percentage and MB/s the bytes whose lines have all been handed on (a chunk
// counts once the next one is asked for). It is redrawn on a timer too, so a slow run (--resolve
// waiting on the API) still moves, and it is the screen's status line: a rate-limit countdown
// pauses it and it comes back after.
import { statSync } from "node:fs";
import { inCI, type IO } from "../io.js";
import { monotonicMs } from "../util/time.js";
import { cut, type Screen } from "../output/screen.js";
import { countText } from "../output/prose.js";

const EVERY_MS = 250;

export interface Progress {
  /** the next n bytes of the input are being read (as stored: compressed for .gz); the ones before are done */
  bytes: (n: number) => void;
  /** clear the line (before the summary) */
  done: () => void;
}

export function progressWanted(io: IO, quiet: boolean, files: string[] = []): boolean {
  // a log typed at the terminal (`-` with stdin a TTY): no line drawn over what is typed
  if (io.stdinIsTTY && files.includes("-")) return false;
  // the requests themselves scroll past on the terminal: they are the progress
  if (io.stdoutIsTTY) return false;
  return io.stderrIsTTY && !quiet && !inCI(io.env);
}

export interface ProgressOptions {
  quiet: boolean;
  everyMs?: number;
  files: string[];
  /** the requests handled so far */
  handled: () => number;
  /** the command's status line: a countdown pauses the progress (Screen.spinner) */
  screen?: Pick<Screen, "spinner">;
}

export function makeProgress(io: IO, opts: ProgressOptions): Progress {
  if (!progressWanted(io, opts.quiet, opts.files)) return { bytes: () => undefined, done: () => undefined };
  const every = opts.everyMs ?? EVERY_MS;
  let total = 0;
  for (const f of opts.files) {
    if (f === "-") { total = 0; break; }
    try { const st = statSync(f); if (st.isFile()) total += st.size; else { total = 0; break; } } catch { total = 0; break; }
  }
  const start = monotonicMs();
  let last = start;
  let done = 0; // bytes whose lines are all handed on
  let reading = 0; // the bytes being read now
  let shown = false;
  let paused = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const draw = () => {
    if (paused) return;
    const now = monotonicMs();
    last = now;
    const secs = (now - start) / 1000;
    const mbs = secs > 0 ? done / 1048576 / secs : 0;
    const pct = total ? `  ${Math.min(100, (done / total) * 100).toFixed(0)}%` : "";
    const n = opts.handled();
    shown = true;
    // one line, a column short of the edge: a line that wraps is not redrawn in place by \r
    const line = `migrate: ${countText(n)} request${n === 1 ? "" : "s"}  ${mbs.toFixed(1)} MB/s${pct}`;
    io.stderr.write(`\r\u001b[K${io.stderrColumns && io.stderrColumns > 1 ? cut(line, io.stderrColumns - 1) : line}`);
  };
  const erase = () => {
    if (shown) io.stderr.write("\r\u001b[K");
    shown = false;
  };
  const off = opts.screen?.spinner({
    stop() { paused = true; erase(); },
    start() { paused = false; if (timer) draw(); },
  });
  return {
    bytes(n) {
      done += reading;
      reading = n;
      // (unref'd: a run that ends never waits for it)
      if (!timer) (timer = setInterval(draw, Math.max(every, 50))).unref?.();
      if (monotonicMs() - last >= every) draw();
    },
    done() {
      if (timer) clearInterval(timer);
      timer = undefined;
      off?.();
      erase();
    },
  };
}
