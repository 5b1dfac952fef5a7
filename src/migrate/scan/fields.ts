// Reads of v2 response fields that v3 renamed, moved or removed (spec 9.5: the map's response side,
// FIELD_RENAMES), on the lines after a v2 call scan found: `.trendScore`, `["xHandle"]`. Only the
// names of two words and more (camelCase: `trendScore`, `marketData`, `primaryComputedAt`) are
// looked for; one-word names (`status`, `pagination`, `signals`, `tokens`, `metrics`,
// `rationale`, `cut`, `source`) are everyday words of code (`res.status`, a lexer's `tokens`) and
// would be found where they are no v2 field. The call's response-renames note names them all.
import { FIELD_RENAMES, RENAME_SCOPES_BY_V3_ROUTE, type RenameScope } from "../../contract/migration.js";
import { ROUTES } from "../../contract/routes.js";
import type { Note } from "../types.js";

export interface FieldRename {
  /** whose answers hold it (a project, a topic) */
  scope: RenameScope;
  /** the v2 name read */
  v2: string;
  /** where v3 has it (`trend`, `identifiers.x`), or null: removed */
  v3: string | null;
  note: Note;
}

export const FIELD_RULE = "response-field";

/** The renames looked for: a v2 field of two words or more, named first in a FIELD_RENAMES entry. */
const RENAMES: readonly FieldRename[] = FIELD_RENAMES.flatMap((f) => {
  const name = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+(?![\w.])/.exec(f.from)?.[0];
  if (!name) return [];
  const what = f.to === null ? `${name} -> removed` : `${name} -> ${f.to}`;
  const message = f.to === null
    ? `${what}: v3 answers do not carry this v2 field (spec 9.5)${f.note ? `; ${f.note}` : ""}. Read it from elsewhere, or drop the read.`
    : `${what}: v3 answers carry this v2 field as ${f.to} (spec 9.5)${f.note ? `, ${f.note}` : ""}. Read ${f.to} once the call is v3.`;
  return [{ scope: f.scope, v2: name, v3: f.to, note: Object.freeze({ rule: FIELD_RULE, message }) }];
});
/**
 * The names a read of a field has in code: its JSON name (`p.trendScore`, `p["trendScore"]`), the
 * exported field a Go or C# type decodes it into (`p.TrendScore`) and a Java bean's getter
 * (`p.getTrendScore()`): the last two only after a `.` (nameForms).
 */
const cap = (n: string) => n[0].toUpperCase() + n.slice(1);
const nameForms = (n: string): readonly string[] => [n, cap(n), "get" + cap(n)];
const BY_NAME: ReadonlyMap<string, FieldRename> = new Map(RENAMES.flatMap((r) => nameForms(r.v2).map((n) => [n, r] as const)));

/**
 * The lines searched for reads of a call's answer: the call's own and this many after it, where
 * code reads what it fetched (`const p = (await res.json()).data; show(p.trendScore)`). A search
 * of the whole file cost the dense benchmark (every file calls v2) 15% more instructions (a file's
 * text is ~12 KB), one of 10 lines after each call 2.3%, of 5 lines 1.5% (each search of a few
 * lines costs ~1,000 instructions, whatever its length).
 */
export const READ_WINDOW_LINES = 5;
/**
 * The text searched for: each name's first capitalised word (`Score` of `trendScore`), rarer than
 * a name's start (two letters, `Co`, `Da`, found `Config` and `Date` so often that they cost more).
 * One holding another is found by it: `ScoreDelta` by `Score`.
 */
const wordsOf = (renames: readonly FieldRename[]): readonly string[] => renames.map((r) => r.v2.slice(r.v2.search(/[A-Z]/)))
  .filter((w, k, all) => all.indexOf(w) === k && !all.some((o) => o !== w && w.includes(o)));
/**
 * The words to look for after a call of each v2 route: those of the fields its v3 successor's
 * answer renamed (a project's after a project read, a topic's after a topic list); none after a
 * route whose answer has none of them (a series, an intel item: its `cut` is one word).
 */
