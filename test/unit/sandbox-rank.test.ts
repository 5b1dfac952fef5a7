// The sandbox's rank of a project at an hour is its place among every project's trend at that
// hour: higher trend first, ties by index (docs/sandbox.md). Ranks come from one sort per hour;
// this holds them to the definition, counted project by project.
import { describe, expect, it } from "vitest";
import { generate, HOUR, PROJECT_COUNT } from "../../src/sandbox/data.js";
import { rankAt, trendAt } from "../../src/sandbox/series.js";

const ds = generate(Date.UTC(2026, 10, 20, 12));
const h0 = ds.anchor / HOUR;

function countedRank(p: number, h: number): number {
  const t = trendAt(ds, p, h);
  let rank = 1;
  for (let j = 0; j < PROJECT_COUNT; j++) {
    const u = trendAt(ds, j, h);
    if (u > t || (u === t && j < p)) rank++;
  }
  return rank;
}

describe("sandbox rank", () => {
  it("is every project's place by trend, ties by index, at hours across the archive", () => {
    let ties = 0;
    for (const h of [h0, h0 - 1, h0 - 47, h0 - 24 * 13, h0 - 24 * 179]) {
      const seen = new Set<number>();
      for (let p = 0; p < PROJECT_COUNT; p++) {
        expect(rankAt(ds, p, h), `project ${p} at hour ${h}`).toBe(countedRank(p, h));
        seen.add(trendAt(ds, p, h));
      }
      ties += PROJECT_COUNT - seen.size;
    }
    // the rule for ties is exercised, not only the order
    expect(ties).toBeGreaterThan(0);
  });
});
