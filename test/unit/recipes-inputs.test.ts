import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

// unreadable directories, simulated (tests may run as root, where chmod does not stop reads)
const denied = new Set<string>();
vi.mock("node:fs", async (orig) => {
  const fs = await orig<typeof import("node:fs")>();
  const readdirSync = ((p: string, o: never) => {
    if (denied.has(String(p))) throw Object.assign(new Error(`EACCES: permission denied, scandir '${p}'`), { code: "EACCES" });
    return fs.readdirSync(p, o);
  }) as typeof fs.readdirSync;
  return { ...fs, readdirSync, default: { ...fs, readdirSync } };
});

// the modules under test load after the mock, whatever this worker loaded before (files share a
// worker: vitest runs without isolation)
let expandBraces: typeof import("../../src/recipes/glob.js").expandBraces;
let glob: typeof import("../../src/recipes/glob.js").glob;
let expandInputs: typeof import("../../src/recipes/inputs.js").expandInputs;
let UsageError: typeof import("../../src/errors.js").UsageError;
let dir: string;
beforeAll(async () => {
  vi.resetModules();
  ({ expandBraces, glob } = await import("../../src/recipes/glob.js"));
  ({ expandInputs } = await import("../../src/recipes/inputs.js"));
  ({ UsageError } = await import("../../src/errors.js"));
  dir = mkdtempSync(join(tmpdir(), "mids-recipes-glob-"));
  for (const f of ["a.yaml", "b.yml", "notes.txt", ".hidden.yaml", "sub/c.yaml", "sub/deep/d.yaml", "sub/deep/e.yml", ".git/x.yaml", "node_modules/m.yaml", "q1.yaml", "q22.yaml"]) {
    mkdirSync(join(dir, f, ".."), { recursive: true });
    writeFileSync(join(dir, f), "name: x\n");
  }
  mkdirSync(join(dir, "empty"));
});

describe("glob", () => {
  it("matches * in one directory, not dotfiles", () => {
    expect(glob("*.yaml", dir)).toEqual(["a.yaml", "q1.yaml", "q22.yaml"]);
  });
  it("matches ** across directories, skipping hidden ones and node_modules", () => {
    expect(glob("**/*.yaml", dir)).toEqual(["a.yaml", "q1.yaml", "q22.yaml", "sub/c.yaml", "sub/deep/d.yaml"]);
    expect(glob("sub/**/*.{yml,yaml}", dir)).toEqual(["sub/c.yaml", "sub/deep/d.yaml", "sub/deep/e.yml"]);
  });
  it("matches ? as exactly one character", () => {
    expect(glob("q?.yaml", dir)).toEqual(["q1.yaml"]);
  });
  it("works with absolute patterns", () => {
    expect(glob(join(dir, "sub", "*.yaml"), "/")).toEqual([join(dir, "sub", "c.yaml")]);
  });
  it("expands braces", () => {
    expect(expandBraces("a/{b,c}/*.{yml,yaml}")).toEqual(["a/b/*.yml", "a/b/*.yaml", "a/c/*.yml", "a/c/*.yaml"]);
  });
});

describe("expanding validate inputs", () => {
  it("keeps argument order, expands directories sorted and drops duplicates", () => {
    const inputs = expandInputs(["b.yml", "sub", "-", "sub/c.yaml", "*.yaml"], dir);
    expect(inputs.map((i) => i.file)).toEqual(["b.yml", "sub/c.yaml", "sub/deep/d.yaml", "sub/deep/e.yml", "<stdin>", "a.yaml", "q1.yaml", "q22.yaml"]);
    expect(inputs[4].path).toBeUndefined();
  });
  it("names every input that matches nothing in one usage error", () => {
    let err: unknown;
    try { expandInputs(["missing.yaml", "nomatch/*.yaml", "empty", "a.yaml"], dir); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe("no such file: 'missing.yaml'; the pattern 'nomatch/*.yaml' matches no file; directory 'empty' holds no .yaml or .yml file");
  });
  it("an unreadable directory is a usage error, never a silent skip", () => {
    denied.add(join(dir, "sub", "deep"));
    try {
      expect(() => expandInputs(["sub"], dir)).toThrow("cannot read directory 'sub/deep': EACCES");
      expect(() => expandInputs(["sub/**/*.yml"], dir)).toThrow(/cannot read directory '.*deep' while expanding a pattern: EACCES/);
      expect(glob("nowhere/**/*.yaml", dir)).toEqual([]); // missing still just matches nothing
    } finally {
      denied.clear();
    }
  });
  it("needs at least one input", () => {
    expect(() => expandInputs([], dir)).toThrow(UsageError);
  });
});
