// Types of bench/scan-dense.mjs for the tests that read its tree.
export const DENSE_FILES: number;
export const DENSE_LINES: number;
export const DENSE_USAGES_PER_FILE: number;
/** Write the dense tree into dir (`files` files); returns its line and usage counts. */
export function generateDense(dir: string, files?: number, opts?: { literalShare?: number }): { lines: number; usages: number };
