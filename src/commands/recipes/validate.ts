// mids recipes validate: local parse, then POST /v2/recipes/validate per document, findings mapped
// to file:line:col in every findings format (src/findings). Its output and exit codes are a CI interface (issue 5).
import { lstatSync, readlinkSync } from "node:fs";
import { resolve } from "node:path";
import type { Context } from "../../context.js";
import { ASSUMED } from "../../contract/assumed.js";
import { ApiError, BatchError, EXIT, FindingsError, InterruptedError, MidsError, NetworkError, TimeoutError, UsageError, exitCodeFor, worstExitCode } from "../../errors.js";
import { checkText, mapBounded, summarize, summaryLine, type ValidationResult } from "../../recipes/check.js";
import { issueMessage, issuePath, readIssues } from "../../recipes/issues.js";
import { chooseFormat, emitFindings, fileFormat, outputPlan } from "../../findings/index.js";
import { rendering } from "../../recipes/findings.js";
import { expandInputs, inputAt, readRecipeFile, type Input } from "../../recipes/inputs.js";
import { MAX_RECIPE_BYTES, oversized } from "../../recipes/parse.js";
import type { FileReport } from "../../recipes/types.js";
import { VERSION } from "../../version.js";
import { explainRejectedKey } from "../../keyerror.js";
import { largeIgnoreMessage, shownPath } from "../../util/gitignore-tree.js";
import { clipMiddle, oneLine } from "../../util/sanitize.js";
import { redactDeep } from "../../util/known-secrets.js";
import { MAX_ERROR_LINE, errorLine } from "../../output/error-line.js";
import { urlSecrets } from "../../redact/url-secrets.js";
import { checkData } from "../shared/validate.js";
import { parseIntFlag } from "../shared/options.js";
import { noticeDiscontinued, readStdinCapped } from "./shared.js";
import { outputTyped } from "../../config.js";

export interface ValidateOptions {
  inputs: string[];
  format?: string;
  outputFile?: string;
  outputFileFormat?: string;
  stdinName?: string;
  concurrency?: string;
}

export const MAX_CONCURRENCY = 16;

/** A failure the next file would meet too: nothing answered, the key was refused, the limit is spent. */
function failsEveryFile(error: unknown): boolean {
  const code = exitCodeFor(error);
  return error instanceof NetworkError || error instanceof TimeoutError || code === EXIT.credentials || code === EXIT.rateLimited;
}

/** A file left unsent after such a failure: the same exit code and hint, and which file failed. */
function notSent(first: { file: string; error: unknown }): MidsError {
  const err = new MidsError(`not sent, as the check of ${oneLine(first.file)} failed first`, { hint: first.error instanceof MidsError ? first.error.hint : undefined });
  err.exitCode = exitCodeFor(first.error);
  return err;
}

// the format choice is shared with every command that reports findings (src/findings)
export { chooseFormat, fileFormat };

/**
 * The validator over the client, made on first use (a run of only broken files needs no server);
 * a 400/422 carrying `issues[]` (spec 7.2) is a validation answer too.
 */
function makeValidator(ctx: Context): (source: string) => Promise<ValidationResult> {
  // the issues become findings in every format (annotations, SARIF, JUnit): a server that quotes
  // the key back in one never gets it into them, nor the base URL's credentials
  const secrets = [ctx.globals.apiKey, ...urlSecrets(ctx.globals.baseUrl)];
  const check = async (source: string): Promise<ValidationResult> => {
    const client = await ctx.client();
    try {
      const res = await client.call("v2.recipes.validate", { body: { [ASSUMED.recipeValidateBodyField]: source } });
      const { summary, ...result } = forCheck(res.data) as Record<string, unknown>;
      await checkData("v2.recipes.validate", result);
      return { ...(result as unknown as ValidationResult), ...(summary ? { recipe: summary as ValidationResult["recipe"] } : {}) };
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { issues?: unknown } | undefined) : undefined;
      if (err instanceof ApiError && (ASSUMED.recipeValidateErrorStatuses as readonly number[]).includes(err.status ?? 0) && Array.isArray(body?.issues)) {
        // (a bare string among them is a message about the whole recipe, as execute reads it)
        return { valid: false, issues: readIssues(body.issues) };
      }
      throw err;
    }
  };
  // (and an issue's words megabytes long are cut as error lines are: start and end kept)
  return async (source) => {
    const r = redactDeep(await check(source), secrets) as ValidationResult;
    if (!Array.isArray(r.issues)) return r;
    const clip = (s: unknown) => (typeof s === "string" ? clipMiddle(s, MAX_ERROR_LINE) : s);
    return { ...r, issues: r.issues.map((i) => (i && typeof i === "object" ? { ...i, path: clip(i.path), message: clip(i.message) } as typeof i : i)) };
  };
}

