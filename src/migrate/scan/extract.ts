// Find v2 route references in source text: full URLs, template literals, f-strings, printf and
// format placeholders, string concatenations (also over lines), shell variables. Language-blind:
// it reads what surrounds each `/v2` the way a person would, and keeps every span's offsets so
// --fix can edit the literal parts only.

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

/** A set of ASCII characters as a table by char code (one array read per character, no regex). */
function charset(chars: string): (c: number) => boolean {
  const t = new Uint8Array(128);
  const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  for (const ch of alnum + chars) t[ch.charCodeAt(0)] = 1;
  return (c) => c < 128 && t[c] === 1;
}
const WORD = /[A-Za-z0-9_]/;
// literal URL characters inside a route (quotes, spaces, brackets, `;` and `#` end it)
const URL_PUNCT = "-._~!*+,=&@/?:";
const URL_CHAR = charset(URL_PUNCT);
/** the characters that may open a placeholder: placeholder() looks at no other */
const PH_START = "${#%:<";
/** URL characters that open no placeholder: the route reads on over a run of them at once */
const PLAIN = charset([...URL_PUNCT].filter((c) => !PH_START.includes(c)).join(""));
// host and port characters, scanned backwards from `/v2`
const HOST_CHAR = charset("-._~:@%");
const QUOTES = "\"'`";
/** letters that may open a string literal: Python f/r/b/u (and pairs such as rb, fr) */
const STRING_PREFIX = "fFrRbBuU";
const MAX_JOINS = 8;

/** Index of the bracket closing the one at `i` (same line unless `multiline`), or -1. */
function closing(text: string, i: number, open: string, close: string, multiline = false): number {
  let depth = 0;
  const limit = Math.min(text.length, i + 200);
  for (let j = i; j < limit; j++) {
    const c = text[j];
    if (c === "\n" && !multiline) return -1;
    if (c === open) depth++;
    else if (c === close && --depth === 0) return j;
  }
  return -1;
}

function skipSpace(text: string, i: number, maxNewlines = 2): number {
  let nl = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "\n") { if (++nl > maxNewlines) break; }
    else if (c !== " " && c !== "\t" && c !== "\r" && c !== "\\") break;
    i++;
  }
  return i;
}

/** An expression after a concatenation operator: `id`, `p.id`, `str(id)`, `ids[0]`, `$id`, `@id`. Returns its end or -1. */
function expression(text: string, i: number): number {
  const m = /^[$@]?[A-Za-z_][\w$]*/.exec(text.slice(i, i + 100));
  if (!m) return -1;
  let j = i + m[0].length;
  for (;;) {
    const c = text[j];
    if (c === "(" || c === "[") {
      const k = closing(text, j, c, c === "(" ? ")" : "]");
      if (k < 0) return -1;
      j = k + 1;
    } else if ((c === "." || (c === "-" && text[j + 1] === ">")) && /[A-Za-z_]/.test(text[j + (c === "." ? 1 : 2)] ?? "")) {
      j += c === "." ? 1 : 2;
      j += /^[\w$]*/.exec(text.slice(j, j + 100))![0].length;
    } else return j;
  }
}

/**
 * A concatenation operator at `i`: `+`, or with space around it PHP `.`, Lua `..`, VB `&` (so a
 * method call on a string, `"...".format(x)`, is not read as one). Its length, or 0.
 */
function operator(text: string, i: number): number {
  const c = text[i];
  if (c === "+") return 1;
  const n = text.startsWith("..", i) ? 2 : c === "." || c === "&" ? 1 : 0;
  return n && /\s/.test(text[i - 1] ?? "") && /\s/.test(text[i + n] ?? "") ? n : 0;
}

