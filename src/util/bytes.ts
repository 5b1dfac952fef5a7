// Byte sizes as users write them (`64MB`, `512kb`) and as mids prints them: one reading for every
// cap (body size, jq memory, recorder bodies), below the client, the config and the sandbox.

// (binary units: `64MiB`, as docker and Kubernetes write them, is the same 64MB)
const UNITS: Record<string, number> = { "": 1, b: 1, kb: 1024, k: 1024, kib: 1024, mb: 1024 ** 2, m: 1024 ** 2, mib: 1024 ** 2, gb: 1024 ** 3, g: 1024 ** 3, gib: 1024 ** 3 };

/** `64MB`, `512kb`, `1g`, `64MiB`, `1048576` -> bytes (binary units); undefined when it does not parse. */
export function parseByteSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = UNITS[m[2].toLowerCase()];
  if (unit === undefined) return undefined;
  const n = Math.floor(Number(m[1]) * unit);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}

/** 67108864 -> "64 MB" (binary units, as parseByteSize reads them). */
export function formatBytes(n: number): string {
  for (const [u, size] of [["GB", 1024 ** 3], ["MB", 1024 ** 2], ["KB", 1024]] as const) {
    if (n >= size) return `${Number((n / size).toFixed(1))} ${u}`;
  }
  return `${n} bytes`;
}
