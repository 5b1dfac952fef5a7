// JSON lines as most loggers write them (nginx's and Envoy's JSON formats, pino, bunyan): one flat
// object in JSON.stringify's own form, with no blanks, escapes or nesting. Such a line is read
// without JSON.parse, its secrets are proved absent value by value, and it is written back by
// putting the new URL and method in place of the old: byte for byte what JSON.stringify of the
// parsed, redacted and rewritten object gives (FlatWriter, write.ts), for a third of the cost. Every
// other line, and every one where a rule might change a value (the run's prefilter says so), takes
// the general path (read.ts), the reference: test/unit/migrate-jsonl-flat.test.ts compares the two
// on generated lines, test/unit/redact-strategies.test.ts with generated rules. A FlatJsonReader
// belongs to one run.
import type { Redactor } from "../../../redact/index.js";
import { LastMemo, own } from "../../../util/memo.js";
import type { LogRequest } from "../../types.js";
import type { FlatJsonSource } from "./source.js";
import { isHttpUrl, splitTarget } from "../../url.js";
import { METHOD_KEYS, QUERY_KEYS, URL_KEYS } from "./keys.js";

// A string without escapes or controls; a number as JSON has it. (A key that is an array index,
// which an object lists first whatever its place in the text, makes its shape not plain.)
const STR = '"[^"\\\\\\x00-\\x1f\\ud800-\\udfff]*"';
const NUM = "-?(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:[eE][+-]?\\d+)?";
const PAIR = `${STR}:(?:${STR}|${NUM}|true|false|null)`;
const FLAT = new RegExp(`^\\{(?:${PAIR}(?:,${PAIR})*)?\\}$`);

/** What a line's keys say, worked out once for each run of lines with the same keys. */
interface Shape {
  keys: string[];
  /** no key twice, no key a rule could change or that names a secret, no `{name|key, value}` pair */
  plain: boolean;
  /** the indexes of URL_KEYS and METHOD_KEYS among the keys, in the order they are tried */
  urlKeys: number[];
  methodKeys: number[];
  /** the index of `method` (where the writer puts the method when no method key has a value), `body`: -1 if none */
  method: number;
  body: number;
}

function shapeOf(keys: string[], r: Redactor): Shape {
  const set = new Set(keys);
  const plain = set.size === keys.length && keys.every((k) => r.plainKey(k) && !/^\d+$/.test(k))
    && !(set.has("value") && (set.has("name") || set.has("key")))
    // a query logged apart (nginx's `$args`) is read by the general path (read.ts)
    && !QUERY_KEYS.some((k) => set.has(k));
  const indexes = (names: readonly string[]) => names.map((n) => keys.indexOf(n)).filter((i) => i >= 0);
  return { keys, plain, urlKeys: indexes(URL_KEYS), methodKeys: indexes(METHOD_KEYS), method: keys.indexOf("method"), body: keys.indexOf("body") };
}

const MAX_PAIRS = 256;
/** the shapes of the last few lines (a log has one or a few) */
export const SHAPES_KEPT = 16;

// an integer of at most 15 characters that is not -0: printed as it is written
function shortInt(t: string, a: number, b: number): boolean {
  if (b - a > 15) return false;
  for (let i = t.charCodeAt(a) === 45 ? a + 1 : a; i < b; i++) { const c = t.charCodeAt(i); if (c < 48 || c > 57) return false; }
  return !(t.charCodeAt(a) === 45 && t.charCodeAt(a + 1) === 48);
}

/** The fast reader of one run: its shapes, the scratch arrays of the line being read, its last method. */
export class FlatJsonReader {
  // the pairs of the line being read: key, value [start, end) (a string value's inside its quotes)
  private readonly keyStart = new Int32Array(MAX_PAIRS);
  private readonly keyEnd = new Int32Array(MAX_PAIRS);
  private readonly valStart = new Int32Array(MAX_PAIRS);
  private readonly valEnd = new Int32Array(MAX_PAIRS);
  private readonly isString = new Uint8Array(MAX_PAIRS);
  private readonly shapes: Shape[] = [];
  // a log uses a method or two: the upper-case form of the last one (one string cut from a
  // block: it keeps one block alive at most, so no copy per change)
  private readonly upper = new LastMemo((m) => m.trim().toUpperCase());

  constructor(private readonly redactor: Redactor) {}

