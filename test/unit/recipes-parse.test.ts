import { describe, expect, it, vi } from "vitest";
import { parseAllDocuments, type Document } from "yaml";
import { MAX_ALIAS_COUNT, MAX_RECIPE_BYTES, parseRecipeText, parseYamlDocument, sendable } from "../../src/recipes/parse.js";

describe("local parsing before anything is sent", () => {
  it("reports a syntax error at its exact line and column, and the file is not sendable", () => {
    const p = parseRecipeText("s.yaml", "name: a\nsteps:\n  - uses: x\n   bad: [1\n");
    expect(sendable(p)).toBe(false);
    const f = p.findings[0];
    expect(f).toMatchObject({ file: "s.yaml", source: "syntax", severity: "error", path: null, document: 1 });
    expect(f.line).toBeGreaterThanOrEqual(4);
    expect(f.message).not.toMatch(/\n/);
  });

  it("reports a duplicate key at the second key", () => {
    const p = parseRecipeText("d.yaml", "name: a\nversion: 1\nname: b\n");
    expect(sendable(p)).toBe(false);
    expect(p.findings[0]).toMatchObject({ line: 3, column: 1, source: "syntax" });
  });

  it("refuses an alias bomb using the library's alias limit", () => {
    const lvl = (n: number, prev: string) => `l${n}: &l${n} [${Array(10).fill(`*${prev}`).join(",")}]`;
    const lines = ["l0: &l0 [x,x,x,x,x,x,x,x,x,x]"];
    for (let i = 1; i < 6; i++) lines.push(lvl(i, `l${i - 1}`));
    const p = parseRecipeText("bomb.yaml", lines.join("\n") + "\n");
    expect(sendable(p)).toBe(false);
    expect(p.findings[0].message).toContain(`limit of ${MAX_ALIAS_COUNT}`);
  });

  it("reports an unresolved alias in yaml's words at the alias, not as an alias bomb", () => {
    const text = "name: x\nsteps:\n  - uses: *nope\n";
    const p = parseRecipeText("u.yaml", text);
    expect(sendable(p)).toBe(false);
    expect(p.findings).toHaveLength(1);
    expect(p.findings[0]).toMatchObject({ line: 3, column: text.split("\n")[2].indexOf("*nope") + 1, endColumn: text.split("\n")[2].length + 1, source: "syntax", severity: "error" });
    expect(p.findings[0].message).toMatch(/^Unresolved alias\b.*: nope$/);
    expect(p.findings[0].message).not.toContain("limit");
  });

  it("an alias used before its anchor is unresolved too, and one after it resolves", () => {
    const p = parseRecipeText("o.yaml", "a: *x\nb: &x 1\nc: *x\n");
    expect(p.findings.map((f) => [f.line, f.column])).toEqual([[1, 4]]);
    expect(p.findings[0].message).toMatch(/: x$/);
  });

  it("accepts a few aliases", () => {
    expect(sendable(parseRecipeText("a.yaml", "a: &a 1\nb: *a\nc: *a\n"))).toBe(true);
  });

  it("refuses input over the size cap without parsing it", () => {
    const p = parseRecipeText("big.yaml", "a: " + "x".repeat(MAX_RECIPE_BYTES) + "\n");
    expect(sendable(p)).toBe(false);
    expect(p.documents).toHaveLength(0);
    expect(p.findings[0].message).toMatch(/over the \d+-byte limit/);
  });

  it("refuses a file with no document", () => {
    expect(parseRecipeText("e.yaml", "# only a comment\n").findings[0].message).toBe("the file holds no YAML document");
    expect(sendable(parseRecipeText("e.yaml", ""))).toBe(false);
  });

  it("splits a multi-document file into raw sources that keep the leading comment", () => {
    const text = "# sandbox-path-style: pointer\nname: a\n---\nname: b\n...\n---\nname: c\n";
    const p = parseRecipeText("m.yaml", text);
    expect(p.documents.map((d) => d.index)).toEqual([1, 2, 3]);
    expect(p.documents[0].source.startsWith("# sandbox-path-style: pointer\nname: a")).toBe(true);
    expect(p.documents.map((d) => d.source).join("")).toBe(text);
  });

  it("sends each document with its own directives: alone, its source reads as it did in the file", () => {
    const texts = [
      "name: a\n...\n%TAG !e! tag:example.com,2000:\n---\nname: !e!b b\n",
      "name: a\n...\n# about b\n%YAML 1.2\n---\nname: b\n...\n",
      "name: a\n# trailing\n--- # c\nname: b\n--- !!map\nname: c\n",
      "name: a\n...\n\uFEFF---\nname: b\n",
    ];
    for (const text of texts) {
      const p = parseRecipeText("d.yaml", text);
      expect(sendable(p), text).toBe(true);
      for (const d of p.documents) {
        const alone = parseAllDocuments(d.source) as Document.Parsed[];
        // (an unknown tag is a warning in the file and alone alike; unresolved alone, it was an error)
        expect(alone.map((x) => [x.errors.length, x.warnings.length]), JSON.stringify(d.source)).toEqual([[0, d.doc.warnings.length]]);
        expect(alone[0].toJS(), JSON.stringify(d.source)).toEqual(d.doc.toJS());
        expect(d.source.startsWith("\uFEFF")).toBe(false);
      }
    }
  });

  it("a collection as a key (`? [a, b]`) leaves stderr alone: no Node warning from the yaml library", () => {
    const text = "name: a\nsteps:\n  - uses: output\n    with:\n      ? [a, b]\n      : 1\n";
    const warned = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
    try {
      expect(sendable(parseRecipeText("k.yaml", text))).toBe(true);
      const parsed = parseYamlDocument(text); // as the sandbox's validator reads it
      if ("doc" in parsed) parsed.doc.toJS();
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
  });

  it("points a missing closing quote at the quote that opened it, not at the end of the file", () => {
    const line2 = 'steps: ["ok", "abc';
    const p = parseRecipeText("q.yaml", `name: a\n${line2}\nversion: 1\n`);
    const f = p.findings.find((x) => /closing/.test(x.message))!;
    expect(f).toMatchObject({ line: 2, column: line2.lastIndexOf('"') + 1, severity: "error", source: "syntax" });
    expect(f.message).toMatch(/never closed/);
    expect(sendable(p)).toBe(false);
  });

  it("points an unclosed [ or { at the bracket that opened it, not past the last line", () => {
    for (const [line, open] of [["  - uses: [a, b", "["], ["x: {a: [1]", "{"], ["a: [1, [2, 3]", "["]] as const) {
      const p = parseRecipeText("b.yaml", `steps:\n${line}\n\n`);
      const f = p.findings.find((x) => /end with a/.test(x.message))!;
      expect(f).toMatchObject({ line: 2, column: line.indexOf(open) + 1, endLine: 2, endColumn: line.indexOf(open) + 2, severity: "error", source: "syntax" });
      expect(f.message).toMatch(/bracket opened here is never closed/);
      expect(sendable(p)).toBe(false);
    }
  });

  it("skips empty documents (a trailing ---) but keeps the numbers of the others", () => {
    const p = parseRecipeText("t.yaml", "---\n# only a comment\n---\nname: a\n---\n");
    expect(p.findings).toEqual([]);
    expect(p.documents.map((d) => d.index)).toEqual([2]);
    expect(p.documents[0].source).toBe("---\nname: a\n");
    expect(parseRecipeText("e.yaml", "---\n---\n").findings.map((f) => f.message)).toEqual(["the file holds no YAML document"]);
    expect(parseRecipeText("n.yaml", "--- ~\n").documents).toHaveLength(1); // an explicit null is content
  });

  it("keeps a warning (unresolved tag) without blocking the file", () => {
    const p = parseRecipeText("w.yaml", "a: !custom 1\n");
    expect(sendable(p)).toBe(true);
    expect(p.findings[0]).toMatchObject({ severity: "warning", line: 1, column: 4 });
  });
});
