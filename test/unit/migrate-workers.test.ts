// `mids migrate`'s worker pool in-process (parallel/pool.ts), with batches of a few hundred bytes
// so that small inputs cross dozens of batch edges: one worker and two workers (and the main
// thread taking batches when they are full, so batches finish out of order) give exactly what one
// thread gives, for every input format and output. The workers run worker.ts bundled from source
// here (the CLI's dist/migrate-worker.js is what the e2e tests run).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../helpers/cli.js";
import { LEAKS, harInput, lineInputs } from "../helpers/migrate-inputs.js";
import { testIO } from "../../src/io.js";
import { migrate, type MigrateOptions } from "../../src/migrate/pipeline.js";
import type { Status } from "../../src/migrate/types.js";

const dir = tempDir("workers-");
let workerScript: URL;

beforeAll(async () => {
  const out = join(dir, "worker", "migrate-worker.mjs");
  mkdirSync(join(dir, "worker"));
  await build({
    entryPoints: [join(ROOT, "src/migrate/parallel/worker.ts")], outfile: out, bundle: true, format: "esm", platform: "node", target: "node20",
    banner: { js: "import { createRequire as __req } from 'node:module'; const require = __req(import.meta.url);" }, logLevel: "error",
  });
  workerScript = pathToFileURL(out);
});

const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
const NOW = new Date("2026-11-22T00:00:00Z");

interface Run { code: string; out: string; err: string; total: number; failed: number }
async function run(files: string[], extra: Partial<MigrateOptions>): Promise<Run> {
  // the workers' output comes as bytes, written with a callback (write-stage.ts part): kept as a
  // copy, since the buffer goes back to be filled again
  const chunks: Buffer[] = [];
  const stdout = {
    write: (c: string | Uint8Array, cb?: () => void) => (chunks.push(Buffer.from(c)), cb?.(), true),
    once: () => undefined,
  };
  const io = testIO({ stdout });
  let code = "ok";
  let total = -1;
  let failed = -1;
  try {
    const r = await migrate(io, { files, failOn: ["removed"] as Status[], quiet: false, version: "t", now: NOW, ...extra });
    total = r.tally.total;
    failed = r.failed;
  } catch (e) {
    code = (e as Error).message;
  }
  return { code, out: Buffer.concat(chunks).toString("utf8"), err: io.err(), total, failed };
}

/** One thread, one worker and two workers (tiny batches), at the same time; the threads' runs must equal the first. */
async function compare(files: string[], extra: Partial<MigrateOptions>, batchSize = 300): Promise<Run> {
  const [one, ...threads] = await Promise.all([
    run(files, { ...extra, jobs: 0 }),
    ...[1, 2].map((jobs) => run(files, { ...extra, jobs, verbose: true, workerScript, batchSize })),
  ]);
  for (const [k, r] of threads.entries()) {
    const jobs = k + 1;
    const label = `${files.map((f) => f.slice(dir.length + 1)).join(" ")} ${JSON.stringify(extra)} --jobs ${jobs}`;
    // the workers did read it (without a worker script the run would silently stay on one thread)
    for (const f of files) expect(r.err, label).toContain(`migrate: ${f}: read by ${jobs} worker thread${jobs === 1 ? "" : "s"}\n`);
    expect(r.out, label).toBe(one.out);
    expect(r.err.replace(/^migrate: .*read by \d worker threads?\n/gm, ""), label).toBe(one.err);
    expect([r.code, r.total, r.failed], label).toEqual([one.code, one.total, one.failed]);
  }
  return one;
}

// ndjson reports and curl output take the same paths as -o json and HAR, less the separators
const OUTPUTS: Partial<MigrateOptions>[] = [{}, { report: "json" }, { to: "har" }];

