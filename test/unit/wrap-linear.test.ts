// A detail view wraps a long text (a report's summary, an intel item's description: up to the 64 MB
// body cap) in work linear in its length with a small constant, whatever the terminal's width: the
// characters measured are counted (never timed). Before, each word measured the line it joined and
// scanned it again for a break (about 20 measures a character at 80 columns, 80 in a run of spaces,
// and a run of spaces was also trimmed once a space: quadratic).
import { beforeAll, describe, expect, it, vi } from "vitest";

// every character wrapText measures: one per charWidth, one per character of a displayWidth
const work = { chars: 0 };
vi.mock("../../src/output/width.js", async (orig) => {
  const width = await orig<typeof import("../../src/output/width.js")>();
  return {
    ...width,
    charWidth: (ch: string) => (work.chars++, width.charWidth(ch)),
    displayWidth: (s: string) => ((work.chars += s.length), width.displayWidth(s)),
  };
});

// the module under test loads after the mock, whatever this worker loaded before (files share a
// worker: vitest runs without isolation)
let wrapText: typeof import("../../src/output/prose.js").wrapText;
let wrapReport: typeof import("../../src/output/report.js").wrap;
beforeAll(async () => {
  vi.resetModules();
  ({ wrapText } = await import("../../src/output/prose.js"));
  ({ wrap: wrapReport } = await import("../../src/output/report.js"));
});

const TEXTS: Record<string, (n: number) => string> = {
  prose: (n) => "lorem ipsum dolor sit amet, consectetur adipiscing elit ".repeat(n / 56 + 1).slice(0, n),
  "a run of spaces": (n) => `a${" ".repeat(n - 2)}b`,
  "words two spaces apart": (n) => "ab  ".repeat(n / 4),
  CJK: (n) => "日本語のテキスト".repeat(n / 8),
  "one long URL": (n) => `see https://example.test/${"a".repeat(n)}`,
};

function measured(text: string, width: number, wrap = wrapText): { perChar: number; lines: string[] } {
  work.chars = 0;
  const lines = wrap(text, width);
  return { perChar: work.chars / text.length, lines };
}

describe("wrapText's work grows linearly with the text, a few measures a character", () => {
  for (const [name, make] of Object.entries(TEXTS)) {
    it(`${name}: n and 4n characters, at 80 and 400 columns`, () => {
      for (const width of [80, 400]) {
        const small = measured(make(10_000), width);
        const large = measured(make(40_000), width);
        expect(small.perChar, `${width} columns`).toBeLessThanOrEqual(3);
        expect(large.perChar, `${width} columns`).toBeLessThanOrEqual(small.perChar * 1.05);
        // still wrapped: every line within the width but a narrow word longer than it
        for (const l of large.lines) if (/[ 日本語のテキスト]/.test(l)) expect(l.length).toBeLessThanOrEqual(width);
      }
    });
  }
});

describe("a report's paragraphs (reports get) are wrapped in linear work too", () => {
  it("prose, n and 4n characters, at 80 and 400 columns", () => {
    for (const width of [80, 400]) {
      const small = measured(TEXTS.prose(10_000), width, wrapReport);
      const large = measured(TEXTS.prose(40_000), width, wrapReport);
      expect(small.perChar, `${width} columns`).toBeLessThanOrEqual(3);
      expect(large.perChar, `${width} columns`).toBeLessThanOrEqual(small.perChar * 1.05);
      for (const l of large.lines) expect(l.length).toBeLessThanOrEqual(width);
    }
  });
});
