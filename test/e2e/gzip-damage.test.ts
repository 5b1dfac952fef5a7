// Issue 22 item 10, from the built CLI: a damaged .gz gives every request that `gzip -dc` decodes
// before the damage (one thread and --jobs 2), and data after a complete gzip member that is not
// gzip is ignored with a warning, as gzip does, instead of failing the run. (The --jobs 2 runs use
// the built CLI, worker threads and all; the one-thread runs call main(argv) in this process.)
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { constants, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { budgetFor, mapLimit, runMain, runMids, tempDir } from "../helpers/cli.js";

// 110 KB of log (10 KB of gzip): seven batches of the least size (16 KB) for --jobs 2's workers
const LINES = 1000;
const log = Array.from({ length: LINES }, (_, i) => `10.0.0.${i % 250} - - [22/Nov/2026:10:00:00 +0000] "GET /v2/projects/${(i * 2654435761 >>> 0).toString(16).padStart(24, "0")}?limit=${i % 50} HTTP/1.1" 200 512`).join("\n") + "\n";
const gz = gzipSync(log);
const dir = tempDir("gz-");
const file = (name: string, data: Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, data);
  return p;
};
const lines = (s: string) => s.split("\n").filter((l) => l !== "").length;

describe("a damaged .gz", () => {
  it("trailing garbage after a complete member: every request, a warning, exit 0 (one thread and --jobs 2)", async () => {
    const p = file("trailing.log.gz", Buffer.concat([gz, Buffer.from("this is not gzip\n".repeat(4))]));
    const [one, two, q] = await Promise.all([runMain(["migrate", p, "--jobs", "0"]), runMids(["migrate", p, "--jobs", "2"]), runMain(["migrate", p, "-q"])]);
    for (const r of [one, two]) {
      expect(r.code, r.stderr).toBe(0);
      expect(lines(r.stdout)).toBe(LINES);
      expect(r.stderr).toContain(`mids: warning: '${p}': decompression OK, trailing garbage ignored (68 bytes after the last gzip member are not gzip)`);
      expect(r.stderr).toContain(`migrate: ${LINES} requests:`);
    }
    // --quiet: no warning
    expect(q.stderr).toBe("");
  });

  it("a truncated member: exactly the whole lines gzip -dc decodes, then the error (one thread and --jobs 2)", async () => {
    const part = gz.subarray(0, Math.floor(gz.length * 0.8));
    const want = lines(gunzipSync(part, { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8").replace(/[^\n]*$/, ""));
    expect(want).toBeGreaterThan(LINES / 2);
    const p = file("cut.log.gz", part);
    const runs = await Promise.all(["0", "2"].map((jobs) => (jobs === "0" ? runMain : runMids)(["migrate", p, "--jobs", jobs])));
    for (const [i, r] of runs.entries()) {
      const jobs = ["0", "2"][i];
      expect(r.code).toBe(2);
      expect(lines(r.stdout), `--jobs ${jobs}`).toBe(want);
      expect(r.stderr).toMatch(/^mids: cannot read '.*cut\.log\.gz': the gzip data is truncated or corrupt \(Z_BUF_ERROR\)\nhint: check the file with gzip -t; the requests before the damage were written\n$/m);
    }
  });
});

describe("a damaged .gz in every output mode: the output is closed and counted, then exit 2", () => {
  const part = gz.subarray(0, Math.floor(gz.length * 0.8));
  const want = lines(gunzipSync(part, { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8").replace(/[^\n]*$/, ""));
  // a flipped run of bytes inside the deflate data: corrupt, not cut short
  const bad = Buffer.from(gz);
  for (let i = 0; i < 8; i++) bad[Math.floor(gz.length * 0.5) + i] ^= 0xa5;
  const inputs = [{ name: "truncated", p: file("cut2.log.gz", part), code: "Z_BUF_ERROR" }, { name: "corrupt", p: file("bad.log.gz", bad), code: "Z_DATA_ERROR" }];
  const MODES: string[][] = [[], ["-o", "json"], ["-o", "ndjson"], ["--to", "har"], ["--to", "curl"], ["--to", "http"], ["--to", "ndjson"]];
  // the truncated file in every mode; the corrupt one in the two documents that must be closed.
  // One thread: the strategy matrix (migrate-strategies.test.ts) holds --jobs 2 to the same bytes.
  // (--to http and --to ndjson write as --to curl does: line by line, nothing to close)
  const modesOf = (name: string) => MODES.filter((m) => (name === "truncated" ? m[1] !== "http" && !(m[0] === "--to" && m[1] === "ndjson") : m[1] === "json" || m[1] === "har"));
  for (const input of inputs) {
    it(`${input.name}: ${input.name === "truncated" ? "each kind of output" : "-o json and --to har"}`, async () => {
      const cases = modesOf(input.name).map((mode) => ({ mode, jobs: "0" }));
      const runs = await mapLimit(cases, 4, async ({ mode, jobs }) => ({ mode, jobs, r: await runMain(["migrate", input.p, "--jobs", jobs, ...mode]) }));
      const totals = new Set<number>();
      for (const { mode, jobs, r } of runs) {
        const label = `${mode.join(" ") || "default"} --jobs ${jobs}`;
        expect(r.code, label).toBe(2);
        // the summary of what was read, then the error as the last lines
        const m = /^migrate: (\d+) requests?: (\d+) rewritten, (\d+) partial, \d+ removed, \d+ unrecognized, (\d+) unchanged/m.exec(r.stderr);
        expect(m, label).not.toBeNull();
        const [total, written] = [Number(m![1]), Number(m![2]) + Number(m![3]) + Number(m![4])];
        totals.add(total);
        // (-o json and ndjson add the error as JSON on stderr)
        expect(r.stderr, label).toMatch(new RegExp(`the gzip data is truncated or corrupt \\(${input.code}\\)\\nhint: check the file with gzip -t; the requests before the damage were written\\n(\\{"error":.*\\}\\n)?$`));
        expect(r.stderr.indexOf("migrate: "), label).toBeLessThan(r.stderr.indexOf("mids: cannot read"));
        if (mode[1] === "json") {
          const doc = JSON.parse(r.stdout) as { requests: unknown[]; summary: { total: number } };
          expect([doc.requests.length, doc.summary.total], label).toEqual([total, total]);
        } else if (mode[0] === "-o") {
          const rows = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { summary?: { total: number } });
          expect(rows.at(-1)!.summary?.total, label).toBe(total);
          expect(rows.length - 1, label).toBe(total);
        } else if (mode[1] === "har") {
          expect((JSON.parse(r.stdout) as { log: { entries: unknown[] } }).log.entries.length, label).toBe(written);
        } else if (mode[1] === "http") expect(r.stdout.split("\n").filter((l) => l.startsWith("GET ")).length, label).toBe(written);
        else expect(lines(r.stdout), label).toBe(written);
      }
      // the same requests read whatever the mode and the threads
      expect(totals.size).toBe(1);
      if (input.name === "truncated") expect([...totals][0]).toBe(want);
      else expect([...totals][0]).toBeGreaterThan(0);
    }, budgetFor(modesOf(input.name).length, 4));
  }
});
