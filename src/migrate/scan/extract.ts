// Find v2 route references in source text: full URLs, template literals, f-strings, printf and
// format placeholders, string concatenations (also over lines), shell variables. Language-blind:
// it reads what surrounds each `/v2` the way a person would, and keeps every span's offsets so
// --fix can edit the literal parts only.

import { charTableOf } from "../../util/chars.js";

/** A literal run of route text, or a placeholder (a value the code fills in), with its source span. */
export type Piece =
  | { kind: "lit"; text: string; start: number; end: number }
  | { kind: "ph"; name: string; start: number; end: number }
  /** two string literals joined (`"a" + "b"`, `"a" "b"`): no value, only syntax */
  | { kind: "join"; start: number; end: number };

export interface RouteText {
  /** offset of `/v2` */
  start: number;
  /** offset after the route text */
  end: number;
  /** lower-cased host (and port) when an absolute URL or a bare host precedes `/v2` */
  host?: string;
  pieces: Piece[];
}

// The reader runs once per `/v2` in every candidate file, mostly un-optimised (scan's V8 flags), so
// it reads runs of characters (a route's plain text, a host, a name) by one native match each: a
// sticky RegExp at an offset, no slice to match on. (Each use sets the RegExp's lastIndex first and
// reads it at once: nothing carries from one call to the next.)

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** after `/v2`, a character that makes it a longer name: `/v20`, `/v2beta`, `/v2_x`, `/v2.1`, `/v2-x`, `/v2~` */
const LONGER_NAME = charTableOf(ALNUM + "_.-~");
// literal URL characters inside a route (quotes, spaces, brackets, `;` and `#` end it)
const URL_PUNCT = "-._~!*+,=&@/?:";
/** the characters that may open a placeholder: placeholder() looks at no other */
const PH_START = "${#%:<";
const PH_OPEN = charTableOf(PH_START);
/** `chars` escaped for a RegExp character class */
const inClass = (chars: string): string => chars.replace(/[-\]\\^]/g, "\\$&");
/** a route parameter, `:x`: only right after `/` (`/v2/intel/:id`; `?at=10:30` is literal text) */
const ROUTE_PARAM_HEAD = "(?<=/):[A-Za-z_]";
/**
 * A run of literal route text, read by one native match from where the route reads on: URL
 * characters that open no placeholder, `%XX` escapes (read before any placeholder), and a `:`
 * that opens no route parameter. It stops at a placeholder's opener, a quote, or the first
 * character that is no part of a route.
 */
