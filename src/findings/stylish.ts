// stylish: the human format, grouped by file, each finding with its source line and a caret.
// Text from servers and files is untrusted: control characters never reach the terminal.
import { shownChar } from "./display.js";
import { charWidth } from "../output/width.js";
import { needsEscape, oneLine, partCommand } from "../util/sanitize.js";
import { wrapProse, wrapText } from "../output/prose.js";
import type { Finding, FindingsSet } from "./types.js";

/**
 * A character of a source line as shown: a tab as one space (the caret stays aligned), control
 * characters in caret notation (`^[`), C1, bidi and invisible characters as `<U+202E>`.
 */
const shownUnit = (u: string): string => (u === "\t" ? " " : shownChar(u));

/** A C0 control but a tab: shown in caret notation. */
const C0 = /[\u0000-\u0008\u000a-\u001f]/;
/** Every unit of the line is shown as itself or, a tab, as a space (one column each): no control, C1, bidi or invisible character. */
const shownAsIs = (s: string): boolean => !C0.test(s) && !needsEscape(s);

/** A unit that may not take one terminal column (a combining mark, CJK, an emoji): below U+0300 every shown one does. */
const MAYBE_NOT_ONE_COLUMN = /[^\u0000-\u02ff]/;

/**
 * The terminal columns of the UTF-16 unit at `i` (findings/columns.ts) shown as itself: its
 * character's (CJK and emoji two, combining marks none: src/output/width), a surrogate pair's on
 * its first half and none on its second, so the caret stands under the character on the screen.
 */
function columnsAt(units: string, i: number): number {
  const c = units.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const lo = units.charCodeAt(i + 1);
    return lo >= 0xdc00 && lo <= 0xdfff ? charWidth(units.slice(i, i + 2)) : 1;
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const hi = i > 0 ? units.charCodeAt(i - 1) : 0;
    return hi >= 0xd800 && hi <= 0xdbff ? 0 : 1;
  }
  return charWidth(units[i]);
}

/** Source lines longer than this (minified code) are shown as an excerpt around the finding. */
export const MAX_SHOWN_COLUMNS = 160;
const CONTEXT_COLUMNS = 40;

/**
 * The units [from, to) of a line shown around [start, end): the whole line when it fits in
 * `maxShown` terminal columns, else some context before the finding and as much after it as fits
 * (`widthAt`: a unit's columns as shown, so a line of CJK is cut by the screen, not by its units).
 */
