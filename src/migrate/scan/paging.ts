// A v2 read whose query parameters the code sets apart from the URL: `new URL("/v2/projects", B)`
// then `u.searchParams.set("page", n)`, Python's `requests.get(f"{B}/v2/intel", params={"page": n})`,
// a `for (let page = 1; ...)` loop around the call, `params={"start": s}` beside a momentum read.
// The route text alone reads as a call without them, and --fix would make it a v3 path the code
// then sends v2 parameters to: a page number (v3 lists page by cursor), a name v3 spells otherwise
// (start -> from), one v3 dropped. Such a read is left: partial, with a note naming the parameter
// and the line that sets it.
import { paramsOf, route, type ParamSpec } from "../../contract/routes.js";
import { carriedParams, note } from "../rewrite.js";
import { StaticMemo } from "../../util/memo.js";
import type { Usage } from "./analyze.js";

/** The rule of a v2 parameter that pages by number (routes.ts): its routes are the ones looked at. */
const PAGE_RULE = "page-to-cursor";
/** How far around a usage the code is read for its page: lines before its line, lines after it, and characters each way at most. */
export const PAGE_LINES_BEFORE = 2;
export const PAGE_LINES_AFTER = 4;
const PAGE_SPAN = 2000;

/** The name of the parameter a route pages by number with, or undefined. */
export function pageParam(routeId: string | undefined): string | undefined {
  return routeId === undefined ? undefined : paramsOf(route(routeId)).find((p) => p.rule === PAGE_RULE)?.name;
}

/** The rule of a parameter v3 names otherwise (routes.ts: a `to` that is not its name). */
export const RENAMED_RULE = "param-renamed";

/** What scan looks for near a route's usages: its parameters v3 takes otherwise. */
export interface ApartPlan {
  readonly params: readonly ParamSpec[];
  /**
   * The source of one pattern for all of them (native, one pass over the code around a usage): a
   * page by its name, a compound name by its name, a plain word only where keySetAt can take it
   * (after a quote, `&` or `?`, or `{` or `,`: a shorthand property), so the words of code are not each tried. Group k is params[k]'s
   * name. (A source, not a RegExp: a global pattern keeps its position, so each run compiles its
   * own: ApartPatterns.)
   */
  readonly source: string;
}

const NO_PLAN: ApartPlan = Object.freeze({ params: [], source: "" });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The v2 parameters of a route that do not reach v3 as they are: paged by number, named otherwise
 * in v3, or under a rule (dropped); not one that loses nothing for some values (its value, set
 * apart, is not known). Made once per route.
 */
const plans = new StaticMemo((routeId: string): ApartPlan => {
  // (as the rewrite carries them: on a series read `at` is the window's end, `to`)
  // (one lossless for its default is looked for: its value set apart may be another; one lossy for
  // its default is not: the usage has its note already, whatever the code sets)
  const params = carriedParams(route(routeId)).filter((p) => (p.to !== undefined && p.to !== p.name) || (p.to === undefined && p.rule !== undefined && (!p.lossless || p.lossless.includes(String(p.default)))));
  if (!params.length) return NO_PLAN;
  // (a plain word after a blank only as httpie's query piece, `start==s`: httpieQuery reads the rest)
  const alternatives = params.map((p) => (p.rule === PAGE_RULE || COMPOUND.test(p.name) ? `(${escape(p.name)})` : `(?:${PLAIN_BEFORE}|[ \\t](?=${escape(p.name)}==))(${escape(p.name)})`));
  return Object.freeze({ params, source: alternatives.join("|") });
});

export const apartPlan = (routeId: string | undefined): ApartPlan => (routeId === undefined ? NO_PLAN : plans.get(routeId));

/** The patterns of one scan run, compiled once per route it meets (a run's own: their positions are its state). */
export class ApartPatterns {
  private readonly compiled = new Map<string, RegExp>();
  of(plan: ApartPlan): RegExp {
    let re = this.compiled.get(plan.source);
    if (!re) this.compiled.set(plan.source, (re = new RegExp(plan.source, "g")));
    return re;
  }
}

const isWord = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isQuote = (c: number): boolean => c === 34 || c === 39 || c === 96;
const isSpace = (c: number): boolean => c === 32 || c === 9;
const isBlank = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;
/**
 * What may come before a plain word the patterns look at: a quote, `&`, `?`, or `{` or `,` (a
 * shorthand property), then blanks (one class: keySetAt takes a quote, `&` or `?` right before the
 * name only, and shorthand() the rest; a lookbehind instead costs scan 4% more instructions).
 */
