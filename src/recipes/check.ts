// Check one recipe file: parse locally, send each document of a clean file to the validator
// (POST /v2/recipes/validate), map the issues back to lines. Files run concurrently, bounded.
import { locatePath } from "./locate.js";
import { parseRecipeText, sendable } from "./parse.js";
import type { FileReport, Finding, RecipeSummary } from "./types.js";

/** spec 2.10 */
export interface ValidationResult {
  valid: boolean;
  issues: { path: string; message: string }[];
  recipe?: RecipeSummary;
}

export type Validator = (source: string) => Promise<ValidationResult>;

/** `invalidAt`: where the input's first bytes that are no UTF-8 were (src/recipes/decode). */
export async function checkText(file: string, input: string, validate: Validator, invalidAt?: number): Promise<FileReport> {
  const parsed = parseRecipeText(file, input, invalidAt);
  const text = parsed.text;
  const report: FileReport = { file, text, documents: parsed.documents.length, findings: [...parsed.findings], sent: false, recipes: [] };
  if (!sendable(parsed)) return report;
  report.sent = true;
  for (const d of parsed.documents) {
    let res: ValidationResult;
    try {
      res = await validate(d.source);
    } catch (error) {
      // the documents checked before keep their findings; the file is reported as not checked
      report.notChecked = { error };
      break;
    }
    if (res.recipe) report.recipes.push(res.recipe);
    // issues on a valid recipe do not fail it: they are reported as warnings
    const severity = res.valid ? "warning" : "error";
    const issues = !res.valid && res.issues.length === 0
      ? [{ path: "", message: "the service reported the recipe invalid without naming an issue" }]
      : res.issues;
    for (const issue of issues) {
      const r = locatePath(d.doc, parsed.lineCounter, issue.path, text);
      const f: Finding = {
        file, line: r.line, column: r.column, endLine: r.endLine, endColumn: r.endColumn,
        path: issue.path, message: issue.message, severity, source: "server", document: d.index,
      };
      report.findings.push(f);
    }
  }
  report.findings.sort((a, b) => a.line - b.line || a.column - b.column);
  return report;
}

/**
 * Map with at most `limit` calls in flight; results keep the input order. The first failure stops
 * new work and is rethrown once the calls in flight have settled (a batch reports its items'
 * failures in their results instead). An aborted `signal` stops new work: the items never
 * started are left undefined.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>, signal?: AbortSignal): Promise<(R | undefined)[]> {
  // undefined, not holes, for the items never started: map and filter skip a hole, and the files an
  // interrupt left unstarted were missing from SARIF's list of files not checked
  const results: (R | undefined)[] = Array.from({ length: items.length }, () => undefined);
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (!failure && !signal?.aborted && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i], i);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.err;
  return results;
}

export interface Summary {
  /** files checked whole */
  files: number;
  /** files not checked, or checked only in part (a server, network or read failure, or an interrupt) */
  notChecked: number;
  valid: number;
  withFindings: number;
  findings: number;
  errors: number;
  warnings: number;
}

export function summarize(reports: readonly FileReport[]): Summary {
  const all = reports.flatMap((r) => r.findings);
  const errors = all.filter((f) => f.severity === "error").length;
  const checked = reports.filter((r) => !r.notChecked);
  return {
    files: checked.length,
    notChecked: reports.length - checked.length,
    valid: checked.filter((r) => !r.findings.some((f) => f.severity === "error")).length,
    withFindings: reports.filter((r) => r.findings.length > 0).length,
    findings: all.length,
    errors,
    warnings: all.length - errors,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function summaryLine(s: Summary): string {
  const detail = s.warnings ? ` (${plural(s.errors, "error")}, ${plural(s.warnings, "warning")})` : "";
  const notChecked = s.notChecked ? `; ${plural(s.notChecked, "file")} not checked` : "";
  return `${plural(s.files, "file")} checked: ${s.valid} valid, ${s.withFindings} with findings, ${plural(s.findings, "finding")}${detail}${notChecked}`;
}
