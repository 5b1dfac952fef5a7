// Compare a v2 answer's `data` with its v3 rewrite's through the response map of
// src/contract/migration.ts (RESPONSE_MAPS): renamed fields are read where v3 keeps them, removed
// ones are ignored and listed, list items are matched on their key. Pure; unit-tested.
import type { ResponseField, ResponseMap } from "../../contract/migration.js";

export interface Difference {
  /** the v2 field, items named by their key: `signals[id=int_1].headline` */
  field: string;
  /** the v3 field when it has another name */
  v3Field?: string;
  v2: unknown;
  v3: unknown;
  /** the side that has no such field or item */
  missing?: "v2" | "v3";
}

export interface Comparison {
  differences: Difference[];
  /**
   * mapped fields whose v3 side is an assumption (spec 2.17: the payload is not shown) and is not
   * in the answer: nothing is known either way, so they are not differences (`--strict` counts them)
   */
  unconfirmed: Difference[];
  /** v2 fields (map paths) that v3 does not carry, present in this answer */
  ignored: string[];
  /** more differences than MAX_DIFFERENCES were found */
  truncated?: boolean;
}

export interface CompareOptions {
  /** numbers within this absolute distance are equal (default 0: exact) */
  tolerance?: number;
  /**
   * the v3 answer's shape is assumed (ASSUMED_SHAPES): a field missing on the v3 side is
   * unconfirmed, not a difference, unless its v3 path is one the spec documents (`documented`)
   */
  v3Assumed?: boolean;
  /** v3 field paths (map patterns, `[]` for items) the spec documents inside an assumed payload */
  documented?: ReadonlySet<string>;
}

export const MAX_DIFFERENCES = 50;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
/** A child of a dotted path: map patterns (`signals[].headline`) and concrete paths (`signals[id=i1].headline`) alike. */
const child = (parent: string, k: string) => (parent ? `${parent}.${k}` : k);

/** `path` (dotted) of `v`; "" is `v` itself. */
function get(v: unknown, path: string): unknown {
  if (!path) return v;
  let cur = v;
  for (const k of path.split(".")) {
    // own fields only: a v3 answer without `constructor` has no such field, not Object's
    if (!isObj(cur) || !Object.hasOwn(cur, k)) return undefined;
    cur = cur[k];
  }
  return cur;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.(\d+))?)?(?:Z|[+-]\d{2}:?\d{2})$/;
/**
 * An ISO 8601 timestamp as the instant it names (`2026-11-01T00:00:00Z` and `...00.000Z`,
 * `+00:00` are one instant), or undefined: not a timestamp, or finer than a millisecond.
 */
