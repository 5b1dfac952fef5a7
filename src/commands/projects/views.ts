// Default table columns for project resources (v3 spec 2.11, v2 spec 2.3/2.5/2.7), and small
// helpers shared by the query commands: fallback columns for undocumented shapes, deprecation
// notices for v2-only routes, alias resolution notices.
import type { Context } from "../../context.js";
import type { Column, View } from "../../output/render.js";
import { cellText, keyColumn } from "../../output/fields.js";
import { route as routeById } from "../../contract/routes.js";
import { deprecationNotice } from "../../client/notices.js";
import { stripControl } from "../../util/sanitize.js";
import { shellWord } from "../../util/shell-word.js";

// a value that is not a number (a list page departing from its shape) is shown as any cell is: an object as JSON
export const num = (digits: number) => (v: unknown): string => (typeof v === "number" ? v.toFixed(digits) : cellText(v));
const count = (v: unknown): string => (Array.isArray(v) ? String(v.length) : "");

export const PROJECT_VIEW_V3: View = {
  columns: [
    { path: "rank" }, { path: "name" }, { path: "slug" }, { path: "symbol" },
    { path: "trend", format: num(2) }, { path: "universe" }, { path: "categories" },
  ],
};

export const PROJECT_VIEW_V2: View = {
  columns: [
    { path: "rank" }, { path: "name" }, { path: "id" }, { path: "marketData.symbol", header: "symbol" },
    { path: "trendScore", header: "trend score", format: num(2) }, { path: "xHandle", header: "x handle" },
  ],
};

// the address and the intel id are what the next command takes: each item on a line of its own, whole
type Asset = { chain?: string; type?: string; address?: string; primary?: boolean };
type IntelPreview = { id?: string; grade?: string; headline?: string };
const assetLines = (v: unknown): string[] => (Array.isArray(v) ? v.map((a: Asset) => {
  const tags = [a.type && a.type !== "token" ? a.type : "", a.primary ? "primary" : ""].filter(Boolean).join(", ");
  return [a.chain, tags && `(${tags})`, a.address].filter(Boolean).join(" ");
}) : []);
/** The latest intel shown in a project's detail; the rest are counted, with the command that lists them. */
const INTEL_SHOWN = 3;
const intelLines = (v: unknown, row?: unknown): string[] => {
  if (!Array.isArray(v)) return [];
  const lines = v.slice(0, INTEL_SHOWN).map((x: IntelPreview) => `[${x.grade}] ${x.headline}${x.id ? `  ${x.id}` : ""}`);
  // (before, a preview of more than three ended at the third without a word)
  const slug = (row as { slug?: unknown } | undefined)?.slug;
  if (v.length > INTEL_SHOWN) lines.push(`… ${v.length - INTEL_SHOWN} more${typeof slug === "string" ? `: mids intel list --project ${shellWord(stripControl(slug))}` : ""}`);
  return lines;
};

export const PROJECT_DETAIL_V3: View = {
  columns: [
    { path: "id" }, { path: "slug" }, { path: "name" }, { path: "symbol" }, { path: "universe" },
    { path: "rank" }, { path: "trend", format: num(2) },
    { path: "trendDelta", header: "trend delta", format: (v) => { const d = v as { value?: number; window?: string } | undefined; return d && typeof d.value === "number" ? `${d.value >= 0 ? "+" : ""}${d.value.toFixed(2)} (${d.window ?? ""})` : ""; } },
    { path: "categories" }, { path: "identifiers.x", header: "x handle" },
    // the market join key (spec 2.11 identifiers) and the image URL: documented, and nowhere else in the view
    { path: "identifiers.market", header: "market id" }, { path: "image" },
    { path: "assets", format: (v) => assetLines(v).join("; "), lines: assetLines },
    { path: "intel", header: "latest intel", format: (v, row) => intelLines(v, row).join("; "), lines: intelLines },
    { path: "relatedProjects", header: "related", format: count },
    { path: "description" }, { path: "createdAt", header: "created" }, { path: "updatedAt", header: "updated" },
    { path: "reinforcedAt", header: "reinforced" },
  ],
};

