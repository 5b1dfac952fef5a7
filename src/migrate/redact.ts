// The one place secrets leave a log entry (issue 10): every item a reader produces passes through
// redactItem before the rewriter, the report, the stderr listing or a writer sees it, so none of
// them can print what the rules of src/redact/ call a secret. (The writers redact again what they
// write: cheap, and safe for a writer used on its own.) One RunRedaction per run: its memos and
// marks are the run's.
import { REDACTED, Redactor } from "../redact/index.js";
import { charTableOf } from "../util/chars.js";
import type { Item, LogRequest } from "./types.js";
import { isHttpUrl } from "./url.js";

// An object's mark that it was redacted: a symbol key (JSON never has one, JSON.stringify skips
// it), far cheaper per line than a WeakSet entry; one that cannot take it goes in a WeakSet.
const REDACTED_MARK = Symbol("mids.redacted");

// `host ident authuser [date] "`: ident and authuser name who called; either may be a key
const CLF_PREFIX = /^(\S+ )(\S+) (\S+)( \[)/;

export class RunRedaction {
  /** Header lists redacted once and shared by many requests (readers/curl-form.ts), never changed. */
  private readonly cleanHeaders = new WeakSet<object>();
  private readonly unmarkable = new WeakSet<object>();

  constructor(readonly redactor: Redactor = new Redactor()) {}

  /** Redact a request in place: userinfo, secret query values, secret headers, the body. */
  redactRequest(req: LogRequest): LogRequest {
    const r = this.redactor;
    if (req.origin) req.origin = r.redactOrigin(req.origin);
    if (!isToken(req.method)) req.method = r.redactText(req.method);
    req.path = r.redactText(req.path);
    const query = req.query;
    for (let i = 0; i < query.length; i++) {
      const p = query[i];
      const name = r.paramName(p[0]);
      p[0] = name.clean;
      p[1] = name.secret ? REDACTED : r.redactText(p[1]);
    }
    const headers = req.headers;
    if (headers && !this.cleanHeaders.has(headers)) {
      // a "name" that is no header name (`X-Foo: <key>`) is dropped with its value
      let tokens = true;
      for (let i = 0; i < headers.length && tokens; i++) tokens = isToken(headers[i][0]);
      const kept = tokens ? headers : (req.headers = headers.filter((h) => isToken(h[0])));
      for (let i = 0; i < kept.length; i++) { const h = kept[i]; h[1] = r.isSecretHeader(h[0]) ? REDACTED : r.redactText(h[1]); }
    }
    if (req.body !== undefined) req.body = r.redactBody(req.body);
    return req;
  }

  /** Headers redactRequest has redacted, to be shared by many requests: passed over from now on. */
  sharedHeaders(headers: [string, string][]): [string, string][] {
    const req: LogRequest = { method: "GET", origin: "", path: "", query: [], headers };
    const clean = this.redactRequest(req).headers!;
    this.cleanHeaders.add(clean);
    return clean;
  }

  /** JSON-lines objects already redacted in place (the ndjson writer need not walk them again). */
  markRedacted(o: object): void {
    if (Object.isExtensible(o)) (o as Record<symbol, unknown>)[REDACTED_MARK] = true;
    else this.unmarkable.add(o);
  }

  isRedacted(o: object): boolean {
    return (o as Record<symbol, unknown>)[REDACTED_MARK] === true || this.unmarkable.has(o);
  }

  /** Redact an item in place and return it. */
  redactItem<T extends Item>(item: T): T {
    if (item.kind === "invalid") {
      item.reason = this.redactor.redactText(item.reason);
      return item;
    }
    this.redactRequest(item.req);
    const s = item.source;
    // a flat JSON line's values were found clean by the prefilter as it was read (readers/jsonl-flat.ts)
    if (s.format === "ndjson" && !s.flat) {
      // the writer puts the rewritten URL in its place (writers.ts), made of the request redacted
      // above, and nothing else reads it: its old text need not be redacted too
      s.absolute = isHttpUrl(String(s.holder[s.urlKey]));
      s.holder[s.urlKey] = "";
      this.redactor.redactJsonInPlace(s.obj);
      this.markRedacted(s.obj);
    }
    else if (s.format === "access") { s.pre = this.redactAccessPrefix(s.pre); s.post = this.redactor.redactText(s.post); }
    // a HAR source entry is read for its startedDateTime only; the request is rebuilt from `req`
    return item;
  }

  /** The part of an access log line before the request field, with ident/authuser redacted. */
  redactAccessPrefix(pre: string): string {
    // `host - - [`: nothing for the pattern to do
    const a = pre.indexOf(" ");
    if (a > 0 && pre.startsWith("- - [", a + 1)) return this.redactor.redactText(pre);
    const m = CLF_PREFIX.exec(pre);
    const clean = m && (m[2] !== "-" || m[3] !== "-")
      ? m[1] + (m[2] === "-" ? "-" : REDACTED) + " " + (m[3] === "-" ? "-" : REDACTED) + m[4] + pre.slice(m[0].length)
      : pre;
    return this.redactor.redactText(clean);
  }
}

// an HTTP method and a header name are tokens (`/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/`); anything else is a log's free text
const TOKEN_CHAR = charTableOf("!#$%&'*+.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-");
function isToken(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c >= 128 || TOKEN_CHAR[c] === 0) return false; }
  return true;
}

/**
 * For the access-log fast path: is the prefix [s, q1) of a line free of an ident/authuser (both
 * `-`)? One native search; a line that is not takes the line path and is redacted there.
 */
export function accessUserIsBlank(t: string, s: number, q1: number): boolean {
  const a = t.indexOf(" ", s);
  if (a < 0 || a >= q1) return false;
  return t.charCodeAt(a + 1) === 45 && t.charCodeAt(a + 2) === 32 && t.charCodeAt(a + 3) === 45 && t.charCodeAt(a + 4) === 32;
}

/** One request redacted by the shipped rules, outside a run (a fresh RunRedaction each call: for one-off use and tests). */
export const redactRequest = (req: LogRequest): LogRequest => new RunRedaction().redactRequest(req);
/** One item redacted by the shipped rules, outside a run (see redactRequest). */
export const redactItem = <T extends Item>(item: T): T => new RunRedaction().redactItem(item);
/** An access line's prefix redacted by the shipped rules, outside a run (see redactRequest). */
export const redactAccessPrefix = (pre: string): string => new RunRedaction().redactAccessPrefix(pre);
