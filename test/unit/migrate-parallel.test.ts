// The pure parts of migrate's worker threads: where a batch may be cut (parallel/pool.ts) and how
// the batches' tallies add up (summary.ts Tally.delta/merge) to what one tally counting every
// request in order would hold.
import { describe, expect, it } from "vitest";
import { cutPoint } from "../../src/migrate/parallel/pool.js";
import { batchMayEndAfter } from "../../src/migrate/reader.js";
import type { LineVariant } from "../../src/migrate/codecs/line-codec.js";
import { HeapTrim, YOUNG_MAX_BYTES, YoungCap } from "../../src/migrate/parallel/heap.js";
import { LISTED_MAX, Tally, summaryText } from "../../src/migrate/summary.js";
import type { Status } from "../../src/migrate/types.js";
import { ROUTES } from "../../src/contract/routes.js";

const ids = ROUTES.filter((r) => r.id.startsWith("v2.")).slice(0, 7).map((r) => r.id);

const bytes = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));
const cut = (s: string, curl = false, variant: LineVariant = {}) => cutPoint(bytes(s), Buffer.byteLength(s), batchMayEndAfter(curl ? "curl" : "access", variant));

describe("cutPoint", () => {
  it("cuts after the last newline; none: -1", () => {
    expect(cut("a\nbb\nccc")).toBe(5);
    expect(cut("a\nbb\n")).toBe(5);
    expect(cut("no newline")).toBe(-1);
  });

  it("curl: never after a line continued with a backslash (blanks and CR after it too)", () => {
    expect(cut("curl a\ncurl b \\\n  'u'\ncurl c \\\n", true)).toBe("curl a\ncurl b \\\n  'u'\n".length);
    expect(cut("curl a\ncurl b \\ \t\r\n", true)).toBe("curl a\n".length);
    expect(cut("curl b \\\n", true)).toBe(-1);
    expect(cut("curl b \\\n")).toBe("curl b \\\n".length);
    // a backslash inside the line is not a continuation
    expect(cut("curl 'a\\b'\n", true)).toBe("curl 'a\\b'\n".length);
  });

  it("curl: not after a line the reader would not read as text (binary, not ASCII, too long): it proves nothing", () => {
    expect(cut("curl a\ncurl b \\\n\u0001x\n", true)).toBe("curl a\n".length);
    expect(cut("curl a\ncurl b \\\nü\n", true)).toBe("curl a\n".length);
    expect(cut(`curl a\ncurl b \\\n${"x".repeat(300 * 1024)}\n`, true)).toBe("curl a\n".length);
    // not curl: any line end will do
    expect(cut("x \\\n\u0001x\n")).toBe("x \\\n\u0001x\n".length);
  });
});

describe("cutPoint: Docker JSON logs", () => {
  const entry = (log: string, stream = "stdout") => JSON.stringify({ log, stream, time: "2026-11-28T10:00:00Z" }) + "\n";
  const docker = (s: string) => cut(s, false, { docker: true });

  it("never after a line Docker cut (its log ends without a newline), whatever the keys' order", () => {
    const done = entry("GET /v2/projects HTTP/1.1\n");
    expect(docker(done + entry("GET /v2/pro") + entry("jects HTTP/1.1\n"))).toBe(Buffer.byteLength(done + entry("GET /v2/pro") + entry("jects HTTP/1.1\n")));
    expect(docker(done + entry("GET /v2/pro"))).toBe(Buffer.byteLength(done));
    const reordered = JSON.stringify({ stream: "stdout", log: "GET /v2/pro" }) + "\n";
    expect(docker(done + reordered)).toBe(Buffer.byteLength(done));
    expect(docker(entry("GET /v2/pro"))).toBe(-1);
    // not Docker's: any line end will do
    expect(cut(done + entry("GET /v2/pro"))).toBe(Buffer.byteLength(done + entry("GET /v2/pro")));
  });

  it("after a line the sink reads as none (not JSON, binary, blank): it closes what was open", () => {
    for (const other of ["not json\n", "\n", "{\"log\":\"a\u0001\"}\n"]) {
      const s = entry("GET /v2/pro") + other;
      expect(docker(s), JSON.stringify(other)).toBe(Buffer.byteLength(s));
    }
  });
});

