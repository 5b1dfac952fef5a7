// A small shape language for payloads the spec does not show (spec 2.17): what mids assumes, what
// a server answered (`contract check --save`: field names and types, never values), and how the
// two differ. Pure and dependency-free; zod stays for the documented shapes (../schemas.ts).
//
// A Shape is a type name ("string", "number", "integer", "boolean", "timestamp", "null",
// "unknown"; alternatives joined by "|"), a one-element array (the shape of every item), or an
// object whose keys name fields (a trailing "?" marks an optional one). `{"|": [a, b]}` is either
// shape (an object or null).
import { setOwn } from "../../util/records.js";

export type Shape = string | readonly Shape[] | { readonly [field: string]: Shape };

export type DepartureKind = "missing" | "extra" | "type";

export interface Departure {
  /** dotted path inside `data`; `[]` stands for every item of a list */
  path: string;
  kind: DepartureKind;
  /** what the assumption says (missing, type) */
  expected?: string;
  /** what the answer holds (extra, type) */
  got?: string;
}

/** The cap on the departures listed for one answer (the rest are counted, not kept). */
export const MAX_DEPARTURES = 50;

/** JSON type name of a value, as the shape language names it. */
export function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/**
 * spec 2 `timestamp`, "ISO 8601 date-time string": a calendar date and a time of day, in every
 * spelling ISO 8601 and RFC 3339 allow (seconds, a fraction after `.` or `,`, `Z`, an offset of
 * hours or hours and minutes, or none: a local time; `t`/`z` in lower case, a blank for `T`), each
 * part in its range. "yesterday", month 13 or hour 99 is none; a real server's other legal
 * spelling must never make a command refuse its answer.
 */
const DATE_TIME = /^\d{4}-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:[Zz]|[+-](\d{2})(?::?(\d{2}))?)?$/;
export function isTimestamp(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  const [mo, d, h, mi, sec = 0, oh = 0, om = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x))) as number[];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h <= 24 && mi <= 59 && sec <= 60 && oh <= 23 && om <= 59;
}

