// Recipes nested deeper than yaml can compose are refused from the parser's tokens, before the
// recursion: yaml reported its stack overflow as 'Maximum call stack size exceeded' at some column
// deep inside, and a second such file in one run aborted mids (a fatal V8 "out of memory" while
// compiling a regular expression near the stack's end, with a native stack trace).
import { describe, expect, it } from "vitest";
import { MAX_RECIPE_DEPTH, parseRecipeText } from "../../src/recipes/parse.js";

const brackets = (n: number) => "a: " + "[".repeat(n) + "]".repeat(n) + "\n";
const findings = (text: string) => parseRecipeText("r.yaml", text).findings.map((f) => [f.line, f.column, f.message, f.document]);

describe("nesting", () => {
  it("as deep as the limit is composed and checked as usual", () => {
    // the mapping is one level, the sequences the rest
    expect(findings(brackets(MAX_RECIPE_DEPTH - 1))).toEqual([]);
  });

  it("one level deeper is refused at the collection past the limit, in its document", () => {
    const text = "a: 1\n---\n" + brackets(MAX_RECIPE_DEPTH);
    const line = text.split("\n")[2];
    const column = line.split("[", MAX_RECIPE_DEPTH).join("[").length + 1;
    expect(findings(text)).toEqual([[3, column, `refused: collections nested more than ${MAX_RECIPE_DEPTH} deep (the limit for a recipe)`, 2]]);
  });

  it.each([
    ["flow sequences", "[".repeat(5_000)],
    ["flow mappings", "{x: ".repeat(5_000)],
    ["compact block sequences", "- ".repeat(5_000) + "x"],
    ["explicit keys", "? ".repeat(5_000) + "x"],
  ])("5 000 %s: one refusal, no stack overflow", (_kind, text) => {
    const [f, ...more] = findings(text);
    expect(more).toEqual([]);
    expect(f[2]).toMatch(/^refused: collections nested more than \d+ deep/);
  });
});
