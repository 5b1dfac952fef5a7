// Arrays as long as a server makes them. `a.push(...b)` and `Math.max(...b)` pass every element
// as an argument, and V8 throws "Maximum call stack size exceeded" past about 120,000 of them:
// a page of 200,000 items (a few MB, well under the body cap) ended `-o table` with exit 1.

/** Append every item of `items` to `target` (in place), however many. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const x of items) target.push(x);
  return target;
}

/** Math.max(...values) for any number of values (-Infinity for none, NaN when one is NaN). */
export function maxOf(values: Iterable<number>): number {
  let m = -Infinity;
  for (const v of values) {
    if (Number.isNaN(v)) return NaN;
    if (v > m) m = v;
  }
  return m;
}

/** Math.min(...values) for any number of values (Infinity for none, NaN when one is NaN). */
export function minOf(values: Iterable<number>): number {
  let m = Infinity;
  for (const v of values) {
    if (Number.isNaN(v)) return NaN;
    if (v < m) m = v;
  }
  return m;
}
