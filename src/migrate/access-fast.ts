// The fast path for access logs (the multi-GB inputs): a line whose request field was seen
// before is written as its own text around the cached v3 request, found with a few native
// searches on the decoded block and without slicing the line. Anything unusual returns false
// and takes the line path (pipeline.ts), which is the reference: the output is the same
// (test/unit/migrate-fast.test.ts).
import type { Output } from "./output.js";
import type { Cached } from "./types.js";
import { SECRET_HEADER_ENDINGS as SECRET_HEADERS, TEXT_TRIGGERS } from "../contract/secrets.js";
import { accessUserIsBlank } from "./redact.js";

export interface AccessFastOptions {
  /** request field (METHOD TARGET PROTOCOL) -> cached rewrite with `request` set when it has one */
  cache: Pick<Map<string, Cached>, "get">;
  out: Output;
  /** true when the stderr listing of left-out requests is full, so more need no text */
  listingFull: () => boolean;
  /** count one more left-out request */
  leaveOut: () => void;
}

/**
 * Characters of which every key header name (SECRET_HEADERS) holds one, either case: text
 * without any of them cannot hold a key header. Rare letters keep ordinary lines clear of them.
 */
const MARKS: string[] = [...new Set(SECRET_HEADERS.flatMap((name) => {
  const ch = [..."zqjxk"].find((x) => name.toLowerCase().includes(x)) ?? name[0].toLowerCase();
  return [ch, ch.toUpperCase()];
}))];
const escapeRe = (x: string) => x.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
const MARKS_RE = new RegExp(`[${MARKS.map(escapeRe).join("")}]`, "g");
const TRIGGERS_RE = new RegExp(TEXT_TRIGGERS.map(escapeRe).join("|"), "g");
// a quote before the colon: a `"password": ...` JSON pair
const LAST = new Set([...SECRET_HEADERS.map((name) => name.toLowerCase().charCodeAt(name.length - 1)), 34, 39]);

export type AccessFast = (text: string, s: number, e: number, next: number, ascii: boolean) => boolean | Promise<void>;

export function makeAccessFast(o: AccessFastOptions): AccessFast {
  const { cache, out } = o;
  // the next '"', '[', '=' and header mark at or after the last searched position, per block:
  // each character is searched once (natively) however the lines are laid out
  let block: string | undefined;
  let q = -1;
  let br = -1;
  let eq = -1;
  // the next header mark and text trigger: one search for all of them (one pass over the block,
  // not one per string)
  let mark = -1;
  let trigger = -1;
  const find = (t: string, ch: string, from: number): number => { const i = t.indexOf(ch, from); return i < 0 ? t.length : i; };
  const next = (re: RegExp, t: string, from: number): number => { re.lastIndex = from; const m = re.exec(t); return m ? m.index : t.length; };
  const marked = (t: string, from: number, to: number): boolean => {
    if (mark < from) mark = next(MARKS_RE, t, from);
    return mark < to;
  };
  // userinfo, a JWT, `Bearer ...` (the other rules of redactText, contract/secrets.ts) in [from, to)
  const triggered = (t: string, from: number, to: number): boolean => {
    if (trigger < from) trigger = next(TRIGGERS_RE, t, from);
    return trigger < to;
  };
  return (t, s, e, nextLine, ascii) => {
    if (t !== block) { block = t; q = br = eq = mark = trigger = -1; }
    if (q < s) q = find(t, '"', s);
    const q1 = q;
    // `host ident user [date] "` as fastScan (readers/access.ts) wants it
    if (q1 >= e || q1 - s < 3 || t.charCodeAt(q1 - 1) !== 32 || t.charCodeAt(q1 - 2) !== 93) return false;
    if (br < s) br = find(t, "[", s);
    if (br >= q1 || !accessUserIsBlank(t, s, q1)) return false;
    const q2 = q = find(t, '"', q1 + 1);
    if (q2 >= e || t.charCodeAt(q2 - 1) === 92) return false;
    // (the longest part of a line's work: V8 hashes the fresh key)
    const c = cache.get(t.slice(q1 + 1, q2));
    if (c === undefined) return false;
    const request = c.request;
    if (request === undefined) {
      if (c.o.to || !o.listingFull()) return false;
      c.n++;
      o.leaveOut();
      return true;
    }
    // redaction (url.ts redactText) needs a `name=` pair or a `name: value` header outside the
    // request field: lines that might hold one take the line path
    if (eq < s) eq = find(t, "=", s);
    if (eq < q1) return false;
    if (eq < q2) eq = find(t, "=", q2);
    if (eq < e) return false;
    if (triggered(t, s, q1) || triggered(t, q2, e)) return false;
    if ((marked(t, s, q1) && mayHoldKeyHeader(t, s, q1)) || (marked(t, q2, e) && mayHoldKeyHeader(t, q2, e))) return false;
    c.n++;
    out.run(t, s, q1 + 1, ascii);
    const p = out.str(request, c.ascii);
    if (e === nextLine - 1) {
      out.run(t, q2, nextLine, ascii);
      return p ?? true;
    }
    // CRLF in, LF out (as the line path)
    out.run(t, q2, e, ascii);
    const p2 = out.str("\n", true);
    return p ?? p2 ?? true;
  };
}

/**
 * Could text [from, to) hold `x-api-key: ...`, `authorization: ...` or `cookie: ...`? Only at a
 * colon whose name (before optional blanks) ends as one of them; non-ASCII may be a Unicode space.
 */
function mayHoldKeyHeader(t: string, from: number, to: number): boolean {
  for (let i = t.indexOf(":", from); i >= 0 && i < to; i = t.indexOf(":", i + 1)) {
    let k = i - 1;
    while (k >= from && (t.charCodeAt(k) === 32 || t.charCodeAt(k) === 9)) k--;
    if (k < from) continue;
    const c = t.charCodeAt(k);
    if (c >= 0x80 || LAST.has(c | 0x20)) return true;
  }
  return false;
}
