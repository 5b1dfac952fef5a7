// Pure request building (after Octokit's endpoint.parse): route + params -> method, URL, headers, body.
import { buildPath, isV2Path, type Route } from "../contract/routes.js";
import { UsageError } from "../errors.js";
import { setOwn } from "../util/records.js";
import { CREDENTIAL_SCHEMES, isSecretHeader, redactHeaderValue, redactText } from "../contract/secrets.js";

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** mids api: the query written in the path typed (not -f's), which a mistyped route's hint keeps */
  typedQuery?: string;
}

export interface BuildOptions {
  baseUrl: string;
  apiKey?: string;
  userAgent: string;
}

/** Serialize a query: arrays become comma-separated (spec 4.1 rule 2), empty values are dropped. */
export function queryString(query: Query | undefined): string {
  if (!query) return "";
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === "") continue;
    sp.append(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : "";
}

export function joinUrl(baseUrl: string, path: string): string {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    // the parser's refusal says nothing; a port past 65535 is a mistake that can be named
    const port = /^[a-z][a-z\d+.-]*:\/\/(?:[^/?#@]*@)?(?:\[[^\]]*\]|[^/?#:]*):(\d+)(?:[/?#]|$)/i.exec(baseUrl)?.[1];
    const why = port !== undefined && Number(port) > 65535 ? `: port ${port} is out of range (1 to 65535)` : "";
    throw new UsageError(`invalid base URL '${redactText(baseUrl)}'${why}`, { hint: "pass a full URL such as https://api.example.com to --base-url or MIDS_BASE_URL" });
  }
  // port 0 parses, but no server listens there: every request would be refused, and retried
  if (base.port === "0") {
    throw new UsageError(`invalid base URL '${redactText(baseUrl)}': port 0 is out of range (1 to 65535)`, { hint: "pass a full URL such as https://api.example.com to --base-url or MIDS_BASE_URL" });
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    // 'user:password@host' without its scheme parses as scheme 'user:': what stands before '@' is
    // credentials all the same (a scheme's own userinfo is the URL parser's, redacted by redactText)
    const shown = base.username || base.password ? baseUrl : baseUrl.replace(/^([^/@]*?:)[^/]*@/, "$1***@");
    throw new UsageError(`invalid base URL '${redactText(shown)}': only http and https are supported`, {
      hint: "pass a full URL such as https://api.example.com to --base-url or MIDS_BASE_URL",
    });
  }
  const prefix = base.pathname.replace(/\/+$/, "");
  return `${base.origin}${prefix}${path.startsWith("/") ? path : `/${path}`}`;
}

export function buildRequest(
  r: Pick<Route, "method" | "path" | "id">,
  input: { pathParams?: Record<string, string>; query?: Query; body?: unknown; headers?: Record<string, string> },
  opts: BuildOptions,
): BuiltRequest {
  const path = buildPath(r as Route, input.pathParams ?? {});
  return buildRaw(r.method, path + queryString(input.query), input.body, input.headers, opts);
}

export function buildRaw(method: string, pathAndQuery: string, body: unknown, headers: Record<string, string> | undefined, opts: BuildOptions): BuiltRequest {
  // identity: mids reads answers as sent and never decompresses them (a gzip bomb costs only its
  // bytes), so it says so; a proxy that compresses unasked is still refused by name (exit 7)
  const h: Record<string, string> = { accept: "application/json", "accept-encoding": "identity", "user-agent": opts.userAgent };
  // a credential the caller gives (mids api -H 'Authorization: Bearer ...', v3's other carrier)
  // is the one sent: with the configured key beside it, the server chose between the two unsaid.
  // v2 reads x-api-key alone (spec 5.1): there Authorization carries no key, and the configured one goes
  const own = !isV2Path(pathAndQuery) && Object.keys(headers ?? {}).some((k) => k.toLowerCase() === "authorization");
  if (opts.apiKey && !own) h["x-api-key"] = opts.apiKey;
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === "string" ? body : JSON.stringify(body);
    h["content-type"] = "application/json";
  }
  for (const [k, v] of Object.entries(headers ?? {})) h[k.toLowerCase()] = v;
  return { method: method.toUpperCase(), url: joinUrl(opts.baseUrl, pathAndQuery), headers: h, body: payload };
}

/**
 * The parts of a base URL that no request carries: requests go to its origin and path (joinUrl),
 * so a user and password, a query (?token=...) or a fragment in it are silently left out.
 */
export function unsentParts(baseUrl: string): string[] {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    return [];
  }
  return [
    ...(u.username || u.password ? ["user and password"] : []),
    ...(u.search ? ["query"] : []),
    ...(u.hash ? ["fragment"] : []),
  ];
}

export { isV2Path } from "../contract/routes.js";

/** Loopback hosts may receive a key over plain http (the sandbox, local proxies). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  // an IPv4-mapped 127/8 address too, as written (::ffff:127.0.0.1) and as URL writes it (::ffff:7f00:1)
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^(?:::ffff:)?127\.\d+\.\d+\.\d+$/.test(h) || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(h);
}

/** Headers as --verbose may show them: credential headers by the one rule list (contract/secrets.ts). */
/**
 * The values of a request's secret headers (`-H 'Cookie: ...'`, `-H 'Authorization: Bearer ...'`,
 * `-H 'x-api-key: ...'`), to hide wherever a server quotes them back, in -i headers, --verbose
 * traces, bodies and errors alike: each whole value, and the credential after a scheme word
 * (`Bearer abc` -> `abc`), and each cookie's value of a Cookie list (`session=abc` -> `abc`).
 * Nothing else of it: before, every value lost its first word (`Bearer`, a first cookie), and the
 * trace, which knew only the configured key, showed the cookie whole. (`redact` skips values under
 * 4 characters: hiding every `ab` of an answer would garble it.)
 */
export function headerSecrets(headers: Iterable<readonly [string, string]>): string[] {
  const out: string[] = [];
  for (const [name, value] of headers) {
    if (!isSecretHeader(name)) continue;
    const v = value.trim();
    out.push(v);
    const scheme = /^(\S+)\s+(\S.*)$/s.exec(v);
    if (scheme && CREDENTIAL_SCHEMES.some((c) => c.toLowerCase() === scheme[1].toLowerCase())) out.push(scheme[2]);
    // each cookie's value of a Cookie list (`lang=en; session=...`): mids cannot tell a session's
    // from a preference's, and a server may echo one alone; before, only the whole list was hidden
    if (/^(?:.*-)?cookie$/i.test(name)) for (const c of cookieValues(v)) out.push(c);
  }
  return out;
}

/** The values of a Cookie header's `name=value` pairs, a quoted one without its quotes too. */
function cookieValues(header: string): string[] {
  const out: string[] = [];
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const value = pair.slice(eq + 1).trim();
    out.push(value);
    const quoted = /^"(.*)"$/s.exec(value);
    if (quoted) out.push(quoted[1]);
  }
  return out;
}

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) setOwn(out, k, redactHeaderValue(k, v));
  return out;
}
