// Horizontal percentage bars (cluster composition of an intel item, spec 2.4) for a terminal.
// Pure: returns lines. Labels are server text: control sequences are stripped.
import { stripControl } from "../util/sanitize.js";
import { displayWidth, fitWidth } from "./width.js";
import { maxOf } from "../util/arrays.js";

export interface Bar {
  label: string;
  percentage: number;
}

const EIGHTHS: readonly string[] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/** A bar of `pct` percent of `width` cells, in eighth-cell steps. */
export function bar(pct: number, width: number): string {
  const p = Math.max(0, Math.min(100, Number.isFinite(pct) ? pct : 0));
  const eighths = Math.round((p / 100) * width * 8);
  return "█".repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

export function renderBars(bars: readonly Bar[], opts: { width: number; color?: boolean }): string[] {
  const labels = bars.map((b) => stripControl(b.label).replace(/\s+/g, " "));
  const labelWidth = Math.min(28, Math.max(0, maxOf(labels.map((l) => displayWidth(l)))));
  const pctText = bars.map((b) => `${(Number.isFinite(b.percentage) ? b.percentage : 0).toFixed(1)}%`);
  const pctWidth = maxOf(pctText.map((t) => t.length));
  const barWidth = Math.max(10, opts.width - labelWidth - pctWidth - 4);
  return bars.map((b, i) => {
    const label = fitWidth(labels[i], labelWidth);
    const body = bar(b.percentage, barWidth);
    const shown = opts.color ? `\u001b[36m${body}\u001b[39m` : body;
    return `${label}  ${pctText[i].padStart(pctWidth)}  ${shown}`.trimEnd();
  });
}
