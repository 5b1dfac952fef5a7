// A progress line's text is redrawn at most every interval, the last text always (src/util/throttle.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttleLatest } from "../../src/util/throttle.js";

describe("throttleLatest", () => {
  let clock = 0;
  const now = () => clock;
  /** the clock and the timers moved on together */
  const advance = (ms: number) => { clock += ms; vi.advanceTimersByTime(ms); };
  beforeEach(() => { vi.useFakeTimers(); clock = 1_000; });
  afterEach(() => { vi.useRealTimers(); });

  it("passes the first value at once, and a burst within the interval as its last value, once, when the interval ends", () => {
    const seen: string[] = [];
    const t = throttleLatest<string>(100, (v) => seen.push(v), now);
    t.push("a");
    expect(seen).toEqual(["a"]);
    advance(10); t.push("b");
    advance(10); t.push("c");
    advance(10); t.push("d");
    expect(seen).toEqual(["a"]);
    advance(69);
    expect(seen).toEqual(["a"]);
    advance(1);
    expect(seen).toEqual(["a", "d"]);
    advance(1_000);
    expect(seen).toEqual(["a", "d"]);
  });

  it("passes a value at once when the interval since the last has passed", () => {
    const seen: number[] = [];
    const t = throttleLatest<number>(100, (v) => seen.push(v), now);
    for (let i = 0; i < 5; i++) { t.push(i); advance(100); }
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it("cancel drops the value that waits; later values are passed on again", () => {
    const seen: string[] = [];
    const t = throttleLatest<string>(100, (v) => seen.push(v), now);
    t.push("a");
    t.push("b");
    t.cancel();
    advance(500);
    expect(seen).toEqual(["a"]);
    t.push("c");
    expect(seen).toEqual(["a", "c"]);
  });
});
