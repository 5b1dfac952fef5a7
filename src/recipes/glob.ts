// Quoted globs of `recipes validate` (`*`, `**`, `?`, `{a,b}`), expanded the same on every shell
// by tinyglobby (picomatch), with the ignore rules of `migrate scan`: never node_modules/,
// vendor/ or .git/, hidden directories only when named, and .gitignore'd files left out.
// Results are sorted, files only.
import { readdirSync } from "node:fs";
import { isAbsolute, join, resolve, sep } from "node:path";
import { globSync } from "tinyglobby";
import { UsageError } from "../errors.js";
import { SKIPPED_DIRS, gitignoreFilter, type IgnoreTooLarge } from "../util/gitignore-tree.js";

export function hasMagic(pattern: string): boolean {
  return /[*?{]/.test(pattern);
}

/** `a/{b,c}/*.{yml,yaml}` -> four patterns (non-nested braces are enough for file lists). */
export function expandBraces(pattern: string): string[] {
  const m = /\{([^{}]*)\}/.exec(pattern);
  if (!m) return [pattern];
  const head = pattern.slice(0, m.index);
  const tail = pattern.slice(m.index + m[0].length);
  return m[1].split(",").flatMap((alt) => expandBraces(head + alt + tail));
}

/** The directory a pattern starts from: its segments before the first one with magic. */
function baseOf(pattern: string, cwd: string): string {
  const segs = pattern.split("/");
  const lit: string[] = [];
  for (const s of segs.slice(0, -1)) { if (hasMagic(s)) break; lit.push(s); }
  return resolve(cwd, lit.join("/") || ".");
}

/** Files matching `pattern`, relative to `cwd` unless the pattern is absolute, sorted; `tooLarge` told of an ignore file left out. */
export function glob(pattern: string, cwd: string, tooLarge?: IgnoreTooLarge): string[] {
  const p = pattern.split(sep).join("/");
  let unreadable: { dir: string; code: string } | undefined;
  // a missing directory simply matches nothing; an unreadable one would hide recipes silently
  const readdir = ((path: string, opts: never) => {
    const dir = String(path).replace(/(.)[\\/]+$/, "$1"); // fdir asks with a trailing slash
    try {
      return readdirSync(dir, opts);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      if (code !== "ENOENT" && code !== "ENOTDIR") unreadable ??= { dir, code };
      throw e;
    }
  }) as typeof readdirSync;
  const absolute = isAbsolute(p);
  const found = globSync(p, {
    cwd: absolute ? "/" : cwd, absolute, onlyFiles: true, dot: false, expandDirectories: false, followSymbolicLinks: true,
    ignore: SKIPPED_DIRS.map((d) => `**/${d}/**`), fs: { readdirSync: readdir },
  });
  if (unreadable) throw new UsageError(`cannot read directory '${unreadable.dir}' while expanding a pattern: ${unreadable.code}`);
  const ignored = gitignoreFilter(baseOf(p, cwd), tooLarge);
  return found.filter((f) => !ignored(absolute ? f : join(cwd, f))).map((f) => f.split("/").join(sep)).sort();
}
