// The stages of `mids migrate` one by one: the reader (gzip, detection on the first complete
// line, input order and positions), the rewrite stage's cache, progress on a terminal only.
import { describe, expect, it, vi } from "vitest";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readRequests } from "../../src/migrate/reader.js";
import { RewriteStage } from "../../src/migrate/rewrite-stage.js";
import { Tally } from "../../src/migrate/summary.js";
import { migrate } from "../../src/migrate/pipeline.js";
import { makeProgress } from "../../src/migrate/progress.js";
import type { Pausable } from "../../src/output/screen.js";
import { testIO, type IO } from "../../src/io.js";
import { accessLines } from "../../src/migrate/codecs/access/read.js";
import type { Cached, Item, RequestItem } from "../../src/migrate/types.js";

const NOW = new Date("2026-11-22T00:00:00Z");
const clf = (target: string, i = 1) => `10.0.0.${i} - - [01/Oct/2026:09:00:01 +0000] "GET ${target} HTTP/1.1" 200 1 "-" "ua"`;
const stdinOf = (...chunks: Buffer[]) => Readable.from(chunks) as unknown as NodeJS.ReadableStream;
const dir = mkdtempSync(join(tmpdir(), "mids-stages-"));

async function collect(io: IO, files: string[]) {
  const out: string[] = [];
  for await (const it of readRequests(io, files)) {
    out.push(`${it.input.file}:${it.input.format}:${it.position}:${it.kind === "request" ? it.req.path : it.reason}`);
  }
  return out;
}

describe("reader stage", () => {
  it("yields every input's requests in order with positions, gzip undone, formats detected per input", async () => {
    const log = [clf("/v2/topics"), "junk", clf("/v2/clusters")].join("\n") + "\n";
    const nd = '{"method":"GET","url":"/v2/intel"}\n';
    const a = join(dir, "a.log.gz");
    const b = join(dir, "b.ndjson");
    writeFileSync(a, gzipSync(log));
    writeFileSync(b, nd);
    const io = testIO({ stdin: stdinOf(gzipSync(Buffer.from(nd))) });
    expect(await collect(io, [a, "-", b])).toEqual([
      `${a}:access:1:/v2/topics`, `${a}:access:2:not an access log line or request line`, `${a}:access:3:/v2/clusters`,
      "-:ndjson:1:/v2/intel", `${b}:ndjson:1:/v2/intel`,
    ]);
  });

  it("detects JSON lines from the first complete line, however long (not HAR past 64 KB)", async () => {
    const long = JSON.stringify({ method: "GET", url: "/v2/topics", note: "x".repeat(200 * 1024) });
    const text = Buffer.from(`${long}\n{"method":"GET","url":"/v2/clusters"}\n`);
    // in small chunks, as a pipe delivers it
    const chunks = Array.from({ length: Math.ceil(text.length / 16384) }, (_, i) => text.subarray(i * 16384, (i + 1) * 16384));
    expect(await collect(testIO({ stdin: stdinOf(...chunks) }), ["-"])).toEqual(["-:ndjson:1:/v2/topics", "-:ndjson:2:/v2/clusters"]);
  });

  it("reports a truncated HAR as the entries it read and one error", async () => {
    const entry = (p: string) => JSON.stringify({ request: { method: "GET", url: `https://h${p}` } });
    const har = `{"log":{"version":"1.2","entries":[${entry("/v2/topics")},${entry("/v2/clusters")},${entry("/v2/intel")}]}}`;
    const cut = Buffer.from(har.slice(0, har.indexOf("/v2/intel")));
    expect(await collect(testIO({ stdin: stdinOf(cut) }), ["-"])).toEqual(["-:har:1:/v2/topics", "-:har:2:/v2/clusters", "-:har:3:truncated HAR: entry 3 is incomplete"]);
  });

  it("refuses other compressed formats with one line naming the way out", async () => {
    const xz = Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0, 0, 1, 2]);
    await expect(collect(testIO({ stdin: stdinOf(xz) }), ["-"])).rejects.toThrow(/xz-compressed input is not supported/);
  });

  it("keeps lines of a CRLF file with NUL bytes, a 10 MB line and mixed formats apart", async () => {
    const big = Buffer.alloc(10 << 20, 0x61);
    const input = Buffer.concat([Buffer.from(clf("/v2/topics") + "\r\n"), Buffer.from("bin\u0000ary\r\n"), big, Buffer.from("\n"),
      Buffer.from('{"method":"GET","url":"/v2/topics"}\r\n'), Buffer.from(clf("/v2/clusters") + "\r\n")]);
    const chunks = Array.from({ length: Math.ceil(input.length / 65536) }, (_, i) => input.subarray(i * 65536, (i + 1) * 65536));
    expect(await collect(testIO({ stdin: stdinOf(...chunks) }), ["-"])).toEqual([
      "-:access:1:/v2/topics", "-:access:2:binary data (control bytes)", "-:access:3:line longer than 256 KiB",
      "-:access:4:not an access log line or request line", "-:access:5:/v2/clusters",
    ]);
  });
});

