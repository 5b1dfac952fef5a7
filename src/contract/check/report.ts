// `mids contract check` results as text (a table), JSON, and findings (src/findings: SARIF,
// GitHub annotations, JUnit, GitLab, checkstyle, stylish) for a nightly CI job.
import type { FindingsSet, Finding, RuleInfo } from "../../findings/types.js";
import { departureText } from "../shapes/shape.js";
import { oneLine } from "../../util/sanitize.js";
import { countText, wrapCounts } from "../../output/prose.js";
import { checkableRoutes, type CheckSummary, type RouteResult, type Violation } from "./index.js";
import { InterruptedError } from "../../errors.js";

export const RULES = {
  documented: { id: "contract/documented", text: "An answer does not hold the shape the spec documents (part 2, the route tables).", help: "The server departs from the documented contract: commands reading this route exit 7. Report it to the API's maintainers with 'mids contract check --save FILE'." },
  assumed: { id: "contract/assumed", text: "An answer departs from what mids assumes where the spec shows nothing: a payload's shape (spec 2.17), a Reset header's format, an error code's HTTP status, a read's success status.", help: "Not an error: mids passes the data through and renders what it can. docs/assumptions.md lists the assumption." },
  failed: { id: "contract/unchecked", text: "A route could not be checked: the call failed.", help: "Run again; 'mids api' shows the raw answer." },
} as const satisfies Record<string, RuleInfo>;


/**
 * The violations as text, one field wrong in many items of a list said once: `[].trend: number
 * expected, got string (in 50 items)`, the list's items named `[]` as a departure's are; a field
 * wrong once keeps its index (`data.1.rank`). -o json and the findings keep every item's.
 */
