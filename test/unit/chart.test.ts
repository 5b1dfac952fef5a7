// The terminal chart and summary of `mids series`, the composition bars and the report text.
import { displayWidth } from "../../src/output/width.js";
import { describe, expect, it } from "vitest";
import { renderChart, renderSummary, resample, summarize, type Point } from "../../src/output/chart.js";
import { bar, renderBars } from "../../src/output/bars.js";
import { renderMarkdown, renderReport, PLAIN } from "../../src/output/report.js";

const pts = (values: number[]): Point[] => values.map((value, i) => ({ timestamp: new Date(Date.UTC(2026, 10, 1, i)).toISOString(), value }));

describe("chart", () => {
  it("draws a rising line from the bottom-left to the top-right", () => {
    const lines = renderChart(pts([1, 2, 3, 4, 5]), { width: 40, height: 5, digits: 0 });
    expect(lines[0]).toMatch(/^5 ┤.*[╭─]$/);
    expect(lines[4]).toMatch(/^1 ┤─/);
    expect(lines[5]).toMatch(/^\s+└─+$/);
    expect(lines[6]).toContain("2026-11-01 00:00");
    expect(lines[6]).toContain("2026-11-01 04:00");
  });

  it("values a server sends more than a double apart (-1e308 to 1e308) are drawn, top and bottom, not a crash", () => {
    const values = [1, Number.MAX_VALUE, -Number.MAX_VALUE, 5];
    for (const opts of [{ width: 40, height: 5 }, { width: 40, height: 5, integer: true, invert: true }]) {
      const lines = renderChart(pts(values), opts);
      const plot = lines.slice(0, 5).map((l) => l.slice(l.indexOf("┤") + 1));
      // the line reaches the top and bottom rows, each extreme on its own
      expect(plot[0].trim(), lines.join("\n")).not.toBe("");
      expect(plot[4].trim(), lines.join("\n")).not.toBe("");
      for (const l of lines.slice(0, 5)) expect(l).not.toMatch(/NaN|Infinity/);
    }
  });

  it("inverts rank: 1 is drawn at the top", () => {
    const lines = renderChart(pts([5, 1]), { width: 40, height: 5, invert: true, digits: 0 });
    expect(lines[0]).toMatch(/^1 ┤/);
    expect(lines[4]).toMatch(/^5 ┤─/);
  });

  it("fits the width by resampling, and a flat series draws one row", () => {
    const many = pts(Array.from({ length: 500 }, (_, i) => i % 7));
    const lines = renderChart(many, { width: 60, height: 6 });
    for (const l of lines.slice(0, 6)) expect([...l].length).toBeLessThanOrEqual(60);
    expect(resample(many, 50)).toHaveLength(50);
    expect(resample(many, 50).at(-1)).toEqual(many.at(-1));
    // an hour-long spike in the middle of a column's bucket is still drawn up to the top row
    const spiky = pts(Array.from({ length: 500 }, (_, i) => (i === 251 ? 90 : i === 97 ? 1 : 10)));
    const drawn = renderChart(spiky, { width: 60, height: 6, digits: 0 });
    expect(drawn[0]).toMatch(/^90 ┤.*[╭╮─]/);
    expect(drawn[5]).toMatch(/^ 1 ┤.*[╰╯─]/);
    expect(resample(spiky, 50).at(-1)).toEqual(spiky.at(-1));
    const flat = renderChart(pts([3, 3, 3]), { width: 30, height: 4 });
    expect(flat.filter((l) => l.includes("───"))).toHaveLength(2); // the line and the axis
    expect(renderChart([], { width: 30 })).toEqual(["(no points)"]);
  });
});