function primMatches(t: string, v: unknown): boolean {
  switch (t) {
    case "unknown": return true;
    case "null": return v === null;
    case "string": return typeof v === "string";
    case "timestamp": return typeof v === "string" && isTimestamp(v);
    case "number": return typeof v === "number";
    case "integer": return typeof v === "number" && Number.isInteger(v);
    case "boolean": return typeof v === "boolean";
    case "array": return Array.isArray(v);
    case "object": return !!v && typeof v === "object" && !Array.isArray(v);
    default: return false;
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const join = (p: string, k: string) => (p ? `${p}.${k}` : k);

/** The fields of an object shape: name -> {shape, optional}. */
export function fieldsOf(shape: { readonly [field: string]: Shape }): Map<string, { shape: Shape; optional: boolean }> {
  const out = new Map<string, { shape: Shape; optional: boolean }>();
  for (const [k, s] of Object.entries(shape)) {
    const optional = k.endsWith("?");
    out.set(optional ? k.slice(0, -1) : k, { shape: s, optional });
  }
  return out;
}

/** A shape as one line of text (for notes and docs): `{id: string, points: [{timestamp: timestamp}]}`. */
export function shapeText(s: Shape): string {
  if (typeof s === "string") return s;
  if (Array.isArray(s)) return `[${s.length ? shapeText(s[0]) : "unknown"}]`;
  const either = (s as { "|"?: readonly Shape[] })["|"];
  if (either) return either.map(shapeText).join(" | ");
  return `{${Object.entries(s).map(([k, v]) => `${k}: ${shapeText(v as Shape)}`).join(", ")}}`;
}

/** The name of what a shape expects, for a `type` departure. */
function expectedName(s: Shape): string {
  if (typeof s === "string") return s;
  const either = (s as { "|"?: readonly Shape[] })["|"];
  if (either) return either.map(expectedName).join("|");
  return Array.isArray(s) ? "array" : "object";
}

/**
 * How `value` departs from `shape`: fields missing, fields the shape does not name (extra), and
 * other types. A list reports each departure once for all its items (`points[].value`). At most
 * MAX_DEPARTURES are kept.
 */
export function departures(shape: Shape, value: unknown): Departure[] {
  const out: Departure[] = [];
  const seen = new Set<string>();
  const add = (d: Departure) => {
    const k = `${d.kind} ${d.path}`;
    if (seen.has(k) || out.length >= MAX_DEPARTURES) return;
    seen.add(k);
    out.push(d);
  };
  const walk = (s: Shape, v: unknown, path: string): void => {
    if (typeof s === "string") {
      if (!s.split("|").some((t) => primMatches(t, v))) add({ path: path || "(data)", kind: "type", expected: s, got: typeName(v) });
      return;
    }
    if (Array.isArray(s)) {
      if (!Array.isArray(v)) return add({ path: path || "(data)", kind: "type", expected: "array", got: typeName(v) });
      if (s.length) for (const item of v) walk(s[0], item, `${path}[]`);
      return;
    }
    const either = (s as { "|"?: readonly Shape[] })["|"];
    if (either) {
      // the alternative that fits best: one of the value's own type (an object with extra fields
      // is still the object alternative, not "null expected"), then the fewest departures
      let best: Departure[] | undefined;
      let bestOther = true;
      const here = path || "(data)";
      for (const alt of either) {
        const d = departures(alt, v).map((x) => ({ ...x, path: x.path === "(data)" ? here : join(path, x.path) }));
        const other = d.some((x) => x.kind === "type" && x.path === here);
        if (!best || (bestOther && !other) || (bestOther === other && d.length < best.length)) { best = d; bestOther = other; }
      }
      // of no alternative's type: say all of them
      if (bestOther) return add({ path: here, kind: "type", expected: either.map(expectedName).join("|"), got: typeName(v) });
      for (const d of best ?? []) add(d);
      return;
    }
    if (!isObj(v)) return add({ path: path || "(data)", kind: "type", expected: "object", got: typeName(v) });
    const fields = fieldsOf(s as { [k: string]: Shape });
    for (const [k, f] of fields) {
      if (!(k in v) || v[k] === undefined) {
        if (!f.optional) add({ path: join(path, k), kind: "missing", expected: expectedName(f.shape) });
        continue;
      }
      walk(f.shape, v[k], join(path, k));
    }
    for (const k of Object.keys(v)) if (!fields.has(k)) add({ path: join(path, k), kind: "extra", got: typeName(v[k]) });
  };
  walk(shape, value, "");
  return out;
}

/** One departure as text: `name missing`, `project: extra object`, `value: number expected, got string`. */
export function departureText(d: Departure): string {
  if (d.kind === "missing") return `${d.path} missing`;
  if (d.kind === "extra") return `${d.path} extra (${d.got})`;
  return `${d.path}: ${d.expected} expected, got ${d.got}`;
}

/** The names of the type alternatives a merged shape holds. */
function alternatives(s: string): Set<string> {
  return new Set(s.split("|"));
}

/**
 * What `observe` reads of one answer (`contract check --save`): a list's first OBSERVE_MAX_ITEMS
 * items and an object's first OBSERVE_MAX_FIELDS fields (the rest said by one entry, MORE_FIELDS),
 * OBSERVE_MAX_NODES items and fields in all.
 * Uncapped, a hostile server's 20,000 items, each with a field of its own (a 600 KB answer), kept
 * contract check busy for minutes: every item's fields were merged into all the others'.
 */
export const OBSERVE_MAX_ITEMS = 100;
export const OBSERVE_MAX_FIELDS = 200;
export const OBSERVE_MAX_NODES = 1000;
export const MORE_FIELDS = "…";

/** An observed object's fields held to OBSERVE_MAX_FIELDS, the rest said by MORE_FIELDS. */
function capFields(out: Record<string, Shape>): Record<string, Shape> {
  const keys = Object.keys(out);
  if (keys.length <= OBSERVE_MAX_FIELDS) return out;
  const kept: Record<string, Shape> = {};
  for (const k of keys.filter((k) => k !== MORE_FIELDS).slice(0, OBSERVE_MAX_FIELDS)) setOwn(kept, k, out[k]);
  setOwn(kept, MORE_FIELDS, "more fields, not recorded");
  return kept;
}

/** Two observed shapes as one (items of one list); a field absent from either becomes optional. */
export function mergeShapes(a: Shape, b: Shape): Shape {
  if (typeof a === "string" && typeof b === "string") {
    const all = new Set([...alternatives(a), ...alternatives(b)]);
    if (all.has("number")) all.delete("integer");
    return [...all].sort().join("|");
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (!a.length) return b;
    if (!b.length) return a;
    return [mergeShapes(a[0], b[0])];
  }
  if (isObj(a) && isObj(b)) {
    const fa = fieldsOf(a as { [k: string]: Shape });
    const fb = fieldsOf(b as { [k: string]: Shape });
    const out: Record<string, Shape> = {};
    for (const k of new Set([...fa.keys(), ...fb.keys()])) {
      const x = fa.get(k);
      const y = fb.get(k);
      const optional = !x || !y || x.optional || y.optional;
      out[optional ? `${k}?` : k] = x && y ? mergeShapes(x.shape, y.shape) : (x ?? y)!.shape;
    }
    return capFields(out);
  }
  // an object in one item and a scalar in another: say both
  const name = (s: Shape) => (typeof s === "string" ? s : Array.isArray(s) ? "array" : "object");
  return [...new Set([name(a), name(b)])].sort().join("|");
}

/**
 * The shape of a value: field names and types only, never a value (for `contract check --save`).
 * At most OBSERVE_MAX_NODES items and fields are read in all (lists nested in lists multiply):
 * past them, the rest is not read (--save's note says so).
 */
export function observe(v: unknown, depth = 0, budget = { left: OBSERVE_MAX_NODES }): Shape {
  if (depth > 32 || budget.left <= 0) return "unknown";
  if (Array.isArray(v)) {
    let item: Shape | undefined;
    for (let i = 0; i < Math.min(v.length, OBSERVE_MAX_ITEMS) && budget.left > 0; i++) {
      budget.left--;
      item = item === undefined ? observe(v[i], depth + 1, budget) : mergeShapes(item, observe(v[i], depth + 1, budget));
    }
    return item === undefined ? [] : [item];
  }
  if (isObj(v)) {
    const out: Record<string, Shape> = {};
    let n = 0;
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      if (n++ === OBSERVE_MAX_FIELDS) { setOwn(out, MORE_FIELDS, "more fields, not recorded"); break; }
      budget.left--;
      setOwn(out, k, observe(v[k], depth + 1, budget));
    }
    return out;
  }
  const t = typeName(v);
  return t === "string" && isTimestamp(v as string) ? "timestamp" : t;
}