export const PROJECT_DETAIL_V2: View = {
  columns: [
    { path: "id" }, { path: "name" }, { path: "marketData.slug", header: "slug" }, { path: "marketData.symbol", header: "symbol" },
    { path: "rank" }, { path: "trendScore", header: "trend score", format: num(2) },
    { path: "trendScoreDelta", header: "trend delta", format: num(2) },
    { path: "momentumContext.trendTrajectory", header: "trajectory" },
    { path: "metrics.usd", header: "price usd" }, { path: "metrics.usdMarketCap", header: "market cap usd" },
    { path: "tokens", header: "chains", format: (v) => (Array.isArray(v) ? v.map((t: { chain?: string }) => t.chain).join(", ") : "") },
    { path: "signals", header: "signals", format: count }, { path: "xHandle", header: "x handle" },
    { path: "provenance" }, { path: "description" }, { path: "createdAt", header: "created" }, { path: "reinforcedAt", header: "reinforced" },
  ],
};

export const RELATED_VIEW_V3: View = {
  columns: [
    { path: "project.name", header: "name" }, { path: "project.slug", header: "slug" }, { path: "kind" },
    { path: "sharedIntel", header: "shared intel" }, { path: "window" }, { path: "asOf", header: "as of" },
  ],
};

export const NEIGHBOR_VIEW_V2: View = {
  columns: [
    { path: "projectName", header: "name" }, { path: "projectId", header: "id" },
    { path: "joiningSignals", header: "joining signals" }, { path: "joiningReinforcements", header: "joining reinforcements" },
  ],
};

const FIRST: readonly string[] = ["rank", "id", "slug", "key", "name", "title"];

/**
 * Columns for a record whose fields the spec does not show (spec 2.17): the scalar fields of the
 * items (in the order they first appear, so a field the first item lacks still gets its column),
 * identifiers first, at most `max` of them. With no items, the `assumed` fields (the assumption's
 * own, so that an empty csv has the header a full one has).
 */
export function autoView(items: readonly unknown[], max = 7, extra: readonly Column[] = [], assumed: Iterable<string> = []): View {
  const scalar = (v: unknown): boolean => v === null || typeof v !== "object" || Array.isArray(v) && v.every((x) => typeof x !== "object");
  const found = new Set<string>();
  // every field of the items, a column or not: the ones without are named under the table
  const all = new Set<string>();
  for (const item of items) {
    if (!item || typeof item !== "object" || Array.isArray(item)) continue;
    for (const [k, v] of Object.entries(item)) {
      all.add(k);
      if (scalar(v)) found.add(k);
    }
  }
  const keys = found.size ? [...found] : [...assumed];
  keys.sort((a, b) => rankOf(a) - rankOf(b));
  const cols: Column[] = [...extra];
  for (const k of keys) if (!cols.some((c) => c.path === k) && cols.length < max) cols.push(keyColumn([k]));
  const omitted = [...all].filter((k) => !cols.some((c) => c.path === k || c.path.startsWith(`${k}.`)));
  return { columns: cols.length ? cols : [{ path: "id" }, { path: "name" }], ...(omitted.length ? { omitted } : {}) };
}

function rankOf(k: string): number {
  const i = FIRST.indexOf(k);
  return i === -1 ? FIRST.length : i;
}

/** v2-only commands: the route is deprecated with the rest of v2; say so and name the successor. */
export function v2OnlyNotice(ctx: Context, routeId: string): void {
  const r = routeById(routeId);
  const note = deprecationNotice(r, undefined, ctx.now(), ctx.globals.invocation);
  if (note) ctx.notice(note, `deprecation:${r.id}`);
}

/** spec 2.11: aliases from renames/merges resolve to the canonical slug; tell the user. */
export function aliasNotice(ctx: Context, locator: string, data: unknown): void {
  // (a project's own id is `id`; a series names its project by `projectId`)
  const d = data as { id?: unknown; projectId?: unknown; slug?: unknown } | undefined;
  if (!d || typeof d.slug !== "string" || locator === d.id || locator === d.projectId || locator === d.slug) return;
  ctx.notice(`'${stripControl(locator)}' is an alias; the canonical slug is '${stripControl(d.slug)}'`, `alias:${locator}`);
}

const OBJECT_ID = /^[a-f0-9]{24}$/i;

/**
 * v2 locates projects by object id only (spec 9.5). A slug is resolved through the v3 detail
 * first, so `--api v2` and `--at` work with the same locators as v3; said on stderr.
 */
export async function v2ProjectId(ctx: Context, locator: string): Promise<string> {
  if (OBJECT_ID.test(locator)) return locator;
  const res = await (await ctx.client()).call<{ id?: unknown; slug?: unknown }>("v3.projects.get", { pathParams: { idOrSlug: locator } });
  const id = res.data?.id;
  if (typeof id !== "string") return locator;
  aliasNotice(ctx, locator, res.data);
  ctx.notice(`the v2 route takes object ids: '${stripControl(locator)}' is ${stripControl(id)}`, `v2id:${locator}`);
  return id;
}
