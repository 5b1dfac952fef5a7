// Expand `recipes validate` arguments into an ordered list of inputs: files, directories (their
// .yaml/.yml files, recursively), quoted globs, and `-` for stdin. Anything that names nothing is
// a usage error (exit 2): a CI gate must never pass because it checked nothing.
import { readdirSync, statSync, type Dirent } from "node:fs";
import { open } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import { UsageError } from "../errors.js";
import type { IgnoreTooLarge } from "../util/gitignore-tree.js";
import { glob, hasMagic } from "./glob.js";
import { decodeRecipe } from "./decode.js";
import { MAX_RECIPE_BYTES } from "./parse.js";
import { pushAll } from "../util/arrays.js";

export const RECIPE_EXTENSIONS = [".yaml", ".yml"] as const;
export const STDIN = "-";

export interface Input {
  /** the name shown in findings: the path as given (or found under a directory/glob), or the stdin name */
  file: string;
  /** absolute path; undefined for stdin */
  path?: string;
}

function isRecipeFile(name: string): boolean {
  return RECIPE_EXTENSIONS.some((e) => name.toLowerCase().endsWith(e));
}

/**
 * Recipe files under `dir`, sorted, skipping hidden directories and node_modules. A directory is
 * read once however many symbolic links lead to it (`visited`: device and inode), so a link to an
 * ancestor (`sub/loop -> ..`) is no loop that checks the same files again and again.
 */
function walkDir(dir: string, shown: string, visited = new Set<string>()): string[] {
  const out: string[] = [];
  try {
    const id = statSync(dir);
    if (visited.has(`${id.dev}:${id.ino}`)) return out;
    visited.add(`${id.dev}:${id.ino}`);
  } catch { /* readdirSync says why below */ }
  let listed: Dirent[];
  try {
    listed = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    // an unreadable directory would hide its recipes: refuse rather than pass without them
    throw new UsageError(`cannot read directory '${shown}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const ents = listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of ents) {
    const p = join(dir, e.name);
    const s = shown === "." ? e.name : join(shown, e.name);
    let isDir = e.isDirectory();
    let isFile = e.isFile();
    if (e.isSymbolicLink()) {
      try {
        const st = statSync(p);
        isDir = st.isDirectory();
        isFile = st.isFile();
      } catch {
        // a link to a recipe that is not there (its target moved) is a recipe not checked, said
        // when it is read, never a file silently left out of a passing run
        if (isRecipeFile(e.name)) out.push(s);
        continue;
      }
    }
    if (isDir) { if (!e.name.startsWith(".") && e.name !== "node_modules") pushAll(out, walkDir(p, s, visited)); }
    else if (isFile && isRecipeFile(e.name)) out.push(s);
  }
  return out;
}

/** `tooLarge`: told of an ignore file over git's limit that a glob's .gitignore rules left out (once per file). */
export function expandInputs(args: readonly string[], cwd: string, stdinName = "<stdin>", tooLarge?: IgnoreTooLarge): Input[] {
  if (args.length === 0) throw new UsageError("name at least one recipe file, directory, glob, or - for stdin", { hint: "mids recipes validate recipes/*.yaml" });
  const out: Input[] = [];
  const seen = new Set<string>();
  const missing: string[] = [];
  const empty: string[] = [];
  const toldOf = new Set<string>();
  const told: IgnoreTooLarge = (file, size) => { if (!toldOf.has(file)) { toldOf.add(file); tooLarge?.(file, size); } };
  // one file is checked once, by the first name it is given: by path, link or hard link
  // (`latest.yaml -> v3.yaml` beside its target would report every finding twice)
  const add = (file: string, path?: string) => {
    let k = path ?? STDIN;
    if (path) try { const st = statSync(path); k = `${st.dev}:${st.ino}`; } catch { /* read later, which says why */ }
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ file, path });
  };
  for (const arg of args) {
    if (arg === STDIN) { add(stdinName); continue; }
    // '' would resolve to the current directory and validate whatever lies below it
    if (arg.trim() === "") throw new UsageError("an input is empty", { hint: "name a recipe file, directory, glob, or - for stdin (quote '.' for the current directory)" });
    const abs = resolve(cwd, arg);
    let st: ReturnType<typeof statSync> | undefined;
    try { st = statSync(abs); } catch { st = undefined; }
    if (st?.isDirectory()) {
      const files = walkDir(abs, arg);
      if (!files.length) empty.push(`directory '${arg}' holds no ${RECIPE_EXTENSIONS.join(" or ")} file`);
      for (const f of files) add(f, resolve(cwd, f));
    } else if (st) {
      add(arg, abs);
    } else if (hasMagic(arg)) {
      const files = glob(arg, cwd, told);
      if (!files.length) empty.push(`the pattern '${arg}' matches no file`);
      for (const f of files) add(f, isAbsolute(f) ? f : resolve(cwd, f));
    } else {
      missing.push(arg);
    }
  }
  // every input that names nothing, in one message: a CI gate must not pass on a typo
  const problems = [...(missing.length ? [`no such file: ${missing.map((m) => `'${m}'`).join(", ")}`] : []), ...empty];
  if (problems.length) {
    throw new UsageError(problems.join("; "), {
      hint: missing.length ? "check the spelling; relative paths start at the current directory" : "check the pattern, and quote it so the shell does not expand it first",
    });
  }
  return out;
}

/** The input that is the file at `path` (the same file by any name or link), if any. */
export function inputAt(inputs: readonly Input[], path: string): Input | undefined {
  let target: ReturnType<typeof statSync>;
  try { target = statSync(path); } catch { return undefined; }
  return inputs.find((i) => {
    if (!i.path) return false;
    try { const st = statSync(i.path); return st.dev === target.dev && st.ino === target.ino; } catch { return false; }
  });
}

/**
 * Read a recipe file, never more than MAX_RECIPE_BYTES + 1 bytes (a device such as /dev/zero or a
 * FIFO has no size to check first). `tooBig`: the file's size, or MAX_RECIPE_BYTES + 1 with
 * `exact: false` when reading stopped at the limit.
 */
export async function readRecipeFile(path: string): Promise<{ text: string; invalidAt?: number; tooBig?: number; exact?: boolean }> {
  const fh = await open(path, "r");
  try {
    const st = await fh.stat();
    if (st.isFile() && st.size > MAX_RECIPE_BYTES) return { text: "", tooBig: st.size, exact: true };
    const buf = Buffer.alloc(MAX_RECIPE_BYTES + 1);
    let n = 0;
    while (n < buf.length) {
      const { bytesRead } = await fh.read(buf, n, buf.length - n, null);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    if (n > MAX_RECIPE_BYTES) return { text: "", tooBig: n, exact: false };
    // UTF-8, or UTF-16/32 by its byte order mark (YAML 1.2 5.2); bytes that are no text are marked
    return decodeRecipe(buf.subarray(0, n));
  } finally {
    await fh.close();
  }
}
