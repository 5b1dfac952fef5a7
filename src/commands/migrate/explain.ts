// `mids migrate explain`: the v2 -> v3 map, read from the route table and the migration rules.
import type { Context } from "../../context.js";
import { writeAsync } from "../../io.js";
import { ROUTES, route as routeById, lossyDefaults, type Route } from "../../contract/routes.js";
import { FIELD_RENAMES, MIGRATION_RULES, RESPONSE_MAPS, migrationRule, type ResponseField } from "../../contract/migration.js";
import { loadYaml } from "../../util/yaml.js";
import { csvRow } from "../../output/csv.js";
import { emitJson } from "../../output/render.js";
import { UsageError } from "../../errors.js";
import { oneLine } from "../../util/sanitize.js";
import { wrapProse } from "../../output/prose.js";
import { apiHosts, apiPathPrefix } from "../../migrate/api-base.js";
import { redactRequest } from "../../migrate/redact.js";
import { carriedParams, rewrite } from "../../migrate/rewrite.js";
import { pendingWhat } from "../../migrate/resolve.js";
import type { LogRequest, Outcome } from "../../migrate/types.js";
import { parseCurlFull } from "../../migrate/codecs/curl/read.js";
import { redactText } from "../../redact/index.js";
import { splitTarget, targetOf } from "../../migrate/url.js";

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
      params: carriedParams(r).map((p) => ({ name: p.name, ...(p.to ? { to: p.to } : {}), ...(p.rule ? { rule: p.rule } : {}),
        ...(p.lossless ? { lossless: [...p.lossless], ...(p.default !== undefined ? { default: String(p.default) } : {}) } : {}) })),
      rules,
    };
    if (r.aliasOf) m.aliasOf = r.aliasOf;
    if (r.sunset) m.sunset = r.sunset;
    return m;
  });
}

/** `words`: one request to explain (`GET /v2/...`, a path or a URL); none: the whole map. */
export async function run(ctx: Context, words: string[] = []): Promise<void> {
  if (words.length) return explainRequest(ctx, words);
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
    for (const p of r.params) lines.push(`    ${p.name} -> ${p.to !== undefined ? `${p.to}${p.rule ? ` (${p.rule})` : ""}` : `(${p.rule ?? "not carried"}${p.lossless ? ` unless ${p.lossless.join(" or ")}${p.default !== undefined ? `; default ${p.default}` : ""}` : ""})`}`);
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
  await writeAsync(out, screenText(ctx, lines));
}

/** Lines for a terminal: each wrapped at spaces to its width, the rest of a line indented under its start. */
const screenText = (ctx: Context, lines: string[]): string =>
  lines.flatMap((l) => wrapProse(l, ctx.io.stdoutIsTTY ? ctx.io.columns : undefined, 4)).join("\n") + "\n";

function fieldLine(f: ResponseField): string {
  const items = { same: "the same items", page: "the v2 page among the v3 items", preview: "a v3 preview: items both have" } as const;
  const how = [f.items ? items[f.items] : "", f.key ? `matched on ${f.key}${f.also ? ` and ${f.also}` : ""}` : "", f.convert ?? ""].filter(Boolean).join(", ");
  return `${f.v2 || "data"} -> ${f.v3 === null ? "removed (ignored)" : f.v3 || "data"}${how ? `  [${how}]` : ""}${f.note ? `  (${f.note})` : ""}`;
}

/** What `mids migrate explain REQUEST` prints: the request's rewrite, its route's map and the response fields verify compares. */
export interface RequestExplanation {
  request: string;
  status: Outcome["status"];
  from: Outcome["from"];
  to: Outcome["to"];
  notes: Outcome["notes"];
  /** what `mids migrate --resolve` finishes online (a page number's cursor, a topic's report id) */
  resolve?: string[];
  route?: RouteMap;
  responses: typeof RESPONSE_MAPS;
}

const METHOD = /^[A-Za-z]+$/;

/** The user's words in an error: one line, a credential in them hidden, cut. */
const echo = (text: string) => redactText(oneLine(text)).slice(0, 200);

/**
 * One request as a user writes it: `GET /v2/x?y=1`, `/v2/x` (GET), a URL, the method and target as
 * one word or two, or a curl command (as `mids migrate` reads one).
 */
