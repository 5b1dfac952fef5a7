// A v2 list read whose page number the code sets apart from the URL: `new URL("/v2/projects", B)`
// then `u.searchParams.set("page", n)`, Python's `requests.get(f"{B}/v2/intel", params={"page": n})`,
// a `for (let page = 1; ...)` loop around the call. The route text alone reads as the first page,
// and --fix would make it a v3 path the code then sends a page number to (v3 lists page by
// cursor). Such a read is left: partial, with page-to-cursor and the line that names the page.
import { paramsOf, route } from "../../contract/routes.js";
import { note } from "../rewrite.js";
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

const isWord = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isQuote = (c: number): boolean => c === 34 || c === 39 || c === 96;
const isSpace = (c: number): boolean => c === 32 || c === 9;

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
  while (isSpace(text.charCodeAt(j))) j++;
  const c = text.charCodeAt(j);
  const d = text.charCodeAt(j + 1);
  if (c === 61 /* = */) return d !== 61 && d !== 62;
  // `page:` as a key (`{ page: n }`, `, page: 2`, a YAML line), not a sentence's `first page:`
  if (c !== 58 /* : */ || d === 58) return false;
  let k = i - 1;
  while (isSpace(text.charCodeAt(k))) k--;
  const p = text.charCodeAt(k);
  return k < 0 || p === 123 /* { */ || p === 44 /* , */ || p === 40 /* ( */ || p === 10 || p === 13;
}

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
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const eol = text.indexOf("\n", end);
  const lineEnd = eol < 0 ? text.length : eol;
  const afterLine = after > 0 ? text.indexOf("\n", after) + 1 || text.length : 0;
  const beforeLine = before < text.length ? text.lastIndexOf("\n", before - 1) : text.length;
  const from = linesBack(text, start, PAGE_LINES_BEFORE, Math.max(Math.min(afterLine, lineStart), start - PAGE_SPAN, 0));
  const to = linesOn(text, end, PAGE_LINES_AFTER, Math.min(Math.max(beforeLine, lineEnd), end + PAGE_SPAN, text.length));
  // (searched in the window only: a search of the whole text would run to its end on every usage)
  const window = text.slice(from, to);
  for (let j = window.indexOf(name); j >= 0; j = window.indexOf(name, j + 1)) {
    const i = from + j;
    if (i >= start && i < end) continue;
    if (setsAt(text, i, name)) return i;
  }
  return -1;
}

/** A rewritten usage left because the code at `line` sets its page (a new object: the usage of a text is shared by every place it is). */
export function leftForPage(u: Usage, name: string, line: number): Usage {
  const n = note(PAGE_RULE, `${name} set by the code on line ${line}`);
  return {
    ...u, status: "partial", edits: [], replacement: null, shownReplacement: null,
    rules: u.rules.includes(PAGE_RULE) ? u.rules : [...u.rules, PAGE_RULE], notes: [...u.notes, n],
    manual: `the code sets ${name} on line ${line}, which v3 lists do not take`,
  };
}

/** The line of offset `at`, given that `from` is on line `line`. */
export function lineOf(text: string, from: number, at: number, line: number): number {
  let n = line;
  if (at >= from) for (let i = text.indexOf("\n", from); i >= 0 && i < at; i = text.indexOf("\n", i + 1)) n++;
  else for (let i = text.lastIndexOf("\n", from - 1); i >= at; i = text.lastIndexOf("\n", i - 1)) n--;
  return n;
}
