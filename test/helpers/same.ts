// Differential tests compare tens of thousands of random cases: each through vitest's expect costs
// seconds in all. These compare cheaply and hand a case to expect only when it differs, so a
// failure reads exactly as expect(...).toEqual/toBe would have it.
import { isDeepStrictEqual } from "node:util";
import { expect } from "vitest";

/** expect(got, label).toEqual(want), asked of vitest only when a strict deep comparison differs. */
export function sameEqual(got: unknown, want: unknown, label: string): void {
  if (!isDeepStrictEqual(got, want)) expect(got, label).toEqual(want);
}

/** expect(got, label).toBe(want), asked of vitest only when they differ. */
export function sameBe(got: unknown, want: unknown, label: string): void {
  if (!Object.is(got, want)) expect(got, label).toBe(want);
}
