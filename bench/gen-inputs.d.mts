// Types of bench/gen-inputs.mjs for the tests that use its request mix.
/** The i-th request target of the benchmark: [method, target], a new 24-hex id per i. */
export function target(i: number): [string, string];
/** The i-th target of the repetitive log (a few thousand distinct targets). */
export function repetitiveTarget(i: number): [string, string];
/** Write n requests in `format` to `path`. */
export function generate(path: string, format: "access" | "access-rich" | "ndjson" | "ndjson-rich" | "curl" | "curl-rich" | "har", n: number, opts?: { repetitive?: boolean }): Promise<void>;
