// Writers: the rewritten requests back out as access log lines, JSON lines, curl commands,
// raw HTTP or HAR. Secrets never leave: key headers become *** (curl: "$MIDS_API_KEY"),
// key query pairs and body fields are redacted.
import type { OutputTarget, RequestItem, Shape } from "./types.js";
import { REDACTED } from "../redact/index.js";
import { BoundedMemo, LastMemo } from "../util/memo.js";
import { RunRedaction } from "./redact.js";
import { isHttpUrl, targetOf } from "./url.js";
import { FlatWriter } from "./readers/jsonl-flat.js";
import { shellQuote, shellSafe } from "./readers/shell.js";

export interface Writer {
  begin(): string;
  /**
   * `to` is the request to write (the v3 one, or the original when unchanged); `target` its
   * origin + path + query; `rel` (when the caller has it) its path + query alone
   */
  write(item: RequestItem, to: Shape, target: string, rel?: string): string;
  end(): string;
  /** documents with separators between records (HAR): the records written so far, which a worker's part of the output resets */
  records?: number;
}

export interface WriterOptions {
  /** used for absolute URLs when the input had only a path */
  baseUrl?: string;
  version: string;
  /** every item was redacted before it reached the writer (redact.ts redactItem): access lines are not redacted twice */
  itemsRedacted?: boolean;
  /** the run's redaction (default: the writer's own) */
  redaction?: RunRedaction;
}

const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?$/;
const DROP_HEADERS: ReadonlySet<string> = new Set(["host", "content-length", "connection"]);
// per header NAME (names repeat, values do not): dropped? secret? and the last value's redaction
const DROP = 1;
const SECRET = 2;
interface NameMemo {
  kind: number;
  json: string;
  /** the last value seen and its redaction */
  value: string;
  clean: string;
  /** the curl words (` -H '...'`) and the HAR object of the value `pieceOf` */
  pieceOf: string | undefined;
  curl: string;
  har: string;
}

/** What one writer remembers: header names, JSON names, the last origin's redaction and quoting. */
class WriterMemos {
  readonly names: BoundedMemo<NameMemo>;
  /** JSON strings of names (query parameters, methods): they repeat */
  readonly nameJson = new BoundedMemo((k) => JSON.stringify(k));
  /** redactOrigin of the last origin (a log's origins repeat) */
  readonly cleanOrigin: LastMemo<string>;
  /** the last origin written by the curl writer: needs it quotes, holds it a quote */
  readonly head = new LastMemo((h) => ({ safe: shellSafe(h), quoted: h.indexOf("'") >= 0 }));

  constructor(private readonly redaction: RunRedaction) {
    const r = redaction.redactor;
    this.names = new BoundedMemo((k) => ({ kind: (DROP_HEADERS.has(k.toLowerCase()) ? DROP : 0) | (r.isSecretHeader(k) ? SECRET : 0), json: JSON.stringify(k), value: "", clean: "", pieceOf: undefined, curl: "", har: "" }));
    this.cleanOrigin = new LastMemo((o) => r.redactOrigin(o));
  }

  /** redactHeaderValue(k, v) for a header that is not secret, remembered for the name's last value. */
  cleanValue(m: NameMemo, v: string): string {
    if (v === m.value) return m.clean;
    const c = this.redaction.redactor.redactText(v);
    m.value = v;
    m.clean = c;
    return c;
  }

  /** The header as curl words and as a HAR object, remembered for the name's last value. */
  piece(k: string, m: NameMemo, v: string): NameMemo {
    if (m.pieceOf !== v) {
      const clean = m.kind & SECRET ? REDACTED : this.cleanValue(m, v);
      m.curl = m.kind === 0 ? " -H " + shellQuote(k + ": " + clean) : "";
      m.har = '{"name":' + m.json + ',"value":' + JSON.stringify(clean) + "}";
      m.pieceOf = v;
    }
    return m;
  }

