// Deterministic hashing and PRNG for the sandbox dataset: the same values on every run.

/** 32-bit hash of a list of integers (murmur3 finaliser per step). */
export function mix(...xs: number[]): number {
  let h = 0x9e3779b9;
  for (const x of xs) {
    h = Math.imul(h ^ (x | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    h = (h + 0x6b43a9b5) | 0;
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

/** Uniform in [0, 1) from integers. */
export function hash01(...xs: number[]): number {
  return mix(...xs) / 4294967296;
}

/** FNV-1a of a string. */
export function strHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function int(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

export function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)];
}

export function pickSome<T>(rng: Rng, xs: readonly T[], n: number): T[] {
  const pool = [...xs];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]);
  return out;
}

const HEX_DIGITS = "0123456789abcdef";

/**
 * `n` hex digits from `rng`, as one flat string: a string grown a digit at a time is a chain of
 * pieces that every Map lookup and comparison of an id must first join (the dataset's 3,000 ids cost
 * making the dataset about 8% more instructions that way).
 */
export function hex(rng: Rng, n: number): string {
  const codes = new Array<number>(n);
  for (let i = 0; i < n; i++) codes[i] = HEX_DIGITS.charCodeAt(Math.floor(rng() * 16));
  return String.fromCharCode.apply(null, codes);
}

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
export function base58(rng: Rng, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += B58[Math.floor(rng() * 58)];
  return s;
}

export const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;
