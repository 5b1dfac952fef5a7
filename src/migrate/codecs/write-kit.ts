// What every codec's writer shares: the Writer shape, the options, and the memos of one writer
// (header names, JSON names, the last origin's redaction and quoting). Writers import no reader.
import type { OutputTarget, RequestItem, Shape } from "../types.js";
import { REDACTED, Redactor } from "../../redact/index.js";
import { BoundedMemo, LastMemo } from "../../util/memo.js";
import { targetOf } from "../url.js";
import { apiPathPrefix } from "../api-base.js";
import { shellQuote, shellSafe } from "./curl/shell.js";

export interface Writer {
  begin(): string;
  /**
   * `to` is the request to write (the v3 one, or the original when unchanged); `target` its
   * origin + path + query; `rel` (when the caller has it) its path + query alone
   */
  write(item: RequestItem, to: Shape, target: string, rel?: string): string;
  end(): string;
  /**
   * Text that goes out before the item, whatever became of its request (written, left out), when
   * the output is the item's own format: a CloudFront header where the log's fields change.
   */
  lead?(item: RequestItem): string | undefined;
  /** documents with separators between records (HAR): the records written so far, which a worker's part of the output resets */
  records?: number;
}

export interface WriterOptions {
  /** used for absolute URLs when the input had only a path */
  baseUrl?: string;
  version: string;
  /** every item was redacted before it reached the writer (redact.ts redactItem): its source is not redacted twice */
  itemsRedacted?: boolean;
  /** the run's redaction rules (default: a Redactor of the writer's own) */
  redactor?: Redactor;
}

const DROP_HEADERS: ReadonlySet<string> = new Set(["host", "content-length", "connection"]);
// per header NAME (names repeat, values do not): dropped? secret? and the last value's redaction
export const DROP = 1;
export const SECRET = 2;
export interface NameMemo {
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
export class WriterMemos {
  readonly names: BoundedMemo<NameMemo>;
  /** JSON strings of names (query parameters, methods): they repeat */
  readonly nameJson = new BoundedMemo((k) => JSON.stringify(k));
  /** redactOrigin of the last origin (a log's origins repeat) */
  readonly cleanOrigin: LastMemo<string>;
  /** the last origin written by the curl writer: needs it quotes, holds it a quote */
  readonly head = new LastMemo((h) => ({ safe: shellSafe(h), quoted: h.indexOf("'") >= 0 }));

  constructor(private readonly redactor: Redactor) {
    const r = redactor;
    this.names = new BoundedMemo((k) => ({ kind: (DROP_HEADERS.has(k.toLowerCase()) ? DROP : 0) | (r.isSecretHeader(k) ? SECRET : 0), json: JSON.stringify(k), value: "", clean: "", pieceOf: undefined, curl: "", har: "" }));
    this.cleanOrigin = new LastMemo((o) => r.redactOrigin(o));
  }

  /** redactHeaderValue(k, v) for a header that is not secret, remembered for the name's last value. */
  cleanValue(m: NameMemo, v: string): string {
    if (v === m.value) return m.clean;
    const c = this.redactor.redactText(v);
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

/**
 * The origin without its userinfo (`https://***@host` -> `https://host`), in what is written to be
 * sent (`--to curl`, `--to http`): curl would send it as an `Authorization: Basic` header beside the
 * key (v3 reads Authorization as a key too), as `-u` would; a raw HTTP request may not carry it.
 */
export function withoutUserinfo(head: string): string {
  const at = head.lastIndexOf("@");
  const from = head.indexOf("//") + 2;
  // (an origin without `//` has no userinfo: left as it is)
  return at < from || from < 2 ? head : head.slice(0, from) + head.slice(at + 1);
}

export const hasBody = (item: RequestItem, to: Shape) => item.req.body !== undefined && to.method !== "GET" && to.method !== "HEAD";

/**
 * targetOf(to): `rel` when the rewrite stage passed it, else taken from `target` (the request's
 * origin + targetOf(to)) when it holds it: no second query encoding per request. (`target` is
 * then a rope of the two: reading its text to cut the origin off first copies it whole.)
 */
export const pathOf = (item: RequestItem, to: Shape, target: string, rel: string | undefined): string => {
  if (rel) return rel;
  const origin = item.req.origin;
  return target.length > origin.length && target.charCodeAt(origin.length) === 47 && target.startsWith(origin) ? target.slice(origin.length) : targetOf(to);
};

/** What a codec's writer is made from: the options, the run's rules, one writer's memos. */
export interface WriterKit {
  opts: WriterOptions;
  /** every item reached the writer redacted (its source too) */
  clean: boolean;
  redactor: Redactor;
  memos: WriterMemos;
  /** the URL to write: the request's origin redacted (or --base-url) and its v3 path and query */
  url(item: RequestItem, to: Shape, target?: string, rel?: string): string;
  /** the origin alone (redacted), or the base URL (for `path`, the path written after it), or "" */
  head(item: RequestItem, path?: string): string;
}

/**
 * What goes before a logged path that has no origin: the base URL, but its origin alone for a path
 * already under the base URL's path (`/mids/v3/x` under `https://gw.example/mids`: the rewrite keeps
 * the prefix), and never an API version the base URL ends in (`https://api/v2` + `/v3/x`).
 */
function baseHead(baseUrl: string | undefined): (path: string | undefined) => string {
  const base = baseUrl?.replace(/\/+$/, "");
  if (!base) return () => "";
  let origin: string;
  try { origin = new URL(base).origin; } catch { return () => base; }
  if (origin === "null") return () => base;
  const prefix = apiPathPrefix(base);
  const whole = origin + prefix;
  return (path) => (prefix && path !== undefined && path.length > prefix.length && path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47 ? origin : whole);
}

export function writerKit(opts: WriterOptions): WriterKit {
  const redactor = opts.redactor ?? new Redactor();
  const memos = new WriterMemos(redactor);
  const before = baseHead(opts.baseUrl);
  const head = (item: RequestItem, path?: string) => memos.cleanOrigin.get(item.req.origin) || before(path);
  return {
    opts, clean: opts.itemsRedacted === true, redactor, memos, head,
    url: (item, to, target, rel) => {
      const path = target === undefined ? targetOf(to) : pathOf(item, to, target, rel);
      return head(item, path) + path;
    },
  };
}

export type WriterOf = (kit: WriterKit) => Writer;
export type { OutputTarget };
