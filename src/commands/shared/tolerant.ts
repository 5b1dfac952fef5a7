// Reading payloads whose shape the spec does not show (spec 2.17) without trusting the guess:
// lists found wherever the answer puts them, views that add what they cannot place as extra
// columns or key/value rows, and `-o json|ndjson|yaml` that print the data as received.
import type { Context } from "../../context.js";
import type { Column, View } from "../../output/render.js";
import { cellText, getPath, keyColumn } from "../../output/fields.js";
import { fieldsOf, type Shape } from "../../contract/shapes/shape.js";
import { listItems } from "../../contract/shapes/list.js";
import { route } from "../../contract/routes.js";

export { listItems };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

/** The top-level field names of an object shape (the assumption's own fields). */
export function shapeFields(shape: Shape | undefined): Set<string> {
  let s = shape;
  while (Array.isArray(s)) s = s[0];
  return s && typeof s === "object" ? new Set(fieldsOf(s as { [k: string]: Shape }).keys()) : new Set();
}

/**
 * The view plus a column for each top-level field of the items that neither the view nor the
 * assumed shape places (a server that answers more, or under other names), at most `max`, in the
 * order they first appear: a field only some items carry (not the first) still gets its column.
 */
export function withExtras(view: View, items: readonly unknown[], known: Set<string>, max = Infinity, csvKnown = false): View {
  const placed = new Set(view.columns.map((c) => c.path.split(".")[0]));
  // a field is never read from inside an object the view or the shape places (a topic's `stance`
  // {label, score}, its `report` {id, ...}): that object's `score` or `id` is not the topic's
  const own = new Set([...placed, ...known]);
  view = { ...view, columns: view.columns.map((c) => nestedToo(c, own)) };
  const extra = new Set<string>();
  for (const item of items) {
    if (!isObj(item)) continue;
    for (const k of Object.keys(item)) if (!placed.has(k) && !known.has(k)) extra.add(k);
  }
  // past `max`, the fields are named under the table instead (View.omitted)
  const shown = [...extra].slice(0, max);
  const omitted = [...extra].slice(shown.length);
  // `csvKnown`: a field of the assumed shape the table leaves out by design (a topic's summary) is
  // one csv carries (View.csvToo)
  const csvToo = new Set<string>();
  if (csvKnown) for (const item of items) if (isObj(item)) for (const k of Object.keys(item)) if (known.has(k) && !placed.has(k)) csvToo.add(k);
  return extra.size || csvToo.size
    ? { ...view, columns: [...view.columns, ...shown.map((k) => keyColumn([k]))], ...(omitted.length ? { omitted } : {}), ...(csvToo.size ? { csvToo: [...csvToo] } : {}) }
    : view;
}

/**
 * A field one level down (`attributes.name` for `name`), for a server that groups its fields:
 * never in an object under a key of `skip`, nor in one with an `id` of its own (`reportRef: {id}`):
 * each is a thing of its own, whose id or score is not the row's.
 */
function nested(row: unknown, path: string, skip: ReadonlySet<string>): unknown {
  if (!isObj(row)) return undefined;
  for (const [k, v] of Object.entries(row)) {
    if (!isObj(v) || skip.has(k) || Object.prototype.hasOwnProperty.call(v, "id")) continue;
    const found = firstOf(v, [path]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A column that also reads its field one level down when it is not where the view expects it. */
function nestedToo(c: Column, skip: ReadonlySet<string>): Column {
  const read = c.value;
  // (a reader, not a format: the renderer still shows times as ages and lists one item a line)
  return { ...c, value: (row) => (read ? read(row) : getPath(row, c.path)) ?? nested(row, c.path, skip) };
}

/** The first of `paths` that holds a value in `row` (a field under another name or nested). */
export function firstOf(row: unknown, paths: readonly string[]): unknown {
  for (const p of paths) {
    let cur: unknown = row;
    for (const k of p.split(".")) cur = isObj(cur) && Object.prototype.hasOwnProperty.call(cur, k) ? cur[k] : undefined;
    if (cur !== undefined && cur !== null) return cur;
  }
  return undefined;
}

/**
 * A list answer of an assumed shape: json and yaml print the data as received (a wrapped list
 * stays wrapped, a route's null data stays null), ndjson one item a line, table and csv the items. An answer
 * that holds no list at all (data null, missing, a bare value, an object without an array) is
 * said once on stderr, so an empty table or csv is not taken for an empty catalog.
 */
export async function printAssumedList(ctx: Context, data: unknown, view: View, opts: { names?: readonly string[]; row?: (item: unknown) => unknown; routeId?: string } = {}): Promise<void> {
  const { printItem, printList } = await import("../../output/render.js");
  const { names = [], row, routeId } = opts;
  const { items, wrapped } = listItems(data, names);
  const noList = !Array.isArray(data) && !items.length && !holdsArray(data);
  const asReceived = ctx.globals.output === "json" || ctx.globals.output === "yaml" || ctx.globals.jq !== undefined;
  if (noList && routeId) {
    const r = route(routeId);
    const what = data === undefined ? "missing" : data === null ? "null" : typeof data === "object" ? "an object without a list" : `a ${typeof data}`;
    // (keyed as noteAssumed's notice: a route with an assumed shape has said it already)
    ctx.notice(`${r.method} ${r.path} answered no list (its data is ${what}); ${asReceived ? "printed as received" : "shown as an empty list"} ('mids api ${r.path}' shows the raw body)`, "shape");
  }
  if ((wrapped || (noList && routeId)) && asReceived) {
    await printItem(ctx, data ?? null);
    return;
  }
  const asTable = row && (ctx.globals.output === "table" || ctx.globals.output === "csv");
  await printList(ctx, [asTable ? items.map(row) : items], view);
}

/** Does an answer hold an array anywhere a list could be (itself, or one or two levels down)? */
function holdsArray(data: unknown, depth = 0): boolean {
  if (Array.isArray(data)) return true;
  return isObj(data) && depth < 2 && Object.values(data).some((v) => holdsArray(v, depth + 1));
}
