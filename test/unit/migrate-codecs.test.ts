// The codec layout of src/migrate/codecs/ (one folder per input format): what writes output never
// reaches, through its imports, what reads input (a writer that needs a reader's detail is a
// fast path leaking out of its codec).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../../src/migrate");
// what reads input: the reader stage and every codec's reading side, fast paths included
const READING = /^(?:reader\.ts|lines\.ts|detect\.ts|codecs\/(?:lines|line-codec)\.ts|codecs\/[a-z]+\/(?:read|flat|form|fast|lines)\.ts)$/;

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

describe("line codecs are found by format (compose.ts names none)", () => {
  it("a run's fast readers: one per codec that has one, none with the general strategy", async () => {
    const { runParts } = await import("../../src/migrate/compose.js");
    const { FlatJsonReader } = await import("../../src/migrate/codecs/ndjson/flat.js");
    const { CurlForms } = await import("../../src/migrate/codecs/curl/form.js");
    const { readers } = runParts({});
    expect(Object.keys(readers).sort()).toEqual(["curl", "ndjson"]);
    expect(readers.ndjson).toBeInstanceOf(FlatJsonReader);
    expect(readers.curl).toBeInstanceOf(CurlForms);
    expect(runParts({ fastPath: false }).readers).toEqual({});
  });

  it("the whole-line fast path: the input codec's, when the run writes that format and nothing else", async () => {
    const { fastLineSink, runParts } = await import("../../src/migrate/compose.js");
    const { Output } = await import("../../src/migrate/output.js");
    const asked: string[] = [];
    const rewriting = { cacheOf: (f: string) => { asked.push(f); return { find: () => undefined }; } };
    const writing = (format: string) => ({ format, out: new Output(() => undefined), tally: { full: () => false, leave: () => undefined } });
    const { redaction } = runParts({});
    // (the stages' own classes are not needed to ask which sink a run gets)
    const sink = (input: string, output: string, opts = {}) =>
      fastLineSink(rewriting as never, writing(output) as never, redaction, { name: "x", format: input } as never, opts);
    expect(typeof sink("access", "access")).toBe("function");
    expect(asked).toEqual(["access"]);
    expect(sink("access", "ndjson")).toBeUndefined();
    expect(sink("ndjson", "ndjson")).toBeUndefined();
    expect(sink("curl", "curl")).toBeUndefined();
    expect(sink("har", "har")).toBeUndefined();
    expect(sink("access", "access", { fastPath: false })).toBeUndefined();
    expect(sink("access", "access", { report: "json" })).toBeUndefined();
    expect(sink("access", "access", { resolve: () => undefined })).toBeUndefined();
    expect(asked).toEqual(["access"]);
  });
});
