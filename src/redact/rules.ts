// The rules that find secrets in free text (a log's paths, values, user agents, error texts), as
// data. Each rule declares the literals of which every text it changes holds one; the prefilter
// (engine.ts) is built from those literals and never calls text clean that a rule would change.
// A rule may add `near`, a cheap local check at one of its literals ("could I change the text
// here?"): it lives beside the rule's pattern, and test/unit/redact-rules.test.ts holds each rule
// to its literals and its check.
import { charTable, isAsciiLetter as isLetter } from "../util/chars.js";
import {
  CREDENTIAL_OPTIONS, CREDENTIAL_SCHEMES, REDACTED, SECRET_HEADERS, SECRET_URL_PARAMS, SECRET_HEADER_ENDINGS, SECRET_PARAM_ENDINGS, SECRET_QUERY_PARAMS, TEXT_SCHEMES, alt, esc,
} from "./names.js";

/** What a rule may ask about names (memoized per run by a Redactor). */
export interface NameTests {
  isSecretKey(name: string): boolean;
}

export interface TextRule {
  readonly name: string;
  /** Every text this rule changes holds one of these (either case when caseInsensitive). */
  readonly literals: readonly string[];
  readonly caseInsensitive?: boolean;
  /**
   * One of the literals is at i in s[from, to): could the rule change s.slice(from, to)?
   * Never "no" wrongly. Absent: yes.
   */
  near?(s: string, i: number, from: number, to: number, names: NameTests): boolean;
  /** `near` answers for the whole text, wherever the literal is: it is asked once per text. */
  readonly nearIsWholeText?: boolean;
  /**
   * The first thing `near` asks (a charTable): the ASCII characters that may stand just before a
   * literal where it says maybe. `near` says no at a literal with no character before it in
   * s[from, to) or with an ASCII one this table leaves out (past ASCII: it goes on). The
   * prefilter's search passes over those literals natively (engine.ts); not with nearIsWholeText.
   */
  readonly before?: Uint8Array;
  /** The text with this rule applied (the text itself when it changes nothing). */
  apply(s: string, names: NameTests): string;
}

// ---- name=value pairs ----

