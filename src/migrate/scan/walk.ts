// The files `migrate scan` reads: named files as they are, directories walked with the ignore
// rules of git (every .gitignore from the work tree's root down, also outside a git work tree,
// read by the `ignore` package), never into node_modules/, vendor/ or .git/, and --include /
// --exclude globs (picomatch). Symbolic links are not followed (a fix would replace the link).
// Directories given are walked by their real path (--fix writes only there); names that are not
// UTF-8 are kept as their bytes (FileEntry.raw) and shown escaped (`\xff`). The walk yields to
// the event loop every few milliseconds, so a signal stops it.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent } from "node:fs";
import { isUtf8 } from "node:buffer";
import { join, relative, resolve, sep } from "node:path";
import { UsageError } from "../../errors.js";
import { SKIPPED_DIRS, isIgnored, levelsAbove, readIgnore, shownPath, type CostlyRule, type IgnoreTooLarge, type Level } from "../../util/gitignore-tree.js";
import { monotonicMs } from "../../util/time.js";


/**
 * A SARIF findings report (`v2.sarif`, a previous run's --output-file): results, never code. The
 * walk leaves it out, as it does ignored files, so a run does not report the last run's findings
 * (or --fix rewrite them); named on the command line it is scanned.
 */
const isFindingsReport = (name: string): boolean => /\.sarif(\.json)?$/i.test(name);

export interface FileEntry {
  /** absolute path (its directory a real path: no symbolic link in it); a name that is not UTF-8 is escaped */
  path: string;
  /** the name shown in findings: relative to the current directory when below it, / separators */
  file: string;
  /** the path's bytes, when a name in it is not UTF-8 (file system calls take this one) */
  raw?: Buffer;
  /** then also the shown name's bytes (a diff header names the file by them) */
  rawFile?: Buffer;
}

/** The path to hand to file system calls. */
export const fsPath = (e: FileEntry): string | Buffer => e.raw ?? e.path;

/**
 * A file name that is not UTF-8, as messages show it: its UTF-8 runs as they are, every other
 * byte as `\xNN` (the file is still read and written by its bytes).
 */
export function escapedName(b: Uint8Array): string {
  let out = "";
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    const n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (n && i + n <= b.length && isUtf8(b.subarray(i, i + n))) { out += Buffer.from(b.buffer, b.byteOffset + i, n).toString("utf8"); i += n; }
    else { out += `\\x${c.toString(16).padStart(2, "0")}`; i++; }
  }
  return out;
}

/** picomatch, loaded by the caller only when there are globs to match */
export type Picomatch = (patterns: string[], opts: { dot: boolean; basename: boolean }) => (path: string) => boolean;

export interface WalkOptions {
  cwd: string;
  include?: readonly string[];
  exclude?: readonly string[];
  picomatch?: Picomatch;
  /** stops the walk (between directories) */
  signal?: AbortSignal;
  /** the bytes of a path argument that was not UTF-8 (its string holds U+FFFD), if known */
  rawArg?: (arg: string) => Buffer | undefined;
}

export interface WalkResult {
  files: FileEntry[];
  /** files and directories left out by .gitignore rules */
  ignored: number;
  /** ignore files over MAX_GITIGNORE_BYTES, left out (named as shown, with their size) */
  largeIgnores: { file: string; size: number }[];
  /** directories named on the command line that are never walked (node_modules, vendor, .git): `mids migrate scan *` */
  skippedDirs: string[];
  /** ignore rules left out as too costly to match (src/util/gitignore.ts), named as shown */
  costlyRules: { file: string; line: number }[];
}

const shownName = (cwd: string, abs: string, arg: string): string => {
  const rel = relative(cwd, abs);
  const name = rel === "" ? "." : rel.startsWith("..") ? abs : rel;
  return (arg.startsWith("/") || rel.startsWith("..") ? abs : name).split(sep).join("/");
};

