// `--faults shapes`: other legal shapes for every payload the spec does not show (spec 2.17, 4.2
// "Not shown for v3"). The sandbox answers with mids' own assumptions (src/contract/shapes/
// assumed.ts), so it can never prove them; this mode breaks them the ways a real server may:
// assumed fields missing, renamed or nested, unknown fields added, lists wrapped, series points
// under other names. What the spec documents (the intel preview, envelopes) is kept as it is.
// The same generator makes the random variants of the generative unit test.
import { matchRoute } from "../contract/routes.js";
import { ASSUMED_SHAPES, DOCUMENTED_IN_ASSUMED } from "../contract/shapes/assumed.js";
import { fieldsOf, type Shape } from "../contract/shapes/shape.js";
import { mulberry32, strHash, type Rng } from "./rand.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

/** Fields the spec documents inside an otherwise assumed payload (the intel preview): never changed. */
const documented = (routeId: string): Set<string> => new Set((DOCUMENTED_IN_ASSUMED[routeId] ?? []).map((p) => p.replace(/^\[\]\.?/, "")).filter(Boolean));

export type FieldOp = "keep" | "drop" | "rename" | "nest";
/** The departures seen on an independent implementation (issue 21), always in the served variant. */
const FORCED: Readonly<Record<string, Readonly<Record<string, FieldOp>>>> = {
  "v3.projects.series": { name: "drop" },
  "v3.intel.list": { projectId: "nest", projectName: "nest" },
  "v3.intel.get": { projectId: "nest", projectName: "nest" },
};
const OPS: readonly FieldOp[] = ["keep", "drop", "rename", "nest"];

export interface VariantPlan {
  /** what happens to each assumed field, in the shape's order */
  ops: FieldOp[];
  /** an unknown field added to every record */
  extra: boolean;
  /** a list answer wrapped in an object, under this key */
  wrap?: string;
  /** series: how points carry their time and number */
  points?: "renamed" | "pairs" | "nested";
}

/** A plan for one route: random, or (`exhaustive`) every kind of change at least once, as the fault serves. */
export function planFor(routeId: string, rng: Rng, exhaustive = false): VariantPlan {
  const a = ASSUMED_SHAPES[routeId];
  const fields = a ? [...fieldsOf(recordShape(a.shape)).keys()] : [];
  const offset = Math.floor(rng() * OPS.length);
  // the served variant keeps ids and the report reference, so that detail routes can be called with them
  const ops = fields.map((f, i) => (exhaustive ? FORCED[routeId]?.[f] ?? (f === "id" || f === "report" ? "keep" : OPS[(i + offset) % OPS.length]) : OPS[Math.floor(rng() * OPS.length)]));
  const wraps = ["items", "data", "results", "records"];
  const wrap = Array.isArray(a?.shape) && (exhaustive || rng() < 0.5) ? wraps[Math.floor(rng() * wraps.length)] : undefined;
  const styles = ["renamed", "pairs", "nested"] as const;
  return { ops, extra: exhaustive || rng() < 0.7, wrap, points: routeId === "v3.projects.series" ? styles[Math.floor(rng() * styles.length)] : undefined };
}

function recordShape(s: Shape): { [k: string]: Shape } {
  let x = s;
  while (Array.isArray(x)) x = x[0];
  return (isObj(x) ? x : {}) as { [k: string]: Shape };
}

/** Other names a server might use for a field. */
function renamed(k: string): string {
  const known: Record<string, string> = {
    name: "displayName", title: "name", summary: "abstract", score: "attention", stance: "sentiment", rank: "position",
    projectName: "project_name", category: "categorySlug", clusters: "clusterRefs", clusterComposition: "composition",
    bodyMarkdown: "body", publishedAt: "published", revisions: "history", lastSeenAt: "seenAt", report: "reportRef",
    slug: "projectSlug", measure: "metric", from: "start", to: "end", description: "about", sourceCount: "sources",
  };
  return known[k] ?? `${k}_v2`;
}

