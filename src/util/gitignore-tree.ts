// git's ignore rules over a tree: the .gitignore files (and .git/info/exclude) from the work tree's
// root down to a path, also outside a git work tree, and the directories never walked into. Shared
// by `migrate scan`'s walk and `recipes validate`'s globs.
import { readFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { ignoreRules, type IgnoreRules } from "./gitignore.js";

/** Directories never walked into, at any depth. */
export const SKIPPED_DIRS: readonly string[] = ["node_modules", "vendor", ".git"];

export interface Level {
  base: string;
  ig: IgnoreRules;
}

/** git's own limit: a larger ignore file is left out, its rules unapplied (git: "ignoring '.gitignore', too large"). */
export const MAX_GITIGNORE_BYTES = 100 * 1024 * 1024;

/** Told of an ignore file over MAX_GITIGNORE_BYTES (absolute path, size in bytes). */
export type IgnoreTooLarge = (file: string, size: number) => void;
/** Told of a rule left out as too costly to match (absolute path of its ignore file, line). */
export type CostlyRule = (file: string, line: number) => void;

/** A path as messages show it: relative to cwd with `/` when below it, else absolute. */
export function shownPath(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel.startsWith("..") ? file : rel.split(sep).join("/");
}

export const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;

/** The stderr line for an ignore file left out (`migrate scan`, `recipes validate` globs); `shown` already made one line. */
export const largeIgnoreMessage = (shown: string, size: number): string =>
  `mids: ignoring ${shown}: ${mib(size)}, over git's ${mib(MAX_GITIGNORE_BYTES)} limit for an ignore file; its rules were not applied\n`;

export function readIgnore(file: string, tooLarge?: IgnoreTooLarge, costly?: CostlyRule, raw?: Buffer): IgnoreRules | undefined {
  let text: string;
  try {
    const size = statSync(raw ?? file).size;
    if (size > MAX_GITIGNORE_BYTES) { tooLarge?.(file, size); return undefined; }
    text = readFileSync(raw ?? file, "utf8");
  } catch { return undefined; }
  return ignoreRules(text, undefined, costly && ((line) => costly(file, line)));
}

/** The git work tree root at or above `dir` (a `.git` directory or file), if any. */
function gitRoot(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    try { statSync(join(d, ".git")); return d; } catch { /* keep looking */ }
    if (dirname(d) === d) return undefined;
  }
}

/** The ignore levels that apply above `dir`: the work tree's .git/info/exclude and .gitignore files down to dir's parent. */
export function levelsAbove(dir: string, tooLarge?: IgnoreTooLarge, costly?: CostlyRule): Level[] {
  const root = gitRoot(dir);
  if (!root || root === dir) {
    const ex = root ? readIgnore(join(root, ".git", "info", "exclude"), tooLarge, costly) : undefined;
    return ex ? [{ base: root!, ig: ex }] : [];
  }
  const levels: Level[] = [];
  const ex = readIgnore(join(root, ".git", "info", "exclude"), tooLarge, costly);
  if (ex) levels.push({ base: root, ig: ex });
  const chain: string[] = [];
  for (let d = dirname(dir); ; d = dirname(d)) {
    chain.unshift(d);
    if (d === root || dirname(d) === d) break;
  }
  for (const d of chain) {
    const ig = readIgnore(join(d, ".gitignore"), tooLarge, costly);
    if (ig) levels.push({ base: d, ig });
  }
  return levels;
}

/** git's answer: the deepest rule that says anything about the path wins. */
export function isIgnored(levels: readonly Level[], abs: string, isDir: boolean): boolean {
  let ignored = false;
  for (const l of levels) {
    if (!abs.startsWith(l.base + sep) && l.base !== sep) continue;
    const rel = relative(l.base, abs).split(sep).join("/") + (isDir ? "/" : "");
    const r = l.ig.test(rel);
    if (r.ignored) ignored = true;
    else if (r.unignored) ignored = false;
  }
  return ignored;
}

/**
 * For files found some other way (a glob): whether .gitignore rules leave `abs` out, reading the
 * .gitignore files above `base` (up to the git work tree's root) and from `base` down to the file.
 */
export function gitignoreFilter(base: string, tooLarge?: IgnoreTooLarge): (abs: string) => boolean {
  const above = levelsAbove(base, tooLarge);
  const byDir = new Map<string, Level[]>();
  const levelsOf = (dir: string): Level[] => {
    let l = byDir.get(dir);
    if (l) return l;
    const parent = dirname(dir);
    const up = dir === base || !dir.startsWith(base + sep) ? above : levelsOf(parent);
    const ig = readIgnore(join(dir, ".gitignore"), tooLarge);
    l = ig ? [...up, { base: dir, ig }] : up;
    byDir.set(dir, l);
    return l;
  };
  return (abs) => {
    const levels = levelsOf(dirname(abs));
    return levels.length > 0 && isIgnored(levels, abs, false);
  };
}

