// Duplicate keys are found in one pass: yaml's own check compared each key with every key before
// it, so a recipe file under the 1 MiB limit holding one mapping of 100 000 keys kept
// 'mids recipes validate' busy for minutes of CPU, deaf to Ctrl-C and a CI timeout's SIGTERM.
import { describe, expect, it } from "vitest";
import { parseRecipeText } from "../../src/recipes/parse.js";

const at = (text: string, needle: string, from = 0) => {
  const i = text.indexOf(needle, from);
  const before = text.slice(0, i).split("\n");
  return [before.length, before[before.length - 1].length + 1];
};
const duplicates = (text: string) => parseRecipeText("r.yaml", text).findings
  .filter((f) => f.message === "Map keys must be unique").map((f) => [f.line, f.column]);

describe("duplicate keys", () => {
  it("are errors at the repeated key, in block and flow mappings, at any depth; 1 and '1' differ", () => {
    const text = "a: 1\nb:\n  c: 2\n  c: 3\nd: {x: 1, y: 2, x: 3}\n1: one\n'1': string one\na: again\n";
    expect(duplicates(text)).toEqual([at(text, "c: 3"), at(text, "x: 3"), at(text, "a: again")]);
  });

  // the finding spanned the key's first character alone (a GitHub annotation, a SARIF region)
  it("span the whole repeated key, its quotes too", () => {
    const text = "name: a\nversion: 1\nname: b\nsteps:\n  - {uses: x, uses: y}\n  - \"q r\": 1\n    \"q r\": 2\n";
    const spans = parseRecipeText("r.yaml", text).findings.map((f) => [f.line, f.column, f.endLine, f.endColumn]);
    expect(spans).toEqual([[3, 1, 3, 5], [5, 15, 5, 19], [7, 5, 7, 10]]);
  });

  // (no clock in the assertion: the one pass takes about 2 s of CPU at 60 000 keys, the pairwise
  // check about 40 s, so the test's timeout, 15 times the work, is what tells them apart)
  it("in a mapping of 60 000 keys (a recipe file under 1 MiB) are found in one pass", () => {
    const keys = Array.from({ length: 60_000 }, (_, i) => `k${i}: v`);
    const text = [...keys, "k7: again"].join("\n") + "\n";
    expect(text.length).toBeLessThan(1024 * 1024);
    expect(duplicates(text)).toEqual([at(text, "k7: again")]);
  }, 30_000);

  // 190,000 repeats of one key (`a: 1`, under 1 MB) were pushed as one call's arguments: the
  // file was "not checked: Maximum call stack size exceeded", exit 1, instead of its findings.
  // (test/unit/spread-arguments.test.ts fails on any such spread; here, each repeat a finding)
  it("repeated 20,000 times are each a finding", () => {
    const text = "a: 1\n".repeat(20_000);
    const found = duplicates(text);
    expect(found).toHaveLength(19_999);
    expect([found[0], found.at(-1)]).toEqual([[2, 1], [20_000, 1]]);
  }, 60_000);
});
