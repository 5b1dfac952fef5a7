// A command's progress on stderr: an ora spinner with a line of text, only on an interactive
// terminal (never in CI, piped or with --quiet). It is the screen's status line: paused while a
// rate-limit countdown is drawn, erased on every exit path (ctx.screen). Updates are cheap to
// make often: the text is made and set at most every UPDATE_MS, the last one always.
import type { Context } from "../context.js";
import { inCI } from "../io.js";
import { throttleLatest } from "../util/throttle.js";
import { countText } from "./prose.js";

const UPDATE_MS = 100;

export interface ProgressLine {
  /** the text after the spinner: built only when it is shown (`text` a function) */
  update(text: string | (() => string)): void;
  /** `scanning: 862 of 6,000 files` */
  count(doing: string, done: number, of: number, things: string): void;
  stop(): void;
}

export interface ProgressLineOptions {
  /**
   * also when stdout is not a terminal: for a command that writes nothing to stdout until it ends
   * (migrate verify, migrate scan), whose progress matters most when its report goes to a file
   */
  whenStdoutPiped?: boolean;
  /** the first text */
  text?: string;
}

export async function progressLine(ctx: Context, opts: ProgressLineOptions = {}): Promise<ProgressLine | undefined> {
  if (!ctx.io.stderrIsTTY || (!ctx.io.stdoutIsTTY && !opts.whenStdoutPiped) || ctx.globals.quiet || inCI(ctx.io.env)) return undefined;
  // ora draws only on a stream that is a terminal itself (elsewhere it logs '- text' lines); a
  // pseudo-terminal without a size reports 0 columns: ora would loop clearing Infinity lines
  const stream = ctx.io.stderr as { isTTY?: boolean; columns?: number };
  if (!stream.isTTY || stream.columns === 0) return undefined;
  const { default: ora } = await import("ora");
  const spinner = ora({ text: opts.text ?? "fetching", stream: ctx.io.stderr as NodeJS.WritableStream, discardStdin: false });
  const fit = (text: string) => ctx.screen?.fit(`xx${text}`).slice(2) ?? text;
  spinner.start();
  const off = ctx.screen?.spinner({ stop: () => spinner.stop(), start: () => void spinner.start() });
  // an update too soon after the last is shown a little later (the last one always is)
  const shown = throttleLatest<string | (() => string)>(UPDATE_MS, (text) => { spinner.text = fit(typeof text === "function" ? text() : text); });
  const update = (text: string | (() => string)) => shown.push(text);
  return {
    update,
    count: (doing, done, of, things) => update(() => `${doing}: ${countText(done)} of ${countText(of)} ${things}`),
    stop: () => {
      shown.cancel();
      off?.();
      spinner.stop();
    },
  };
}
