// `mids migrate` at scale, through the built CLI: gzip files and gzip on stdin give the same
// output as the plain log, a multi-hundred-MB HAR streams in bounded memory, and SIGINT/SIGTERM
// mid-stdin stop the run with the complete lines written and the summary so far.
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, ROOT, baseEnv, runMain, runMids } from "../helpers/cli.js";

const FIX = join(ROOT, "test/fixtures/migrate");
const dir = mkdtempSync(join(tmpdir(), "mids-scale-"));
const clf = (i: number) => `10.0.${(i >> 8) & 255}.${i & 255} - - [01/Oct/2026:09:00:01 +0000] "GET /v2/projects/${i.toString(16).padStart(24, "0")} HTTP/1.1" 200 1 "-" "ua"`;

/** Run bin/mids with stdin as a buffer, through `sh -c` so the child reads a real pipe or file. */
function runWithStdinFile(args: string[], stdinPath: string): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: baseEnv(), stdio: [openSync(stdinPath, "r"), "pipe", "pipe"] });
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout!.on("data", (d: Buffer) => out.push(d));
    child.stderr!.setEncoding("utf8").on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr }));
  });
}

describe("gzip input", () => {
  it("a .gz file and gzip on stdin give exactly what the plain log gives", async () => {
    const plain = join(dir, "access.log");
    const text = readFileSync(join(FIX, "combined.log"), "utf8") + Array.from({ length: 1200 }, (_, i) => clf(i)).join("\n") + "\n";
    writeFileSync(plain, text);
    writeFileSync(plain + ".gz", gzipSync(text));
    // the plain log read by main() in this process; the .gz file and gzip on stdin by the built bin/mids
    const want = await runMain(["migrate", plain]);
    expect(want.code).toBe(0);
    expect(want.stdout.split("\n").length).toBeGreaterThan(1200);
    const fromFile = await runMids(["migrate", plain + ".gz"]);
    expect(fromFile.stdout).toBe(want.stdout);
    expect(fromFile.stderr).toBe(want.stderr);
    const fromStdin = await runWithStdinFile(["migrate", "-o", "ndjson"], plain + ".gz");
    const ndjson = await runMain(["migrate", plain, "-o", "ndjson"]);
    expect(fromStdin.stdout.toString("utf8")).toBe(ndjson.stdout);
  });

  it("bzip2, xz and zstd inputs are refused with one line and exit 2", async () => {
    const bz = join(dir, "access.log.bz2");
    writeFileSync(bz, Buffer.concat([Buffer.from("BZh91AY&SY"), Buffer.alloc(32)]));
    const r = await runMain(["migrate", bz]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: cannot read '.*access\.log\.bz2': bzip2-compressed input is not supported \(gzip is\)\nhint: decompress it first, e\.g\. bzcat/);
    expect(r.stdout).toBe("");
  });
});

