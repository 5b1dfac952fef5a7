// Known secret values (the configured key, a URL's password) replaced wherever they appear: below
// the client, the error printer and the commands, which all print text that may quote them.

/** Replace each secret (4 characters or more) wherever it appears (URLs, bodies, headers) before anything is printed. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) for (const form of formsOf(s)) out = out.split(form).join("***");
  return out;
}

// what percent-encoding leaves as it is (encodeURIComponent's unreserved set)
const UNRESERVED = /^[\w.!~*'()-]*$/;

/**
 * The ways a secret is written: as it is, and, when it holds a character a URL escapes (a key of
 * base64 with `+`, `/`, `=`), percent-encoded with upper- and lower-case hex, as a server that
 * echoes a request's URL or header writes it.
 */
function formsOf(s: string): readonly string[] {
  if (UNRESERVED.test(s)) return [s];
  const upper = encodeURIComponent(s);
  return [s, upper, upper.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())];
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

/**
 * `redact` over every string of a parsed JSON value, its keys included, in place: the client's
 * parsed answers, where a server may echo the key into the data (a 64 MB list is not copied).
 * Returns the value (a string is returned redacted). Parsed bodies are nested no deeper than the
 * client's cap (256); past `maxDepth` a value is left as it is.
 */
export function redactInPlace(v: unknown, secrets: readonly (string | undefined)[], maxDepth = 1000, depth = 0): unknown {
  if (typeof v === "string") return holdsSecret(v, secrets) ? redact(v, secrets) : v;
  if (!v || typeof v !== "object" || depth >= maxDepth) return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = redactInPlace(v[i], secrets, maxDepth, depth + 1);
    return v;
  }
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const value = redactInPlace(o[k], secrets, maxDepth, depth + 1);
    const key = holdsSecret(k, secrets) ? redact(k, secrets) : k;
    if (key === k) o[k] = value;
    else {
      delete o[k];
      Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return o;
}

/** Whether `text` holds one of the secrets `redact` replaces (a test that allocates nothing). */
function holdsSecret(text: string, secrets: readonly (string | undefined)[]): boolean {
  for (const s of secrets) {
    if (!s || s.length < 4) continue;
    if (text.includes(s)) return true;
    // (an escaped copy holds '%': most strings have none, and pay no encoding)
    if (text.includes("%") && formsOf(s).some((f) => text.includes(f))) return true;
  }
  return false;
}
