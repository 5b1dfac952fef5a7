// Secret names (spec 3: the key travels as `x-api-key`; logs carry many other credentials): the
// header, parameter and JSON-key names whose values are redacted whole, as data. The tests here
// are pure; a run memoizes them (redactor.ts).

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
  "signature", "credential", "session", "session-id", "sessionid", "private-key", "secret-key", "access-key",
  "auth-key", "subscription-key", "rapidapi-key",
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
  "private_key", "secret_key", "access_key", "passphrase", "sid", "csrftoken", "client_assertion", "bearer", "auth_key", "subscription_key",
];
/** Any parameter whose normalised name ends with `_` and one of these is a secret too (`my_access_key`). */
export const SECRET_PARAM_ENDINGS: readonly string[] = [
  "token", "secret", "password", "passwd", "signature", "api_key", "apikey", "private_key", "secret_key", "access_key",
  "auth_key", "master_key", "signing_key", "encryption_key",
];

/**
 * Parameter names that carry a credential only as a URL's query or fragment parameter: the OAuth
 * authorization response's `code` (RFC 6749 4.1.2), a common word in bodies, JSON and code.
 */
export const SECRET_URL_PARAMS: readonly string[] = ["code"];
const urlParamNames: ReadonlySet<string> = new Set(SECRET_URL_PARAMS);
/** Is this URL query parameter a credential as SECRET_URL_PARAMS names them (any case)? */
export const secretUrlParamName = (name: string): boolean => name.length <= 8 && urlParamNames.has(name.toLowerCase());

/** JSON keys that are secret besides the header and parameter names (HAR's `cookies` array). */
export const SECRET_JSON_KEYS: readonly string[] = ["cookies"];

/**
 * curl's options whose value is a credential: a user and password (`-u`, `-U`, `--tlsuser`), a
 * client certificate with its pass phrase (`-E`, `--proxy-cert`), a pass phrase or password, a
 * bearer token. Redacted after them in any text, and never read as the URL by the curl reader.
 */
export const CREDENTIAL_OPTIONS: readonly string[] = [
  "-u", "--user", "-U", "--proxy-user", "-E", "--cert", "--proxy-cert", "--oauth2-bearer", "--pass", "--proxy-pass",
  "--tlsuser", "--tlspassword", "--proxy-tlsuser", "--proxy-tlspassword",
];

/** Authorization schemes: in a header value the whole value is redacted; in other text, the word after one of these. */
export const CREDENTIAL_SCHEMES: readonly string[] = ["Bearer", "Basic", "Digest", "Token", "Negotiate", "NTLM", "Bot", "AWS4-HMAC-SHA256"];
/** In free text, only the unambiguous ones, as written (`Token expired` is English). */
export const TEXT_SCHEMES: readonly string[] = ["Bearer", "bearer", "BEARER", "Basic", "BASIC", "Digest", "Negotiate", "NTLM", "AWS4-HMAC-SHA256"];

export const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** An alternation of the strings, longest first. */
export const alt = (xs: readonly string[]): string => [...xs].sort((a, b) => b.length - a.length).map(esc).join("|");

const headerNames: ReadonlySet<string> = new Set(SECRET_HEADERS);
// (a version may follow: `X-Hub-Signature-256`)
const HEADER_ENDING = new RegExp(`(?:^|[-_])(?:${alt(SECRET_HEADER_ENDINGS)})(?:-v?\\d+)?$`);

/** Is this header name a credential carrier? (pure: a run memoizes it) */
export function secretHeaderName(name: string): boolean {
  const n = name.trim().toLowerCase().replace(/[_\s]+/g, "-");
  return headerNames.has(n) || HEADER_ENDING.test(n);
}

const paramNames: ReadonlySet<string> = new Set(SECRET_QUERY_PARAMS);
// the multi-word names written without a separator (`accesstoken`, `clientsecret`, `xapikey`)
const squashedNames: ReadonlySet<string> = new Set(SECRET_QUERY_PARAMS.filter((n) => n.includes("_")).map((n) => n.replace(/_/g, "")));
const PARAM_ENDING = new RegExp(`_(?:${alt(SECRET_PARAM_ENDINGS)})$`);

// percent-escapes of ASCII characters (`%61pi_key`, `%2561pi_key`): the name a server reads
const ESCAPE = /%([0-7][0-9a-f])/gi;
export function unescapeAscii(s: string): string {
  for (let i = 0; i < 3 && s.indexOf("%") >= 0; i++) {
    const t = s.replace(ESCAPE, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    if (t === s) break;
    s = t;
  }
  return s;
}

/** `apiKey[]`, `API-KEY`, `api_key%5B0%5D`, `%61pi_key` -> `api_key`. */
export function normalizeParamName(name: string): string {
  return unescapeAscii(name).trim()
    .replace(/(?:\[[^\]]*\]|%5B.*?%5D)+$/i, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[-\s]+/g, "_");
}

const secretParamName = (n: string) => paramNames.has(n) || PARAM_ENDING.test(n) || squashedNames.has(n);
const secretOne = (n: string) => secretParamName(n) || (n.length > 3 && n.endsWith("s") && secretParamName(n.slice(0, -1)));

/**
 * Is this query/form parameter name a credential carrier? Also when a part of a nested name is
 * (`user[password]`, `creds.token`) or a plural of one (`apiKeys`, `tokens`). (pure)
 */
export function secretParamNameOf(name: string): boolean {
  if (secretOne(normalizeParamName(name))) return true;
  const parts = unescapeAscii(name).split(/[[\]./:]+/);
  return parts.length > 1 && parts.some((p) => p !== "" && secretOne(normalizeParamName(p)));
}

const jsonKeys: ReadonlySet<string> = new Set(SECRET_JSON_KEYS);
/** A JSON key that is secret by the JSON-key list alone. */
export const secretJsonKeyName = (name: string): boolean => jsonKeys.has(name.toLowerCase());
