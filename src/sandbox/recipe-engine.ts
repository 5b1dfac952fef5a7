// The sandbox's recipe engine: params are typed and checked, `${params.x}` in a step's `with` is
// substituted, and each step acts on the items of the one before (spec 2.17: the state is not
// shown; this is a plausible one).
import { ASSUMED } from "../contract/assumed.js";
import type { Dataset } from "./data.js";
import { hourOf, rankAt, trendAt } from "./series.js";
import { topicsOf } from "./topics.js";
import { iso } from "./http.js";

export interface Issue { path: string; message: string }
type Item = Record<string, unknown>;
export interface StepResult { index: number; id: string; uses: string; status: string; with: Item; outputCount: number }
export interface EngineRun { params: Item; steps: StepResult[]; kind: string; items: Item[] }

const isMap = (v: unknown): v is Item => typeof v === "object" && v !== null && !Array.isArray(v);
const DURATION = /^(\d+)([mhdw])$/;

export function durationHours(v: unknown): number | undefined {
  const m = typeof v === "string" ? DURATION.exec(v.trim()) : null;
  if (!m) return undefined;
  return Number(m[1]) * { m: 1 / 60, h: 1, d: 24, w: 168 }[m[2] as "m"];
}

/** A value of a declared type, coerced from text where that is unambiguous; undefined when it is not one. */
function typed(type: unknown, v: unknown): { ok: boolean; value?: unknown } {
  const num = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  switch (type) {
    case "integer": return typeof num === "number" && Number.isInteger(num) ? { ok: true, value: num } : { ok: false };
    case "number": return typeof num === "number" && Number.isFinite(num) ? { ok: true, value: num } : { ok: false };
    case "boolean": return typeof v === "boolean" ? { ok: true, value: v } : v === "true" || v === "false" ? { ok: true, value: v === "true" } : { ok: false };
    case "string": return typeof v === "string" || typeof v === "number" ? { ok: true, value: String(v) } : { ok: false };
    case "duration": return durationHours(v) !== undefined ? { ok: true, value: v } : { ok: false };
    case "timestamp": return typeof v === "string" && !Number.isNaN(Date.parse(v)) ? { ok: true, value: v } : { ok: false };
    case "list": return Array.isArray(v) ? { ok: true, value: v } : typeof v === "string" ? { ok: true, value: v.split(",").map((s) => s.trim()).filter(Boolean) } : { ok: false };
    default: return { ok: true, value: v };
  }
}

/** Given params over declared defaults, each checked against its type. */
export function resolveParams(declared: Record<string, Item>, given: Item): { params: Item; issues: Issue[] } {
  const issues: Issue[] = Object.keys(given).filter((k) => !(k in declared)).map((k) => ({ path: `params.${k}`, message: `undeclared parameter \`${k}\`` }));
  const params: Item = {};
  for (const [k, d] of Object.entries(declared)) {
    if (!(k in given)) {
      if (d.required) issues.push({ path: `params.${k}`, message: `parameter \`${k}\` is required` });
      params[k] = d.default ?? null;
      continue;
    }
    const t = typed(d.type, given[k]);
    if (!t.ok) issues.push({ path: `params.${k}`, message: `parameter \`${k}\` must be of type ${String(d.type)} (got ${JSON.stringify(given[k])})` });
    else params[k] = t.value;
  }
  return { params, issues };
}

const REF = /\$\{params\.([A-Za-z0-9_-]+)\}/g;

/** `${params.x}`: a whole-string reference keeps the value's type; inside text it is interpolated. */
export function substitute(v: unknown, params: Item, path: string, issues: Issue[]): unknown {
  if (typeof v === "string") {
    const whole = /^\$\{params\.([A-Za-z0-9_-]+)\}$/.exec(v);
    const check = (name: string) => {
      if (!(name in params)) issues.push({ path, message: `unknown parameter \`${name}\` in \`${v}\`` });
      return params[name];
    };
    if (whole) return check(whole[1]);
    return v.replace(REF, (_, name: string) => String(check(name) ?? ""));
  }
  if (Array.isArray(v)) return v.map((x, i) => substitute(x, params, `${path}.${i}`, issues));
  if (isMap(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, substitute(x, params, `${path}.${k}`, issues)]));
  return v;
}

const GRADES: readonly string[] = ASSUMED.grades;

