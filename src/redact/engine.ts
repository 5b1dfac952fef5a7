// A rule list compiled: the general path (every rule, in order), the gated path (a rule runs only
// on text holding one of its literals) and the prefilter derived from the rules' literals and
// checks (ripgrep's candidate-line idea: "maybe" too often is fine, "no" wrongly never). The
// prefilter looks for each literal by its least common character, then checks the literal and
// the rule's `near` (whose first question, the rule's `before`, the search itself asks). Nothing
// else decides that text is clean: the fast paths ask mayHold/mayHoldIn.
import { esc } from "./names.js";
import type { NameTests, TextRule } from "./rules.js";
import { isAsciiLetter as isLetter } from "../util/chars.js";

interface Entry {
  rule: TextRule;
  literal: string;
  /** the literal in lower case when the rule reads either case, else as written */
  folded: string;
  ci: boolean;
  /** where the literal's anchor (what the scan looks for) starts in it, and the anchor */
  anchorAt: number;
  anchor: string;
  /** 1 << the rule's index (a rule whose whole-text check said no is not asked again) */
  bit: number;
}

export interface CompiledRules {
  readonly rules: readonly TextRule[];
  /** false: no rule can change s. true: maybe one can. */
  mayHold(s: string, names: NameTests): boolean;
  /** mayHold(s.slice(from, to)) without the slice (a line inside a block of input). */
  mayHoldIn(s: string, from: number, to: number, names: NameTests): boolean;
  /** The reference: every rule applied in order, no gate, no prefilter. */
  applyAll(s: string, names: NameTests): string;
  /** The rules applied, each only to text holding one of its literals. */
  applyGated(s: string, names: NameTests): string;
  /** mayHold ? applyGated : s */
  redact(s: string, names: NameTests): string;
  /** The literals (for documentation and tests). */
  readonly literals: readonly string[];
}

/**
 * How common a character is in log text, for choosing a literal's anchor (lower: rarer): blanks,
 * `-./_` (dates, paths, hosts), lower-case letters and digits (hex ids) are everywhere;
 * punctuation that marks syntax is rare.
 */
function commonness(c: number): number {
  if (c === 32) return 9;
  if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) return 5;
  if (c === 45 || c === 46 || c === 47 || c === 95) return 6;
  if (c >= 65 && c <= 90) return 3;
  return 1;
}
/** A literal's anchor: its least common character (a capital with a neighbour), or its first three when all are common. */
function anchorOf(lit: string): { anchorAt: number; anchor: string } {
  let best = 0;
  for (let k = 1; k < lit.length; k++) if (commonness(lit.charCodeAt(k)) < commonness(lit.charCodeAt(best))) best = k;
  const rank = commonness(lit.charCodeAt(best));
  // a capital letter starts names and months (`Nov`, `Jan`) too: it and a neighbour
  if (rank === 3 && lit.length > 1) { const at = best + 1 < lit.length ? best : best - 1; return { anchorAt: at, anchor: lit.slice(at, at + 2) }; }
  if (rank < 5) return { anchorAt: best, anchor: lit[best] };
  return { anchorAt: 0, anchor: lit.slice(0, 3) };
}

// a literal as a pattern, either case of each letter when ci
const literalPattern = (lit: string, ci: boolean): string => (ci
  ? [...lit].map((ch) => (isLetter(ch.charCodeAt(0)) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : esc(ch))).join("")
  : esc(lit));

/** Does s hold `text` at i (`ci`: in either case; then `text` is in lower case)? */
function holds(s: string, i: number, text: string, ci: boolean): boolean {
  if (!ci) return s.startsWith(text, i);
  for (let k = 0; k < text.length; k++) {
    const c = s.charCodeAt(i + k);
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== text.charCodeAt(k)) return false;
  }
  return true;
}

