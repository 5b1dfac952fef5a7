// Start-up is a feature: every command line first loads the root (the program, settings, the
// commands' declarations), so the build puts all of it in one chunk (.ci/build.mjs rootFirst); split
// the way esbuild splits by default it was some 25 modules, ~0.4 ms of CPU each to load.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";

/** The files a module loads before it runs: its static imports, followed through the build. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:^|\n)\s*import\s[^;]*?from\s*"(\.[^"]+)"|(?:^|\n)\s*import\s*"(\.[^"]+)"/g)) visit(join(file, "..", m[1] ?? m[2]));
  };
  visit(entry);
  return seen;
}

describe("start-up", () => {
  it("the built CLI's entry loads the root in one chunk (and esbuild's shared runtime), not one chunk per module", () => {
    const files = staticClosure(join(ROOT, "dist/cli.js"));
    expect(files.size).toBeGreaterThan(1);
    expect(files.size).toBeLessThanOrEqual(3);
    // the root is really there: the program and commander
    const text = [...files].map((f) => readFileSync(f, "utf8")).join("\n");
    expect(text).toMatch(/node_modules\/commander\/lib\/command\.js/);
    expect(text).toContain("function buildProgram(");
  });

  it("bin/mids loads the one bundle for every command line: no second bundle", () => {
    const bin = readFileSync(join(ROOT, "bin/mids"), "utf8");
    expect([...bin.matchAll(/import\(|require\(/g)].length).toBe(1);
    expect(bin).toContain('import("../dist/cli.js")');
  });
});