function num(v: unknown): number | undefined {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

/** Run the steps. Returns issues (a 400) for a step argument the engine cannot use. */
export function runSteps(ds: Dataset, nowMs: number, steps: Item[], params: Item): { run?: EngineRun; issues: Issue[] } {
  const issues: Issue[] = [];
  const h = hourOf(nowMs);
  const projectItem = (i: number): Item => {
    const p = ds.projects[i];
    return { id: p.id, slug: p.slug, name: p.name, universe: p.universe, categories: p.categories, trendScore: trendAt(ds, p.index, h) };
  };
  let kind = "projects";
  let items: Item[] = [];
  const results: StepResult[] = [];
  steps.forEach((s, i) => {
    const w = (isMap(s.with) ? substitute(s.with, params, `steps.${i}.with`, issues) : {}) as Item;
    const at = (k: string) => `steps.${i}.with.${k}`;
    switch (s.uses) {
      case "projects.list": {
        kind = "projects";
        const universe = typeof w.universe === "string" ? w.universe : "crypto";
        items = ds.projects.filter((p) => p.universe === universe).map((p) => projectItem(p.index));
        const by = typeof w.sort === "string" ? w.sort : "trend";
        if (by === "trend") items.sort((a, b) => (b.trendScore as number) - (a.trendScore as number));
        else if (by === "createdAt") items.sort((a, b) => ds.byId.get(b.id as string)!.createdAt - ds.byId.get(a.id as string)!.createdAt);
        else issues.push({ path: at("sort"), message: `unknown sort \`${String(by)}\` (trend, createdAt)` });
        // like the API's list default (spec 8.4): 50 unless the step asks for another count
        items = items.slice(0, Math.max(0, w.limit === undefined ? 50 : num(w.limit) ?? 50));
        break;
      }
      case "projects.get": {
        kind = "projects";
        const p = ds.byId.get(String(w.id)) ?? ds.bySlug.get(String(w.id));
        if (!p) issues.push({ path: at("id"), message: `no project \`${String(w.id)}\`` });
        items = p ? [projectItem(p.index)] : [];
        break;
      }
      case "intel.list": {
        kind = "intel";
        const category = typeof w.category === "string" ? w.category : undefined;
        items = ds.intel.filter((x) => !category || x.category === category).slice(0, 200)
          .map((x) => ({ id: x.id, headline: x.headline, category: x.category, grade: x.grade, projectId: ds.projects[x.project].id, detectedAt: iso(x.detectedAt) }));
        break;
      }
      case "topics.list":
        kind = "topics";
        items = topicsOf(ds).map((t) => ({ id: t.id, name: t.name, stance: t.stance }));
        break;
      case "series.trend":
      case "series.rank": {
        const hours = w.window === undefined ? 24 : durationHours(w.window);
        if (hours === undefined) { issues.push({ path: at("window"), message: `\`window\` must be a duration such as 24h or 7d (got ${JSON.stringify(w.window)})` }); break; }
        const back = Math.max(1, Math.round(hours));
        items = items.map((it) => {
          const p = ds.byId.get(it.id as string);
          if (!p) return it;
          return s.uses === "series.trend"
            ? { ...it, trendDelta: Math.round((trendAt(ds, p.index, h) - trendAt(ds, p.index, h - back)) * 100) / 100, window: `${back}h` }
            : { ...it, rank: rankAt(ds, p.index, h), rankBefore: rankAt(ds, p.index, h - back), window: `${back}h` };
        });
        break;
      }
      case "filter": {
        if (w.grade !== undefined) {
          const min = GRADES.indexOf(String(w.grade));
          if (min < 0) issues.push({ path: at("grade"), message: `unknown grade \`${String(w.grade)}\` (${GRADES.join(", ")})` });
          else items = items.filter((it) => GRADES.indexOf(String(it.grade)) >= min);
        }
        if (w.minTrend !== undefined) {
          const m = num(w.minTrend);
          if (m === undefined) issues.push({ path: at("minTrend"), message: "`minTrend` must be a number" });
          else items = items.filter((it) => typeof it.trendScore === "number" && it.trendScore >= m);
        }
        if (typeof w.category === "string") items = items.filter((it) => it.category === w.category || (Array.isArray(it.categories) && it.categories.includes(w.category)));
        break;
      }
      case "sort": {
        const by = String(w.by ?? "trendScore");
        const asc = w.order === "asc";
        items = [...items].sort((a, b) => {
          const x = a[by] as number | string;
          const y = b[by] as number | string;
          const c = x === y ? 0 : x === undefined ? 1 : y === undefined ? -1 : x < y ? -1 : 1;
          return asc ? c : -c;
        });
        break;
      }
      case "limit": {
        const n = num(w.count);
        if (n === undefined || !Number.isInteger(n) || n < 0) issues.push({ path: at("count"), message: `\`count\` must be a whole number (got ${JSON.stringify(w.count)})` });
        else items = items.slice(0, n);
        break;
      }
      default: // notify, output: the items pass through
    }
    results.push({ index: i, id: String(s.id ?? `step${i + 1}`), uses: String(s.uses), status: "completed", with: w, outputCount: items.length });
  });
  if (issues.length) return { issues };
  return { issues, run: { params, steps: results, kind, items } };
}