describe("rank chart (issue 15)", () => {
  const labels = (lines: string[]) => lines.filter((l) => l.includes(" ┤")).map((l) => Number(l.split(" ┤")[0]));
  const rowOfLabel = (lines: string[], label: number) => lines.findIndex((l) => l.split(" ┤")[0].trim() === String(label));
  it("labels every rank when they fit, and whole uniform steps when they do not", () => {
    const small = renderChart(pts([3, 9, 5]), { width: 40, height: 12, invert: true, integer: true });
    expect(labels(small)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    const wide = renderChart(pts([1, 40, 17]), { width: 60, height: 12, invert: true, integer: true });
    const l = labels(wide);
    expect(l[0]).toBe(1);
    expect(l.length).toBeLessThanOrEqual(12);
    const steps = new Set(l.slice(1).map((v, i) => v - l[i]));
    expect(steps.size).toBe(1); // no rank skipped unevenly
    expect(Math.max(...l)).toBeGreaterThanOrEqual(40);
  });
  it("draws each rank on the row labelled with it", () => {
    const lines = renderChart(pts([2, 7, 4, 4]), { width: 40, height: 12, invert: true, integer: true });
    for (const [x, v] of [[0, 2], [1, 7], [2, 4]] as const) {
      const row = rowOfLabel(lines, v);
      const plot = [...lines[row].split(" ┤")[1]];
      expect(plot[x], `rank ${v} at column ${x}`).toMatch(/[─╭╮╯╰]/);
    }
  });
  it("leaves gaps blank: missing values and missing hours are not bridged", () => {
    const withNull: Point[] = pts([1, 2, 3, 4, 5]).map((p, i) => (i === 2 ? { ...p, value: null } : p));
    const lines = renderChart(withNull, { width: 40, height: 5, digits: 0 });
    const column = (x: number) => lines.slice(0, 5).map((l) => [...(l.split(" ┤")[1] ?? "")][x] ?? " ").join("");
    expect(column(2).trim()).toBe("");
    // the point after the gap starts afresh: no vertical joint from the row before the gap
    expect(column(3).replace(/ /g, "")).toBe("─");
    const hours = [0, 1, 5, 6].map((h, i) => ({ timestamp: new Date(Date.UTC(2026, 10, 1, h)).toISOString(), value: [1, 2, 4, 5][i] }));
    const g = renderChart(hours, { width: 40, height: 5, digits: 0 });
    const col = (x: number) => g.slice(0, 5).map((l) => [...(l.split(" ┤")[1] ?? "")][x] ?? " ").join("");
    expect(col(2).trim()).toBe("");
    expect(col(3).replace(/ /g, "")).toBe("─");
    expect(summarize(withNull).count).toBe(4);
  });
  it("timestamps are server text: no control or bidi character reaches the terminal", () => {
    const evil: Point[] = [{ timestamp: "2026-11-01T00:00:00Z\u202e\u001b[2J", value: 1 }, { timestamp: "2026-11-01T01:00:00Z\u009b2J\u200b", value: 2 }];
    const text = [...renderChart(evil, { width: 60, height: 3 }), ...renderSummary(summarize(evil))].join("\n");
    expect(text).not.toMatch(/[\u001b\u0080-\u009f\u200b\u202e]/);
  });
});

describe("summary", () => {
  it("first, last, min, max, change", () => {
    const s = summarize(pts([10, 8, 15, 12]));
    expect(s).toMatchObject({ count: 4, change: 2 });
    expect(s.min!.value).toBe(8);
    expect(s.max!.value).toBe(15);
    const lines = renderSummary(s, { digits: 2 });
    expect(lines).toContain("change  +2.00 (+20.0%)");
    expect(lines.find((l) => l.startsWith("min"))).toMatch(/8\.00\s+at 2026-11-01T01:00Z/);
  });
  it("for rank a falling number is better", () => {
    expect(renderSummary(summarize(pts([9, 4])), { digits: 0, invert: true }).at(-1)).toBe("change  -5, better");
    expect(renderSummary(summarize([]), { label: "rank" })).toEqual(["rank: no points in the window"]);
  });
  it("points that came without a number (all gaps) are said as such, never 'no points'", () => {
    const gaps = [{ timestamp: "2026-11-01T00:00:00Z", value: null }, { timestamp: "2026-11-01T01:00:00Z", value: null }];
    expect(renderSummary(summarize(gaps), { label: "trend" })).toEqual(["trend: 2 points, none with a number (-o json shows them)"]);
    expect(renderChart(gaps, { width: 60, height: 5 })).toEqual(["(no values: 2 points, none with a number)"]);
    expect(renderChart([], { width: 60, height: 5 })).toEqual(["(no points)"]);
  });
  it("the values are right-aligned, so their times line up: rank 11 over rank 1, trend 9.50 over 100.00", () => {
    for (const [values, digits, invert] of [[[11, 1, 15, 3], 0, true], [[9.5, 100, 42, 12.25], 2, false]] as const) {
      const lines = renderSummary(summarize(pts([...values])), { digits, invert }).slice(1, 5);
      const at = lines.map((l) => l.indexOf("  at "));
      expect(new Set(at).size).toBe(1);
      expect(at[0]).toBeGreaterThan(0);
    }
  });
});

describe("bars", () => {
  it("bars are proportional, labels sanitized and aligned", () => {
    expect(bar(50, 10)).toBe("█████");
    expect(bar(100, 4)).toBe("████");
    expect(bar(0, 10)).toBe("");
    const lines = renderBars([{ label: "Venture\u001b[31m Funds", percentage: 62.5 }, { label: "Quant", percentage: 37.5 }], { width: 40 });
    expect(lines[0]).not.toContain("\u001b");
    expect(lines[0]).toMatch(/^Venture Funds {2}62\.5% {2}█+/);
    expect(lines[1]).toMatch(/^Quant {10}37\.5% {2}█+/);
    expect(lines[0].length).toBeGreaterThan(lines[1].length);
  });
});

describe("report text", () => {
  it("renders title, summary, light markdown, market, sources, revisions; strips control sequences", () => {
    const text = renderReport({
      title: "Frontier Report: X", summary: "Why it matters.", url: "https://r.example/1", publishedAt: "2026-11-01T00:00:00Z",
      bodyMarkdown: "# Frontier Report: X\n\nWhy it matters.\n\n## Projects\n\n- **Alpha**\n- Beta \u001b]0;pwned\u0007\n\nSee [the list](https://s.example).",
      market: { state: "fresh", entities: [{ identity: { name: "Alpha", symbol: "ALP" }, metrics: [{ key: "price_usd", value: 2, publishedValue: 1.5, unit: "usd", freshness: "fresh" }] }] },
      sources: [{ title: "Source one", url: "https://s.example/1" }],
      revisions: [{ revision: 1, publishedAt: "2026-11-01T00:00:00Z", summary: "First publication" }],
    }, { width: 80, style: PLAIN });
    const lines = text.split("\n");
    expect(lines[0]).toBe("Frontier Report: X");
    expect(text.match(/Why it matters\./g)).toHaveLength(1); // the body's repeat of the summary is dropped
    expect(text).toContain("PROJECTS");
    expect(text).toContain("  • Alpha");
    expect(text).toContain("See the list <https://s.example>.");
    expect(text).toContain("Alpha (ALP)  price_usd 2 USD (at publication 1.5) [fresh]");
    expect(text).toContain("  1. Source one");
    expect(text).toContain("REVISIONS");
    expect(text).not.toMatch(/[\u001b\u0007]/);
  });
  it("the meta, market, source and revision lines wrap at spaces to the width too, never torn mid-word by the terminal", () => {
    const report = {
      title: "Frontier Report: Perp DEX volumes", publishedAt: "2026-11-26T20:00:00.000Z", id: "rep_aa4baa1d814986f3", topicId: "topic_f82477740a1fd955ec9e",
      market: { state: "fresh", publicationSnapshotAt: "2026-11-26T20:00:00.000Z", updatedAt: "2026-11-28T12:00:00.000Z", entities: [{ identity: { name: "Nexri Network", symbol: "NEXY" }, metrics: [{ key: "price_usd", value: 22.793389, publishedValue: 22.025173, unit: "usd", freshness: "fresh", disagreement: { comparedWith: "defi", differencePercent: 0.444 } }] }] },
      sources: [{ title: "Retail Communities on Perp DEX volumes", publishedAt: "2026-11-26T14:00:00.000Z", url: "https://news.example.org/1" }],
      revisions: [{ revision: 2, publishedAt: "2026-11-27T02:00:00.000Z", summary: "Revision 2: market figures refreshed" }],
    };
    const lines = renderReport(report, { width: 60, style: PLAIN }).trimEnd().split("\n");
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(60);
    const text = lines.join(" ").replace(/\s+/g, " ");
    for (const whole of ["published 2026-11-26T20:00:00.000Z", "topic topic_f82477740a1fd955ec9e", "updated 2026-11-28T12:00:00.000Z",
      "price_usd 22.793389 USD (at publication 22.025173) [fresh], 0.444% vs defi", "1. Retail Communities on Perp DEX volumes (2026-11-26T14:00:00.000Z)",
      "2. 2026-11-27T02:00:00.000Z Revision 2: market figures refreshed"]) expect(text).toContain(whole);
    // continuation lines keep their item's indent
    const rev = lines.findIndex((l) => l.startsWith("  2. 2026-11-27"));
    expect(lines[rev + 1]).toMatch(/^ {5}\S/);
  });
  it("a long title and a long heading wrap at spaces to the width too, never torn mid-word", () => {
    const title = "Frontier Report: the quite long title of a report about privacy pools and their many consequences";
    const heading = "Heading that is rather long and goes past sixty columns of width";
    const lines = renderReport({ title, bodyMarkdown: `## ${heading}\n\nBody.` }, { width: 60, style: PLAIN }).trimEnd().split("\n");
    for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(60);
    expect(lines.slice(0, 2).join(" ")).toBe(title);
    const at = lines.findIndex((l) => l.startsWith("HEADING"));
    expect(lines.slice(at, at + 2).join(" ")).toBe(heading.toUpperCase());
  });
  it("market entries and metrics that are no objects (a v3 report's market is not shown) are left out, never a crash", () => {
    const market = { entities: [null, "x", { identity: { name: "Alpha" }, metrics: [null, 7, { key: "price_usd", value: 2 }] }] };
    const text = renderReport({ title: "T", market } as never, { width: 80, style: PLAIN });
    expect(text).toContain("MARKET");
    expect(text).toContain("  Alpha  price_usd 2");
  });
  it("a source title or revision summary that is an object is shown as its JSON, never '[object Object]'", () => {
    const text = renderReport({ title: "T", sources: [{ title: { en: "Src" } }], revisions: [{ revision: 1, summary: { en: "Rev" } }] } as never, { width: 80, style: PLAIN });
    expect(text).toContain('  1. {"en":"Src"}');
    expect(text).toMatch(/^  1\. +\{"en":"Rev"\}$/m);
    expect(text).not.toContain("[object Object]");
  });
  it("a source or revision under other field names shows those fields, never a bare number ('?.' before)", () => {
    const text = renderReport({ title: "T", sources: [{ name: "Src", link: "https://s.example/1" }], revisions: [{ at: "2026-11-01T00:00:00Z", note: "first" }] } as never, { width: 80, style: PLAIN });
    expect(text).toContain("  1. name Src  link https://s.example/1");
    expect(text).toContain("  • at 2026-11-01T00:00:00Z  note first");
    expect(text).not.toContain("?.");
  });
  it("wraps paragraphs to the width", () => {
    const lines = renderMarkdown("word ".repeat(60), 40, PLAIN);
    expect(lines.length).toBeGreaterThan(5);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(40);
  });
  it("bar labels are padded and cut by display width: the percentages line up", () => {
    const lines = renderBars([{ label: "風險投資基金風險投資基金風險投資基金", percentage: 50 }, { label: "Quant", percentage: 50 }], { width: 60 });
    const at = lines.map((l) => displayWidth(l.slice(0, l.indexOf("50.0%"))));
    expect(at[0]).toBe(at[1]);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(60);
  });
  it("wraps by display width: wide (CJK) words take two columns each", () => {
    const lines = renderMarkdown("比特币协议 ".repeat(12), 40, PLAIN);
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(40);
  });
});