/** Compile a rule list. Every literal must be non-empty ASCII. */
export function compileRules(rules: readonly TextRule[]): CompiledRules {
  const entries: Entry[] = [];
  if (rules.length > 31) throw new Error("at most 31 redaction rules");
  for (const [index, rule] of rules.entries()) {
    if (rule.literals.length === 0) throw new Error(`redaction rule "${rule.name}" declares no literal`);
    for (const literal of rule.literals) {
      if (!/^[\x01-\x7f]+$/.test(literal)) throw new Error(`redaction rule "${rule.name}": literal ${JSON.stringify(literal)} is not non-empty ASCII`);
      const ci = rule.caseInsensitive === true;
      entries.push({ rule, literal, folded: ci ? literal.toLowerCase() : literal, ci, ...anchorOf(literal), bit: 1 << index });
    }
  }
  // the entries of each one-character anchor (both cases when the rule reads either), and the
  // longer anchors with theirs
  const bySingle: Entry[][] = Array.from({ length: 128 }, () => []);
  const longer: { anchor: string; ci: boolean; entries: Entry[] }[] = [];
  for (const e of entries) {
    if (e.anchor.length === 1) {
      const c = e.anchor.charCodeAt(0);
      for (const x of e.ci && isLetter(c) ? [c | 0x20, c & ~0x20] : [c]) bySingle[x].push(e);
      continue;
    }
    let l = longer.find((x) => x.ci === e.ci && (e.ci ? x.anchor.toLowerCase() === e.anchor.toLowerCase() : x.anchor === e.anchor));
    if (!l) longer.push((l = { anchor: e.ci ? e.anchor.toLowerCase() : e.anchor, ci: e.ci, entries: [] }));
    l.entries.push(e);
  }
  // the longer anchors by their last character (either case when the rule reads either)
  const longerByLast: { anchor: string; ci: boolean; entries: Entry[] }[][] = Array.from({ length: 128 }, () => []);
  for (const l of longer) {
    const c = l.anchor.charCodeAt(l.anchor.length - 1);
    for (const x of l.ci && isLetter(c) ? [c | 0x20, c & ~0x20] : [c]) longerByLast[x].push(l);
  }
  const hex = (c: number) => `\\x${c.toString(16).padStart(2, "0")}`;
  // a one-character anchor that starts every literal it anchors, each of a rule with `before`:
  // searched with a lookbehind of what may stand before it (any of their tables, and past ASCII),
  // so the search passes natively over the places where each `near` would say no first thing
  const beforeOf = (list: Entry[]): Uint8Array | undefined => {
    if (list.some((e) => e.anchorAt !== 0 || e.rule.near === undefined || e.rule.before === undefined || e.rule.nearIsWholeText === true)) return undefined;
    const t = new Uint8Array(128);
    for (const e of list) for (let c = 0; c < 128; c++) t[c] |= e.rule.before![c];
    return t;
  };
  // one native search for the next anchor (the regex engine skips what is no anchor fastest),
  // leaving out the anchors whose every literal is of a rule in `known` (rules whose check is
  // about the whole text and has said no for it: found() would pass over them)
  const anchorSearch = (known: number): RegExp => {
    const out = (list: Entry[]) => list.every((e) => (e.bit & known) !== 0);
    const single: number[] = [];
    const behind: string[] = [];
    for (let c = 0; c < 128; c++) {
      const list = bySingle[c];
      if (list.length === 0 || out(list)) continue;
      const t = beforeOf(list);
      if (t === undefined) { single.push(c); continue; }
      const may = t.reduce<number[]>((acc, x, b) => (x ? [...acc, b] : acc), []);
      // (the anchor first, then what stands before it: the search still skips to the anchor natively)
      behind.push(`${hex(c)}(?<=[${may.map(hex).join("")}\\x80-\\uffff]${hex(c)})`);
    }
    const alts = [...longer.filter((l) => !out(l.entries)).map((l) => literalPattern(l.anchor, l.ci)), ...behind, ...(single.length ? [`[${single.map(hex).join("")}]`] : [])];
    return new RegExp(alts.length ? alts.join("|") : "(?!)", "g");
  };
  // the rules whose check is about the whole text (at most 4 of them: a search for each set of
  // them known to say no; more, and they are all searched for always)
  const whole = rules.flatMap((r, index) => (r.nearIsWholeText === true && r.near !== undefined ? [1 << index] : []));
  const wholeBits = whole.length <= 4 ? whole : [];
  const searches = Array.from({ length: 1 << wholeBits.length }, (_, m) => anchorSearch(wholeBits.reduce((acc, bit, k) => ((m >> k) & 1 ? acc | bit : acc), 0)));
  const searchFor = (no: number): RegExp => searches[wholeBits.reduce((acc, bit, k) => ((no & bit) !== 0 ? acc | (1 << k) : acc), 0)];
  // per rule: does the text hold one of its literals?
  // (literals are ASCII: the i flag matches both cases of their letters, and no other character)
  const gates = rules.map((r) => new RegExp(r.literals.map(esc).join("|"), r.caseInsensitive === true ? "i" : ""));

  /** Is a literal of `list` anchored at i (its anchor at i) there, and its rule's check "maybe"? Returns 1 for yes, else the rules now known to say no. */
  function found(list: Entry[], s: string, i: number, from: number, to: number, names: NameTests, no: number): number {
    for (let k = 0; k < list.length; k++) {
      const e = list[k];
      const at = i - e.anchorAt;
      if (at < from || at + e.literal.length > to || !holds(s, at, e.folded, e.ci)) continue;
      const rule = e.rule;
      const near = rule.near;
      if (near === undefined) return -1;
      if ((no & e.bit) !== 0) continue;
      if (near(s, at, from, to, names)) return -1;
      // (a rule whose check is about the whole text is asked once per text)
      if (rule.nearIsWholeText === true) no |= e.bit;
    }
    return no;
  }
  // at each anchor, the literals that have it (no match object: what matched is found from where it ends)
  function mayHoldIn(s: string, from: number, to: number, names: NameTests): boolean {
    let re = searches[0];
    re.lastIndex = from;
    let no = 0;
    let known = 0;
    for (;;) {
      const searchFrom = re.lastIndex;
      if (searchFrom >= to || !re.test(s)) return false;
      // each anchor that ends where the match did and starts where the search did or later
      const end = re.lastIndex;
      let first = end - 1;
      const c = s.charCodeAt(end - 1);
      if (c < 128) {
        const one = bySingle[c];
        if (one.length > 0) {
          const r = found(one, s, end - 1, from, to, names, no);
          if (r < 0) return true;
          no = r;
        }
        const ls = longerByLast[c];
        for (let k = 0; k < ls.length; k++) {
          const l = ls[k];
          const at = end - l.anchor.length;
          if (at < searchFrom || !holds(s, at, l.anchor, l.ci)) continue;
          if (at < first) first = at;
          const r = found(l.entries, s, at, from, to, names, no);
          if (r < 0) return true;
          no = r;
        }
      }
      // a whole-text check said no: search on without the anchors only its rule has
      if (no !== known) { known = no; re = searchFor(no); }
      re.lastIndex = first + 1;
    }
  }
  const applyGated = (s: string, names: NameTests): string => {
    for (let r = 0; r < rules.length; r++) if (gates[r].test(s)) s = rules[r].apply(s, names);
    return s;
  };
  return Object.freeze({
    rules,
    literals: Object.freeze(entries.map((e) => e.literal)),
    mayHold: (s: string, names: NameTests) => mayHoldIn(s, 0, s.length, names),
    mayHoldIn,
    applyAll: (s: string, names: NameTests): string => {
      for (const r of rules) s = r.apply(s, names);
      return s;
    },
    applyGated,
    redact: (s: string, names: NameTests): string => (mayHoldIn(s, 0, s.length, names) ? applyGated(s, names) : s),
  });
}
