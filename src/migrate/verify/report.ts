// The verdicts of `mids migrate verify` on stdout: a terminal listing (one line per request that is
// not equivalent, then a table per v2 route), one JSON report, or JSON lines then the summary.
import { escapeC1Json, oneLine } from "../../util/sanitize.js";
import { countText, wrapCounts } from "../../output/prose.js";
import { targetOf } from "../url.js";
import type { Difference } from "./compare.js";
import { GONE_ON_BOTH, VERDICTS, WINDOW_ON_BOTH, type VerifyRecord, type VerifySummary } from "./replay.js";

const SHOWN_DIFFERENCES = 5;
const VALUE_WIDTH = 40;

const where = (r: VerifyRecord) => `${r.file ? `${r.file}:` : ""}${r.position}`;
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n - 3) + "..." : s);
// a value's JSON, its invisible characters as escapes (a zero-width space or a bidi mark that is
// the whole difference would be removed from the line, and the two values read the same)
const valueText = (v: unknown, missing: boolean) => (missing ? "(missing)" : clip(escapeC1Json(JSON.stringify(v) ?? "null"), VALUE_WIDTH));

function differenceText(d: Difference): string {
  const name = d.v3Field ? `${d.field} (v3 ${d.v3Field})` : d.field;
  return `${name}: v2 ${valueText(d.v2, d.missing === "v2")}, v3 ${valueText(d.v3, d.missing === "v3")}`;
}

/** One record as JSON (the -o json items and the -o ndjson lines). */
export function recordJson(r: VerifyRecord): Record<string, unknown> {
  const { position, file, count, verdict, route, from, to, differences, ignored, unconfirmed, reason, errors, truncated } = r;
  return {
    position, ...(file ? { file } : {}), count, verdict, ...(route ? { route } : {}), from, to, differences, ...(unconfirmed ? { unconfirmed } : {}), ignored,
    ...(reason ? { reason } : {}), ...(errors ? { errors } : {}), ...(truncated ? { truncated } : {}),
  };
}

export function jsonReport(records: VerifyRecord[], summary: VerifySummary): string {
  return JSON.stringify({ requests: records.map(recordJson), summary }, null, 2) + "\n";
}

export function ndjsonReport(records: VerifyRecord[], summary: VerifySummary): string {
  return records.map((r) => JSON.stringify(recordJson(r)) + "\n").join("") + JSON.stringify({ summary }) + "\n";
}

const pad = (s: string, n: number) => s + " ".repeat(Math.max(0, n - s.length));

/** A verdict's colour on a terminal (NO_COLOR, --no-color: none): what needs a look stands out. */
const VERDICT_COLOUR: Record<string, string> = { equivalent: "32", differs: "33", failed: "1;31", skipped: "2" };

/** `width`: the terminal's columns (stdout a TTY): a table wider than that puts each route on a line of its own. */
export function terminalReport(records: VerifyRecord[], summary: VerifySummary, color = false, width?: number): string {
  const out: string[] = [];
  const paint = (v: string) => (color && VERDICT_COLOUR[v] ? `\u001b[${VERDICT_COLOUR[v]}m${v}\u001b[0m` : v);
  for (const r of records) {
    if (r.verdict === "equivalent") continue;
    // the log and the server are anyone's text: one line, no control sequences
    const head = `${where(r)}  ${r.from.method} ${targetOf(r.from)}  `;
    let line = "";
    if (r.verdict === "differs") {
      const shown = r.differences.slice(0, SHOWN_DIFFERENCES).map(differenceText).join("; ");
      const more = r.differences.length - SHOWN_DIFFERENCES;
      // past MAX_DIFFERENCES the comparison stopped counting: -o json holds the first ones, not all
      const rest = r.truncated ? `; ${more} more in -o json, which stops at ${r.differences.length} differences (truncated: true)`
        : more > 0 ? `; ${more} more (-o json lists them all)` : "";
      line += `  ${shown}${rest}`;
    } else if (r.verdict === "unconfirmed" && r.unconfirmed) {
      line += `  not in the v3 answer, whose shape is assumed: ${r.unconfirmed.map((u) => (u.v3Field ? `${u.field} (v3 ${u.v3Field})` : u.field)).join(", ")}`;
    } else if (r.errors?.length) {
      // (a skipped request with errors: both sides said not found, or refused the start for the history window)
      if (r.verdict === "skipped") line += `: ${r.reason?.startsWith(WINDOW_ON_BOTH) ? WINDOW_ON_BOTH : GONE_ON_BOTH}`;
      // the errors' own words (`project 'jutufi' not found`), as -o json has them, not only their codes
      line += `: ${r.errors.map((e) => `${e.side}: ${e.message}${e.status ? ` (${e.code}, ${e.status})` : ` (${e.code})`}`).join("; ")}`;
    } else if (r.reason) line += `: ${r.reason}`;
    // the verdict is ours: painted between the parts made safe
    out.push(oneLine(head) + paint(r.verdict) + oneLine(line));
  }
  const head = ["v2 route", ...VERDICTS];
  const rows = Object.entries(summary.routes).map(([route, c]) => [route, ...VERDICTS.map((v) => String(c[v]))]);
  rows.push(["total", ...VERDICTS.map((v) => String(summary[v]))]);
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  if (out.length) out.push("");
  const line = (row: string[]) => row.map((c, i) => (i ? c.padStart(w[i]) : pad(c, w[i]))).join("  ");
  if (width === undefined || line(head).length <= width) {
    for (const row of [head, ...rows]) out.push(line(row));
  } else {
    // wider than the terminal, whose wrapping would tear every row in two: each route on a line of
    // its own, its counts on the next under the verdicts
    const counts = (row: string[]) => "  " + row.slice(1).map((c, i) => c.padStart(w[i + 1])).join("  ");
    for (const row of [head, ...rows]) out.push(row[0], counts(row));
  }
  return out.join("\n") + "\n";
}

/**
 * The one-line summary on stderr. `width`: the terminal's, when stderr is one: the line wraps at
 * word boundaries, each count beside its verdict (before, 60 columns cut it mid-word: "uncon|firmed").
 */
export function summaryLine(s: VerifySummary, width?: number): string {
  const n = countText;
  const sample = !s.sample ? "" : s.sample.size >= s.sample.of ? ` (--sample takes all ${n(s.sample.of)} replayable)`
    : ` (a ${s.sample.first ? "first-N" : `random, --seed ${s.sample.seed}`} sample of ${n(s.sample.size)} of ${n(s.sample.of)} replayable)`;
  const invalid = s.invalid ? `; ${n(s.invalid)} line${s.invalid === 1 ? " is" : "s are"} not a request` : "";
  const notApi = s.notApi ? `; ${n(s.notApi)} not the API's, set aside (pages, assets, other hosts)` : "";
  const line = `migrate verify: ${n(s.total)} distinct request${s.total === 1 ? "" : "s"}${sample}: ${VERDICTS.map((v) => `${n(s[v])} ${v}`).join(", ")}${invalid}${notApi}`;
  return wrapCounts(line, width).join("\n") + "\n";
}
