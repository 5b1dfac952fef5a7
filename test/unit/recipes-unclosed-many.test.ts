// A file of many unclosed brackets or quotes is located in one walk: each such error looked up its
// bracket or quote with a walk of the whole document of its own, so 20 000 lines of 'kN: [' (180 KB,
// far under the 1 MiB cap) kept 'mids recipes validate' busy for about five minutes of CPU, deaf to
// Ctrl-C and a CI timeout's SIGTERM.
import { describe, expect, it } from "vitest";
import { parseRecipeText } from "../../src/recipes/parse.js";

const LINES = 10_000;

describe("many unclosed brackets and quotes", () => {
  // (no clock in the assertion: one walk takes well under a second here, a walk per error minutes,
  // so the test's timeout, many times the one walk's work, is what tells them apart)
  it("each finding at the bracket or quote that opened it, all in one walk", () => {
    for (const [open, why] of [["[", "bracket"], ["{", "bracket"], ['"', "quote"]] as const) {
      const text = Array.from({ length: LINES }, (_, i) => `k${i}: ${open}`).join("\n") + "\n";
      expect(text.length).toBeLessThan(1024 * 1024);
      const found = parseRecipeText("r.yaml", text).findings.filter((f) => f.message.endsWith(`(the ${why} opened here is never closed)`));
      expect(found, open).toHaveLength(LINES);
      expect(found.every((f, i) => f.line === i + 1 && f.column === `k${i}: `.length + 1), open).toBe(true);
    }
  }, 30_000);
});