/** Patterns without a slash match a name at any depth (like .gitignore); others match the path shown. */
function matcher(patterns: readonly string[] | undefined, picomatch: Picomatch | undefined): ((file: string) => boolean) | undefined {
  if (!patterns?.length) return undefined;
  if (!picomatch) throw new Error("walk: globs given without picomatch");
  const m = picomatch([...patterns], { dot: true, basename: true });
  return (file) => m(file.replace(/^\.\//, ""));
}

/** How long the walk runs before it lets a signal in. */
const YIELD_MS = 20;
const SEP = Buffer.from(sep);

/** A directory's entries by their bytes: names that are not UTF-8 keep them. */
interface Entry {
  name: string;
  raw?: Buffer;
  dir: boolean;
  file: boolean;
}

function entriesOf(dir: string, raw: Buffer | undefined): Entry[] {
  if (!raw) {
    const ents: Dirent[] = readdirSync(dir, { withFileTypes: true });
    // U+FFFD: a name that is not UTF-8 was decoded with replacements (its file cannot be opened by that name)
    if (!ents.some((e) => e.name.includes("\uFFFD"))) return ents.map((e) => ({ name: e.name, dir: e.isDirectory(), file: e.isFile() }));
  }
  const base = raw ?? Buffer.from(dir);
  return readdirSync(base, { withFileTypes: true, encoding: "buffer" }).map((e) => {
    const b = e.name as unknown as Buffer;
    const utf8 = isUtf8(b);
    return { name: utf8 ? b.toString("utf8") : escapedName(b), raw: utf8 && !raw ? undefined : Buffer.concat([base, SEP, b]), dir: e.isDirectory(), file: e.isFile() };
  });
}

export async function walk(paths: readonly string[], opts: WalkOptions): Promise<WalkResult> {
  const include = matcher(opts.include, opts.picomatch);
  const exclude = matcher(opts.exclude, opts.picomatch);
  const files: FileEntry[] = [];
  const seen = new Set<string>();
  let ignored = 0;
  const add = (path: string, file: string, raw?: Buffer, rawFile?: Buffer) => {
    if (seen.has(path)) return;
    seen.add(path);
    files.push(raw ? { path, file, raw, rawFile } : { path, file });
  };
  const missing: string[] = [];
  const skippedDirs: string[] = [];
  const largeIgnores: { file: string; size: number }[] = [];
  const costlyRules: { file: string; line: number }[] = [];
  const tooLarge: IgnoreTooLarge = (file, size) => {
    const shown = shownPath(opts.cwd, file);
    if (!largeIgnores.some((l) => l.file === shown)) largeIgnores.push({ file: shown, size });
  };
  const costly: CostlyRule = (file, line) => costlyRules.push({ file: shownPath(opts.cwd, file), line });
  /** the path or one of its directories matches --exclude */
  const excludedPath = (file: string): boolean => {
    if (!exclude) return false;
    const parts = file.replace(/^\.\//, "").split("/");
    for (let i = 1; i <= parts.length; i++) if (parts[i - 1] !== "" && parts[i - 1] !== ".." && exclude(parts.slice(0, i).join("/"))) return true;
    return false;
  };
  let since = monotonicMs();
  const pause = async () => {
    if (opts.signal?.aborted) throw new Error("interrupted");
    if (monotonicMs() - since < YIELD_MS) return;
    await new Promise<void>((r) => setImmediate(r));
    if (opts.signal?.aborted) throw new Error("interrupted");
    since = monotonicMs();
  };

  const visit = async (dir: string, raw: Buffer | undefined, shown: string, levels: Level[], rawShown?: Buffer) => {
    await pause();
    let ents: Entry[];
    try {
      ents = entriesOf(dir, raw);
    } catch (e) {
      // an unreadable directory would hide its usages: refuse rather than pass without them
      throw new UsageError(`cannot read directory '${shown}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { hint: "check its permissions, or leave it out with --exclude" });
    }
    if (ents.some((e) => e.name === ".gitignore" && e.file)) {
      const ig = readIgnore(join(dir, ".gitignore"), tooLarge, costly, raw && Buffer.concat([raw, SEP, Buffer.from(".gitignore")]));
      if (ig) levels = [...levels, { base: dir, ig }];
    }
    ents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of ents) {
      const abs = dir === sep ? sep + e.name : dir + sep + e.name; // dir is absolute and normalised: no join() per entry
      const file = shown === "." ? e.name : `${shown}/${e.name}`;
      const rawFile = e.raw && (shown === "." ? e.raw.subarray(e.raw.lastIndexOf(SEP) + 1) : Buffer.concat([rawShown ?? Buffer.from(shown), Buffer.from("/"), e.raw.subarray(e.raw.lastIndexOf(SEP) + 1)]));
      if (e.dir) {
        if (SKIPPED_DIRS.includes(e.name)) continue;
        if (levels.length && isIgnored(levels, abs, true)) { ignored++; continue; }
        if (exclude?.(file)) continue;
        await visit(abs, e.raw, file, levels, rawFile);
      } else if (e.file) {
        if ((levels.length && isIgnored(levels, abs, false)) || isFindingsReport(e.name)) { ignored++; continue; }
        if (exclude?.(file) || (include && !include(file))) continue;
        add(abs, file, e.raw, rawFile);
      }
    }
  };

  for (const given of paths) {
    if (given.trim() === "") throw new UsageError("a path is empty", { hint: "name a file or directory (quote '.' for the current directory)" });
    // an argument that was not UTF-8 reached us with U+FFFD in it: its bytes, when the caller has them
    const rawArg = given.includes("\uFFFD") ? opts.rawArg?.(given) : undefined;
    const arg = rawArg ? escapedName(rawArg) : given;
    const abs = resolve(opts.cwd, arg);
    const absRaw = rawArg && (rawArg[0] === 0x2f ? rawArg : Buffer.concat([Buffer.from(opts.cwd + sep), rawArg]));
    let st;
    try { st = statSync(absRaw ?? abs); } catch (e) {
      // a path that is there as a symbolic link whose target is not (a loop, a target gone), or
      // one in a directory mids may not search, is no misspelling (before: "no such file")
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EACCES" || code === "EPERM") throw new UsageError(`cannot scan '${arg}': permission denied`, { hint: "check the permissions of the directories above it" });
      let link = false;
      try { link = lstatSync(absRaw ?? abs).isSymbolicLink(); } catch { /* not there */ }
      if (code === "ELOOP" || link) {
        throw new UsageError(`cannot scan '${arg}': a symbolic link ${code === "ELOOP" ? "that leads back to itself (a loop)" : "to a file or directory that does not exist"}`, { hint: "name the file or directory it should point to, or fix the link" });
      }
      missing.push(arg);
      continue;
    }
    const shown = shownName(opts.cwd, abs, arg);
    // the real path: --fix writes only below the directories given, by the paths read
    let real = abs;
    let realRaw: Buffer | undefined;
    try {
      if (absRaw) { realRaw = realpathSync.native(absRaw, { encoding: "buffer" }); real = escapedName(realRaw); }
      else real = realpathSync(abs);
    } catch { /* gone since: its read says so */ }
    if (st.isDirectory()) {
      // `mids migrate scan *` names node_modules/ too: it stays out, as in the walk (files in it can be named)
      if (SKIPPED_DIRS.includes(abs.slice(abs.lastIndexOf(sep) + 1))) skippedDirs.push(shown);
      else await visit(real, realRaw, shown, levelsAbove(real, tooLarge, costly), rawArg && (shown.startsWith("/") ? absRaw : rawArg));
    }
    // named on the command line: scanned as asked, even where .gitignore would skip it; but the
    // globs given with it still apply (`mids migrate scan $(git ls-files) --exclude 'test/**'`)
    else if (st.isFile()) { if (!excludedPath(shown) && (!include || include(shown))) add(real, shown, realRaw, realRaw && rawArg); }
    else throw new UsageError(`cannot scan '${arg}': not a file or directory`, { hint: "name source files or directories (a device, FIFO or socket is not scanned)" });
  }
  if (missing.length) throw new UsageError(`no such file or directory: ${missing.map((m) => `'${m}'`).join(", ")}`, { hint: "check the spelling; relative paths start at the current directory" });
  return { files, ignored, skippedDirs, largeIgnores, costlyRules };
}
