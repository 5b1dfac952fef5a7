// Secrets written into source code (`mids migrate scan` shows source lines, json texts and
// --fix diffs): the rules of every mids output (rules.ts) with the placeholders they took put
// back, then the rules of code below, as data like those: each declares the literals of which
// every text it changes holds one, and the gates that let a rule pass over a text are derived
// from them (engine.ts; so is the prefilter, with each rule's check, for a caller that asks it). A value the code fills in (`$KEY`, `${key}`, `{key}`, `%s`) is no secret and is
// kept, so a diff around it still applies; so is an unquoted name without a digit
// (`Authorization: auth` in code is a variable, while keys carry digits), and a route
// (`const key = "/v2/projects/" + id`). What the rules of logs took whole of a tuple or a call
// (`auth=("user", "pw")`) is put back with its literals redacted.
import { compileRules, type CompiledRules } from "./engine.js";
import { CREDENTIAL_OPTIONS, REDACTED, SECRET_HEADERS, SECRET_QUERY_PARAMS, alt, esc } from "./names.js";
import { groupEnd, type NameTests, type TextRule } from "./rules.js";
import { isAsciiLetter as isLetter } from "../util/chars.js";

/** What the code rules ask of a run's redaction: the rules of every output, and its name tests. */
export interface CodeRedaction {
  redactText(s: string): string;
  isSecretKey(name: string): boolean;
}

const NOT_PLACEHOLDER = `(?![$%<{]|["']?\\$|["']?\\{|["']?%[sdv]|["']?<|process\\.env|os\\.environ|os\\.Getenv)`;
// a value the code fills in, which redactText (made for logs, where every value is real) took for a
// secret: `${KEY}`, `$KEY`, `{key}`, `{}`, `{0}`, `%s`, `<key>`, `process.env.KEY`, maybe quoted, maybe after a scheme
const PH = "(?:\\$\\{[^{}]*\\}|\\$\\(?[A-Za-z_]\\w*\\)?|\\{\\{?\\s*(?:[A-Za-z_][\\w.]*|\\d*)\\s*\\}\\}?|#\\{[^{}]*\\}|%[sdv]|%\\(\\w+\\)[sd]|<[A-Za-z_][\\w-]*>|process\\.env\\.\\w+|os\\.environ\\[[^\\]]*\\]|os\\.Getenv\\([^)]*\\))";
// (`user:password` as two placeholders; the punctuation that closes the code around it)
const PLACEHOLDER = new RegExp(`^(["'\`]?)(?:(?:Bearer|Basic|Token)\\s+)?${PH}(?::${PH})?\\1[\`'")\\]};,]*$`);

/** A secret query parameter's name as code writes it (`api_key`, `apiKey`, `api-key`), in either case. */
const PAIR_NAME = `(?:${SECRET_QUERY_PARAMS.map((p) => esc(p).replace(/[-_]/g, "[-_]?")).join("|")})`;
const PAIR_NAME_RE = new RegExp(`^${PAIR_NAME}$`, "i");
// (an escaped quote ends the value: its backslash stays, so the string it closes stays closed)
const PAIR = new RegExp(`([?&;]${PAIR_NAME}=)${NOT_PLACEHOLDER}(?:[^&\\s"'\`;#\\\\]|\\\\(?!["'\`]))+`, "gi");
// a literal that ends with a secret parameter's `=`, its value the literal the code joins to it
// (`"/v2/x?key=" + "sk_1..."`, PHP's `.`, Lua's `..`, VB's `&`, Python's literals side by side)
const JOINED_PAIR = new RegExp(`([?&;]${PAIR_NAME}=)(["'\`])(\\s*(?:\\+|\\.\\.?|&|<>)?\\s*)(["'\`])([^"'\`\\s&#;\\\\]+)`, "gi");
const joinedValue = (m: string, head: string, close: string, join: string, open: string, v: string): string =>
  (PLACEHOLDER.test(open + v + open) || isRouteLiteral(open + v + open) ? m : `${head}${close}${join}${open}${REDACTED}`);
