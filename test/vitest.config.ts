import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: resolve(import.meta.dirname, ".."),
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // test files share their worker process (a fresh process per file cost a third of the
    // suite's CPU): no test may depend on module state another file left behind
    isolate: false,
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    // one more worker than the 2 cores the suite is sized for: many tests wait on child processes,
    // servers and Retry-After, and the third fills those gaps (the figures: CONTRIBUTING.md)
    maxWorkers: 3,
  },
});
