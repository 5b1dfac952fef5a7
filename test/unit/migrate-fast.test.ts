// The access-log fast path (src/migrate/codecs/access/fast.ts) against the line path it shortcuts: the
// same stdout and stderr byte for byte, whatever the lines and the chunk boundaries.
import { describe, expect, it } from "vitest";
import { Redactor } from "../../src/redact/index.js";
import { Readable } from "node:stream";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { migrate } from "../../src/migrate/pipeline.js";
import { makeAccessFast } from "../../src/migrate/codecs/access/fast.js";
import { Output } from "../../src/migrate/output.js";
import { testIO } from "../../src/io.js";
import { accessLines } from "../../src/migrate/codecs/access/read.js";
import { RewriteStage } from "../../src/migrate/rewrite-stage.js";
import { Tally } from "../../src/migrate/summary.js";
import type { Cached } from "../../src/migrate/types.js";

const FIX = join(import.meta.dirname, "../fixtures/migrate");
const clf = (req: string, ua = "bot/1.0", referer = "-", host = "203.0.113.7") =>
  `${host} - - [01/Oct/2026:09:00:01 +0000] "${req}" 200 512 "${referer}" "${ua}"`;

// each line twice or more, so the second occurrence is a cache hit the fast path may take
const SECRET = "sk_live_FASTSECRET";
const VARIED = [
  clf("GET /v2/projects?page=1&limit=20 HTTP/1.1"),
  clf("GET /v2/projects/64b7f0c2a1b2c3d4e5f60718 HTTP/1.1"),
  clf("GET /v2/projects/64b7f0c2a1b2c3d4e5f60718 HTTP/1.1") + "\r",
  clf("GET /v2/topics HTTP/2.0", "navigateur élégant 🚀"),
  clf("GET /v2/projects/caf%C3%A9 HTTP/1.1"),
  clf("GET /v2/projects/café HTTP/1.1"),
  clf("GET /v2/clusters HTTP/1.1", `x-api-key:${SECRET}`),
  clf("GET /v2/clusters HTTP/1.1", `Authorization: Bearer ${SECRET}`),
  clf("GET /v2/clusters HTTP/1.1", `X-Api-Key\t: ${SECRET}`),
  clf("GET /v2/clusters HTTP/1.1", `cookie\u00a0: ${SECRET}`),
  // header names ending in an upper-case letter: the fast path's check must ignore case too
  clf("GET /v2/clusters HTTP/1.1", `bot X-API-KEY: ${SECRET}`),
  clf("GET /v2/clusters HTTP/1.1", `AUTHORIZATION: Bearer ${SECRET}`),
  clf("GET /v2/clusters HTTP/1.1", `bot CooKiE : ${SECRET}`),
  clf("GET /v2/clusters HTTP/1.1", "Mozilla/5.0 AppleWebKit (KHTML, like Gecko)", "https://dash.example.com/a:b"),
  clf("GET /v2/clusters HTTP/1.1", "bot", `https://dash.example.com/?api_key=${SECRET}`),
  clf("GET /v2/clusters HTTP/1.1", "bot", "-", "::1"),
  // a secret before the request field (a hostile or misconfigured host field): the text before
  // the request is asked too
  clf("GET /v2/clusters HTTP/1.1", "bot", "-", `api_key=${SECRET}`),
  clf("GET /v2/clusters HTTP/1.1", "bot", "-", `Bearer ${SECRET}`),
  `203.0.113.7 - authorization:${SECRET} [01/Oct/2026:09:00:01 +0000] "GET /v2/clusters HTTP/1.1" 200 1 "-" "-"`,
  clf("GET /v2/clusters HTTP/1.1", 'UA \\"quoted\\"'),
  clf("GET /v2/intel/abc?activity=none"),
  clf("GET https://api.example.com/v2/intel/abc HTTP/1.1"),
  clf("GET  /v2/intel/abc HTTP/1.1"),
  clf("get /v2/intel/abc HTTP/1.1"),
  clf("GET /v3/topics HTTP/1.1"),
  `203.0.113.7 - - 01/Oct/2026:09:00:01 +0000] "GET /v2/clusters HTTP/1.1" 200 1 "-" "-"`,
  "GET /v2/topics HTTP/1.1",
  "",
  "# a comment",
  "not a log line",
];
const TORTURE = [
  ...VARIED, ...VARIED, ...VARIED,
  // more requests without a successor than the stderr listing shows
  ...Array.from({ length: 70 }, (_, i) => clf(i % 2 ? "GET /v2/projects/64b7f0c2a1b2c3d4e5f60718/candles HTTP/1.1" : "GET /v1/projects HTTP/1.1")),
  ...VARIED,
].join("\n") + "\n";

async function run(input: Buffer, chunk: number, fastPath: boolean): Promise<{ out: string; err: string }> {
  const parts: Buffer[] = [];
  for (let i = 0; i < input.length; i += chunk) parts.push(input.subarray(i, i + chunk));
  const io = testIO({ stdin: Readable.from(parts) as unknown as NodeJS.ReadableStream });
  await migrate(io, { files: ["-"], failOn: [], quiet: false, version: "t", now: new Date("2026-11-22T00:00:00Z"), fastPath });
  return { out: io.out(), err: io.err() };
}