describe("rewrite stage", () => {
  it("counts every request once, cached or not, and caches only what repeats", async () => {
    const tally = new Tally();
    const stage = new RewriteStage(tally, { now: NOW });
    const item = (path: string, i: number): RequestItem => ({ kind: "request", position: i, req: { method: "GET", origin: "", path, query: [] }, source: { format: "curl" } });
    const seen = new Set<unknown>();
    for (let i = 0; i < 30; i++) seen.add(stage.outcome(item(i % 3 ? `/v2/projects/p${i}` : "/v2/topics", i)));
    stage.settle();
    expect(tally.total).toBe(30);
    expect(tally.byStatus.rewritten).toBe(30);
    // /v2/topics: one fresh entry at first sight, then one cached entry for the other 9
    expect(seen.size).toBe(20 + 2);
  });

  it("keeps the requests of a codec with keys of its own (an access line's request field) in a cache of their own", () => {
    // the same text as two keys: a curl request's method and URL (one parameter, names="a&limit=5")
    // and an access line's request field as written (two parameters)
    const curl: RequestItem = { kind: "request", position: 1, req: { method: "GET", origin: "", path: "/v2/projects", query: [["names", "a&limit=5"]] }, source: { format: "curl" } };
    const line = '10.0.0.1 - - [01/Oct/2026:09:00:01 +0000] "GET /v2/projects?names=a&limit=5" 200 1 "-" "ua"';
    const access = (stage: RewriteStage): Cached => {
      let c: Cached | undefined;
      void accessLines((it: Item) => { if (it.kind === "request") c = stage.outcome(it) as Cached; }, undefined)(line, 1);
      return c!;
    };
    const alone = new RewriteStage(new Tally(), { now: NOW });
    const expected = access(alone).target;
    const stage = new RewriteStage(new Tally(), { now: NOW });
    for (let i = 0; i < 3; i++) stage.outcome(curl);
    expect(stage.cache.find("GET /v2/projects?names=a&limit=5")).toBeDefined();
    const seen = [access(stage), access(stage), access(stage)];
    expect(expected).not.toBe((stage.outcome(curl) as Cached).target);
    for (const c of seen) expect(c.target).toBe(expected);
    // the access codec's cache holds its entry under the field as written
    expect(stage.cacheOf("access").find("GET /v2/projects?names=a&limit=5")?.target).toBe(expected);
  });
});