// what a rule of logs took for the quoted value of a secret name (`key=" + "`) that is code: the
// end of a literal, a join and the start of the next (its value: JOINED_PAIR), maybe a name between
// (`key=" + KEY + "`: a variable)
const JOIN = /^\s*(?:\+|\.\.?|&|<>)?\s*$|^\s*(?:\+|\.\.?|&|<>)\s*[A-Za-z_$][\w$.]*\s*(?:\+|\.\.?|&|<>)\s*$/;
// a secret parameter whose value is a placeholder the code formats (`"?key=%s" % k`, Go's
// Sprintf, `"?key={}".format(k)`): the literals given after the string holding it that look like
// keys (`Sprintf("%s/v2/x?api_key=%s", base, "sk_1...")`) are its value, maybe
const FORMATTED_PAIR = new RegExp(`[?&;]${PAIR_NAME}=(?:%[sdv]|%\\(\\w+\\)[sd]|\\{\\w*\\})`, "i");
const LITERAL = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;
// a secret parameter's name and `=` in code (PAIR's head): what follows it says which of the
// patterns below can match, so a text is searched for it once and they are tried only where they can
const PAIR_HEAD = new RegExp(`[?&;]${PAIR_NAME}=`, "gi");

/** The rule of a secret query parameter in code: its value as written, in the literal joined to it, or formatted into it. */
function redactPairsInCode(s: string): string {
  PAIR_HEAD.lastIndex = 0;
  let m = PAIR_HEAD.exec(s);
  if (!m) return s;
  let joined = false;
  let formatted = false;
  for (; m; m = PAIR_HEAD.exec(s)) {
    const c = s.charCodeAt(m.index + m[0].length);
    if (isQuote(c)) joined = true;
    else if (c === 37 /* % */ || c === 123 /* { */) formatted = true;
  }
  let out = s.replace(PAIR, `$1${REDACTED}`);
  if (joined) out = out.replace(JOINED_PAIR, joinedValue);
  return formatted ? formattedValues(out) : out;
}

