// JSON lines out: a JSON line's own object (or, for a flat line, its own text) with the new URL
// and method in place; a request from another format as a small object.
import { LastMemo } from "../../../util/memo.js";
import { isHttpUrl } from "../../url.js";
import { hasBody, pathOf, type Writer, type WriterKit } from "../write-kit.js";
import { isJsonSource, type FlatLine } from "./source.js";

// text JSON.stringify would escape (quotes, backslashes, controls, lone surrogates)
const ESCAPED = /["\\\x00-\x1f\ud800-\udfff]/;

/** A string's JSON text without its quotes. */
const inner = (s: string): string => (ESCAPED.test(s) ? JSON.stringify(s).slice(1, -1) : s);

/** Writes flat lines back (one per writer: it keeps the last origin and method it wrote). */
export class FlatWriter {
  // does the last origin need escapes? the last method's JSON?
  private readonly originPlain = new LastMemo((o) => !ESCAPED.test(o));
  private readonly methodJson = new LastMemo((m) => '"' + inner(m) + '"');

  /**
   * The line with `origin + path` (origin "": the path alone) as its URL and `method` as its
   * method: JSON.stringify of the object with those two values set. The parts are looked at
   * apart: reading the text of the two joined would first copy them into one string.
   *
   * `path` (v3 path and query) is looked at only when `inputPath` (it starts with the request's
   * own path: an unchanged request). Otherwise the rewrite built it from the route table's
   * templates, encodeURIComponent's output and buildQuery's, none of which holds a character JSON
   * escapes (test/unit/migrate-jsonl-flat.test.ts checks the templates and the encoders): reading
   * it would first copy it whole.
   */
  write(f: FlatLine, origin: string, path: string, method: string, inputPath: boolean): string {
    const url = origin && !this.originPlain.get(origin) ? inner(origin + path) : origin + (inputPath ? inner(path) : path);
    const m = this.methodJson.get(method);
    const t = f.text;
    if (f.methodStart < 0) return t.slice(0, f.urlStart) + url + t.slice(f.urlEnd, t.length - 1) + ',"method":' + m + "}\n";
    if (f.methodStart > f.urlStart) return t.slice(0, f.urlStart) + url + t.slice(f.urlEnd, f.methodStart) + m + t.slice(f.methodEnd) + "\n";
    return t.slice(0, f.methodStart) + m + t.slice(f.methodEnd, f.urlStart) + url + t.slice(f.urlEnd) + "\n";
  }
}

export function ndjsonWriter(kit: WriterKit): Writer {
  const { clean, redactor: r, memos } = kit;
  const flat = new FlatWriter();
  return {
    begin: () => "",
    write(item, to, target, rel) {
      const s = item.source;
      if (isJsonSource(s)) {
        if (s.flat) return flat.write(s.line, s.absolute ? item.req.origin : "", pathOf(item, to, target, rel), to.method, to.path === item.req.path);
        // an absolute URL stays absolute, a path stays a path (the redaction noted which, as it
        // blanked the old URL: source.ts)
        const path = pathOf(item, to, target, rel);
        const url = (s.absolute ?? isHttpUrl(String(s.holder[s.urlKey]))) ? item.req.origin + path : path;
        if (s.requestLine) s.holder[s.urlKey] = to.method + " " + url + (s.requestLine.proto ? " " + s.requestLine.proto : "");
        else {
          s.holder[s.urlKey] = url;
          s.holder[s.methodKey] = to.method;
        }
        return JSON.stringify(clean ? s.obj : r.redactJson(s.obj)) + "\n";
      }
      const o: Record<string, unknown> = { method: to.method, url: kit.url(item, to, target, rel) };
      const h = memos.headersOut(item);
      if (h.length) o.headers = Object.fromEntries(h);
      if (hasBody(item, to)) o.body = r.redactBody(item.req.body!);
      return JSON.stringify(o) + "\n";
    },
    end: () => "",
  };
}