describe("progress", () => {
  const input = Buffer.from(Array.from({ length: 2000 }, (_, i) => clf(`/v2/projects/p${i}`, i % 250)).join("\n") + "\n");
  const run = async (opts: Partial<IO>, quiet = false) => {
    const parts = Array.from({ length: 8 }, (_, i) => input.subarray((i * input.length) >> 3, ((i + 1) * input.length) >> 3));
    const io = testIO({ stdin: stdinOf(...parts), ...opts });
    await migrate(io, { files: ["-"], failOn: [], quiet, version: "t", now: NOW, progressEveryMs: 0 });
    return io.err();
  };
  it("is drawn in place on a terminal: requests and MB/s, cleared before the summary", async () => {
    const err = await run({ stderrIsTTY: true });
    expect(err).toMatch(/\r\u001b\[Kmigrate: \d+ requests? {2}[\d.]+ MB\/s/);
    expect(err).toMatch(/\r\u001b\[Kmigrate: 2000 requests/);
    // one number format on stderr: the progress's counts are written as the summary's (2000, not 2,000)
    expect(err).not.toMatch(/\d,\d{3}/);
  });
  it("is one line on a narrow terminal: cut short of the edge, so each redraw replaces the last instead of wrapping onto new rows", async () => {
    const err = await run({ stderrIsTTY: true, stderrColumns: 24 });
    const drawn = [...err.matchAll(/\r\u001b\[K([^\r\n]*?)(?=\r|$)/g)].map((m) => m[1]).filter((l) => l.includes("request"));
    expect(drawn.length).toBeGreaterThan(0);
    for (const l of drawn) expect([...l].length).toBeLessThanOrEqual(23);
    expect(drawn[0]).toMatch(/^migrate: \d+ req/);
  });
  it("is not drawn when stderr is not a terminal, in CI, or with --quiet", async () => {
    expect(await run({ stderrIsTTY: false })).not.toContain("\r");
    expect(await run({ stderrIsTTY: true, env: { CI: "true" } })).not.toContain("\r");
    expect(await run({ stderrIsTTY: true }, true)).toBe("");
  });
  it("is not drawn when the requests are written to the terminal too (stdout a TTY): no line left in front of a request", async () => {
    const err = await run({ stderrIsTTY: true, stdoutIsTTY: true });
    expect(err).not.toMatch(/requests? {2}[\d.]+ MB\/s/);
    expect(err).not.toContain("\r");
    expect(err).toMatch(/^migrate: 2000 requests/);
  });
});

describe("the progress line (makeProgress)", () => {
  // what is on the terminal now: the text after the last \r\e[K
  const shown = (err: string) => err.slice(err.lastIndexOf("\r\u001b[K") + 4);
  it("says what is done, not what was read ahead; moves on a timer while requests are slow; a countdown pauses it", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "hrtime"] });
    try {
      const dir = mkdtempSync(join(tmpdir(), "mids-progress-"));
      const file = join(dir, "a.log");
      writeFileSync(file, Buffer.alloc(1000, 97));
      const io = testIO({ stderrIsTTY: true });
      let handled = 0;
      let line: Pausable | undefined;
      const p = makeProgress(io, { quiet: false, files: [file], handled: () => handled, everyMs: 250, screen: { spinner: (s) => ((line = s), () => void (line = undefined)) } });
      p.bytes(500); // the first half is being read: none of it is done
      vi.advanceTimersByTime(250);
      expect(shown(io.err())).toMatch(/^migrate: 0 requests {2}[\d.]+ MB\/s {2}0%$/);
      handled = 1; // a request handled, no byte read since (--resolve waiting on the API)
      vi.advanceTimersByTime(250);
      expect(shown(io.err())).toMatch(/^migrate: 1 request {2}[\d.]+ MB\/s {2}0%$/);
      p.bytes(500); // the first half is done
      handled = 1234;
      vi.advanceTimersByTime(250);
      // (a count as the summary after it says it: plain digits; before, `1,234` here and `1234` there)
      expect(shown(io.err())).toMatch(/^migrate: 1234 requests {2}[\d.]+ MB\/s {2}50%$/);
      // a countdown takes the line: erased, and not drawn over while it is paused
      line!.stop();
      const paused = io.err();
      expect(paused.endsWith("\r\u001b[K")).toBe(true);
      vi.advanceTimersByTime(2000);
      expect(io.err()).toBe(paused);
      line!.start();
      expect(shown(io.err())).toMatch(/^migrate: 1234 requests/);
      p.done();
      expect(io.err().endsWith("\r\u001b[K")).toBe(true);
      expect(line).toBeUndefined();
      const ended = io.err();
      vi.advanceTimersByTime(1000);
      expect(io.err()).toBe(ended);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the request cache's watch (Memo)", () => {
  it("stands aside for WATCH_IDLE requests after a window of new keys, then looks again; a repetitive log keeps it looking", async () => {
    const { Memo, WATCH_IDLE, WATCH_WINDOW } = await import("../../src/migrate/rewrite-stage.js");
    const memo = new Memo(() => undefined);
    for (let i = 0; i < WATCH_WINDOW; i++) {
      expect(memo.looking()).toBe(true);
      memo.get(`GET /v2/projects/${i}`);
    }
    let idle = 0;
    while (!memo.looking()) idle++;
    expect(idle).toBe(WATCH_IDLE);
    // keys seen before: it never stands aside
    const again = new Memo(() => undefined);
    for (let i = 0; i < 4 * WATCH_WINDOW; i++) {
      expect(again.looking()).toBe(true);
      again.get(`GET /v2/projects/${i % 100}`);
    }
  });
});
