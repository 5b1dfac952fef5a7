// Dotted field paths (`--fields id,trend,identifiers.x`): read and pick nested values.
import { UsageError } from "../errors.js";
import { editDistance } from "../util/edit-distance.js";

// only an item's own fields: `__proto__`, `constructor` or `toString` are never read from the prototype
const own = (o: object, key: string): unknown => (Object.prototype.hasOwnProperty.call(o, key) ? (o as Record<string, unknown>)[key] : undefined);

export function getPath(obj: unknown, path: string): unknown {
  return getKeys(obj, path.split("."));
}

/** The value under `keys`, one key a level (a key may hold a dot: `{"k.1": ...}`); arrays as in getPath. */
export function getKeys(obj: unknown, keys: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const part of keys) {
    if (cur === null || cur === undefined) return undefined;
    if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    else if (Array.isArray(cur)) cur = cur.map((x) => (x && typeof x === "object" ? own(x, part) : undefined));
    else if (typeof cur === "object") cur = own(cur, part);
    else return undefined;
  }
  return cur;
}

/**
 * The column of a field the server named, by its keys: its dotted path, read key by key when a
 * key itself holds a dot (`{"k.1": "v"}`), which the path alone would look for as `k` then `1`.
 */
export function keyColumn(keys: readonly string[]): { path: string; header?: string; value?: (row: unknown) => unknown } {
  const path = keys.join(".");
  // (its header is its last key whole: `k.dot`, where the path's last segment would read `dot`)
  return keys.some((k) => k.includes(".")) ? { path, header: keys.at(-1), value: (row) => getKeys(row, keys) } : { path };
}

/**
 * A new object holding only the given paths, nested as in the source: a numeric segment indexes
 * an array (earlier slots become null, as jq's pick does) and a name under an array applies to
 * every element, so arrays stay arrays.
 */
export function pick(obj: unknown, paths: readonly string[]): Record<string, unknown> {
  let out: unknown = {};
  for (const path of paths) out = put(obj, path.split("."), out);
  return (out ?? {}) as Record<string, unknown>;
}

const isIndex = (s: string) => /^\d+$/.test(s);

/** Copy the value at `parts` of `src` into `dst` (created as needed); `dst` unchanged when absent. */
function put(src: unknown, parts: readonly string[], dst: unknown): unknown {
  if (parts.length === 0) return src;
  if (src === null || src === undefined || typeof src !== "object") return dst;
  const [head, ...rest] = parts;
  if (Array.isArray(src)) {
    const arr: unknown[] = Array.isArray(dst) ? dst : [];
    if (isIndex(head)) {
      const i = Number(head);
      if (src[i] === undefined) return dst;
      while (arr.length < i) arr.push(null);
      arr[i] = put(src[i], rest, arr[i]);
      return arr;
    }
    src.forEach((el, i) => {
      while (arr.length < i) arr.push(null);
      arr[i] = el !== null && typeof el === "object" ? put(el, parts, arr[i] ?? (Array.isArray(el) ? [] : {})) : null;
    });
    return arr;
  }
  const rec = src as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(rec, head) || rec[head] === undefined) return dst;
  const o: Record<string, unknown> = dst !== null && typeof dst === "object" && !Array.isArray(dst) ? (dst as Record<string, unknown>) : {};
  // a server's key is an own property of the copy, whatever it is called: `__proto__` assigned
  // would set the copy's prototype (the field lost), and read would hand on Object.prototype,
  // into which `--fields __proto__.x` would then write
  Object.defineProperty(o, head, { value: put(rec[head], rest, own(o, head)), enumerable: true, writable: true, configurable: true });
  return o;
}

/** Every dotted path of an item (objects to `depth` levels; array elements by their first one). */
export function knownPaths(item: unknown, depth = 3, prefix = ""): string[] {
  const out: string[] = [];
  let v = item;
  while (Array.isArray(v)) v = v.find((x) => x !== null && typeof x === "object");
  if (v === null || v === undefined || typeof v !== "object") return out;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const p = prefix ? `${prefix}.${k}` : k;
    out.push(p);
    // (a loop, not push(...): an object of 200,000 keys is past what a call takes as arguments)
    if (depth > 1) for (const q of knownPaths(x, depth - 1, p)) out.push(q);
  }
  return out;
}

/** Whether a --fields path names something in this item (a null value counts: the field exists). */
export function hasPath(item: unknown, path: string): boolean {
  const parts = path.split(".");
  const last = parts.pop()!;
  const parent = parts.length ? getPath(item, parts.join(".")) : item;
  const has = (o: unknown): boolean => {
    if (Array.isArray(o)) return isIndex(last) ? Number(last) < o.length : o.some(has);
    return o !== null && typeof o === "object" && Object.prototype.hasOwnProperty.call(o, last);
  };
  return has(parent);
}

export { editDistance };

/** The known paths closest to `name` (at most `n`, nearest first; ties keep the item's order). */
export function nearest(name: string, known: readonly string[], n = 3): string[] {
  return known
    .map((k, i) => ({ k, i, d: editDistance(name, k) }))
    .sort((x, y) => x.d - y.d || x.i - y.i)
    .slice(0, n)
    .map((x) => x.k);
}

export function parseFields(v: string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const fields = v.split(",").map((s) => s.trim()).filter(Boolean);
  // `a..b`, `.a` or `a.` name nothing: silently printing empty objects would hide the typo
  const bad = fields.find((f) => f.split(".").some((part) => part.trim() === ""));
  if (bad !== undefined) throw new UsageError(`--fields: '${bad}' is not a field path`, { hint: "give comma-separated dotted paths, e.g. --fields id,name,identifiers.x" });
  return fields.length ? fields : undefined;
}

/** A cell's text: primitives as they are, arrays joined, objects as compact JSON. */
export function cellText(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.map((x) => (x !== null && typeof x === "object" ? JSON.stringify(x) : String(x ?? ""))).join(", ");
  return JSON.stringify(v);
}
