// Request-target helpers: split, decode and rebuild query strings. The secret rules live in
// src/redact/; a target comes out of splitTarget without userinfo or matrix secrets.
import { setOwn } from "../util/records.js";
import { REDACTED, isSecretParam, redactOrigin, redactText, secretUrlParamName } from "../redact/index.js";
import { charTableOf } from "../util/chars.js";

export { REDACTED, isSecretHeader, isSecretParam, redactBody, redactJson, redactText } from "../redact/index.js";

function decode(s: string): string {
  if (s.indexOf("%") < 0 && s.indexOf("+") < 0) return s;
  const t = s.replace(/\+/g, " ");
  try { return decodeURIComponent(t); } catch { return t; }
}

export function parseQuery(qs: string): [string, string][] {
  return parseQueryIn(qs, 0, qs.length);
}

/** parseQuery of s[from, to) (qs.split("&"), empty parts skipped, each split at its first `=`). */
function parseQueryIn(s: string, from: number, to: number): [string, string][] {
  const out: [string, string][] = [];
  for (let i = from; i < to;) {
    let amp = s.indexOf("&", i);
    if (amp < 0 || amp > to) amp = to;
    if (amp > i) {
      const eq = s.indexOf("=", i);
      out.push(eq < 0 || eq >= amp ? [decode(s.slice(i, amp)), ""] : [decode(s.slice(i, eq)), decode(s.slice(eq + 1, amp))]);
    }
    i = amp + 1;
  }
  return out;
}

// JavaScript's \s, as a regex reads it
const isBlank = (c: number): boolean => c === 32 || (c >= 9 && c <= 13) || (c >= 128 && (c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
  || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff));
// `/` `?` `#` or a blank: the end of an authority ([^/?#\s])
const endsHost = (c: number): boolean => c === 47 || c === 63 || c === 35 || isBlank(c);
const LINE_END = /[\n\r\u2028\u2029]/;

// the origin of an absolute target (sticky: at the start only; its lastIndex is where the origin ends)
const ORIGIN = /https?:\/\/[^/?#\s]+/iy;

/**
 * `/^(https?:\/\/[^/?#\s]+)(.*)$/i` without building its match: the length of the origin, or -1
 * when the target is not an http(s) URL (or holds a line break: `.` stops at one).
 */
function originEnd(t: string): number {
  ORIGIN.lastIndex = 0;
  if (!ORIGIN.test(t)) return -1;
  const end = ORIGIN.lastIndex;
  return LINE_END.test(t) ? -1 : end;
}

/**
 * Split a request target (origin-form or absolute-form) into origin, path and query. The origin
 * and path are redacted unless `redact` is false: migrate's readers leave that to the redaction
 * stage (redact.ts), which redacts every request with the run's rules.
 */
export function splitTarget(target: string, redact = true): { origin: string; path: string; query: [string, string][] } | undefined {
  let origin = "";
  // the path, query and fragment: target[start, target.length), or "/" when that is empty
  let start = 0;
  if (target.charCodeAt(0) !== 47) {
    const e = originEnd(target);
    if (e < 0) return undefined;
    origin = target.slice(0, e);
    start = e;
    // a password holding `/`, `?` or `#` (`https://u:pa/ss@host/v2/...`): what looked like the
    // origin ends in a port that is no number, and the userinfo runs to the `@`
    const at = target.indexOf("@", e);
    if (at >= 0 && origin.indexOf("@") < 0 && origin.indexOf(":", 7) >= 0 && redactOrigin(origin) !== origin) {
      let h = at + 1;
      while (h < target.length && !endsHost(target.charCodeAt(h))) h++;
      origin = redact ? redactOrigin(origin) + "@" + target.slice(at + 1, h) : target.slice(0, h);
      start = h;
    } else if (redact) origin = redactOrigin(origin); // userinfo (`https://u:PW@host`)
    if (start === target.length) return { origin, path: "/", query: [] };
  }
  let end = target.indexOf("#", start);
  if (end < 0) end = target.length;
  let q = target.indexOf("?", start);
  if (q > end) q = -1;
  // matrix parameters (`/v2/x;api_key=...`), tokens (`/v2/x/eyJ...`) and stray pairs (`/v2/x&key=...`) can sit in the path
  const raw = target.slice(start, q < 0 ? end : q);
  const path = redact ? redactText(raw) : raw;
  return { origin, path, query: q < 0 ? [] : parseQueryIn(target, q + 1, end) };
}

/** Does s start with `http://` or `https://` (as written: lower case)? (two startsWith calls, without the calls) */
export function httpPrefix(s: string): boolean {
  if (s.charCodeAt(0) !== 104 || s.charCodeAt(1) !== 116 || s.charCodeAt(2) !== 116 || s.charCodeAt(3) !== 112) return false;
  const i = s.charCodeAt(4) === 115 ? 5 : 4;
  return s.charCodeAt(i) === 58 && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47;
}

/** Does s start with `http://` or `https://` (any case)? (/^https?:\/\//i without a regex) */
export const isHttpUrl = (s: string): boolean => {
  const c = s.charCodeAt(4);
  const n = c === 58 ? 5 : (c === 115 || c === 83) && s.charCodeAt(5) === 58 ? 6 : 0;
  return n > 0 && s.charCodeAt(n) === 47 && s.charCodeAt(n + 1) === 47 && s.slice(0, 4).toLowerCase() === "http";
};

export const EMPTY_QUERY: Record<string, string> = Object.freeze({});

/**
 * Query object (object of strings; repeated keys joined with commas, as v2 csv filters read them).
 * With redactSecrets, a secret parameter's value (isSecret, or a name that is a secret in a URL
 * alone: an OAuth `code`) is REDACTED.
 */
export function queryObject(pairs: readonly [string, string][], redactSecrets = true, isSecret: (name: string) => boolean = isSecretParam): Record<string, string> {
  // most requests have no query: one frozen object for all of them (nothing writes to it)
  if (pairs.length === 0) return EMPTY_QUERY;
  const out: Record<string, string> = {};
  for (let i = 0; i < pairs.length; i++) {
    const k = pairs[i][0];
    const v = redactSecrets && (isSecret(k) || secretUrlParamName(k)) ? REDACTED : pairs[i][1];
    setOwn(out, k, Object.hasOwn(out, k) ? `${out[k]},${v}` : v);
  }
  return out;
}

// characters enc leaves as they are: encodeURIComponent's unreserved ones, and `,` `:`
const KEEP = charTableOf("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'(),:");
const enc = (s: string) => {
  let i = 0;
  while (i < s.length) { const c = s.charCodeAt(i); if (c >= 128 || KEEP[c] === 0) break; i++; }
  if (i === s.length) return s;
  const e = encodeURIComponent(s);
  return e.indexOf("%") < 0 ? e : e.replace(/%2C/gi, ",").replace(/%3A/gi, ":");
};

export function buildQuery(q: Record<string, string>): string {
  // (for-in: Object.keys's order on a plain object, without its array per request)
  let out = "";
  for (const k in q) out += (out ? "&" : "?") + enc(k) + "=" + enc(q[k]);
  return out;
}

export const targetOf = (s: { path: string; query: Record<string, string> }): string => s.path + buildQuery(s.query);
