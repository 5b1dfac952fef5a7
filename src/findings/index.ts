// One findings module for every command that reports findings (recipes validate, migrate scan):
// the format names, the default choice, and writing stdout, --output-file and the GitHub step summary.
import { emitJson } from "../output/render.js";
import { appendFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Context } from "../context.js";
import { UsageError } from "../errors.js";
import { outputTyped } from "../config.js";
import { writeAsync } from "../io.js";
import { formatGithub, formatStepSummary, STEP_SUMMARY_MAX_BYTES } from "./github.js";
import { formatGitlab } from "./gitlab.js";
import { formatSarif, SARIF_MAX_RESULTS, sarifCutText } from "./sarif.js";
import { formatStylish, formatStylishChunks, stylishColours, type Colours, type StylishOptions } from "./stylish.js";
import type { FindingsSet } from "./types.js";
import { allFindings } from "./types.js";
import { formatCheckstyle, formatJunit } from "./xml.js";

import { FORMATS, type Format } from "./formats.js";
import { checkChoice } from "../util/flag-values.js";
import { writeWhole } from "../util/write-whole.js";

export { FORMATS, type Format };

/** Less room than this left in the step summary: no table (its heading and the line saying what was left out need about this much). */
const STEP_SUMMARY_MIN_ROOM = 2_000;

/** Each command has its own json shape (a CI interface it states once); everything else is shared. */
export interface Rendering {
  set: FindingsSet;
  json: () => string;
  /** the same json in pieces, written as they are made (a run of many findings never builds one huge string) */
  jsonChunks?: () => Iterable<string>;
  /** the formatters' general paths alone (MIDS_MIGRATE_STRATEGY=general; each fast path is held to its general one) */
  general?: boolean;
  /** the findings' files are names, not paths under the working directory (contract check's api/v3/...) */
  virtualFiles?: boolean;
}

function enumFlag(flag: string, v: string | undefined): Format | undefined {
  return v === undefined ? undefined : (checkChoice(flag, v, FORMATS) as Format);
}

/** `colours`: stylish's, when it paints (stylishColours). */
export function render(format: Format, r: Rendering, colours: Colours | undefined, workspace?: string, stylish?: StylishOptions, cwd?: string): string {
  switch (format) {
    case "stylish": return formatStylish(r.set, colours, stylish);
    case "json": return r.json();
    case "github": return formatGithub(r.set, workspace, cwd);
    case "junit": return formatJunit(r.set);
    case "sarif": return formatSarif(r.set, workspace, cwd);
    case "gitlab": return formatGitlab(r.set, workspace, cwd);
    case "checkstyle": return formatCheckstyle(r.set);
  }
}

/** Explicit --format wins, then an explicit -o json, then GitHub Actions, else the human format. */
export function chooseFormat(ctx: Pick<Context, "io" | "globals">, explicit: string | undefined): Format {
  const f = enumFlag("--format", explicit);
  if (f) return f;
  // -o json typed: MIDS_OUTPUT=json set for a whole CI job (or a stored output) is a default for
  // the resource commands, and would turn GitHub's annotations into JSON nobody reads
  if (outputTyped(ctx.globals) && ctx.globals.output === "json") return "json";
  if (ctx.io.env.GITHUB_ACTIONS === "true") return "github";
  return "stylish";
}

/** --output-file's format: the flag, else the file's extension. */
export function fileFormat(file: string, explicit: string | undefined): Format {
  const f = enumFlag("--output-file-format", explicit);
  if (f) return f;
  const lower = file.toLowerCase();
  if (lower.endsWith(".sarif") || lower.endsWith(".sarif.json")) return "sarif";
  if (lower.endsWith(".xml")) return "junit";
  if (lower.endsWith(".json")) return "json";
  throw new UsageError(`cannot tell the format of --output-file '${file}' from its extension`, {
    hint: `add --output-file-format ${FORMATS.join("|")} (or use a .sarif, .xml or .json file name)`,
  });
}

export interface OutputFlags {
  format?: string;
  outputFile?: string;
  outputFileFormat?: string;
  /** --full-notes: stylish repeats every note in full under every finding */
  fullNotes?: boolean;
}

/** Check the output flags before any work, so a typo costs nothing. */
export function outputPlan(ctx: Pick<Context, "io" | "globals">, flags: OutputFlags): { format: Format; fileFormat?: Format } {
  const format = chooseFormat(ctx, flags.format);
  if (ctx.globals.jq !== undefined && format !== "json" && format !== "sarif" && format !== "gitlab") {
    throw new UsageError(`--jq filters JSON and cannot be combined with --format ${format}`, { hint: "use --format json, sarif or gitlab with --jq, or drop --jq" });
  }
  if (flags.outputFile !== undefined && flags.outputFile.trim() === "") throw new UsageError("--output-file is empty", { hint: "name the file to write, e.g. --output-file findings.sarif" });
  if (!flags.outputFile && flags.outputFileFormat) {
    throw new UsageError("--output-file-format needs --output-file FILE", { hint: `name the file it is for, e.g. --output-file findings.${flags.outputFileFormat === "sarif" ? "sarif" : flags.outputFileFormat === "junit" || flags.outputFileFormat === "checkstyle" ? "xml" : "json"} --output-file-format ${flags.outputFileFormat}, or --format ${flags.outputFileFormat} for stdout instead` });
  }
  return { format, fileFormat: flags.outputFile ? fileFormat(flags.outputFile, flags.outputFileFormat) : undefined };
}

