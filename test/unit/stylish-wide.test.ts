// stylish's caret stands under the finding on a terminal, where CJK characters and emoji take two
// columns and combining marks none: the caret line is measured in screen columns, not in the
// UTF-16 units the finding's columns count (findings/columns.ts).
import { describe, expect, it } from "vitest";
import { formatStylish } from "../../src/findings/stylish.js";
import type { FindingsSet } from "../../src/findings/types.js";
import { displayWidth } from "../../src/output/width.js";

// each line holds its target once, after wide, astral or combining characters
const LINES = [
  "  - {id: 日本語, uses: nope}",
  "  - {id: \"🚀🚀\", uses: 不明}",
  "  - {id: \"e\u0301𝔸\", uses: target}",
  "x: ｆｕｌｌ ＷＩＤＴＨ target",
];
const TARGETS = ["nope", "不明", "target", "target"];

function setOf(): FindingsSet {
  const text = LINES.join("\n") + "\n";
  const findings = LINES.map((l, i) => {
    const col = l.indexOf(TARGETS[i]) + 1;
    return { file: "r.yaml", line: i + 1, column: col, endLine: i + 1, endColumn: col + TARGETS[i].length, severity: "error" as const, ruleId: "r", label: "error", title: "t", message: `m${i}` };
  });
  return { tool: { name: "mids", version: "0", informationUri: "x" }, rules: [], files: [{ file: "r.yaml", text, findings }], suite: "s", classname: "c" };
}

describe("stylish carets under wide characters", () => {
  {
    for (const general of [false, true]) {
      it(`UTF-16 columns${general ? " (general path)" : ""}: each caret starts under its target and is as wide as it`, () => {
        const out = formatStylish(setOf(), false, { general }).split("\n");
        LINES.forEach((line, i) => {
          const shown = out.findIndex((l) => l.endsWith(` | ${line}`));
          expect(shown, line).toBeGreaterThan(0);
          const caret = out[shown + 1].slice(out[shown + 1].indexOf(" | ") + 3);
          const before = displayWidth(line.slice(0, line.indexOf(TARGETS[i])));
          expect(caret, line).toBe(" ".repeat(before) + "^".repeat(displayWidth(TARGETS[i])));
        });
      });
    }
  }
});

describe("stylish excerpts of long lines of wide characters", () => {
  // a line far wider on the screen than in units: 150 CJK characters are 300 columns
  const wide = "説".repeat(120) + " target " + "明".repeat(30);
  const astral = "🚀".repeat(100) + " target " + "𝔸".repeat(60);
  {
    for (const [name, line] of [["CJK", wide], ["astral", astral]] as const) {
      for (const width of [undefined, 60, 100]) {
        it(`${name}, ${width ?? "no"} terminal width: the excerpt fits the columns stylish shows and the caret is under the target`, () => {
          const col = line.indexOf(" target") + 2;
          const set: FindingsSet = {
            tool: { name: "mids", version: "0", informationUri: "x" }, rules: [], suite: "s", classname: "c",
            files: [{ file: "r.yaml", text: line + "\n", findings: [{ file: "r.yaml", line: 1, column: col, endLine: 1, endColumn: col + 6, severity: "error", ruleId: "r", label: "error", title: "t", message: "m" }] }],
          };
          const out = formatStylish(set, false, { width }).split("\n");
          const i = out.findIndex((l) => l.includes(" | ") && l.includes("target"));
          const gutter = out[i].indexOf(" | ") + 3;
          const shown = out[i].slice(gutter);
          // the shown line (and its two "…") takes no more columns than a plain line of the same cap would
          const plain = formatStylish({ ...set, files: [{ ...set.files[0], text: "x".repeat(col - 1) + "target" + "x".repeat(400) + "\n" }] }, false, { width }).split("\n");
          const plainShown = plain.find((l) => l.includes(" | ") && l.includes("target"))!;
          expect(displayWidth(shown)).toBeLessThanOrEqual(displayWidth(plainShown.slice(plainShown.indexOf(" | ") + 3)));
          expect(shown.startsWith("…") && shown.endsWith("…")).toBe(true);
          const caret = out[i + 1].slice(gutter);
          expect(caret).toBe(" ".repeat(displayWidth(shown.slice(0, shown.indexOf("target")))) + "^^^^^^");
        });
      }
    }
  }
});

describe("stylish source lines in a GitHub Actions log", () => {
  for (const general of [false, true]) {
    it(`a runner command in a source line is parted, and the caret stays under the finding${general ? " (general path)" : ""}`, () => {
      for (const line of ['  - {id: "##[set-output name=x;]y", uses: nope}', '  - {id: "##[add-mask]日本", uses: nope}']) {
        const col = line.indexOf("nope") + 1;
        const set: FindingsSet = {
          tool: { name: "mids", version: "0", informationUri: "x" }, rules: [], suite: "s", classname: "c",
          files: [{ file: "r.yaml", text: line + "\n", findings: [{ file: "r.yaml", line: 1, column: col, endLine: 1, endColumn: col + 4, severity: "error", ruleId: "r", label: "error", title: "t", message: "m" }] }],
        };
        const out = formatStylish(set, false, { general }).split("\n");
        expect(out.join("\n")).not.toContain("##[");
        const i = out.findIndex((l) => l.includes(" | ") && l.includes("nope"));
        const gutter = out[i].indexOf(" | ") + 3;
        const shown = out[i].slice(gutter);
        expect(shown).toBe(line.replace("##[", "#\u200b#["));
        expect(out[i + 1].slice(gutter)).toBe(" ".repeat(displayWidth(line.slice(0, col - 1))) + "^^^^");
      }
    });
  }
});
