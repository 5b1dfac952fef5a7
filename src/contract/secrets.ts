// What counts as a secret, in one place (issue 10): header names, query/body parameter names,
// URL userinfo and credential-looking values. `mids migrate` applies it to every request it reads
// (src/migrate/redact.ts) and every line it writes; the client's --verbose trace uses it for
// headers (src/client/request.ts). The README's "Secrets in logs" lists these rules.

export const REDACTED = "***";

/** Header names that carry a credential (compared case-insensitively). */
export const SECRET_HEADERS: readonly string[] = [
  "x-api-key", "authorization", "proxy-authorization", "x-auth-token", "x-access-token", "x-refresh-token",
  "x-session-token", "x-csrf-token", "x-xsrf-token", "x-amz-security-token", "x-goog-api-key", "api-key", "apikey",
  "cookie", "set-cookie",
];
/**
 * Any header (or JSON key) whose name is, or ends with `-`/`_` and, one of these words is a secret
 * too (`X-Upstream-Token`, `X-Client-Secret`). Every name in SECRET_HEADERS ends with one of them.
 */
export const SECRET_HEADER_ENDINGS: readonly string[] = [
  "api-key", "apikey", "authorization", "token", "secret", "password", "passwd", "cookie",
  "signature", "credential", "session", "session-id", "sessionid",
];

/**
 * Query (and form/JSON body) parameter names that carry a credential. Names compare after
 * normalising: lower case, camelCase split (`apiKey` = `api_key`), `-` read as `_`, and an array
 * suffix dropped (`api_key[]`, `api_key%5B%5D`).
 */
export const SECRET_QUERY_PARAMS: readonly string[] = [
  "api_key", "apikey", "x_api_key", "key", "token", "access_token", "auth_token", "refresh_token", "id_token",
  "auth", "authorization", "password", "passwd", "pwd", "pass", "secret", "client_secret", "signature", "sig",
  "jwt", "session", "sessionid", "session_id", "jsessionid", "phpsessid", "credential", "credentials",
  "x_amz_signature", "x_amz_security_token", "x_amz_credential", "x_goog_signature", "x_goog_credential",
];
/** Any parameter whose normalised name ends with `_` and one of these is a secret too (`my_access_key`). */
export const SECRET_PARAM_ENDINGS: readonly string[] = [
  "token", "secret", "password", "passwd", "signature", "api_key", "apikey", "private_key", "secret_key", "access_key",
];

/** Authorization schemes: in a header value the whole value is redacted; in other text, the word after one of these. */
export const CREDENTIAL_SCHEMES: readonly string[] = ["Bearer", "Basic", "Digest", "Token", "Negotiate", "NTLM", "Bot", "AWS4-HMAC-SHA256"];
// in free text, only the unambiguous ones, as written (`Token expired` is English)
const TEXT_SCHEMES = ["Bearer", "bearer", "BEARER", "Basic", "BASIC", "Digest", "Negotiate", "NTLM", "AWS4-HMAC-SHA256"];

/** JSON deeper than this is refused as a request (migrate) and never walked deeper when redacting. */
export const MAX_JSON_DEPTH = 100;

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alt = (xs: readonly string[]) => [...xs].sort((a, b) => b.length - a.length).map(esc).join("|");

// ---- names ----

const headerNames = new Set(SECRET_HEADERS);
const HEADER_ENDING = new RegExp(`(?:^|[-_])(?:${alt(SECRET_HEADER_ENDINGS)})$`);

// logs repeat the same few names: remember each answer (bounded)
function memo(test: (name: string) => boolean): (name: string) => boolean {
  const seen = new Map<string, boolean>();
  return (name) => {
    let r = seen.get(name);
    if (r === undefined) {
      if (seen.size >= 10_000) seen.clear();
      seen.set(name, (r = test(name)));
    }
    return r;
  };
}

/** Is this header name a credential carrier? */
export const isSecretHeader = memo((name) => {
  const n = name.trim().toLowerCase().replace(/_/g, "-");
  return headerNames.has(n) || HEADER_ENDING.test(n);
});

