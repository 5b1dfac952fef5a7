// recipes validate findings in the shared findings module's terms (src/findings), plus the json
// shape of issue 5, which is this command's own CI interface.
import { route } from "../contract/routes.js";
import * as F from "../findings/index.js";
import { escapeC1Json } from "../util/sanitize.js";
import type { FileReport, Finding } from "./types.js";

const validateRoute = route("v2.recipes.validate");

export const RULES = {
  syntax: { id: "recipe/syntax", text: "The file is not valid YAML, or was refused before sending (size, aliases)." },
  server: { id: "recipe/server", text: `The service's recipe validation reported an issue (${validateRoute.method} ${validateRoute.path}).` },
} as const;

export function toFinding(f: Finding, multiDocument = false): F.Finding {
  return {
    file: f.file, line: f.line, column: f.column, endLine: f.endLine, endColumn: f.endColumn,
    severity: f.severity, ruleId: RULES[f.source].id, label: f.severity,
    title: `recipe ${f.source}${f.path ? ` ${f.path}` : ""}`,
    message: f.message,
    detail: [f.path ?? undefined, multiDocument ? `document ${f.document}` : undefined, f.source].filter(Boolean).join("  "),
    ...(f.path ? { logical: f.path } : {}),
    properties: { source: f.source, document: f.document, ...(f.path ? { path: f.path } : {}) },
    key: `${f.document}\u0000${f.path ?? ""}\u0000${f.message}`,
  };
}

export function toFindingsSet(reports: readonly FileReport[], version = "0.0.0"): F.FindingsSet {
  return {
    tool: { name: "mids", version },
    rules: [RULES.syntax, RULES.server],
    files: reports.map((r) => ({ file: r.file, text: r.text, findings: r.findings.map((f) => toFinding(f, r.documents > 1)) })),
    suite: "mids recipes validate",
    classname: "recipes",
  };
}

/** The keys of a json finding, exactly as issue 5 lists them (a CI interface: nothing more). */
export const JSON_FIELDS = ["file", "line", "column", "endLine", "endColumn", "path", "message", "severity", "source"] as const;

/** json: an array of findings in input order. */
export function formatJson(reports: readonly FileReport[]): string {
  const all = reports.flatMap((r) => r.findings).map((f) => Object.fromEntries(JSON_FIELDS.map((k) => [k, f[k]])));
  return escapeC1Json(JSON.stringify(all, null, 2)) + "\n";
}

export const rendering = (reports: readonly FileReport[], version?: string): F.Rendering =>
  ({ set: toFindingsSet(reports, version), json: () => formatJson(reports) });

// the formatters over recipe reports (unit tests and callers that hold FileReports)
export const githubLine = (f: Finding, workspace?: string) => F.githubLine(toFinding(f), workspace);
export const formatGithub = (reports: readonly FileReport[], workspace?: string) => F.formatGithub(toFindingsSet(reports), workspace);
export const formatJunit = (reports: readonly FileReport[]) => F.formatJunit(toFindingsSet(reports));
export const formatSarif = (reports: readonly FileReport[], tool: { name: string; version: string }) =>
  F.formatSarif({ ...toFindingsSet(reports), tool });
export const formatStylish = (reports: readonly FileReport[], colours: F.Colours | false) => F.formatStylish(toFindingsSet(reports), colours);
export const formatGitlab = (reports: readonly FileReport[]) => F.formatGitlab(toFindingsSet(reports));
export const formatCheckstyle = (reports: readonly FileReport[]) => F.formatCheckstyle(toFindingsSet(reports));
export { xmlEscape } from "../findings/index.js";
