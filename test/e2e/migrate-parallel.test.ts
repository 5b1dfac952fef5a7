// `mids migrate --jobs N` through the built CLI: worker threads read large access, JSON-lines and
// curl files in batches, and what comes out (stdout, the stderr summary and listing, the exit
// code) is exactly what one thread gives: batch edges never split a line or a continued curl
// command, line numbers run on across batches, hostile lines stay invalid, secrets stay out.
import { describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, ROOT, baseEnv, runMids, tempDir } from "../helpers/cli.js";
// the benchmark's request mix: a new 24-hex id per request, varied routes and query strings
import { target } from "../../bench/gen-inputs.mjs";
import { availableParallelism } from "node:os";
import { PARALLEL_MIN_BYTES } from "../../src/migrate/parallel/defaults.js";

const FIX = join(ROOT, "test/fixtures/migrate");
const dir = tempDir("parallel-");
const N = 3000;
const fixtureLines = (name: string) => readFileSync(join(FIX, name), "utf8").split("\n").filter(Boolean);

/** Generated lines, with the fixture's lines and hostile lines spread through them. */
function mixed(gen: (i: number) => string, extra: string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < N; i++) {
    lines.push(gen(i));
    if (i % 97 === 13) lines.push(extra[(i / 97 | 0) % extra.length]);
  }
  return lines.join("\n") + "\n";
}

const hostile = [
  "",
  "binary \u0001\u0002 data",
  "x".repeat(300 * 1024),
  "203.0.113.9 - - [01/Oct/2026:09:00:01 +0000] \"GET /v2/projects/64b7f0c2a1b2c3d4e5f60718 HTTP/1.1\" 200 1 \"https://x.example/?password=hunter2PARALLEL\" \"ua\"\r",
  "203.0.113.9 - - [01/Oct/2026:09:00:01 +0000] \"GET /v2/projects/64b7f0c2a1b2c3d4e5f60718/momentum HTTP/1.1\" 200 1 \"-\" \"ünïcödé \u202e agent\"",
];

const inputs = {
  access: () => mixed((i) => { const [m, t] = target(i); return `10.1.${(i >> 8) & 255}.${i & 255} - - [22/Nov/2026:10:15:00 +0000] "${m} ${t} HTTP/1.1" 200 ${i % 900} "-" "bench/${i % 7}"`; }, [...hostile, ...fixtureLines("combined.log")]),
  ndjson: () => mixed((i) => { const [m, t] = target(i); return JSON.stringify({ ts: "2026-11-22T10:15:00Z", method: m, url: `https://api.example.com${t}`, headers: { "x-api-key": `sk_live_PAR${i}` } }); }, [...hostile, ...fixtureLines("requests.ndjson")]),
  // three commands in four are continued over three lines: batch edges must fall between commands
  // (no 300 KB line here: it would make batch edges rarer)
  curl: () => mixed((i) => { const [, t] = target(i); return i % 4 === 0 ? `curl -s -H 'x-api-key: sk_live_C${i}' 'https://api.example.com${t}'` : `curl -s \\\n  -H 'Authorization: Bearer tok_B${i}' \\\n  'https://api.example.com${t}'`; }, [...hostile.filter((l) => l.length < 1000), "curl -s \\\n\u0001binary continuation \\\n 'https://api.example.com/v2/topics'", "curl 'https://api.example.com/v2/projects' \\"]),
};

