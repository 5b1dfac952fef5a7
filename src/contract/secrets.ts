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
// (a version may follow: `X-Hub-Signature-256`)
const HEADER_ENDING = new RegExp(`(?:^|[-_])(?:${alt(SECRET_HEADER_ENDINGS)})(?:-v?\\d+)?$`);

// logs repeat the same few names: remember each answer (bounded)
/**
 * A copy of s that stands alone, for a memo's key: a string cut from a block of input would keep
 * the whole block alive for as long as the memo keeps it. (JSON round-trips any string exactly.)
 */
export const own = (s: string): string => JSON.parse(JSON.stringify(s)) as string;

function memo(test: (name: string) => boolean): (name: string) => boolean {
  const seen = new Map<string, boolean>();
  return (name) => {
    // a hostile log's names can be long: only short ones are kept (10,000 of them at most)
    if (name.length > 128) return test(name);
    let r = seen.get(name);
    if (r === undefined) {
      if (seen.size >= 10_000) seen.clear();
      seen.set(own(name), (r = test(name)));
    }
    return r;
  };
}

/** Is this header name a credential carrier? */
export const isSecretHeader = memo((name) => {
  const n = name.trim().toLowerCase().replace(/[_\s]+/g, "-");
  return headerNames.has(n) || HEADER_ENDING.test(n);
});

const paramNames = new Set(SECRET_QUERY_PARAMS);
// the multi-word names written without a separator (`accesstoken`, `clientsecret`, `xapikey`)
const squashedNames = new Set(SECRET_QUERY_PARAMS.filter((n) => n.includes("_")).map((n) => n.replace(/_/g, "")));
const PARAM_ENDING = new RegExp(`_(?:${alt(SECRET_PARAM_ENDINGS)})$`);

