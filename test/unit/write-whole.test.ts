// writeWhole (--output-file, contract check --save): a temporary file renamed over the target, but
// a stream named by a /dev or /proc path is written to, never swapped under whoever holds it open.
import { closeSync, lstatSync, openSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeWhole } from "../../src/util/write-whole.js";
import { tempDir } from "../helpers/cli.js";

describe("writeWhole", () => {
  it("/dev/fd/N onto a file (a redirected stdout): the same file is written, not replaced", async () => {
    const file = join(tempDir("whole-"), "log.txt");
    writeFileSync(file, "");
    const fd = openSync(file, "r+");
    try {
      const inode = statSync(file).ino;
      await writeWhole(`/dev/fd/${fd}`, "report\n");
      expect(statSync(file).ino).toBe(inode);
      expect(readFileSync(file, "utf8")).toBe("report\n");
    } finally {
      closeSync(fd);
    }
  });
  it("a file is replaced whole, through a symbolic link to it, keeping its mode", async () => {
    const dir = tempDir("whole-");
    writeFileSync(join(dir, "a.sarif"), "old", { mode: 0o640 });
    symlinkSync("a.sarif", join(dir, "link.sarif"));
    await writeWhole(join(dir, "link.sarif"), ["new", " report"]);
    expect(readFileSync(join(dir, "a.sarif"), "utf8")).toBe("new report");
    expect(statSync(join(dir, "a.sarif")).mode & 0o777).toBe(0o640);
    expect(lstatSync(join(dir, "link.sarif")).isSymbolicLink()).toBe(true);
  });
});