function write(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe("migrate --jobs: the same output as one thread", () => {
  for (const [format, make] of Object.entries(inputs)) {
    const file = write(`in.${format}`, make());
    const cases: string[][] = [[], ["-o", "ndjson"], ["-o", "json", "--fail-on", "removed"], ["--to", format === "curl" ? "har" : "curl"], ...(format === "access" ? [["--to", "har"]] : [])];
    it(`${format}: default output, -o ndjson, -o json, --to`, async () => {
      for (const extra of cases) {
        const one = await runMids(["migrate", file, "--jobs", "0", ...extra]);
        const two = await runMids(["migrate", file, "--jobs", "2", "--verbose", ...extra]);
        // the workers did read it (a missing worker script would silently fall back to one thread)
        expect(two.stderr).toContain(`migrate: ${file}: read by 2 worker threads\n`);
        expect(two.stdout).toBe(one.stdout);
        expect(two.stderr.replace(/^migrate: .*read by 2 worker threads\n/m, "")).toBe(one.stderr);
        expect(two.code).toBe(one.code);
      }
      const one = await runMids(["migrate", file, "--jobs", "0"]);
      expect(one.stdout.split("\n").length).toBeGreaterThan(N / 2);
      // hostile lines are reported where they are, secrets from the log never come out
      expect(one.stderr).toMatch(/invalid/);
      expect(one.stdout + one.stderr).not.toMatch(/sk_live_|hunter2PARALLEL|tok_B\d/);
    });
  }

  it("HAR: entries parsed by the workers, in order, odd entries and a truncated file as on one thread", async () => {
    const entry = (i: number) => { const [m, t] = target(i); return JSON.stringify({ startedDateTime: "2026-11-22T10:15:00.000Z", time: i, request: { method: m, url: `https://api.example.com${t}`, httpVersion: "HTTP/1.1", headers: [{ name: "x-api-key", value: `sk_live_H${i}` }], queryString: [] }, response: { status: 200, content: { text: "{\"a\":\"}{\"}" } } }); };
    const odd = ['{"request":{"method":"GET"}}', '{"no":"request"}', "[".repeat(300) + "]".repeat(300), '{"request":{"method":"GET","url":"not a url"}}'];
    const entries: string[] = [];
    for (let i = 0; i < N; i++) { entries.push(entry(i)); if (i % 211 === 7) entries.push(odd[(i / 211 | 0) % odd.length]); }
    const text = `{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[\n${entries.join(",\n")}\n]}}\n`;
    const whole = write("in.har", text);
    const cut = write("cut.har", text.slice(0, Math.floor(text.length * 0.7)));
    for (const [file, extra] of [[whole, []], [whole, ["-o", "ndjson"]], [whole, ["--to", "curl"]], [cut, []], [cut, ["-o", "json"]]] as const) {
      const one = await runMids(["migrate", file, "--jobs", "0", ...extra]);
      const two = await runMids(["migrate", file, "--jobs", "2", "--verbose", ...extra]);
      expect(two.stderr).toContain(`read by 2 worker threads\n`);
      expect(two.stdout).toBe(one.stdout);
      expect(two.stderr.replace(/^migrate: .*read by 2 worker threads\n/m, "")).toBe(one.stderr);
      expect(two.code).toBe(one.code);
      expect(one.stdout).not.toMatch(/sk_live_H/);
    }
    const r = await runMids(["migrate", cut, "--jobs", "2", "-o", "json"]);
    const report = JSON.parse(r.stdout);
    expect(report.requests.length).toBeGreaterThan(N / 2);
    expect(report.requests.at(-1).notes[0].message).toMatch(/^truncated HAR: entry \d+ is incomplete$/);
    expect(report.requests.map((x: { position: number }) => x.position)).toEqual(report.requests.map((_: unknown, i: number) => i + 1));
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
    for (const [k, h] of hostile.entries()) {
      const entries = [ok(100), h, ok(101), '{"c":"x"}', ok(102)];
      const file = write(`span${k}.har`, `{"log":{"version":"1.2","entries":[\n${entries.join(",\n")}\n]}}\n`);
      for (const extra of [[], ["-o", "ndjson"]]) {
        const one = await runMids(["migrate", file, "--jobs", "0", ...extra]);
        const two = await runMids(["migrate", file, "--jobs", "1", ...extra]);
        expect(two.stdout, `${k} ${extra}`).toBe(one.stdout);
        expect(two.stderr, `${k} ${extra}`).toBe(one.stderr);
        expect(two.code).toBe(one.code);
      }
    }
  });

  it("several inputs and a line too long to cut at: batches, then this thread, in order", async () => {
    const a = write("a.log", inputs.access());
    // a 3 MB line without a newline: the rest of the file is read on the main thread
    const b = write("b.log", inputs.access().replace("\n10.1.0.200 ", `\n${"y".repeat(3 << 20)}\n10.1.0.200 `));
    for (const extra of [[], ["-o", "json"]]) {
      const one = await runMids(["migrate", a, b, "--jobs", "0", ...extra]);
      const two = await runMids(["migrate", a, b, "--jobs", "3", ...extra]);
      expect(two.stdout).toBe(one.stdout);
      expect(two.stderr).toBe(one.stderr);
      if (extra.length) expect(one.stdout).toMatch(/"file":"[^"]*b\.log","status":"invalid".*"message":"line longer than 256 KiB"/);
    }
  });

  it("by default, worker threads read files of PARALLEL_MIN_BYTES or more (stored size), and smaller ones stay on one thread", async () => {
    const line = (i: number) => { const [m, t] = target(i); return `10.2.${(i >> 8) & 255}.${i & 255} - - [22/Nov/2026:10:15:00 +0000] "${m} ${t} HTTP/1.1" 200 1 "-" "ua"\n`; };
    // ASCII lines: a length in characters is one in bytes
    const lines: string[] = [];
    for (let i = 0, size = 0; size < PARALLEL_MIN_BYTES; i++) size += lines[lines.push(line(i)) - 1].length;
    const text = lines.join("");
    const big = write("big.log", text);
    const small = write("small.log", text.slice(0, text.lastIndexOf("\n", PARALLEL_MIN_BYTES / 2) + 1));
    const bigRun = await runMids(["migrate", big, "--verbose", "-q"]);
    const one = await runMids(["migrate", big, "--jobs", "0", "-q"]);
    // this machine's default is one worker per core but one: none on a single core
    if (availableParallelism() > 1) expect(bigRun.stderr).toMatch(/read by \d+ worker threads?\n/);
    expect(bigRun.stdout).toBe(one.stdout);
    const smallRun = await runMids(["migrate", small, "--verbose", "-q"]);
    expect(smallRun.code).toBe(0);
    expect(smallRun.stderr).not.toMatch(/worker thread/);
  });

  it("--jobs takes a whole number", async () => {
    const r = await runMids(["migrate", join(FIX, "combined.log"), "--jobs", "two"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("mids: --jobs must be a whole number from 0 to 64, not 'two'\nhint: --jobs 0 reads every input on one thread\n");
    expect(r.stdout).toBe("");
  });

  it("a reader that goes away (| head) ends the run quietly", () => {
    const file = join(dir, "in.access");
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
    written.forEach((l, i) => expect(l).toBe(lines[i].replace("/v2/", "/v3/")));
    const m = /migrate: (\d+) requests: (\d+) rewritten/.exec(stderr);
    expect(m, stderr).not.toBeNull();
    expect(Number(m![2])).toBe(written.length);
    expect(stderr).toMatch(/mids: interrupted after \d+ requests/);
  });
});
