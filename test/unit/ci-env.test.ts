// "Running in CI" is one predicate: the spinner, the rate-limit countdown and migrate's progress
// line all stop drawing for CI=true and all draw for CI=false or CI=0 (a user's way to turn it off).
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { inCI, testIO } from "../../src/io.js";
import { progressWanted } from "../../src/migrate/progress.js";

const SRC = join(import.meta.dirname, "../../src");

describe("inCI", () => {
  it.each([["true", true], ["1", true], ["yes", true], ["", false], ["0", false], ["false", false], ["FALSE", false], ["False", false]])("CI=%j: %s", (v, want) => {
    expect(inCI({ CI: v })).toBe(want);
    // migrate's progress line on a terminal follows it
    expect(progressWanted(testIO({ stderrIsTTY: true, env: { CI: v } }), false)).toBe(!want);
  });
  it("is unset: not CI", () => {
    expect(inCI({})).toBe(false);
  });
  it("is the only reader of the CI variable in src/ (the spinner and the countdown ask it too)", () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
    const readers = files(SRC).filter((f) => /\benv\.CI\b|\benv\[["']CI["']\]/.test(readFileSync(f, "utf8"))).map((f) => relative(SRC, f));
    expect(readers).toEqual(["io.ts"]);
  });
});
