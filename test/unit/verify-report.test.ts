// The stderr summary line of `mids migrate verify` (pure).
import { describe, expect, it } from "vitest";
import { summaryLine } from "../../src/migrate/verify/report.js";
import type { VerifySummary } from "../../src/migrate/verify/replay.js";

const base: VerifySummary = { total: 3, equivalent: 2, unconfirmed: 0, differs: 0, skipped: 1, failed: 0, invalid: 0, routes: {} };

describe("verify summary line", () => {
  it("names a random sample's seed, and says when --sample took every replayable request", () => {
    expect(summaryLine({ ...base, sample: { size: 2, of: 5, first: false, seed: 7 } })).toBe(
      "migrate verify: 3 distinct requests (a random, --seed 7 sample of 2 of 5 replayable): 2 equivalent, 0 unconfirmed, 0 differs, 1 skipped, 0 failed\n");
    // a seed that drew nothing (the sample is the whole) is not worth printing
    expect(summaryLine({ ...base, sample: { size: 2, of: 2, first: false, seed: 7 } })).toBe(
      "migrate verify: 3 distinct requests (--sample takes all 2 replayable): 2 equivalent, 0 unconfirmed, 0 differs, 1 skipped, 0 failed\n");
  });
});
