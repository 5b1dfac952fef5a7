// The files migrate scan reads, and the same ignore rules in recipes globs.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import picomatch from "picomatch";
import { walk, type Picomatch } from "../../src/migrate/scan/walk.js";
import { glob } from "../../src/recipes/glob.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mids-scan-walk-"));
  const files: Record<string, string> = {
    ".gitignore": "*.gen.yaml\ndist/\n!keep.gen.yaml\n",
    "a.yaml": "", "x.gen.yaml": "", "keep.gen.yaml": "", "dist/d.yaml": "",
    "sub/.gitignore": "local.yaml\n!x.gen.yaml\n", "sub/local.yaml": "", "sub/x.gen.yaml": "", "sub/s.yaml": "",
    "vendor/v.yaml": "", "node_modules/m.yaml": "", ".git/g.yaml": "", ".github/w.yaml": "",
  };
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(dir, f, ".."), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
});

describe("walking a tree for migrate scan", () => {
  it("applies root and nested .gitignore rules the way git does (negation, deeper rules win), outside a git work tree", async () => {
    const { files, ignored } = await walk(["."], { cwd: dir });
    expect(files.map((f) => f.file)).toEqual([".github/w.yaml", ".gitignore", "a.yaml", "keep.gen.yaml", "sub/.gitignore", "sub/s.yaml", "sub/x.gen.yaml"]);
    expect(ignored).toBe(3); // x.gen.yaml, dist/, sub/local.yaml
  });
  it("shows files under the path as given, and filters with --include/--exclude", async () => {
    expect((await walk(["sub"], { cwd: dir, include: ["*.yaml"], picomatch: picomatch as unknown as Picomatch })).files.map((f) => f.file)).toEqual(["sub/s.yaml", "sub/x.gen.yaml"]);
    expect((await walk(["."], { cwd: dir, exclude: ["sub", ".*"], picomatch: picomatch as unknown as Picomatch })).files.map((f) => f.file)).toEqual(["a.yaml", "keep.gen.yaml"]);
    expect((await walk([join(dir, "a.yaml")], { cwd: "/" })).files.map((f) => f.file)).toEqual([join(dir, "a.yaml")]);
  });
  it("applies --include/--exclude to files named on the command line too (.gitignore rules do not)", async () => {
    const pm = picomatch as unknown as Picomatch;
    const named = ["a.yaml", "sub/s.yaml", "x.gen.yaml", "./sub/local.yaml"];
    expect((await walk(named, { cwd: dir, exclude: ["sub"], picomatch: pm })).files.map((f) => f.file)).toEqual(["a.yaml", "x.gen.yaml"]);
    expect((await walk(named, { cwd: dir, exclude: ["sub/**"], picomatch: pm })).files.map((f) => f.file)).toEqual(["a.yaml", "x.gen.yaml"]);
    expect((await walk(named, { cwd: dir, include: ["*.gen.yaml"], picomatch: pm })).files.map((f) => f.file)).toEqual(["x.gen.yaml"]);
    expect((await walk(named, { cwd: dir })).files).toHaveLength(4);
  });
  it("refuses a missing path in one message", async () => {
    await expect(walk(["nope", "a.yaml", "gone"], { cwd: dir })).rejects.toThrow("no such file or directory: 'nope', 'gone'");
  });
  it("says a path named is a symbolic link that loops or leads nowhere, not that it does not exist", async () => {
    symlinkSync("loop2", join(dir, "loop1"));
    symlinkSync("loop1", join(dir, "loop2"));
    symlinkSync("missing.yaml", join(dir, "dangling"));
    await expect(walk(["a.yaml", "loop1"], { cwd: dir })).rejects.toThrow("cannot scan 'loop1': a symbolic link that leads back to itself (a loop)");
    await expect(walk(["dangling"], { cwd: dir })).rejects.toThrow("cannot scan 'dangling': a symbolic link to a file or directory that does not exist");
  });
});

describe("recipes globs use the same ignore rules", () => {
  it("leaves out .gitignore'd files, vendor/, node_modules/ and .git/", async () => {
    expect(glob("**/*.yaml", dir)).toEqual(["a.yaml", "keep.gen.yaml", "sub/s.yaml", "sub/x.gen.yaml"]);
    expect(glob("sub/*.yaml", dir)).toEqual(["sub/s.yaml", "sub/x.gen.yaml"]);
  });
});

describe("a scan's progress", () => {
  it("names the files the walk found before any is read (onProgress(0, N)); every later call counts files begun of those", async () => {
    const { scan } = await import("../../src/migrate/scan/scan.js");
    const calls: [number, number][] = [];
    const result = await scan({ paths: ["."], cwd: dir, hosts: [], now: new Date(), onProgress: (begun, of) => void calls.push([begun, of]) });
    expect(calls[0]).toEqual([0, result.scanned]);
    expect(result.scanned).toBe(7);
    for (const [begun, of] of calls) expect(begun).toBeLessThanOrEqual(of);
  });
});
