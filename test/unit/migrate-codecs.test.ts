// The codec layout of src/migrate/codecs/ (one folder per input format): what writes output never
// reaches, through its imports, what reads input (a writer that needs a reader's detail is a
// fast path leaking out of its codec).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../../src/migrate");
// what reads input: the reader stage and every codec's reading side, fast paths included
const READING = /^(?:reader\.ts|lines\.ts|detect\.ts|codecs\/[a-z]+\/(?:read|flat|form|fast)\.ts)$/;

/** The files of src/migrate a module imports (type-only imports too), transitively. */
function reach(from: string, seen = new Set<string>()): Set<string> {
  const text = readFileSync(from, "utf8");
  for (const m of text.matchAll(/^import[^;]*?from "(\.[^"]+)\.js";/gms)) {
    const file = resolve(dirname(from), m[1] + ".ts");
    if (!file.startsWith(root) || seen.has(file)) continue;
    seen.add(file);
    reach(file, seen);
  }
  return seen;
}

describe("codecs", () => {
  it("writers import no reader: nothing that reads input is reached from writers.ts", () => {
    const reached = [...reach(join(root, "writers.ts"))].map((f) => relative(root, f));
    expect(reached).toContain("codecs/ndjson/write.ts");
    expect(reached.filter((f) => READING.test(f))).toEqual([]);
  });
});
