// The latest of a stream of values, passed on at most every `ms`: a value that comes too soon
// after the last one passed on waits (replaced by any newer one) and is passed on when its time
// comes, so the last value is always shown and none is shown twice. For a progress line updated
// far more often than a screen is worth redrawing.
import { monotonicMs } from "./time.js";

export interface Throttled<T> {
  push(value: T): void;
  /** drop a value that waits (nothing is passed on after this) */
  cancel(): void;
}

export function throttleLatest<T>(ms: number, pass: (value: T) => void, now: () => number = monotonicMs): Throttled<T> {
  let last = -Infinity;
  let pending: { value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    last = now();
    const { value } = pending!;
    pending = undefined;
    pass(value);
  };
  return {
    push(value) {
      pending = { value };
      const wait = last + ms - now();
      if (wait <= 0) flush();
      else if (!timer) (timer = setTimeout(flush, wait)).unref?.();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