export function violationTexts(vs: readonly Violation[]): string[] {
  const groups = new Map<string, { v: Violation; field: string; n: number }>();
  for (const v of vs) {
    const field = v.field.replace(/(^|\.)\d+(?=\.|$)/g, "[]");
    const key = `${field}\u0000${v.expected}\u0000${v.got}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { v, field, n: 1 });
  }
  return [...groups.values()].map(({ v, field, n }) => n === 1 ? `${v.field}: ${v.expected} expected, got ${v.got}` : `${field}: ${v.expected} expected, got ${v.got} (in ${n} items)`);
}

/** What a result says, in a few words per column. */
export function resultCells(r: RouteResult): { documented: string; assumed: string; detail: string } {
  // a violation outranks a failure: an answer broke the contract even if a later probe of the route failed
  const documented = r.skipped ? "skipped" : r.documented === "violated" ? "violated" : r.failed ? "failed" : r.documented === "not-shown" ? "not shown" : r.documented ?? "";
  const assumed = r.skipped || (r.failed && !r.documented) ? "" : r.assumed === "none" ? "" : r.assumed ?? "";
  const failed = r.failed ? `${r.failed.code}${r.failed.status ? ` (${r.failed.status})` : ""}: ${r.failed.message}` : undefined;
  const detail = r.skipped ? r.skipped
    : [...violationTexts(r.violations), ...r.departures.map(departureText), ...failed ? [failed] : []].join("; ");
  return { documented, assumed, detail: oneLine(detail) };
}

/** The routes that depart from another assumption than their payload's shape (a header's format, a value), said apart. */
function elsewhere(s: CheckSummary): string {
  const n = s.departs - s.shapes.departs;
  return n > 0 ? `, ${n} route${n === 1 ? "" : "s"} depart${n === 1 ? "s" : ""} from another assumption (a header's format, a value)` : "";
}

/**
 * The summary line (stderr). `width`: the terminal's, when stderr is one: the line wraps at word
 * boundaries, each count beside its word (before, 60 columns cut it mid-word: "0 faile|d").
 */
export function summaryLine(s: CheckSummary, width?: number): string {
  const n = countText;
  const line = `contract check: ${n(s.routes)} route${s.routes === 1 ? "" : "s"}: documented shape ${n(s.holds)} hold${s.holds === 1 ? "s" : ""}, ${n(s.violated)} violated; assumed shape ${n(s.shapes.confirmed)} confirmed, ${n(s.shapes.departs)} depart${elsewhere(s)}; ${n(s.skipped)} skipped, ${n(s.failed)} failed`;
  return wrapCounts(line, width).join("\n") + "\n";
}

/**
 * Ctrl-C or SIGTERM stopped the check: what the routes checked so far gave (the violated ones
 * named), that no report was written, and the --routes that checks the ones left.
 */
export function interruptedCheck(results: readonly RouteResult[], s: CheckSummary, chosen: readonly { id: string }[]): InterruptedError {
  const n = countText;
  const named = (rs: readonly RouteResult[]) => rs.slice(0, 5).map((r) => `${r.method} ${r.path}`).join(", ") + (rs.length > 5 ? `, ${rs.length - 5} more` : "");
  const violated = results.filter((r) => r.documented === "violated");
  const failed = results.filter((r) => r.failed && r.documented !== "violated");
  const notShown = results.filter((r) => r.documented === "not-shown" && !r.failed).length;
  const counts = [`documented shape ${n(s.holds)} hold${s.holds === 1 ? "s" : ""}`, `${n(s.violated)} violated${violated.length ? ` (${named(violated)})` : ""}`, `${n(notShown)} not shown`,
    `${n(s.departs)} depart${s.departs === 1 ? "s" : ""} from an assumption`, `${n(s.skipped)} skipped`, `${n(s.failed)} failed${failed.length ? ` (${named(failed)})` : ""}`];
  const done = new Set(results.map((r) => r.route));
  const left = chosen.filter((r) => !done.has(r.id)).map((r) => r.id);
  return new InterruptedError(`interrupted: ${n(results.length)} of ${n(chosen.length)} routes checked: ${counts.join(", ")}; no report was written (a part of one would read as the whole run's)`, {
    hint: `run it again to check every route${left.length && left.length < chosen.length ? `, or only the ${n(left.length)} left: mids contract check --routes ${routesArg(left)}` : ""}`,
    details: { checked: results.length, of: chosen.length, summary: s, notChecked: left },
  });
}

/**
 * A `--routes` value that selects exactly `ids`, short enough to copy: a prefix (`v2.projects.*`,
 * `v3.*`) stands for its routes where every route it selects is among them (29 ids were 600
 * characters), quoted for the shell when it holds one.
 */
export function routesArg(ids: readonly string[]): string {
  const wanted = new Set(ids);
  const all = checkableRoutes().map((r) => r.id);
  const names: string[] = [];
  for (const id of ids) {
    const parts = id.split(".");
    // the shortest prefix of the id (`v2.`, `v2.projects.`) whose every route is wanted, where it stands for more than one
    const prefix = parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join(".")}.`).find((p) => {
      const under = all.filter((x) => x.startsWith(p));
      return under.length > 1 && under.every((x) => wanted.has(x));
    });
    const name = prefix ? `${prefix}*` : id;
    if (!names.includes(name)) names.push(name);
  }
  const arg = names.join(",");
  return arg.includes("*") ? `'${arg}'` : arg;
}

/** The JSON report (-o json / --format json): a CI interface. */
export function jsonReport(results: readonly RouteResult[], summary: CheckSummary): Record<string, unknown> {
  return { routes: results, summary };
}

/** One finding per violation, departure and failure; the "file" is the route's path. */
export function findingsSet(results: readonly RouteResult[], version: string): FindingsSet {
  const files = results.map((r) => {
    const file = `api${r.path}`.replace(/[{}]/g, "");
    const base = { file, line: 1, column: 1, endLine: 1, endColumn: 2, logical: `${r.method} ${r.path}` };
    const findings: Finding[] = [];
    for (const v of r.violations) {
      findings.push({ ...base, severity: "error", ruleId: RULES.documented.id, label: "violated", title: `${r.method} ${r.path}: ${v.field}`,
        message: oneLine(`${r.method} ${r.path}: the documented field ${v.field} is not what the spec says: ${v.expected} expected, got ${v.got}`),
        properties: { route: r.route, field: v.field, expected: v.expected, got: v.got }, key: `${r.route}\u0000${v.field}` });
    }
    for (const d of r.departures) {
      findings.push({ ...base, severity: "note", ruleId: RULES.assumed.id, label: "departs", title: `${r.method} ${r.path}: ${d.path}`,
        message: oneLine(`${r.method} ${r.path} departs from what mids assumes: ${departureText(d)}`),
        properties: { route: r.route, path: d.path, kind: d.kind, ...(d.expected ? { expected: d.expected } : {}), ...(d.got ? { got: d.got } : {}) }, key: `${r.route}\u0000${d.kind}\u0000${d.path}` });
    }
    if (r.failed) {
      findings.push({ ...base, severity: "warning", ruleId: RULES.failed.id, label: "failed", title: `${r.method} ${r.path}`,
        message: oneLine(`${r.method} ${r.path} could not be checked: ${r.failed.code}${r.failed.status ? ` (${r.failed.status})` : ""}: ${r.failed.message}`),
        properties: { route: r.route, code: r.failed.code }, key: `${r.route}\u0000failed` });
    }
    return { file, findings };
  }).filter((f) => f.findings.length);
  return { tool: { name: "mids", version }, rules: [RULES.documented, RULES.assumed, RULES.failed], files, suite: "mids contract check", classname: "contract" };
}
