// What the spec lists without a type is held by name only: an issue's `path` and `message` (spec
// 2.10, and the generic error body of section 6), and the recipe summary's name, version and
// description. A server that gives a path as a list of segments, as schema validators do, keeps
// the contract; what the spec does type (valid, stepCount, paramCount) is still enforced.
import { describe, expect, it } from "vitest";
import { RecipeValidation, V2Error } from "../../src/contract/schemas.js";

describe("contract: fields the spec lists without a type", () => {
  it("an issue's path and message may be any JSON value; a recipe summary's name, version, description too", () => {
    const ok = (v: unknown) => RecipeValidation().safeParse(v).success;
    expect(ok({ valid: false, issues: [{ path: ["steps", 1, "uses"], message: "unknown step" }] })).toBe(true);
    expect(ok({ valid: false, issues: [{ path: null, message: { text: "x" } }], recipe: null })).toBe(true);
    expect(ok({ valid: true, issues: [], recipe: { name: "r", version: 2, description: null, stepCount: 3, paramCount: 0 } })).toBe(true);
    expect(V2Error().safeParse({ status: 422, error: "invalid", issues: [{ path: ["a", 0], message: "bad" }] }).success).toBe(true);
  });

  it("what the spec types is still held", () => {
    const ok = (v: unknown) => RecipeValidation().safeParse(v).success;
    expect(ok({ valid: "no", issues: [] })).toBe(false);
    expect(ok({ valid: true, issues: [], recipe: { name: "r", version: "1", description: "d", stepCount: 1.5, paramCount: 0 } })).toBe(false);
    expect(ok({ valid: true, issues: "none" })).toBe(false);
  });
});