const LITERAL_RUN = new RegExp(`(?:[${ALNUM}${inClass([...URL_PUNCT].filter((c) => !PH_START.includes(c)).join(""))}]+|%[0-9A-Fa-f]{2}|(?!${ROUTE_PARAM_HEAD}):)*`, "y");
// host and port characters, read backwards from `/v2` (at most 260 of them)
const HOST_CHARS = ALNUM + "-._~:@%";
const HOST_CHAR = charTableOf(HOST_CHARS);
/** the run of host characters that ends where it is matched (sticky): a lookbehind reads it backwards */
const HOST_RUN = new RegExp(`(?<=([${inClass(HOST_CHARS)}]{1,260}))`, "y");
const HOST_NAME = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d+)?$|^localhost(:\d+)?$/i;
const WORD_ONLY = /^\w+$/;
const RELATIVE_DIR = /^(\.\.?|~)$/;
const QUOTE = charTableOf("\"'`");
/** letters that may open a string literal: Python f/r/b/u (and pairs such as rb, fr) */
const STRING_PREFIX = charTableOf("fFrRbBuU");
/** a sentence's punctuation, dropped from the end of a bare URL in prose */
const PROSE_END = charTableOf(".,:!?&*");
const MAX_JOINS = 8;
// placeholders and expressions, matched in place (sticky); each bound is the one of the text the
// reader looks at: at most 100 characters from the opener
const DOLLAR_NAME = /\$(?:[A-Za-z_]\w{0,98}|\d)/y;
const ROUTE_PARAM = new RegExp(`${ROUTE_PARAM_HEAD}\\w{0,98}`, "y");
const ANGLE_PARAM = /<[A-Za-z_][\w-]{0,97}>/y;
/** printf and Python % conversions: within 30 characters of the `%` */
const CONVERSION = /%(?:\(\w+\)|\[\d+\])?[-+ #0]*\d*(?:\.\d+)?[sdifvqxXu]/y;
const CONVERSION_SPAN = 30;
const IDENTIFIER = /[$@][A-Za-z_][\w$]{0,98}|[A-Za-z_][\w$]{0,99}/y;
const MEMBER = /[\w$]{0,100}/y;
const NL = 10;
const SLASH = 47;

/** `re` (sticky) matched at `i`: the end of the match, or -1. */
function matchAt(re: RegExp, text: string, i: number): number {
  re.lastIndex = i;
  return re.test(text) ? re.lastIndex : -1;
}

/** Index of the bracket (char code `open`) closing the one at `i` on the same line, or -1. */
function closing(text: string, i: number, open: number, close: number): number {
  let depth = 0;
  const limit = Math.min(text.length, i + 200);
  for (let j = i; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (c === NL) return -1;
    if (c === open) depth++;
    else if (c === close && --depth === 0) return j;
  }
  return -1;
}

/** Past spaces, tabs, CRs, backslashes (line continuations) and at most `maxNewlines` newlines. */
function skipSpace(text: string, i: number, maxNewlines = 2): number {
  let nl = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === NL) { if (++nl > maxNewlines) break; }
    else if (c !== 32 && c !== 9 && c !== 13 && c !== 92) break;
  }
  return i;
}

/** A quote at `i`, or the end of the text (where a concatenation's next string would open). */
const quoteOrEnd = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return i >= text.length || (c < 128 && QUOTE[c] === 1);
};

/** [A-Za-z_] at `i` */
function identStart(text: string, i: number): boolean {
  const c = text.charCodeAt(i) | 0x20;
  return (c >= 97 && c <= 122) || text.charCodeAt(i) === 95;
}

/** An expression after a concatenation operator: `id`, `p.id`, `str(id)`, `ids[0]`, `$id`, `@id`. Returns its end or -1. */
function expression(text: string, i: number): number {
  let j = matchAt(IDENTIFIER, text, i);
  if (j < 0) return -1;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === 40 /* ( */ || c === 91 /* [ */) {
      const k = closing(text, j, c, c === 40 ? 41 : 93);
      if (k < 0) return -1;
      j = k + 1;
    } else if (c === 46 /* . */ && identStart(text, j + 1)) j = matchAt(MEMBER, text, j + 1);
    else if (c === 45 /* - */ && text.charCodeAt(j + 1) === 62 /* > */ && identStart(text, j + 2)) j = matchAt(MEMBER, text, j + 2);
    else return j;
  }
}

/**
 * A concatenation operator at `i`: `+`, or with space around it PHP `.`, Lua `..`, VB `&` (so a
 * method call on a string, `"...".format(x)`, is not read as one). Its length, or 0.
 */
function operator(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 43 /* + */) return 1;
  if (c !== 46 /* . */ && c !== 38 /* & */) return 0;
  const n = c === 46 && text.charCodeAt(i + 1) === 46 ? 2 : 1;
  return /\s/.test(text[i - 1] ?? "") && /\s/.test(text[i + n] ?? "") ? n : 0;
}

const ph = (name: string, start: number, end: number): Piece => ({ kind: "ph", name, start, end });

/**
 * Placeholder syntax at `i` (its char code `c`) inside a route: `${x}`, `{x}`, `{{x}}`, `#{x}`,
 * `$X`, `$(cmd)`, `%s`, `%(x)s`, `:x`, `<x>`. Its piece, or undefined.
 */
