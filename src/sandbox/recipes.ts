// v2 recipes (spec 2.10, 4.1): list, get, validate (raw YAML, issue paths in a selectable style), execute.
import { ASSUMED } from "../contract/assumed.js";
import { ApiFail, iso, notFound, type Ctx, type Handler } from "./http.js";
import { resolveParams, runSteps } from "./recipe-engine.js";

export const STEP_USES = ["projects.list", "projects.get", "intel.list", "series.trend", "series.rank", "topics.list",
  "filter", "sort", "limit", "notify", "output"] as const;
const PARAM_TYPES: readonly string[] = ["string", "number", "integer", "boolean", "timestamp", "duration", "list"];
const TOP_KEYS: readonly string[] = ["name", "version", "description", "params", "steps"];
const STEP_KEYS: readonly string[] = ["id", "name", "uses", "with", "when"];
const PARAM_KEYS: readonly string[] = ["type", "default", "description", "required"];
export const PATH_STYLES = ["dotted", "bracket", "pointer", "jsonpath"] as const;
type Style = (typeof PATH_STYLES)[number];
type Seg = string | number;

export const RECIPES: Record<string, string> = {
  "trend-digest": `name: trend-digest
version: 1
description: Top trending projects with their latest intel
params:
  limit:
    type: integer
    default: 10
    description: How many projects to keep
steps:
  - id: top
    uses: projects.list
    with:
      sort: trend
  - uses: limit
    with:
      count: \${params.limit}
  - uses: output
`,
  "intel-watch": `name: intel-watch
version: "2.1"
description: Polished or better intel for a category
params:
  category:
    type: string
    required: true
  minGrade:
    type: string
    default: polished
steps:
  - id: intel
    uses: intel.list
    with:
      category: \${params.category}
  - uses: filter
    with:
      grade: \${params.minGrade}
  - uses: notify
`,
  "momentum-scan": `name: momentum-scan
version: 3
description: Projects whose trend rose over the last day
params:
  window:
    type: duration
    default: 24h
steps:
  - uses: projects.list
  - uses: series.trend
    with:
      window: \${params.window}
  - uses: sort
    with:
      by: trendDelta
  - uses: output
`,
};

export function formatPath(segs: readonly Seg[], style: Style): string {
  switch (style) {
    case "pointer": return segs.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
    case "jsonpath": return "$" + segs.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("");
    case "bracket": return segs.map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? s : `.${s}`)).join("");
    default: return segs.map(String).join(".");
  }
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export interface Validation {
  valid: boolean;
  issues: { path: string; message: string }[];
  recipe?: { name: string; version: string; description: string; stepCount: number; paramCount: number };
  parseError?: boolean;
  value?: Record<string, unknown>;
}

