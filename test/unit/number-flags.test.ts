// Number flags (--min-trend, --tolerance) take decimal notation only: Number() alone would read
// 0x10 as 16 and "" as 0.
import { describe, expect, it } from "vitest";
import { parseNumberFlag } from "../../src/commands/shared/options.js";

describe("parseNumberFlag", () => {
  it.each([["1", 1], ["-1.25", -1.25], [".5", 0.5], ["3.", 3], ["1e-3", 0.001], ["+2", 2], [" 7 ", 7]])("reads %s as %d", (v, n) => {
    expect(parseNumberFlag("--x", v)).toBe(n);
  });
  it.each(["0x10", "0b1", "0o7", "", " ", "1e400", "abc", "1,5", "Infinity", "NaN", "--1"])("refuses '%s' with exit 2", (v) => {
    expect(() => parseNumberFlag("--x", v)).toThrow(/--x must be a number/);
    // with a hint naming the flag and a value it takes
    let hint: string | undefined;
    try { parseNumberFlag("--x", v); } catch (e) { hint = (e as { hint?: string }).hint; }
    expect(hint).toMatch(/^e\.g\. --x \d/);
  });
});

describe("parseNumberFlag, plain", () => {
  it.each([["7", 7], ["-2.5", -2.5], ["0", 0], ["100", 100]])("reads %s as %d", (v, n) => {
    expect(parseNumberFlag("--x", v, { plain: true })).toBe(n);
  });
  it.each([" 7 ", "+2", "1e3", ".5", "3.", "0x10"])("refuses '%s', naming what is expected", (v) => {
    expect(() => parseNumberFlag("--x", v, { plain: true, what: "a plain number" })).toThrow(`--x must be a plain number (got '${v}')`);
  });
});