const WORDS_BY_ROUTE: Readonly<Record<string, { words: readonly string[]; names: readonly string[] }>> = Object.freeze(Object.fromEntries(ROUTES.flatMap((r) => {
  const scopes = r.v3?.route ? RENAME_SCOPES_BY_V3_ROUTE[r.v3.route] : undefined;
  const renames = scopes ? RENAMES.filter((x) => scopes.includes(x.scope)) : [];
  return renames.length ? [[r.id, { words: wordsOf(renames), names: renames.flatMap((x) => nameForms(x.v2)) }]] : [];
})));
// what follows a name given a value (`x.trendScore = 1`: a write, no read; `==` is a read), and
// after a `.` a type first (Python's `self.trendScore: float = 0`, an annotated write)
const ASSIGNED = /\s*=(?!=)/y;
const ANNOTATED = /\s*:\s*[\w.'"]+(?:\[[^=\n]*\])?(?:\s*\|\s*[\w.'"]+(?:\[[^=\n]*\])?)*\s*=(?!=)/y;
const isIdent = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isBlank = (c: number) => c === 32 || c === 9;

export interface FieldRead {
  start: number;
  end: number;
  rename: FieldRename;
}

/**
 * The call whose arguments hold s[i] (on its line): its name (`dig`, `getattr`) and how many of
 * its arguments come before i (at the call's own depth), or undefined when i is in none.
 */
function enclosingCall(s: string, i: number): { name: string; argsBefore: number } | undefined {
  let depth = 0;
  let commas = 0;
  for (let k = i - 1, quote = 0; k >= 0; k--) {
    const c = s.charCodeAt(k);
    if (c === 10) return undefined;
    if (quote) { if (c === quote) quote = 0; continue; }
    if (c === 34 || c === 39) quote = c;
    else if (c === 41 || c === 93 || c === 125) depth++;
    else if (c === 91 || c === 123) { if (--depth < 0) return undefined; }
    else if (c === 44 && depth === 0) commas++;
    else if (c === 40 && --depth < 0) {
      let a = k;
      while (a > 0 && isIdent(s.charCodeAt(a - 1))) a--;
      return { name: s.slice(a, k), argsBefore: commas };
    }
  }
  return undefined;
}

/**
 * The read at the name s[a, b) when it is one (`.name`, `["name"]`, `['name']`, Ruby's `[:name]`,
 * `.get("name")`, `.fetch(:name)`, `dig(:data, :name)`, Python's `getattr(p, "name")`, not given a
 * value): where it starts and ends. `json`: the name is the field's JSON one (a Go field's or a
 * getter's is read after a `.` only).
 */
function readAt(s: string, a: number, b: number, json: boolean): { start: number; end: number } | undefined {
  const before = s.charCodeAt(a - 1);
  let start: number;
  let end = b;
  if (before === 46 /* . */) {
    start = a - 1;
    ANNOTATED.lastIndex = end;
    if (ANNOTATED.test(s)) return undefined;
  } else if (json && (before === 34 || before === 39 || before === 58 /* Ruby's :name */)) {
    // (`::name` is a constant's path, no symbol)
    if (before === 58 ? s.charCodeAt(a - 2) === 58 || s.charCodeAt(b) === 58 : s.charCodeAt(b) !== before) return undefined;
    const after = before === 58 ? b : b + 1;
    let i = a - 2;
    while (i >= 0 && isBlank(s.charCodeAt(i))) i--;
    let j = after;
    while (j < s.length && isBlank(s.charCodeAt(j))) j++;
    const open = s.charCodeAt(i);
    const close = s.charCodeAt(j);
    const first = open === 40 /* ( */ && (close === 41 /* ) */ || close === 44 /* , */);
    if (open === 91 /* [ */ && close === 93 /* ] */) {
      start = i;
      end = j + 1;
    } else if (first && (s.startsWith(".get", i - 4) || s.startsWith(".fetch", i - 6))) {
      // a map's or a JSON node's get (Python's `p.get("xHandle")`, `p.get("xHandle", "")`, Java's
      // `node.get("xHandle")`), Ruby's fetch (`p.fetch(:xHandle)`, `p.fetch("xHandle", nil)`)
      start = i - (s.charCodeAt(i - 1) === 116 /* t of get */ ? 4 : 6);
      end = close === 41 ? j + 1 : after;
    } else {
      // one of Ruby's dig's keys (`r.dig(:data, :marketData)`), Python's getattr's name (`getattr(p, "trendScore")`)
      const call = close === 41 || close === 44 ? enclosingCall(s, a - 1) : undefined;
      if (!call || !(call.name === "dig" || (call.name === "getattr" && call.argsBefore === 1))) return undefined;
      start = a - 1;
      end = after;
      return { start, end };
    }
  } else return undefined;
  ASSIGNED.lastIndex = end;
  return ASSIGNED.test(s) ? undefined : { start, end };
}

/**
 * The reads of renamed v2 response fields in `text` (a file that calls v2) on the lines of its
 * calls (`calls`: where each call's line starts and its route, in order) and the
 * READ_WINDOW_LINES after each: the fields the answer of that call's route renamed.
 */
export function fieldReads(text: string, calls: readonly { lineStart: number; routeId?: string }[]): FieldRead[] {
  const out: FieldRead[] = [];
  for (const call of calls) {
    const of = call.routeId === undefined ? undefined : WORDS_BY_ROUTE[call.routeId];
    if (of === undefined) continue;
    const a = call.lineStart;
    let b = a;
    for (let n = 0; n <= READ_WINDOW_LINES && b >= 0; n++) b = text.indexOf("\n", b + (n ? 1 : 0));
    if (b < 0) b = text.length;
    // (searched in a slice of the window: a search of the text would run on past it)
    const w = text.slice(a, b);
    for (const word of of.words) {
      for (let i = w.indexOf(word); i >= 0; i = w.indexOf(word, i + 1)) {
        let s = i;
        while (s > 0 && isIdent(w.charCodeAt(s - 1))) s--;
        let e = i + word.length;
        while (e < w.length && isIdent(w.charCodeAt(e))) e++;
        // (a name of another answer's fields is no read of this one's)
        const name = w.slice(s, e);
        const rename = of.names.includes(name) ? BY_NAME.get(name) : undefined;
        const at = rename && readAt(text, a + s, a + e, name === rename.v2);
        if (at) out.push({ start: at.start, end: at.end, rename: rename! });
      }
    }
  }
  // (the windows of calls a few lines apart overlap: a read once)
  out.sort((x, y) => x.start - y.start);
  return out.filter((r, k) => k === 0 || r.start !== out[k - 1].start);
}

/** The names looked for, for the docs and tests. */
export const FIELD_NAMES: readonly string[] = RENAMES.map((r) => r.v2);