  /** shellQuote(head + path), looking at each part alone (reading the text of the two joined would first copy them into one string). */
  quoteUrl(head: string, path: string): string {
    const h = this.head.get(head);
    if (h.safe && shellSafe(path)) return head + path;
    return !h.quoted && path.indexOf("'") < 0 ? "'" + head + path + "'" : shellQuote(head + path);
  }

  headersOut(item: RequestItem): [string, string][] {
    const out: [string, string][] = [];
    const hs = item.req.headers;
    if (!hs) return out;
    for (let i = 0; i < hs.length; i++) {
      const m = this.names.get(hs[i][0]);
      if (!(m.kind & DROP)) out.push([hs[i][0], m.kind & SECRET ? REDACTED : this.cleanValue(m, hs[i][1])]);
    }
    return out;
  }
}

const hasBody = (item: RequestItem, to: Shape) => item.req.body !== undefined && to.method !== "GET" && to.method !== "HEAD";

const S = JSON.stringify;
const EPOCH = new Date(0).toISOString();
const NOT_MADE = S({ status: 0, statusText: "", httpVersion: "", cookies: [], headers: [], content: { size: 0, mimeType: "" }, redirectURL: "", headersSize: -1, bodySize: -1 });

/**
 * targetOf(to): `rel` when the rewrite stage passed it, else taken from `target` (the request's
 * origin + targetOf(to)) when it holds it: no second query encoding per request. (`target` is
 * then a rope of the two: reading its text to cut the origin off first copies it whole.)
 */
const pathOf = (item: RequestItem, to: Shape, target: string, rel: string | undefined): string => {
  if (rel) return rel;
  const origin = item.req.origin;
  return target.length > origin.length && target.charCodeAt(origin.length) === 47 && target.startsWith(origin) ? target.slice(origin.length) : targetOf(to);
};

