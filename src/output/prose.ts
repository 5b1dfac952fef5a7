// Prose on a terminal (notes, doctor's details, hints under findings): wrapped at word boundaries
// with its indent, never cut mid-word. A word wider than the line (a URL) keeps a line of its own;
// CJK text, which has no spaces, breaks between its wide characters.
import { charWidth, displayWidth } from "./width.js";

/**
 * `s` split at its last break opportunity within `width` columns, or undefined when it has none
 * there: beside a wide (CJK) character, as Unicode line breaking allows between ideographs, never
 * before a combining mark nor inside a run of narrow characters (a URL, a word).
 */
function breakWide(s: string, width: number): [string, string] | undefined {
  let used = 0;
  let cut = -1;
  let prevWide = false;
  let i = 0;
  for (const ch of s) {
    const w = charWidth(ch);
    if (i > 0 && (w === 2 || (prevWide && w !== 0))) cut = i;
    if (used + w > width) break;
    used += w;
    prevWide = w === 2;
    i += ch.length;
  }
  return cut > 0 && i < s.length ? [s.slice(0, cut), s.slice(cut)] : undefined;
}

/**
 * `text` in lines of at most `width` columns, broken at spaces and beside wide characters; a word
 * of narrow characters longer than the width (a URL) gets a line of its own, whole (the terminal
 * wraps it: never cut).
 */
export function wrapText(text: string, width: number): string[] {
  if (displayWidth(text) <= width) return [text];
  const lines: string[] = [];
  // split at single spaces, so runs of spaces inside a line (aligned columns) stay as they are
  const words = text.split(" ");
  let line = words[0];
  const flush = () => {
    for (let part = breakWide(line, width); part; part = breakWide(line, width)) {
      lines.push(part[0].trimEnd());
      line = part[1];
    }
  };
  flush();
  for (const word of words.slice(1)) {
    if (word !== "" && line.trim() && displayWidth(line) + 1 + displayWidth(word) > width) {
      lines.push(line.trimEnd());
      line = word;
    } else line += ` ${word}`;
    flush();
  }
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