// an issue's path and message as text, as execute reads them too (src/recipes/issues)
export { issuePath };

/**
 * A validation answer as checkData reads it: `valid` and `issues` (each path by issuePath, each
 * message by issueMessage), what the findings are made of. The `recipe` summary is shown nowhere,
 * and spec 2.10 types only its counts: a null one (an invalid recipe's) or a description of null
 * never leaves the file unchecked; it is kept only when it is an object.
 */
function forCheck(data: unknown): unknown {
  if (!data || typeof data !== "object" || Array.isArray(data)) return data;
  const { recipe, ...rest } = data as Record<string, unknown>;
  const issues = rest.issues;
  return {
    ...rest,
    ...(Array.isArray(issues) ? { issues: issues.map((i) => (i && typeof i === "object" && !Array.isArray(i) ? { ...i, path: issuePath((i as { path?: unknown }).path), message: issueMessage((i as { message?: unknown }).message) } : i)) } : {}),
    ...(recipe && typeof recipe === "object" && !Array.isArray(recipe) ? { summary: recipe } : {}),
  };
}

/** Where a symbolic link at `path` points, when it is one (its target missing); else undefined. */
function danglingTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

async function readInput(input: Input, stdin: { text: string; invalidAt?: number } | undefined): Promise<{ text: string; invalidAt?: number; tooBig?: number; exact?: boolean }> {
  if (!input.path) return stdin ?? { text: "" };
  try {
    return await readRecipeFile(input.path);
  } catch (e) {
    // unreadable is like missing: exit 2, never a silent skip (a CI gate must not pass on it)
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    const target = code === "ENOENT" ? danglingTarget(input.path) : undefined;
    if (target !== undefined) {
      throw new UsageError(`cannot read '${input.file}': it is a symbolic link to '${oneLine(target)}', which is not there`, {
        hint: "restore the file it points to, or remove the link",
      });
    }
    throw new UsageError(`cannot read '${input.file}': ${code}`, { hint: "check the file's permissions" });
  }
}

