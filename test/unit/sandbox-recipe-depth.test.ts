// The sandbox's recipe validator refuses collections nested past the limit before yaml recurses
// into them: it answered 'Maximum call stack size exceeded', and the third such request aborted
// the sandbox process (a fatal V8 "out of memory" with a native stack trace).
import { describe, expect, it } from "vitest";
import { validateRecipe } from "../../src/sandbox/recipes.js";
import { MAX_RECIPE_DEPTH } from "../../src/recipes/parse.js";

describe("sandbox recipe validation, nesting", () => {
  it("5 000 nested sequences: an invalid recipe naming where the limit is passed", async () => {
    const text = "a: " + "[".repeat(5_000) + "]".repeat(5_000) + "\n";
    // the mapping is the first level: the sequence opened past the limit is the limit's own '['
    const column = "a: ".length + MAX_RECIPE_DEPTH;
    const results = [await validateRecipe(text), await validateRecipe(text)];
    for (const r of results) {
      expect(r.valid).toBe(false);
      expect(r.issues).toEqual([{ path: "", message: `YAML error at line 1, column ${column}: collections nested more than ${MAX_RECIPE_DEPTH} deep` }]);
    }
  });

  it("duplicate keys are still syntax errors at the repeated key", async () => {
    const r = await validateRecipe("name: a\nname: b\n");
    expect(r.issues).toEqual([{ path: "", message: "YAML syntax error at line 2, column 1: Map keys must be unique" }]);
  });
});
