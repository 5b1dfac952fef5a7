// The bounded memo every run's hot paths share (src/util/memo.ts): what it keeps and for how long.
import { describe, expect, it } from "vitest";
import { BoundedMemo, MEMO_MAX_ENTRIES, MEMO_MAX_KEY_LENGTH } from "../../src/util/memo.js";

/** A memo of `k => k.length` that counts its computations. */
function counted(asGiven?: boolean): { memo: BoundedMemo<number>; calls: () => number } {
  let n = 0;
  const memo = new BoundedMemo((k) => (n++, k.length), asGiven);
  return { memo, calls: () => n };
}

describe("BoundedMemo", () => {
  it("computes a short key once", () => {
    const { memo, calls } = counted();
    expect([memo.get("abc"), memo.get("abc"), memo.get("abc")]).toEqual([3, 3, 3]);
    expect(calls()).toBe(1);
  });

  it("computes a key over the length cap every time (a copy of a hostile log's long name is never kept)", () => {
    const { memo, calls } = counted();
    const long = "x".repeat(MEMO_MAX_KEY_LENGTH + 1);
    memo.get(long);
    memo.get(long);
    expect(calls()).toBe(2);
  });

  it("keeps long keys too when they are kept as given (the caller holds what they are made of)", () => {
    const { memo, calls } = counted(true);
    const long = "x".repeat(MEMO_MAX_KEY_LENGTH * 4);
    expect(memo.get(long)).toBe(long.length);
    expect(memo.get(long)).toBe(long.length);
    expect(calls()).toBe(1);
  });

  it("starts again after MEMO_MAX_ENTRIES keys", () => {
    for (const asGiven of [false, true]) {
      const { memo, calls } = counted(asGiven);
      for (let i = 0; i < MEMO_MAX_ENTRIES; i++) memo.get(`k${i}`);
      memo.get("k0");
      expect(calls()).toBe(MEMO_MAX_ENTRIES);
      memo.get("one more");
      memo.get("k1");
      expect(calls()).toBe(MEMO_MAX_ENTRIES + 2);
    }
  });
});