/** A record under the plan: documented fields untouched, the others kept, dropped, renamed or nested. */
function reshape(rec: unknown, routeId: string, plan: VariantPlan, shape: { [k: string]: Shape }): unknown {
  if (!isObj(rec)) return rec;
  const keep = documented(routeId);
  const fields = [...fieldsOf(shape).keys()];
  const out: Obj = {};
  const nested: Obj = {};
  for (const [k, v] of Object.entries(rec)) {
    const i = fields.indexOf(k);
    const op = i < 0 || keep.has(k) ? "keep" : plan.ops[i] ?? "keep";
    if (op === "drop") continue;
    if (op === "rename") out[renamed(k)] = v;
    else if (op === "nest") {
      // projectId/projectName -> project {id, name}; else under `attributes`
      const m = /^(project|topic|report)([A-Z]\w*)$/.exec(k);
      if (m) {
        const inner = ((out[m[1]] as Obj | undefined) ??= {});
        inner[m[2][0].toLowerCase() + m[2].slice(1)] = v;
      } else nested[k] = v;
    } else out[k] = v;
  }
  if (Object.keys(nested).length) out.attributes = nested;
  if (plan.extra) out.x_vendor = { source: "variant", tags: ["a", "b"] };
  // composition shares as fractions, under other names (still a name and a number)
  for (const key of ["clusterComposition", "composition"]) {
    const list = out[key];
    if (Array.isArray(list) && plan.ops.includes("rename")) out[key] = list.map((c) => (isObj(c) ? { cluster: { id: c.id, name: c.name }, share: typeof c.percentage === "number" ? c.percentage / 100 : c.percentage } : c));
  }
  return out;
}

/** Series points in another legal form: other key names, [time, number] pairs, or nested deeper. */
function reshapeSeries(data: unknown, plan: VariantPlan): unknown {
  if (!isObj(data)) return data;
  const { points, ...rest } = data;
  const head = reshape(rest, "v3.projects.series", plan, recordShape(ASSUMED_SHAPES["v3.projects.series"].shape)) as Obj;
  const list = Array.isArray(points) ? points : [];
  const measure = typeof data.measure === "string" ? data.measure : "value";
  switch (plan.points) {
    case "pairs":
      return { ...head, data: list.map((p) => (isObj(p) ? [p.timestamp, p.value] : p)) };
    case "nested":
      return { ...head, series: { points: list.map((p) => (isObj(p) ? { at: p.timestamp, [measure]: p.value, quality: "ok" } : p)) } };
    default:
      return { ...head, values: list.map((p) => (isObj(p) ? { time: p.timestamp, v: p.value } : p)) };
  }
}

/** Another legal shape of a route's `data` (routes with a documented shape come back as they are). */
export function variantOf(routeId: string, data: unknown, plan: VariantPlan): unknown {
  const a = ASSUMED_SHAPES[routeId];
  if (!a) return data;
  if (routeId === "v3.projects.series") return reshapeSeries(data, plan);
  const rec = recordShape(a.shape);
  if (routeId === "v3.vocabulary" && isObj(data)) {
    // kinds under snake_case names, each list wrapped or as bare slugs
    return Object.fromEntries(Object.entries(data).map(([k, v], i) => {
      const name = plan.ops[i % plan.ops.length] === "rename" ? k.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase()) : k;
      const list = Array.isArray(v) ? v : [];
      const op = plan.ops[(i + 1) % plan.ops.length];
      return [name, op === "drop" ? list.map((x) => (isObj(x) ? x.slug : x)) : op === "nest" || plan.wrap ? { items: list, total: list.length } : list];
    }));
  }
  if (Array.isArray(a.shape)) {
    const items = Array.isArray(data) ? data.map((x) => reshape(x, routeId, plan, rec)) : data;
    return plan.wrap ? { [plan.wrap]: items, count: Array.isArray(items) ? items.length : 0 } : items;
  }
  return reshape(data, routeId, plan, rec);
}

/**
 * The sandbox's hook: the body of a successful answer with its `data` in another legal shape, the
 * same for every answer of one route in one run (a list and a detail agree).
 */
export function shapeVariantBody(method: string, path: string, body: string, seed = 0x5a4e): string {
  const m = matchRoute(method, path);
  if (!m || !ASSUMED_SHAPES[m.route.id]) return body;
  let parsed: unknown;
  try { parsed = JSON.parse(body); } catch { return body; }
  if (!isObj(parsed) || !("data" in parsed)) return body;
  const plan = planFor(m.route.id, mulberry32(seed ^ strHash(m.route.id)), true);
  return JSON.stringify({ ...parsed, data: variantOf(m.route.id, parsed.data, plan) });
}
