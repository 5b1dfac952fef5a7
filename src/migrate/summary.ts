// The run's tallies and the summary printed on stderr: counts per status, per v2 route and per
// rule, and the requests left out of the rewritten output.
import { route as routeById } from "../contract/routes.js";
import { countText, wrapCounts, wrapProse } from "../output/prose.js";
import { STATUSES, type Status } from "./types.js";

export const LISTED_MAX = 50;
const INVALID_RULE = "invalid-input";
/** A count of 0 for every status (STATUSES: a status added there is counted everywhere). */
const noCounts = (): Record<Status, number> => Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;

export class Tally {
  total = 0;
  byStatus: Record<Status, number> = noCounts();
  byRoute = new Map<string, Record<Status, number>>();
  byRule = new Map<string, { count: number; message: string }>();
  leftOut: string[] = [];
  leftOutCount = 0;

  add(status: Status, routeId?: string, n = 1): void {
    this.total += n;
    this.byStatus[status] += n;
    if (routeId) {
      let r = this.byRoute.get(routeId);
      if (!r) this.byRoute.set(routeId, (r = noCounts()));
      r[status] += n;
    }
  }

  rule(rule: string, message: string, n = 1): void {
    const r = this.byRule.get(rule);
    if (r) r.count += n;
    else if (rule === INVALID_RULE && this.byRule.size) {
      // invalid input is listed first, whenever it turns up
      this.byRule = new Map([[rule, { count: n, message }], ...this.byRule]);
    } else this.byRule.set(rule, { count: n, message });
  }

  full(): boolean {
    return this.leftOut.length >= LISTED_MAX;
  }

  leave(line: string): void {
    this.leftOutCount++;
    if (this.leftOut.length < LISTED_MAX) this.leftOut.push(line);
  }

  /** What this tally holds, as plain data (a worker thread sends it to the main thread). */
  delta(): TallyDelta {
    return { byStatus: this.byStatus, total: this.total, byRoute: [...this.byRoute], byRule: [...this.byRule].map(([rule, r]) => [rule, r.count, r.message]), leftOut: this.leftOut, leftOutCount: this.leftOutCount };
  }

  /** Add a later part of the input's counts (in input order: first appearances keep their order). */
  merge(d: TallyDelta): void {
    this.total += d.total;
    for (const s of STATUSES) this.byStatus[s] += d.byStatus[s];
    for (const [id, c] of d.byRoute) {
      const r = this.byRoute.get(id);
      if (!r) this.byRoute.set(id, { ...c });
      else for (const s of STATUSES) r[s] += c[s];
    }
    for (const [rule, count, message] of d.byRule) this.rule(rule, message, count);
    for (const l of d.leftOut) if (this.leftOut.length < LISTED_MAX) this.leftOut.push(l);
    this.leftOutCount += d.leftOutCount;
  }

  summary(): Record<"total" | Status, number> {
    return { total: this.total, ...this.byStatus };
  }
}

/** A tally as plain data: Tally.delta() and Tally.merge(). */
export interface TallyDelta {
  total: number;
  byStatus: Record<Status, number>;
  byRoute: [string, Record<Status, number>][];
  byRule: [string, number, string][];
  leftOut: string[];
  leftOutCount: number;
}

const pad = (s: string, n: number) => s + " ".repeat(Math.max(0, n - s.length));

/** `width`: the terminal's, when stderr is one: the count line and notes wrap at word boundaries under their indent. */
export function summaryText(t: Tally, opts: { listLeftOut: boolean; width?: number }): string {
  const out: string[] = [];
  // the count line wraps at word boundaries too (before, a 60-column terminal cut "ski|pped")
  // (a count stays with its status)
  const counts = `migrate: ${countText(t.total)} request${t.total === 1 ? "" : "s"}: ` + STATUSES.map((s) => `${countText(t.byStatus[s])} ${s}`).join(", ");
  out.push(...wrapCounts(counts, opts.width));
  if (t.byRoute.size) {
    const shown = STATUSES.filter((s) => s !== "invalid" && s !== "unchanged" && s !== "unrecognized" && s !== "skipped");
    const rows = [...t.byRoute].map(([id, c]) => { const r = routeById(id); return [`${r.method} ${r.path}`, ...shown.map((s) => countText(c[s]))]; });
    const head = ["v2 route", ...shown];
    const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    out.push("", head.map((h, i) => pad(h, w[i])).join("  ").trimEnd());
    for (const r of rows) out.push(r.map((c, i) => (i ? c.padStart(w[i]) : pad(c, w[i]))).join("  "));
  }
  if (t.byRule.size) {
    out.push("", "notes:");
    for (const [rule, r] of t.byRule) out.push(...wrapProse(`  ${rule} (${countText(r.count)}): ${r.message}`, opts.width, 4));
  }
  if (opts.listLeftOut && t.leftOutCount) {
    // (skipped requests are left out too, counted above, never listed: a page's assets would bury the rest)
    out.push("", `left out of the output (no v3 request${t.byStatus.skipped ? ", skipped ones aside" : ""}): ${countText(t.leftOutCount)}`);
    for (const l of t.leftOut) out.push(`  ${l}`);
    if (t.leftOutCount > t.leftOut.length) out.push(`  ... and ${countText(t.leftOutCount - t.leftOut.length)} more (-o json lists every request)`);
  }
  return out.join("\n") + "\n";
}