describe("JSON lines in JSON.stringify's form (the flat fast path)", () => {
  it("are written exactly as the same objects written with blanks (the general path), secrets redacted alike", async () => {
    const objs: Record<string, unknown>[] = [];
    const ids = (i: number) => (i * 2654435761 >>> 0).toString(16).padStart(24, "0");
    for (let i = 0; i < 3000; i++) {
      const o: Record<string, unknown> = { ts: `2026-11-22T10:${String(i % 60).padStart(2, "0")}:00Z` };
      if (i % 5) o.method = i % 7 ? "GET" : "get";
      o[i % 11 ? "url" : "path"] = i % 3 ? `https://api.example.com/v2/projects/${ids(i)}?limit=${i % 120}` : `/v2/projects/${ids(i)}/rank?at=2026-10-01T00:00:00Z`;
      o.status = 200;
      o.ms = i % 4 ? i / 8 : i;
      if (i % 13 === 0) o.note = `token=tok${i}secret`;
      if (i % 17 === 0) o.agent = "curl/8.0 é\u2028";
      if (i % 19 === 0) o.nested = { a: i };
      objs.push(o);
    }
    const flat = join(dir, "flat.jsonl");
    const spaced = join(dir, "spaced.jsonl");
    writeFileSync(flat, objs.map((o) => JSON.stringify(o)).join("\n") + "\n");
    writeFileSync(spaced, objs.map((o) => `{${Object.entries(o).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(", ")}}`).join("\n") + "\n");
    const a = await runMids(["migrate", flat]);
    // (the general path in this process, the flat one through the built bin/mids)
    const b = await runMain(["migrate", spaced]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stderr.replace(flat, "F")).toBe(b.stderr.replace(spaced, "F"));
    const lines = a.stdout.trimEnd().split("\n");
    expect(lines.length).toBe(objs.length);
    for (const l of lines) expect(JSON.stringify(JSON.parse(l))).toBe(l);
    expect(a.stdout).not.toMatch(/tok\d+secret/);
    expect(a.stdout).toContain('"note":"token=***"');
    expect(a.stdout).toMatch(/^\{"ts":"[^"]+","method":"GET","url":"https:\/\/api\.example\.com\/v3\/projects\/[0-9a-f]{24}","status":200,"ms":[\d.]+\}$/m);
  });
});

describe("HAR streaming", () => {
  // ~200 MB of entries with 1 MB bodies, kept in /tmp between runs
  const big = join(tmpdir(), "mids-test-big-v1.har");
  const ENTRIES = 160;
  const makeBig = () => {
    if (existsSync(big) && statSync(big).size > 150 << 20) return;
    const tmp = `${big}.${process.pid}`;
    const fd = openSync(tmp, "w");
    const body = JSON.stringify(`${"x".repeat(63)}\n`.repeat(1 << 14));
    writeSync(fd, `{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[\n`);
    for (let i = 0; i < ENTRIES; i++) {
      const e = JSON.stringify({ startedDateTime: "2026-10-01T09:00:00.000Z", request: { method: "GET", url: `https://h/v2/projects/${i.toString(16).padStart(24, "0")}`, headers: [] }, response: { content: { text: "B" } } });
      writeSync(fd, (i ? ",\n" : "") + e.replace('"B"', body));
    }
    writeSync(fd, "\n]}}\n");
    closeSync(fd);
    renameSync(tmp, big);
  };

  it("reads a 200 MB HAR entry by entry in bounded memory, and a truncated one up to the cut", async () => {
    makeBig();
    const probe = join(ROOT, "bench/rss-probe.mjs");
    const probed = (file: string) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", probe, BIN, "migrate", "-o", "ndjson", file], { env: baseEnv(), stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
      child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    });
    const maxRssMb = (stderr: string) => Number(/__maxrss_kb=(\d+)/.exec(stderr)![1]) / 1024;
    // the same run on a HAR of one small entry: what mids takes before any entry is held
    const small = join(dir, "one.har");
    writeFileSync(small, JSON.stringify({ log: { version: "1.2", creator: { name: "t", version: "1" }, entries: [{ startedDateTime: "2026-10-01T09:00:00.000Z", request: { method: "GET", url: "https://h/v2/projects/p1", headers: [] }, response: {} }] } }));
    const [r, base] = await Promise.all([probed(big), probed(small)]);
    expect(r.code).toBe(0);
    expect(base.code, base.stderr).toBe(0);
    const recs = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(recs.at(-1).summary).toMatchObject({ total: ENTRIES, rewritten: ENTRIES });
    expect(recs.slice(0, -1).map((x: { position: number }) => x.position)).toEqual(Array.from({ length: ENTRIES }, (_, i) => i + 1));
    // the whole document would take its 200 MB of text over the base, and more once parsed: entry by
    // entry stays well under that (about 60 MB over the base idle; a loaded machine's lagging GC and
    // workers held 110 MB once, so the bound is what reading the document whole would cost at least)
    const fileMb = statSync(big).size / (1 << 20);
    expect(maxRssMb(r.stderr) - maxRssMb(base.stderr)).toBeLessThan(fileMb);

    // cut the file about a fifth in, inside an entry: the entries before it, then one error
    const cut = join(dir, "cut.har");
    const fd = openSync(big, "r");
    const buf = Buffer.alloc(1 << 20);
    const size = statSync(big).size;
    const out = openSync(cut, "w");
    for (let off = 0; off < size / 5; off += buf.length) writeSync(out, buf, 0, readSyncChunk(fd, buf, off));
    closeSync(out);
    closeSync(fd);
    const t = await runMids(["migrate", "-o", "json", cut]);
    expect(t.code).toBe(0);
    const rep = JSON.parse(t.stdout);
    const n = rep.requests.length;
    expect(n).toBeGreaterThan(20);
    expect(rep.requests.slice(0, -1).every((q: { status: string }) => q.status === "rewritten")).toBe(true);
    expect(rep.requests[n - 1]).toMatchObject({ position: n, status: "invalid", notes: [{ message: `truncated HAR: entry ${n} is incomplete` }] });
  }, 60_000);
});

function readSyncChunk(fd: number, buf: Buffer, off: number): number {
  return (process.getBuiltinModule("node:fs") as typeof import("node:fs")).readSync(fd, buf, 0, buf.length, off);
}

describe("interruption", () => {
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    it(`${signal} while stdin is still open: complete lines out, the summary so far, exit ${code}`, async () => {
      const child = spawn(process.execPath, [BIN, "migrate"], { env: baseEnv(), stdio: ["pipe", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
      const closed = new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
      // enough lines for the output to flush once: then they have been read, and stdin stays open
      const lines = Array.from({ length: 1500 }, (_, i) => clf(i)).join("\n") + "\n";
      child.stdin.write(lines);
      await new Promise<void>((resolve) => child.stdout.setEncoding("utf8").on("data", (d) => { stdout += d; resolve(); }));
      child.kill(signal);
      expect(await closed).toBe(code);
      child.stdin.destroy();
      expect(stdout.endsWith("\n")).toBe(true);
      const written = stdout.trimEnd().split("\n");
      for (const l of written) expect(l).toMatch(/^10\.0\.\d+\.\d+ - - \[.*"GET \/v3\/projects\/[0-9a-f]{24} HTTP\/1\.1" 200 1 "-" "ua"$/);
      const m = /migrate: (\d+) requests: (\d+) rewritten/.exec(stderr);
      expect(m, stderr).not.toBeNull();
      expect(Number(m![2])).toBe(written.length);
      expect(stderr).toMatch(/mids: interrupted after \d+ requests/);
    });
  }
});
