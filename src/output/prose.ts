// Prose on a terminal (notes, doctor's details, hints under findings): wrapped at word boundaries
// with its indent, never cut mid-word. A word wider than the line (a URL) keeps a line of its own;
// CJK text, which has no spaces, breaks between its wide characters.
import { charWidth, displayWidth } from "./width.js";

/**
 * `s` split at its last break opportunity within `width` columns, or undefined when it has none
 * there: beside a wide (CJK) character, as Unicode line breaking allows between ideographs, never
 * before a combining mark nor inside a run of narrow characters (a URL, a word). It reads `s` no
 * further than `width` columns; `headWidth` is the columns of `head`.
 */
function breakWide(s: string, width: number): { head: string; rest: string; headWidth: number } | undefined {
  let used = 0;
  let cut = -1;
  let cutWidth = 0;
  let prevWide = false;
  let i = 0;
  for (const ch of s) {
    const w = charWidth(ch);
    if (i > 0 && (w === 2 || (prevWide && w !== 0))) {
      cut = i;
      cutWidth = used;
    }
    if (used + w > width) break;
    used += w;
    prevWide = w === 2;
    i += ch.length;
  }
  return cut > 0 && i < s.length ? { head: s.slice(0, cut), rest: s.slice(cut), headWidth: cutWidth } : undefined;
}

/**
 * `text` in lines of at most `width` columns, broken at spaces and beside wide characters; a word
 * of narrow characters longer than the width (a URL) gets a line of its own, whole (the terminal
 * wraps it: never cut). Linear in the text's length, whatever the width: each word is measured
 * once and the line being filled keeps its width (a detail view of a 64 MB description, or a run
 * of a million spaces, is read a few times over, not once a word).
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  let lineWidth = 0;
  // the line holds more than blanks (line.trim() !== "")
  let hasText = false;
  // no break opportunity in the line's first `width` columns: words added at its end cannot add one
  let stuck = false;
  const start = (s: string, w: number) => {
    line = s;
    lineWidth = w;
    hasText = /\S/.test(s);
    stuck = false;
  };
  const flush = () => {
    while (!stuck && lineWidth > width) {
      const part = breakWide(line, width);
      if (!part) stuck = true;
      else {
        lines.push(part.head.trimEnd());
        start(part.rest, lineWidth - part.headWidth);
      }
    }
  };
  // split at single spaces, so runs of spaces inside a line (aligned columns) stay as they are
  for (let from = 0, first = true; ; first = false) {
    const end = text.indexOf(" ", from);
    const word = end < 0 ? text.slice(from) : text.slice(from, end);
    const w = displayWidth(word);
    if (first) start(word, w);
    else if (word !== "" && hasText && lineWidth + 1 + w > width) {
      lines.push(line.trimEnd());
      start(word, w);
    } else {
      line += ` ${word}`;
      lineWidth += 1 + w;
      hasText ||= /\S/.test(word);
    }
    flush();
    if (end < 0) break;
    from = end + 1;
  }
  // text that fits is one line, as it is (its blanks at the end kept)
  if (lines.length === 0 && lineWidth <= width) return [text];
  lines.push(line.trimEnd());
  return lines;
}

/**
 * A count as every line mids writes on stderr says it, the summaries of migrate, scan, verify and
 * contract check and the progress lines drawn before them alike: plain digits (`300000`), as
 * scripts read them (before, progress said `34,229` and the summary after it `300000`).
 */
export const countText = (n: number): string => String(n);

/**
 * A summary line of counts wrapped as wrapProse does, each number kept beside the word after it
 * ("0 skipped", never "0" at a line's end): the closing lines of migrate, scan, verify and
 * contract check.
 */
export function wrapCounts(line: string, width: number | undefined): string[] {
  return wrapProse(line.replace(/(\d) (?=\S)/g, "$1\u00a0"), width, 2).map((l) => l.replaceAll("\u00a0", " "));
}

/**
 * One line of prose wrapped to `width` (undefined: as it is): its leading spaces stay, and the
 * lines after the first are indented `hang` more (or to column `hang` when given as a string of
 * spaces), so a wrapped note reads as one.
 */
export function wrapProse(line: string, width: number | undefined, hang: number | string = 2): string[] {
  if (!width || displayWidth(line) <= width) return [line];
  const indent = /^ */.exec(line)![0];
  const next = typeof hang === "string" ? hang : indent + " ".repeat(hang);
  const room = Math.max(20, width - next.length);
  const first = wrapText(line.slice(indent.length), Math.max(20, width - indent.length));
  const rest = wrapText(first.slice(1).join(" "), room);
  return [indent + first[0], ...(first.length > 1 ? rest.map((l) => next + l) : [])];
}
