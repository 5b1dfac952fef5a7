// The fast path for access logs (the multi-GB inputs): a line whose request field was seen
// before is written as its own text around the cached v3 request, found with a few native
// searches on the decoded block and without slicing the line. Anything unusual returns false
// and takes the line path (pipeline.ts), which is the reference: the output is the same
// (test/unit/migrate-fast.test.ts).
import type { FastLineParts } from "../line-codec.js";
import { accessUserIsBlank, type AccessSplice } from "./source.js";

/**
 * What the run hands the fast path (line-codec.ts FastLineParts); its `cache` is the access codec's own
 * (source.ts: cacheKey, the request field as written), whose entries hold their AccessSplice in
 * `extra` when they have one.
 */
export type AccessFastOptions = FastLineParts;

export type AccessFast = (text: string, s: number, e: number, next: number, ascii: boolean) => boolean | Promise<void>;

export function makeAccessFast(o: AccessFastOptions): AccessFast {
  const { cache, out, redactor } = o;
  // the next '"' and '[' at or after the last searched position, per block: each is searched
  // once (natively) however the lines are laid out
  let block: string | undefined;
  let q = -1;
  let br = -1;
  const find = (t: string, ch: string, from: number): number => { const i = t.indexOf(ch, from); return i < 0 ? t.length : i; };
  return (t, s, e, nextLine, ascii) => {
    if (t !== block) { block = t; q = br = -1; }
    if (q < s) q = find(t, '"', s);
    const q1 = q;
    // `host ident user [date] "` as fastScan (read.ts) wants it
    if (q1 >= e || q1 - s < 3 || t.charCodeAt(q1 - 1) !== 32 || t.charCodeAt(q1 - 2) !== 93) return false;
    if (br < s) br = find(t, "[", s);
    if (br >= q1 || !accessUserIsBlank(t, s, q1)) return false;
    const q2 = q = find(t, '"', q1 + 1);
    if (q2 >= e || t.charCodeAt(q2 - 1) === 92) return false;
    // (the longest part of a line's work: V8 hashes the fresh key)
    const c = cache.get(t.slice(q1 + 1, q2));
    if (c === undefined) return false;
    // (this cache's entries are made by the access codec: extra is its AccessSplice or undefined)
    const splice = c.extra as AccessSplice | undefined;
    if (splice === undefined) {
      if (c.o.to || !o.listingFull()) return false;
      c.n++;
      o.leaveOut();
      return true;
    }
    // the line path redacts the text before the request field and after it (redact.ts): a line
    // where the prefilter sees anything a rule might change takes it
    if (redactor.mayHoldSecretIn(t, s, q1 + 1) || redactor.mayHoldSecretIn(t, q2, e)) return false;
    c.n++;
    out.run(t, s, q1 + 1, ascii);
    const p = out.str(splice.request, splice.ascii);
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
