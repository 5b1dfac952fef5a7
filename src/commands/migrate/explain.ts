// `mids migrate explain`: the v2 -> v3 map, read from the route table and the migration rules.
import type { Context } from "../../context.js";
import { writeAsync } from "../../io.js";
import { ROUTES, route as routeById, paramsOf, lossyDefaults, type Route } from "../../contract/routes.js";
import { FIELD_RENAMES, MIGRATION_RULES, RESPONSE_MAPS, migrationRule, type ResponseField } from "../../contract/migration.js";
import { loadYaml } from "../../util/yaml.js";
import { csvRow } from "../../output/csv.js";
import { emitJson } from "../../output/render.js";

export interface RouteMap {
  id: string;
  from: { method: string; path: string };
  to: { id: string; method: string; path: string } | null;
  status: "rewritten" | "partial" | "removed";
  aliasOf?: string;
  sunset?: string;
  /** lossless: the values that lose nothing (the rule is noted for any other, and for the default when left out) */
  params: { name: string; to?: string; rule?: string; lossless?: string[]; default?: string }[];
  rules: string[];
}

export function routeMap(): RouteMap[] {
  return ROUTES.filter((r) => r.version === "v2").map((r: Route) => {
    const succ = r.v3!;
    const rules = [...(succ.rules ?? [])];
    const v3 = succ.route ? routeById(succ.route) : null;
    const path = v3 ? v3.path.replace(/\{(\w+)\}/g, (m, k: string) => succ.pathParams?.[k] ?? m) : "";
    // a call without parameters: the route's rules, and those of parameters whose default loses something
    const plain = [...rules, ...lossyDefaults(r).map((p) => p.rule!)];
    const status = !v3 ? "removed" : plain.some((id) => migrationRule(id).effect === "partial") ? "partial" : "rewritten";
    const m: RouteMap = {
      id: r.id, from: { method: r.method, path: r.path }, to: v3 ? { id: v3.id, method: v3.method, path } : null, status,
      params: paramsOf(r).map((p) => ({ name: p.name, ...(p.to ? { to: p.to } : {}), ...(p.rule ? { rule: p.rule } : {}),
        ...(p.lossless ? { lossless: [...p.lossless], ...(p.default !== undefined ? { default: String(p.default) } : {}) } : {}) })),
      rules,
    };
    if (r.aliasOf) m.aliasOf = r.aliasOf;
    if (r.sunset) m.sunset = r.sunset;
    return m;
  });
}

export async function run(ctx: Context): Promise<void> {
  const routes = routeMap();
  const out = ctx.io.stdout;
  const fmt = ctx.globals.output;
  if (fmt === "json") {
    // through the JSON printer, so --jq applies
    await emitJson(ctx, { routes, rules: MIGRATION_RULES, renames: FIELD_RENAMES, responses: RESPONSE_MAPS });
    return;
  }
  if (fmt === "ndjson") {
    await writeAsync(out, routes.map((r) => JSON.stringify(r)).join("\n") + "\n");
    return;
  }
  if (fmt === "yaml") {
    const { stringify } = await loadYaml();
    await writeAsync(out, stringify({ routes, rules: MIGRATION_RULES, renames: FIELD_RENAMES, responses: RESPONSE_MAPS }, { aliasDuplicateObjects: false }));
    return;
  }
  if (fmt === "csv") {
    // one row per v2 route: the map at a glance, for spreadsheets
    let text = csvRow(["method", "path", "status", "v3_method", "v3_path", "sunset", "rules"]);
    for (const r of routes) text += csvRow([r.from.method, r.from.path, r.status, r.to?.method ?? "", r.to?.path ?? "", r.sunset ?? "", r.rules.join(" ")]);
    await writeAsync(out, text);
    return;
  }
  const lines: string[] = ["v2 -> v3 routes (spec 9.5); status is that of a call without parameters, parameters may change it", ""];
  for (const r of routes) {
    const to = r.to ? `${r.to.method} ${r.to.path}` : "(removed)";
    lines.push(`${r.from.method} ${r.from.path}  ->  ${to}   [${r.status}]${r.sunset ? `  sunset ${r.sunset}` : ""}`);
    for (const p of r.params) lines.push(`    ${p.name} -> ${p.to ?? `(${p.rule ?? "not carried"}${p.lossless ? ` unless ${p.lossless.join(" or ")}${p.default !== undefined ? `; default ${p.default}` : ""}` : ""})`}`);
    for (const id of r.rules) lines.push(`    note ${id}: ${migrationRule(id).message}`);
  }
  lines.push("", "Response field renames:");
  for (const f of FIELD_RENAMES) lines.push(`  [${f.scope}] ${f.from} -> ${f.to ?? "removed"}${f.note ? `  (${f.note})` : ""}`);
  lines.push("", "Response field map (what 'mids migrate verify' compares, inside data; paths from data, [] = each item):");
  for (const m of RESPONSE_MAPS) {
    lines.push(`  ${m.title}: ${m.routes.map((id) => { const r = routeById(id); return `${r.method} ${r.path}`; }).join(", ")}`);
    for (const f of m.fields) lines.push(`    ${fieldLine(f)}`);
  }
  lines.push("  every other field keeps its name; v3 fields that v2 lacks are not compared");
  lines.push("", "Rules:");
  for (const [id, r] of Object.entries(MIGRATION_RULES)) lines.push(`  ${id} (${r.effect}): ${r.message} ${r.action}`);
  await writeAsync(out, lines.join("\n") + "\n");
}

function fieldLine(f: ResponseField): string {
  const items = { same: "the same items", page: "the v2 page among the v3 items", preview: "a v3 preview: items both have" } as const;
  const how = [f.items ? items[f.items] : "", f.key ? `matched on ${f.key}${f.also ? ` and ${f.also}` : ""}` : "", f.convert ?? ""].filter(Boolean).join(", ");
  return `${f.v2 || "data"} -> ${f.v3 === null ? "removed (ignored)" : f.v3 || "data"}${how ? `  [${how}]` : ""}${f.note ? `  (${f.note})` : ""}`;
}