describe("the worker pool, batches of a few hundred bytes: what one thread gives", () => {
  // (several files in one run share one pool: a pool's threads cost ~80 ms of CPU each to start)
  it("access log, JSON lines and curl (batch edges between continued lines): every output", async () => {
    const inputs = lineInputs(240);
    const files = Object.entries(inputs).map(([format, text]) => file(`in.${format}`, text));
    for (const extra of OUTPUTS) {
      const one = await compare(files, extra);
      expect(one.out + one.err).not.toMatch(LEAKS);
      if (!extra.report) continue;
      // a report lists every request in order: positions run on across batch edges
      expect(one.total).toBeGreaterThan(3 * 240);
      expect(one.out).toMatch(/invalid/);
    }
    // the inputs hold the secrets (a test that cannot fail is a defect)
    for (const text of Object.values(inputs)) expect(text).toMatch(LEAKS);
  });

  it("a first input of another format: every thread writes the run's one output format", async () => {
    // the first input is one batch (a worker takes it); the main thread takes batches of the
    // second only, when the workers are full: it must not write them in the second's own format
    const first = file("first.log", lineInputs(1, { long: false }).access.split("\n")[0] + "\n");
    const second = file("second.ndjson", lineInputs(240, { long: false }).ndjson);
    for (const extra of [{}, { to: "har" as const }]) {
      const one = await compare([first, second], extra);
      if (!extra.to) expect(one.out.split("\n").at(-2)).toMatch(/^GET https:\/\/api\.example\.com\/v3\/\S+ HTTP\/1\.1$/);
    }
  });

  it("HAR: entries parsed by the workers, in order, odd entries and a truncated file", async () => {
    const text = harInput(200);
    const whole = file("in.har", text);
    const cut = file("cut.har", text.slice(0, Math.floor(text.length * 0.7)));
    for (const extra of [{}, { report: "ndjson" as const }, { to: "curl" as const }]) await compare([whole, cut], extra, 2000);
    const one = await compare([cut], { report: "json" }, 2000);
    const report = JSON.parse(one.out);
    expect(report.requests.length).toBeGreaterThan(100);
    expect(report.requests.at(-1).notes[0].message).toMatch(/^truncated HAR: entry \d+ is incomplete$/);
    expect(report.requests.map((x: { position: number }) => x.position)).toEqual(report.requests.map((_: unknown, i: number) => i + 1));
    expect(one.out + one.err).not.toMatch(LEAKS);
    expect(text).toMatch(LEAKS);
  });

  it("HAR: the reading thread hands an entry to a worker only when its span is what its scanner reads", async () => {
    const ok = (i: number) => `{"request":{"method":"GET","url":"https://api.example.com/v2/projects/p${i}"}}`;
    // backslashes before quotes, brackets in strings, balanced text that is not JSON, two entries
    // on a line, and an escaped quote that leaves a string open past the line's last brace
    const hostile = [
      String.raw`{"request":{"method":"GET","url":"https://api.example.com/v2/topics","c":"\"}}`,
      String.raw`{"request":{"method":"GET","url":"https://api.example.com/v2/topics","c":"\"}]{["}}`,
      '{"request": {"method": "GET" "url": "/v2/x"}}',
      `${ok(1)},${ok(2)}`,
      String.raw`{"request":{"method":"GET","url":"https://api.example.com/v2/intel"},"c":"",}`,
    ];
    // an entry a batch: every entry crosses to a thread of its own
    const files = hostile.map((h, k) => file(`span${k}.har`, `{"log":{"version":"1.2","entries":[\n${[ok(100), h, ok(101), '{"c":"x"}', ok(102)].join(",\n")}\n]}}\n`));
    for (const extra of [{}, { report: "ndjson" as const }]) await compare(files, extra, 1);
  });

  it("several inputs and a line too long to cut at: batches, then this thread, in order", async () => {
    const text = lineInputs(120, { long: false }).access;
    const a = file("a.log", text);
    // a 1 MB line without a newline: past twice the batch and twice the line limit, the rest of the file is read on the main thread
    const b = file("b.log", text.replace("\n10.1.0.50 ", `\n${"y".repeat(1 << 20)}\n10.1.0.50 `));
    await compare([a, b], {});
    const one = await compare([a, b], { report: "json" });
    expect(one.out).toMatch(/"file":"[^"]*b\.log","status":"invalid".*"message":"line longer than 256 KiB"/);
  });
});
