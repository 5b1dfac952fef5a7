// --fix: apply the literal edits of `rewritten` usages, writing each file atomically (a temp file
// beside it, then rename) with its BOM, line endings, encoding, mode and owner kept, and only if
// it is still the file that was scanned. --dry-run: a unified diff instead, nothing written.
import {
  closeSync, constants, fchmodSync, fchownSync, fstatSync, lstatSync, openSync, realpathSync, renameSync, rmSync, writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { redactSource } from "./redact.js";
import { applyEdits, type Edit } from "./analyze.js";
import { fileText, READ_FLAGS, sameFile, type Located, type ScanHooks, type ScannedFile } from "./scan.js";

export const fixable = (u: Located): boolean => u.status === "rewritten" && u.edits.length > 0;

/** The file's new text, or undefined when nothing in it can be fixed. */
export function fixedText(f: ScannedFile): string | undefined {
  const edits: Edit[] = [];
  for (const u of f.usages) if (fixable(u)) for (const e of u.edits) edits.push(e);
  if (f.unlisted) for (const e of f.unlisted.edits) edits.push(e);
  edits.sort((a, b) => a.start - b.start);
  return edits.length ? applyEdits(fileText(f), edits) : undefined;
}

function encode(f: ScannedFile, text: string): Buffer {
  if (f.utf16) {
    const units = Buffer.from("\uFEFF" + text, "utf16le");
    return f.utf16 === "be" ? units.swap16() : units;
  }
  return Buffer.concat([f.bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, f.latin1 ? "latin1" : "utf8")]);
}

/** Why a file was left as it is. */
export type NotFixed = "changed" | "read-only" | "owner";
export const NOT_FIXED_TEXT: Record<NotFixed, string> = {
  changed: "changed since scanned, not fixed",
  "read-only": "read-only, not fixed",
  owner: "its owner cannot be kept, not fixed",
};

const TMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** dirname/basename for a path given as bytes too */
function split(p: string | Buffer): { dir: string | Buffer; tmp: string | Buffer } {
  const suffix = `.mids-${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`;
  if (typeof p === "string") return { dir: dirname(p), tmp: join(dirname(p), `.${basename(p)}${suffix}`) };
  const cut = p.lastIndexOf(0x2f);
  const dir = p.subarray(0, Math.max(cut, 1));
  return { dir, tmp: Buffer.concat([p.subarray(0, cut + 1), Buffer.from("."), p.subarray(cut + 1), Buffer.from(suffix)]) };
}

const sameBytes = (a: string | Buffer, b: string | Buffer) => (typeof a === "string" ? a === b : Buffer.isBuffer(b) && a.equals(b));

/** The file is the one scanned, at the path scanned: its directory holds no symbolic link swapped in since, and it is no link itself. */
function unchanged(p: string | Buffer, dir: string | Buffer, f: ScannedFile): boolean {
  try {
    // (the native call: the JavaScript one reads a path given as bytes as UTF-8)
    const real = typeof dir === "string" ? realpathSync.native(dir) : realpathSync.native(dir, { encoding: "buffer" });
    return sameBytes(dir, real) && sameFile(lstatSync(p), f.id);
  } catch {
    return false;
  }
}

/**
 * Replace the file with `text`, unless it changed since it was scanned (a symbolic link, FIFO or
 * other file swapped in, or new content), is read-only, or its owner cannot be kept. The walk
 * gave real paths (no symbolic link in them) below the scan's roots: a path that still resolves
 * to itself is still there. All synchronous: a signal is handled between files, never while a
 * temporary file exists, which is removed on every failure.
 */
