// The memos of redaction, rewriting and writing keep names and values they see (header and query
// names, JSON keys, `at` dates). Those are cut from a block of input, and a string cut from
// another keeps all of it alive: a memo must keep a copy of its own, or a long run would pin
// block after block.
import { describe, expect, it } from "vitest";
import { HeapTrim } from "../../src/migrate/parallel/heap.js";
import { isSecretHeader, isSecretKey, isSecretParam } from "../../src/contract/secrets.js";
import { rewrite } from "../../src/migrate/rewrite.js";
import { makeWriter } from "../../src/migrate/writers.js";
import type { RequestItem } from "../../src/migrate/types.js";

const heap = () => { new HeapTrim(undefined, 1).add(1); new HeapTrim(undefined, 1).add(1); const m = process.memoryUsage(); return m.heapUsed + m.external; };
// 8 MB: what a memo keeps of its own is under 0.1 MB, and a memo that keeps a slice keeps all 8 (32 MB
// blocks cost four times the copying and collecting for the same answer)
const BLOCK = 8 * 1024 * 1024;

const memos: Record<string, (name: string, at: string) => unknown> = {
  isSecretHeader: (n) => isSecretHeader(n),
  isSecretParam: (n) => isSecretParam(n),
  isSecretKey: (n) => isSecretKey(n),
  "the writers' header names": (n) => makeWriter("curl", { version: "t" }).write(
    { kind: "request", position: 1, source: { format: "curl" }, req: { method: "GET", origin: "", path: "/v2/x", query: [], headers: [[n, "v"]] } } as RequestItem,
    { method: "GET", path: "/v3/x", query: {} }, "/v3/x"),
  "the series windows of `at`": (_n, at) => rewrite({ method: "GET", origin: "", path: "/v2/projects/abc/rank", query: [["at", at]] }, { now: new Date(0) }),
};

/** Names and dates cut from a block on the heap, given to a memo; the block gone when this returns. */
function feed(label: string, memo: (name: string, at: string) => unknown): void {
  const block = JSON.parse(JSON.stringify(Buffer.alloc(BLOCK, `x-${label.length}-name-2026-11-22T10:15:00Z-`).toString("latin1"))) as string;
  for (let i = 0; i < 50; i++) memo(block.slice(i * 1000, i * 1000 + 30), block.slice(i * 1000 + 40, i * 1000 + 60));
  // (a regular expression keeps the text of its last match: one of another text)
  /x/.test("x");
}

describe("memos", () => {
  for (const [label, memo] of Object.entries(memos)) {
    it(`${label}: keeps no block of input alive`, () => {
      const before = heap();
      feed(label, memo);
      const kept = heap() - before;
      expect(kept, `${(kept / 1048576).toFixed(1)} MB kept`).toBeLessThan(BLOCK / 4);
    });
  }
});
