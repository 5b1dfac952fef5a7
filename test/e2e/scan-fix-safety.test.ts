// migrate scan --fix writes only the files it scanned, as they were scanned: a symbolic link, a
// FIFO, a directory link or new content swapped in between the scan and the write is left alone
// ("changed since scanned, not fixed", exit 2), read-only files are skipped, owners are kept, and
// a signal stops it between files with the fixed ones listed and no temporary file left. The swaps
// are made by the run's test seams (ScanHooks) at fixed points: no timing is involved.
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, closeSync, constants, linkSync, lstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exitCodeFor, InterruptedError } from "../../src/errors.js";
import { testIO } from "../../src/io.js";
import { createContext } from "../../src/main.js";
import { runScan } from "../../src/migrate/scan/command.js";
import { READ_FLAGS, type ScanHooks } from "../../src/migrate/scan/scan.js";
import { baseEnv, fileTree, runMids, tempDir } from "../helpers/cli.js";

const V2 = 'fetch("https://api.example.com/v2/clusters");\n';
const V3 = 'fetch("https://api.example.com/v3/clusters");\n';

const tree = (files: Record<string, string | Buffer>): string => fileTree(files, "fix-safety-");

/** Every file below dir, recursively (temporary files included). */
function listAll(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

async function fix(dir: string, hooks: ScanHooks, opts: { signal?: AbortSignal; paths?: string[] } = {}) {
  const io = testIO({ cwd: dir });
  const ctx = createContext(io, opts.signal ?? new AbortController().signal, () => new Date("2026-11-27T00:00:00Z"));
  let error: unknown;
  try {
    await runScan({ paths: opts.paths ?? ["."], fix: true, format: "json" }, ctx, hooks);
  } catch (e) {
    error = e;
  }
  return { error, code: error === undefined ? 0 : exitCodeFor(error), stderr: io.err(), stdout: io.out() };
}

describe("migrate scan --fix: a file swapped after the scan", () => {
  it("a symbolic link to a file outside the tree, swapped in before the write: the outside file is untouched", async () => {
    const dir = tree({ "a.js": V2, "b.js": V2, "zzz.js": V2 });
    const outside = tempDir("outside-");
    const victim = join(outside, "victim.conf");
    writeFileSync(victim, "secret=1\n");
    const r = await fix(dir, {
      beforeFix: (f) => {
        if (f.file !== "zzz.js") return;
        expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(V3); // the first files are fixed already
        rmSync(join(dir, "zzz.js"));
        symlinkSync(victim, join(dir, "zzz.js"));
      },
    });
    expect(readFileSync(victim, "utf8")).toBe("secret=1\n");
    expect(lstatSync(join(dir, "zzz.js")).isSymbolicLink()).toBe(true);
    expect(r.stderr).toContain("mids: zzz.js: changed since scanned, not fixed\n");
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain("mids: fixed 2 usages in 2 files\n");
    expect(readFileSync(join(dir, "b.js"), "utf8")).toBe(V3);
    // the file left is still reported as a finding
    expect(JSON.parse(r.stdout).findings.map((f: { file: string }) => f.file)).toEqual(["zzz.js"]);
  });

  it("a symbolic link swapped in between the temporary file and the rename: not renamed over, no temporary file left", async () => {
    const dir = tree({ "a.js": V2 });
    const outside = tempDir("outside-");
    writeFileSync(join(outside, "victim.conf"), "keep\n");
    const r = await fix(dir, {
      beforeRename: () => {
        renameSync(join(dir, "a.js"), join(outside, "moved.js"));
        symlinkSync(join(outside, "victim.conf"), join(dir, "a.js"));
      },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("mids: a.js: changed since scanned, not fixed\n");
    expect(lstatSync(join(dir, "a.js")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(outside, "victim.conf"), "utf8")).toBe("keep\n");
    expect(listAll(dir)).toEqual(["a.js"]);
  });

  it("a directory swapped for a link to outside the tree, holding a hard link of the same file: nothing is written outside", async () => {
    const dir = tree({ "sub/a.js": V2 });
    const outside = tempDir("outside-");
    const r = await fix(dir, {
      beforeFix: () => {
        // same inode, size and times: only the path tells it is no longer below the scan's root
        linkSync(join(dir, "sub/a.js"), join(outside, "a.js"));
        renameSync(join(dir, "sub"), join(dir, "sub.old"));
        symlinkSync(outside, join(dir, "sub"));
      },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("mids: sub/a.js: changed since scanned, not fixed\n");
    expect(readFileSync(join(outside, "a.js"), "utf8")).toBe(V2);
    expect(readdirSync(outside)).toEqual(["a.js"]);
  });

  it("a file the user rewrote during the run keeps the user's text (no stale fix over it)", async () => {
    const dir = tree({ "a.js": V2 });
    const mine = 'fetch("https://api.example.com/v2/topics");\n';
    const r = await fix(dir, { beforeFix: () => writeFileSync(join(dir, "a.js"), mine) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("mids: a.js: changed since scanned, not fixed\n");
    expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(mine);
  });

  it("a FIFO swapped in before the write is left alone without blocking", async () => {
    const dir = tree({ "a.js": V2 });
    const r = await fix(dir, {
      beforeFix: () => {
        rmSync(join(dir, "a.js"));
        execFileSync("mkfifo", [join(dir, "a.js")]);
      },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("mids: a.js: changed since scanned, not fixed\n");
    expect(statSync(join(dir, "a.js")).isFIFO()).toBe(true);
  });

  it("a FIFO swapped in before the read (a writer holding it open) is skipped, never waited on", async () => {
    const dir = tree({ "a.js": V2, "b.js": V2 });
    let writer: number | undefined;
    try {
      const r = await fix(dir, {
        afterWalk: () => {
          rmSync(join(dir, "a.js"));
          execFileSync("mkfifo", [join(dir, "a.js")]);
          // a writer that never writes: a blocking read would wait for ever
          writer = openSync(join(dir, "a.js"), constants.O_RDWR);
        },
      });
      expect(r.stderr).toContain("mids: skipped a.js: no regular file any more (changed during the scan)\n");
      expect(r.code).toBe(2);
      expect(readFileSync(join(dir, "b.js"), "utf8")).toBe(V3);
    } finally {
      if (writer !== undefined) closeSync(writer);
    }
  }, 10_000);

  it("opens what it reads and rewrites without following a link and without waiting (a FIFO with no writer)", () => {
    // (a FIFO with no writer would block a blocking open() for ever: a test of it could only hang)
    expect([READ_FLAGS & constants.O_NOFOLLOW, READ_FLAGS & constants.O_NONBLOCK]).toEqual([constants.O_NOFOLLOW, constants.O_NONBLOCK]);
  });
});

describe("migrate scan --fix: permissions and owners", () => {
  it("skips a read-only file, names it, fixes the others and exits 2", async () => {
    const dir = tree({ "a.js": V2, "ro.js": V2 });
    chmodSync(join(dir, "ro.js"), 0o444);
    const r = await runMids(["migrate", "scan", "--fix", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain("mids: ro.js: read-only, not fixed\n");
    expect(r.stderr).toMatch(/^mids: .*not done for 1 read-only \(named above\)$/m);
    expect(readFileSync(join(dir, "ro.js"), "utf8")).toBe(V2);
    expect(statSync(join(dir, "ro.js")).mode & 0o777).toBe(0o444);
    expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(V3);
  });

  it.runIf(process.getuid?.() === 0)("keeps the file's owner and group", async () => {
    const dir = tree({ "a.js": V2 });
    chownSync(join(dir, "a.js"), 1234, 2345);
    const r = await fix(dir, {});
    expect(r.code, r.stderr).toBe(0);
    const st = statSync(join(dir, "a.js"));
    expect([st.uid, st.gid, readFileSync(join(dir, "a.js"), "utf8")]).toEqual([1234, 2345, V3]);
  });
});

describe("migrate scan --fix: interrupted", () => {
  it("stops between files on the first signal, lists what it fixed, leaves the rest and no temporary file", async () => {
    const dir = tree({ "a.js": V2, "b.js": V2, "c.js": V2, "d.js": V2 });
    const ac = new AbortController();
    let seen = 0;
    const r = await fix(dir, { beforeFix: () => { if (++seen === 2) ac.abort("SIGTERM"); } }, { signal: ac.signal });
    expect(r.error).toBeInstanceOf(InterruptedError);
    expect(r.stderr).toBe("mids: fixed a.js\nmids: fixed b.js\n");
    expect((r.error as Error).message).toBe("interrupted: fixed 2 usages in 2 files (listed above); the other files are unchanged");
    expect(["a.js", "b.js", "c.js", "d.js"].map((f) => readFileSync(join(dir, f), "utf8"))).toEqual([V3, V3, V2, V2]);
    expect(listAll(dir)).toEqual(["a.js", "b.js", "c.js", "d.js"]);
  });

  it("removes the temporary file when writing fails half-way", async () => {
    const dir = tree({ "a.js": V2 });
    const r = await fix(dir, { beforeRename: () => { throw Object.assign(new Error("no space"), { code: "ENOSPC" }); } });
    expect(r.code).toBe(2);
    expect((r.error as Error).message).toBe("cannot write 'a.js': ENOSPC");
    expect(listAll(dir)).toEqual(["a.js"]);
    expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(V2);
    // nothing lost: the file's usage is still in the findings
    expect((JSON.parse(r.stdout) as { findings: { file: string }[] }).findings.map((f) => f.file)).toEqual(["a.js"]);
  });

  it("a file it cannot write after one it fixed: the fixes stop there, the findings of it and the files after it still go out", async () => {
    const dir = tree({ "a.js": V2, "b.js": V2, "c.js": V2 });
    const r = await fix(dir, { beforeRename: (f) => { if (f.file === "b.js") throw Object.assign(new Error("denied"), { code: "EACCES" }); } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("mids: fixed a.js\n");
    expect((r.error as Error).message).toBe("cannot write 'b.js': EACCES");
    expect((r.error as { hint?: string }).hint).toBe("1 usage in 1 file was fixed before it (listed above); it and the files after it are unchanged, their usages in the findings");
    expect(listAll(dir)).toEqual(["a.js", "b.js", "c.js"]);
    expect(["a.js", "b.js", "c.js"].map((f) => readFileSync(join(dir, f), "utf8"))).toEqual([V3, V2, V2]);
    expect((JSON.parse(r.stdout) as { findings: { file: string }[] }).findings.map((f) => f.file)).toEqual(["b.js", "c.js"]);
  });
});