  /** The pairs of a line FLAT matched, into the arrays above: their number, or -1 (too many, or a number not in JavaScript's form). */
  private scan(t: string): number {
    const { keyStart, keyEnd, valStart, valEnd, isString } = this;
    let n = 0;
    let i = 1;
    const last = t.length - 1;
    while (i < last) {
      if (n === MAX_PAIRS) return -1;
      const ke = t.indexOf('"', i + 1);
      keyStart[n] = i + 1;
      keyEnd[n] = ke;
      const v = ke + 2;
      let next: number;
      if (t.charCodeAt(v) === 34) {
        const ve = t.indexOf('"', v + 1);
        valStart[n] = v + 1;
        valEnd[n] = ve;
        isString[n] = 1;
        next = ve + 1;
      } else {
        let e = v;
        for (let c = t.charCodeAt(e); c !== 44 && c !== 125; c = t.charCodeAt(++e));
        valStart[n] = v;
        valEnd[n] = e;
        isString[n] = 0;
        // a number JSON.stringify would print otherwise (1.50, 1e3, -0, 2^53 and up): the general path
        const c = t.charCodeAt(v);
        if ((c === 45 || (c >= 48 && c <= 57)) && !shortInt(t, v, e)) {
          const lit = t.slice(v, e);
          if (String(Number(lit)) !== lit) return -1;
        }
        next = e;
      }
      n++;
      i = next + 1;
    }
    return n;
  }

  private findShape(t: string, n: number): Shape {
    const { keyStart, keyEnd, shapes } = this;
    outer: for (let s = 0; s < shapes.length; s++) {
      const keys = shapes[s].keys;
      if (keys.length !== n) continue;
      for (let k = 0; k < n; k++) {
        const key = keys[k];
        // (a slice compared whole: measured twice as fast as startsWith on a line cut from a block)
        if (keyEnd[k] - keyStart[k] !== key.length || t.slice(keyStart[k], keyEnd[k]) !== key) continue outer;
      }
      return shapes[s];
    }
    const keys: string[] = [];
    for (let k = 0; k < n; k++) keys.push(own(t.slice(keyStart[k], keyEnd[k])));
    const shape = shapeOf(keys, this.redactor);
    if (shapes.length >= SHAPES_KEPT) shapes.pop();
    shapes.unshift(shape);
    return shape;
  }

  /** The first of `candidates` with a non-empty string value, or -1. */
  private firstValued(candidates: number[]): number {
    for (let c = 0; c < candidates.length; c++) {
      const k = candidates[c];
      if (this.isString[k] === 1 && this.valEnd[k] > this.valStart[k]) return k;
    }
    return -1;
  }

  /**
   * A trimmed line read on the fast path: its request and where its URL and method are, the
   * general path's error text, or undefined when the line is not one for the fast path (or a rule
   * might change one of its values): the caller reads it with JSON.parse.
   */
  read(t: string): { req: LogRequest; source: FlatJsonSource } | string | undefined {
    if (t.indexOf("\\") >= 0 || !FLAT.test(t)) return undefined;
    const n = this.scan(t);
    if (n <= 0) return undefined;
    const shape = this.findShape(t, n);
    if (!shape.plain) return undefined;
    const u = this.firstValued(shape.urlKeys);
    if (u < 0) return undefined;
    const m = this.firstValued(shape.methodKeys);
    // the value the writer overwrites with the method: that of the method key, else `method`'s
    const w = m >= 0 ? m : shape.method;
    const { valStart, valEnd, isString, redactor } = this;
    // every other string value must be one the rules leave as it is (most: the prefilter finds them clean)
    for (let k = 0; k < n; k++) {
      if (isString[k] === 0 || k === u || k === w || !redactor.mayHoldSecretIn(t, valStart[k], valEnd[k])) continue;
      const v = t.slice(valStart[k], valEnd[k]);
      if (redactor.redactText(v) !== v) return undefined;
    }
    const url = t.slice(valStart[u], valEnd[u]);
    const target = splitTarget(url, false);
    if (!target) return `${shape.keys[u]} is not a path or URL`;
    const method = m >= 0 ? this.upper.get(t.slice(valStart[m], valEnd[m])) : "GET";
    const req: LogRequest = { method, origin: target.origin, path: target.path, query: target.query };
    const b = shape.body;
    // a body that is a string is itself, null is none, a number or true/false its JSON
    if (b >= 0 && !(isString[b] === 0 && t.startsWith("null", valStart[b]))) req.body = t.slice(valStart[b], valEnd[b]);
    const line = {
      text: t, urlStart: valStart[u], urlEnd: valEnd[u],
      methodStart: w < 0 ? -1 : valStart[w] - isString[w], methodEnd: w < 0 ? -1 : valEnd[w] + isString[w],
    };
    return { req, source: { format: "ndjson", flat: true, line, absolute: isHttpUrl(url) } };
  }
}