/** Placeholder syntax at `i` inside a route: `${x}`, `{x}`, `{{x}}`, `#{x}`, `$X`, `$(cmd)`, `%s`, `%(x)s`, `:x`, `<x>`. */
function placeholder(text: string, i: number): { end: number; name: string } | undefined {
  const c = text[i];
  // (the one list of openers: the route reads over any other URL character without asking here)
  if (!PH_START.includes(c)) return undefined;
  const next = text[i + 1];
  if (c === "$") {
    if (next === "{" || next === "(") {
      const k = closing(text, i + 1, next, next === "{" ? "}" : ")");
      return k < 0 ? undefined : { end: k + 1, name: text.slice(i + 2, k).trim() };
    }
    const m = /^\$(?:[A-Za-z_]\w*|\d)/.exec(text.slice(i, i + 100));
    return m ? { end: i + m[0].length, name: m[0].slice(1) } : undefined;
  }
  if (c === "{") {
    if (next === "{") {
      const k = text.indexOf("}}", i + 2);
      if (k < 0 || k - i > 200 || text.slice(i, k).includes("\n")) return undefined;
      return { end: k + 2, name: text.slice(i + 2, k).trim() };
    }
    const k = closing(text, i, "{", "}");
    return k < 0 ? undefined : { end: k + 1, name: text.slice(i + 1, k).trim().replace(/^\$/, "") };
  }
  if (c === "#" && next === "{") {
    const k = closing(text, i + 1, "{", "}");
    return k < 0 ? undefined : { end: k + 1, name: text.slice(i + 2, k).trim() };
  }
  if (c === "%") {
    const m = /^%(?:\(\w+\)|\[\d+\])?[-+ #0]*\d*(?:\.\d+)?[sdifvqxXu]/.exec(text.slice(i, i + 30));
    return m ? { end: i + m[0].length, name: m[0] } : undefined;
  }
  if (c === ":" && text[i - 1] === "/") {
    const m = /^:[A-Za-z_]\w*/.exec(text.slice(i, i + 100));
    return m ? { end: i + m[0].length, name: m[0].slice(1) } : undefined;
  }
  if (c === "<" && (text[i - 1] === "/" || text[i - 1] === "=")) {
    const m = /^<([A-Za-z_][\w-]*)>/.exec(text.slice(i, i + 100));
    return m ? { end: i + m[0].length, name: m[1] } : undefined;
  }
  return undefined;
}

/**
 * What precedes `/v2`: a host (`https://h/v2`, `h.example.com/v2`), a placeholder base (`${BASE}/v2`,
 * `$BASE/v2`, `" + base + "/v2`), or the start of a string. A `/v2` after another path segment
 * (`/api/v2`, `github.com/org/mod/v2`) is not a first segment: undefined.
 */
function before(text: string, at: number): { host?: string } | undefined {
  let i = at;
  while (i > 0 && at - i < 260 && HOST_CHAR(text.charCodeAt(i - 1))) i--;
  const tok = text.slice(i, at);
  const prev = text[i - 1];
  if (tok === "") return prev === "/" ? undefined : {};
  if (prev === "/") {
    if (text[i - 2] !== "/") return undefined;
    // an authority: drop user info; keep host[:port]
    return { host: tok.slice(tok.lastIndexOf("@") + 1).toLowerCase() };
  }
  if (prev === "$") return {}; // $BASE/v2
  if (tok.startsWith("%")) return {}; // %s/v2
  return /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d+)?$|^localhost(:\d+)?$/i.test(tok) ? { host: tok.toLowerCase() } : /^\w+$/.test(tok) ? undefined : {};
}

/** Every `/v2` route reference in `text`. */
export function extractRoutes(text: string): RouteText[] {
  const out: RouteText[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf("/v2", from);
    if (at < 0) return out;
    from = at + 3;
    const after = text[at + 3];
    if (after !== undefined && (WORD.test(after) || after === "." || after === "-" || after === "~")) continue;
    const pre = before(text, at);
    if (!pre) continue;
    const r = route(text, at);
    if (pre.host) r.host = pre.host;
    out.push(r);
    from = Math.max(from, r.end);
  }
}

function route(text: string, at: number): RouteText {
  const pieces: Piece[] = [];
  let litStart = at;
  let i = at + 3;
  let joins = 0;
  let endedAtQuote = false;
  const flush = (end: number) => {
    if (end > litStart) pieces.push({ kind: "lit", text: text.slice(litStart, end), start: litStart, end });
  };
  for (;;) {
    while (i < text.length && PLAIN(text.charCodeAt(i))) i++;
    const c = text[i];
    if (c === undefined) break;
    if (c === "%" && /^%[0-9A-Fa-f]{2}/.test(text.slice(i, i + 3))) { i += 3; continue; }
    const ph = placeholder(text, i);
    if (ph) {
      flush(i);
      pieces.push({ kind: "ph", name: ph.name, start: i, end: ph.end });
      i = litStart = ph.end;
      continue;
    }
    if (URL_CHAR(text.charCodeAt(i))) { i++; continue; }
    if (QUOTES.includes(c) && joins < MAX_JOINS) {
      const cont = concatenation(text, i);
      if (cont) {
        flush(i);
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
  // prose: a sentence's punctuation after a bare URL is not part of it
  if (!endedAtQuote && litStart < end) while (end > litStart + 1 && /[.,:!?&*]/.test(text[end - 1])) end--;
  flush(end);
  return { start: at, end, pieces };
}

/**
 * A string closes at `q` and the route goes on: `" + id + "/x"`, `" + "/x"`, `"` `"/x"` (adjacent
 * literals), or ends with a value: `"/v2/projects/" + id`.
 */
function concatenation(text: string, q: number): { piece: Piece; end: number; last?: boolean } | undefined {
  let j = skipSpace(text, q + 1);
  // adjacent literals (C, Python, Go's none): `"/v2/a/"` `"b"`, also with a string prefix: `f"{id}"`, `r'x'`
  const prefix = j > q + 1 && STRING_PREFIX.includes(text[j]) ? (STRING_PREFIX.includes(text[j + 1]) ? 2 : 1) : 0;
  if (j > q + 1 && text[j + prefix] === text[q]) return { piece: { kind: "join", start: q, end: j + prefix + 1 }, end: j + prefix + 1 };
  const op = operator(text, j);
  if (!op) return undefined;
  j = skipSpace(text, j + op);
  if (QUOTES.includes(text[j] ?? "")) return { piece: { kind: "join", start: q, end: j + 1 }, end: j + 1 };
  const e = expression(text, j);
  if (e < 0) return undefined;
  const name = text.slice(j, e).replace(/^[$@]/, "");
  let k = skipSpace(text, e);
  const op2 = operator(text, k);
  if (op2) {
    k = skipSpace(text, k + op2);
    if (QUOTES.includes(text[k] ?? "")) return { piece: { kind: "ph", name, start: q, end: k + 1 }, end: k + 1 };
  }
  return { piece: { kind: "ph", name, start: q, end: e }, end: e, last: true };
}
