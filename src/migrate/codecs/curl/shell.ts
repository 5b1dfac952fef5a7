// Split a command line into words as a POSIX shell would: single quotes, double quotes with
// backslash escapes, backslash-newline continuations. No expansion: $VARS stay literal (and
// `expands` says which words hold one the shell would expand).
import { charTableOf } from "../../../util/chars.js";

// a `$` the shell expands: followed by a name or `{` (`$1`, `$?` and a lone `$` are left alone)
const VAR_START = /^[A-Za-z_{]/;
/** A shell variable reference, `$NAME` or `${NAME}`, as the shell would expand it. */
export const SHELL_VAR = /\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})/g;

/**
 * The words of a command line. `expands`, when given, gets one flag per word: whether it holds
 * a `$NAME` or `${NAME}` outside single quotes and not escaped, which the shell would expand.
 */
export function shellWords(s: string, expands?: boolean[]): string[] | string {
  const words: string[] = [];
  let cur = "";
  let inWord = false;
  let exp = false;
  const varAt = (k: number) => VAR_START.test(s.slice(k + 1, k + 2));
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) return "unterminated single quote";
      cur += s.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < s.length && s[j] !== '"'; j++) {
        if (s[j] === "\\" && j + 1 < s.length && '"\\$`\n'.includes(s[j + 1])) {
          if (s[j + 1] !== "\n") cur += s[j + 1];
          j++;
        } else {
          if (s[j] === "$" && varAt(j)) exp = true;
          cur += s[j];
        }
      }
      if (j >= s.length) return "unterminated double quote";
      i = j;
      inWord = true;
    } else if (ch === "\\") {
      if (i + 1 < s.length && s[i + 1] !== "\n") { cur += s[i + 1]; inWord = true; }
      i++;
    } else if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r") {
      if (inWord) { words.push(cur); expands?.push(exp); }
      cur = "";
      inWord = false;
      exp = false;
    } else {
      // a run of plain characters is copied in one slice
      let j = i + 1;
      for (; j < s.length; j++) {
        const c = s.charCodeAt(j);
        if (c === 39 || c === 34 || c === 92 || c === 32 || c === 9 || c === 10 || c === 13) break;
      }
      for (let k = s.indexOf("$", i); k >= 0 && k < j; k = s.indexOf("$", k + 1)) if (varAt(k)) exp = true;
      cur += s.slice(i, j);
      i = j - 1;
      inWord = true;
    }
  }
  if (inWord) { words.push(cur); expands?.push(exp); }
  return words;
}

/** Quote a word for a POSIX shell; `$VAR` references are kept expandable when asked. */
export function shellQuote(s: string, expand = false): string {
  if (s.length > 0 && shellSafe(s)) return s;
  if (expand) return `"${s.replace(/(["\\`])/g, "\\$1")}"`;
  return s.indexOf("'") < 0 ? "'" + s + "'" : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Is every character of s one a word needs no quotes for? (true for "") */
export function shellSafe(s: string): boolean {
  for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c >= 128 || SAFE[c] === 0) return false; }
  return true;
}

// the characters a word needs no quotes for: [\w@%+=:,./-]
const SAFE = charTableOf("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-");
