// `mids migrate --jobs N` through the built CLI: its worker threads (dist/migrate-worker.js) read
// every input format, and what comes out (stdout, the stderr summary and listing, the exit code)
// is exactly what one thread gives; the default uses them on large files and more than one core.
// The batch edges, formats and outputs are covered in-process with tiny batches
// (test/unit/migrate-workers.test.ts): here one run of each kind, small inputs, in parallel.
import { describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, ROOT, baseEnv, runMids, tempDir } from "../helpers/cli.js";
import { LEAKS, harInput, lineInputs, target } from "../helpers/migrate-inputs.js";
import { JOBS_MAX, PARALLEL_MIN_BYTES } from "../../src/migrate/parallel/defaults.js";

const FIX = join(ROOT, "test/fixtures/migrate");
const dir = tempDir("parallel-");

function write(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

/** The same run on one thread and with `--jobs 2 --verbose`, at the same time. */
async function oneAndTwo(args: string[]) {
  const [one, two] = await Promise.all([runMids(["migrate", ...args, "--jobs", "0"]), runMids(["migrate", ...args, "--jobs", "2", "--verbose"])]);
  expect(two.stdout).toBe(one.stdout);
  expect(two.stderr.replace(/^migrate: .*read by 2 worker threads\n/gm, "")).toBe(one.stderr);
  expect(two.code).toBe(one.code);
  return { one, two };
}

describe("migrate --jobs: the same output as one thread", () => {
  it("access log, JSON lines, curl and HAR in one run: read by the worker threads, written as one thread writes them", async () => {
    // inputs of 50-200 KB: with batches of 16 KB (the least) each crosses several batch edges
    const files = [...Object.entries(lineInputs(500)).map(([format, text]) => write(`in.${format}`, text)), write("in.har", harInput(400))];
    for (const extra of [[], ["-o", "ndjson"]]) {
      const { one, two } = await oneAndTwo([...files, ...extra]);
      // the workers did read them (a missing worker script would silently fall back to one thread)
      for (const f of files) expect(two.stderr).toContain(`migrate: ${f}: read by 2 worker threads\n`);
      expect(one.stdout.split("\n").length).toBeGreaterThan(1500);
      // hostile lines are reported where they are, secrets from the logs never come out
      expect(one.stdout + one.stderr).toMatch(/invalid/);
      expect(one.stdout + one.stderr).not.toMatch(LEAKS);
    }
  });

  it("a truncated HAR: the entries before the cut, in order, then the reader's note", async () => {
    const text = harInput(400);
    const cut = write("cut.har", text.slice(0, Math.floor(text.length * 0.7)));
    const { two } = await oneAndTwo([cut, "-o", "json"]);
    const report = JSON.parse(two.stdout);
    expect(report.requests.length).toBeGreaterThan(200);
    expect(report.requests.at(-1).notes[0].message).toMatch(/^truncated HAR: entry \d+ is incomplete$/);
    expect(report.requests.map((x: { position: number }) => x.position)).toEqual(report.requests.map((_: unknown, i: number) => i + 1));
  });

  it("by default, worker threads read files of PARALLEL_MIN_BYTES or more (stored size) on more than one core; smaller ones and one core: one thread", async () => {
    const line = (i: number) => { const [m, t] = target(i); return `10.2.${(i >> 8) & 255}.${i & 255} - - [22/Nov/2026:10:15:00 +0000] "${m} ${t} HTTP/1.1" 200 1 "-" "ua"\n`; };
    const lines = Array.from({ length: 1000 }, (_, i) => line(i)).join("");
    // a file of PARALLEL_MIN_BYTES that is cheap to read: its lines, a line of 8 MB (invalid: too
    // long, read on the main thread) and its lines again; and one of just the lines, far smaller
    const big = write("big.log", lines + "x".repeat(PARALLEL_MIN_BYTES) + "\n" + lines);
    const small = write("small.log", lines);
    // the machine's cores, as the CLI sees them, set by a preload (never the test machine's own)
    const preload = write("cores.mjs", `import os from "node:os";\nimport { syncBuiltinESMExports } from "node:module";\nos.availableParallelism = () => Number(process.env.TEST_CORES);\nsyncBuiltinESMExports();\n`);
    const cores = (n: number) => baseEnv({ NODE_OPTIONS: `--import=${preload}`, TEST_CORES: String(n) });
    const [four, two, single, smallRun] = await Promise.all([
      runMids(["migrate", big, "--verbose", "-q"], { env: cores(4) }),
      runMids(["migrate", big, "--verbose", "-q"], { env: cores(2) }),
      runMids(["migrate", big, "--verbose", "-q"], { env: cores(1) }),
      runMids(["migrate", small, "--verbose", "-q"], { env: cores(4) }),
    ]);
    // one worker per core but one, at most JOBS_MAX (fewer than 4 cores but one: the cap is met); none on one core
    const cap: number = JOBS_MAX;
    expect(cap).toBeLessThan(3);
    expect(four.stderr).toBe(`migrate: ${big}: read by ${cap} worker thread${cap === 1 ? "" : "s"}\n`);
    expect(two.stderr).toBe(`migrate: ${big}: read by 1 worker thread\n`);
    expect(two.stdout).toBe(single.stdout);
    expect(single.stderr).toBe("");
    expect(four.stdout).toBe(single.stdout);
    expect(four.stdout.split("\n").length).toBeGreaterThan(2 * 1000 * 0.9);
    expect(smallRun).toMatchObject({ code: 0, stderr: "" });
  });

  it("--jobs takes a whole number", async () => {
    const r = await runMids(["migrate", join(FIX, "combined.log"), "--jobs", "two"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("mids: --jobs must be a whole number from 0 to 64 (got 'two')\nhint: --jobs 0 reads every input on one thread\n");
    expect(r.stdout).toBe("");
  });

  it("a reader that goes away (| head) ends the run quietly", () => {
    const file = write("head.log", lineInputs(2000, { long: false }).access);
    const r = spawnSync("bash", ["-c", `set -o pipefail; "${process.execPath}" "${BIN}" migrate "${file}" --jobs 2 | head -n 3`], { env: baseEnv(), encoding: "utf8", timeout: 30_000 });
    expect(r.stdout.split("\n").filter(Boolean)).toHaveLength(3);
    expect(r.stderr).not.toMatch(/mids:|Error/);
    expect(r.status).toBe(0);
  });

  it("SIGINT while stdout is full: the batches read are written whole, with the summary so far", async () => {
    const lines = Array.from({ length: 60_000 }, (_, i) => `10.0.${(i >> 8) & 255}.${i & 255} - - [01/Oct/2026:09:00:01 +0000] "GET /v2/projects/${i.toString(16).padStart(24, "0")} HTTP/1.1" 200 1 "-" "ua"`);
    const file = write("many.log", lines.join("\n") + "\n");
    const child = spawn(process.execPath, [BIN, "migrate", file, "--jobs", "2"], { env: baseEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    const closed = new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    // read one chunk, then stop reading: the run waits on a full pipe, with batches read and in flight
    child.stdout.setEncoding("utf8");
    await new Promise<void>((resolve) => child.stdout.once("data", (d) => { stdout += d; child.stdout.pause(); resolve(); }));
    await new Promise((r) => setTimeout(r, 300));
    child.kill("SIGINT");
    child.stdout.on("data", (d) => (stdout += d));
    child.stdout.resume();
    expect(await closed).toBe(130);
    expect(stdout.endsWith("\n")).toBe(true);
    const written = stdout.trimEnd().split("\n");
    expect(written.length).toBeLessThan(lines.length);
    // (one comparison: tens of thousands of expect calls cost seconds)
    expect(written).toEqual(lines.slice(0, written.length).map((l) => l.replace("/v2/", "/v3/")));
    const m = /migrate: (\d+) requests: (\d+) rewritten/.exec(stderr);
    expect(m, stderr).not.toBeNull();
    expect(Number(m![2])).toBe(written.length);
    expect(stderr).toMatch(/mids: interrupted after \d+ requests/);
  });
});