const PLAIN_BEFORE = "[\"'`&?{,]\\s*";
/** How far back shorthand() looks for the brace its property is in. */
const SHORTHAND_SPAN = 400;

/**
 * `name` at `i` as a shorthand property, JS and TS's `{ page, limit }` and `{ start, end }`
 * (`params: { start, end }`, a destructured `const { page } = ...` or `function f({ page })`): after
 * `{` or `,`; then, to the `}`, other properties (`limit`, `limit: 20`), not an assignment to
 * several names (Go's `page, err := f()` at the start of a block, Python's `page, n = f()`); and
 * inside braces, not a call's parentheses or an array (`f(a, start, end)`, `[start, end]`), by the
 * nearest bracket left open before it.
 */
function shorthand(text: string, i: number, name: string): boolean {
  let k = i - 1;
  while (isBlank(text.charCodeAt(k))) k--;
  const p = text.charCodeAt(k);
  if (p !== 123 /* { */ && p !== 44 /* , */) return false;
  // `${page}`, `#{page}`: an interpolation; `page={page}`, `>{page}<`: JSX's attribute and child
  // (and `=>{`, a function's body), not a property
  if (p === 123) { const q = text.charCodeAt(k - 1); if (q === 36 /* $ */ || q === 35 /* # */ || q === 61 /* = */ || q === 62 /* > */) return false; }
  const ceiling = Math.min(text.length, i + SHORTHAND_SPAN);
  let j = i + name.length;
  for (;;) {
    while (isBlank(text.charCodeAt(j))) j++;
    if (j >= ceiling) return false;
    const c = text.charCodeAt(j);
    if (c === 125 /* } */) break;
    if (c !== 44 /* , */) return false;
    j++;
    while (isBlank(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) === 125) break; // a trailing comma
    while (text.charCodeAt(j) === 46 /* . */) j++; // a spread, `...rest`
    const w = j;
    while (isWord(text.charCodeAt(j))) j++;
    if (j === w) return false;
    while (isBlank(text.charCodeAt(j))) j++;
    // `key: value`: an object's (`:=` is Go's assignment, `::` a path)
    if (text.charCodeAt(j) === 58 /* : */) { const d = text.charCodeAt(j + 1); if (d === 61 || d === 58) return false; break; }
  }
  if (quotedOrCommented(text, i)) return false;
  let depth = 0;
  for (let m = k, floor = Math.max(0, i - SHORTHAND_SPAN); m >= floor; m--) {
    const b = text.charCodeAt(m);
    if (b === 41 || b === 93 || b === 125) depth++;
    else if (b === 40 || b === 91 || b === 123) { if (depth === 0) return b === 123; depth--; }
  }
  return false;
}

/**
 * Whether offset `i` is in a string or a comment begun on its own line, read from the line's
 * start: `{page}` in a Python f-string, a Rust format string or a template literal's text, and
 * `{ page, limit }` in a `//`, `/*`, `# ` or ` * ` comment are words of text, not properties. A
 * quote that opens no string is passed over: an apostrophe (`don't`, after a word that is no string
 * prefix such as Python's `f`), a Rust lifetime (`&'a`, `<'a>`), the text of a block comment begun
 * on a line before (up to its end on this line), and a `'` or `"` that no quote closes on its line
 * (a regex's `/'/`): JS and Rust strings in those quotes end on their line, a template literal may not.
 */
function quotedOrCommented(text: string, i: number): boolean {
  let j = text.lastIndexOf("\n", i - 1) + 1;
  while (isSpace(text.charCodeAt(j))) j++;
  // a line of a block comment (` * { page }`), not `*/`
  if (text.charCodeAt(j) === 42 /* * */ && text.charCodeAt(j + 1) !== 47) return true;
  // the end of a block comment begun on a line before: the code is after it
  for (let k = j; k < i - 1; k++) {
    const c = text.charCodeAt(k);
    if (c === 47 /* / */ && text.charCodeAt(k + 1) === 42) break;
    if (c === 42 /* * */ && text.charCodeAt(k + 1) === 47) { j = k + 2; break; }
  }
  let quote = 0;
  let opened = 0;
  for (;; j++) {
    if (j >= i) {
      // a `'` or `"` not closed on its line opened no string: the line is code from after it on
      if (quote === 0 || quote === 96 /* ` */ || closesOnLine(text, i, quote)) return quote !== 0;
      quote = 0;
      j = opened;
      continue;
    }
    const c = text.charCodeAt(j);
    if (quote) { if (c === 92 /* a backslash */) j++; else if (c === quote) quote = 0; continue; }
    if (isQuote(c)) {
      if (c !== 39 /* ' */ || opensString(text, j)) { quote = c; opened = j; }
    }
    else if (c === 47 /* / */) {
      const d = text.charCodeAt(j + 1);
      if (d === 47) return true;
      // `/* ... */` closed before it is passed over
      if (d === 42) { const e = text.indexOf("*/", j + 2); if (e < 0 || e + 2 > i) return true; j = e + 1; }
    }
    else if (c === 35 /* # */) { const d = text.charCodeAt(j + 1); if (isBlank(d) || d === 35) return true; }
  }
}

