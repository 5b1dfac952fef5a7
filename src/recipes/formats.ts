// Machine formats of `recipes validate` findings: json, github (workflow commands), junit, sarif.
// They are an interface for CI, so each shape is stated once here and tested.
import { route } from "../contract/routes.js";
import type { FileReport, Finding } from "./types.js";
import { escapeC1Json, escapeInvisibleXml, stripControl } from "../output/sanitize.js";

const validateRoute = route("v2.recipes.validate");

export { FORMATS, type Format } from "./format-names.js";

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
export const RULES = {
  syntax: { id: "recipe/syntax", text: "The file is not valid YAML, or was refused before sending (size, aliases)." },
  server: { id: "recipe/server", text: `The service's recipe validation reported an issue (${validateRoute.method} ${validateRoute.path}).` },
} as const;

export interface ToolInfo {
  name: string;
  version: string;
  informationUri?: string;
}

/** The keys of a json finding, exactly as issue 5 lists them (a CI interface: nothing more). */
export const JSON_FIELDS = ["file", "line", "column", "endLine", "endColumn", "path", "message", "severity", "source"] as const;

/** json: an array of findings in input order. */
export function formatJson(reports: readonly FileReport[]): string {
  const all = reports.flatMap((r) => r.findings).map((f) => Object.fromEntries(JSON_FIELDS.map((k) => [k, f[k]])));
  return escapeC1Json(JSON.stringify(all, null, 2)) + "\n";
}

// GitHub workflow commands: data escapes %, CR, LF; properties also , and :. Server text may
// carry terminal escapes, which the log viewer (and a terminal) would act on: they are dropped.
const ghData = (s: string) => s.split("\r").map(stripControl).join("\r").replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const ghProp = (s: string) => ghData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/**
 * GitHub attaches an annotation only to a path relative to the repository root, so an absolute
 * path inside `workspace` (GITHUB_WORKSPACE) is made relative; anything else is kept as given.
 */
export function githubFile(file: string, workspace?: string): string {
  if (!workspace || !file.startsWith("/")) return file;
  const root = workspace.endsWith("/") ? workspace : workspace + "/";
  return file.startsWith(root) ? file.slice(root.length) : file;
}

export function githubLine(f: Finding, workspace?: string): string {
  const props = [`file=${ghProp(githubFile(f.file, workspace))}`, `line=${f.line}`, `col=${f.column}`, `endLine=${f.endLine}`, `endColumn=${f.endColumn}`,
    `title=${ghProp(`recipe ${f.source}${f.path ? ` ${f.path}` : ""}`)}`];
  return `::${f.severity} ${props.join(",")}::${ghData(f.message)}`;
}

export function formatGithub(reports: readonly FileReport[], workspace?: string): string {
  return reports.flatMap((r) => r.findings).map((f) => githubLine(f, workspace) + "\n").join("");
}

/** XML 1.0 text: escape markup and drop characters XML cannot carry at all. */
export function xmlEscape(s: string): string {
  // bidi overrides and zero-width characters are kept, as references: never raw on a terminal
  return escapeInvisibleXml(s
    // C1 controls are legal XML but act as escapes on a terminal: dropped with the rest
    .replace(/[^\t\n\r\u0020-\u007e\u00a0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;"));
}

/** junit: one testcase per file; its failures are the file's errors (warnings go to system-out). */
export function formatJunit(reports: readonly FileReport[], suiteName = "mids recipes validate"): string {
  const failed = reports.filter((r) => r.findings.some((f) => f.severity === "error")).length;
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${xmlEscape(suiteName)}" tests="${reports.length}" failures="${failed}" errors="0">`,
    `  <testsuite name="${xmlEscape(suiteName)}" tests="${reports.length}" failures="${failed}" errors="0" skipped="0">`,
  ];
  for (const r of reports) {
    const errors = r.findings.filter((f) => f.severity === "error");
    const warnings = r.findings.filter((f) => f.severity === "warning");
    const where = (f: Finding) => `${f.file}:${f.line}:${f.column}: ${f.severity}: ${f.message}${f.path ? ` (${f.path})` : ""} [${f.source}]`;
    const open = `    <testcase classname="recipes" name="${xmlEscape(r.file)}" file="${xmlEscape(r.file)}"`;
    if (!errors.length && !warnings.length) { lines.push(`${open}/>`); continue; }
    lines.push(`${open}>`);
    if (errors.length) {
      const msg = `${errors.length} ${errors.length === 1 ? "error" : "errors"}: ${errors[0].message}`;
      lines.push(`      <failure message="${xmlEscape(msg)}" type="${errors[0].source}">${xmlEscape(errors.map(where).join("\n"))}</failure>`);
    }
    if (warnings.length) lines.push(`      <system-out>${xmlEscape(warnings.map(where).join("\n"))}</system-out>`);
    lines.push(`    </testcase>`);
  }
  lines.push(`  </testsuite>`, `</testsuites>`, "");
  return lines.join("\n");
}

/** A file name as a SARIF artifact URI: relative paths stay relative (to %SRCROOT%), with / separators. */
function artifactUri(file: string): string {
  const p = file.replace(/\\/g, "/");
  if (p.startsWith("/")) return "file://" + encodeURI(p);
  return encodeURI(p.replace(/^\.\//, ""));
}

/** sarif: SARIF 2.1.0, one run, one result per finding. */
export function formatSarif(reports: readonly FileReport[], tool: ToolInfo): string {
  const results = reports.flatMap((r) => r.findings).map((f) => {
    const uri = artifactUri(f.file);
    return {
      ruleId: RULES[f.source].id,
      ruleIndex: f.source === "syntax" ? 0 : 1,
      level: f.severity === "error" ? "error" : "warning",
      message: { text: f.message },
      locations: [{
        physicalLocation: {
          artifactLocation: uri.startsWith("file://") ? { uri } : { uri, uriBaseId: "%SRCROOT%" },
          region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
        },
        ...(f.path ? { logicalLocations: [{ fullyQualifiedName: f.path, kind: "member" }] } : {}),
      }],
      properties: { source: f.source, document: f.document, ...(f.path ? { path: f.path } : {}) },
    };
  });
  const log = {
    version: "2.1.0",
    $schema: SARIF_SCHEMA,
    runs: [{
      tool: {
        driver: {
          name: tool.name,
          version: tool.version,
          ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
          rules: [RULES.syntax, RULES.server].map((r) => ({ id: r.id, shortDescription: { text: r.text } })),
        },
      },
      columnKind: "utf16CodeUnits",
      results,
    }],
  };
  return escapeC1Json(JSON.stringify(log, null, 2)) + "\n";
}
