// Known secret values (the configured key, a URL's password) replaced wherever they appear: below
// the client, the error printer and the commands, which all print text that may quote them.

/** Replace each secret (4 characters or more) wherever it appears (URLs, bodies, headers) before anything is printed. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("***");
  return out;
}

/**
 * `redact` over every string of a JSON value, its keys included (an error's details, which may
 * quote a server that echoed the key; a body mids api prints): a copy. Parsed bodies are nested
 * no deeper than the client's cap (256); past `maxDepth` a value is `***`, never a stack overflow.
 */
export function redactDeep(v: unknown, secrets: readonly (string | undefined)[], maxDepth = 1000, depth = 0): unknown {
  if (typeof v === "string") return redact(v, secrets);
  if (!v || typeof v !== "object") return v;
  if (depth >= maxDepth) return "***";
  if (Array.isArray(v)) return v.map((x) => redactDeep(x, secrets, maxDepth, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) Object.defineProperty(out, redact(k, secrets), { value: redactDeep(x, secrets, maxDepth, depth + 1), enumerable: true, writable: true, configurable: true });
  return out;
}
