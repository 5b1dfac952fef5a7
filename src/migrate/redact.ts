// The one place secrets leave a log entry (issue 10): every item a reader produces passes through
// redactItem before the rewriter, the report, the stderr listing or a writer sees it, so none of
// them can print what the rules of src/contract/secrets.ts call a secret. (The writers redact
// again what they write: cheap, and safe for a writer used on its own.)
import { REDACTED, isSecretHeader, isSecretParam, redactBody, redactJsonInPlace, redactOrigin, redactText } from "../contract/secrets.js";
import type { Item, LogRequest } from "./types.js";
import { isHttpUrl } from "./url.js";

/**
 * Header lists redacted once and shared by many requests (readers/curl-form.ts), never changed:
 * redactRequest passes them over.
 */
export const cleanHeaders = new WeakSet<object>();

/** Redact a request in place: userinfo, secret query values, secret headers, the body. */
export function redactRequest(req: LogRequest): LogRequest {
  if (req.origin) req.origin = redactOrigin(req.origin);
  if (!isToken(req.method)) req.method = redactText(req.method);
  req.path = redactText(req.path);
  const query = req.query;
  for (let i = 0; i < query.length; i++) {
    const p = query[i];
    const secret = isSecretParam(p[0]);
    p[0] = redactText(p[0]);
    p[1] = secret ? REDACTED : redactText(p[1]);
  }
  const headers = req.headers;
  if (headers && !cleanHeaders.has(headers)) {
    // a "name" that is no header name (`X-Foo: <key>`) is dropped with its value
    let tokens = true;
    for (let i = 0; i < headers.length && tokens; i++) tokens = isToken(headers[i][0]);
    const kept = tokens ? headers : (req.headers = headers.filter((h) => isToken(h[0])));
    for (let i = 0; i < kept.length; i++) { const h = kept[i]; h[1] = isSecretHeader(h[0]) ? REDACTED : redactText(h[1]); }
  }
  if (req.body !== undefined) req.body = redactBody(req.body);
  return req;
}

// an HTTP method and a header name are tokens (`/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/`); anything else is a log's free text
const TOKEN_CHAR = new Uint8Array(128);
for (const ch of "!#$%&'*+.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-") TOKEN_CHAR[ch.charCodeAt(0)] = 1;
function isToken(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c >= 128 || TOKEN_CHAR[c] === 0) return false; }
  return true;
}

// An object's mark that it was redacted: a symbol key (JSON never has one, JSON.stringify skips
// it), far cheaper per line than a WeakSet entry; one that cannot take it goes in the WeakSet.
const REDACTED_MARK = Symbol("mids.redacted");
const unmarkable = new WeakSet<object>();

/** JSON-lines objects already redacted in place (the ndjson writer need not walk them again). */
export const redactedObjects = {
  add(o: object): void {
    if (Object.isExtensible(o)) (o as Record<symbol, unknown>)[REDACTED_MARK] = true;
    else unmarkable.add(o);
  },
  has(o: object): boolean {
    return (o as Record<symbol, unknown>)[REDACTED_MARK] === true || unmarkable.has(o);
  },
};

/** Redact an item in place and return it. */
export function redactItem<T extends Item>(item: T): T {
  if (item.kind === "invalid") {
    item.reason = redactText(item.reason);
    return item;
  }
  redactRequest(item.req);
  const s = item.source;
  // a flat JSON line's values were proved clean as it was read (readers/jsonl-flat.ts)
  if (s.format === "ndjson" && !s.flat) {
    // the writer puts the rewritten URL in its place (writers.ts), made of the request redacted
    // above, and nothing else reads it: its old text need not be redacted too
    s.absolute = isHttpUrl(String(s.holder[s.urlKey]));
    s.holder[s.urlKey] = "";
    redactJsonInPlace(s.obj);
    redactedObjects.add(s.obj);
  }
  else if (s.format === "access") { s.pre = redactAccessPrefix(s.pre); s.post = redactText(s.post); }
  // a HAR source entry is read for its startedDateTime only; the request is rebuilt from `req`
  return item;
}

// `host ident authuser [date] "`: ident and authuser name who called; either may be a key
const CLF_PREFIX = /^(\S+ )(\S+) (\S+)( \[)/;

/** The part of an access log line before the request field, with ident/authuser redacted. */
export function redactAccessPrefix(pre: string): string {
  // `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "`: nothing any rule could change (the usual line)
  if (plainClfPrefix(pre)) return pre;
  // `host - - [`: nothing for the pattern to do
  const a = pre.indexOf(" ");
  if (a > 0 && pre.startsWith("- - [", a + 1)) return redactText(pre);
  const m = CLF_PREFIX.exec(pre);
  const clean = m && (m[2] !== "-" || m[3] !== "-")
    ? m[1] + (m[2] === "-" ? "-" : REDACTED) + " " + (m[3] === "-" ? "-" : REDACTED) + m[4] + pre.slice(m[0].length)
    : pre;
  return redactText(clean);
}

// an IPv4 host, no ident or user, a CLF date
const PLAIN_CLF = /^[0-9.]+ - - \[\d\d\/[A-Z][a-z][a-z]\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] "$/;

/**
 * Is the prefix an IPv4 address, no ident or user, and a CLF date? Such text holds none of the
 * rules' marks but ` -` before a blank, `:` after digits and a month's capital that starts no
 * scheme word: redactText returns it as it is (test/unit/migrate-url-fast.test.ts checks).
 */
export const plainClfPrefix = (pre: string): boolean => PLAIN_CLF.test(pre);

/**
 * For the access-log fast path: is the prefix [s, q1) of a line free of an ident/authuser (both
 * `-`)? One native search; a line that is not takes the line path and is redacted there.
 */
export function accessUserIsBlank(t: string, s: number, q1: number): boolean {
  const a = t.indexOf(" ", s);
  if (a < 0 || a >= q1) return false;
  return t.charCodeAt(a + 1) === 45 && t.charCodeAt(a + 2) === 32 && t.charCodeAt(a + 3) === 45 && t.charCodeAt(a + 4) === 32;
}