function shownRange(len: number, start: number, end: number, maxShown: number, widthAt: (i: number) => number, units: string): [number, number] {
  let total = 0;
  for (let i = 0; i < len && total <= maxShown; i++) total += widthAt(i);
  if (total <= maxShown) return [0, len];
  const context = Math.min(CONTEXT_COLUMNS, Math.floor(maxShown / 4));
  let from = start;
  for (let c = 0; from > 0 && c + widthAt(from - 1) <= context;) c += widthAt(--from);
  // never the second half of a surrogate pair alone
  if (from > 0 && isLowSurrogate(units.charCodeAt(from)) && isHighSurrogate(units.charCodeAt(from - 1))) from++;
  const last = Math.max(end, start + 1);
  let to = from;
  for (let shown = 0, after = 0; to < len; to++) {
    const w = widthAt(to);
    if (shown + w > maxShown) break;
    if (to >= last) { if (after + w > context) break; after += w; }
    shown += w;
  }
  return [from, Math.max(to, Math.min(len, start + 1))];
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** The line as shown (clipped with … around the finding when long) and its caret line, under the shown characters. */
function excerpt(f: Finding, units: string, maxShown = MAX_SHOWN_COLUMNS, general = false): { shown: string; caret: string } {
  const len = units.length;
  const col = f.shown ?? f;
  const start = Math.min(len, Math.max(0, col.column - 1));
  const end = Math.max(start + 1, f.endLine === f.line ? col.endColumn - 1 : len);
  if (!general && shownAsIs(units) && !MAYBE_NOT_ONE_COLUMN.test(units)) {
    // (the loop below, for a line whose every unit is shown as itself, one column each)
    let from = 0;
    let to = len;
    if (len > maxShown) {
      const context = Math.min(CONTEXT_COLUMNS, Math.floor(maxShown / 4));
      from = Math.max(0, start - context);
      to = Math.min(len, from + maxShown, Math.max(end, start + 1) + context);
    }
    const pre = from > 0 ? "…" : "";
    const cut = Math.min(start, to);
    return {
      shown: partCommand(pre + (units.indexOf("\t") < 0 ? units.slice(from, to) : units.slice(from, to).replace(/\t/g, " ")) + (to < len ? "…" : "")),
      caret: " ".repeat(pre.length + cut - from) + "^".repeat(Math.max(1, Math.min(end, to) - cut)),
    };
  }
  // a unit shown as itself takes its columns on the screen (two for CJK); a notation is ASCII
  const widthAt = (i: number): number => {
    const u = shownUnit(units[i]);
    return u === units[i] ? columnsAt(units, i) : u.length;
  };
  const [from, to] = shownRange(len, start, end, maxShown, widthAt, units);
  const pre = from > 0 ? "…" : "";
  let shown = pre;
  let before = pre.length;
  let under = 0;
  for (let i = from; i < to; i++) {
    shown += shownUnit(units[i]);
    const w = widthAt(i);
    if (i < start) before += w;
    else if (i < end) under += w;
  }
  if (to < len) shown += "…";
  // (a zero-width space parts a runner command: no column moves)
  return { shown: partCommand(shown), caret: " ".repeat(before) + "^".repeat(Math.max(1, under)) };
}

export interface StylishOptions {
  /** the terminal's width: prose wrapped at word boundaries, source lines excerpted to fit (so carets stay aligned) */
  width?: number;
  /** every note in full under every finding (default: in full the first time in a file, then by name) */
  fullNotes?: boolean;
  /**
   * The general paths alone (tests, MIDS_MIGRATE_STRATEGY=general): source lines cut from the whole
   * text, every character of a line looked at, each finding's notes made for it alone; the fast
   * ones (a file's `line()`, a line shown as it is, each note's lines made once) must match.
   */
  general?: boolean;
}

/** Notes stand under the finding's message. */
const NOTE_INDENT = " ".repeat(9);

/** The gutter before a source line: `   123 | `. */
const GUTTER = 9;
/** The gutter before a caret line. */
const CARET_GUTTER = `${" ".repeat(6)} | `;
/** A line with something to show (String#trim's whitespace is RegExp's \s). */
const NOT_BLANK = /\S/;

/** The styles stylish paints with. */
export interface Colours {
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  underline(s: string): string;
}

/**
 * Stylish's colours (chalk's basic ones), loaded by the runs that paint: chalk's import looks the
 * terminal over, which every other run's start-up would pay for.
 */
export async function stylishColours(): Promise<Colours> {
  const { Chalk } = await import("chalk");
  return new Chalk({ level: 1 });
}

/** `colours`: the styles to paint with (stylishColours), or none for plain text. */
export function formatStylish(set: FindingsSet, colours: Colours | false | undefined, opts: StylishOptions = {}): string {
  let text = "";
  for (const chunk of formatStylishChunks(set, colours, opts)) text += chunk;
  return text;
}

/** What a chunk of the output holds at least before it is handed out (the last may hold less). */
const CHUNK_CHARS = 64 * 1024;
/**
 * A character past Latin-1 (`…`, text in most scripts): a string holding one is stored two bytes a
 * character, and so is every string joined with it, which costs its writing to UTF-8 several times
 * what a one-byte string costs. Such a source line is handed out on its own, so that the chunks
 * around it stay one byte a character.
 */
const WIDE = /[^\u0000-\u00ff]/;

/** The stylish text in pieces, made as they are written (a run of many findings never builds the whole). */
export function* formatStylishChunks(set: FindingsSet, colours: Colours | false | undefined, opts: StylishOptions = {}): Generator<string> {
  // (without colour a style is the text itself: no call into chalk per piece)
  const plain = (s: string) => s;
  const c = colours || undefined;
  const dim = c ? c.dim : plain;
  const red = c ? c.red : plain;
  const underline = c ? c.underline : plain;
  const paint = { error: c ? c.red : plain, warning: c ? c.yellow : plain, note: c ? c.cyan : plain };
  const width = opts.width;
  const maxShown = width ? Math.max(20, Math.min(MAX_SHOWN_COLUMNS, width - GUTTER - 2)) : MAX_SHOWN_COLUMNS;
  // the text made so far, handed out once it holds CHUNK_CHARS (pieces joined as they come: no
  // array of lines joined per file, then again per chunk)
  let chunk = "";
  const put = (line: string) => { chunk += line + "\n"; };
  // (a loop: a spread over findings overflows the stack past ~100,000 of them)
  let labelWidth = 7;
  for (const r of set.files) for (const f of r.findings) if (f.label.length > labelWidth) labelWidth = f.label.length;
  // notes repeat across findings (one string for every finding that carries the note): each made safe once
  const safeNotes = new Map<string, string>();
  const safeNote = (s: string) => {
    let t = safeNotes.get(s);
    if (t === undefined) safeNotes.set(s, (t = oneLine(s)));
    return t;
  };
  const prefix = 2 + 7 + 1 + labelWidth + 2;
  const caretGutter = dim(CARET_GUTTER);
  /** A finding's head after its place: the label, the message and the detail, wrapped to the width. */
  const headOf = (f: Finding): string => {
    const sev = (paint[f.severity] ?? paint.note)(f.label.padEnd(labelWidth));
    const message = oneLine(f.message);
    const detail = f.detail ? oneLine(f.detail) : "";
    const headLines = width ? wrapText(f.detail ? `${message}  ${detail}` : message, Math.max(20, width - prefix)) : undefined;
    if (!headLines || headLines.length === 1) return `${sev}  ${message}${f.detail ? `  ${dim(detail)}` : ""}`;
    let head = `${sev}  ${headLines[0]}`;
    for (let k = 1; k < headLines.length; k++) head += "\n" + " ".repeat(prefix) + headLines[k];
    return head;
  };
  /** A note's line(s) as shown, each with its newline. */
  const noteLines = (text: string): string => {
    if (!width) return dim(NOTE_INDENT + text) + "\n";
    let out = "";
    for (const l of wrapProse(NOTE_INDENT + text, width)) out += dim(l) + "\n";
    return out;
  };
  /** The lines of a note named only, after it was said in full in the file. */
  const againOf = (note: string): string => {
    const name = /^([\w-]+): /.exec(note)?.[1];
    return name ? noteLines(`${name}: as above`) : noteLines(note);
  };
  /** A note as shown: in full (the first time in a file, or always with --full-notes), or named only (made when first needed). */
  interface NoteText { safe: string; full: string; again?: string }
  const noteOf = (n: string, safe: string): NoteText => ({ safe, full: noteLines(safe) });
  // each note's lines, made once (notes repeat across findings: one string for every finding that
  // carries the note); the key is the note as given, so the fast path needs no memo of safeNote's
  const noteTexts = new Map<string, NoteText>();
  // each note said in full, by the (1-based) number of the file it was last said in: one map for
  // the run, not a set per file
  const said = new Map<string, number>();
  /** The notes of a finding of file number `file` as shown (a note said in full before in the file: named only). */
  const notesOf = (notes: readonly string[], file: number): string => {
    let out = "";
    for (const n of notes) {
      let t = opts.general ? undefined : noteTexts.get(n);
      if (t === undefined) {
        if (opts.general) t = noteOf(n, safeNote(n));
        else noteTexts.set(n, (t = noteOf(n, oneLine(n))));
      }
      if (!opts.fullNotes && said.get(t.safe) === file) out += opts.general ? againOf(t.safe) : (t.again ??= againOf(t.safe));
      else {
        said.set(t.safe, file);
        out += t.full;
      }
    }
    return out;
  };
  let file = 0;
  for (const r of set.files) {
    if (!r.findings.length) continue;
    const line = opts.general ? undefined : r.line;
    const lines = line ? undefined : r.text?.replace(/^\uFEFF/, "").split(/\r?\n/) ?? [];
    const lineOf = (n: number) => (line ? line(n) : lines![n - 1]);
    put(underline(oneLine(r.file)));
    // a note already said in full in this file is named only (--full-notes: in full every time)
    file++;
    for (const f of r.findings) {
      put(`  ${dim(`${f.line}:${f.column}`.padEnd(7))} ${headOf(f)}`);
      const text = lineOf(f.line);
      if (text !== undefined && NOT_BLANK.test(text)) {
        const gutter = String(f.line).padStart(6);
        const { shown, caret } = excerpt(f, text, maxShown, opts.general);
        if (!opts.general && WIDE.test(shown)) {
          if (chunk) yield chunk;
          yield dim(`${gutter} | `) + shown + "\n";
          chunk = "";
        } else put(dim(`${gutter} | `) + shown);
        put(caretGutter + red(caret));
      }
      if (f.notes?.length) chunk += notesOf(f.notes, file);
    }
    // each file's lines, then a blank line
    put("");
    if (chunk.length >= CHUNK_CHARS) { yield chunk; chunk = ""; }
  }
  if (chunk) yield chunk;
}
