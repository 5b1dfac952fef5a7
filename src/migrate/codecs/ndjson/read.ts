// JSON lines: one object per line with a method and a url or path, at the top level or under a
// common holder (`request`, `req`, `httpRequest` as in GCP logs, `http`).
import type { Handler, LogRequest, RequestItem } from "../../types.js";
import type { LineSink } from "../../lines.js";
import type { JsonSource, ParsedJsonSource } from "./source.js";
import { splitTarget } from "../../url.js";
import { MAX_JSON_DEPTH, jsonDepth } from "../../../redact/index.js";
import type { FlatJsonReader } from "./flat.js";
import { HOLDERS, METHOD_KEYS, OUTER_HOLDER, QUERY_KEYS, REQUEST_LINE_KEY, URL_KEYS } from "./keys.js";
import { REQUEST as REQUEST_LINE } from "../access/read.js";
import { pushAll } from "../../../util/arrays.js";


const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const firstKey = (o: Record<string, unknown>, keys: readonly string[]): string | undefined => {
  for (const k of keys) if (typeof o[k] === "string" && o[k] !== "") return k;
  return undefined;
};

/** Could t nest deeper than MAX_JSON_DEPTH? Not with that many `{` and `[` in all (two native searches, not a walk). */
function mayBeDeep(t: string): boolean {
  let n = 0;
  for (let i = t.indexOf("{"); i >= 0 && n <= MAX_JSON_DEPTH; i = t.indexOf("{", i + 1)) n++;
  for (let i = t.indexOf("["); i >= 0 && n <= MAX_JSON_DEPTH; i = t.indexOf("[", i + 1)) n++;
  return n > MAX_JSON_DEPTH;
}

/** A JSON line's request, the reason it has none, or null (a blank line). `flat`: the run's fast reader (none: the general path). */
export function parseJsonLine(line: string, flat?: FlatJsonReader): { req: LogRequest; source: JsonSource } | string | null {
  const t = line.trim();
  if (!t) return null;
  if (t.charCodeAt(0) !== 123) return "not a JSON object";
  if (flat) {
    const f = flat.read(t);
    if (f !== undefined) return f;
  }
  // hostile depth would overflow the stack of every recursive walk after the parse
  if (mayBeDeep(t) && jsonDepth(t) > MAX_JSON_DEPTH) return `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
  let obj: unknown;
  try { obj = JSON.parse(t); } catch { return "not valid JSON"; }
  if (!isObj(obj)) return "not a JSON object";
  return fromObject(obj);
}

export function fromObject(obj: Record<string, unknown>): { req: LogRequest; source: ParsedJsonSource } | string {
  // the object itself, then each holder that is an object, then each under `meta` (winston's
  // `meta.req`; looked at only when needed: no arrays per line)
  const outer = obj[OUTER_HOLDER];
  const n = HOLDERS.length;
  for (let h = -1; h < 2 * n; h++) {
    const holder = (h < 0 ? obj : h < n ? obj[HOLDERS[h]] : isObj(outer) ? outer[HOLDERS[h - n]] : undefined) as Record<string, unknown>;
    if (h >= 0 && !isObj(holder)) continue;
    const urlKey = firstKey(holder, URL_KEYS);
    if (!urlKey) continue;
    // a method may sit beside the url or on the top-level object (firstKey: a non-empty string)
    const methodKey = firstKey(holder, METHOD_KEYS);
    const topKey = methodKey ? undefined : firstKey(obj, METHOD_KEYS);
    const method = (methodKey ? holder[methodKey] : topKey ? obj[topKey] : "GET") as string;
    const target = splitTarget(holder[urlKey] as string, false);
    if (!target) return `${urlKey} is not a path or URL`;
    // a query logged apart from a URL without one (pino's `query` object, nginx's `$args` string)
    for (let i = 0; i < QUERY_KEYS.length && !target.query.length; i++) {
      const q = holder[QUERY_KEYS[i]];
      if (isObj(q)) for (const k of Object.keys(q)) target.query.push([k, String(q[k])]);
      else if (typeof q === "string" && q !== "" && q !== "-") pushAll(target.query, splitTarget("/?" + q, false)?.query ?? []);
    }
    const req: LogRequest = { method: method.trim().toUpperCase(), origin: target.origin, path: target.path, query: target.query };
    const headers = readHeaders(holder.headers);
    if (headers) req.headers = headers;
    const body = holder.body;
    if (typeof body === "string") req.body = body;
    else if (body !== undefined && body !== null) req.body = JSON.stringify(body);
    return { req, source: { format: "ndjson", flat: false, obj, holder, urlKey, methodKey: methodKey ?? "method", absolute: undefined } };
  }
  // nginx's usual JSON format: `"request": "GET /v2/x?y=1 HTTP/1.1"`, the request line whole
  const line = obj[REQUEST_LINE_KEY];
  const m = typeof line === "string" ? REQUEST_LINE.exec(line) : null;
  if (m) {
    const target = splitTarget(m[2], false);
    if (!target) return `${REQUEST_LINE_KEY} is not a request line with a path or URL`;
    const req: LogRequest = { method: m[1], origin: target.origin, path: target.path, query: target.query };
    const absolute = target.origin !== "";
    return { req, source: { format: "ndjson", flat: false, obj, holder: obj, urlKey: REQUEST_LINE_KEY, methodKey: REQUEST_LINE_KEY, absolute, requestLine: { proto: m[3] ?? "" } } };
  }
  return "JSON object without a method and url or path";
}

export function readHeaders(h: unknown): [string, string][] | undefined {
  if (Array.isArray(h)) {
    const out: [string, string][] = [];
    let strings = true;
    for (let i = 0; i < h.length && strings; i++) if (typeof h[i] !== "string") strings = false;
    // flat `[name, value, ...]` lists (Node's rawHeaders)
    if (strings) {
      for (let i = 0; i < h.length; i += 2) out.push([h[i] as string, String(h[i + 1] ?? "")]);
      return out;
    }
    // `[name, value]` tuples, and HAR's (and Postman's) objects
    for (let i = 0; i < h.length; i++) {
      const x = h[i];
      if (isObj(x)) out.push([String(x.name ?? x.key ?? ""), String(x.value ?? "")]);
      else if (Array.isArray(x) && typeof x[0] === "string") out.push([x[0], String(x[1] ?? "")]);
    }
    return out;
  }
  if (isObj(h)) {
    const out: [string, string][] = [];
    for (const k of Object.keys(h)) {
      const v = h[k];
      out.push([k, Array.isArray(v) ? v.join(", ") : String(v)]);
    }
    return out;
  }
  return undefined;
}

/** JSON lines into items. `flat`: the run's fast reader (none: every line the general way). */
export function jsonLines(handle: Handler, file: string | undefined, flat?: FlatJsonReader): LineSink {
  const base = file ? { file } : {};
  return (line, lineNo, bad) => {
    if (line === null) return handle({ kind: "invalid", position: lineNo, reason: bad ?? "unreadable line", ...base });
    const r = parseJsonLine(line, flat);
    if (r === null) return;
    if (typeof r === "string") return handle({ kind: "invalid", position: lineNo, reason: r, ...base });
    const it: RequestItem = { kind: "request", position: lineNo, req: r.req, source: r.source };
    if (file) it.file = file;
    return handle(it);
  };
}
