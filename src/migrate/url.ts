// Request-target helpers: split, decode and rebuild query strings. The secret rules live in
// src/contract/secrets.ts; a target comes out of splitTarget without userinfo or matrix secrets.
import { REDACTED, isSecretParam, redactOrigin, redactText } from "../contract/secrets.js";

export { REDACTED, isSecretHeader, isSecretParam, redactBody, redactJson, redactText } from "../contract/secrets.js";

function decode(s: string): string {
  if (s.indexOf("%") < 0 && s.indexOf("+") < 0) return s;
  const t = s.replace(/\+/g, " ");
  try { return decodeURIComponent(t); } catch { return t; }
}

export function parseQuery(qs: string): [string, string][] {
  const out: [string, string][] = [];
  if (!qs) return out;
  for (const part of qs.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    out.push(eq < 0 ? [decode(part), ""] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
  }
  return out;
}

/** Split a request target (origin-form or absolute-form) into origin, path and query. */
export function splitTarget(target: string): { origin: string; path: string; query: [string, string][] } | undefined {
  let origin = "";
  let rest = target;
  if (!target.startsWith("/")) {
    const m = /^(https?:\/\/[^/?#\s]+)(.*)$/i.exec(target);
    if (!m) return undefined;
    // userinfo (`https://u:PW@host`) never leaves the reader
    origin = redactOrigin(m[1]);
    rest = m[2] || "/";
    // a password holding `/`, `?` or `#` (`https://u:pa/ss@host/v2/...`): the userinfo runs to the `@`
    const at = rest.indexOf("@");
    if (at >= 0 && origin !== m[1] && origin.indexOf("@") < 0) {
      const host = /^[^/?#\s]*/.exec(rest.slice(at + 1))![0];
      origin += "@" + host;
      rest = rest.slice(at + 1 + host.length) || "/";
    }
  }
  const hash = rest.indexOf("#");
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf("?");
  // matrix parameters (`/v2/x;api_key=...`), tokens (`/v2/x/eyJ...`) and stray pairs (`/v2/x&key=...`) can sit in the path
  const path = q < 0 ? rest : rest.slice(0, q);
  const cleanPath = redactText(path);
  return q < 0 ? { origin, path: cleanPath, query: [] } : { origin, path: cleanPath, query: parseQuery(rest.slice(q + 1)) };
}

/** Query object (object of strings; repeated keys joined with commas, as v2 csv filters read them). */
export function queryObject(pairs: readonly [string, string][], redactSecrets = true): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v0] of pairs) {
    const v = redactSecrets && isSecretParam(k) ? REDACTED : v0;
    out[k] = k in out ? `${out[k]},${v}` : v;
  }
  return out;
}

// characters enc leaves as they are: encodeURIComponent's unreserved ones, and `,` `:`
const KEEP = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'(),:") KEEP[ch.charCodeAt(0)] = 1;
const enc = (s: string) => {
  let i = 0;
  while (i < s.length) { const c = s.charCodeAt(i); if (c >= 128 || KEEP[c] === 0) break; i++; }
  if (i === s.length) return s;
  const e = encodeURIComponent(s);
  return e.indexOf("%") < 0 ? e : e.replace(/%2C/gi, ",").replace(/%3A/gi, ":");
};

export function buildQuery(q: Record<string, string>): string {
  const keys = Object.keys(q);
  if (!keys.length) return "";
  let out = "?";
  for (let i = 0; i < keys.length; i++) out += (i ? "&" : "") + enc(keys[i]) + "=" + enc(q[keys[i]]);
  return out;
}

export const targetOf = (s: { path: string; query: Record<string, string> }): string => s.path + buildQuery(s.query);