function placeholder(text: string, i: number, c: number): Piece | undefined {
  const next = text.charCodeAt(i + 1);
  if (c === 36 /* $ */) {
    if (next === 123 /* { */ || next === 40 /* ( */) {
      const k = closing(text, i + 1, next, next === 123 ? 125 : 41);
      return k < 0 ? undefined : ph(text.slice(i + 2, k).trim(), i, k + 1);
    }
    const e = matchAt(DOLLAR_NAME, text, i);
    return e < 0 ? undefined : ph(text.slice(i + 1, e), i, e);
  }
  if (c === 123 /* { */) {
    if (next === 123) {
      const k = text.indexOf("}}", i + 2);
      if (k < 0 || k - i > 200 || text.slice(i, k).includes("\n")) return undefined;
      return ph(text.slice(i + 2, k).trim(), i, k + 2);
    }
    const k = closing(text, i, 123, 125);
    return k < 0 ? undefined : ph(text.slice(i + 1, k).trim().replace(/^\$/, ""), i, k + 1);
  }
  if (c === 35 /* # */ && next === 123) {
    const k = closing(text, i + 1, 123, 125);
    return k < 0 ? undefined : ph(text.slice(i + 2, k).trim(), i, k + 1);
  }
  if (c === 37 /* % */) {
    // (a conversion can end in one place only, so a longer one has no shorter match in the span)
    const e = matchAt(CONVERSION, text, i);
    if (e - i > CONVERSION_SPAN) return undefined;
    return e < 0 ? undefined : ph(text.slice(i, e), i, e);
  }
  if (c === 58 /* : */) {
    const e = matchAt(ROUTE_PARAM, text, i);
    return e < 0 ? undefined : ph(text.slice(i + 1, e), i, e);
  }
  if (c === 60 /* < */ && (text.charCodeAt(i - 1) === SLASH || text.charCodeAt(i - 1) === 61 /* = */)) {
    const e = matchAt(ANGLE_PARAM, text, i);
    return e < 0 ? undefined : ph(text.slice(i + 1, e - 1), i, e);
  }
  return undefined;
}

/**
 * What precedes `/v2`: a host (`https://h/v2`, `h.example.com/v2`), a placeholder base (`${BASE}/v2`,
 * `$BASE/v2`, `" + base + "/v2`), or the start of a string. The host, lower case ("" for none),
 * or undefined: a `/v2` after another path segment (`/api/v2`, `github.com/org/mod/v2`, `../v2`)
 * is not a first segment.
 */
function before(text: string, at: number): string | undefined {
  let i = at;
  const c = text.charCodeAt(at - 1);
  if (c < 128 && HOST_CHAR[c] === 1) {
    HOST_RUN.lastIndex = at;
    i = at - HOST_RUN.exec(text)![1].length;
  }
  const prev = text.charCodeAt(i - 1);
  if (i === at) return prev === SLASH ? undefined : "";
  if (prev === SLASH) {
    if (text.charCodeAt(i - 2) !== SLASH) return undefined;
    // an authority: drop user info; keep host[:port]
    const tok = text.slice(i, at);
    return tok.slice(tok.lastIndexOf("@") + 1).toLowerCase();
  }
  if (prev === 36 /* $ */) return ""; // $BASE/v2
  // a named or indexed conversion as the base: `%(base)s/v2` (Python), `%[1]s/v2` (Go)
  if ((prev === 41 /* ) */ || prev === 93 /* ] */) && conversionEndsAt(text, at)) return "";
  const tok = text.slice(i, at);
  // a relative file path (`../v2/topics`, `./v2/...`, `~/v2/...`): `/v2` follows a path segment
  if (RELATIVE_DIR.test(tok)) return undefined;
  return HOST_NAME.test(tok) ? tok.toLowerCase() : WORD_ONLY.test(tok) ? undefined : "";
}

/** Does a printf conversion (CONVERSION) end at `at`? */
function conversionEndsAt(text: string, at: number): boolean {
  const p = text.lastIndexOf("%", at - 1);
  return p >= 0 && at - p <= CONVERSION_SPAN && matchAt(CONVERSION, text, p) === at;
}

