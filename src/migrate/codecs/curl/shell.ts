// Split a command line into words as a POSIX shell would: single quotes, double quotes with
// backslash escapes, backslash-newline continuations, and bash's `$'...'` (what a browser's
// "Copy as cURL (bash)" writes for a value holding a quote or a control character). No expansion: $VARS stay literal (and
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
    if (ch === "$" && s[i + 1] === "'") {
      const r = ansiC(s, i + 2);
      if (r === undefined) return "unterminated $'...' quote";
      cur += r.text;
      i = r.end;
      inWord = true;
    } else if (ch === "'") {
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
        if (c === 36 && s.charCodeAt(j + 1) === 39) break;
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

// the one-character escapes of bash's $'...'
const ANSI_C: Readonly<Record<string, number>> = { a: 7, b: 8, e: 27, E: 27, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92, "'": 39, '"': 34, "?": 63 };
const HEX = /^[0-9A-Fa-f]+$/;

/**
 * The text of a `$'...'` word part whose content starts at `from`, and the index of its closing
 * quote (undefined: none). Escapes as bash reads them: \n \t ... \' \\, \nnn (octal) and \xHH (bytes,
 * which may spell UTF-8 together), \uHHHH and \UHHHHHHHH (characters), \cX (a control character).
 */
function ansiC(s: string, from: number): { text: string; end: number } | undefined {
  const bytes: number[] = [];
  const utf8 = (t: string) => { for (const b of Buffer.from(t, "utf8")) bytes.push(b); };
  const digits = (i: number, max: number, ok: RegExp): string => {
    let j = i;
    while (j < s.length && j - i < max && ok.test(s[j])) j++;
    return s.slice(i, j);
  };
  for (let i = from; i < s.length; i++) {
    const ch = s[i];
    if (ch === "'") return { text: Buffer.from(bytes).toString("utf8"), end: i };
    if (ch !== "\\" || i + 1 >= s.length) {
      const cp = s.codePointAt(i)!;
      if (cp > 0xffff) i++;
      utf8(String.fromCodePoint(cp));
      continue;
    }
    const e = s[++i];
    if (ANSI_C[e] !== undefined) bytes.push(ANSI_C[e]);
    else if (e >= "0" && e <= "7") {
      const d = digits(i, 3, /[0-7]/);
      bytes.push(parseInt(d, 8) & 0xff);
      i += d.length - 1;
    } else if (e === "x" || e === "u" || e === "U") {
      const d = digits(i + 1, e === "x" ? 2 : e === "u" ? 4 : 8, /[0-9A-Fa-f]/);
      if (!HEX.test(d)) { utf8("\\" + e); continue; }
      const n = parseInt(d, 16);
      if (e === "x") bytes.push(n);
      else utf8(n <= 0x10ffff ? String.fromCodePoint(n) : "\ufffd");
      i += d.length;
    } else if (e === "c" && i + 1 < s.length) bytes.push(s.charCodeAt(++i) & 0x1f);
    else utf8("\\" + e);
  }
  return undefined;
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