/** Whether the `'` at `j` opens a string: not an apostrophe (`don't`, but `f'...'`, `b'x'`) or a Rust lifetime (`&'a`, `<'a>`). */
function opensString(text: string, j: number): boolean {
  const b = text.charCodeAt(j - 1);
  if (b === 38 /* & */ || b === 60 /* < */) {
    const a = text.charCodeAt(j + 1);
    // `&'a` / `<'a`: a lifetime, unless a char literal (`'a'`)
    if (((a >= 65 && a <= 90) || (a >= 97 && a <= 122) || a === 95) && text.charCodeAt(j + 2) !== 39) return false;
  }
  if (!isWord(b) || b === 36 /* $ */) return true;
  let k = j - 1;
  while (k >= 0 && isWord(text.charCodeAt(k)) && text.charCodeAt(k) !== 36) k--;
  return STRING_PREFIX.test(text.slice(k + 1, j));
}

/** The letters that may open a string right before its quote: Python's f, r, b, u (rb, fr, ...), Rust's b. */
const STRING_PREFIX = /^(?:[rbuf]|rb|br|fr|rf)$/i;

/** Whether the `quote` open at `i` closes (unescaped) before the end of its line. */
function closesOnLine(text: string, i: number, quote: number): boolean {
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 10 || c === 13) return false;
    if (c === 92) j++;
    else if (c === quote) return true;
  }
  return false;
}

/**
 * Does `name` at `i` name a parameter the code sets: quoted (`"page"`, a key or a searchParams
 * name), or a word given a value (`page=`, `page:`, `page = 1`; not `==`, `=>` or `::`)?
 */
function setsAt(text: string, i: number, name: string): boolean {
  const b = text.charCodeAt(i - 1);
  let j = i + name.length;
  const a = text.charCodeAt(j);
  if (isWord(b) || isWord(a)) return false;
  if (isQuote(b) && a === b) return true;
  if (httpieQuery(text, i, name)) return true;
  while (isSpace(text.charCodeAt(j))) j++;
  const c = text.charCodeAt(j);
  const d = text.charCodeAt(j + 1);
  if (c === 61 /* = */) return d !== 61 && d !== 62;
  // `page:` as a key (`{ page: n }`, `, page: 2`, a YAML line), not a sentence's `first page:`
  if (c !== 58 /* : */ || d === 58) return shorthand(text, i, name);
  let k = i - 1;
  while (isSpace(text.charCodeAt(k))) k--;
  const p = text.charCodeAt(k);
  return k < 0 || p === 123 /* { */ || p === 44 /* , */ || p === 40 /* ( */ || p === 10 || p === 13;
}

/**
 * Does `name` at `i` name a query parameter the code sets, in the forms that are about a request
 * and not any variable of that name: a quoted key or argument (`"start": s`, `set("start", s)`,
 * `("start", s)`) or a query piece (`"start=`, `&start=`); and for a compound name (`projectIds`,
 * which code does not use by chance) an object key (`{ projectIds: s }`, `, projectIds:`, a YAML
 * line) or a keyword argument (`dict(projectIds=s)`) too, as is `limit` (KEYED_PLAIN): a plain word there is as often anything
 * else (`{ at: Date.now() }`, `enumerate(xs, start=1)`); and any name as a shorthand property
 * (`{ start, end }`: shorthand()). A page number is read more loosely (setsAt: `page = 1` in a loop
 * around the call).
 */
