// curl command lines written by a tool repeat one form: the same options and headers on every
// line, only the key and the URL change (`curl -s -H 'x-api-key: <key>' -H 'Accept: ...' '<url>'`).
// The form of a command simpleCurl read (curl.ts) is its text around its secret header values and
// its URL. A later line with the same text around those places is the same command but for them:
// it is read by finding them, without tokenizing: its headers are the form's, with the line's own
// secret values put in their places. Nothing is redacted here (the redaction stage does that, as
// for every request). The forms belong to one run (CurlForms). test/unit/migrate-curl-form.test.ts compares it with simpleCurl
// on generated lines.
import { HitRateGate, own } from "../../../util/memo.js";
import type { Redactor } from "../../../redact/index.js";
import type { LogRequest } from "../../types.js";
import { httpPrefix, splitTarget } from "../../url.js";

/** simpleCurl's roles of a word that is no option (the other two: the method, data) */
export const WORD_FREE = 0;
export const WORD_HEADER = 1;

/** The words of a command but its options: [start, end) in the text, one single-quoted part or not, role. */
export interface CurlWords { n: number; start: Int32Array; end: Int32Array; quoted: Uint8Array; role: Uint8Array }
export const MAX_CURL_WORDS = 64;
/** Room for the words of a command but its options (n -1: too many): simpleCurl fills it for learn(). */
const curlWords = (): CurlWords => ({
  n: 0, start: new Int32Array(MAX_CURL_WORDS), end: new Int32Array(MAX_CURL_WORDS), quoted: new Uint8Array(MAX_CURL_WORDS), role: new Uint8Array(MAX_CURL_WORDS),
});

/** t = fixed[0] + v[0] + fixed[1] + ... + fixed[n]: v[urlAt] the URL, the others secret header values. */
interface Form {
  fixed: string[];
  urlAt: number;
  /** the URL is a plain word at the end of the line (else single-quoted) */
  urlPlain: boolean;
  method: string;
  /** the headers of the command the form was learned from (own copies) */
  headers: readonly (readonly [string, string])[];
  /** for each value cut out but the URL, in order: the index of its header in `headers` */
  secretAt: number[];
  body: string | undefined;
}

