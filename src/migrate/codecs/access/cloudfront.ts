// AWS CloudFront standard access logs (W3C extended format: tab-separated fields named by a
// `#Fields:` header line, after `#Version:`). Each line's request is read from its cs-method,
// cs-uri-stem and cs-uri-query fields (and x-host-header, cs-protocol for its origin); the writer
// (write.ts) puts the rewritten request back into those fields, every other field as it was.
// Which columns hold them is worked out per input from its header (detect.ts, reader.ts), never
// per line; a `#Fields:` line met later (concatenated files) names the columns from there on, and
// when it names other fields it goes out again before the next record (CloudFrontLine.lead), so
// that every record written stands under the header of its own layout.
import type { Handler, RequestItem } from "../../types.js";
import type { LineSink } from "../../lines.js";
import { MAX_LINE_BYTES } from "../../lines.js";
import { splitTarget } from "../../url.js";
import { accessSource, cloudFrontHeader, type CloudFrontLine } from "./source.js";

/** The fields of a standard log as CloudFront writes them (its 33, in order): when a log has no `#Fields:` line. */
export const CLOUDFRONT_FIELDS: readonly string[] = ["date", "time", "x-edge-location", "sc-bytes", "c-ip", "cs-method", "cs(Host)",
  "cs-uri-stem", "sc-status", "cs(Referer)", "cs(User-Agent)", "cs-uri-query", "cs(Cookie)", "x-edge-result-type", "x-edge-request-id",
  "x-host-header", "cs-protocol", "cs-bytes", "time-taken", "x-forwarded-for", "ssl-protocol", "ssl-cipher", "x-edge-response-result-type",
  "cs-protocol-version", "fle-status", "fle-encrypted-fields", "c-port", "time-to-first-byte", "x-edge-detailed-result-type",
  "sc-content-type", "sc-content-len", "sc-range-start", "sc-range-end"];

/** The field names of a `#Fields:` line, or undefined when the line is none. */
export function fieldsOf(line: string): string[] | undefined {
  const m = /^#Fields:\s*(.*)$/.exec(line.trim());
  return m ? m[1].trim().split(/\s+/) : undefined;
}

/** A `#Fields:` line as the line sink meets it (cloudFrontLines): at the start of a line (`#`). */
const FIELDS_AT_LINE_START = "#Fields:";

/**
 * The fields named by the last `#Fields:` line among the whole lines bytes[0, length), as the line
 * sink would take them on its way through (a line too long to read is no header); undefined when
 * none is there. The reader of the next lines (another thread's) starts from them.
 */
export function lastFields(bytes: Uint8Array, length: number): string[] | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, length);
  for (let at = b.lastIndexOf(FIELDS_AT_LINE_START); at >= 0; at = at > 0 ? b.lastIndexOf(FIELDS_AT_LINE_START, at - 1) : -1) {
    if (at > 0 && b[at - 1] !== 10) continue;
    const nl = b.indexOf(10, at);
    const end = nl < 0 ? length : nl;
    if (end - at > MAX_LINE_BYTES) continue;
    const f = fieldsOf(b.toString("utf8", at, end));
    if (f) return f;
  }
  return undefined;
}

/** The `#Fields:` names a head of an input gives (the header comes before the first record), if it is a CloudFront log's. */
export function cloudFrontFields(head: string): string[] | undefined {
  for (const line of head.split("\n")) {
    const t = line.trim();
    if (t !== "" && !t.startsWith("#")) return undefined;
    const f = fieldsOf(t);
    if (f) return f.includes("cs-uri-stem") && f.includes("cs-method") ? f : undefined;
  }
  return undefined;
}

/** Where the request is among a line's fields (-1: the log has no such field). */
export interface CloudFrontColumns {
  method: number;
  stem: number;
  query: number;
  host: number;
  protocol: number;
  cookie: number;
  /** the highest of them: a line with fewer fields is no record */
  last: number;
}

export function columnsOf(fields: readonly string[]): CloudFrontColumns {
  const at = (n: string) => fields.indexOf(n);
  const c = { method: at("cs-method"), stem: at("cs-uri-stem"), query: at("cs-uri-query"), host: at("x-host-header"), protocol: at("cs-protocol"), cookie: at("cs(Cookie)"), last: 0 };
  c.last = Math.max(c.method, c.stem, c.query, c.host, c.protocol);
  return c;
}

/**
 * A field's text as the request had it: CloudFront writes `%` as `%25` (and some other characters
 * percent-encoded, which stand for themselves in a target), so `%2520` is the request's `%20`.
 */
export const cloudFrontValue = (s: string): string => (s.indexOf("%25") < 0 ? s : s.replace(/%25/g, "%"));


/** A CloudFront log's lines into items (`fields`: its header's, from the head of the input). */
export function cloudFrontLines(handle: Handler, file: string | undefined, fields: readonly string[] | undefined): LineSink {
  const base = file ? { file } : {};
  let cols = columnsOf(fields ?? CLOUDFRONT_FIELDS);
  let layout = (fields ?? CLOUDFRONT_FIELDS).join(" ");
  // a header of other fields met, to go out before the next record
  let lead: string | undefined;
  return (line, lineNo, bad) => {
    if (line === null) return handle({ kind: "invalid", position: lineNo, reason: bad ?? "unreadable line", ...base });
    if (line.charCodeAt(0) === 35) {
      // a header again (log files joined): its columns from here on; the same fields again say nothing new
      const f = fieldsOf(line);
      if (f && f.join(" ") !== layout) {
        cols = columnsOf(f);
        layout = f.join(" ");
        lead = cloudFrontHeader(f);
      }
      return;
    }
    const t = line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
    if (t.trim() === "") return;
    const parts = t.split("\t");
    if (cols.method < 0 || cols.stem < 0 || parts.length <= cols.last) {
      return handle({ kind: "invalid", position: lineNo, reason: `not a CloudFront log record (${parts.length} tab-separated fields, the #Fields header names ${cols.last + 1} or more)`, ...base });
    }
    const method = parts[cols.method];
    const stem = parts[cols.stem];
    const q = cols.query >= 0 ? parts[cols.query] : "-";
    const rel = cloudFrontValue(stem) + (q === "-" || q === "" ? "" : "?" + cloudFrontValue(q));
    const proto = cols.protocol >= 0 ? parts[cols.protocol] : "";
    const host = cols.host >= 0 ? parts[cols.host] : "-";
    const origin = (proto === "https" || proto === "http") && host !== "-" && host !== "" && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? `${proto}://${host}` : "";
    const target = splitTarget(rel.charCodeAt(0) === 47 ? rel : "/" + rel, false);
    if (!target || !/^[A-Z]+$/.test(method)) return handle({ kind: "invalid", position: lineNo, reason: "not a CloudFront log record (no method and path)", ...base });
    const cf: CloudFrontLine = { fields: parts, method: cols.method, stem: cols.stem, query: cols.query, cookie: cols.cookie, lead };
    lead = undefined;
    // the rewrite cache's key (source.ts cacheKey): the host is part of the request, and a record's
    // fields are read otherwise than an access line's request (`%25`), so no access line's key may equal it
    const source = accessSource("", "", "", "\u0000cloudfront " + origin + " " + method + " " + stem + (q === "-" ? "" : "?" + q));
    source.cloudfront = cf;
    const it: RequestItem = { kind: "request", position: lineNo, req: { method, origin, path: target.path, query: target.query }, source };
    if (file) it.file = file;
    return handle(it);
  };
}