describe("Tally.delta / merge", () => {
  type Ev = ["add", Status, string | undefined] | ["rule", string, string] | ["leave", string];
  // a stream of events as the stages would count them, split into batches at every possible place
  const events: Ev[] = [];
  for (let i = 0; i < 140; i++) {
    const status = (["rewritten", "partial", "removed", "unchanged"] as const)[i % 4];
    events.push(["add", status, ids[i % ids.length]]);
    if (i % 3 === 0) events.push(["rule", `rule-${i % 5}`, `message ${i % 5}`]);
    if (i % 11 === 5) events.push(["add", "invalid", undefined], ["rule", "invalid-input", "not a request"]);
    if (status === "removed") events.push(["leave", `line ${i}`]);
  }
  const apply = (t: Tally, e: Ev) => (e[0] === "add" ? t.add(e[1], e[2]) : e[0] === "rule" ? t.rule(e[1], e[2]) : t.leave(e[1]));
  const view = (t: Tally) => ({ total: t.total, byStatus: t.byStatus, byRoute: [...t.byRoute], byRule: [...t.byRule], leftOut: t.leftOut, leftOutCount: t.leftOutCount });

  it("batches merged in order hold what one tally holds, summary text included", () => {
    const one = new Tally();
    for (const e of events) apply(one, e);
    expect(one.leftOutCount).toBeGreaterThan(LISTED_MAX / 2);
    for (const size of [1, 7, 50, events.length]) {
      const merged = new Tally();
      for (let i = 0; i < events.length; i += size) {
        const part = new Tally();
        for (const e of events.slice(i, i + size)) apply(part, e);
        // through plain data, as between threads
        merged.merge(structuredClone(part.delta()));
      }
      expect(view(merged)).toEqual(view(one));
      expect([...merged.byRule.keys()][0]).toBe("invalid-input");
      expect(summaryText(merged, { listLeftOut: true })).toBe(summaryText(one, { listLeftOut: true }));
    }
  });

  it("the listing keeps the first LISTED_MAX lines in input order and counts the rest", () => {
    const merged = new Tally();
    for (let b = 0; b < 3; b++) {
      const part = new Tally();
      for (let i = 0; i < 40; i++) part.leave(`b${b} l${i}`);
      merged.merge(part.delta());
    }
    expect(merged.leftOutCount).toBe(120);
    expect(merged.leftOut).toHaveLength(LISTED_MAX);
    expect(merged.leftOut.slice(38, 42)).toEqual(["b0 l38", "b0 l39", "b1 l0", "b1 l1"]);
  });
});

describe("YoungCap (parallel/heap.ts)", () => {
  it("stops the young generation's growth once it has reached YOUNG_MAX_BYTES, looking at it every few MB of input", () => {
    let size = YOUNG_MAX_BYTES / 4;
    let looks = 0;
    let stops = 0;
    const cap = new YoungCap(() => (looks++, size), () => void stops++);
    const mb = 1024 * 1024;
    for (let i = 0; i < 3; i++) cap.add(mb);
    expect(looks).toBe(0);
    cap.add(mb);
    expect([looks, stops]).toEqual([1, 0]);
    size = YOUNG_MAX_BYTES;
    for (let i = 0; i < 4; i++) cap.add(mb);
    expect([looks, stops]).toEqual([2, 1]);
    // a new isolate (a worker thread's) sets V8's flag back: it is stopped again at the next look
    for (let i = 0; i < 4; i++) cap.add(mb);
    expect([looks, stops]).toEqual([3, 2]);
  });
});

describe("HeapTrim (parallel/heap.ts)", () => {
  it("collects once every `every` bytes of input, not before", () => {
    let runs = 0;
    const t = new HeapTrim(() => void runs++, 100);
    t.add(60);
    expect(runs).toBe(0);
    t.add(40);
    expect(runs).toBe(1);
    for (let i = 0; i < 9; i++) t.add(33);
    expect(runs).toBe(3);
  });

  it("by default runs V8's full collection: an object only a WeakRef holds is gone after it", async () => {
    const ref = new WeakRef({ garbage: "x".repeat(64) });
    // (a WeakRef's target stays alive to the end of the job that made it)
    await new Promise((r) => setImmediate(r));
    new HeapTrim(undefined, 1).add(1);
    expect(ref.deref()).toBeUndefined();
  });
});

describe("summaryText at a terminal's width", () => {
  it("the count line wraps at word boundaries, as the notes do: no status name split between lines", () => {
    const t = new Tally();
    t.add("rewritten", ids[0], 131250);
    t.add("partial", ids[1], 150000);
    t.add("removed", ids[2], 18750);
    const width = 60;
    const text = summaryText(t, { listLeftOut: false, width });
    const lines = text.trimEnd().split("\n");
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
    // every status is whole on some line, with its count
    const head = lines.slice(0, lines.indexOf(""));
    for (const s of ["rewritten", "partial", "removed", "unrecognized", "unchanged", "invalid", "skipped"]) {
      expect(head.some((l) => new RegExp(`\\b\\d+ ${s}\\b`).test(l))).toBe(true);
    }
    // no width: one line, as before (a file or pipe)
    expect(summaryText(t, { listLeftOut: false }).split("\n")[0]).toMatch(/^migrate: 300000 requests: .* 0 skipped$/);
  });
});
