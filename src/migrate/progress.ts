// Progress of a long `mids migrate` on a terminal: lines read, MB/s and % of the input size,
// redrawn in place on stderr at most a few times a second. Nothing is drawn when stderr is not
// a terminal, when the rewritten requests stream to the terminal too (stdout a TTY: a line drawn
// between them would be left in front of one and erase part of another), in CI (the CI variable
// is set) or with --quiet.
import { statSync } from "node:fs";
import { inCI, type IO } from "../io.js";
import { monotonicMs } from "../util/time.js";
import { cut } from "../output/screen.js";

const EVERY_MS = 250;

export interface Progress {
  /** n more bytes read (as stored: compressed for .gz); position: the current input's line or entry */
  bytes: (n: number, position: number) => void;
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

export function makeProgress(io: IO, opts: { quiet: boolean; everyMs?: number; files: string[] }): Progress {
  if (!progressWanted(io, opts.quiet, opts.files)) return { bytes: () => undefined, done: () => undefined };
  const every = opts.everyMs ?? EVERY_MS;
  let total = 0;
  for (const f of opts.files) {
    if (f === "-") { total = 0; break; }
    try { const st = statSync(f); if (st.isFile()) total += st.size; else { total = 0; break; } } catch { total = 0; break; }
  }
  const start = monotonicMs();
  let last = start;
  let seen = 0;
  let linesBefore = 0; // lines of the inputs already done
  let position = 0;
  let shown = false;
  return {
    bytes(n, pos) {
      seen += n;
      if (pos < position) linesBefore += position; // the next input began
      position = pos;
      const now = monotonicMs();
      if (now - last < every) return;
      last = now;
      const secs = (now - start) / 1000;
      const mbs = secs > 0 ? seen / 1048576 / secs : 0;
      const pct = total ? `  ${Math.min(100, (seen / total) * 100).toFixed(0)}%` : "";
      shown = true;
      // one line, a column short of the edge: a line that wraps is not redrawn in place by \r
      const line = `migrate: ${(linesBefore + position).toLocaleString("en")} lines  ${mbs.toFixed(1)} MB/s${pct}`;
      io.stderr.write(`\r\u001b[K${io.stderrColumns && io.stderrColumns > 1 ? cut(line, io.stderrColumns - 1) : line}`);
    },
    done() {
      if (shown) io.stderr.write("\r\u001b[K");
      shown = false;
    },
  };
}
