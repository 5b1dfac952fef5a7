// Request-target helpers: split, decode and rebuild query strings; redact secrets in raw text.
import { SECRET_QUERY_PARAMS, SECRET_HEADERS } from "../contract/migration.js";

export const REDACTED = "***";
const secretParams = new Set(SECRET_QUERY_PARAMS);
const secretHeaders = new Set(SECRET_HEADERS);

export const isSecretParam = (name: string): boolean => secretParams.has(name.toLowerCase());
export const isSecretHeader = (name: string): boolean => secretHeaders.has(name.toLowerCase());

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
    origin = m[1];
    rest = m[2] || "/";
  }
  const hash = rest.indexOf("#");
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf("?");
  return q < 0 ? { origin, path: rest, query: [] } : { origin, path: rest.slice(0, q), query: parseQuery(rest.slice(q + 1)) };
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

const enc = (s: string) => encodeURIComponent(s).replace(/%2C/gi, ",").replace(/%3A/gi, ":");

export function buildQuery(q: Record<string, string>): string {
  const keys = Object.keys(q);
  if (!keys.length) return "";
  return "?" + keys.map((k) => `${enc(k)}=${enc(q[k])}`).join("&");
}

export const targetOf = (s: { path: string; query: Record<string, string> }): string => s.path + buildQuery(s.query);

// Raw text that leaves the process (access log lines, curl, stderr listings): redact key=value
// query pairs and key headers wherever they appear.
const SECRET_PAIR = new RegExp(`([?&;](?:${SECRET_QUERY_PARAMS.map((p) => p.replace(/[-_]/g, "[-_]?")).join("|")})=)[^&\\s"';#]*`, "gi");
const SECRET_HEADER_TEXT = /((?:x-api-key|authorization|proxy-authorization|cookie)\s*:\s*)(?:"[^"]*"|'[^']*'|(?:(?:Bearer|Basic|Token)\s+)?[^\s"'\\]+)/gi;

export function redactText(s: string): string {
  if (s.indexOf("=") >= 0) s = s.replace(SECRET_PAIR, `$1${REDACTED}`);
  if (/key|auth|cookie/i.test(s)) s = s.replace(SECRET_HEADER_TEXT, `$1${REDACTED}`);
  return s;
}

/** Redact secrets inside a request body: JSON keys that name a key or token, form pairs. */
export function redactBody(body: string): string {
  const t = body.trimStart();
  if (t.startsWith("{") || t.startsWith("[")) {
    try {
      return JSON.stringify(redactJson(JSON.parse(t)));
    } catch { /* not JSON: fall through */ }
  }
  return redactText("&" + body).slice(1);
}

const SECRET_JSON_KEY = /^(?:api[-_]?key|x-api-key|key|token|access[-_]?token|secret|password|authorization)$/i;

export function redactJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(redactJson);
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = SECRET_JSON_KEY.test(k) && (typeof x === "string" || typeof x === "number") ? REDACTED : redactJson(x);
    return out;
  }
  return typeof v === "string" ? redactText(v) : v;
}
