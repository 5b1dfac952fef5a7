// A terminal line chart for hourly series (trend, rank), drawn with box-drawing characters like
// asciichart, plus the one-screen summary printed under it: first, last, min, max, change.
// Pure: returns strings; the series command decides when stdout is a TTY.

export interface Point {
  timestamp: string;
  value: number;
}

export interface ChartOptions {
  /** plot columns (excluding the axis labels) */
  width: number;
  /** plot rows */
  height?: number;
  /** rank: 1 is best, drawn at the top */
  invert?: boolean;
  /** digits of the axis labels */
  digits?: number;
}

/**
 * Reduce to at most `width` points: each column shows the last value of its bucket, except that
 * the buckets holding the series' min and max show them, so the line reaches the extremes the
 * axis and the summary name. The last column always ends on the last point.
 */
export function resample(points: readonly Point[], width: number): Point[] {
  if (points.length <= width || width < 1) return [...points];
  let lo = 0;
  let hi = 0;
  points.forEach((p, i) => {
    if (p.value < points[lo].value) lo = i;
    if (p.value > points[hi].value) hi = i;
  });
  const out: Point[] = [];
  let start = 0;
  for (let c = 0; c < width; c++) {
    const end = Math.max(start, Math.floor(((c + 1) * points.length) / width) - 1);
    const inBucket = (i: number) => i >= start && i <= end && c < width - 1;
    out.push(points[inBucket(hi) ? hi : inBucket(lo) ? lo : end]);
    start = end + 1;
  }
  return out;
}

/** The chart as lines: a y-axis with labels, a box-drawing line, and a time axis underneath. */
export function renderChart(points: readonly Point[], opts: ChartOptions): string[] {
  if (points.length === 0) return ["(no points)"];
  const height = Math.max(2, opts.height ?? 10);
  const digits = opts.digits ?? 2;
  const values = points.map((p) => p.value);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const labelsAt = (row: number) => {
    const frac = row / (height - 1);
    const v = opts.invert ? lo + frac * (hi - lo) : hi - frac * (hi - lo);
    return v.toFixed(digits);
  };
  const labelWidth = Math.max(...Array.from({ length: height }, (_, r) => labelsAt(r).length));
  const data = resample(points, Math.max(2, opts.width - labelWidth - 2));
  const span = hi - lo || 1;
  // row 0 is the top line
  const rowOf = (v: number) => {
    const frac = (v - lo) / span;
    const r = Math.round((opts.invert ? frac : 1 - frac) * (height - 1));
    return hi === lo ? Math.floor((height - 1) / 2) : r;
  };
  const grid: string[][] = Array.from({ length: height }, () => Array.from({ length: data.length }, () => " "));
  for (let x = 0; x < data.length; x++) {
    const y = rowOf(data[x].value);
    if (x === 0) { grid[y][x] = "─"; continue; }
    const prev = rowOf(data[x - 1].value);
    if (prev === y) { grid[y][x] = "─"; continue; }
    // the line leaves the previous row and arrives at this one in the same column
    const up = y < prev;
    grid[prev][x] = up ? "╯" : "╮";
    grid[y][x] = up ? "╭" : "╰";
    for (let r = Math.min(y, prev) + 1; r < Math.max(y, prev); r++) grid[r][x] = "│";
  }
  const lines = grid.map((row, r) => `${labelsAt(r).padStart(labelWidth)} ┤${row.join("")}`);
  const first = points[0].timestamp.slice(0, 16).replace("T", " ");
  const last = points[points.length - 1].timestamp.slice(0, 16).replace("T", " ");
  const axisWidth = data.length;
  const gap = Math.max(1, axisWidth - first.length - last.length);
  lines.push(`${" ".repeat(labelWidth)} └${"─".repeat(axisWidth)}`);
  lines.push(`${" ".repeat(labelWidth + 2)}${axisWidth >= first.length + last.length + 1 ? first + " ".repeat(gap) + last : `${first} → ${last}`}`);
  return lines;
}

export interface Summary {
  count: number;
  first?: Point;
  last?: Point;
  min?: Point;
  max?: Point;
  change?: number;
  changePct?: number;
}

export function summarize(points: readonly Point[]): Summary {
  if (points.length === 0) return { count: 0 };
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
const when = (p: Point) => p.timestamp.replace(/:00(\.000)?Z$/, "Z");

/** The summary lines under the chart; for rank, a falling number is an improvement. */
export function renderSummary(s: Summary, opts: { digits?: number; invert?: boolean; label?: string } = {}): string[] {
  const d = opts.digits ?? 2;
  if (s.count === 0 || !s.first || !s.last || !s.min || !s.max) return [`${opts.label ?? "series"}: no points in the window`];
  const sign = s.change! > 0 ? "+" : s.change! < 0 ? "" : "±";
  const pct = s.changePct !== undefined && !opts.invert ? ` (${s.changePct >= 0 ? "+" : ""}${s.changePct.toFixed(1)}%)` : "";
  const better = opts.invert && s.change !== 0 ? (s.change! < 0 ? ", better" : ", worse") : "";
  return [
    `points  ${s.count}`,
    `first   ${fmt(s.first.value, d)}  at ${when(s.first)}`,
    `last    ${fmt(s.last.value, d)}  at ${when(s.last)}`,
    `${opts.invert ? "best " : "min  "}   ${fmt(opts.invert ? s.min.value : s.min.value, d)}  at ${when(s.min)}`,
    `${opts.invert ? "worst" : "max  "}   ${fmt(s.max.value, d)}  at ${when(s.max)}`,
    `change  ${sign}${fmt(s.change!, d)}${pct}${better}`,
  ];
}