/**
 * The API behind a gateway path (a base URL such as `https://gw.example/mids`): `/v2` right after
 * one of `prefixes` is a first segment too, when what precedes the prefix is one of the API's own
 * hosts or no host at all (`"/mids/v2/..."`).
 */
export interface ApiPrefixes {
  /** each `/a/b`: no trailing slash, never empty */
  prefixes: readonly string[];
  ownHost: (host: string | undefined) => boolean;
}

/** What precedes `/v2` when it comes after one of the API's path prefixes: as before(), or undefined. */
function beforePrefix(text: string, at: number, under: ApiPrefixes): string | undefined {
  for (const p of under.prefixes) {
    const from = at - p.length;
    if (from < 0 || !text.startsWith(p, from)) continue;
    const host = before(text, from);
    if (host === "" || (host !== undefined && under.ownHost(host))) return host;
  }
  return undefined;
}

/** Every `/v2` route reference in `text`. */
export function extractRoutes(text: string, under?: ApiPrefixes): RouteText[] {
  const out: RouteText[] = [];
  let from = 0;
  for (let at = nextV2(text, 0); at >= 0; at = nextV2(text, from)) {
    from = at + 3;
    let host = before(text, at);
    if (host === undefined && under) host = beforePrefix(text, at, under);
    if (host === undefined) continue;
    const r = route(text, at);
    if (host) r.host = host;
    out.push(r);
    if (r.end > from) from = r.end;
  }
  return out;
}

/** The next `/v2` at or after `from` that is not the start of a longer name (`/v2x`, `/v20`), or -1. */
function nextV2(text: string, from: number): number {
  for (;;) {
    const at = text.indexOf("/v2", from);
    if (at < 0) return -1;
    const after = text.charCodeAt(at + 3);
    if (!(after < 128 && LONGER_NAME[after] === 1)) return at;
    from = at + 3;
  }
}

/** a path segment's characters, read backwards from `/v2` to the path before it (passedOver) */
const SEGMENT_CHAR = charTableOf(ALNUM + "-._~%");
/** how far back the path before `/v2` is read */
const MAX_PREFIX = 256;

/** Where the path segments right before `at` start (`/gw/api` of `https://h/gw/api/v2`), or `at` when none. */
function pathStart(text: string, at: number): number {
  let s = at;
  for (;;) {
    let k = s;
    for (let c: number; k > 0 && (c = text.charCodeAt(k - 1)) < 128 && SEGMENT_CHAR[c] === 1;) k--;
    if (k === s || text.charCodeAt(k - 1) !== SLASH || text.charCodeAt(k - 2) === SLASH || at - k >= MAX_PREFIX) return s;
    s = k - 1;
  }
}

/** A `/v2` route text extractRoutes passes over that a --host would have read: its host ("" for none) and the path before `/v2` ("" for none). */
export interface PassedOver {
  route: RouteText;
  host: string;
  prefix: string;
}

/**
 * The `/v2` texts extractRoutes passes over (read only when a scan finds no usage, for its hint):
 * `/v2` after a path (`"/api/v2/projects"`, `https://gw.example/api/v2/...`: an API behind a gateway
 * path), and `/v2` after a host (`https://api.example.com/v2`, a base URL, is the API's only on its
 * own host). Whether each is a v2 usage under that host and path is the analyzer's to say.
 */
export function passedOver(text: string): PassedOver[] {
  const out: PassedOver[] = [];
  let from = 0;
  for (let at = nextV2(text, 0); at >= 0; at = nextV2(text, from)) {
    from = at + 3;
    let host = before(text, at);
    let start = at;
    if (host === undefined) {
      start = pathStart(text, at);
      if (start === at) continue;
      host = before(text, start);
      if (host === undefined) continue;
    } else if (host === "") continue; // read as it is: no flag changes what it is
    const r = route(text, at);
    if (host) r.host = host;
    out.push({ route: r, host, prefix: text.slice(start, at) });
    if (r.end > from) from = r.end;
  }
  return out;
}

/** The literal text[start, end) as a piece, unless empty. */
function literal(text: string, pieces: Piece[], start: number, end: number): void {
  if (end > start) pieces.push({ kind: "lit", text: text.slice(start, end), start, end });
}