const paramNames = new Set(SECRET_QUERY_PARAMS);
const PARAM_ENDING = new RegExp(`_(?:${alt(SECRET_PARAM_ENDINGS)})$`);

/** `apiKey[]`, `API-KEY`, `api_key%5B0%5D` -> `api_key`. */
export function normalizeParamName(name: string): string {
  return name.trim()
    .replace(/(?:\[[^\]]*\]|%5B.*?%5D)+$/i, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/-/g, "_");
}

/** Is this query/form parameter name a credential carrier? */
export const isSecretParam = memo((name) => {
  const n = normalizeParamName(name);
  return paramNames.has(n) || PARAM_ENDING.test(n);
});

/** JSON keys that are secret besides the header and parameter names (HAR's `cookies` array). */
export const SECRET_JSON_KEYS: readonly string[] = ["cookies"];
const jsonKeys = new Set(SECRET_JSON_KEYS);

/** A JSON key or HAR `name` that is a secret as a header or as a parameter. */
export const isSecretKey = memo((name) => isSecretParam(name) || isSecretHeader(name) || jsonKeys.has(name.toLowerCase()));

// ---- text ----

// `name=value` pairs after ? & ; (matrix) or at the start: names as isSecretParam reads them
const PARAM_TEXT = `(?:x[-_]?)?(?:${SECRET_QUERY_PARAMS.map((p) => p.split("_").map(esc).join("[-_]?")).join("|")})`
  + `|[\\w.-]*[-_](?:${SECRET_PARAM_ENDINGS.map((p) => p.split("_").map(esc).join("[-_]?")).join("|")})`;
const SECRET_PAIR = new RegExp(`((?:^|[?&;])(?:${PARAM_TEXT})(?:\\[[^\\]=&]*\\]|%5B[^=&]*?%5D)*=)[^&\\s"';#]*`, "gi");
// `Name: value` headers in free text (a curl -H, a logged header line); cookies run over `;`
const HEADER_TEXT = new RegExp(
  `((?<![\\w-])(?:[\\w]+[-_])*(?:${alt(SECRET_HEADER_ENDINGS)}|${alt(SECRET_HEADERS)})\\s*:\\s*)`
  + `(?:"[^"]*"|'[^']*'|(?:(?:${alt(CREDENTIAL_SCHEMES)})\\s+)?[^\\s"'\\\\;]+(?:;\\s*[^\\s"'\\\\;]+)*)`, "gi");
// `"password": "..."` inside JSON text (a body that could not be parsed, a message quoting one)
const JSON_PAIR = new RegExp(`("(?:${PARAM_TEXT}|(?:[\\w]+[-_])*(?:${alt(SECRET_HEADER_ENDINGS)}))"\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*"|[^,}\\]\\s]+)`, "gi");
// scheme://user:password@host
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#\s"'<>]+@/gi;
// Bearer xxxxx, Basic xxxxx, ... (a credential follows the scheme)
const SCHEME_VALUE = new RegExp(`\\b(${alt(TEXT_SCHEMES)})(\\s+)[A-Za-z0-9._~+/=:-]{6,}`, "g");
// a JSON Web Token anywhere
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
const MAYBE_SCHEME = new RegExp(alt(TEXT_SCHEMES));

/**
 * Text holding none of these, no `=` (pairs) and no `name:` header or JSON key of the lists
 * cannot be changed by redactText: the access-log fast path searches for them.
 */
export const TEXT_TRIGGERS: readonly string[] = ["@", "eyJ", ...TEXT_SCHEMES];

// cheap gates: text that none of the rules could touch is returned as is (most log text)
const TRIGGER = new RegExp(`[=:@]|eyJ|${alt(TEXT_SCHEMES)}`);
// a secret header or JSON key ends with one of these before its colon (the names' last three letters)
const HEADER_HINT = new RegExp(`(?:${[...new Set([...SECRET_HEADER_ENDINGS, ...SECRET_HEADERS, ...SECRET_QUERY_PARAMS, ...SECRET_PARAM_ENDINGS]
  .map((n) => n.slice(-3)))].map(esc).join("|")})["']?\\s*:`, "i");

