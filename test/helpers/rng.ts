// A small deterministic generator for randomised tests: rng(seed)(n) is an integer in [0, n).
export function rng(seed: number): (n: number) => number {
  let x = seed >>> 0;
  return (n: number) => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    x ^= x >>> 13;
    return (x >>> 0) % n;
  };
}
