// mids vocabulary [kind]: v3 catalog values (ASSUMED.v3VocabularyKinds); --api v2 reads the v2
// routes the route table maps into /v3/vocabulary (rules vocabulary-chains, vocabulary-intel-categories).
import { backToV3 } from "../shared/api-version.js";
import type { Context } from "../../context.js";
import { ASSUMED } from "../../contract/assumed.js";
import { ROUTES } from "../../contract/routes.js";
import { UsageError } from "../../errors.js";
import { printItem, printList } from "../../output/render.js";
import { autoView } from "../projects/views.js";
import { listItems, printAssumedList, shapeFields } from "../shared/tolerant.js";
import { assumedShape } from "../../contract/shapes/assumed.js";
import type { Shape } from "../../contract/shapes/shape.js";
import { noteAssumed } from "../shared/validate.js";
import { upgradeNotice } from "../topics/run.js";

/** A catalog entry as a row: an object as it is, a bare value as its slug. */
const entry = (x: unknown): object => (x && typeof x === "object" && !Array.isArray(x) ? x : { slug: x });
const snake = (k: string) => k.replace(/-/g, "_");

const camel = (k: string) => k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());

/**
 * A row of the every-kind table: KIND is the catalog the entry is in; an entry's own `kind` (a
 * chain's `evm`) is kept as `entryKind` (before, it took the catalog's place: chains read as `evm`).
 */
function withCatalog(catalog: string, e: object): object {
  const { kind, ...rest } = e as { kind?: unknown };
  return { kind: catalog, ...rest, ...(kind === undefined ? {} : { entryKind: kind }) };
}

/** The v2 route that carries one vocabulary kind, from the route table. */
export function v2RouteFor(kind: string): string | undefined {
  return ROUTES.find((r) => r.version === "v2" && !r.deprecated && r.v3?.route === "v3.vocabulary" && r.v3.rules?.includes(`vocabulary-${kind}`))?.id;
}

export async function run(kind: string | undefined, ctx: Context): Promise<void> {
  const client = await ctx.client();
  if (ctx.globals.api === "v2") {
    const kinds = ASSUMED.v3VocabularyKinds.map(kebab).filter((k) => v2RouteFor(k));
    const routeId = kind ? v2RouteFor(kind) : undefined;
    // v2 has one route per catalog (spec 4.1: chains, intel-categories); only v3 lists every kind at once
    const example = `e.g. 'mids vocabulary ${kinds[0]} --api v2'`;
    if (kind && !routeId) throw new UsageError(`'${kind}' has no v2 route (${backToV3(ctx)})`, { hint: `v2 has ${kinds.join(" and ")} only, ${example}` });
    if (!routeId) {
      throw new UsageError(`with --api v2, vocabulary needs a kind: v2 has one route per catalog (${kinds.join(", ")})`, {
        hint: `add one, ${example}; every kind at once is v3 only (${backToV3(ctx)})`,
      });
    }
    const res = await client.call(routeId);
    upgradeNotice(ctx, res.meta);
    // the v2 catalogs' payloads are not shown either (spec 4.1): a wrapped list is found and passed through
    const items = listItems(res.data).items;
    await printAssumedList(ctx, res.data, { ...autoView(items.map(entry)), resource: kind!.replace(/-/g, " ") }, { row: entry, routeId });
    return;
  }
  const res = await client.call("v3.vocabulary");
  // an assumed shape (ASSUMED.v3VocabularyKinds): kinds under other names, wrapped lists, bare values
  noteAssumed(ctx, "v3.vocabulary", res.data);
  const data = (res.data ?? {}) as Record<string, unknown>;
  if (kind) {
    const own = Array.isArray(data) ? data.filter((x) => x && typeof x === "object" && [kind, camel(kind), snake(kind)].includes(String((x as { kind?: unknown }).kind))) : undefined;
    const value = own ?? data[camel(kind)] ?? data[kind] ?? data[snake(kind)];
    const list = listItems(value).items.map(entry);
    // "no chains matched", not "no vocabulary entries matched"
    // (an empty kind: the assumed entry's fields, the header a full csv has)
    const assumed = (assumedShape("v3.vocabulary")?.shape as Record<string, Shape> | undefined)?.[camel(kind)];
    await printAssumedList(ctx, value, { ...autoView(list, 7, [], shapeFields(assumed)), resource: kind.replace(/-/g, " ") }, { row: entry });
    return;
  }
  // as received (ndjson: the catalog on one line); table and csv: one row per entry with its kind
  if (ctx.globals.output === "json" || ctx.globals.output === "yaml" || ctx.globals.output === "ndjson") {
    await printItem(ctx, data);
    return;
  }
  const rows = Array.isArray(data) ? data.map(entry)
    : Object.entries(data).flatMap(([k, v]) => listItems(v).items.map((x) => withCatalog(kebab(k), entry(x))));
  await printList(ctx, [rows], autoView(rows, 4, [{ path: "kind" }, { path: "slug" }, { path: "name" }]));
}