// `name=value` pairs, found by their `name=` head and kept when the name is not a secret (any
// name isSecretKey calls one: `%61pi_key`, `myApiKey`, `user[password]`, `sid`). The separator
// before a name and the `=` may be percent-encoded (`next=%2Fv2%3Fapi_key%3D...`): an encoded
// value ends at an encoded separator too.
const ENC_SEP = "%(?:25)?(?:3F|26|3B|23|2C|20|22|27|2F|3D)";
const NAME_CH = `[\\w.\\[\\]~+-]|%(?!(?:25)?(?:3F|26|3B|23|2C|20|22|27|2F|3D))[0-9A-Fa-f]{2}`;
const PAIR_HEAD = new RegExp(`(?:^|[^\\w.%\\[\\]~+-]|${ENC_SEP})((?:${NAME_CH})+)([ \\t]*=[ \\t]*|%(?:25)?3D)`, "gi");
// (an escaped quote, `\"` in a log's quoted field or a JSON string, ends a value too: its backslash stays, so the field stays closed)
const VALUE_END = /[&\s"';#?]|\\(?=["'])/g;
const VALUE_END_ENCODED = /[&\s"';#?]|\\(?=["'])|%(?:25)?(?:26|23|3B|22|27|20)/gi;
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

// a value that opens a tuple or a call (`auth=("user", "pw")`, `auth=HTTPBasicAuth("user", "pw")`):
// what is given is all inside it, to its close
const GROUP_OPEN = /(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)?[([]/y;

/** Where the tuple or call that opens at `from` ends (after its close), or -1 when none opens there; unclosed: the end of the line. */
export function groupEnd(s: string, from: number): number {
  GROUP_OPEN.lastIndex = from;
  if (!GROUP_OPEN.test(s)) return -1;
  let depth = 0;
  for (let i = GROUP_OPEN.lastIndex - 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10 || c === 13) return i;
    if (c === 40 || c === 91) depth++;
    else if ((c === 41 || c === 93) && --depth === 0) return i + 1;
    else if (c === 34 || c === 39 || c === 96) {
      // a quoted string: its brackets are text (an unclosed one: to the end of the line)
      for (i++; i < s.length && s.charCodeAt(i) !== c; i++) {
        const d = s.charCodeAt(i);
        if (d === 10 || d === 13) return i;
        if (d === 92) i++;
      }
    }
  }
  return s.length;
}

function redactPairs(s: string, names: NameTests): string {
  let out = "";
  let last = 0;
  PAIR_HEAD.lastIndex = 0;
  for (let m = PAIR_HEAD.exec(s); m; m = PAIR_HEAD.exec(s)) {
    const end = m.index + m[0].length;
    // not a secret: go on from its `=` (the value may hold a pair of its own: `next=/x?token=...`)
    if (!names.isSecretKey(m[1])) { PAIR_HEAD.lastIndex = end - m[2].length; continue; }
    const qEnd = quotedEnd(s, end);
    const q = qEnd === undefined ? "" : s[end] === "\\" ? '\\"' : s[end];
    const group = qEnd === undefined ? groupEnd(s, end) : -1;
    let v = qEnd ?? (group >= 0 ? group : valueEnd(s, end, m[2].charCodeAt(0) === 37));
    // `X-API-Key=Token abc`: a scheme word takes the credential after it along
    if (qEnd === undefined && group < 0 && SCHEME_WORD.test(s.slice(end, v))) {
      const m2 = /^[ \t]+[^\s&"';#]+/.exec(s.slice(v, v + 4096));
      if (m2) v += m2[0].length;
    }
    // `Cookie=a=1; sid=abc`: a cookie list runs over its semicolons, as a `Cookie:` header does
    if (qEnd === undefined && group < 0 && /^(?:set[-_]?)?cookie$/i.test(m[1])) {
      const m3 = /^(?:;[ \t]*[^\s"'&;#]+)+/.exec(s.slice(v, v + 65536));
      if (m3) v += m3[0].length;
    }
    out += s.slice(last, end) + q + REDACTED + q;
    PAIR_HEAD.lastIndex = last = v;
  }
  return last ? out + s.slice(last) : s;
}

// PAIR_HEAD's name characters ([\w.\[\]~+-]), and `%` (an escape in a name: not proved, "maybe")
const NAME_CHAR = charTable((c) => /[\w.[\]~+%-]/.test(String.fromCharCode(c)));

// could redactPairs find a secret name before the `=` at p? (its name is the run of name
// characters before it, blanks between; a name with `%` in it is not proved)
function pairAt(s: string, p: number, from: number, names: NameTests): boolean {
  let j = p - 1;
  while (j >= from && (s.charCodeAt(j) === 32 || s.charCodeAt(j) === 9)) j--;
  const end = j + 1;
  for (; j >= from; j--) {
    const c = s.charCodeAt(j);
    if (c >= 128 || NAME_CHAR[c] === 0) break;
    if (c === 37) return true;
  }
  return j + 1 < end && names.isSecretKey(s.slice(j + 1, end));
}

// ---- `Name: value` headers and `"name": value` pairs ----

// names as isSecretParam reads them, for the JSON-ish pairs below
const PARAM_TEXT = `(?:x[-_]?)?(?:${SECRET_QUERY_PARAMS.map((p) => p.split("_").map(esc).join("[-_]?")).join("|")})`
  + `|[\\w.-]*[-_](?:${SECRET_PARAM_ENDINGS.map((p) => p.split("_").map(esc).join("[-_]?")).join("|")})`;
// header name endings with `-` or `_` between their words (`api_key: ...` as well as `api-key: ...`)
const ENDINGS_TEXT = [...SECRET_HEADER_ENDINGS, ...SECRET_HEADERS].sort((a, b) => b.length - a.length).map((n) => n.split("-").map(esc).join("[-_]?")).join("|");
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
/**
 * `re`'s matches (a head, then a value) replaced by `shown`; a value that opens a tuple or a call
 * (`"auth": ["user", "pw"]`, `Token: HTTPBasicAuth("u", "pw")`) is redacted to its close, as `***`.
 */
function replaceValues(s: string, re: RegExp, shown: (m: RegExpExecArray) => string): string {
  let out = "";
  let last = 0;
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const at = m.index + m[1].length;
    const group = groupEnd(s, at);
    out += s.slice(last, m.index) + (group < 0 ? shown(m) : m[1] + REDACTED);
    re.lastIndex = last = Math.max(group, m.index + m[0].length);
  }
  return last ? out + s.slice(last) : s;
}
const headerValue = (m: RegExpExecArray): string => m[1] + REDACTED;
const jsonValue = (m: RegExpExecArray): string => jsonPairValue(m[0], m[1], m[2]);
// a secret header or JSON key ends with one of these before its colon (the names' last three letters)
const distinct = (xs: readonly string[]): string[] => [...new Set(xs)];
const HINT_ENDS: readonly string[] = distinct([...SECRET_HEADER_ENDINGS, ...SECRET_HEADERS, ...SECRET_QUERY_PARAMS, ...SECRET_PARAM_ENDINGS].map((n) => n.slice(-3).toLowerCase()));
const HEADER_HINT = new RegExp(`(?:${HINT_ENDS.map(esc).join("|")})(?:\\\\*["']|\\\\x22)?\\s*(?::|=>)`, "i");
// (every ending three printable ASCII characters: one number each; else HEADER_HINT itself is used)
const hint3 = (): ReadonlySet<number> | undefined => (HINT_ENDS.every((e) => e.length === 3 && /^[\x21-\x7e]+$/.test(e))
  ? new Set(HINT_ENDS.map((e) => (e.charCodeAt(0) << 16) | (e.charCodeAt(1) << 8) | e.charCodeAt(2)))
  : undefined);
const HINT3 = hint3();
const lowerAscii = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);

// could the three characters before `end` (none before `from`) be one of HEADER_HINT's endings?
function hintEnds(s: string, end: number, from: number): boolean {
  if (end - from < 3) return false;
  const a = s.charCodeAt(end - 3), b = s.charCodeAt(end - 2), c = s.charCodeAt(end - 1);
  if ((a | b | c) >= 128) return true;
  return HINT3!.has((lowerAscii(a) << 16) | (lowerAscii(b) << 8) | lowerAscii(c));
}

// what may stand just before the `:` (or `=>`) of a HEADER_HINT match: a blank, a quote, the `2`
// of `\x22`, or the last letter of an ending in either case
const HINT_BEFORE = charTable((c) => c === 32 || (c >= 9 && c <= 13) || c === 34 || c === 39 || c === 50
  || HINT_ENDS.some((e) => lowerAscii(e.charCodeAt(e.length - 1)) === lowerAscii(c)));

// could HEADER_HINT match with its `:` (or `=>`) at p? (`name\s*:`, `name"\s*:`, `name\\x22\s*:`)
function hintAt(s: string, p: number, from: number, to: number): boolean {
  if (!HINT3) return HEADER_HINT.test(s.slice(from, to));
  // (the rule's `before`: the prefilter's search asks it natively)
  const b = p > from ? s.charCodeAt(p - 1) : -1;
  if (b < 0 || (b < 128 && HINT_BEFORE[b] === 0)) return false;
  let k = p - 1;
  for (; k >= from; k--) {
    const c = s.charCodeAt(k);
    if (c >= 128) return true; // maybe a Unicode blank (\s)
    if (c !== 32 && (c < 9 || c > 13)) break;
  }
  if (k < from) return false;
  if (hintEnds(s, k + 1, from)) return true;
  const c = s.charCodeAt(k);
  if (c === 34 || c === 39) {
    let j = k - 1;
    while (j >= from && s.charCodeAt(j) === 92) j--;
    if (hintEnds(s, j + 1, from)) return true;
  }
  // `\x22` (either case of x)
  return c === 50 && k - from >= 3 && s.charCodeAt(k - 1) === 50 && (s.charCodeAt(k - 2) | 0x20) === 120 && s.charCodeAt(k - 3) === 92 && hintEnds(s, k - 3, from);
}

// ---- an OAuth authorization code ----

// `?code=...&state=...`: an OAuth authorization response (RFC 6749 4.1.2) hands the browser a
// one-time credential under a common word, so it lands in referers and in the callback's own log
// line. Redacted as a URL's query or fragment parameter only: after `?`, `&`, `&amp;` or `#`, those
// percent-encoded too (a callback URL inside a `next=` or `redirect_uri=`); `code=` elsewhere (code,
// prose, logfmt) is left alone.
const OAUTH_CODE = new RegExp(`(?:[?&#]|&amp;|%(?:25)?(?:3F|26|23))(?:${alt(SECRET_URL_PARAMS)})(=|%(?:25)?3D)`, "gi");
// what may stand just before the name: a separator, `;` of `&amp;`, or the last character of an encoded one
const OAUTH_CODE_BEFORE = charTable((c) => c === 63 || c === 38 || c === 35 || c === 59 || c === 70 || c === 102 || c === 54 || c === 51);

function redactOauthCode(s: string): string {
  let out = "";
  let last = 0;
  OAUTH_CODE.lastIndex = 0;
  for (let m = OAUTH_CODE.exec(s); m; m = OAUTH_CODE.exec(s)) {
    const at = m.index + m[0].length;
    const end = valueEnd(s, at, m[1] !== "=");
    if (end === at) continue;
    out += s.slice(last, at) + REDACTED;
    OAUTH_CODE.lastIndex = last = end;
  }
  return last ? out + s.slice(last) : s;
}

// ---- the rest ----

// Bearer xxxxx, Basic xxxxx, ... (a credential follows the scheme; the blank may be encoded)
const SCHEME_VALUE = new RegExp(`\\b(${alt(TEXT_SCHEMES)})(\\s+|%20|\\+)[A-Za-z0-9._~+/=:%-]{6,}`, "g");
// Digest (and AWS4) credentials are a list of `name=value` and `name="value"`, quotes maybe escaped
const PARAM_LIST_VALUE = /\b(Digest|AWS4-HMAC-SHA256)(\s+)(?:[\w-]+=(?:\\?"(?:[^"\\]|\\(?!"))*\\?"|[^\s",\\]*)(?:,\s*)?)+/g;
// scheme://user:password@host, //user:password@host, and percent-encoded (`https%3A%2F%2Fu%3Apw%40h`)
// (a password holding `/`, `?` or `#` leaves `user:` with a port that is no number: up to its `@`)
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/|(?<![\w:/])\/\/)(?:[^/?#\s"'<>]+@|[^/?#\s"'<>@:[]*:(?!\d*(?:[/?#\s"'<>]|$))[^\s"'<>@]*@)/gi;
const USERINFO_ENCODED = /(%2F%2F)(?:(?!%2F|%3F|%23)[^/?#\s"'<>@&])+(%40)/gi;
// a JSON Web Token anywhere (base64url JSON: a cut one too)
const JWT = /(?<![A-Za-z])eyJ[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*){0,2}/g;
// a command line in a log: `--api-key abc`, `--password 'a b'`, and curl's credential options
const FLAG = /(?<![\w-])(--?[A-Za-z][\w-]*)([ \t]+)("[^"]*"|'[^']*'|[^\s"'-]\S*)/g;
const CREDENTIAL_FLAGS: ReadonlySet<string> = new Set(CREDENTIAL_OPTIONS);
// `<password>...</password>`, `<ns:Token>...</ns:Token>` (XML and SOAP bodies)
const XML_ELEMENT = /<((?:[\w.-]+:)?([\w.-]+))(\s[^<>]*)?>([^<]*)<\/\1>/g;
// `basic dXNlcjpwYXNz` in lower case is English unless what follows decodes to `user:password`
const LOWER_BASIC = /\b(basic)(\s+)([A-Za-z0-9+/]{8,}={0,2})(?![\w+/=])/g;
// a reader's reason quotes the first 40 characters of a bad target: cut inside `user:password@`,
// the `@` that marks the userinfo is gone, so an authority the cut left open is not shown
const CUT_TARGET = /((?:not a request target|not a URL|is not a URL): [a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*:[^/?#\s@]*$/i;
// ... and a credential after a scheme, cut shorter than SCHEME_VALUE's six characters
const CUT_SCHEME = new RegExp(`((?:not a request target|not a URL|is not a URL): \\S*\\b(?:${alt(TEXT_SCHEMES)})(?:%20|\\+))[^\\s*]{1,5}$`);

// could FLAG (`(?<![\w-])(--?[A-Za-z]...`) start anywhere in s[from, to)?
function flagStart(s: string, from: number, to: number): boolean {
  for (let i = s.indexOf("-", from); i >= 0 && i < to; i = s.indexOf("-", i + 1)) {
    const p = i > from ? s.charCodeAt(i - 1) : 32;
    if (isLetter(p) || (p >= 48 && p <= 57) || p === 95 || p === 45) continue;
    const n = i + 1 < to ? s.charCodeAt(i + 1) : 32;
    if (isLetter(n) || (n === 45 && i + 2 < to && isLetter(s.charCodeAt(i + 2)))) return true;
  }
  return false;
}

/** The rules, in the order they apply (the first: `Authorization=Bearer abc` keeps no `abc` once the pair has taken `Bearer`). */
export const TEXT_RULES: readonly TextRule[] = Object.freeze([
  {
    name: "scheme credential (Bearer, Basic, Digest, AWS4 ...)",
    literals: TEXT_SCHEMES,
    apply: (s) => s.replace(PARAM_LIST_VALUE, `$1$2${REDACTED}`).replace(SCHEME_VALUE, `$1$2${REDACTED}`),
  },
  {
    name: "secret name=value pair",
    literals: ["=", "%3d", "%253d"],
    caseInsensitive: true,
    near: (s, i, from, _to, names) => s.charCodeAt(i) !== 61 || pairAt(s, i, from, names),
    apply: (s, names) => redactPairs(s, names),
  },
  {
    name: "secret header line or JSON pair",
    literals: [":", "=>"],
    near: (s, i, from, to) => hintAt(s, i, from, to),
    ...(HINT3 ? { before: HINT_BEFORE } : {}),
    apply: (s) => {
      if (!HEADER_HINT.test(s)) return s;
      s = replaceValues(s, HEADER_TEXT, headerValue);
      return s.indexOf('"') >= 0 || s.indexOf("'") >= 0 || s.indexOf("\\x22") >= 0 ? replaceValues(s, JSON_PAIR, jsonValue) : s;
    },
  },
  {
    name: "OAuth authorization code in a URL",
    literals: SECRET_URL_PARAMS.flatMap((n) => [`${n}=`, `${n}%3d`, `${n}%253d`]),
    caseInsensitive: true,
    before: OAUTH_CODE_BEFORE,
    near: (s, i, from) => i > from && (s.charCodeAt(i - 1) >= 128 || OAUTH_CODE_BEFORE[s.charCodeAt(i - 1)] === 1),
    apply: (s) => redactOauthCode(s),
  },
  { name: "URL userinfo", literals: ["@"], apply: (s) => s.replace(USERINFO, `$1${REDACTED}@`) },
  { name: "percent-encoded URL userinfo", literals: ["%40"], apply: (s) => s.replace(USERINFO_ENCODED, `$1${REDACTED}$2`) },
  { name: "JSON Web Token", literals: ["eyJ"], apply: (s) => s.replace(JWT, REDACTED) },
  {
    name: "credential command-line option",
    literals: [" -", "\t-"],
    near: (s, _i, from, to) => flagStart(s, from, to),
    nearIsWholeText: true,
    apply: (s, names) => (s.indexOf(" -") < 0 && s.indexOf("\t-") < 0 ? s : s.replace(FLAG, (m, flag: string, blank: string) =>
      (CREDENTIAL_FLAGS.has(flag) || (flag.length > 2 && names.isSecretKey(flag.replace(/^-+/, ""))) ? flag + blank + REDACTED : m))),
  },
  {
    name: "secret XML element",
    literals: ["</"],
    apply: (s, names) => s.replace(XML_ELEMENT, (m, tag: string, local: string, attrs: string | undefined) =>
      (names.isSecretKey(local) ? `<${tag}${attrs ?? ""}>${REDACTED}</${tag}>` : m)),
  },
  {
    name: "lower-case basic credential",
    literals: ["basic"],
    apply: (s) => s.replace(LOWER_BASIC, (m, word: string, blank: string, b64: string) =>
      (Buffer.from(b64, "base64").toString("latin1").indexOf(":") > 0 ? word + blank + REDACTED : m)),
  },
  {
    name: "credential cut short in a reader's reason",
    literals: ["not a"],
    apply: (s) => (s.indexOf("not a") < 0 ? s : s.replace(CUT_TARGET, `$1${REDACTED}`).replace(CUT_SCHEME, `$1${REDACTED}`)),
  },
]);
