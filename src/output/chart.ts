// A terminal line chart for hourly series (trend, rank), drawn with box-drawing characters like
// asciichart, plus the one-screen summary printed under it: first, last, min, max, change.
// Pure: returns strings; the series command decides when stdout is a TTY. Timestamps are server
// text: they are printed through stripControl like any other.
import { oneLine, stripControl } from "../util/sanitize.js";
import { maxOf, minOf } from "../util/arrays.js";

export interface Point {
  timestamp: string;
  /** null: no value at this time (a gap, drawn as a gap) */
  value: number | null;
}

export interface ChartOptions {
  /** plot columns (excluding the axis labels) */
  width: number;
  /** plot rows (at most, for an integer axis) */
  height?: number;
  /** rank: 1 is best, drawn at the top */
  invert?: boolean;
  /** digits of the axis labels */
  digits?: number;
  /** whole-number values (rank): every row is one value or a whole step of them, labelled exactly */
  integer?: boolean;
}

const valueOf = (p: Point): number => p.value as number;

/**
 * Mark missing times as gaps: where two points are further apart than 1.5 times the series' own
 * step (the smallest interval between points), a null point is put between them.
 */
export function withGaps(points: readonly Point[]): Point[] {
  const t = points.map((p) => Date.parse(p.timestamp));
  let step = Infinity;
  for (let i = 1; i < t.length; i++) if (t[i] - t[i - 1] > 0) step = Math.min(step, t[i] - t[i - 1]);
  if (!Number.isFinite(step)) return [...points];
  const out: Point[] = [];
  points.forEach((p, i) => {
    if (i > 0 && t[i] - t[i - 1] > 1.5 * step && p.value !== null && points[i - 1].value !== null) {
      out.push({ timestamp: new Date(t[i - 1] + step).toISOString(), value: null });
    }
    out.push(p);
  });
  return out;
}

/**
 * Reduce to at most `width` points: each column shows the last value of its bucket, except that
 * the buckets holding the series' min and max show them, so the line reaches the extremes the
 * axis and the summary name. A bucket holding a gap is a gap (unless it holds an extreme). The
 * last column always ends on the last point.
 */
export function resample(points: readonly Point[], width: number): Point[] {
  if (points.length <= width || width < 1) return [...points];
  let lo = -1;
  let hi = -1;
  points.forEach((p, i) => {
    if (p.value === null) return;
    if (lo < 0 || p.value < valueOf(points[lo])) lo = i;
    if (hi < 0 || p.value > valueOf(points[hi])) hi = i;
  });
  const out: Point[] = [];
  let start = 0;
  for (let c = 0; c < width; c++) {
    const end = Math.max(start, Math.floor(((c + 1) * points.length) / width) - 1);
    const inBucket = (i: number) => i >= start && i <= end && c < width - 1;
    let gap = false;
    for (let i = start; i <= end; i++) if (points[i].value === null) gap = true;
    out.push(inBucket(hi) ? points[hi] : inBucket(lo) ? points[lo] : gap && c < width - 1 ? { timestamp: points[end].timestamp, value: null } : points[end]);
    start = end + 1;
  }
  return out;
}

/** The y axis: one value per row, top row first. */
function axis(lo: number, hi: number, opts: ChartOptions): { rows: number; valueAt(row: number): number; rowOf(v: number): number } {
  const invert = !!opts.invert;
  // a server's values may span more than a double holds (-1e308 to 1e308: hi - lo is Infinity);
  // such an axis is drawn by the fractions below, which never overflow
  if (opts.integer && Number.isFinite(Math.round(hi) - Math.round(lo))) {
    // a whole step per row, so every label is exactly the rank drawn on its row
    const maxRows = Math.max(1, opts.height ?? 12);
    const range = Math.round(hi) - Math.round(lo);
    const step = Math.max(1, Math.ceil(range / Math.max(1, maxRows - 1)));
    const rows = Math.ceil(range / step) + 1;
    const base = Math.round(lo);
    const top = base + (rows - 1) * step;
    return {
      rows,
      valueAt: (r) => (invert ? base + r * step : top - r * step),
      rowOf: (v) => {
        const k = Math.round((v - base) / step);
        return invert ? k : rows - 1 - k;
      },
    };
  }
  const rows = Math.max(2, opts.height ?? 10);
  // halves: (v - lo) / (hi - lo) without the differences, which overflow for far-apart values
  const span = hi / 2 - lo / 2;
  return {
    rows,
    valueAt: (r) => {
      const frac = r / (rows - 1);
      const f = invert ? frac : 1 - frac;
      return lo * (1 - f) + hi * f;
    },
    rowOf: (v) => {
      if (!(span > 0)) return Math.floor((rows - 1) / 2);
      const frac = Math.min(1, Math.max(0, (v / 2 - lo / 2) / span));
      return Math.round((invert ? frac : 1 - frac) * (rows - 1));
    },
  };
}