function keySetAt(text: string, i: number, name: string): boolean {
  const b = text.charCodeAt(i - 1);
  const j = i + name.length;
  const a = text.charCodeAt(j);
  if (isWord(b) || isWord(a)) return false;
  // curl's data, a query piece under -G (`curl -G "$B/v2/projects" -d limit=100`)
  if (isSpace(b) && a === 61 && CURL_DATA.test(text.slice(Math.max(0, i - 24), i))) return true;
  if (httpieQuery(text, i, name)) return true;
  if (isQuote(b)) {
    if (a === 61 /* = */) return text.charCodeAt(j + 1) !== 61;
    if (a !== b) return false;
    let k = j + 1;
    while (isSpace(text.charCodeAt(k))) k++;
    const c = text.charCodeAt(k);
    return c === 58 /* : */ || c === 44 /* , */ || c === 41 /* ) */ || c === 93 /* ] */;
  }
  if (b === 38 /* & */ || b === 63 /* ? */) return a === 61;
  if (!COMPOUND.test(name) && !KEYED_PLAIN.has(name)) return shorthand(text, i, name);
  let k = i - 1;
  while (isSpace(text.charCodeAt(k))) k--;
  const p = text.charCodeAt(k);
  let m = j;
  while (isSpace(text.charCodeAt(m))) m++;
  const c = text.charCodeAt(m);
  const d = text.charCodeAt(m + 1);
  if (c === 58 /* : */ && d !== 58) return k < 0 || p === 123 /* { */ || p === 44 /* , */ || p === 40 /* ( */ || p === 10 || p === 13;
  if (c === 61 /* = */ && d !== 61 && d !== 62) return p === 40 /* ( */ || p === 44 /* , */;
  return shorthand(text, i, name);
}