function route(text: string, at: number): RouteText {
  const pieces: Piece[] = [];
  const n = text.length;
  let litStart = at;
  let i = at + 3;
  let joins = 0;
  let endedAtQuote = false;
  while (i < n) {
    LITERAL_RUN.lastIndex = i;
    LITERAL_RUN.test(text);
    i = LITERAL_RUN.lastIndex;
    if (i >= n) break;
    const c = text.charCodeAt(i);
    if (c >= 128) break;
    // HTML's and XML's `&amp;` between query pairs (`href="/v2/projects?page=1&amp;limit=5"`): the
    // route goes on (before, it ended at the `;` and the analyzer read a parameter `amp`)
    if (c === 59 /* ; */ && text.startsWith("&amp", i - 4)) { i++; continue; }
    if (PH_OPEN[c] === 1) {
      const p = placeholder(text, i, c);
      if (p) {
        literal(text, pieces, litStart, i);
        pieces.push(p);
        i = litStart = p.end;
        continue;
      }
    }
    if (QUOTE[c] === 1 && joins < MAX_JOINS) {
      const cont = concatenation(text, i);
      if (cont) {
        literal(text, pieces, litStart, i);
        pieces.push(cont.piece);
        joins++;
        i = litStart = cont.end;
        if (cont.last) break;
        continue;
      }
      endedAtQuote = true;
    }
    break;
  }
  let end = i;
  // prose: a sentence's punctuation after a bare URL is not part of it, nor a YAML key's colon
  // after a placeholder (`/v2/projects/{id}:` in an OpenAPI file; before, --fix wrote `{id}%3A`)
  // a string's last colon too: a key written as a string (`"/v2/clusters:"`, YAML keys in JSON;
  // before, the route with its colon matched none and was not reported); --fix keeps the colon
  if (litStart < end) {
    const least = litStart + (pieces.length ? 0 : 1);
    for (let c: number; end > least && (c = text.charCodeAt(end - 1)) < 128 && PROSE_END[c] === 1 && (!endedAtQuote || c === 58);) end--;
  }
  literal(text, pieces, litStart, end);
  return { start: at, end, pieces };
}

/**
 * A string closes at `q` and the route goes on: `" + id + "/x"`, `" + "/x"`, `"` `"/x"` (adjacent
 * literals), or ends with a value: `"/v2/projects/" + id`.
 */
function concatenation(text: string, q: number): { piece: Piece; end: number; last?: boolean } | undefined {
  let j = skipSpace(text, q + 1);
  // adjacent literals (C, Python, Go's none): `"/v2/a/"` `"b"`, also with a string prefix: `f"{id}"`, `r'x'`
  if (j > q + 1) {
    const c = text.charCodeAt(j);
    const prefix = c < 128 && STRING_PREFIX[c] === 1 ? (text.charCodeAt(j + 1) < 128 && STRING_PREFIX[text.charCodeAt(j + 1)] === 1 ? 2 : 1) : 0;
    if (text.charCodeAt(j + prefix) === text.charCodeAt(q)) return { piece: { kind: "join", start: q, end: j + prefix + 1 }, end: j + prefix + 1 };
  }
  const op = operator(text, j);
  if (!op) return undefined;
  j = skipSpace(text, j + op);
  if (quoteOrEnd(text, j)) return { piece: { kind: "join", start: q, end: j + 1 }, end: j + 1 };
  const e = expression(text, j);
  if (e < 0) return undefined;
  const c = text.charCodeAt(j);
  const name = text.slice(c === 36 || c === 64 /* $ @ */ ? j + 1 : j, e);
  let k = skipSpace(text, e);
  const op2 = operator(text, k);
  if (op2) {
    k = skipSpace(text, k + op2);
    if (quoteOrEnd(text, k)) return { piece: { kind: "ph", name, start: q, end: k + 1 }, end: k + 1 };
  }
  return { piece: { kind: "ph", name, start: q, end: e }, end: e, last: true };
}
