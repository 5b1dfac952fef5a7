// A rule list compiled: the general path (every rule, in order), the gated path (a rule runs only
// on text holding one of its literals) and the prefilter derived from the rules' literals and
// checks (ripgrep's candidate-line idea: "maybe" too often is fine, "no" wrongly never). The
// prefilter looks for each literal by its least common character, then checks the literal and
// the rule's `near`. Nothing else decides that text is clean: the fast paths ask mayHold/mayHoldIn.
import { esc } from "./names.js";
import type { NameTests, TextRule } from "./rules.js";

interface Entry {
  rule: TextRule;
  literal: string;
  /** the literal in lower case when the rule reads either case, else as written */
  folded: string;
  ci: boolean;
  /** where the literal's anchor (what the scan looks for) starts in it, and the anchor */
  anchorAt: number;
  anchor: string;
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
/** A literal's anchor: its least common character, or its first three when all are common. */
function anchorOf(lit: string): { anchorAt: number; anchor: string } {
  let best = 0;
  for (let k = 1; k < lit.length; k++) if (commonness(lit.charCodeAt(k)) < commonness(lit.charCodeAt(best))) best = k;
  if (commonness(lit.charCodeAt(best)) < 5) return { anchorAt: best, anchor: lit[best] };
  return { anchorAt: 0, anchor: lit.slice(0, 3) };
}

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
// a literal as a pattern, either case of each letter when ci
const literalPattern = (lit: string, ci: boolean): string => (ci
  ? [...lit].map((ch) => (isLetter(ch.charCodeAt(0)) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : esc(ch))).join("")
  : esc(lit));

function startsAt(s: string, i: number, e: Entry): boolean {
  const lit = e.folded;
  if (!e.ci) return s.startsWith(lit, i);
  for (let k = 0; k < lit.length; k++) {
    const c = s.charCodeAt(i + k);
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== lit.charCodeAt(k)) return false;
  }
  return true;
}

/** Compile a rule list. Every literal must be non-empty ASCII. */
export function compileRules(rules: readonly TextRule[]): CompiledRules {
  const entries: Entry[] = [];
  for (const rule of rules) {
    if (rule.literals.length === 0) throw new Error(`redaction rule "${rule.name}" declares no literal`);
    for (const literal of rule.literals) {
      if (!/^[\x01-\x7f]+$/.test(literal)) throw new Error(`redaction rule "${rule.name}": literal ${JSON.stringify(literal)} is not non-empty ASCII`);
      const ci = rule.caseInsensitive === true;
      entries.push({ rule, literal, folded: ci ? literal.toLowerCase() : literal, ci, ...anchorOf(literal) });
    }
  }
  // the entries by their anchor's text (in lower case when the rule reads either case)
  // (a case-insensitive one's key starts with "\0": a literal of another rule may have the same letters as written)
  const byAnchor = new Map<string, Entry[]>();
  for (const e of entries) {
    const key = e.ci ? "\0" + e.anchor.toLowerCase() : e.anchor;
    const list = byAnchor.get(key) ?? [];
    list.push(e);
    byAnchor.set(key, list);
  }
  const ciAnchors = entries.some((e) => e.ci);
  // one native search for the next anchor
  const hex = (c: number) => `\\x${c.toString(16).padStart(2, "0")}`;
  const single = [...new Set(entries.filter((e) => e.anchor.length === 1).flatMap((e) => {
    const c = e.anchor.charCodeAt(0);
    return e.ci && isLetter(c) ? [c | 0x20, c & ~0x20] : [c];
  }))];
  const longer = [...new Set(entries.filter((e) => e.anchor.length > 1).map((e) => literalPattern(e.anchor, e.ci)))];
  const anchors = new RegExp([...longer, ...(single.length ? [`[${single.map(hex).join("")}]`] : [])].join("|"), "g");
  // per rule: does the text hold one of its literals?
  const gates = rules.map((r) => new RegExp(r.literals.map((l) => literalPattern(l, r.caseInsensitive === true)).join("|")));

  // does one of the literals anchored at i stand there, and its rule's check say maybe?
  function found(list: Entry[] | undefined, s: string, i: number, from: number, to: number, names: NameTests): boolean {
    if (list === undefined) return false;
    for (let k = 0; k < list.length; k++) {
      const e = list[k];
      const at = i - e.anchorAt;
      if (at < from || at + e.literal.length > to || !startsAt(s, at, e)) continue;
      const near = e.rule.near;
      if (near === undefined || near(s, at, from, to, names)) return true;
    }
    return false;
  }
  // at each anchor, the literals that have it
  function mayHoldIn(s: string, from: number, to: number, names: NameTests): boolean {
    const re = anchors;
    re.lastIndex = from;
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      const i = m.index;
      if (i >= to) return false;
      if (found(byAnchor.get(m[0]), s, i, from, to, names)) return true;
      if (ciAnchors && found(byAnchor.get("\0" + m[0].toLowerCase()), s, i, from, to, names)) return true;
      re.lastIndex = i + 1;
    }
    return false;
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
