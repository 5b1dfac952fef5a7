// The credentials a base URL carries: what every command that prints pieces of the URL (an error,
// doctor's checks, scan's source lines, verify's requests) redacts besides the configured key.
import { isSecretParam } from "./index.js";

/**
 * The credentials a base URL carries, to pass to redact() wherever the URL may be echoed in pieces
 * (doctor's checks): its userinfo password (or a user name standing alone, as a key), and the
 * values of secret query parameters (`token=`, by the secret rules), as written and decoded.
 */
export function urlSecrets(url: string | undefined): string[] {
  if (!url) return [];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [];
  }
  const out = [u.password, ...(u.password ? [] : [u.username])];
  for (const [name, value] of u.searchParams) if (isSecretParam(name)) out.push(value, encodeURIComponent(value));
  const decoded = (s: string) => { try { return decodeURIComponent(s); } catch { return s; } };
  return [...new Set(out.flatMap((s) => [s, decoded(s)]))].filter((s) => s.length >= 4);
}