/** Redact every secret the rules can see in free text. Never throws; cheap on text without `=`, `:`, `@`. */
export function redactText(s: string): string {
  if (!TRIGGER.test(s)) return s;
  if (s.indexOf("=") >= 0) s = s.replace(SECRET_PAIR, `$1${REDACTED}`);
  if (s.indexOf(":") >= 0 && HEADER_HINT.test(s)) {
    s = s.replace(HEADER_TEXT, `$1${REDACTED}`);
    if (s.indexOf('"') >= 0) s = s.replace(JSON_PAIR, `$1"${REDACTED}"`);
  }
  if (s.indexOf("@") >= 0) s = s.replace(USERINFO, `$1${REDACTED}@`);
  if (MAYBE_SCHEME.test(s)) s = s.replace(SCHEME_VALUE, `$1$2${REDACTED}`);
  if (s.indexOf("eyJ") >= 0) s = s.replace(JWT, REDACTED);
  return s;
}

/** A header's value as it may be shown: the whole value for a secret header, else its text redacted. */
export const redactHeaderValue = (name: string, value: string): string => (isSecretHeader(name) ? REDACTED : redactText(value));

/** A query pair's value as it may be shown. */
export const redactParamValue = (name: string, value: string): string => (isSecretParam(name) ? REDACTED : redactText(value));

/** `https://user:pw@host` -> `https://***@host` (the user may be the key itself, as in key-as-username APIs). */
export function redactOrigin(origin: string): string {
  const at = origin.lastIndexOf("@");
  if (at < 0) return origin;
  const m = /^([a-z][a-z0-9+.-]*:\/\/)/i.exec(origin);
  return m ? m[1] + REDACTED + origin.slice(at) : origin;
}

/**
 * The nesting depth of JSON text (brackets outside strings), stopping once it passes `max`:
 * a linear scan, so hostile depth is refused before JSON.parse/stringify recurse into it.
 */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let top = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) { if (++depth > top && (top = depth) > max) return top; }
    else if (c === 125 || c === 93) depth--;
  }
  return top;
}

/**
 * Redact a parsed JSON value in place and return it: values under secret keys, `{name, value}`
 * pairs (HAR headers, queryString, cookies) whose name is secret, and secrets in every string.
 * Containers deeper than MAX_JSON_DEPTH are replaced whole (never walked, never thrown on).
 */
export function redactJsonInPlace(v: unknown, depth = 0): unknown {
  if (typeof v === "string") return redactText(v);
  if (!v || typeof v !== "object") return v;
  if (depth >= MAX_JSON_DEPTH) return REDACTED;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = redactJsonInPlace(v[i], depth + 1);
    return v;
  }
  const o = v as Record<string, unknown>;
  const pair = typeof o.name === "string" && "value" in o && isSecretKey(o.name);
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (x === null || x === undefined) continue;
    if ((pair && k === "value") || isSecretKey(k)) o[k] = REDACTED;
    else o[k] = redactJsonInPlace(x, depth + 1);
  }
  return o;
}

/** A redacted copy of a parsed JSON value (see redactJsonInPlace). */
export function redactJson(v: unknown): unknown {
  if (!v || typeof v !== "object") return redactJsonInPlace(v);
  // a copy deep enough to redact; anything deeper is replaced anyway
  return redactJsonInPlace(copy(v, 0));
}

function copy(v: unknown, depth: number): unknown {
  if (!v || typeof v !== "object") return v;
  if (depth >= MAX_JSON_DEPTH) return REDACTED;
  if (Array.isArray(v)) return v.map((x) => copy(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = copy(x, depth + 1);
  return out;
}

/** A request body as it may be shown: JSON redacted by key, form pairs and other text by redactText. */
export function redactBody(body: string): string {
  const t = body.trimStart();
  if ((t.startsWith("{") || t.startsWith("[")) && jsonDepth(t) <= MAX_JSON_DEPTH) {
    try {
      return JSON.stringify(redactJsonInPlace(JSON.parse(t)));
    } catch { /* not JSON: fall through */ }
  }
  return redactText(body);
}
