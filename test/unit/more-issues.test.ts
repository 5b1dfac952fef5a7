// The tail of a contract error ("(and 4 more: status, trigger, cadence, and 1 other field)"): how
// many other places failed and in which fields, in plain English for any count.
import { describe, expect, it } from "vitest";
import { moreIssues } from "../../src/commands/shared/validate.js";

const at = (...fields: string[]) => fields.map((f) => ({ path: [f] }));

describe("moreIssues", () => {
  it("names at most three fields, then counts the others: one 'other field', several 'other fields'", () => {
    expect(moreIssues([])).toBe("");
    expect(moreIssues(at("a", "b"))).toBe(" (and 2 more: a, b)");
    expect(moreIssues(at("a", "b", "c", "d"))).toBe(" (and 4 more: a, b, c, and 1 other field)");
    expect(moreIssues(at("a", "b", "c", "d", "e"))).toBe(" (and 5 more: a, b, c, and 2 other fields)");
  });
});
