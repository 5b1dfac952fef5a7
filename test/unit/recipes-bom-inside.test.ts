// A byte order mark inside a document (two files saved with a mark, joined): the parser reads it
// as part of the key or value after it, so the server's issue about that key was placed at the
// file's first line (the key it names is missing). It is an error where it is, and nothing is sent.
import { expect, it } from "vitest";
import { checkText } from "../../src/recipes/check.js";

const BOM = "\uFEFF";

it("a byte order mark inside a document is an error at its own line and column, not sent", async () => {
  const before = "name: r1\nversion: 1\n";
  const text = `${before}${BOM}steps: []\n`;
  const report = await checkText("joined.yaml", text, async () => { throw new Error("not sent"); });
  expect(report.sent).toBe(false);
  expect(report.findings.map((f) => [f.line, f.column, f.endColumn, f.severity, f.source])).toEqual([[3, 1, 2, "error", "syntax"]]);
  expect(report.findings[0].message).toMatch(/byte order mark/);

  // in a later document, named as that document
  const two = `name: r1\n---\nname: ${BOM}r2\n`;
  const second = await checkText("two.yaml", two, async () => { throw new Error("not sent"); });
  expect(second.findings.map((f) => [f.line, f.column, f.document])).toEqual([[3, 7, 2]]);
});

it("a byte order mark that starts a document (after `...`, YAML's document prefix) is accepted, as at the file's start", async () => {
  const sent: string[] = [];
  const text = `${BOM}name: r1\n...\n${BOM}name: r2\n`;
  const report = await checkText("prefix.yaml", text, async (source) => {
    sent.push(source);
    return { valid: true, issues: [] };
  });
  expect(report.findings).toEqual([]);
  expect(sent).toHaveLength(2);
});
