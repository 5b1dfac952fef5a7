// A .gitignore's rules, read by the `ignore` package, with its plain rules looked up by name: the
// package tests every rule against every path, which a file of thousands of rules (generated
// ones, monorepos) turns into seconds per scan. Without a negation (`!`) a path is ignored when
// any rule matches it or one of its directories, so rules that are a plain name (`build`,
// `dist/`), a plain name at the root (`/out`) or an extension (`*.log`) are answered from sets
// and only the others go to the package. A file with a negation keeps the package for all of
// its rules (their order matters). test/unit/scan-gitignore.test.ts compares both on random rules.
import ignore from "ignore";

/** What walk.ts asks of a .gitignore: the `ignore` package's answer for a relative path (`dir/` for a directory). */
export interface IgnoreRules {
  test(path: string): { ignored: boolean; unignored: boolean };
}

/** Below this many plain rules the package alone is as fast. */
export const INDEX_MIN_RULES = 64;

// the plain rules: a name of these characters (not only dots), maybe rooted (`/name`), maybe a directory (`name/`); `*.ext`
const NAME = /^(\/?)((?!\.+\/?$)[A-Za-z0-9._-]+)(\/?)$/;
const EXT = /^\*\.([A-Za-z0-9_-]+)$/;

// the package compares without case (its default): ASCII letters only, as its patterns do
const lowerAscii = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

const IGNORED = Object.freeze({ ignored: true, unignored: false });

/**
 * The package matches `**` with a backtracking regular expression: each one more multiplies the
 * cost by the depth of the path (12 of them took 17 s on one 25-segment path). Repeated `**\/`
 * mean one (`a/**\/**\/b` is `a/**\/b`), so they are folded; a rule still holding more than
 * this many `**` is not applied (the scan then reads more files, never fewer) and is named on stderr.
 */
export const MAX_RULE_GLOBSTARS = 2;

/** `a/**\/**\/b` -> `a/**\/b`, `a/**\/**` -> `a/**`, `***` -> `**`. */
export function foldGlobstars(rule: string): string {
  if (rule.indexOf("**") < 0) return rule;
  let r = rule.replace(/\*{3,}/g, "**");
  for (let prev = ""; prev !== r;) { prev = r; r = r.replace(/(^|\/)\*\*\/\*\*(?=\/|$)/g, "$1**"); }
  return r;
}

/** Told of a rule left out as too costly to match (line number, 1-based). */
export type CostlyRule = (line: number) => void;

export function ignoreRules(text: string, minRules = INDEX_MIN_RULES, costly?: CostlyRule): IgnoreRules {
  let lines = text.split(/\r?\n/);
  if (text.indexOf("**") >= 0) {
    lines = lines.map((l, i) => {
      const f = foldGlobstars(l);
      if ((f.match(/\*\*/g)?.length ?? 0) <= MAX_RULE_GLOBSTARS || l.startsWith("#")) return f;
      costly?.(i + 1);
      return "";
    });
    text = lines.join("\n");
  }
  const whole = () => ignore({ allowRelativePaths: true }).add(text);
  // a negation: the order of the rules matters
  if (lines.some((l) => l.startsWith("!"))) return whole();
  const names = new Set<string>();
  const dirNames = new Set<string>();
  const rooted = new Set<string>();
  const rootedDirs = new Set<string>();
  const exts = new Set<string>();
  const rest: string[] = [];
  let plain = 0;
  for (const line of lines) {
    const n = NAME.exec(line);
    if (n) {
      const name = lowerAscii(n[2]);
      (n[1] ? (n[3] ? rootedDirs : rooted) : n[3] ? dirNames : names).add(name);
      plain++;
      continue;
    }
    const e = EXT.exec(line);
    if (e) { exts.add(lowerAscii(e[1])); plain++; continue; }
    rest.push(line);
  }
  if (plain < minRules) return whole();
  const others = rest.some((l) => l.trim() !== "" && !l.startsWith("#")) ? ignore({ allowRelativePaths: true }).add(rest.join("\n")) : undefined;
  return {
    test(path: string) {
      const isDir = path.endsWith("/");
      const parts = lowerAscii(isDir ? path.slice(0, -1) : path).split("/");
      for (let i = 0; i < parts.length; i++) {
        const name = parts[i];
        const dir = isDir || i < parts.length - 1;
        if (names.has(name) || (dir && dirNames.has(name))) return IGNORED;
        if (i === 0 && (rooted.has(name) || (dir && rootedDirs.has(name)))) return IGNORED;
        const dot = name.lastIndexOf(".");
        if (dot >= 0 && exts.has(name.slice(dot + 1))) return IGNORED;
      }
      return others ? others.test(path) : { ignored: false, unignored: false };
    },
  };
}
