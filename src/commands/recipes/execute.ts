// mids recipes execute: POST /v2/recipes/execute by name or with a local YAML file. The route is
// not idempotent, so the client never retries it; every call is a new run.
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Context } from "../../context.js";
import { ASSUMED } from "../../contract/assumed.js";
import { ApiError, UsageError } from "../../errors.js";
import { checkJqFilter, printItem } from "../../output/render.js";
import { writeAsync } from "../../io.js";
import { oneLine } from "../../util/sanitize.js";
import { jsonOrString } from "../../util/flag-values.js";
import { readIssues } from "../../recipes/issues.js";
import { locatePath } from "../../recipes/locate.js";
import { MAX_RECIPE_BYTES, parseRecipeText, sendable, type ParsedFile } from "../../recipes/parse.js";
import { RECIPE_EXTENSIONS, STDIN, readRecipeFile } from "../../recipes/inputs.js";
import { noticeDiscontinued, readStdinCapped } from "./shared.js";

export interface ExecuteOptions {
  recipe: string;
  params: string[];
}

/** `k=v` pairs; a value that parses as JSON is sent typed, anything else as a string. */
export function parseParams(pairs: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of pairs) {
    const eq = p.indexOf("=");
    if (eq <= 0) throw new UsageError(`--param must be key=value (got '${p}')`, { hint: "for example --param limit=5" });
    const k = p.slice(0, eq).trim();
    const raw = p.slice(eq + 1);
    if (k in out) throw new UsageError(`--param ${oneLine(k)} is given twice`, { hint: `give each param once; a list is one JSON value, e.g. --param '${oneLine(k)}=["a","b"]'` });
    out[k] = jsonOrString(raw, "--param", k);
  }
  return out;
}

async function loadFile(ctx: Context, recipe: string): Promise<{ file: string; text: string; invalidAt?: number } | undefined> {
  if (recipe === STDIN) {
    const s = await readStdinCapped(ctx);
    if (s.text.trim() === "") throw new UsageError("stdin is empty: no recipe to execute", { hint: "pipe a recipe in (mids recipes execute - < recipe.yaml), or name one from 'mids recipes list'" });
    return { file: "<stdin>", text: s.text, invalidAt: s.invalidAt };
  }
  const path = resolve(ctx.io.cwd, recipe);
  const st = await stat(path).catch(() => undefined);
  // a file, or a pipe such as bash's <(...) (/dev/fd/63): read as validate reads, never past the limit
  if (st && !st.isDirectory()) {
    const { text, invalidAt, tooBig } = await readRecipeFile(path).catch((e: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read '${recipe}': ${e.code ?? e.message}`, { hint: "check the file's permissions" });
    });
    if (tooBig !== undefined) throw new UsageError(`${recipe}: over the ${MAX_RECIPE_BYTES}-byte limit for a recipe`, { hint: "check that this is the recipe file you meant" });
    return { file: recipe, text, invalidAt };
  }
  if (st?.isDirectory()) throw new UsageError(`'${recipe}' is a directory, not a recipe file`, { hint: "give one .yaml/.yml file, or a recipe name from 'mids recipes list'" });
  const looksLikeFile = RECIPE_EXTENSIONS.some((e) => recipe.toLowerCase().endsWith(e)) || recipe.includes("/");
  if (looksLikeFile) throw new UsageError(`no such file: '${recipe}'`, { hint: "give a recipe file, or a recipe name from 'mids recipes list'" });
  return undefined;
}

/** A file is parsed first: a syntax error, a refused file or several documents never reach the engine. */
function checkLocal(parsed: ParsedFile, bytes: number): void {
  if (bytes > MAX_RECIPE_BYTES) throw new UsageError(`${parsed.file}: over the ${MAX_RECIPE_BYTES}-byte limit for a recipe`);
  if (!sendable(parsed)) {
    const f = parsed.findings.find((x) => x.severity === "error");
    const where = f ? `${parsed.file}:${f.line}:${f.column}` : parsed.file;
    throw new UsageError(`${where}: ${f?.message ?? "not a recipe"}`, { hint: `'mids recipes validate ${parsed.file}' lists every problem` });
  }
  if (parsed.documents.length > 1) throw new UsageError(`${parsed.file} holds ${parsed.documents.length} YAML documents; execute runs one recipe`, { hint: "split the file, one recipe per file" });
}

export async function run(opts: ExecuteOptions, ctx: Context): Promise<void> {
  const params = parseParams(opts.params);
  const local = await loadFile(ctx, opts.recipe);
  let parsed: ParsedFile | undefined;
  if (local) {
    parsed = parseRecipeText(local.file, local.text, local.invalidAt);
    checkLocal(parsed, Buffer.byteLength(local.text, "utf8"));
  }
  noticeDiscontinued(ctx, "execute");
  const body: Record<string, unknown> = parsed
    ? { [ASSUMED.recipeExecuteYamlField]: parsed.text }
    : { [ASSUMED.recipeExecuteNameField]: opts.recipe };
  if (Object.keys(params).length) body[ASSUMED.recipeExecuteParamsField] = params;
  // a run (never retried, never undone) is not started with a --jq that cannot print its state
  await checkJqFilter(ctx);
  const client = await ctx.client();
  let data: unknown;
  try {
    data = (await client.call("v2.recipes.execute", { body })).data;
  } catch (err) {
    throw withIssues(err, parsed, opts.recipe);
  }
  if (ctx.globals.output === "table" && !ctx.globals.fields && ctx.globals.jq === undefined) {
    // the engine state nests lists (steps, outputs): titled tables, not JSON in a cell
    const { renderState } = await import("../../output/state.js");
    await writeAsync(ctx.io.stdout, await renderState(ctx, data));
    return;
  }
  await printItem(ctx, data);
}

/** A rejected run may carry `issues[]` (spec 7.2): name them, at file:line:col when we have the file. */
function withIssues(err: unknown, parsed: ParsedFile | undefined, recipe: string): unknown {
  if (!(err instanceof ApiError)) return err;
  const given = (err.body as { issues?: unknown } | undefined)?.issues;
  // spec 7.2 names issues[] {path, message} without types: read as validate reads them (a null
  // among them was an "unexpected error", exit 1; a path given as segments was placed nowhere)
  const issues = Array.isArray(given) ? readIssues(given) : [];
  if (issues.length === 0) return err;
  // where to look: the params the recipe declares, or every problem of a local file with its line
  const onParams = issues.every((i) => /^[$./#]*params\b/.test(i.path));
  const hint = onParams
    ? parsed ? `--param takes the params declared under 'params:' in ${parsed.file}` : /^[\w.-]{1,128}$/.test(recipe) ? `'mids recipes get ${recipe}' shows the params it declares, under 'params:'` : err.hint
    : parsed ? `'mids recipes validate ${parsed.file}' lists every problem with its line` : err.hint;
  const lines = issues.slice(0, 5).map((i) => {
    const path = i.path;
    let where = path;
    if (parsed && path && !path.replace(/^[$./]+/, "").startsWith("params")) {
      const r = locatePath(parsed.documents[0].doc, parsed.lineCounter, path, parsed.text);
      where = `${parsed.file}:${r.line}:${r.column} ${path}`;
    }
    return `${where ? `${oneLine(where)}: ` : ""}${oneLine(i.message)}`;
  });
  const more = issues.length > 5 ? `; and ${issues.length - 5} more` : "";
  return new ApiError(`${err.message}: ${lines.join("; ")}${more}`, {
    code: err.code, status: err.status ?? 400, details: err.details, headers: err.headers, body: err.body, hint,
  });
}