export function makeWriter(format: OutputTarget, opts: WriterOptions): Writer {
  const clean = opts.itemsRedacted === true;
  const redaction = opts.redaction ?? new RunRedaction();
  const r = redaction.redactor;
  const memos = new WriterMemos(redaction);
  const cleanOrigin = (o: string) => memos.cleanOrigin.get(o);
  const base = opts.baseUrl?.replace(/\/+$/, "");
  const url = (item: RequestItem, to: Shape, target?: string, rel?: string) => (cleanOrigin(item.req.origin) || base || "") + (target === undefined ? targetOf(to) : pathOf(item, to, target, rel));
  switch (format) {
    case "access":
      return {
        begin: () => "",
        write(item, to, target) {
          const s = item.source;
          // the target is clean (built from the rewrite); the rest of the line may hold a key (referer)
          if (s.format === "access") {
            const tail = (s.proto ? " " + s.proto : "") + (clean ? s.post : r.redactText(s.post)) + "\n";
            return (clean ? s.pre : redaction.redactAccessPrefix(s.pre)) + to.method + " " + target + tail;
          }
          return `${to.method} ${target} HTTP/1.1\n`;
        },
        end: () => "",
      };
    case "ndjson":
      const flat = new FlatWriter();
      return {
        begin: () => "",
        write(item, to, target, rel) {
          const s = item.source;
          if (s.format === "ndjson" && s.flat) return flat.write(s.flat, s.absolute ? item.req.origin : "", pathOf(item, to, target, rel), to.method, to.path === item.req.path);
          if (s.format === "ndjson") {
            // an absolute URL stays absolute, a path stays a path (redactItem noted which, as
            // it blanked the old URL: see redact.ts)
            const path = pathOf(item, to, target, rel);
            s.holder[s.urlKey] = (s.absolute ?? isHttpUrl(String(s.holder[s.urlKey]))) ? item.req.origin + path : path;
            s.holder[s.methodKey] = to.method;
            return JSON.stringify(redaction.isRedacted(s.obj) ? s.obj : r.redactJson(s.obj)) + "\n";
          }
          const o: Record<string, unknown> = { method: to.method, url: url(item, to, target, rel) };
          const h = memos.headersOut(item);
          if (h.length) o.headers = Object.fromEntries(h);
          if (hasBody(item, to)) o.body = r.redactBody(item.req.body!);
          return JSON.stringify(o) + "\n";
        },
        end: () => "",
      };
    case "curl":
      return {
        begin: () => "",
        write(item, to, target, rel) {
          // the key comes from the environment, never from the log
          let out = to.method !== "GET" ? "curl -X " + to.method + ' -H "x-api-key: $MIDS_API_KEY"' : 'curl -H "x-api-key: $MIDS_API_KEY"';
          const hs = item.req.headers;
          if (hs) {
            for (let i = 0; i < hs.length; i++) {
              const k = hs[i][0];
              const m = memos.names.get(k);
              if (m.kind === 0) out += memos.piece(k, m, hs[i][1]).curl;
            }
          }
          if (hasBody(item, to)) out += " --data-raw " + shellQuote(r.redactBody(item.req.body!));
          const head = cleanOrigin(item.req.origin) || base || "";
          const path = target === undefined ? targetOf(to) : pathOf(item, to, target, rel);
          const u = !head ? shellQuote(path) : memos.quoteUrl(head, path);
          return out + ((head || path).charCodeAt(0) === 47 ? ' "$MIDS_BASE_URL"' : " ") + u + "\n";
        },
        end: () => "",
      };
    case "http":
      return {
        begin: () => "",
        write(item, to, target, rel) {
          const lines = [`${to.method} ${url(item, to, target, rel)} HTTP/1.1`];
          for (const [k, v] of memos.headersOut(item)) lines.push(`${k}: ${v}`);
          let text = lines.join("\n") + "\n";
          if (hasBody(item, to)) text += "\n" + r.redactBody(item.req.body!) + "\n";
          return text + "\n";
        },
        end: () => "",
      };
    case "har": {
      const w: Writer = {
        records: 0,
        begin: () => `{"log":{"version":"1.2","creator":{"name":"mids migrate","version":${JSON.stringify(opts.version)}},"entries":[\n`,
        write(item, to, target, rel) {
          const src = item.source.format === "har" ? item.source.entry : undefined;
          // serialised by hand, in the key order of a HAR 1.2 entry (one JSON.stringify per value)
          let headers = "";
          const hs = item.req.headers;
          if (hs) {
            for (let i = 0; i < hs.length; i++) {
              const m = memos.names.get(hs[i][0]);
              if (m.kind & DROP) continue;
              headers += (headers ? "," : "") + memos.piece(hs[i][0], m, hs[i][1]).har;
            }
          }
          let queryString = "";
          const q = to.query;
          for (const name in q) queryString += (queryString ? ',{"name":' : '{"name":') + memos.nameJson.get(name) + ',"value":' + S(q[name]) + "}";
          const postData = hasBody(item, to) ? `,"postData":{"mimeType":"application/json","text":${S(r.redactBody(item.req.body!))}}` : "";
          // the logged response belongs to the v2 call: a not-yet-made request has status 0
          // copied only when it is a date: the entry's other text is anyone's
          // (a date needs no escapes in JSON)
          const started = typeof src?.startedDateTime === "string" && ISO_DATE.test(src.startedDateTime) ? src.startedDateTime : EPOCH;
          return `${w.records!++ ? ",\n" : ""}{"startedDateTime":"${started}","time":0,"request":{"method":${memos.nameJson.get(to.method)},"url":${S(url(item, to, target, rel))},"httpVersion":"HTTP/1.1","cookies":[],"headers":[${headers}],"queryString":[${queryString}],"headersSize":-1,"bodySize":-1${postData}},"response":${NOT_MADE},"cache":{},"timings":{"send":0,"wait":0,"receive":0}}`;
        },
        end: () => (w.records ? "\n" : "") + "]}}\n",
      };
      return w;
    }
  }
}
