// A key written as a path segment where the spec says what an id looks like: a project's (24 hex
// digits, spec 2; v3 also takes a slug, lower-case words) and a topic's (`topic_` and 20 hex
// digits, spec 8.6). There a run of 16 or more letters, digits, `_` and `-` holding an upper-case
// letter, a lower-case letter and a digit (a random key's look: `sk_live_4eC39HqLyjWDarjtT1zdp7dc`)
// is no id, unless it reads as words, as a name in code does (`./v2/projects/ProjectListV2Container`,
// a component's file in a `v2/projects/` folder): seven tenths of it or more in words of three
// lower-case letters or more with a vowel, each after at most one capital (`Project`, `List`,
// `Container`), which a random key of 16 characters or more holds about once in 600 draws or fewer.
// Every other id is opaque (spec 2): no shape tells a key from one, so none is hidden.
// Applied to a request's path (mids migrate, verify, explain) and to each line scan shows, not
// to all text: `/v2` is in nearly every line of a log, and the text rules' prefilter would stop
// at each (+7% instructions on the migrate benchmark as a text rule).
import { REDACTED } from "./names.js";

const KEY_MIN = 16;
/** The shortest text holding one: `/v2/topics/` and KEY_MIN characters. */
const MIN_SLOTTED = 11 + KEY_MIN;
const ID_SLOT = /\/v[23]\/(?:projects|topics)\//g;

/** Seven tenths of the run [i, j) of s in words: a capital or none, then 3 or more lower-case letters holding a vowel. */
function readsAsWords(s: string, i: number, j: number): boolean {
  let inWords = 0;
  for (let k = i; k < j;) {
    const start = k;
    if (s.charCodeAt(k) >= 65 && s.charCodeAt(k) <= 90) k++;
    let vowel = false;
    let lower = 0;
    for (let c = s.charCodeAt(k); k < j && c >= 97 && c <= 122; c = s.charCodeAt(++k), lower++) {
      if (c === 97 || c === 101 || c === 105 || c === 111 || c === 117 || c === 121) vowel = true;
    }
    if (lower >= 3 && vowel) inWords += k - start;
    else if (k === start) k++;
  }
  return inWords * 10 >= (j - i) * 7;
}

/** Where the run of letters, digits, `_` and `-` from i ends when it is key-shaped (KEY_MIN long, an upper, a lower, a digit, not words), else -1. */
function keyRunEnd(s: string, i: number): number {
  let j = i;
  let classes = 0;
  for (const n = s.length; j < n; j++) {
    const c = s.charCodeAt(j);
    if (c >= 97 && c <= 122) classes |= 1;
    else if (c >= 65 && c <= 90) classes |= 2;
    else if (c >= 48 && c <= 57) classes |= 4;
    else if (c !== 95 && c !== 45) break;
  }
  return classes === 7 && j - i >= KEY_MIN && !readsAsWords(s, i, j) ? j : -1;
}

/** s with each key-shaped segment in a project's or a topic's id place (`/v2/projects/KEY`, `/v3/topics/KEY`) as `***`. */
export function redactKeySegments(s: string): string {
  // (most paths have no upper-case letter, which a key-shaped run holds: V8's native case
  // conversion finds that, and returns s itself, for a fifth of the instructions of a loop here)
  if (s.length < MIN_SLOTTED || s.toLowerCase() === s) return s;
  let out = "";
  let last = 0;
  ID_SLOT.lastIndex = 0;
  for (let m = ID_SLOT.exec(s); m; m = ID_SLOT.exec(s)) {
    const at = m.index + m[0].length;
    const end = keyRunEnd(s, at);
    if (end < 0) continue;
    out += s.slice(last, at) + REDACTED;
    last = end;
    ID_SLOT.lastIndex = end;
  }
  return last === 0 ? s : out + s.slice(last);
}