// percent-escapes of ASCII characters (`%61pi_key`, `%2561pi_key`): the name a server reads
const ESCAPE = /%([0-7][0-9a-f])/gi;
function unescapeAscii(s: string): string {
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
 * (`user[password]`, `creds.token`) or a plural of one (`apiKeys`, `tokens`).
 */
export const isSecretParam = memo((name) => {
  if (secretOne(normalizeParamName(name))) return true;
  const parts = unescapeAscii(name).split(/[[\]./:]+/);
  return parts.length > 1 && parts.some((p) => p !== "" && secretOne(normalizeParamName(p)));
});

/** JSON keys that are secret besides the header and parameter names (HAR's `cookies` array). */
export const SECRET_JSON_KEYS: readonly string[] = ["cookies"];
const jsonKeys = new Set(SECRET_JSON_KEYS);

/** A JSON key or HAR `name` that is a secret as a header or as a parameter. */
export const isSecretKey = memo((name) => isSecretParam(name) || isSecretHeader(name) || jsonKeys.has(name.toLowerCase()));

// ---- text ----

// names as isSecretParam reads them, for the JSON-ish pairs below
const PARAM_TEXT = `(?:x[-_]?)?(?:${SECRET_QUERY_PARAMS.map((p) => p.split("_").map(esc).join("[-_]?")).join("|")})`
  + `|[\\w.-]*[-_](?:${SECRET_PARAM_ENDINGS.map((p) => p.split("_").map(esc).join("[-_]?")).join("|")})`;
// header name endings with `-` or `_` between their words (`api_key: ...` as well as `api-key: ...`)
const ENDINGS_TEXT = [...SECRET_HEADER_ENDINGS, ...SECRET_HEADERS].sort((a, b) => b.length - a.length).map((n) => n.split("-").map(esc).join("[-_]?")).join("|");

// `name=value` pairs, found by their `name=` head and kept when the name is not a secret (any
// name isSecretKey calls one: `%61pi_key`, `myApiKey`, `user[password]`, `sid`). The separator
// before a name and the `=` may be percent-encoded (`next=%2Fv2%3Fapi_key%3D...`): an encoded
// value ends at an encoded separator too.
const ENC_SEP = "%(?:25)?(?:3F|26|3B|23|2C|20|22|27|2F|3D)";
const NAME_CH = `[\\w.\\[\\]~+-]|%(?!(?:25)?(?:3F|26|3B|23|2C|20|22|27|2F|3D))[0-9A-Fa-f]{2}`;
const PAIR_HEAD = new RegExp(`(?:^|[^\\w.%\\[\\]~+-]|${ENC_SEP})((?:${NAME_CH})+)([ \\t]*=[ \\t]*|%(?:25)?3D)`, "gi");
const VALUE_END = /[&\s"';#?]/g;
const VALUE_END_ENCODED = /[&\s"';#?]|%(?:25)?(?:26|23|3B|22|27|20)/gi;

const SCHEME_WORD = new RegExp(`^(?:${alt(CREDENTIAL_SCHEMES)})$`, "i");

function valueEnd(s: string, from: number, encoded: boolean): number {
  const re = encoded ? VALUE_END_ENCODED : VALUE_END;
  re.lastIndex = from;
  return re.exec(s)?.index ?? s.length;
}

// `password="correct horse"` (logfmt, XML and HTML attributes), `password=\"...\"`: to the closing quote
function quotedEnd(s: string, from: number): number | undefined {
  const q = s[from] === "\\" && s[from + 1] === '"' ? '\\"' : s[from] === '"' || s[from] === "'" ? s[from] : undefined;
  if (!q) return undefined;
  let i = from + q.length;
  for (;;) {
    const j = s.indexOf(q, i);
    if (j < 0) return s.length;
    if (q.length === 1 && s[j - 1] === "\\") { i = j + 1; continue; }
    return j + q.length;
  }
}

function redactPairs(s: string): string {
  let out = "";
  let last = 0;
  PAIR_HEAD.lastIndex = 0;
  for (let m = PAIR_HEAD.exec(s); m; m = PAIR_HEAD.exec(s)) {
    const end = m.index + m[0].length;
    // not a secret: go on from its `=` (the value may hold a pair of its own: `next=/x?token=...`)
    if (!isSecretKey(m[1])) { PAIR_HEAD.lastIndex = end - m[2].length; continue; }
    const qEnd = quotedEnd(s, end);
    const q = qEnd === undefined ? "" : s[end] === "\\" ? '\\"' : s[end];
    let v = qEnd ?? valueEnd(s, end, m[2].charCodeAt(0) === 37);
    // `X-API-Key=Token abc`: a scheme word takes the credential after it along
    if (qEnd === undefined && SCHEME_WORD.test(s.slice(end, v))) {
      const m2 = /^[ \t]+[^\s&"';#]+/.exec(s.slice(v, v + 4096));
      if (m2) v += m2[0].length;
    }
    // `Cookie=a=1; sid=abc`: a cookie list runs over its semicolons, as a `Cookie:` header does
    if (qEnd === undefined && /^(?:set[-_]?)?cookie$/i.test(m[1])) {
      const m3 = /^(?:;[ \t]*[^\s"'&;#]+)+/.exec(s.slice(v, v + 65536));
      if (m3) v += m3[0].length;
    }
    out += s.slice(last, end) + q + REDACTED + q;
    PAIR_HEAD.lastIndex = last = v;
  }
  return last ? out + s.slice(last) : s;
}

// `Name: value` headers in free text (a curl -H, a logged header line); cookies run over `;`;
// a value may be quoted, escaped-quoted (`\"...\"`) or nginx-escaped (`\x22...\x22`)
const HEADER_TEXT = new RegExp(
  `((?<![\\w-])(?:[\\w]+[-_])*(?:${ENDINGS_TEXT})\\s*:\\s*)`
  + `(?:\\\\?"[^"]*"|'[^']*'|(?:(?:${alt(CREDENTIAL_SCHEMES)})\\s+)?(?:[^\\s"'\\\\;]|\\\\(?!["']))+(?:;\\s*[^\\s"'\\\\;]+)*)`, "gi");
// `"password": "..."` inside JSON text, and its cousins: `'password': '...'` (Python), `\"password\":`
// (escaped JSON), `\x22password\x22:` (nginx), `"password" => ...` (Ruby, PHP)
const Q = `(?:\\\\*"|'|\\\\x22)`;
const JSON_PAIR = new RegExp(`(${Q}(?:${PARAM_TEXT}|(?:[\\w]+[-_])*(?:${ENDINGS_TEXT}))${Q} ?(?::|=>)\\s*)`
  + `("(?:[^"\\\\]|\\\\.)*(?:"|$)|\\\\+".*?(?:\\\\+"|$)|'(?:[^'\\\\]|\\\\.)*(?:'|$)|\\\\x22.*?(?:\\\\x22|$)|[^,}\\]\\s]+)`, "gi");
const jsonPairValue = (_: string, head: string, value: string): string => {
  const q = /^(?:\\+"|'|\\x22)/.exec(value)?.[0];
  if (q) return head + q + REDACTED + q;
  return head + (value.startsWith('"') || head.startsWith('"') ? `"${REDACTED}"` : REDACTED);
};
// scheme://user:password@host, //user:password@host, and percent-encoded (`https%3A%2F%2Fu%3Apw%40h`)
// (a password holding `/`, `?` or `#` leaves `user:` with a port that is no number: up to its `@`)
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/|(?<![\w:/])\/\/)(?:[^/?#\s"'<>]+@|[^/?#\s"'<>@:[]*:(?!\d*(?:[/?#\s"'<>]|$))[^\s"'<>@]*@)/gi;
const USERINFO_ENCODED = /(%2F%2F)(?:(?!%2F|%3F|%23)[^/?#\s"'<>@&])+(%40)/gi;
// Bearer xxxxx, Basic xxxxx, ... (a credential follows the scheme; the blank may be encoded)
const SCHEME_VALUE = new RegExp(`\\b(${alt(TEXT_SCHEMES)})(\\s+|%20|\\+)[A-Za-z0-9._~+/=:%-]{6,}`, "g");
// a JSON Web Token anywhere (base64url JSON: a cut one too)
const JWT = /(?<![A-Za-z])eyJ[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*){0,2}/g;
const MAYBE_SCHEME = new RegExp(alt(TEXT_SCHEMES));
// Digest (and AWS4) credentials are a list of `name=value` and `name="value"`, quotes maybe escaped
const PARAM_LIST_VALUE = /\b(Digest|AWS4-HMAC-SHA256)(\s+)(?:[\w-]+=(?:\\?"(?:[^"\\]|\\(?!"))*\\?"|[^\s",\\]*)(?:,\s*)?)+/g;
// a reader's reason quotes the first 40 characters of a bad target: cut inside `user:password@`,
// the `@` that marks the userinfo is gone, so an authority the cut left open is not shown
const CUT_TARGET = /((?:not a request target|not a URL|is not a URL): [a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*:[^/?#\s@]*$/i;
// ... and a credential after a scheme, cut shorter than SCHEME_VALUE's six characters
const CUT_SCHEME = new RegExp(`((?:not a request target|not a URL|is not a URL): \\S*\\b(?:${alt(TEXT_SCHEMES)})(?:%20|\\+))[^\\s*]{1,5}$`);

/**
 * Text holding none of these, no `=` (pairs) and no `name:` header or JSON key of the lists
 * cannot be changed by redactText: the access-log fast path searches for them.
 */
export const TEXT_TRIGGERS: readonly string[] = [
  "@", "eyJ", "%3D", "%3d", "%253D", "%253d", "%40", "</", "basic", " --", " -u", " -U", " -E", "\t-", '":', '" :', "':", "' :", "\\x22", ...TEXT_SCHEMES,
];

// cheap gates: text that none of the rules could touch is returned as is (most log text)
const TRIGGER = new RegExp(`[=:@]|eyJ|%3[Dd]|%40|</|basic|\\s-|${alt(TEXT_SCHEMES)}`);
const ENCODED_EQ = /%(?:25)?3D/i;
// a secret header or JSON key ends with one of these before its colon (the names' last three letters)
const HEADER_HINT = new RegExp(`(?:${[...new Set([...SECRET_HEADER_ENDINGS, ...SECRET_HEADERS, ...SECRET_QUERY_PARAMS, ...SECRET_PARAM_ENDINGS]
  .map((n) => n.slice(-3)))].map(esc).join("|")})(?:\\\\*["']|\\\\x22)?\\s*(?::|=>)`, "i");

// `<password>...</password>`, `<ns:Token>...</ns:Token>` (XML and SOAP bodies)
const XML_ELEMENT = /<((?:[\w.-]+:)?([\w.-]+))(\s[^<>]*)?>([^<]*)<\/\1>/g;
const xmlElement = (m: string, tag: string, local: string, attrs: string | undefined): string =>
  isSecretKey(local) ? `<${tag}${attrs ?? ""}>${REDACTED}</${tag}>` : m;
// `basic dXNlcjpwYXNz` in lower case is English unless what follows decodes to `user:password`
const LOWER_BASIC = /\b(basic)(\s+)([A-Za-z0-9+/]{8,}={0,2})(?![\w+/=])/g;
const lowerBasic = (m: string, word: string, blank: string, b64: string): string =>
  Buffer.from(b64, "base64").toString("latin1").indexOf(":") > 0 ? word + blank + REDACTED : m;

// a command line in a log: `--api-key abc`, `--password 'a b'`, and curl's credential options
const FLAG = /(?<![\w-])(--?[A-Za-z][\w-]*)([ \t]+)("[^"]*"|'[^']*'|[^\s"'-]\S*)/g;
const CREDENTIAL_FLAGS = new Set(["-u", "--user", "-U", "--proxy-user", "-E", "--cert", "--oauth2-bearer", "--pass", "--proxy-pass", "--tlspassword"]);
const flagValue = (m: string, flag: string, blank: string, value: string): string =>
  CREDENTIAL_FLAGS.has(flag) || (flag.length > 2 && isSecretKey(flag.replace(/^-+/, ""))) ? flag + blank + REDACTED : m;

// ---- the proof that text holds nothing to redact ----
// ANY_MARKS finds, natively, each place where one of the rules could begin to apply: `=`, `:`,
// `@`, `%`, `<`, a blank before `-`, a letter of one of the rules' words (`b` only beside what
// it has beside it in a word: ids are full of `b`). Text without any is returned as is; at each
// place found, the rule it belongs to is checked for whether it could change the text there
// (conservatively: "maybe" whenever in doubt). Only text that may hold a secret runs the rules'
// regexes. test/unit/secrets-prefilter.test.ts checks every rule kind against it, and random text.

// the words of MAYBE_SCHEME (SCHEME_VALUE, PARAM_LIST_VALUE, CUT_SCHEME), LOWER_BASIC and JWT
const WORD_LIST = [...TEXT_SCHEMES, "basic", "eyJ"];
const WORDS = new RegExp(alt(WORD_LIST));
const M_EQ = 1, M_COLON = 2, M_AT = 4, M_PCT = 8, M_LT = 16, M_BLANK_DASH = 32, M_WORD = 64;
const MARK = new Uint8Array(128);
MARK[61] = M_EQ; MARK[58] = M_COLON; MARK[64] = M_AT; MARK[37] = M_PCT; MARK[60] = M_LT; MARK[32] = MARK[9] = M_BLANK_DASH;
const CAPITALS = "BDNJW";
for (const ch of CAPITALS + "b") MARK[ch.charCodeAt(0)] = M_WORD;
const hex = (c: number) => `\\x${c.toString(16).padStart(2, "0")}`;
// `b` and the character beside it, as the words have them (`ba`, `be`), where that character
// is no mark itself (a two-character match ends in an unmarked character, or is a blank and `-`)
const unmarked = (c: number) => c < 128 && MARK[c] === 0;
const B_PAIRS = [...new Set(WORD_LIST.flatMap((w) => [...w].flatMap((ch, k) => (ch !== "b" ? [] : [
  ...(k > 0 && unmarked(w.charCodeAt(k - 1)) ? [hex(w.charCodeAt(k - 1)) + "b"] : []),
  ...(k + 1 < w.length && unmarked(w.charCodeAt(k + 1)) ? ["b" + hex(w.charCodeAt(k + 1))] : [])]))))];
// (if a word ever has none of those letters or pairs, the words are searched for in all text)
const WORDS_MARKED = WORD_LIST.every((w) => [...CAPITALS].some((ch) => w.includes(ch)) || B_PAIRS.some((p) => new RegExp(p).test(w)));
const ANY_MARKS = new RegExp([
  `[${[...MARK.keys()].filter((c) => MARK[c] !== 0 && MARK[c] !== M_BLANK_DASH && c !== 98).map(hex).join("")}]`,
  ...B_PAIRS,
  `[${[...MARK.keys()].filter((c) => MARK[c] === M_BLANK_DASH).map(hex).join("")}]-`,
].join("|"), "g");

// could FLAG (`(?<![\w-])(--?[A-Za-z]...`) start anywhere in s?
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
function flagStart(s: string): boolean {
  for (let i = s.indexOf("-"); i >= 0; i = s.indexOf("-", i + 1)) {
    const p = i > 0 ? s.charCodeAt(i - 1) : 32;
    if (isLetter(p) || (p >= 48 && p <= 57) || p === 95 || p === 45) continue;
    const n = s.charCodeAt(i + 1);
    if (isLetter(n) || (n === 45 && isLetter(s.charCodeAt(i + 2)))) return true;
  }
  return false;
}
// PAIR_HEAD's name characters ([\w.\[\]~+-]), and `%` (an escape in a name: not proved, "maybe")
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) if (/[\w.[\]~+%-]/.test(String.fromCharCode(c))) NAME_CHAR[c] = 1;
// HEADER_HINT's name endings, three characters each as a number (lower case)
const HINT_ENDS = [...new Set([...SECRET_HEADER_ENDINGS, ...SECRET_HEADERS, ...SECRET_QUERY_PARAMS, ...SECRET_PARAM_ENDINGS].map((n) => n.slice(-3).toLowerCase()))];
const HINT3 = HINT_ENDS.every((e) => e.length === 3 && /^[\x21-\x7e]+$/.test(e))
  ? new Set(HINT_ENDS.map((e) => (e.charCodeAt(0) << 16) | (e.charCodeAt(1) << 8) | e.charCodeAt(2)))
  : undefined;
const lowerAscii = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);

// could the three characters before `end` be one of HEADER_HINT's endings?
function hintEnds(s: string, end: number): boolean {
  if (end < 3) return false;
  const a = s.charCodeAt(end - 3), b = s.charCodeAt(end - 2), c = s.charCodeAt(end - 1);
  if ((a | b | c) >= 128) return true;
  return HINT3!.has((lowerAscii(a) << 16) | (lowerAscii(b) << 8) | lowerAscii(c));
}

// could HEADER_HINT match with its `:` (or `=>`) at p? (`name\s*:`, `name"\s*:`, `name\\x22\s*:`)
function hintAt(s: string, p: number): boolean {
  if (!HINT3) return HEADER_HINT.test(s);
  let k = p - 1;
  for (; k >= 0; k--) {
    const c = s.charCodeAt(k);
    if (c >= 128) return true; // maybe a Unicode blank (\s)
    if (c !== 32 && (c < 9 || c > 13)) break;
  }
  if (k < 0) return false;
  if (hintEnds(s, k + 1)) return true;
  const c = s.charCodeAt(k);
  if (c === 34 || c === 39) {
    let j = k - 1;
    while (j >= 0 && s.charCodeAt(j) === 92) j--;
    if (hintEnds(s, j + 1)) return true;
  }
  // `\x22` (either case of x)
  return c === 50 && k >= 3 && s.charCodeAt(k - 1) === 50 && (s.charCodeAt(k - 2) | 0x20) === 120 && s.charCodeAt(k - 3) === 92 && hintEnds(s, k - 3);
}

// could redactPairs find a secret name before the `=` at p? (its name is the run of name
// characters before it, blanks between; a name with `%` in it is not proved)
function pairAt(s: string, p: number): boolean {
  let j = p - 1;
  while (j >= 0 && (s.charCodeAt(j) === 32 || s.charCodeAt(j) === 9)) j--;
  const end = j + 1;
  for (; j >= 0; j--) {
    const c = s.charCodeAt(j);
    if (c >= 128 || NAME_CHAR[c] === 0) break;
    if (c === 37) return true;
  }
  return j + 1 < end && isSecretKey(s.slice(j + 1, end));
}

const isDigit = (c: number) => c >= 48 && c <= 57;
// `0000-00-00T00:00:00`: 0 a digit, else the character itself
const STAMP = [..."0000-00-00T00:00:00"].map((ch) => (ch === "0" ? 0 : ch.charCodeAt(0)));

/**
 * An ISO 8601 timestamp (`2026-11-22T10:15:00Z`, `...:00.123456+05:30`, or with no zone): digits and
 * `-:T.Z+` only, which no rule reads as a secret (no word, no pair, no header name before its
 * `:`). test/unit/secrets-prefilter.test.ts checks the rules leave every form as it is.
 */
export function plainTimestamp(s: string): boolean {
  const n = s.length;
  if (n < 19 || n > 35) return false;
  for (let i = 0; i < 19; i++) {
    const c = s.charCodeAt(i);
    const want = STAMP[i];
    if (want === 0 ? !isDigit(c) : c !== want) return false;
  }
  let i = 19;
  if (s.charCodeAt(i) === 46) {
    const from = ++i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === from) return false;
  }
  if (i === n) return true;
  const c = s.charCodeAt(i);
  if (c === 90) return i + 1 === n;
  return (c === 43 || c === 45) && n - i === 6 && isDigit(s.charCodeAt(i + 1)) && isDigit(s.charCodeAt(i + 2)) && s.charCodeAt(i + 3) === 58
    && isDigit(s.charCodeAt(i + 4)) && isDigit(s.charCodeAt(i + 5));
}

/**
 * false: redactText would return the text as it is (no rule can change it). true: maybe not.
 * Exported for its tests.
 */
export function mayHoldSecret(s: string): boolean {
  // (timestamps are in most lines of a JSON log and in many queries)
  if (s.length >= 19 && s.charCodeAt(4) === 45 && plainTimestamp(s)) return false;
  if (!WORDS_MARKED && WORDS.test(s)) return true;
  // each mark in turn (one character, or two: `ba`, ` -`)
  const re = ANY_MARKS;
  re.lastIndex = 0;
  let words = false;
  let blankDash = false;
  let notA = -1;
  while (re.test(s)) {
    let i = re.lastIndex - 1;
    let c = s.charCodeAt(i);
    // a two-character match (`ba`, ` -`, `xb`) that ends in an unmarked character: its mark is the first
    if (MARK[c] === 0) c = s.charCodeAt(--i);
    switch (MARK[c]) {
      case M_AT: return true; // USERINFO
      case M_LT: if (s.charCodeAt(i + 1) === 47) return true; break; // XML_ELEMENT
      case M_WORD:
        // the words (MAYBE_SCHEME, LOWER_BASIC, JWT): one search, the first time
        if (!words) { if (WORDS.test(s)) return true; words = true; }
        break;
      case M_PCT: {
        // ENCODED_EQ (pairs): `%3D`, `%253D`; USERINFO_ENCODED: `%40`
        let j = i + 1;
        if (s.charCodeAt(j) === 50 && s.charCodeAt(j + 1) === 53) j += 2;
        const d = s.charCodeAt(j), e = s.charCodeAt(j + 1);
        if (d === 51 && (e | 0x20) === 100) return true;
        if (d === 52 && e === 48 && j === i + 1) return true;
        break;
      }
      case M_COLON:
        // HEADER_TEXT and JSON_PAIR (HEADER_HINT), CUT_TARGET
        if (notA < 0) notA = s.indexOf("not a") >= 0 ? 1 : 0;
        if (notA === 1 || hintAt(s, i)) return true;
        break;
      case M_EQ:
        // pairs, and `=>` (HEADER_HINT)
        if ((s.charCodeAt(i + 1) === 62 && hintAt(s, i)) || pairAt(s, i)) return true;
        break;
      case M_BLANK_DASH: blankDash = true; break;
    }
  }
  // FLAG: its gate (` -` or a tab and `-`), then a place it could start
  return blankDash && flagStart(s);
}

/** Redact every secret the rules can see in free text. Never throws; cheap on text without `=`, `:`, `@`. */
export function redactText(s: string): string {
  // a request's path is redacted by the reader and again by redact.ts: the last answer is kept
  if (s === lastText) return lastTextOut;
  lastText = s;
  return (lastTextOut = mayHoldSecret(s) ? redactTextRules(s) : s);
}
let lastText = "";
let lastTextOut = "";

/** redactText without its proof of clean text (the reference its tests compare with). */
export function redactTextRules(s: string): string {
  if (!TRIGGER.test(s)) return s;
  // first: `Authorization=Bearer abc` keeps no `abc` once the pair has taken `Bearer`
  if (MAYBE_SCHEME.test(s)) s = s.replace(PARAM_LIST_VALUE, `$1$2${REDACTED}`).replace(SCHEME_VALUE, `$1$2${REDACTED}`);
  if (s.indexOf("=") >= 0 || ENCODED_EQ.test(s)) s = redactPairs(s);
  if ((s.indexOf(":") >= 0 || s.indexOf("=>") >= 0) && HEADER_HINT.test(s)) {
    s = s.replace(HEADER_TEXT, `$1${REDACTED}`);
    if (s.indexOf('"') >= 0 || s.indexOf("'") >= 0 || s.indexOf("\\x22") >= 0) s = s.replace(JSON_PAIR, jsonPairValue);
  }
  if (s.indexOf("@") >= 0) s = s.replace(USERINFO, `$1${REDACTED}@`);
  if (s.indexOf("%") >= 0) s = s.replace(USERINFO_ENCODED, `$1${REDACTED}$2`);
  if (s.indexOf("eyJ") >= 0) s = s.replace(JWT, REDACTED);
  if (s.indexOf(" -") >= 0 || s.indexOf("\t-") >= 0) s = s.replace(FLAG, flagValue);
  if (s.indexOf("</") >= 0) s = s.replace(XML_ELEMENT, xmlElement);
  if (s.indexOf("basic") >= 0) s = s.replace(LOWER_BASIC, lowerBasic);
  if (s.indexOf("not a") >= 0) s = s.replace(CUT_TARGET, `$1${REDACTED}`).replace(CUT_SCHEME, `$1${REDACTED}`);
  return s;
}

/** A header's value as it may be shown: the whole value for a secret header, else its text redacted. */
export const redactHeaderValue = (name: string, value: string): string => (isSecretHeader(name) ? REDACTED : redactText(value));

/** A query pair's value as it may be shown. */
export const redactParamValue = (name: string, value: string): string => (isSecretParam(name) ? REDACTED : redactText(value));

/**
 * `https://user:pw@host` -> `https://***@host` (the user may be the key itself, as in key-as-username
 * APIs). An origin whose port is no number (`https://u:pa` cut from `https://u:pa/ss@host`) is
 * what is left of a userinfo: `https://***`.
 */
export function redactOrigin(origin: string): string {
  // a log's requests share a few origins
  if (origin === lastOrigin) return lastOriginOut;
  const n = schemeEnd(origin);
  let out = origin;
  if (n > 0) {
    const at = origin.lastIndexOf("@");
    if (at >= 0) out = origin.slice(0, n) + REDACTED + origin.slice(at);
    else if (portIsNoNumber(origin, n)) out = origin.slice(0, n) + REDACTED;
  }
  lastOrigin = origin;
  return (lastOriginOut = out);
}
let lastOrigin = "";
let lastOriginOut = "";

// `/^([a-z][a-z0-9+.-]*:\/\/)/i` by hand: the length of the scheme and its `://`, or 0
function schemeEnd(s: string): number {
  const c0 = s.charCodeAt(0) | 0x20;
  if (c0 < 97 || c0 > 122) return 0;
  let i = 1;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const l = c | 0x20;
    if (!((l >= 97 && l <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 46 || c === 45)) break;
  }
  return s.charCodeAt(i) === 58 && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47 ? i + 3 : 0;
}

const digitsToEnd = (s: string, i: number): boolean => {
  for (; i < s.length; i++) { const c = s.charCodeAt(i); if (c < 48 || c > 57) return false; }
  return true;
};

// `/^[^[\]]*:(?!\d*$)|\]:(?!\d*$)/` on s from n, by hand: a `:` before any bracket, or a `]:`,
// followed by something other than digits (a later `:` has no more than digits after it
// only if the first one has not either)
function portIsNoNumber(s: string, n: number): boolean {
  for (let i = n; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 91 || c === 93) break;
    if (c === 58) { if (!digitsToEnd(s, i + 1)) return true; break; }
  }
  const b = s.indexOf("]:", n);
  return b >= 0 && !digitsToEnd(s, b + 2);
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
    // `[name, value]` tuples and flat `[name, value, name, value]` lists (Node's rawHeaders)
    for (let i = 0; i < v.length; i++) {
      v[i] = i > 0 && typeof v[i - 1] === "string" && v[i] !== null && isSecretKey(v[i - 1] as string) ? REDACTED : redactJsonInPlace(v[i], depth + 1);
    }
    return v;
  }
  const o = v as Record<string, unknown>;
  // `{name, value}` (HAR) and `{key, value}` (Postman) pairs
  const label = typeof o.name === "string" ? o.name : typeof o.key === "string" ? o.key : undefined;
  const pair = label !== undefined && "value" in o && isSecretKey(label);
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (plainKey(k)) {
      // (the common case: the steps below for a key that redactText keeps and that is no secret)
      if (x === null || x === undefined) continue;
      if (pair && k === "value") o[k] = REDACTED;
      else if (typeof x === "string") { const y = redactText(x); if (y !== x) o[k] = y; }
      else if (typeof x === "object") o[k] = redactJsonInPlace(x, depth + 1);
      continue;
    }
    // a key can be a log's text too (`{"X-API-Key: abc": 1}`)
    const k2 = redactText(k);
    if (k2 !== k) { delete o[k]; o[k2] = REDACTED; continue; }
    if (x === null || x === undefined) continue;
    if (pair && k === "value") o[k] = REDACTED;
    else if (isSecretKey(k) && !(k === "key" && label === x && "value" in o)) o[k] = REDACTED;
    else o[k] = redactJsonInPlace(x, depth + 1);
  }
  return o;
}

// JSON keys repeat on every line: is this one kept as it is by redactText and no secret name?
const plainKeys = new Map<string, boolean>();
function plainKey(k: string): boolean {
  let r = plainKeys.get(k);
  if (r === undefined) {
    r = redactText(k) === k && !isSecretKey(k);
    if (k.length > 128) return r;
    if (plainKeys.size >= 10_000) plainKeys.clear();
    plainKeys.set(own(k), r);
  }
  return r;
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
  // a form body: a secret pair loses its whole value, blanks and all (`password=correct horse`)
  if (body.indexOf("=") < 0) return redactText(body);
  return body.split("&").map((part) => {
    const eq = part.indexOf("=");
    return eq > 0 && isSecretKey(part.slice(0, eq).trim()) ? `${part.slice(0, eq + 1)}${REDACTED}` : redactText(part);
  }).join("&");
}

/**
 * A URL as a trace may show it (`--verbose`): userinfo, the value of every secret query parameter
 * (by name, as isSecretParam reads it: `password=a+b` loses `a+b`), and secrets in the rest.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const frag = hash < 0 ? "" : redactText(url.slice(hash));
  const rest = hash < 0 ? url : url.slice(0, hash);
  const q = rest.indexOf("?");
  const head = q < 0 ? rest : rest.slice(0, q);
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/is.exec(head);
  const base = m ? redactOrigin(m[1]) + redactText(m[2]) : redactText(head);
  if (q < 0) return base + frag;
  const query = rest.slice(q + 1).split("&").map((part) => {
    const eq = part.indexOf("=");
    return eq > 0 && isSecretKey(part.slice(0, eq).replace(/\+/g, " ")) ? `${part.slice(0, eq + 1)}${REDACTED}` : redactText(part);
  });
  return `${base}?${query.join("&")}${frag}`;
}
