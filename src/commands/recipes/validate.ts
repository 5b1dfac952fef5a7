// mids recipes validate: local parse, then POST /v2/recipes/validate per document, findings mapped
// to file:line:col in five formats. Its output and exit codes are a CI interface (issue 5).
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Context } from "../../context.js";
import { ASSUMED } from "../../contract/assumed.js";
import { ApiError, FindingsError, UsageError } from "../../errors.js";
import { writeAsync } from "../../io.js";
import { emitJson } from "../../output/render.js";
import { checkText, mapBounded, summarize, summaryLine, type ValidationResult } from "../../recipes/check.js";
import { FORMATS, formatGithub, formatJson, formatJunit, formatSarif, type Format } from "../../recipes/formats.js";
import { expandInputs, readRecipeFile, type Input } from "../../recipes/inputs.js";
import { MAX_RECIPE_BYTES, oversized } from "../../recipes/parse.js";
import { formatStylish } from "../../recipes/stylish.js";
import type { FileReport } from "../../recipes/types.js";
import { VERSION } from "../../version.js";
import { checkData } from "../shared/validate.js";
import { parseEnumFlag, parseIntFlag } from "../shared/options.js";
import { noticeDiscontinued, readStdinCapped } from "./shared.js";

export interface ValidateOptions {
  inputs: string[];
  format?: string;
  outputFile?: string;
  outputFileFormat?: string;
  stdinName?: string;
  concurrency?: string;
}

export const MAX_CONCURRENCY = 16;

/** Explicit --format wins, then an explicit -o json, then GitHub Actions, else the human format. */
export function chooseFormat(ctx: Context, explicit: string | undefined): Format {
  const f = parseEnumFlag("--format", explicit, FORMATS);
  if (f) return f;
  if (ctx.globals.outputExplicit && ctx.globals.output === "json") return "json";
  if (ctx.io.env.GITHUB_ACTIONS === "true") return "github";
  return "stylish";
}

/** --output-file's format: the flag, else the file's extension. */
export function fileFormat(file: string, explicit: string | undefined): Format {
  const f = parseEnumFlag("--output-file-format", explicit, FORMATS);
  if (f) return f;
  const lower = file.toLowerCase();
  if (lower.endsWith(".sarif") || lower.endsWith(".sarif.json")) return "sarif";
  if (lower.endsWith(".xml")) return "junit";
  if (lower.endsWith(".json")) return "json";
  throw new UsageError(`cannot tell the format of --output-file '${file}' from its extension`, {
    hint: `add --output-file-format ${FORMATS.join("|")} (or use a .sarif, .xml or .json file name)`,
  });
}

export function render(format: Format, reports: readonly FileReport[], color: boolean, workspace?: string): string {
  switch (format) {
    case "stylish": return formatStylish(reports, color);
    case "json": return formatJson(reports);
    case "github": return formatGithub(reports, workspace);
    case "junit": return formatJunit(reports);
    case "sarif": return formatSarif(reports, { name: "mids", version: VERSION });
  }
}

/**
 * The validator over the client, made on first use (a run of only broken files needs no server);
 * a 400/422 carrying `issues[]` (spec 7.2) is a validation answer too.
 */
function makeValidator(ctx: Context): (source: string) => Promise<ValidationResult> {
  return async (source) => {
    const client = await ctx.client();
    try {
      const res = await client.call("v2.recipes.validate", { body: { [ASSUMED.recipeValidateBodyField]: source } });
      return (await checkData("v2.recipes.validate", res.data)) as ValidationResult;
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { issues?: unknown } | undefined) : undefined;
      if (err instanceof ApiError && (ASSUMED.recipeValidateErrorStatuses as readonly number[]).includes(err.status ?? 0) && Array.isArray(body?.issues)) {
        const issues = body.issues.filter((i): i is { path: string; message: string } =>
          !!i && typeof i === "object" && typeof (i as { message?: unknown }).message === "string")
          .map((i) => ({ path: typeof i.path === "string" ? i.path : "", message: i.message }));
        return { valid: false, issues };
      }
      throw err;
    }
  };
}

async function readInput(input: Input, stdinText: string | undefined): Promise<{ text: string; tooBig?: number; exact?: boolean }> {
  if (!input.path) return { text: stdinText ?? "" };
  try {
    return await readRecipeFile(input.path);
  } catch (e) {
    // unreadable is like missing: exit 2, never a silent skip (a CI gate must not pass on it)
    throw new UsageError(`cannot read '${input.file}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      hint: "check the file's permissions",
    });
  }
}

export async function run(opts: ValidateOptions, ctx: Context): Promise<void> {
  const format = chooseFormat(ctx, opts.format);
  if (ctx.globals.jq !== undefined && format !== "json" && format !== "sarif") {
    throw new UsageError(`--jq filters JSON and cannot be combined with --format ${format}`, { hint: "use --format json or sarif with --jq, or drop --jq" });
  }
  if (opts.outputFile !== undefined && opts.outputFile.trim() === "") throw new UsageError("--output-file is empty", { hint: "name the file to write, e.g. --output-file recipes.sarif" });
  const outFormat = opts.outputFile ? fileFormat(opts.outputFile, opts.outputFileFormat) : undefined;
  if (!opts.outputFile && opts.outputFileFormat) throw new UsageError("--output-file-format needs --output-file FILE");
  const concurrency = parseIntFlag("--concurrency", opts.concurrency, 1, MAX_CONCURRENCY) ?? 4;
  const inputs = expandInputs(opts.inputs, ctx.io.cwd, opts.stdinName || "<stdin>");
  noticeDiscontinued(ctx);

  let stdinText: string | undefined;
  let stdinBytes = 0;
  if (inputs.some((i) => !i.path)) {
    const s = await readStdinCapped(ctx);
    if (s.text.trim() === "") throw new UsageError("stdin is empty: nothing to validate", { hint: "pipe a recipe in, e.g. 'mids recipes validate - < recipe.yaml'" });
    stdinText = s.text;
    stdinBytes = s.bytes;
  }

  const validate = makeValidator(ctx);
  const reports = await mapBounded(inputs, concurrency, async (input) => {
    const bytes = input.path ? undefined : stdinBytes;
    const { text, tooBig, exact } = await readInput(input, stdinText);
    const big = tooBig ?? (bytes !== undefined && bytes > MAX_RECIPE_BYTES ? bytes : undefined);
    if (big !== undefined) return { file: input.file, text: "", documents: 0, findings: [oversized(input.file, big, tooBig !== undefined && exact !== false)], sent: false, recipes: [] } satisfies FileReport;
    return checkText(input.file, text, validate);
  });

  const text = render(format, reports, ctx.globals.color, ctx.io.env.GITHUB_WORKSPACE);
  // json and sarif go through the JSON printer with --jq (their escapes parse back losslessly)
  if (ctx.globals.jq !== undefined) await emitJson(ctx, JSON.parse(text));
  else await writeAsync(ctx.io.stdout, text);
  if (opts.outputFile && outFormat) {
    const path = resolve(ctx.io.cwd, opts.outputFile);
    try {
      await writeFile(path, render(outFormat, reports, false, ctx.io.env.GITHUB_WORKSPACE));
    } catch (e) {
      throw new UsageError(`cannot write --output-file '${opts.outputFile}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  const s = summarize(reports);
  const line = summaryLine(s);
  if (s.errors > 0) throw new FindingsError(line, { details: { ...s } });
  if (!ctx.globals.quiet) ctx.io.stderr.write(`mids: ${line}\n`);
}
