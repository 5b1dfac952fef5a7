// Known secret values (the configured key, a URL's password) replaced wherever they appear: below
// the client, the error printer and the commands, which all print text that may quote them.

/** Replace each secret (4 characters or more) wherever it appears (URLs, bodies, headers) before anything is printed. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("***");
  return out;
}
