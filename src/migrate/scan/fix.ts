// --fix: apply the literal edits of `rewritten` usages, writing each file atomically (a temp file
// beside it, then rename) with its BOM, line endings, encoding and mode kept. --dry-run: a
// unified diff instead, nothing written.
import { chmod, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { redactSource as redactText } from "./redact.js";
import { applyEdits, type Edit } from "./analyze.js";
import type { Located, ScannedFile } from "./scan.js";

export const fixable = (u: Located): boolean => u.status === "rewritten" && u.edits.length > 0;

/** The file's new text, or undefined when nothing in it can be fixed. */
export function fixedText(f: ScannedFile): string | undefined {
  const edits: Edit[] = f.usages.filter(fixable).flatMap((u) => u.edits).sort((a, b) => a.start - b.start);
  return edits.length ? applyEdits(f.text, edits) : undefined;
}

const encode = (f: ScannedFile, text: string): Buffer =>
  Buffer.concat([f.bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, f.latin1 ? "latin1" : "utf8")]);

export async function writeFixed(f: ScannedFile, text: string): Promise<void> {
  // a file named through a symbolic link: the link's target is rewritten, the link stays a link
  const path = await realpath(f.path);
  const tmp = join(dirname(path), `.${basename(path)}.mids-${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`);
  const mode = (await stat(path)).mode & 0o7777;
  try {
    await writeFile(tmp, encode(f, text), { flag: "wx", mode });
    await chmod(tmp, mode); // the umask may have narrowed it
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * A file name in a diff header as git writes it, which git apply and GNU patch both read: a
 * name with a quote, backslash or control character C-quoted ("a/new\nline.js"), one with a
 * space ended by a tab.
 */
export function diffName(name: string): string {
  if (/["\\\u0000-\u001f\u007f]/.test(name)) {
    const esc: Record<string, string> = { "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r" };
    return `"${name.replace(/["\\\u0000-\u001f\u007f]/g, (c) => esc[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`)}"`;
  }
  return /\s/.test(name) ? name + "\t" : name;
}

/**
 * A unified diff of one file (3 lines of context). Fixes never add or remove lines, so old and
 * new line numbers are the same. Lines keep their CR (and the first its BOM), so the patch
 * applies byte for byte; a line that holds a key is redacted (and that hunk then will not apply).
 */
export function unifiedDiff(file: string, f: Pick<ScannedFile, "text" | "bom">, after: string, context = 3): string {
  const a = f.text.split("\n");
  const b = after.split("\n");
  if (f.bom) { a[0] = "\uFEFF" + a[0]; b[0] = "\uFEFF" + b[0]; }
  const lastHasNl = f.text.endsWith("\n");
  const count = lastHasNl ? a.length - 1 : a.length;
  const changed: number[] = [];
  for (let i = 0; i < count; i++) if (a[i] !== b[i]) changed.push(i);
  if (!changed.length) return "";
  const out = [`--- ${diffName("a/" + file)}`, `+++ ${diffName("b/" + file)}`];
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