/**
 * Write the findings: the main format on stdout (unless `stdout` is false), the second format to
 * --output-file, and in GitHub Actions a Markdown table to $GITHUB_STEP_SUMMARY.
 */
export async function emitFindings(ctx: Context, flags: OutputFlags, r: Rendering, opts: { heading: string; stdout?: boolean }): Promise<void> {
  const plan = outputPlan(ctx, flags);
  // the directory paths are made relative to: GitLab's project directory for its report, else GitHub's workspace
  const env = ctx.io.env;
  const ws = env.GITHUB_WORKSPACE;
  const root = (f: Format) => (f === "gitlab" ? env.CI_PROJECT_DIR ?? ws : ws);
  // relative paths are relative to the working directory, which may be a subdirectory of the root
  const cwd = r.virtualFiles ? undefined : ctx.io.cwd;
  // json and stylish are written as they are made
  const chunks = (f: Format, colours: Colours | undefined, stylish: StylishOptions) =>
    (f === "json" && r.jsonChunks ? r.jsonChunks() : f === "stylish" ? formatStylishChunks(r.set, colours, stylish) : undefined);
  if (opts.stdout !== false) {
    const stylish = { width: ctx.io.stdoutIsTTY ? ctx.io.columns : undefined, fullNotes: flags.fullNotes, general: r.general };
    const colours = ctx.globals.color && plan.format === "stylish" ? await stylishColours() : undefined;
    const stream = ctx.globals.jq === undefined ? chunks(plan.format, colours, stylish) : undefined;
    if (stream) for (const c of stream) await writeAsync(ctx.io.stdout, c);
    else {
      const text = render(plan.format, r, colours, root(plan.format), stylish, cwd);
      // the JSON formats go through the JSON printer with --jq (their escapes parse back losslessly)
      if (ctx.globals.jq !== undefined) await emitJson(ctx, JSON.parse(text));
      else await writeAsync(ctx.io.stdout, text);
    }
  }
  // a SARIF run holds at most what GitHub code scanning accepts: said once, where it is cut
  if ((opts.stdout !== false && plan.format === "sarif") || plan.fileFormat === "sarif") {
    const left = allFindings(r.set).length - SARIF_MAX_RESULTS;
    if (left > 0) ctx.warn(sarifCutText(left));
  }
  if (flags.outputFile && plan.fileFormat) {
    try {
      // whole or not at all: a write that fails half-way leaves no cut report for a CI step to upload
      await writeWhole(resolve(ctx.io.cwd, flags.outputFile), chunks(plan.fileFormat, undefined, { fullNotes: flags.fullNotes, general: r.general }) ?? render(plan.fileFormat, r, undefined, root(plan.fileFormat), { fullNotes: flags.fullNotes, general: r.general }, cwd));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const full = code === "ENOSPC" || code === "EFBIG" || code === "EDQUOT";
      throw new UsageError(`cannot write --output-file '${flags.outputFile}': ${code ?? (e as Error).message}`, {
        hint: full ? "the disk is full or the file is over a size limit; no part of the report was written (the file is as it was)" : "name a file in a directory that exists and that you can write to",
      });
    }
  }
  const summary = env.GITHUB_STEP_SUMMARY;
  if (env.GITHUB_ACTIONS === "true" && summary) {
    try {
      // GitHub drops a step's whole summary past 1 MiB, and the file is the step's: what earlier
      // commands of the step wrote counts (two scans in one step each wrote up to 1 MB)
      const path = resolve(ctx.io.cwd, summary);
      const before = (await stat(path).catch(() => undefined))?.size ?? 0;
      const room = STEP_SUMMARY_MAX_BYTES - before;
      if (room < STEP_SUMMARY_MIN_ROOM) ctx.warn(`GITHUB_STEP_SUMMARY already holds ${before} bytes, at GitHub's 1 MiB limit for a step: the findings table is not added to it (see the job log or the SARIF file)`);
      else await appendFile(path, formatStepSummary(r.set, opts.heading, ws, cwd, room));
    } catch (e) {
      // the findings are out already; a summary that cannot be written is worth a warning, not a failure
      ctx.warn(`cannot append to GITHUB_STEP_SUMMARY '${summary}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
}

export type { Finding, FileFindings, FindingsSet, RuleInfo, Severity, ToolInfo } from "./types.js";
export { formatGithub, githubLine, githubFile, formatStepSummary } from "./github.js";
export { formatSarif, artifactUri, SARIF_SCHEMA } from "./sarif.js";
export { formatGitlab } from "./gitlab.js";
export { formatStylish, formatStylishChunks, stylishColours, type Colours } from "./stylish.js";
export { formatJunit, formatCheckstyle, xmlEscape } from "./xml.js";

// (no SARIF `informationUri`: mids has no public home page, and the npm registry's page of
// `mids` is an unrelated package, which the docs warn against installing; a user following it
// from a code-scanning alert landed on someone else's code. The validator's SARIF2005 note of
// its absence is the one it gives.)
