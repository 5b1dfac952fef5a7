// A report file (--output-file, contract check --save) is written whole or not at all: into a
// temporary file beside it, then renamed over it. A write that fails half-way (a full disk, a file
// size limit) leaves no truncated report for a CI step to upload (a cut SARIF file fails the
// upload; a cut JUnit file is a parse error): the file is as it was before the run. Anything that
// is not a regular file (/dev/stdout, a FIFO) is written to directly, as is a file in a directory
// where no other file can be made.
import { chmod, realpath, rename, stat, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

type Data = string | Iterable<string>;

/** Write `data` to `path` whole: rename a finished temporary file over it (follows a symbolic link to its target). */
export async function writeWhole(path: string, data: Data): Promise<void> {
  // /dev/stdout, /dev/fd/3, /proc/self/fd/1: a stream the caller has open, perhaps onto a file
  // (`> out.txt`), which a rename would replace under it
  if (/^\/(dev|proc)\//.test(path)) return writeFile(path, data);
  const target = await realpath(path).catch(() => path);
  const st = await stat(target).catch(() => undefined);
  if (st && !st.isFile()) return writeFile(target, data);
  // a name that no glob of the report's own (*.sarif, *.xml, *.json) picks up if it is ever left behind
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  try {
    await writeFile(tmp, "", { flag: "wx" });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // a directory where only this file may be written: as before, straight into it
    if (code === "EACCES" || code === "EPERM") return writeFile(target, data);
    throw e;
  }
  try {
    await writeFile(tmp, data);
    if (st) await chmod(tmp, st.mode & 0o7777);
    await rename(tmp, target);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}
