// The stderr summary line and the terminal listing of `mids migrate verify` (pure).
import { describe, expect, it } from "vitest";
import { summaryLine, terminalReport } from "../../src/migrate/verify/report.js";
import type { VerifyRecord, VerifySummary } from "../../src/migrate/verify/replay.js";
import { MAX_DIFFERENCES } from "../../src/migrate/verify/compare.js";

const base: VerifySummary = { total: 3, equivalent: 2, unconfirmed: 0, differs: 0, skipped: 1, failed: 0, invalid: 0, routes: {} };

describe("verify summary line", () => {
  it("names a random sample's seed, and says when --sample took every replayable request", () => {
    expect(summaryLine({ ...base, sample: { size: 2, of: 5, first: false, seed: 7 } })).toBe(
      "migrate verify: 3 distinct requests (a random, --seed 7 sample of 2 of 5 replayable): 2 equivalent, 0 unconfirmed, 0 differs, 1 skipped, 0 failed\n");
    // a seed that drew nothing (the sample is the whole) is not worth printing
    expect(summaryLine({ ...base, sample: { size: 2, of: 2, first: false, seed: 7 } })).toBe(
      "migrate verify: 3 distinct requests (--sample takes all 2 replayable): 2 equivalent, 0 unconfirmed, 0 differs, 1 skipped, 0 failed\n");
  });

  it("wraps at a terminal's width at word boundaries, each count beside its verdict; no width: one line", () => {
    const s = { ...base, total: 39, equivalent: 12, skipped: 19, failed: 8 };
    const one = summaryLine(s);
    expect(one.trimEnd().length).toBeGreaterThan(60);
    const lines = summaryLine(s, 60).trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(60);
    for (const l of lines.slice(1)) expect(l).toMatch(/^ {2}\S/);
    // the same words, none cut, no number left at a line's end without its verdict
    expect(lines.map((l) => l.trim()).join(" ")).toBe(one.trimEnd());
    for (const l of lines) expect(l).not.toMatch(/\d$/);
  });

  it("says how many differences the terminal leaves out, and that -o json stops at its cap when the comparison did", () => {
    const rec = (n: number, truncated: boolean): VerifyRecord => ({
      position: 1, count: 1, verdict: "differs", from: { method: "GET", path: "/v2/clusters", query: {} }, to: { method: "GET", path: "/v3/clusters", query: {} },
      differences: Array.from({ length: n }, (_, i) => ({ field: `data[id=${i}].n`, v2: i, v3: i + 1 })), ignored: [], ...(truncated ? { truncated } : {}),
    });
    const first = (r: VerifyRecord) => terminalReport([r], { ...base, differs: 1 }).split("\n")[0];
    expect(first(rec(8, false))).toMatch(/; 3 more \(-o json lists them all\)$/);
    const cut = first(rec(MAX_DIFFERENCES, true));
    expect(cut).toMatch(new RegExp(`; ${MAX_DIFFERENCES - 5} more in -o json, which stops at ${MAX_DIFFERENCES} differences \\(truncated: true\\)$`));
    expect(cut).not.toContain("more more");
  });
});

describe("verify terminal listing", () => {
  it("shows a difference that is only an invisible character (zero-width, bidi) as an escape, not two equal-looking values", () => {
    const rec: VerifyRecord = {
      position: 1, count: 1, verdict: "differs", from: { method: "GET", path: "/v2/projects/p", query: {} }, to: { method: "GET", path: "/v3/projects/p", query: {} },
      differences: [{ field: "name", v2: "Aave", v3: "Aave\u200b" }, { field: "description", v2: "Lending", v3: "Lending\u202e" }], ignored: [],
    };
    const line = terminalReport([rec], { ...base, differs: 1 }).split("\n")[0];
    expect(line).toContain('name: v2 "Aave", v3 "Aave\\u200b"');
    expect(line).toContain('description: v2 "Lending", v3 "Lending\\u202e"');
    expect(line).not.toMatch(/[\u200b\u202e]/);
  });
});
