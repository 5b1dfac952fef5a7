// A small glob over the file system (`*`, `**`, `?`, `{a,b}`): Node 20 has no fs.glob, and a
// quoted pattern in CI must expand the same on every shell. Results are sorted, files only.
import { readdirSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { UsageError } from "../errors.js";

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

/** One path segment's pattern as a regex; `*` and `?` never match a leading dot (like a shell). */
export function segmentRegex(seg: string): RegExp {
  let re = "";
  for (const c of seg) {
    if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${/^[*?]/.test(seg) ? "(?!\\.)" : ""}${re}$`);
}

function entries(dir: string): { name: string; dir: boolean }[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).map((d) => {
      let isDir = d.isDirectory();
      if (d.isSymbolicLink()) try { isDir = statSync(join(dir, d.name)).isDirectory(); } catch { /* dangling */ }
      return { name: d.name, dir: isDir };
    });
  } catch (e) {
    // a missing directory simply matches nothing; an unreadable one would hide recipes silently
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw new UsageError(`cannot read directory '${dir}' while expanding a pattern: ${code ?? (e as Error).message}`);
  }
}

/** Files matching `pattern`, relative to `cwd` unless the pattern is absolute, sorted. */
export function glob(pattern: string, cwd: string): string[] {
  const found = new Set<string>();
  for (const p of expandBraces(pattern.split(sep).join("/"))) {
    const absolute = p.startsWith("/");
    const segs = p.split("/").filter((s, i) => s !== "" || i === 0);
    // the literal prefix is the base directory
    let i = 0;
    const base: string[] = [];
    while (i < segs.length - 1 && !hasMagic(segs[i])) base.push(segs[i++]);
    const baseRel = base.join("/");
    const root = absolute ? (baseRel || "/") : join(cwd, baseRel);
    const prefix = baseRel === "" ? (absolute ? "/" : "") : baseRel.endsWith("/") ? baseRel : baseRel + "/";
    match(root, prefix, segs.slice(i), found);
  }
  return [...found].sort();
}

function match(dir: string, rel: string, segs: string[], found: Set<string>): void {
  if (segs.length === 0) return;
  const [seg, ...rest] = segs;
  if (seg === "**") {
    // zero directories, then each subdirectory (never hidden ones or node_modules)
    match(dir, rel, rest, found);
    for (const e of entries(dir)) {
      if (e.dir && !e.name.startsWith(".") && e.name !== "node_modules") match(join(dir, e.name), `${rel}${e.name}/`, segs, found);
    }
    return;
  }
  if (!hasMagic(seg)) {
    const path = join(dir, seg);
    if (rest.length === 0) {
      try { if (statSync(path).isFile()) found.add(rel + seg); } catch { /* missing */ }
    } else match(path, `${rel}${seg}/`, rest, found);
    return;
  }
  const re = segmentRegex(seg);
  for (const e of entries(dir)) {
    if (!re.test(e.name)) continue;
    if (rest.length === 0) { if (!e.dir) found.add(rel + e.name); }
    else if (e.dir) match(join(dir, e.name), `${rel}${e.name}/`, rest, found);
  }
}