export function parseRequestWords(words: string[]): LogRequest {
  const text = words.join(" ").trim();
  if (/^curl\s/.test(text)) {
    const req = parseCurlFull(text);
    if (typeof req === "string") throw new UsageError(`the curl command cannot be read: ${req.replace(/^curl command: /, "")}`, { hint: "check its quoting, or give the request's path or URL instead" });
    return req;
  }
  const parts = text.split(/\s+/);
  const [method, target] = parts.length >= 2 && METHOD.test(parts[0]) ? [parts[0].toUpperCase(), parts.slice(1).join("%20")] : ["GET", parts.join("%20")];
  const split = target && (target[0] === "/" || /^https?:\/\//i.test(target)) ? splitTarget(target, false) : undefined;
  if (!split) {
    throw new UsageError(`'${echo(text)}' is not a request: give a path or URL of the API`, {
      hint: "e.g. mids migrate explain /v2/projects/abc/momentum, or mids migrate explain 'GET https://host/v2/signals?page=2'",
    });
  }
  return { method, origin: split.origin, path: split.path, query: split.query };
}

export function explainOutcome(words: string[], baseUrl: string | undefined, now: Date): RequestExplanation {
  // the same redaction as every request mids migrate reads: a key in the query, path or a header is never printed
  const req = redactRequest(parseRequestWords(words));
  const o = rewrite(req, { now, hosts: apiHosts(baseUrl), pathPrefix: apiPathPrefix(baseUrl) });
  const route = o.routeId ? routeMap().find((r) => r.id === o.routeId) : undefined;
  const resolve = o.pending?.map(pendingWhat);
  return {
    request: `${o.from.method} ${targetOf(o.from)}`, status: o.status, from: o.from, to: o.to, notes: o.notes,
    ...(resolve?.length ? { resolve } : {}), ...(route ? { route } : {}),
    responses: o.routeId ? RESPONSE_MAPS.filter((m) => m.routes.includes(o.routeId!)) : [],
  };
}

async function explainRequest(ctx: Context, words: string[]): Promise<void> {
  const e = explainOutcome(words, ctx.globals.baseUrl, ctx.now());
  const fmt = ctx.globals.output;
  const out = ctx.io.stdout;
  if (fmt === "json") return emitJson(ctx, e);
  if (fmt === "ndjson") return writeAsync(out, JSON.stringify(e) + "\n");
  if (fmt === "yaml") {
    const { stringify } = await loadYaml();
    return writeAsync(out, stringify(e, { aliasDuplicateObjects: false }));
  }
  if (fmt === "csv") {
    return writeAsync(out, csvRow(["method", "path", "status", "v3_method", "v3_path", "rules"])
      + csvRow([e.from.method, targetOf(e.from), e.status, e.to?.method ?? "", e.to ? targetOf(e.to) : "", e.notes.map((n) => n.rule).join(" ")]));
  }
  // the request is the user's own text, but may hold anything a log does: one line each, no control sequences
  const lines = [oneLine(e.request), `  ${e.status} -> ${e.to ? oneLine(`${e.to.method} ${targetOf(e.to)}`) : "no v3 request"}`];
  if (e.route) {
    const r = e.route;
    lines.push("", `route: ${r.from.method} ${r.from.path}  ->  ${r.to ? `${r.to.method} ${r.to.path}` : "(removed)"}${r.sunset ? `  sunset ${r.sunset}` : ""}`);
    for (const p of r.params) lines.push(`    ${p.name} -> ${p.to !== undefined ? `${p.to}${p.rule ? ` (${p.rule})` : ""}` : `(${p.rule ?? "not carried"}${p.lossless ? ` unless ${p.lossless.join(" or ")}${p.default !== undefined ? `; default ${p.default}` : ""}` : ""})`}`);
  }
  if (e.notes.length) {
    lines.push("", "notes:");
    for (const n of e.notes) lines.push(`  ${n.rule}: ${oneLine(n.message)}`);
  }
  if (e.resolve) lines.push("", `online: 'mids migrate --resolve' looks up ${e.resolve.join(" and ")}`);
  if (e.responses.length) {
    lines.push("", "response fields (what 'mids migrate verify' compares, inside data; [] = each item):");
    for (const m of e.responses) for (const f of m.fields) lines.push(`  ${fieldLine(f)}`);
    lines.push("  every other field keeps its name");
  }
  await writeAsync(out, screenText(ctx, lines));
}