/** A command that runs httpie (`http`, `https`) or xh (`xh`, `xhs`), before a blank. */
const HTTPIE = /(?:^|[\s;&|(`])(?:https?|xhs?)[ \t]/;
/** How many lines ended by `\` (a shell's continuation) httpieQuery reads back over. */
const HTTPIE_LINES = 8;

/**
 * `name` at `i` as httpie's query piece, `name==value` after a blank (`http GET "$B/v2/projects"
 * page==2 limit==100`, also on a continuation line), in a command that runs httpie or xh: not a
 * comparison (`if page==2`). Before, such a page went unseen and --fix rewrote the read as if the
 * code asked for the first page.
 */
function httpieQuery(text: string, i: number, name: string): boolean {
  const j = i + name.length;
  if (!isSpace(text.charCodeAt(i - 1)) || text.charCodeAt(j) !== 61 || text.charCodeAt(j + 1) !== 61) return false;
  const v = text.charCodeAt(j + 2);
  if (v === 61 || Number.isNaN(v) || isBlank(v)) return false;
  let from = text.lastIndexOf("\n", i - 1) + 1;
  for (let k = 0; k < HTTPIE_LINES && from > 1; k++) {
    let e = from - 2;
    if (text.charCodeAt(e) === 13) e--;
    if (text.charCodeAt(e) !== 92 /* a backslash */) break;
    from = text.lastIndexOf("\n", e - 1) + 1;
  }
  return HTTPIE.test(text.slice(from, i));
}

/** curl's option whose value is a query piece under -G, and the blanks after it, ending a text. */
const CURL_DATA = /\s(?:-d|--data(?:-urlencode|-raw)?)\s+$/;
/** A name of more than one word (camelCase): `projectIds`, `intelSortBy`. */
const COMPOUND = /[a-z][A-Z]/;
/**
 * Plain words read as object keys and keyword arguments as compound names are: a page size
 * (`{ params: { page, limit: 50 } }`, Ruby's `query: { limit: 50 }`, `dict(limit=50)`), which
 * code beside a list read sets for little else. Before, such a size went unseen and the finding
 * said to ask for v2's default page size, contradicting the code.
 */
const KEYED_PLAIN: ReadonlySet<string> = new Set(["limit"]);

/** The start of the `lines`-th line before the one `at` is on (or of the text). */
function linesBack(text: string, at: number, lines: number, floor: number): number {
  let i = at;
  for (let k = 0; k <= lines && i > floor; k++) {
    const nl = text.lastIndexOf("\n", i - 1);
    if (nl < floor) return floor;
    i = k === lines ? nl + 1 : nl;
  }
  return Math.max(i, floor);
}

/** The end of the `lines`-th line after the one `at` is on (or of the text). */
function linesOn(text: string, at: number, lines: number, ceiling: number): number {
  let i = at;
  for (let k = 0; k <= lines; k++) {
    const nl = text.indexOf("\n", i);
    if (nl < 0 || nl >= ceiling) return ceiling;
    i = nl + 1;
  }
  return i - 1;
}

/**
 * Where the code near a usage (text[start, end)) names its route's page parameter, outside the
 * route text itself: the offset, or -1. The lines of the route references before and after it
 * (the end of the one before, `after`, and the start of the one after, `before`) are other calls'
 * code, unless they are the usage's own line.
 */
export function pageSetNear(text: string, start: number, end: number, name: string, after = 0, before = text.length): number {
  const p = { name, rule: PAGE_RULE } as ParamSpec;
  return paramsSetNear(text, start, end, { params: [p], source: `(${escape(name)})` }, after, before)[0]?.at ?? -1;
}

/**
 * The parameters of a usage's route (apartPlan) that the code near it sets (text[start, end) is the
 * usage): where, and the parameter, in the order they appear. The window is the lines around the
 * usage (PAGE_LINES_BEFORE and PAGE_LINES_AFTER); the lines of the route references before and
 * after it (the end of the one before, `after`, and the start of the one after, `before`) are other
 * calls' code, unless they are the usage's own line; their own texts ([afterStart, after) and
 * [before, beforeEnd)) are never this usage's.
 */
export function paramsSetNear(text: string, start: number, end: number, plan: ApartPlan, after = 0, before = text.length, re = new RegExp(plan.source, "g"), afterStart = after, beforeEnd = before): readonly { param: ParamSpec; at: number }[] {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const eol = text.indexOf("\n", end);
  const lineEnd = eol < 0 ? text.length : eol;
  const afterLine = after > 0 ? text.indexOf("\n", after) + 1 || text.length : 0;
  const beforeLine = before < text.length ? text.lastIndexOf("\n", before - 1) : text.length;
  const from = linesBack(text, start, PAGE_LINES_BEFORE, Math.max(Math.min(afterLine, lineStart), start - PAGE_SPAN, 0));
  const to = linesOn(text, end, PAGE_LINES_AFTER, Math.min(Math.max(beforeLine, lineEnd), end + PAGE_SPAN, text.length));
  // (searched in the window only: a search of the whole text would run to its end on every usage)
  const window = text.slice(from, to);
  let out: { param: ParamSpec; at: number }[] | undefined;
  let seen = 0;
  // (a run's pattern, used again: its position is set here and read only in this loop, which never waits)
  re.lastIndex = 0;
  for (let m = re.exec(window); m !== null; m = re.exec(window)) {
    let k = 1;
    while (m[k] === undefined) k++;
    const bit = 1 << (k - 1);
    if (seen & bit) continue;
    const param = plan.params[k - 1];
    const i = from + m.index + m[0].length - param.name.length;
    // the usage's own route text, and the texts of the routes before and after it (their
    // query: `${B}/v2/grounding?at=${t}` beside `${B}/v2/grounding` is not this one's `at`)
    if ((i >= start && i < end) || (i >= afterStart && i < after) || (i >= before && i < beforeEnd)) continue;
    if (!(param.rule === PAGE_RULE ? setsAt : keySetAt)(text, i, param.name)) continue;
    seen |= bit;
    (out ??= []).push({ param, at: i });
  }
  return out ?? NONE_SET;
}

const NONE_SET: readonly { param: ParamSpec; at: number }[] = Object.freeze([]);

const SERIES_AT_RULE = "series-window-from-at";
const SERIES_AT_UNKNOWN_RULE = "series-window-from-unknown";

/** The rule of a parameter set apart, as leftForParams notes it. */
const ruleOfSet = (p: ParamSpec): string => (p.rule === SERIES_AT_RULE ? SERIES_AT_UNKNOWN_RULE : p.rule ?? RENAMED_RULE);

/**
 * Of the parameters a partial usage's code sets apart, those its notes do not already cover (a
 * momentum read's `clusters` is in its momentum-clusters-dropped note; its `start` is not).
 */
export function notNoted<T extends { param: ParamSpec }>(set: readonly T[], rules: readonly string[]): readonly T[] {
  const out = set.filter((f) => (f.param.to !== undefined && f.param.to !== f.param.name) || !rules.includes(ruleOfSet(f.param)));
  return out.length === set.length ? set : out;
}

/** A rewritten usage left because the code sets some of its route's parameters apart (each with the line it is set on). */
export function leftForParams(u: Usage, set: readonly { param: ParamSpec; line: number }[]): Usage {
  const rules = [...u.rules];
  const notes = [...u.notes];
  for (const { param: p, line } of set) {
    // a window end the code sets: its value is not known here, so neither is `from` (7 days before it)
    const rule = ruleOfSet(p);
    if (!rules.includes(rule)) rules.push(rule);
    notes.push(note(rule, `${p.name} set by the code on line ${line}${p.to !== undefined ? `: v3 calls it ${p.to}` : ""}`));
  }
  const said = set.map(({ param: p, line }) => `${p.name} on line ${line}`).join(", ");
  const manual = set.length === 1 && set[0].param.rule === PAGE_RULE
    ? `the code sets ${set[0].param.name} on line ${set[0].line}, which v3 lists do not take`
    : `the code sets ${said}, which the v3 request does not take as v2 did`;
  // (a usage partial already is left by --fix for its own notes: no "not fixed" line for these)
  return { ...u, status: "partial", edits: [], replacement: null, shownReplacement: null, rules, notes, ...(u.status === "rewritten" ? { manual } : {}) };
}

/** The line of offset `at`, given that `from` is on line `line`. */
export function lineOf(text: string, from: number, at: number, line: number): number {
  let n = line;
  if (at >= from) for (let i = text.indexOf("\n", from); i >= 0 && i < at; i = text.indexOf("\n", i + 1)) n++;
  else for (let i = text.lastIndexOf("\n", from - 1); i >= at; i = text.lastIndexOf("\n", i - 1)) n--;
  return n;
}

/** The rule of the page size mids gives a v2 list read without one (rewrite.ts). */
export const PAGE_SIZE_RULE = "v2-default-page-size";
const SIZE_PARAM: ParamSpec = Object.freeze({ name: "limit", type: "int" }) as ParamSpec;
/**
 * The page size set apart from the URL, wherever keySetAt reads it: quoted, in a query piece, an
 * object key or keyword argument (KEYED_PLAIN), curl's data (CURL_DATA). The word alone: a search
 * for it is native and cheaper than one for what may come before it (an alternation of those
 * costs 40% more on the dense tree's texts), and keySetAt passes over the rest at once.
 */
export const SIZE_PLAN: ApartPlan = Object.freeze({ params: [SIZE_PARAM], source: "(limit)" });

/** A whole number written right after a parameter's name (`"limit": 100`, `limit=100`), or undefined. */
function literalAfter(text: string, i: number): number | undefined {
  let j = i;
  const stop = Math.min(text.length, i + 8);
  while (j < stop && /["'`\s:=,]/.test(text[j])) j++;
  const m = /^\d{1,9}(?![\w.])/.exec(text.slice(j, j + 10));
  return m ? Number(m[0]) : undefined;
}