// what ends a plain word (a URL holding one is not a plain word); a `$` there may be a shell
// variable, which simpleCurl leaves to the full parser too
const NOT_PLAIN = /[\s'"\\$]/;

/** the forms of the last commands (a tool writes one or a few: GETs, POSTs with a body), newest first */
export const FORMS_KEPT = 4;
/**
 * A log where every command differs in more than its key and URL (a request id header) would
 * learn a form per line, at a few microseconds each: after LEARN_MAX_UNUSED forms learned in a
 * row and none used, learning stands aside for LEARN_IDLE commands.
 */
export const LEARN_MAX_UNUSED = 8;
export const LEARN_IDLE = 4096;
/** LEARN_MAX_UNUSED and LEARN_IDLE as a hit-rate gate: a window of that many learnt forms, no use in it */
const LEARN_GATE = { window: LEARN_MAX_UNUSED, minRate: 1 / LEARN_MAX_UNUSED, idle: LEARN_IDLE } as const;

// does t hold s at `at`? (a slice compared whole: measured twice as fast as startsWith here)
const holds = (t: string, s: string, at: number): boolean => t.slice(at, at + s.length) === s;

/** The forms one run has learned. */
export class CurlForms {
  private readonly forms: Form[] = [];
  private readonly learning = new HitRateGate(LEARN_GATE);
  /** a form was used since the last one was learned */
  private used = false;
  /** room for the words of the command being read (curl.ts simpleCurl) */
  readonly words = curlWords();

  /** `names`: which headers are secret (their values are the places a form leaves open) */
  constructor(private readonly names: Pick<Redactor, "isSecretHeader">) {}

  /** The request of a command of one of the forms learned, or undefined (read it otherwise). */
  read(t: string): LogRequest | undefined {
    const forms = this.forms;
    for (let k = 0; k < forms.length; k++) {
      const r = ofForm(forms[k], t);
      if (r) { this.used = true; return r; }
    }
    return undefined;
  }

  /**
   * Learn the form of t, a command simpleCurl read as `req` (its words in `w`): when its URL ends
   * the line and each secret header is one single-quoted word. Otherwise the last form stays.
   */
  learn(t: string, req: LogRequest, w: CurlWords): void {
    if (!this.learning.open()) return;
    if (w.n <= 0) return;
    const cuts: number[] = [];
    let urlAt = -1;
    let urlPlain = false;
    const r = this.names;
    for (let k = 0; k < w.n; k++) {
      const s = w.start[k];
      const e = w.end[k];
      const q = w.quoted[k];
      if (w.role[k] === WORD_FREE) {
        if (e !== t.length) return;
        urlAt = cuts.length / 2;
        urlPlain = q === 0;
        cuts.push(s + q, e - q);
      } else if (w.role[k] === WORD_HEADER) {
        const text = t.slice(s + q, e - q);
        const colon = text.indexOf(":");
        if (colon <= 0 || !r.isSecretHeader(text.slice(0, colon).trim())) continue;
        if (q === 0) return;
        cuts.push(s + 1 + colon + 1, e - 1);
      }
    }
    if (urlAt < 0) return;
    const fixed: string[] = [];
    let at = 0;
    for (let c = 0; c < cuts.length; c += 2) { fixed.push(own(t.slice(at, cuts[c]))); at = cuts[c + 1]; }
    fixed.push(own(t.slice(at)));
    // the secret headers, in order, are the values cut out but the URL
    const hs = req.headers ?? [];
    const secretAt: number[] = [];
    for (let i = 0; i < hs.length; i++) if (r.isSecretHeader(hs[i][0])) secretAt.push(i);
    if (secretAt.length !== cuts.length / 2 - 1) return;
    const headers = hs.map(([k, v]) => Object.freeze([own(k), own(v)] as const));
    // (a form learned: was one used since the last was?)
    this.learning.record(this.used);
    this.used = false;
    this.forms.unshift({ fixed, urlAt, urlPlain, method: own(req.method), headers, secretAt, body: req.body === undefined ? undefined : own(req.body) });
    if (this.forms.length > FORMS_KEPT) this.forms.pop();
  }
}

// the value of a header word `name: value`, cut after its colon: as simpleCurl takes it (blanks after the colon and at the ends dropped)
function headerValue(t: string, start: number, end: number): string {
  while (start < end && t.charCodeAt(start) === 32) start++;
  return t.slice(start, end).trim();
}

function ofForm(f: Form, t: string): LogRequest | undefined {
  if (!holds(t, f.fixed[0], 0)) return undefined;
  const fixed = f.fixed;
  const n = fixed.length - 1;
  let pos = fixed[0].length;
  let urlStart = 0;
  let urlEnd = 0;
  // the line's own secret values, in the form's headers (a copy of the list: tuples are shared)
  let headers: [string, string][] | undefined;
  let secret = 0;
  for (let k = 0; k < n; k++) {
    const start = pos;
    // a value runs to the first quote after it (the closing one); a plain URL to the end
    const end = k === f.urlAt && f.urlPlain ? t.length - fixed[n].length : t.indexOf("'", start);
    if (end < start || !holds(t, fixed[k + 1], end)) return undefined;
    if (k === f.urlAt) { urlStart = start; urlEnd = end; }
    else {
      headers ??= f.headers.slice() as [string, string][];
      const i = f.secretAt[secret++];
      headers[i] = [f.headers[i][0], headerValue(t, start, end)];
    }
    pos = end + fixed[k + 1].length;
  }
  if (pos !== t.length || urlEnd === urlStart) return undefined;
  const url = t.slice(urlStart, urlEnd);
  if (f.urlPlain && NOT_PLAIN.test(url)) return undefined;
  // what simpleCurl takes for a URL
  if (url.charCodeAt(0) !== 47 && !httpPrefix(url)) return undefined;
  const target = splitTarget(url, false);
  if (!target) return undefined;
  const req: LogRequest = { method: f.method, origin: target.origin, path: target.path, query: target.query, headers: headers ?? (f.headers.slice() as [string, string][]) };
  if (f.body !== undefined) req.body = f.body;
  return req;
}