/** The chart as lines: a y-axis with labels, a box-drawing line with gaps left blank, and a time axis. */
export function renderChart(points: readonly Point[], opts: ChartOptions): string[] {
  const present = points.filter((p) => p.value !== null);
  // points whose values are all gaps (none a number mids can read) are not "no points"
  if (present.length === 0) return [points.length ? `(no values: ${points.length} ${points.length === 1 ? "point" : "points"}, none with a number)` : "(no points)"];
  const digits = opts.integer ? 0 : opts.digits ?? 2;
  const values = present.map(valueOf);
  const lo = minOf(values);
  const hi = maxOf(values);
  const ax = axis(lo, hi, opts);
  const height = ax.rows;
  const labelsAt = (row: number) => ax.valueAt(row).toFixed(digits);
  const labelWidth = Math.max(...Array.from({ length: height }, (_, r) => labelsAt(r).length));
  const data = resample(withGaps(points), Math.max(2, opts.width - labelWidth - 2));
  const rowOf = ax.rowOf;
  const grid: string[][] = Array.from({ length: height }, () => Array.from({ length: data.length }, () => " "));
  for (let x = 0; x < data.length; x++) {
    if (data[x].value === null) continue;
    const y = rowOf(valueOf(data[x]));
    // the first point, and the first after a gap, start a new stretch of line
    if (x === 0 || data[x - 1].value === null) { grid[y][x] = "─"; continue; }
    const prev = rowOf(valueOf(data[x - 1]));
    if (prev === y) { grid[y][x] = "─"; continue; }
    // the line leaves the previous row and arrives at this one in the same column
    const up = y < prev;
    grid[prev][x] = up ? "╯" : "╮";
    grid[y][x] = up ? "╭" : "╰";
    for (let r = Math.min(y, prev) + 1; r < Math.max(y, prev); r++) grid[r][x] = "│";
  }
  const lines = grid.map((row, r) => `${labelsAt(r).padStart(labelWidth)} ┤${row.join("")}`.trimEnd());
  const first = stripControl(points[0].timestamp).slice(0, 16).replace("T", " ");
  const last = stripControl(points[points.length - 1].timestamp).slice(0, 16).replace("T", " ");
  const axisWidth = data.length;
  const gap = Math.max(1, axisWidth - first.length - last.length);
  lines.push(`${" ".repeat(labelWidth)} └${"─".repeat(axisWidth)}`);
  lines.push(`${" ".repeat(labelWidth + 2)}${axisWidth >= first.length + last.length + 1 ? first + " ".repeat(gap) + last : `${first} → ${last}`}`);
  return lines;
}

/** A point with a value (summaries skip gaps). */
export interface Valued {
  timestamp: string;
  value: number;
}

export interface Summary {
  count: number;
  /** every point, those without a number (gaps) too */
  total?: number;
  first?: Valued;
  last?: Valued;
  min?: Valued;
  max?: Valued;
  change?: number;
  changePct?: number;
}

export function summarize(all: readonly Point[]): Summary {
  const points = all.filter((p): p is Valued => p.value !== null);
  if (points.length === 0) return { count: 0, total: all.length };
  let min = points[0];
  let max = points[0];
  for (const p of points) {
    if (p.value < min.value) min = p;
    if (p.value > max.value) max = p;
  }
  const first = points[0];
  const last = points[points.length - 1];
  const change = last.value - first.value;
  return { count: points.length, first, last, min, max, change, changePct: first.value !== 0 ? (change / Math.abs(first.value)) * 100 : undefined };
}

const fmt = (v: number, digits: number) => (Number.isInteger(v) && digits === 0 ? String(v) : v.toFixed(digits));
const when = (p: Valued) => oneLine(p.timestamp).replace(/:00(\.000)?Z$/, "Z");

/** The summary lines under the chart; for rank, a falling number is an improvement. */
export function renderSummary(s: Summary, opts: { digits?: number; invert?: boolean; label?: string } = {}): string[] {
  const d = opts.digits ?? 2;
  if (s.count === 0 || !s.first || !s.last || !s.min || !s.max) {
    // points that came without a number (a value of another type): said, never "no points"
    if (s.total) return [`${opts.label ?? "series"}: ${s.total} ${s.total === 1 ? "point" : "points"}, none with a number (-o json shows them)`];
    return [`${opts.label ?? "series"}: no points in the window`];
  }
  const sign = s.change! > 0 ? "+" : s.change! < 0 ? "" : "±";
  const pct = s.changePct !== undefined && !opts.invert ? ` (${s.changePct >= 0 ? "+" : ""}${s.changePct.toFixed(1)}%)` : "";
  const better = opts.invert && s.change !== 0 ? (s.change! < 0 ? ", better" : ", worse") : "";
  // the four values right-aligned, so their `at` times line up (rank 11 over rank 1, trend 9.50 over 100.00)
  const [first, last, min, max] = [s.first, s.last, s.min, s.max].map((p) => fmt(p.value, d));
  const w = Math.max(first.length, last.length, min.length, max.length);
  return [
    `points  ${s.count}`,
    `first   ${first.padStart(w)}  at ${when(s.first)}`,
    `last    ${last.padStart(w)}  at ${when(s.last)}`,
    `${opts.invert ? "best " : "min  "}   ${min.padStart(w)}  at ${when(s.min)}`,
    `${opts.invert ? "worst" : "max  "}   ${max.padStart(w)}  at ${when(s.max)}`,
    `change  ${sign}${fmt(s.change!, d)}${pct}${better}`,
  ];
}