function formattedValues(s: string): string {
  const m = FORMATTED_PAIR.exec(s);
  if (!m) return s;
  // past the quote that closes the string holding it
  let from = m.index + m[0].length;
  while (from < s.length && !isQuote(s.charCodeAt(from))) from++;
  if (++from >= s.length) return s;
  const tail = s.slice(from).replace(LITERAL, (lit) => (secretLiteral(lit, false) ? lit[0] + REDACTED + lit[0] : lit));
  return s.slice(0, from) + tail;
}
const HEADER = new RegExp(`((?<!\\w|[?&;][\\w-]*)(?:${SECRET_HEADERS.map(esc).join("|")})["']?\\s*[:=]\\s*)${NOT_PLACEHOLDER}(?:"[^"$\`{]*"|'[^'$\`{]*'|(?:(?:Bearer|Basic|Token)\\s+)?${NOT_PLACEHOLDER}(?=[^\\s"'\`,;)}]*\\d)[^\\s"'\`\\\\,;)}]+)`, "gi");
// a URL's user info (`https://user:pw@host`), curl's credentials (`-u user:pw`), and a quoted
// literal given to a name that says it is secret (`const API_KEY = "sk_1..."`: secretLiteral)
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)(?![$%{<])[^/?#\s"'`<>@]+@/gi;
// (code may join an option and its value with `=`, as other tools' options take theirs)
const CURL_USER = new RegExp(`((?:^|\\s)(?:${alt(CREDENTIAL_OPTIONS)})(?:\\s+|=))${NOT_PLACEHOLDER}(?:"[^"]*"|'[^']*'|[^\\s"'\`]+)`, "g");
/** The last words of a name that says it is secret: NAMED's words, and its literals. */
const NAMED_WORDS: readonly string[] = ["key", "token", "secret", "password", "passwd", "pwd", "credential", "credentials"];
const NAMED = new RegExp(`((?<![\\w-])[\\w-]*(${alt(NAMED_WORDS)})["']?\\s*[:=]\\s*)("[^"$\`{\\n]+"|'[^'$\`{\\n]+')`, "gi");
/**
 * Names whose every literal is a secret (a password may be any word: `password = "letmein"`); a
 * name of the other secret words (`key`, `token`, `auth`) holds a secret when its literal looks
 * like a key (secretLiteral).
 */
const ANY_LITERAL_NAME = /(?:password|passwd|passphrase|pwd|secret|credential)s?["']?$/i;
/** A literal that looks like a key or token: it has a digit, or 16 characters and more with no blank (a random string of letters). */
const KEY_LIKE = /\d|^["'`][^\s"'`]{16,}["'`]$/;
/** Does every literal given to this secret name hide (a password, a secret), or only those that look like keys? */
const anyLiteral = (name: string): boolean => ANY_LITERAL_NAME.test(name);
/**
 * Is this quoted literal shown as REDACTED? Never a value the code fills in, an empty literal or
 * a route; with `any` (given to a password, or as a credential) any other literal, else one that
 * looks like a key (`const keys = ["name", "email"]` is code).
 */
export const secretLiteral = (lit: string, any: boolean): boolean =>
  lit.length > 2 && !PLACEHOLDER.test(lit) && !isRouteLiteral(lit) && (any || KEY_LIKE.test(lit));

// A literal that is (or starts with) an API route or a URL path is no secret, whatever name holds
// it (`const key = "/v2/projects/" + id`: a cache key): `/` and a lower-case word, or a URL whose
// path starts at an API version. What it holds after that is redacted as any text is.
const ROUTE_LITERAL = /^(["'`]?)(?:https?:\/\/[\w.-]+(?::\d+)?(?=\/v\d+(?:[/?#"'`]|$)))?\/[a-z][a-z0-9_.~-]*(?:[/?#]|\1$)/;
/** Is this literal (its quotes maybe with it) an API route or a URL path? */
export const isRouteLiteral = (lit: string): boolean => ROUTE_LITERAL.test(lit);

// A credential given as a tuple or a call's arguments: `auth=("user", "pw")` (Python's requests),
// `auth: ["user", "pw"]`, `HTTPBasicAuth("user", "pw")`, `req.SetBasicAuth("user", "pw")`; and a
// literal with a digit after a secret header's or parameter's quoted name, its call's first
// argument (`req.Header.Set("X-Api-Key", "k1")`, `.header("Authorization", "t0k")`).
// (found by its `:` or `=` and the bracket after it, the name read back from there: a native
// search passes over the rest of a long minified line)
const GIVEN = /[:=]\s*[([]/g;
const isNameChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
const CREDENTIAL_CALL = /(?<![\w$])(?:[A-Za-z_$][\w$]*\.)*[A-Za-z_$]*(?:(?:basic|digest|proxy|ntlm)_?auth|staticcredentials(?:provider)?)\(/iy;
const CREDENTIAL_CALL_AT = new RegExp(CREDENTIAL_CALL.source, "gi");
const CREDENTIAL_CALL_HINT = /auth\(|credentials(?:provider)?\(/i;
const NAMED_ARG = /(\(\s*)(["'])([\w.[\]-]+)\2(\s*,\s*)("[^"$`{\n]*\d[^"$`{\n]*"|'[^'$`{\n]*\d[^'$`{\n]*')/g;
// in a tuple or call: a value the code fills in (which may hold quotes: `os.environ["PW"]`), or a quoted literal
const GROUP_PART = new RegExp(`${PH}|"(?:[^"\\\\\\n]|\\\\.)*"|'(?:[^'\\\\\\n]|\\\\.)*'|\`(?:[^\`\\\\]|\\\\.)*\``, "g");

/**
 * A tuple's or call's text as shown, given to the secret name `name` (undefined: a name not
 * known, taken for a password): a credential (a tuple, a credential call) loses every quoted
 * literal, as does anything given to a name that says password or secret; anything else the
 * literals that look like keys (`cache.get("projects")` is code): secretLiteral.
 */
export function groupShown(group: string, name?: string): string {
  CREDENTIAL_CALL.lastIndex = 0;
  const any = group.charCodeAt(0) === 40 || CREDENTIAL_CALL.test(group) || name === undefined || anyLiteral(name);
  return group.replace(GROUP_PART, (lit) => {
    const q = lit.charCodeAt(0);
    if ((q !== 34 && q !== 39 && q !== 96) || !secretLiteral(lit, any)) return lit;
    return lit[0] + REDACTED + lit[0];
  });
}

/** The name a value is given to by the `:` or `=` at `k`: `name`, `"name"` or `'name'`, blanks maybe before the `:` or `=` ("" when none). */
function givenName(s: string, k: number): string {
  let j = k;
  while (j > 0 && isBlank(s.charCodeAt(j - 1))) j--;
  if (j > 0 && (s.charCodeAt(j - 1) === 34 || s.charCodeAt(j - 1) === 39)) j--;
  let a = j;
  while (a > 0 && isNameChar(s.charCodeAt(a - 1))) a--;
  return s.slice(a, j);
}

/** The name the value at `at` is given to (`name = value`, `"name": value`), or undefined when no `:` or `=` is before it. */
function nameOfValueAt(s: string, at: number): string | undefined {
  let k = at;
  while (k > 0 && isBlank(s.charCodeAt(k - 1))) k--;
  const c = s.charCodeAt(k - 1);
  return k > 0 && (c === 58 || c === 61) ? givenName(s, k - 1) || undefined : undefined;
}

function redactGiven(s: string, names: NameTests): string {
  // the tuples and calls to show redacted, in order, none inside another
  const at: [number, number, string | undefined][] = [];
  GIVEN.lastIndex = 0;
  for (let m = GIVEN.exec(s); m; m = GIVEN.exec(s)) {
    const from = m.index + m[0].length - 1;
    const name = givenName(s, m.index);
    const end = name && names.isSecretKey(name) ? groupEnd(s, from) : -1;
    // (a tuple inside it is part of it: the search goes on after it, once over the line)
    if (end > from) { at.push([from, end, name]); GIVEN.lastIndex = end; }
  }
  CREDENTIAL_CALL_AT.lastIndex = 0;
  for (let m = CREDENTIAL_CALL_HINT.test(s) ? CREDENTIAL_CALL_AT.exec(s) : null; m; m = CREDENTIAL_CALL_AT.exec(s)) {
    const end = groupEnd(s, m.index);
    // (a credential call loses every literal, whatever it is given to: groupShown)
    if (end > m.index) { at.push([m.index, end, undefined]); CREDENTIAL_CALL_AT.lastIndex = end; }
  }
  if (at.length) {
    at.sort((x, y) => x[0] - y[0]);
    let out = "";
    let last = 0;
    for (const [from, to, name] of at) {
      if (from < last) continue;
      out += s.slice(last, from) + groupShown(s.slice(from, to), name);
      last = to;
    }
    s = out + s.slice(last);
  }
  return s.replace(NAMED_ARG, (m, open: string, q: string, name: string, comma: string, v: string) =>
    (names.isSecretKey(name) && !PLACEHOLDER.test(v) && !isRouteLiteral(v) ? `${open}${q}${name}${q}${comma}${v[0]}${REDACTED}${v[0]}` : m));
}

/**
 * PAIR's literals: a word of each name (its longest, the last of equal ones). Code may join a
 * name's words with `_`, `-` or nothing, in either case, but each word stays whole.
 */
const PAIR_LITERALS: readonly string[] = SECRET_QUERY_PARAMS.map((p) => p.split(/[-_]/).reduce((a, w) => (w.length >= a.length ? w : a), ""))
  .filter((w, k, all) => all.indexOf(w) === k);

// could PAIR match over the name characters around i? (`[?&;]name=`: the run of them holds i, `?`,
// `&` or `;` stands just before it and `=` just after it, and it is a secret name)
function pairAt(s: string, i: number, from: number, to: number): boolean {
  let a = i;
  while (a > from && isNameChar(s.charCodeAt(a - 1))) a--;
  if (a === from) return false;
  const c = s.charCodeAt(a - 1);
  if (c !== 63 && c !== 38 && c !== 59) return false;
  let b = i;
  while (b < to && isNameChar(s.charCodeAt(b))) b++;
  return b < to && s.charCodeAt(b) === 61 && PAIR_NAME_RE.test(s.slice(a, b));
}

const isBlank = (c: number) => c === 32 || (c >= 9 && c <= 13);
const isQuote = (c: number) => c === 34 || c === 39 || c === 96;

// could NAMED match with its name's last word at i? (the letters from i, a quote maybe, blanks, `:`
// or `=`; a character past ASCII may be a Unicode blank: maybe)
function namedAt(s: string, i: number, to: number): boolean {
  let j = i;
  while (j < to && isLetter(s.charCodeAt(j))) j++;
  if (j < to && (s.charCodeAt(j) === 34 || s.charCodeAt(j) === 39)) j++;
  for (; j < to; j++) {
    const c = s.charCodeAt(j);
    if (c >= 128) return true;
    if (!isBlank(c)) return c === 58 || c === 61;
  }
  return false;
}

/** The rules of code, in the order they apply. */
export const SOURCE_RULES: readonly TextRule[] = Object.freeze([
  {
    name: "secret query parameter in code",
    literals: PAIR_LITERALS,
    caseInsensitive: true,
    near: (s, i, from, to) => pairAt(s, i, from, to),
    apply: (s) => redactPairsInCode(s),
  },
  {
    name: "secret header in code",
    literals: SECRET_HEADERS,
    caseInsensitive: true,
    apply: (s) => s.replace(HEADER, `$1${REDACTED}`),
  },
  {
    name: "quoted literal given to a secret name",
    literals: NAMED_WORDS,
    caseInsensitive: true,
    near: (s, i, _from, to) => namedAt(s, i, to),
    apply: (s) => s.replace(NAMED, (m, head: string, word: string, v: string) => (secretLiteral(v, anyLiteral(word)) ? head + REDACTED : m)),
  },
  {
    name: "credential given as a tuple or a call's arguments",
    literals: ["(", "["],
    apply: (s, names) => redactGiven(s, names),
  },
  { name: "URL userinfo in code", literals: ["@"], apply: (s) => s.replace(USERINFO, `$1${REDACTED}@`) },
  { name: "curl credential option", literals: CREDENTIAL_OPTIONS, apply: (s) => s.replace(CURL_USER, `$1${REDACTED}`) },
]);

/** The rules of code mids ships, compiled once (immutable). */
export const SOURCE_CODE_RULES: CompiledRules = compileRules(SOURCE_RULES);

// a name in code, maybe a member's or an entry's (`KEY`, `config.apiKey`, `ENV["MIDS_KEY"]`,
// `ENV.fetch("MIDS_KEY")`, `settings::KEY`): with no digit in it, a variable, for keys carry digits
const OPERATOR_WORD = /^(?:await|new|yield|typeof|async)$/;
const CODE_NAME = /^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*|\[\s*(["'])[\w.-]+\1\s*\]|\(\s*(["'])[\w.-]+\2\s*\))*$/;
// a word alone that reads as a variable's name by the conventions of code (`KEY`, `API_KEY`,
// `api_key`, `apiKey`), not as a word a person picked (`hunter`, `Sesame`: in YAML or a config
// file an unquoted value is a literal, and a short password may be one word)
const VARIABLE_LOOK = /^(?:[A-Z][A-Z_]+|[a-z]+(?:_[a-z]+)+|[a-z]+(?:[A-Z][a-z]*)+)$/;

// a literal, its quotes maybe with it
const ROUTE_CUT = /^(["'`]?)([^"'`\s]*)\1$/;

/**
 * What the rules of logs took in code that is no secret there, as it is shown: a placeholder as it
 * is; a route, and a tuple or call given to a secret name (its literals go: groupShown), with the
 * rules of logs applied to it alone; anything else undefined (it stays REDACTED).
 */
function shownInCode(cut: string, r: CodeRedaction, name: string | undefined, quoted: boolean, bare = false): string | undefined {
  if (PLACEHOLDER.test(cut)) return cut;
  // a name the code reads the value from, with no digit (keys carry digits) and not given to a
  // password (which may be any word): a member's or an entry's (`config.apiKey`, Ruby's
  // `ENV["MIDS_KEY"]`), or, `bare` (the rule's quotes were not the code's: `"x-api-key": KEY` is
  // no JSON), a word shorter than 16 letters named as code names variables (`KEY`, `api_key`, `apiKey`). A word alone elsewhere may be a
  // literal's text (`"x-api-key: abcdefgh"`, `.env`'s `KEY=abcdefgh`), and stays hidden.
  if (!quoted && !/\d/.test(cut) && CODE_NAME.test(cut) && !anyLiteral(name ?? "") && (/[.[(:>]/.test(cut) || (bare && cut.length < 16 && VARIABLE_LOOK.test(cut)))) return cut;
  // an operator word that opens the value's expression (`const token = await getToken()`), never
  // a value: hidden, scan's lines and --fix's diff hunks read `token = *** getToken()` and did not apply
  if (!quoted && OPERATOR_WORD.test(cut) && !anyLiteral(name ?? "")) return cut;
  // (a quote that ends the literal naming it, `api_key=` + "k1"`: one character is no secret)
  if ((quoted && JOIN.test(cut)) || (cut.length === 1 && isQuote(cut.charCodeAt(0)))) return cut;
  // (a literal of the other quote joined between two: `"?key=" + 'k1' + "&x"`, its value hidden)
  const joined = quoted ? joinedShown(cut, r, false) : undefined;
  if (joined !== undefined) return joined;
  const route = ROUTE_CUT.exec(cut);
  if (route && isRouteLiteral(route[2])) return route[1] + r.redactText(route[2]) + route[1];
  return groupEnd(cut, 0) === cut.length ? r.redactText(groupShown(cut, name)) : undefined;
}

// after the quote that closes a literal ending with a secret parameter's `=`: a join and the
// literal joined to it, in the other quote (`'?api_key=' + "sk_1..."`, `"?apiKey=" + 'sk_1...'`),
// which the rules of logs read as a quoted value running to the next quote like the first, or to
// the end of the line
const JOINED_VALUE = /^(\s*(?:\+|\.\.?|&|<>)?\s*)(["'`])((?:[^"'`\\\n]|\\.)*)\2/;
/**
 * `cut` shown as code when it is a join and a literal (the value of the secret parameter named
 * before it: hidden, unless the code fills it in or it is a route) and, with `toEnd`, the rest of
 * the line (shown as any code is), else only a join after it; undefined when it is not.
 */
function joinedShown(cut: string, r: CodeRedaction, toEnd: boolean): string | undefined {
  const m = JOINED_VALUE.exec(cut);
  if (!m) return undefined;
  const rest = cut.slice(m[0].length);
  if (!toEnd && !JOIN.test(rest)) return undefined;
  const lit = m[2] + m[3] + m[2];
  const value = PLACEHOLDER.test(lit) || isRouteLiteral(lit) ? lit : m[2] + REDACTED + m[2];
  const red = toEnd ? r.redactText(rest) : rest;
  return m[1] + value + (red === rest ? rest : keepPlaceholders(rest, red, r));
}

// a template expression with blanks in it, which the rules of logs cut at its first blank:
// `${{ secrets.KEY }}` (GitHub Actions), `{{ api_key }}` (Jinja, Postman, Helm's `{{ .Values.key }}`),
// `<%= key %>` (ERB), maybe after a scheme
const SPACED_PH = /(?:(?:Bearer|Basic|Token)\s+)?(?:\$?\{\{-?|<%=?-?)\s*[A-Za-z_.][\w.]*(?:\s*\|\s*[\w ]+?)?\s*-?(?:\}\}|%>)/y;
/** Is s[at, next) (what the rules of logs took) the start of a template expression that begins at `at`? */
function spacedPlaceholderAt(s: string, at: number, next: number): boolean {
  SPACED_PH.lastIndex = at;
  return SPACED_PH.test(s) && SPACED_PH.lastIndex >= next;
}

/**
 * The quotes a rule of logs put around a value it hid (`"x-api-key": "***"`, JSON's way) where the
 * code has none (`"x-api-key": KEY`, a variable) taken off `pieces` (red split at each REDACTED),
 * so that they line up with `s`; returns the indexes of the pieces after each stretch they were taken from.
 */
function unquoted(s: string, pieces: string[]): Set<number> {
  const bare = new Set<number>();
  let at = 0;
  for (let k = 0; k < pieces.length - 1; k++) {
    const p = pieces[k];
    const found = k === 0 ? (s.startsWith(p) ? 0 : -1) : s.indexOf(p, at);
    if (found >= 0) { at = found + p.length; continue; }
    const next = pieces[k + 1];
    const q = p.charCodeAt(p.length - 1);
    if (q !== 34 || next.charCodeAt(0) !== 34) return bare;
    const i = k === 0 ? (s.startsWith(p.slice(0, -1)) ? 0 : -1) : s.indexOf(p.slice(0, -1), at);
    if (i < 0) return bare;
    pieces[k] = p.slice(0, -1);
    pieces[k + 1] = next.slice(1);
    at = i + p.length - 1;
    bare.add(k + 1);
  }
  return bare;
}

/**
 * `red` is `s` with some stretches replaced by REDACTED: put back the stretches that are no secret
 * in code (shownInCode). When the pieces cannot be lined up with `s`, `red` as it is (never less redacted).
 */
function keepPlaceholders(s: string, red: string, r: CodeRedaction): string {
  const pieces = red.split(REDACTED);
  if (pieces.length < 2) return red;
  const bare = unquoted(s, pieces);
  if (!s.startsWith(pieces[0])) return red;
  let out = pieces[0];
  let at = pieces[0].length;
  for (let k = 1; k < pieces.length; k++) {
    const p = pieces[k];
    const last = k === pieces.length - 1;
    const next = last ? (s.endsWith(p) ? s.length - p.length : -1) : s.indexOf(p, at);
    if (next < at) {
      // a quote the rules of logs found no close for took the rest of the line: in code it closes
      // the literal before it, joined to one in the other quote (`'?api_key=' + "k1"); f(x)`)
      const toEnd = last && p.length === 1 && p === s[at - 1] ? joinedShown(s.slice(at), r, true) : undefined;
      return toEnd === undefined ? red : out + toEnd;
    }
    const cut = s.slice(at, next);
    // (between quotes that end a literal and open the next: `key=" + "` is a join)
    const quoted = isQuote(s.charCodeAt(at - 1)) && isQuote(s.charCodeAt(next));
    out += (shownInCode(cut, r, nameOfValueAt(s, at), quoted, bare.has(k)) ?? (spacedPlaceholderAt(s, at, next) ? cut : REDACTED)) + p;
    at = next + p.length;
  }
  return out;
}

/**
 * A line of code as it may be shown: the rules of every output (`r.redactText`) with the
 * placeholders they took kept, then the rules of code (`code`: SOURCE_CODE_RULES, or a list that
 * adds to them), each on a text that holds one of its literals (the derived gates: a line of code
 * meets the prefilter's anchors so often that its search costs more than the gates).
 */
export function redactCode(s: string, r: CodeRedaction, code: CompiledRules = SOURCE_CODE_RULES): string {
  const red = r.redactText(s);
  return code.applyGated(red === s ? s : keepPlaceholders(s, red, r), r);
}

/** redactCode with every rule of code applied, no prefilter, no gate: the reference its tests compare with. */
export function redactCodeRules(s: string, r: CodeRedaction, code: CompiledRules = SOURCE_CODE_RULES): string {
  const red = r.redactText(s);
  return code.applyAll(red === s ? s : keepPlaceholders(s, red, r), r);
}