export async function validateRecipe(text: string): Promise<Validation> {
  // yaml is a large module: loaded on the first recipe call, so the sandbox starts quickly
  const { MAX_RECIPE_DEPTH, parseYamlDocument } = await import("../recipes/parse.js");
  const style = (/^\s*#\s*sandbox-path-style:\s*(\w+)\s*$/m.exec(text)?.[1] ?? "dotted") as Style;
  const st: Style = PATH_STYLES.includes(style) ? style : "dotted";
  const issues: Validation["issues"] = [];
  const add = (segs: Seg[], message: string) => issues.push({ path: formatPath(segs, st), message });
  const where = (offset: number) => {
    const before = text.slice(0, offset).split("\n");
    return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
  };
  // nesting past the limit is refused before yaml recurses into it (it can abort the process)
  const parsed = parseYamlDocument(text);
  if ("deep" in parsed) {
    add([], `YAML error at ${where(parsed.deep)}: collections nested more than ${MAX_RECIPE_DEPTH} deep`);
    return { valid: false, issues, parseError: true };
  }
  const { doc } = parsed;
  if (doc.errors.length) {
    for (const e of doc.errors) add([], `YAML syntax error at ${where(e.pos[0])}: ${e.message.split("\n")[0]}`);
    return { valid: false, issues, parseError: true };
  }
  let root: unknown;
  try {
    root = doc.toJS();
  } catch (e) {
    // e.g. an alias bomb: the yaml library refuses to expand it
    add([], `YAML error: ${(e as Error).message}`);
    return { valid: false, issues, parseError: true };
  }
  if (!isMap(root)) { add([], "a recipe must be a YAML mapping"); return { valid: false, issues }; }
  for (const k of Object.keys(root)) if (!TOP_KEYS.includes(k)) add([k], `unknown key \`${k}\` (allowed: ${TOP_KEYS.join(", ")})`);
  if (typeof root.name !== "string" || !root.name.trim()) add(["name"], root.name === undefined ? "`name` is required" : "`name` must be a string");
  if (root.version === undefined || root.version === null) add(["version"], "`version` is required");
  else if (typeof root.version !== "string" && typeof root.version !== "number") add(["version"], "`version` must be a string or a number");
  if (root.description !== undefined && typeof root.description !== "string") add(["description"], "`description` must be a string");
  let paramCount = 0;
  if (root.params !== undefined) {
    if (!isMap(root.params)) add(["params"], "`params` must be a mapping of parameter names to definitions");
    else for (const [name, def] of Object.entries(root.params)) {
      paramCount++;
      if (!isMap(def)) { add(["params", name], "a parameter must be a mapping with a `type`"); continue; }
      if (def.type === undefined) add(["params", name], "`type` is required");
      else if (!PARAM_TYPES.includes(def.type as string)) add(["params", name, "type"], `unknown type \`${String(def.type)}\` (allowed: ${PARAM_TYPES.join(", ")})`);
      for (const k of Object.keys(def)) if (!PARAM_KEYS.includes(k)) add(["params", name, k], `unknown key \`${k}\``);
    }
  }
  let stepCount = 0;
  if (root.steps === undefined) add(["steps"], "`steps` is required");
  else if (!Array.isArray(root.steps) || !root.steps.length) add(["steps"], "`steps` must be a non-empty list");
  else root.steps.forEach((step: unknown, i: number) => {
    stepCount++;
    if (!isMap(step)) { add(["steps", i], "a step must be a mapping with `uses`"); return; }
    if (step.uses === undefined) add(["steps", i], "`uses` is required");
    else if (!STEP_USES.includes(step.uses as never)) add(["steps", i, "uses"], `unknown step \`${String(step.uses)}\` (known: ${STEP_USES.join(", ")})`);
    if (step.with !== undefined && !isMap(step.with)) add(["steps", i, "with"], "`with` must be a mapping");
    for (const k of Object.keys(step)) if (!STEP_KEYS.includes(k)) add(["steps", i, k], `unknown key \`${k}\``);
  });
  if (issues.length) return { valid: false, issues };
  return {
    valid: true, issues, value: root,
    recipe: { name: String(root.name), version: String(root.version), description: String(root.description ?? ""), stepCount, paramCount },
  };
}

function badRequest(message: string, issues: Validation["issues"]): ApiFail {
  return new ApiFail("invalid_request", message, undefined, { v2: { valid: false, issues } });
}

function bodyField(ctx: Ctx, field: string): unknown {
  const b = ctx.body();
  if (typeof b !== "object" || b === null || Array.isArray(b)) throw badRequest("the request body must be a JSON object", [{ path: "", message: "the request body must be a JSON object" }]);
  return (b as Record<string, unknown>)[field];
}

const list: Handler = async () => ({
  data: await Promise.all(Object.values(RECIPES).map(async (y) => (await validateRecipe(y)).recipe!)),
});

const get: Handler = async (ctx) => {
  const y = RECIPES[ctx.pathParams.name];
  if (!y) throw notFound("recipe", ctx.pathParams.name);
  return { data: { ...(await validateRecipe(y)).recipe!, definition: y } };
};

const validate: Handler = async (ctx) => {
  const y = bodyField(ctx, ASSUMED.recipeValidateBodyField);
  if (typeof y !== "string") {
    const m = `body field \`${ASSUMED.recipeValidateBodyField}\` must hold the raw YAML recipe as a string`;
    throw badRequest(m, [{ path: "", message: m }]);
  }
  const v = await validateRecipe(y);
  if (v.parseError) return { status: 400, raw: { valid: false, issues: v.issues } };
  return { raw: { valid: v.valid, issues: v.issues, ...(v.recipe ? { recipe: v.recipe } : {}) } };
};

/** Execute: never idempotent, every call is a new run (spec 4.1). */
const execute: Handler = async (ctx) => {
  const name = bodyField(ctx, ASSUMED.recipeExecuteNameField);
  const yaml = bodyField(ctx, ASSUMED.recipeExecuteYamlField);
  const params = bodyField(ctx, ASSUMED.recipeExecuteParamsField) ?? {};
  let text: string;
  if (typeof name === "string") {
    if (!RECIPES[name]) throw notFound("recipe", name);
    text = RECIPES[name];
  } else if (typeof yaml === "string") text = yaml;
  else {
    const m = `give \`${ASSUMED.recipeExecuteNameField}\` or \`${ASSUMED.recipeExecuteYamlField}\``;
    throw badRequest(m, [{ path: "", message: m }]);
  }
  const v = await validateRecipe(text);
  if (!v.valid) throw badRequest("the recipe is not valid", v.issues);
  if (!isMap(params)) throw badRequest("`params` must be an object", [{ path: "params", message: "`params` must be an object" }]);
  const declared = (v.value!.params ?? {}) as Record<string, Record<string, unknown>>;
  const { params: merged, issues } = resolveParams(declared, params);
  if (issues.length) throw badRequest("recipe parameters are not valid", issues);
  const { run, issues: stepIssues } = runSteps(ctx.world.ds, ctx.nowMs, v.value!.steps as Record<string, unknown>[], merged);
  if (!run) throw badRequest("the recipe cannot run with these parameters", stepIssues);
  const n = ++ctx.world.runCounter.n;
  return {
    raw: {
      runId: `run_${String(n).padStart(6, "0")}`, recipe: { name: v.recipe!.name, version: v.recipe!.version }, status: "completed",
      startedAt: iso(ctx.nowMs), finishedAt: iso(ctx.nowMs), params: merged, steps: run.steps,
      output: { [run.kind]: run.items },
    },
  };
};

export const recipeHandlers: Record<string, Handler> = {
  "v2.recipes.list": list,
  "v2.recipes.get": get,
  "v2.recipes.validate": validate,
  "v2.recipes.execute": execute,
};
