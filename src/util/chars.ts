/**
 * A lookup table of the ASCII characters `is` accepts (1) or not (0), for hand-written scanners.
 * Made once at module load and only read: the module-state test (test/unit/module-state.test.ts)
 * allows a module-level typed array only as the result of this function.
 */
export function charTable(is: (c: number) => boolean): Uint8Array {
  return charKinds((c) => (is(c) ? 1 : 0));
}

/** A lookup table of a small number (0-255) per ASCII character (what kind of character it is to a scanner). */
export function charKinds(kindOf: (c: number) => number): Uint8Array {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) t[c] = kindOf(c);
  return t;
}

/** charTable of the characters in `chars`. */
export const charTableOf = (chars: string): Uint8Array => charTable((c) => chars.includes(String.fromCharCode(c)));

/** An ASCII letter's code. */
export const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
