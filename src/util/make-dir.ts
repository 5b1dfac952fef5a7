// A directory and its parents, made one level at a time. Node's `mkdir(dir, { recursive: true })`
// never returns for a path that cannot be made under /proc (`MIDS_STATE_DIR=/proc/x`): mkdir there
// answers ENOENT although the parent exists, and libuv's recursive walk makes the parent and tries
// again, forever (in the thread pool for the promise form, on the main thread for the sync one).
// Here the directory is tried once more after its parent is made, and a second refusal is thrown.
import { mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";

/** Make `dir` and any missing parents (`mode` for each one made); throws the error of the one that cannot be. */
export function makeDirs(dir: string, mode?: number): void {
  if (tryMake(dir, mode)) return;
  const parent = dirname(dir);
  if (parent === dir) throw Object.assign(new Error(`no such directory ${dir}`), { code: "ENOENT" });
  makeDirs(parent, mode);
  if (!tryMake(dir, mode)) throw Object.assign(new Error(`cannot make ${dir}: ENOENT`), { code: "ENOENT" });
}

/** true when `dir` is now a directory, false when its parent is missing (ENOENT); any other refusal is thrown. */
function tryMake(dir: string, mode: number | undefined): boolean {
  try {
    mkdirSync(dir, mode === undefined ? undefined : { mode });
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    // there already (made by another run meanwhile, too): fine when it is a directory
    if (code === "EEXIST" && statSync(dir).isDirectory()) return true;
    throw e;
  }
}
