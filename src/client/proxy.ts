// The HTTP proxy mids goes through, read from the environment as curl, Go and gh read it:
// HTTPS_PROXY for an https base URL, HTTP_PROXY for an http one (each lower case first), and
// NO_PROXY for the hosts reached directly. A loopback base URL (the sandbox, a local server) is
// never proxied, as Go never proxies one. mids talks to one origin, its base URL, so the choice is
// made once per client.
import { UsageError } from "../errors.js";
import { redactUrl } from "../redact/index.js";
import { isLoopbackHost } from "./request.js";
import { urlSecrets } from "../redact/url-secrets.js";

export interface Proxy {
  /** the proxy's URL, credentials and all (undici sends them as Proxy-Authorization) */
  uri: string;
  /** the URL as it may be shown: credentials redacted */
  shown: string;
  /** the variable it came from (`HTTPS_PROXY`) */
  from: string;
  /** its user name and password, for redact() wherever an error may echo them */
  secrets: string[];
}

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/** The value of a variable, lower-case name first (curl's order); an empty value is none. */
function envOf(env: Record<string, string | undefined>, name: string): { value: string; from: string } | undefined {
  for (const n of [name.toLowerCase(), name]) {
    const v = env[n]?.trim();
    if (v) return { value: v, from: n };
  }
  return undefined;
}

/**
 * Does NO_PROXY name the host? Entries are separated by commas or spaces: `*` (every host), a
 * host (and its subdomains), `.example.com` or `*.example.com` (the domain's hosts), each with
 * an optional `:port`; IPv6 addresses in brackets or bare.
 */
export function noProxyNames(noProxy: string, hostname: string, port: number): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  for (const raw of noProxy.split(/[,\s]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === "*") return true;
    const m = /^(\[[^\]]*\]|[^:]+|[0-9a-f:]+)(?::(\d+))?$/.exec(entry);
    const name = (m ? m[1] : entry).replace(/^\[|\]$/g, "").replace(/^\*?\./, "");
    if (m?.[2] !== undefined && Number(m[2]) !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/**
 * The proxy for requests to `baseUrl`, or undefined (no proxy variable for its scheme, NO_PROXY
 * names its host, or it is a loopback address). A proxy value that is no URL is a usage error.
 */
export function proxyFor(baseUrl: string, env: Record<string, string | undefined>): Proxy | undefined {
  let target: URL;
  try { target = new URL(baseUrl); } catch { return undefined; }
  if (target.protocol !== "https:" && target.protocol !== "http:") return undefined;
  if (isLoopbackHost(target.hostname)) return undefined;
  const set = envOf(env, target.protocol === "https:" ? "HTTPS_PROXY" : "HTTP_PROXY");
  if (!set) return undefined;
  const noProxy = envOf(env, "NO_PROXY")?.value ?? "";
  const port = Number(target.port) || DEFAULT_PORTS[target.protocol];
  if (noProxy && noProxyNames(noProxy, target.hostname, port)) return undefined;
  // `proxy.corp:3128` (no scheme) is an http proxy, as curl and Go read it
  const value = /^[a-z][a-z0-9+.-]*:\/\//i.test(set.value) ? set.value : `http://${set.value}`;
  let uri: URL;
  try { uri = new URL(value); } catch { uri = new URL("invalid:"); }
  if ((uri.protocol !== "http:" && uri.protocol !== "https:") || !uri.hostname) {
    const shown = /^[a-z][a-z0-9+.-]*:\/\//i.test(set.value) ? redactUrl(set.value) : "a value that is no URL";
    throw new UsageError(`${set.from} is not an http(s) proxy URL (${shown})`, {
      hint: `set ${set.from} to a URL such as http://proxy.example.com:3128, or unset it`,
    });
  }
  // (the credentials are percent-decoded for the Proxy-Authorization header: a bare % in a password
  // was "unexpected error: URI malformed", exit 1)
  if (!decodable(uri.username) || !decodable(uri.password)) {
    throw new UsageError(`${set.from} holds a user name or password that is not valid percent-encoding (${redactUrl(uri.href)})`, {
      hint: `write a % in them as %25 (and @ as %40, : as %3A), or unset ${set.from}`,
    });
  }
  return { uri: uri.href, shown: redactUrl(uri.href), from: set.from, secrets: urlSecrets(uri.href) };
}

const decodable = (s: string): boolean => {
  try {
    decodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

/** How errors and checks name a proxy: `the proxy http://***@proxy:3128/ (HTTPS_PROXY)`. */
export const proxyName = (p: Proxy): string => `the proxy ${p.shown} (${p.from})`;

/**
 * A proxy's answer to CONNECT other than 200, as a status (proxy-agent.ts throws it from the proxy's
 * own connect(), whose answer holds the status). undici's own error for it carries the status in
 * its message text only, "Proxy response (407) !== 200 when HTTP Tunneling" (undici 7.30), read
 * only when this is not what failed (a ProxyAgent made without proxy-agent.ts's client).
 */
export class TunnelRefused extends Error {
  readonly code = "MIDS_PROXY_TUNNEL_REFUSED";
  constructor(readonly statusCode: number) {
    super(`Proxy response (${statusCode}) !== 200 when HTTP Tunneling`);
  }
}

/** Set on an error of the connection to the proxy itself (proxy-agent.ts): TCP, its TLS, its CONNECT. */
export const PROXY_LEG = "midsProxyLeg";

/** Whether `err` (or what it wraps: undici's SecureProxyConnectionError) failed on the way to the proxy. */
export function onProxyLeg(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as Record<string, unknown>)[PROXY_LEG] === true) return true;
  }
  return false;
}

/** A proxy that closed the connection without answering CONNECT (proxy-agent.ts): a failure of its own, which undici does not retry without end. */
export class TunnelClosed extends Error {
  readonly code = "PROXY_TUNNEL_CLOSED";
  constructor() {
    super("the proxy closed the connection without answering CONNECT");
  }
}

const UNDICI_TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/;

/** The status a proxy refused the tunnel with, when that is what `err` (or its cause) is. */
export function tunnelStatus(err: unknown): number | undefined {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof TunnelRefused) return e.statusCode;
    const m = UNDICI_TUNNEL_REFUSED.exec(String((e as { message?: unknown }).message ?? ""));
    if (m) return Number(m[1]);
  }
  return undefined;
}

/**
 * The fix when a proxy answered 407 to the tunnel: credentials to add, or, when the URL carries
 * some, those to check (before, "put the user name and password in HTTPS_PROXY" to a user whose
 * URL held them, wrong).
 */
export const proxyAuthFix = (p: Proxy): string => p.secrets.length
  ? `the proxy refused the user name and password in ${p.from}: check them (a character such as @, : or / in them is written percent-encoded, %40 for @)`
  : `put the proxy's user name and password in ${p.from}, before its host: user:password@host:port`;

/** The fix when the way through a proxy failed otherwise (`host`: the API's, if known). */
export const proxyRouteFix = (p: Proxy, host = "the API's host"): string => `check ${p.from}, or name ${host} in NO_PROXY to reach it directly`;
/** The fix for an answer without TLS inside the tunnel: most often the proxy's own (a block page), which the port in the base URL (`place`) does not mend. */
export const tunnelNotTlsFix = (p: Proxy, place: string, host: string): string =>
  `the answer inside the tunnel was not TLS: the proxy (or a filter behind it) may have answered in the API's place, or check the port in ${place}; ${proxyRouteFix(p, host)}`;