export function instant(v: unknown): string | undefined {
  if (typeof v !== "string") return undefined;
  const m = TIMESTAMP.exec(v);
  if (!m || (m[1] && /[1-9]/.test(m[1].slice(3)))) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/** A list item's key as text, or undefined when the item has none a value could be (absent, null, an object). */
function keyOf(v: unknown): string | undefined {
  return v === undefined || v === null || typeof v === "object" ? undefined : instant(v) ?? String(v);
}

/** The part of the v3 pattern `q` below the v3 parent pattern `p3`, or undefined when `q` is not below it. */
function below(q: string, p3: string): string | undefined {
  if (!p3) return q;
  if (q === p3) return "";
  return q.startsWith(p3 + ".") ? q.slice(p3.length + 1) : undefined;
}

export function compare(map: ResponseMap, v2: unknown, v3: unknown, opts: CompareOptions = {}): Comparison {
  const fields = new Map<string, ResponseField>(map.fields.map((f) => [f.v2, f]));
  const tolerance = opts.tolerance ?? 0;
  const differences: Difference[] = [];
  const unconfirmed: Difference[] = [];
  const unconfirmedSeen = new Set<string>();
  const ignored = new Set<string>();
  let truncated = false;

  /** a v3 side that is absent and only assumed: one entry per mapped field (its map pattern) */
  const unknown = (p2: string, p3: string, a: unknown): boolean => {
    if (!opts.v3Assumed || opts.documented?.has(p3)) return false;
    const field = p2 || "data";
    if (!unconfirmedSeen.has(field) && unconfirmed.length < MAX_DIFFERENCES) {
      unconfirmedSeen.add(field);
      unconfirmed.push({ field, ...(p3 !== p2 ? { v3Field: p3 || "data" } : {}), v2: a === undefined ? null : a, v3: null, missing: "v3" });
    }
    return true;
  };

  const differ = (at2: string, at3: string, a: unknown, b: unknown, missing?: "v2" | "v3") => {
    if (differences.length >= MAX_DIFFERENCES) { truncated = true; return; }
    // the answer's data itself (a v2 null where v3 has a list) is named `data`, not ""
    const field = at2 || "data";
    const v3Field = at3 || "data";
    const d: Difference = { field, ...(v3Field !== field ? { v3Field } : {}), v2: a === undefined ? null : a, v3: b === undefined ? null : b };
    if (missing) d.missing = missing;
    differences.push(d);
  };

  const value = (a: unknown, b: unknown, p2: string, p3: string, path2: string, path3: string): void => {
    if (b === undefined && unknown(Array.isArray(a) ? p2 + "[]" : p2, Array.isArray(a) ? p3 + "[]" : p3, Array.isArray(a) ? undefined : a)) return;
    if (Array.isArray(a)) return list(a, b, p2, p3, path2, path3);
    if (b === undefined) return differ(path2, path3, a, b, "v3");
    if (isObj(a)) {
      // (a v3 list may hold what a v2 object did: the topics of a snapshot)
      if (!b || typeof b !== "object") return differ(path2, path3, a, b);
      return object(a, b as Obj, p2, p3, path2, path3);
    }
    if (typeof a === "number" && typeof b === "number") {
      if (a === b || Math.abs(a - b) <= tolerance) return;
      return differ(path2, path3, a, b);
    }
    if (a !== b && (instant(a) === undefined || instant(a) !== instant(b))) differ(path2, path3, a, b);
  };

  const object = (a: Obj, b: Obj, p2: string, p3: string, path2: string, path3: string): void => {
    const wildcard = fields.get(child(p2, "*"));
    for (const k of Object.keys(a)) {
      const c2 = child(p2, k);
      const isList = Array.isArray(a[k]);
      const f = (isList ? fields.get(c2 + "[]") : undefined) ?? fields.get(c2);
      if (!f && wildcard && wildcard.v3 === null) { ignored.add(wildcard.v2); continue; }
      if (f && f.v3 === null) { ignored.add(f.v2); continue; }
      // the v3 pattern of this field: the map's, or the same name under the v3 parent
      const c3 = f ? f.v3!.replace(/\[\]$/, "") : child(p3, k);
      const rel = below(c3, p3);
      if (rel === undefined) { if (!unknown(c2, c3, a[k])) differ(child(path2, k), c3, a[k], undefined, "v3"); continue; }
      let av = a[k];
      // a field the map does not name is read by its own name, as one field: a server's "x.com"
      // or "" is not a path (get() splits on dots, and reads "" as the parent itself)
      const own = !f;
      const bv = own ? (isObj(b) && Object.hasOwn(b, k) ? b[k] : undefined) : get(b, rel);
      if (f?.convert === "never-is-null" && av === "never") av = null;
      value(av, bv, c2, c3, child(path2, k), own ? child(path3, k) : rel ? child(path3, rel) : path3);
    }
  };

  const list = (a: unknown[], b: unknown, p2: string, p3: string, path2: string, path3: string): void => {
    const i2 = p2 + "[]";
    const f = fields.get(i2);
    const i3 = f?.v3 ?? p3 + "[]";
    const mode = f?.items ?? "same";
    const name2 = path2 || "data";
    const name3 = path3 || "data";
    if (!Array.isArray(b)) {
      // an assumed v3 side holding the list in another legal shape (wrapped in an object): which
      // item is which is not known either way, so it is unconfirmed, not a difference
      if (isObj(b) && unknown(p2, p3, undefined)) return;
      return differ(name2, name3, a, b, b === undefined ? "v3" : undefined);
    }
    const key = f?.key;
    if (key) {
      // the key's v3 name (a list of neighbors is matched on projectId, which v3 keeps as project.id)
      const kf = fields.get(`${i2}.${key}`);
      const k3 = (kf?.v3 && below(kf.v3, i3)) ?? key;
      // v3 items that do not carry the key under its assumed name: which item is which is unknown
      if (b.length && b.every((item) => get(item, k3) === undefined) && unknown(i2, i3, undefined)) return;
      // an item without its key (a server that left it out) is matched by position with a v3 item
      // that lacks it too, and named by position: never `[id=undefined]`, never paired by accident
      // items with the same key are paired in order: a v3 answer that holds an item twice has one
      // item too many, not an item that reads as the v2 one
      const byKey = new Map<string, { items: unknown[]; next: number }>();
      const unkeyed3 = new Set<number>();
      // a second field the key is qualified with (a token's chain), under its v3 name
      const also = f?.also;
      const af = also ? fields.get(`${i2}.${also}`) : undefined;
      const a3 = also ? (af?.v3 && below(af.v3, i3)) ?? also : undefined;
      const qualify = (k: string | undefined, v: unknown): string | undefined => (k === undefined || !also ? k : `${k},${also}=${keyOf(v) ?? ""}`);
      b.forEach((item, i) => { const k = qualify(keyOf(get(item, k3)), a3 ? get(item, a3) : undefined); if (k === undefined) unkeyed3.add(i); else { const q = byKey.get(k); if (q) q.items.push(item); else byKey.set(k, { items: [item], next: 0 }); } });
      for (const [i, item] of a.entries()) {
        const k = qualify(keyOf(isObj(item) ? item[key] : item), also && isObj(item) ? item[also] : undefined);
        if (k === undefined) {
          const at2 = `${name2}[${i}]`;
          const at3 = `${name3}[${i}]`;
          if (unkeyed3.delete(i)) value(item, b[i], i2, i3, at2, at3);
          else if (mode !== "preview") differ(at2, at3, item, undefined, "v3");
          continue;
        }
        const q = byKey.get(k);
        const match = q && q.next < q.items.length ? q.items[q.next++] : undefined;
        const at2 = `${name2}[${key}=${k}]`;
        const at3 = `${name3}[${k3}=${k}]`;
        if (match === undefined) { if (mode !== "preview") differ(at2, at3, isObj(item) ? item[key] : item, undefined, "v3"); continue; }
        value(item, match, i2, i3, at2, at3);
      }
      if (mode === "same") {
        for (const [k, q] of byKey) for (let i = q.next; i < q.items.length; i++) differ(`${name2}[${key}=${k}]`, `${name3}[${k3}=${k}]`, undefined, get(q.items[i], k3), "v2");
        for (const i of unkeyed3) differ(`${name2}[${i}]`, `${name3}[${i}]`, undefined, b[i], "v2");
      }
      return;
    }
    const n = mode === "same" ? Math.max(a.length, b.length) : a.length;
    for (let i = 0; i < n; i++) {
      const at2 = `${name2}[${i}]`;
      const at3 = `${name3}[${i}]`;
      if (i >= a.length) differ(at2, at3, undefined, b[i], "v2");
      else if (i >= b.length) { if (mode !== "preview") differ(at2, at3, a[i], undefined, "v3"); }
      else value(a[i], b[i], i2, i3, at2, at3);
    }
  };

  // a v2 list may sit inside the v3 data (neighbors: data.relatedProjects)
  const root3 = Array.isArray(v2) ? (fields.get("[]")?.v3 ?? "").replace(/\[\]$/, "") : "";
  value(v2, get(v3, root3), "", root3, "", root3);
  return { differences, unconfirmed, ignored: [...ignored], ...(truncated ? { truncated } : {}) };
}