export async function run(opts: ValidateOptions, ctx: Context): Promise<void> {
  // -o json picks --format json; another -o typed has no findings format: refused, as 'migrate
  // scan' refuses it, rather than stylish printed in its place. MIDS_OUTPUT or a stored output
  // (a person's default for the resource commands) is no request for this command: not refused
  const g = ctx.globals;
  if (outputTyped(g) && g.output !== "json" && g.output !== "table") {
    throw new UsageError(`recipes validate has no -o ${g.output} output`, { hint: "use --format json|sarif|junit|gitlab|checkstyle|github|stylish" });
  }
  // --fields picks the fields of API records; findings have formats, and it was ignored without a word
  if (g.fields) throw new UsageError("recipes validate has no --fields: findings are printed whole, in a --format", { hint: "pick from them with --format json and --jq, e.g. --jq '.[] | {file, line, message}'" });
  outputPlan(ctx, opts);
  const concurrency = parseIntFlag("--concurrency", opts.concurrency, 1, MAX_CONCURRENCY) ?? 4;
  // an ignore file over git's limit is left out, as in git and `migrate scan`: said once on stderr
  const inputs = expandInputs(opts.inputs, ctx.io.cwd, opts.stdinName || "<stdin>", (file, size) =>
    ctx.io.stderr.write(largeIgnoreMessage(oneLine(shownPath(ctx.io.cwd, file)), size)));
  // the report written over a recipe it checks would lose the recipe
  const clash = opts.outputFile ? inputAt(inputs, resolve(ctx.io.cwd, opts.outputFile)) : undefined;
  if (clash) {
    throw new UsageError(`--output-file '${opts.outputFile}' is the recipe '${clash.file}': writing the report there would replace it`, {
      hint: "name another file for the report, e.g. --output-file recipes.sarif",
    });
  }
  noticeDiscontinued(ctx, "validate");

  let stdinText: { text: string; invalidAt?: number } | undefined;
  let stdinBytes = 0;
  if (inputs.some((i) => !i.path)) {
    const s = await readStdinCapped(ctx);
    if (s.text.trim() === "") throw new UsageError("stdin is empty: nothing to validate", { hint: "pipe a recipe in, e.g. 'mids recipes validate - < recipe.yaml'" });
    stdinText = { text: s.text, invalidAt: s.invalidAt };
    stdinBytes = s.bytes;
  }

  const validate = makeValidator(ctx);
  // a file whose check fails (server, network, credentials, a read) is reported as not checked and
  // the others go on; Ctrl-C stops new work (README: a batch reports every item, worst code wins).
  // A failure that no file can escape (no connection, a rejected key, a spent rate limit) stops
  // new work too: each of a hundred files would retry the same dead server on its own
  const stop = new AbortController();
  let sharedFailure: { file: string; error: unknown } | undefined;
  const checkInput = async (input: Input): Promise<FileReport> => {
    try {
      const bytes = input.path ? undefined : stdinBytes;
      const { text, invalidAt, tooBig, exact } = await readInput(input, stdinText);
      const big = tooBig ?? (bytes !== undefined && bytes > MAX_RECIPE_BYTES ? bytes : undefined);
      if (big !== undefined) return { file: input.file, text: "", documents: 0, findings: [oversized(input.file, big, tooBig !== undefined && exact !== false)], sent: false, recipes: [] };
      return await checkText(input.file, text, validate, invalidAt);
    } catch (error) {
      return { file: input.file, text: "", documents: 0, findings: [], sent: false, recipes: [], notChecked: { error } };
    }
  };
  const started = await mapBounded(inputs, concurrency, async (input): Promise<FileReport> => {
    const report = await checkInput(input);
    const error = report.notChecked?.error;
    if (error !== undefined && failsEveryFile(error) && !sharedFailure) {
      sharedFailure = { file: input.file, error };
      stop.abort();
    }
    return report;
  }, AbortSignal.any([ctx.signal, stop.signal]));
  const interrupted = ctx.signal.aborted || started.some((r) => r?.notChecked?.error instanceof InterruptedError);
  const unsent = (): unknown => interrupted || !sharedFailure ? new InterruptedError("interrupted") : notSent({ file: sharedFailure.file, error: explainRejectedKey(sharedFailure.error, ctx.globals) });
  const reports = started.map((r, i): FileReport => r ?? { file: inputs[i].file, text: "", documents: 0, findings: [], sent: false, recipes: [], notChecked: { error: unsent() } });

  // a rejected key is named by where it came from, never quoted (as every command reports it)
  const failed = reports.filter((r) => r.notChecked && !(r.notChecked.error instanceof InterruptedError))
    .map((r) => ({ file: r.file, error: explainRejectedKey(r.notChecked?.error, ctx.globals) }));
  // each as the error printer prints an error: without the key, cut (a server's message may be megabytes)
  const secrets = [ctx.globals.apiKey, ...urlSecrets(ctx.globals.baseUrl)];
  for (const f of failed) ctx.io.stderr.write(`mids: ${oneLine(f.file)}: not checked: ${errorLine(f.error, secrets)}\n`);

  const s = summarize(reports);
  const line = summaryLine(s);
  // every file in input order, in every format: one not checked has no findings (shown nowhere
  // but in its findings before the failure), JUnit gives it an <error> test case in its place (it
  // was appended after the checked ones) and SARIF says which files were not checked, in the same
  // order, so its run is not read as a clean one
  const render = rendering(reports, VERSION);
  const reasons = new Map(failed.map((f) => [f.file, errorLine(f.error, secrets)]));
  const notChecked = reports.filter((r) => r.notChecked)
    .map((r) => ({ file: r.file, reason: reasons.get(r.file) ?? "interrupted before it was checked" }));
  await emitFindings(ctx, opts, { ...render, set: { ...render.set, notChecked } }, { heading: `mids recipes validate: ${line}` });
  if (interrupted) throw new InterruptedError(`interrupted: ${line}`);
  if (failed.length) {
    const codes = failed.map((f) => exitCodeFor(f.error));
    const hints = new Set(failed.map((f) => (f.error instanceof MidsError ? f.error.hint : undefined)));
    throw new BatchError(line, worstExitCode([...codes, s.errors > 0 ? EXIT.findings : EXIT.ok]), {
      hint: hints.size === 1 && [...hints][0] ? [...hints][0] : "the files not checked are named above: run again to check them",
      details: { ...s, notCheckedFiles: failed.map((f) => f.file) },
    });
  }
  if (s.errors > 0) throw new FindingsError(line, { details: { ...s } });
  if (!ctx.globals.quiet) ctx.io.stderr.write(`mids: ${line}\n`);
}

