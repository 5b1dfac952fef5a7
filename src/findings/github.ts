// GitHub workflow commands (annotations) and the Markdown step summary.
import { resolve } from "node:path";
import { oneLine, stripControl } from "../util/sanitize.js";
import type { Finding, FindingsSet } from "./types.js";
import { allFindings, fullMessage } from "./types.js";

// data escapes %, CR, LF; properties also , and :. Untrusted text may carry terminal escapes,
// which the log viewer (and a terminal) would act on: they are dropped.
const ghData = (s: string) => s.split("\r").map(stripControl).join("\r").replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const ghProp = (s: string) => ghData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/**
 * GitHub attaches an annotation only to a path relative to the repository root, so a path inside
 * `workspace` (GITHUB_WORKSPACE) is made relative to it: an absolute one, and one relative to
 * `cwd` (the directory the paths were given from: a job step run in a subdirectory of the
 * repository names `a.js` for `sub/a.js`); anything else is kept as given, and so is a stand-in
 * name in angle brackets (`<stdin>`, the name of `-` without --stdin-name), which is no path: from a
 * subdirectory it was written `sub/<stdin>`, a file that is not there.
 */
export function githubFile(file: string, workspace?: string, cwd?: string): string {
  if (!workspace || /^<[^/\\]*>$/.test(file)) return file;
  const abs = file.startsWith("/") ? file : cwd ? resolve(cwd, file) : undefined;
  if (abs === undefined) return file;
  const root = workspace.endsWith("/") ? workspace : workspace + "/";
  return abs.startsWith(root) ? abs.slice(root.length) : file;
}

const COMMAND = { error: "error", warning: "warning", note: "notice" } as const;

export function githubLine(f: Finding, workspace?: string, cwd?: string): string {
  const props = [`file=${ghProp(githubFile(f.file, workspace, cwd))}`, `line=${f.line}`, `col=${f.column}`, `endLine=${f.endLine}`, `endColumn=${f.endColumn}`,
    `title=${ghProp(f.title)}`];
  return `::${COMMAND[f.severity]} ${props.join(",")}::${ghData(fullMessage(f))}`;
}

export function formatGithub(set: FindingsSet, workspace?: string, cwd?: string): string {
  return allFindings(set).map((f) => githubLine(f, workspace, cwd) + "\n").join("");
}

/** GitHub caps a step summary at 1 MiB; the table stops short of it and says how many rows it left out. */
export const STEP_SUMMARY_MAX_BYTES = 1_000_000;
const cell = (s: string) => oneLine(s).replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/[<>]/g, (c) => (c === "<" ? "&lt;" : "&gt;"));
const code = (s: string) => "`" + oneLine(s).replace(/`/g, "'").replace(/\|/g, "\\|") + "`";

/**
 * The step summary: a Markdown table of every finding (annotations show only the first 10 per
 * step), headed by a line with the counts. `maxBytes`: what is left of the step's 1 MiB (the file
 * is the step's, and earlier commands of the step may have written to it).
 */
export function formatStepSummary(set: FindingsSet, heading: string, workspace?: string, cwd?: string, maxBytes = STEP_SUMMARY_MAX_BYTES): string {
  const all = allFindings(set);
  const head = [`### ${cell(heading)}`, ""];
  if (!all.length) return [...head, "No findings.", "", ""].join("\n");
  head.push("| File | Line | Column | Kind | Rule | Message |", "|---|---:|---:|---|---|---|");
  let bytes = Buffer.byteLength(head.join("\n"));
  const rows: string[] = [];
  for (const f of all) {
    const row = `| ${code(githubFile(f.file, workspace, cwd))} | ${f.line} | ${f.column} | ${cell(f.label)} | ${cell(f.ruleId)} | ${fullMessage(f).split("\n").map(cell).join("<br>")} |`;
    bytes += Buffer.byteLength(row) + 1;
    if (bytes > maxBytes - 200) break;
    rows.push(row);
  }
  const tail = rows.length < all.length ? ["", `${all.length - rows.length} more findings are not shown (a step's summary is capped at 1 MB); see the job log or the SARIF file.`] : [];
  return [...head, ...rows, ...tail, "", ""].join("\n");
}