describe("access-log fast path", () => {
  it("writes what the line path writes, stdout and stderr, whatever the chunk boundaries", async () => {
    const input = Buffer.from(TORTURE);
    const slow = await run(input, 1 << 20, false);
    expect(slow.out.split("\n").length).toBeGreaterThan(50);
    for (const chunk of [1 << 20, 4096, 333, 7]) {
      const fast = await run(input, chunk, true);
      expect(fast.out, `chunk ${chunk}`).toBe(slow.out);
      expect(fast.err, `chunk ${chunk}`).toBe(slow.err);
    }
  });

  it("matches the line path on every access fixture", async () => {
    for (const name of ["combined.log", "bare.log"]) {
      const input = readFileSync(join(FIX, name));
      const doubled = Buffer.concat([input, input]);
      expect((await run(doubled, 64, true)).out, name).toBe((await run(doubled, 64, false)).out);
    }
  });

  it("writes every input in the first input's format, even access lines it has seen", async () => {
    const io = testIO();
    const files = ["requests.ndjson", "combined.log", "combined.log"].map((f) => join(FIX, f));
    await migrate(io, { files, failOn: [], quiet: true, version: "t", now: new Date("2026-11-22T00:00:00Z") });
    const lines = io.out().trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(10);
    for (const l of lines) expect(() => JSON.parse(l), l).not.toThrow();
  });

  it("keeps keys out of repeated lines, turns CRLF into LF and keeps non-ASCII text", async () => {
    const { out } = await run(Buffer.from(TORTURE), 1 << 20, true);
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain("\r");
    expect(out).toContain("navigateur élégant 🚀");
    expect(out).toContain("https://dash.example.com/a:b");
  });
});

describe("makeAccessFast", () => {
  const entry = (request: string | undefined, to: boolean): Cached => ({
    req: { method: "GET", origin: "", path: "/v2/x", query: [] },
    o: { status: to ? "rewritten" : "removed", from: { method: "GET", path: "/v2/x", query: {} }, to: to ? { method: "GET", path: "/v3/x", query: {} } : null, notes: [] },
    target: "/v3/x", json: undefined, n: 0, extra: request === undefined ? undefined : { request, ascii: true },
  });
  const setup = (full = false) => {
    let written = "";
    const out = new Output((c) => void (written += c.toString()));
    const cache = new Map([["GET /v2/x HTTP/1.1", entry("GET /v3/x HTTP/1.1", true)], ["GET /v2/gone HTTP/1.1", entry(undefined, false)]]);
    let left = 0;
    const fast = makeAccessFast({ cache, out, redactor: new Redactor(), listingFull: () => full, leaveOut: () => void left++ });
    const feed = (text: string) => {
      const taken: boolean[] = [];
      for (let pos = 0; pos < text.length;) {
        const nl = text.indexOf("\n", pos);
        const end = text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
        taken.push(fast(text, pos, end, nl + 1, true) === true);
        pos = nl + 1;
      }
      out.flush();
      return taken;
    };
    return { feed, written: () => written, left: () => left, cache };
  };

  it("splices the cached request into known lines and counts them", () => {
    const s = setup();
    const text = [clf("GET /v2/x HTTP/1.1"), clf("GET /v2/x HTTP/1.1", "ua2") + "\r", clf("GET /v2/y HTTP/1.1")].join("\n") + "\n";
    expect(s.feed(text)).toEqual([true, true, false]);
    expect(s.written()).toBe(clf("GET /v3/x HTTP/1.1") + "\n" + clf("GET /v3/x HTTP/1.1", "ua2") + "\n");
    expect(s.cache.get("GET /v2/x HTTP/1.1")!.n).toBe(2);
  });

  it("leaves lines that may need redaction, and left-out requests while the listing has room, to the line path", () => {
    const s = setup();
    const lines = [clf("GET /v2/x HTTP/1.1", "k", "https://r/?token=1"), clf("GET /v2/x HTTP/1.1", "Cookie: c"), clf("GET /v2/gone HTTP/1.1")];
    expect(s.feed(lines.join("\n") + "\n")).toEqual([false, false, false]);
    const full = setup(true);
    expect(full.feed(clf("GET /v2/gone HTTP/1.1") + "\n")).toEqual([true]);
    expect(full.left()).toBe(1);
    expect(full.written()).toBe("");
  });

  it("finds the lines whose request field the line path has cached, through the access codec's key and extra", async () => {
    // the wiring of compose.ts: the rewrite stage caches what the line path read (the codec says
    // under which key and what to keep), and the fast path looks its lines up there
    const line = clf("GET /v2/projects?page=2&names=a%20b HTTP/1.1", "ua é");
    const stage = new RewriteStage(new Tally(), { now: new Date("2026-11-22T00:00:00Z") });
    const read = accessLines((it) => { if (it.kind === "request") stage.outcome(it); }, undefined);
    void read(line, 1);
    void read(line, 2);
    let written = "";
    const out = new Output((c) => void (written += c.toString()));
    const cache = stage.cacheOf("access");
    const fast = makeAccessFast({ cache: { get: (k) => cache.find(k) }, out, redactor: new Redactor(), listingFull: () => false, leaveOut: () => undefined });
    expect(fast(line + "\n", 0, line.length, line.length + 1, false)).toBe(true);
    out.flush();
    expect(written).toBe((await run(Buffer.from(line + "\n"), 1 << 20, false)).out);
  });
});
