import { describe, expect, it } from "vitest";
import { parseIssuePath, locatePath } from "../../src/recipes/locate.js";
import { parseRecipeText } from "../../src/recipes/parse.js";

const TEXT = `name: demo
version: 1
params:
  limit:
    type: integer
steps:
  - uses: projects.list
  - id: second
    uses: nope
    with:
      count: 3
  - "a.b": 1
`;

function at(path: string, text = TEXT) {
  const p = parseRecipeText("r.yaml", text);
  return locatePath(p.documents[0].doc, p.lineCounter, path, text);
}

describe("issue paths in every spelling parse to the same segments", () => {
  it.each([
    ["steps.1.uses"], ["steps[1].uses"], ["/steps/1/uses"], ["$.steps[1].uses"], ["$.steps.1.uses"], ["$['steps'][1]['uses']"], ["#/steps/1/uses"],
  ])("%s", (p) => expect(parseIssuePath(p)).toEqual(["steps", "1", "uses"]));

  it("reads the root and JSON-pointer escapes", () => {
    expect(parseIssuePath("")).toEqual([]);
    expect(parseIssuePath("$")).toEqual([]);
    expect(parseIssuePath("/")).toEqual([]);
    expect(parseIssuePath("/a~1b/c~0d")).toEqual(["a/b", "c~d"]);
    expect(parseIssuePath('steps[2]["a.b"]')).toEqual(["steps", "2", "a.b"]);
  });
});

describe("a path maps to its node's line and column", () => {
  it("points at a scalar value, with its end", () => {
    for (const p of ["steps.1.uses", "steps[1].uses", "/steps/1/uses", "$.steps[1].uses"]) {
      expect(at(p)).toEqual({ line: 9, column: 11, endLine: 9, endColumn: 15, exact: true });
    }
  });

  it("points at the key when the value is a collection", () => {
    expect(at("steps.1.with")).toMatchObject({ line: 10, column: 5, endLine: 10, endColumn: 9, exact: true });
    expect(at("params.limit")).toMatchObject({ line: 4, column: 3, exact: true });
  });

  it("spans a sequence item that is a mapping, ending at its last character", () => {
    expect(at("steps[1]")).toEqual({ line: 8, column: 5, endLine: 11, endColumn: 15, exact: true });
  });

  it("falls back to the nearest existing ancestor for a missing node", () => {
    expect(at("steps.0.with")).toMatchObject({ line: 7, column: 5, exact: false }); // the step item
    expect(at("steps.9.uses")).toMatchObject({ line: 6, column: 1, exact: false }); // the `steps` key
    expect(at("description")).toMatchObject({ line: 1, column: 1, exact: false }); // the root
    expect(at("params.limit.type.deep")).toMatchObject({ line: 5, column: 11, exact: false });
  });

  it("finds keys containing dots through the bracket form", () => {
    expect(at('steps[2]["a.b"]')).toMatchObject({ line: 12, column: 12, exact: true });
  });

  it("finds keys containing dots through a dotted path too (its segments joined again)", () => {
    const text = "params:\n  date.from:\n    type: nope\n  a:\n    b.c.d: 1\n";
    const lines = text.split("\n");
    expect(at("params.date.from.type", text)).toEqual({ line: 3, column: lines[2].indexOf("nope") + 1, endLine: 3, endColumn: lines[2].length + 1, exact: true });
    expect(at("params.a.b.c.d", text)).toMatchObject({ line: 5, column: lines[4].indexOf("1") + 1, exact: true });
    expect(at("params.date.to", text)).toMatchObject({ line: 1, column: 1, exact: false });
  });

  it("points at the key when the value is left empty, not past the colon", () => {
    const text = "name:\nsteps:\n  - uses: output\n    with:\n  - {uses: limit, with: }\n";
    const lines = text.split("\n");
    expect(at("name", text)).toEqual({ line: 1, column: 1, endLine: 1, endColumn: 5, exact: true });
    expect(at("steps.0.with", text)).toEqual({ line: 4, column: lines[3].indexOf("with") + 1, endLine: 4, endColumn: lines[3].indexOf("with") + 5, exact: true });
    expect(at("steps.1.with", text)).toMatchObject({ line: 5, column: lines[4].indexOf("with") + 1, endColumn: lines[4].indexOf("with") + 5 });
    // an empty item of a sequence: its `-`
    const items = "steps:\n  -\n  - uses: x\n  -   # none\n";
    const il = items.split("\n");
    expect(at("steps.0", items)).toEqual({ line: 2, column: il[1].indexOf("-") + 1, endLine: 2, endColumn: il[1].indexOf("-") + 2, exact: true });
    expect(at("steps.2", items)).toMatchObject({ line: 4, column: il[3].indexOf("-") + 1, endColumn: il[3].indexOf("-") + 2 });
    // an explicit null is a value: it is pointed at
    expect(at("name", "name: ~\n")).toMatchObject({ line: 1, column: 7, endColumn: 8 });
  });

  it("follows an alias to the anchored node", () => {
    const text = "base: &b\n  uses: output\nsteps:\n  - *b\n";
    expect(at("steps.0.uses", text)).toMatchObject({ line: 2, column: 9, exact: true });
  });

  it("maps positions in a later document of a multi-document file", () => {
    const text = "name: a\n---\nname: b\nsteps:\n  - uses: x\n";
    const p = parseRecipeText("m.yaml", text);
    expect(locatePath(p.documents[1].doc, p.lineCounter, "steps.0.uses", text)).toMatchObject({ line: 5, column: 11 });
  });
});

describe("a path through a merge key (`<<`) maps to the value merged in", () => {
  const text = `base: &base
  uses: projects.list
  with: &with
    sort: trend
more: &more
  when: always
name: merged
version: 1
steps:
  - <<: *base
    id: one
  - <<: [*more, *base]
    uses: limit
  - <<: {uses: output}
  - "<<": *base
`;

  it("finds a key merged in from an anchor, where it is written", () => {
    expect(at("steps.0.uses", text)).toEqual({ line: 2, column: 9, endLine: 2, endColumn: 22, exact: true });
    expect(at("steps.0.with.sort", text)).toMatchObject({ line: 4, column: 11, exact: true });
    expect(at("steps.0.id", text)).toMatchObject({ line: 11, column: 9, exact: true });
  });

  it("prefers the mapping's own key, and reads a list of merges in order", () => {
    expect(at("steps.1.uses", text)).toMatchObject({ line: 13, column: 11, exact: true });
    expect(at("steps.1.when", text)).toMatchObject({ line: 6, column: 9, exact: true });
    expect(at("steps.1.with", text)).toMatchObject({ line: 3, column: 3, exact: true });
  });

  it("reads an inline mapping merged in, and never a quoted `<<` (a plain key)", () => {
    expect(at("steps.2.uses", text)).toMatchObject({ line: 14, column: 16, exact: true });
    expect(at("steps.3.uses", text)).toMatchObject({ line: 15, column: 5, exact: false });
  });

  it("still finds `<<` itself for a server that reads it as a plain key", () => {
    expect(at("steps.0.<<", text)).toMatchObject({ line: 10, column: 9, exact: true });
  });

  it("stops at an anchor merged into itself", () => {
    const loop = "a: &a\n  x: 1\n  <<: *a\nsteps: [*a]\n";
    expect(at("steps.0.y", loop)).toMatchObject({ exact: false });
  });
});