export function writeFixed(f: ScannedFile, text: string, path: string | Buffer, hooks: ScanHooks = {}): NotFixed | undefined {
  hooks.beforeFix?.(f);
  const { dir, tmp } = split(path);
  if (!unchanged(path, dir, f)) return "changed";
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "ENOENT" || code === "ENXIO") return "changed";
    if (code === "EACCES" || code === "EPERM") return "read-only";
    throw e;
  }
  let st;
  try { st = fstatSync(fd); } finally { closeSync(fd); }
  if (!sameFile(st, f.id)) return "changed";
  // no write permission for anyone (or for us): renaming over it would ignore that
  if ((st.mode & 0o222) === 0) return "read-only";
  let out: number | undefined;
  let done = false;
  try {
    out = openSync(tmp, TMP_FLAGS, 0o600);
    const bytes = encode(f, text);
    for (let off = 0; off < bytes.length;) off += writeSync(out, bytes, off, bytes.length - off);
    fchmodSync(out, st.mode & 0o7777);
    const mine = fstatSync(out);
    if (mine.uid !== st.uid || mine.gid !== st.gid) {
      try { fchownSync(out, st.uid, st.gid); } catch { return "owner"; }
    }
    closeSync(out);
    out = undefined;
    hooks.beforeRename?.(f);
    if (!unchanged(path, dir, f)) return "changed";
    renameSync(tmp, path);
    done = true;
    return undefined;
  } finally {
    if (out !== undefined) closeSync(out);
    if (!done) rmSync(tmp, { force: true });
  }
}

/**
 * A file name in a diff header as git writes it, which git apply and GNU patch both read: a
 * name with a quote, backslash or control character C-quoted ("a/new\nline.js"), one with a
 * space ended by a tab.
 */
export function diffName(name: string | Buffer): string {
  const esc: Record<string, string> = { "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r" };
  const quote = (s: string, re: RegExp) => `"${s.replace(re, (c) => esc[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`)}"`;
  // a name that is not UTF-8, by its bytes: those over 0x7f in octal, as git writes them
  if (typeof name !== "string") return quote(name.toString("latin1"), /["\\\u0000-\u001f\u007f-\u00ff]/g);
  if (/["\\\u0000-\u001f\u007f]/.test(name)) return quote(name, /["\\\u0000-\u001f\u007f]/g);
  return /\s/.test(name) ? name + "\t" : name;
}

/**
 * A unified diff of one file (3 lines of context). Fixes never add or remove lines, so old and
 * new line numbers are the same. Lines keep their CR (and the first its BOM), so the patch
 * applies byte for byte; a line that holds a key is redacted (`redactText`: a run's redaction,
 * the shipped rules by default), and that hunk then will not apply.
 */
export function unifiedDiff(file: string | Buffer, f: { text: string; bom: boolean }, after: string, redactText: (s: string) => string = (s) => redactSource(s), context = 3): string {
  const a = f.text.split("\n");
  const b = after.split("\n");
  if (f.bom) { a[0] = "\uFEFF" + a[0]; b[0] = "\uFEFF" + b[0]; }
  const lastHasNl = f.text.endsWith("\n");
  const count = lastHasNl ? a.length - 1 : a.length;
  const changed: number[] = [];
  for (let i = 0; i < count; i++) if (a[i] !== b[i]) changed.push(i);
  if (!changed.length) return "";
  const named = (side: string) => diffName(typeof file === "string" ? side + file : Buffer.concat([Buffer.from(side), file]));
  const out = [`--- ${named("a/")}`, `+++ ${named("b/")}`];
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k] - context);
    let end = Math.min(count, changed[k] + context + 1);
    while (k + 1 < changed.length && changed[k + 1] - context <= end) end = Math.min(count, changed[++k] + context + 1);
    k++;
    const n = end - start;
    out.push(`@@ -${start + 1},${n} +${start + 1},${n} @@`);
    const noNl = (i: number) => (i === count - 1 && !lastHasNl ? ["\\ No newline at end of file"] : []);
    for (let i = start; i < end;) {
      if (a[i] === b[i]) { out.push(" " + redactText(a[i]), ...noNl(i)); i++; continue; }
      let j = i;
      while (j < end && a[j] !== b[j]) j++;
      for (let x = i; x < j; x++) out.push("-" + redactText(a[x]), ...noNl(x));
      for (let x = i; x < j; x++) out.push("+" + redactText(b[x]), ...noNl(x));
      i = j;
    }
  }
  return out.join("\n") + "\n";
}
