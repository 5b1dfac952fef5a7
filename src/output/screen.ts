// The one status line on stderr (a spinner, a rate-limit countdown): one line, cut to the terminal
// width, redrawn in place; a countdown pauses the spinner; whatever is drawn is erased before the
// process exits on any path (bin/mids runs the erasers before process.exit: `| head`, a second
// Ctrl-C, SIGTERM's deadline).
import type { IO } from "../io.js";
import { displayWidth, fitWidth } from "./width.js";

/** A drawn thing the screen can pause (a spinner): stop() erases it, start() draws it again. */
export interface Pausable {
  stop(): void;
  start(): void;
}

/** Register `fn` to run before the process exits; returns its removal. */
export type OnExit = (fn: () => void) => () => void;

export interface Screen {
  /** stderr's width in columns on a terminal (80 when the terminal does not say) */
  columns(): number;
  /** `text` cut to fit one line of the terminal (never wraps, so `\r` redraws it in place) */
  fit(text: string): string;
  /** the spinner to pause while a countdown is drawn; returns its removal */
  spinner(s: Pausable): () => void;
  /** pause the spinner (nested pauses stack); the returned resume() may be called more than once */
  pause(): () => void;
  /** `erase` runs if the process exits while the line is drawn; returns done() */
  drawn(erase: () => void): () => void;
}

/** `text` cut to `width` columns with `…` when longer; never padded. */
export function cut(text: string, width: number): string {
  return displayWidth(text) <= width ? text : fitWidth(text, Math.max(1, width)).trimEnd();
}

export function makeScreen(io: IO, onExit?: OnExit): Screen {
  let current: Pausable | undefined;
  let pauses = 0;
  const columns = () => (io.stderrColumns && io.stderrColumns > 0 ? io.stderrColumns : Number(io.env.COLUMNS) || 80);
  return {
    columns,
    // one column short of the edge: a line that fills the last column wraps on some terminals
    fit: (text) => cut(text, columns() - 1),
    spinner(s) {
      current = s;
      if (pauses > 0) s.stop();
      const off = onExit?.(() => s.stop());
      return () => {
        off?.();
        if (current === s) current = undefined;
      };
    },
    pause() {
      if (pauses++ === 0) current?.stop();
      let resumed = false;
      return () => {
        if (resumed) return;
        resumed = true;
        if (--pauses === 0) current?.start();
      };
    },
    drawn: (erase) => onExit?.(erase) ?? (() => undefined),
  };
}
