// What a source line looks like on a screen (stylish findings, the scan --fix --dry-run diff on
// a terminal): control characters in caret notation (`^[` for ESC, `^?` for DEL, as `cat -v` writes them) and C1 controls, bidi and invisible characters (the
// ones every data format of mids escapes: src/util/sanitize.ts) as `<U+202E>`, so a line can
// neither drive the terminal nor read differently from its bytes. Piped diffs keep the bytes.
import { needsEscape } from "../util/sanitize.js";

const C0 = /[\u0000-\u0008\u000b-\u001f]/;

/** Whether one character (a UTF-16 unit) is shown as a notation. */
export const needsNotation = (c: string): boolean => C0.test(c) || needsEscape(c);

/** One character as shown: `^[`, `^?`, `<U+202E>`; itself when it is harmless. */
export function shownChar(c: string): string {
  if (!needsNotation(c)) return c;
  const n = c.charCodeAt(0);
  if (n < 0x20) return "^" + String.fromCharCode(n + 0x40);
  if (n === 0x7f) return "^?";
  return `<U+${n.toString(16).toUpperCase().padStart(4, "0")}>`;
}

/** Text as a terminal may show it (tabs and newlines kept). */
export function caretNotation(s: string): string {
  if (!C0.test(s) && !needsEscape(s)) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) out += shownChar(s[i]);
  return out;
}
