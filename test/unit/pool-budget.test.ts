// What a worker pool of `mids migrate` holds (parallel/pool.ts): the batches held at once and the
// workers' young generations are budgets shared by the pool, so a larger machine's pool (more
// workers) does not raise a run's peak RSS with them; a pool of one keeps the sizes its speed was
// tuned with (the 2-core bench runs one worker).
import { describe, expect, it } from "vitest";
import { BATCH_MAX, HERE_MAX, IN_FLIGHT, batchMax, workerYoungMb } from "../../src/migrate/parallel/pool.js";
import { JOBS_MAX, JOBS_LIMIT } from "../../src/migrate/parallel/defaults.js";

const MB = 1024 * 1024;
const held = (size: number) => (size * IN_FLIGHT + HERE_MAX) * batchMax(size);

describe("the worker pool's memory budgets", () => {
  it("a pool of one: batches of BATCH_MAX and an 8 MB young generation", () => {
    expect(batchMax(1)).toBe(BATCH_MAX);
    expect(workerYoungMb(1)).toBe(8);
  });

  it("more workers hold no more batch bytes, nor more young generation, than one (past the per-worker floor)", () => {
    for (let size = 1; size <= JOBS_LIMIT; size++) {
      expect(held(size), `${size} workers`).toBeLessThanOrEqual(held(1));
      expect(batchMax(size)).toBeLessThanOrEqual(batchMax(Math.max(1, size - 1)));
      expect(workerYoungMb(size)).toBeGreaterThanOrEqual(2);
      if (size <= 4) expect(size * workerYoungMb(size), `${size} workers`).toBeLessThanOrEqual(8);
    }
    // the default pool on a large machine shares them too
    expect(held(JOBS_MAX)).toBeLessThanOrEqual(8 * MB);
    expect(batchMax(JOBS_MAX)).toBeLessThan(BATCH_MAX);
  });
});
