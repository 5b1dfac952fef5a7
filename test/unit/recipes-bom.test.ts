// A recipe saved with a byte order mark: findings on line 1 are at the columns an editor shows.
// The mark was counted as a column, so every line-1 finding (server or syntax) was one to the right.
import { expect, it } from "vitest";
import { checkText } from "../../src/recipes/check.js";

const BOM = "\uFEFF";

it("line 1 columns of a file with a byte order mark leave the mark out", async () => {
  const body = "{name: r1, version: 1, steps: [{uses: http.get}]}\n";
  const sent: string[] = [];
  const report = await checkText("r.yaml", BOM + body, async (source) => {
    sent.push(source);
    return { valid: false, issues: [{ path: "steps.0.uses", message: "unknown step" }] };
  });
  const [f] = report.findings;
  expect([f.line, f.column, f.endColumn]).toEqual([1, body.indexOf("http.get") + 1, body.indexOf("http.get") + 1 + "http.get".length]);
  expect(sent).toEqual([body]);

  const broken = 'name: "r1\n';
  const syntax = await checkText("s.yaml", BOM + broken, async () => { throw new Error("not sent"); });
  expect(syntax.findings.map((x) => [x.line, x.column])).toEqual([[1, broken.indexOf('"') + 1]]);
});
