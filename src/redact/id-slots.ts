// A key written as a path segment where the spec says what an id looks like: a project's (24 hex
// digits, spec 2; v3 also takes a slug, lower-case words) and a topic's (`topic_` and 20 hex
// digits, spec 8.6). There a run of 16 or more letters, digits, `_` and `-` holding an upper-case
// letter, a lower-case letter and a digit (a random key's look: `sk_live_4eC39HqLyjWDarjtT1zdp7dc`)
// is no id. Every other id is opaque (spec 2): no shape tells a key from one, so none is hidden.
// Applied to a request's path (mids migrate, verify, explain) and to each line scan shows, not
// to all text: `/v2` is in nearly every line of a log, and the text rules' prefilter would stop
// at each (+7% instructions on the migrate benchmark as a text rule).
import { REDACTED } from "./names.js";

const KEY_MIN = 16;
/** The shortest text holding one: `/v2/topics/` and KEY_MIN characters. */
const MIN_SLOTTED = 11 + KEY_MIN;
const ID_SLOT = /\/v[23]\/(?:projects|topics)\//g;

/** Where the run of letters, digits, `_` and `-` from i ends when it is key-shaped (KEY_MIN long, an upper, a lower, a digit), else -1. */
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
  return classes === 7 && j - i >= KEY_MIN ? j : -1;
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
