// Access logs: Common and Combined Log Format (Apache/nginx), bare request lines
// (`GET /v2/projects HTTP/1.1`, `GET https://host/v2/projects`), and any other line with the
// request as a quoted `"METHOD TARGET HTTP/x"` field (load balancer and proxy logs: AWS ALB, HAProxy).
import type { Handler, LogRequest, RequestItem } from "../../types.js";
import type { LineSink } from "../../lines.js";
import { accessSource, type AccessSource } from "./source.js";
import { splitTarget } from "../../url.js";

export interface Parsed {
  req: LogRequest;
  source: AccessSource;
}

// host ident user [date] "request" ... ; the request may hold \" escapes
const CLF = /^(\S+ \S+ \S+ \[[^\]]*\] ")((?:[^"\\]|\\.)*)(".*)$/;
/** a request line, `METHOD TARGET [PROTOCOL]` (also read in a JSON line: ndjson/read.ts) */
export const REQUEST = /^([A-Z]+) (\S+)(?: (HTTP\/[\d.]+))?$/;
// any other line holding the request as a quoted field with its protocol, as load balancers and
// proxies write it (AWS ALB/ELB: `h2 <time> <elb> <client:port> ... "GET https://host:443/v2/x
// HTTP/2.0" "<agent>" ...`; HAProxy: `... {headers} "GET /v2/x HTTP/1.1"`): the first such field
const QUOTED = /^(.*?")([A-Z]+) ((?:[^"\s\\]|\\.)+) (HTTP\/[\d.]+)(".*)$/;

export interface AccessMatch {
  method: string;
  target: string;
  pre: string;
  post: string;
  proto: string;
}

const isMethod = (s: string, from: number, to: number): boolean => {
  if (to <= from) return false;
  for (let i = from; i < to; i++) { const c = s.charCodeAt(i); if (c < 65 || c > 90) return false; }
  return true;
};

/** Positions found by fastScan, reused across calls so the hot loop allocates nothing. */
export const scan = { q1: 0, sp1: 0, sp2: 0, q2: 0 };

/**
 * Fast path for the common CLF/combined line `... [date] "METHOD TARGET HTTP/x" ...` with plain
 * indexOf scans (the benchmark's hot loop): fills `scan` (sp2 = q2 when there is no protocol).
 * Anything unusual returns false and goes through the regexes.
 */
export function fastScan(line: string): boolean {
  const q1 = line.indexOf('"');
  if (q1 < 3 || line.charCodeAt(q1 - 1) !== 32 || line.charCodeAt(q1 - 2) !== 93 || line.indexOf("[") < 0) return false;
  const sp1 = line.indexOf(" ", q1 + 1);
  const q2 = line.indexOf('"', q1 + 1);
  if (sp1 < 0 || q2 < sp1 || line.charCodeAt(q2 - 1) === 92 || !isMethod(line, q1 + 1, sp1)) return false;
  let sp2 = line.indexOf(" ", sp1 + 1);
  if (sp2 === sp1 + 1) return false;
  if (sp2 < 0 || sp2 > q2) sp2 = q2;
  else {
    const sp3 = line.indexOf(" ", sp2 + 1);
    if ((sp3 >= 0 && sp3 < q2) || !line.startsWith("HTTP/", sp2 + 1)) return false;
  }
  scan.q1 = q1; scan.sp1 = sp1; scan.sp2 = sp2; scan.q2 = q2;
  return true;
}

function fastClf(line: string): AccessMatch | undefined {
  if (!fastScan(line)) return undefined;
  const { q1, sp1, sp2, q2 } = scan;
  return { method: line.slice(q1 + 1, sp1), target: unescapeLogTarget(line.slice(sp1 + 1, sp2)), pre: line.slice(0, q1 + 1), post: line.slice(q2), proto: sp2 < q2 ? line.slice(sp2 + 1, q2) : "" };
}

// the escapes Apache (ap_escape_logitem: \" \\ \b \n \r \t \v \xhh) and nginx (\xHH for `"`, `\`,
// control characters and bytes past 0x7e) write inside a quoted field
const LOG_ESCAPE = /\\(?:x([0-9A-Fa-f]{2})|(["\\bnrtv]))/g;
const LOG_ESCAPED: Readonly<Record<string, string>> = { '"': "%22", "\\": "%5C", b: "%08", n: "%0A", r: "%0D", t: "%09", v: "%0B" };

/**
 * A request target as the server received it from one written in a quoted log field: each escape
 * becomes the byte it stands for, percent-encoded (a `"` or a control character is no URL
 * character, and `\xC3\xA9` is the UTF-8 of one character), so the query decodes it as the server
 * did. A backslash that starts no escape is kept.
 */
export function unescapeLogTarget(target: string): string {
  if (target.indexOf("\\") < 0) return target;
  return target.replace(LOG_ESCAPE, (_, hex: string | undefined, c: string | undefined) => (hex !== undefined ? "%" + hex.toUpperCase() : LOG_ESCAPED[c!]));
}

/** The request line's parts, a reason the line is not a request, or null for a line to skip. */
export function matchAccessLine(line: string): AccessMatch | string | null {
  const fast = fastClf(line);
  if (fast) return fast;
  const t = line.trim();
  if (!t || t.startsWith("#")) return null;
  let pre = "";
  let post = "";
  let request = t;
  const c = CLF.exec(line);
  if (c) {
    pre = c[1];
    request = c[2];
    post = c[3];
  }
  const m = REQUEST.exec(request);
  if (!m && !c) {
    const q = QUOTED.exec(line);
    if (q) return { method: q[2], target: unescapeLogTarget(q[3]), pre: q[1], post: q[5], proto: q[4] };
  }
  if (!m) return c ? "the log line's request field is not METHOD TARGET PROTOCOL" : "not an access log line or request line";
  // only a quoted field is escaped: a bare request line is taken as written
  return { method: m[1], target: c ? unescapeLogTarget(m[2]) : m[2], pre, post, proto: m[3] ?? "" };
}

/** A parsed request, a reason it is not one, or null for a line to skip (blank, comment): one line through accessLines. */
export function parseAccessLine(line: string): Parsed | string | null {
  let parsed: Parsed | string | null = null;
  void accessLines((it) => { parsed = it.kind === "request" ? { req: it.req, source: it.source as AccessSource } : it.reason; }, undefined)(line, 1);
  return parsed;
}

export const looksLikeAccess = (line: string): boolean => CLF.test(line) || REQUEST.test(line.trim());

/** An access log's lines into items (the line path; the fast path, fast.ts, is tried first on each line). */
export function accessLines(handle: Handler, file: string | undefined): LineSink {
  const base = file ? { file } : {};
  return (line, lineNo, bad) => {
    if (line === null) return handle({ kind: "invalid", position: lineNo, reason: bad ?? "unreadable line", ...base });
    const m = matchAccessLine(line);
    if (m === null) return;
    if (typeof m === "string") return handle({ kind: "invalid", position: lineNo, reason: m, ...base });
    const t = splitTarget(m.target, false);
    if (!t) return handle({ kind: "invalid", position: lineNo, reason: `not a request target: ${m.target.slice(0, 40)}`, ...base });
    // the request field as written is the cache key (source.ts: cacheKey) when it is exactly METHOD
    // TARGET [PROTOCOL] (one flat string, no copy); written out here, not in a helper, which V8
    // does not inline into this loop
    const keyLength = m.method.length + 1 + m.target.length + (m.proto ? m.proto.length + 1 : 0);
    const key = line.length - m.post.length - m.pre.length === keyLength ? line.slice(m.pre.length, m.pre.length + keyLength) : m.method + " " + m.target + (m.proto ? " " + m.proto : "");
    // no object spread per line (a slow copy): the file name is set only with several inputs
    const it: RequestItem = { kind: "request", position: lineNo, req: { method: m.method, origin: t.origin, path: t.path, query: t.query }, source: accessSource(m.pre, m.post, m.proto, key) };
    if (file) it.file = file;
    return handle(it);
  };
}
