// An access log line's source: the text around its request field, written back as it was (but
// for what the rules redact in it), and the field as written, which keys the rewrite cache the
// fast path (fast.ts) looks lines up in.
import { REDACTED, type Redactor } from "../../../redact/index.js";
import type { Cached, Source } from "../../types.js";
import type { SourceCodec } from "../codec.js";
import { own } from "../../../util/memo.js";

export interface AccessSource extends Source {
  readonly format: "access";
  /** the line up to and including the request field's opening quote, and from its closing quote on */
  pre: string;
  post: string;
  /** the request field's protocol (`HTTP/1.1`), "" when it has none */
  proto: string;
  /**
   * the request field as written, METHOD TARGET [PROTOCOL] (the target still percent-encoded):
   * the rewrite cache's key (cacheKey). Never written out: the writer writes the rewritten request.
   */
  readonly field: string;
  /** the line came as the `log` of a Docker JSON log line (docker.ts): the JSON text around it */
  wrap: DockerWrap | undefined;
  /** the line is a CloudFront log record (cloudfront.ts): its fields, and where the request is among them */
  cloudfront: CloudFrontLine | undefined;
}

/** The header CloudFront writes at the top of a log of these fields. */
export const cloudFrontHeader = (fields: readonly string[]): string => `#Version: 1.0\n#Fields: ${fields.join(" ")}\n`;

/** A CloudFront log record's fields (tab-separated) and the columns of its request (query, cookie: -1 when the log has none). */
export interface CloudFrontLine {
  fields: string[];
  method: number;
  stem: number;
  query: number;
  cookie: number;
  /** the header of the fields this record is in, when they differ from the header before: written before the record (write.ts) */
  lead: string | undefined;
}

/**
 * The JSON text of a Docker log line around its `log` value's characters (`{"log":"` and
 * `","stream":"stdout","time":"..."}`), and the line end the value held (`\n`, written back escaped).
 */
export interface DockerWrap {
  head: string;
  tail: string;
  eol?: string;
}

/** The source of an access line (the only maker of format "access" sources). */
export const accessSource = (pre: string, post: string, proto: string, field: string): AccessSource => ({ format: "access", pre, post, proto, field, wrap: undefined, cloudfront: undefined });

export const isAccessSource = (s: Source): s is AccessSource => s.format === "access";

/**
 * The ident and authuser fields of a prefix `host ident authuser [date] "` (host may hold blanks,
 * as an X-Forwarded-For list `1.2.3.4, 10.0.0.1` does): [identStart, userStart, userEnd], or
 * undefined when the prefix does not end as CLF's does (an ALB line with a `[ipv6]:port` client has
 * no ident or authuser). Found from the end with native searches: no regex backtracks over a long line.
 */
function clfUser(pre: string): [number, number, number] | undefined {
  if (!pre.endsWith('] "')) return undefined;
  const date = pre.lastIndexOf(" [", pre.length - 3);
  if (date < 0 || pre.indexOf("]", date) !== pre.length - 3) return undefined;
  const user = pre.lastIndexOf(" ", date - 1) + 1;
  const ident = user > 1 ? pre.lastIndexOf(" ", user - 2) + 1 : 0;
  // a host before them, and no empty field
  return ident > 1 && user - ident > 1 && date > user && pre.charCodeAt(ident - 2) !== 32 ? [ident, user, date] : undefined;
}

/** The part of an access log line before the request field, with ident/authuser redacted. */
export function redactAccessPrefix(r: Redactor, pre: string): string {
  // `host - - [`: nothing for the pattern to do
  const a = pre.indexOf(" ");
  if (a > 0 && pre.startsWith("- - [", a + 1)) return r.redactText(pre);
  const u = clfUser(pre);
  if (!u) return r.redactText(pre);
  const [i, s, e] = u;
  const ident = pre.slice(i, s - 1);
  const user = pre.slice(s, e);
  if (ident === "-" && user === "-") return r.redactText(pre);
  return r.redactText(pre.slice(0, i) + (ident === "-" ? "-" : REDACTED) + " " + (user === "-" ? "-" : REDACTED) + pre.slice(e));
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

/**
 * What the fast path (fast.ts) splices into a line whose request field it has seen (Cached.extra
 * of the access cache): the rewritten request field, `METHOD TARGET PROTOCOL`.
 */
export interface AccessSplice {
  readonly request: string;
  /** `request` is ASCII */
  readonly ascii: boolean;
}

const ASCII = /^[\x00-\x7f]*$/;

/** The rewritten request field of a cached rewrite (undefined for a request with no successor). */
function accessSplice(s: AccessSource, c: Cached): AccessSplice | undefined {
  const to = c.o.to;
  if (!to) return undefined;
  // a fresh flat copy: the target may be a slice of an input block, and the joined pieces a rope
  // that every write would walk again
  const request = own(to.method + " " + c.target + (s.proto ? " " + s.proto : ""));
  return { request, ascii: ASCII.test(request) };
}

/**
 * A CloudFront record's other fields redacted in place: the cookie whole (every value in it may be
 * a session), the rest by the text rules (a referer's token). Its request fields are written anew.
 */
function redactCloudFront(cf: CloudFrontLine, r: Redactor): void {
  const f = cf.fields;
  for (let i = 0; i < f.length; i++) {
    if (i === cf.method || i === cf.stem || i === cf.query) continue;
    if (i === cf.cookie) { if (f[i] !== "-") f[i] = REDACTED; continue; }
    f[i] = r.redactText(f[i]);
  }
}

/**
 * A request's text as CloudFront writes it in a field: characters 0-32 and 127 and up, and
 * `<>"#%{}|\^~[]`'` space, percent-encoded (a rewritten target is percent-encoded: its `%` become `%25`).
 */
export function cloudFrontField(s: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 32 && c < 127 && !UNSAFE.includes(s[i])) continue;
    out += s.slice(from, i) + (c < 128 ? "%" + c.toString(16).toUpperCase().padStart(2, "0") : encodeURIComponent(s[i]));
    from = i + 1;
  }
  return from === 0 ? s : out + s.slice(from);
}
const UNSAFE = `<>"#%{}|\\^~[]\`'`;

export const ACCESS_SOURCES: SourceCodec<AccessSource> = {
  redact(s, r) {
    s.pre = redactAccessPrefix(r, s.pre);
    s.post = r.redactText(s.post);
    // (the rest of a Docker JSON line: its stream, time and any attrs a logging option added)
    if (s.wrap) s.wrap = { head: r.redactText(s.wrap.head), tail: r.redactText(s.wrap.tail), eol: s.wrap.eol };
    if (s.cloudfront) redactCloudFront(s.cloudfront, r);
  },
  escaped: () => false,
  // the field is the key as written: a line the fast path finds needs no parsing to be looked up
  cacheKey: (s) => s.field,
  cacheExtra: accessSplice,
};