/**
 * A list read whose code sets its page size apart from the URL (`params={"limit": 100}`): the
 * rewrite's v2-default-page-size note ("a v2 list read without a page size") and the `limit` it
 * put in the v3 request are not this code's. They go; a literal size over v3's maximum gets the
 * limit-over-v3-max note with its line (v3 refuses it), one the code computes is its own to check.
 */
export function sizeSetApart(u: Usage, at: number, line: number, text: string, max: number | undefined): Usage {
  const rules = u.rules.filter((r) => r !== PAGE_SIZE_RULE);
  const notes = u.notes.filter((n) => n.rule !== PAGE_SIZE_RULE);
  let to = u.to;
  if (to && to.query.limit !== undefined && !(u.from && "limit" in u.from.query)) {
    const { limit: _, ...query } = to.query;
    to = { ...to, query };
  }
  const value = literalAfter(text, at + SIZE_PARAM.name.length + 1);
  if (max === undefined || value === undefined || value <= max) return { ...u, rules, notes, to };
  rules.push("limit-over-v3-max");
  notes.push({ rule: "limit-over-v3-max", message: `limit=${value} set by the code on line ${line}: v3 pages hold at most ${max}: Set the page size to ${max} or less where the code sets it, and follow meta.nextCursor for the rest of the items.` });
  return { ...u, status: "partial", rules, notes, to, edits: [], replacement: null, shownReplacement: null, ...(u.status === "rewritten" ? { manual: `the code sets limit=${value} on line ${line}, over v3's maximum page size (${max})` } : {}) };
}

/** The v3 maximum of a v2 list's page size (v3 refuses more), or undefined. */
export const v3MaxSize = (routeId: string | undefined): number | undefined => {
  if (routeId === undefined) return undefined;
  const r = route(routeId);
  const to = paramsOf(r).find((p) => p.name === SIZE_PARAM.name)?.to;
  return r.v3?.route && to ? route(r.v3.route).params.find((p) => p.name === to)?.max : undefined;
};
