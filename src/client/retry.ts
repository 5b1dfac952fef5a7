// Retry policy as data (after ky): what is retried, how long to wait, and when to stop.
import { ApiError, NetworkError, TimeoutError } from "../errors.js";

export interface RetryPolicy {
  limit: number;
  statusCodes: readonly number[];
  /** statuses whose Retry-After (or v2 retryAfterMs) is honoured */
  afterStatusCodes: readonly number[];
  /** base and cap of the exponential backoff, milliseconds */
  baseMs: number;
  capMs: number;
  /** never wait longer than this for a Retry-After; give up instead */
  maxRetryAfterMs: number;
  /** TLS failures (matched against the error's code: a refused certificate, a failed handshake), which no retry mends */
  tlsFailure: RegExp;
}

export const DEFAULT_RETRY: RetryPolicy = {
  limit: 3,
  statusCodes: [429, 502, 503, 504],
  afterStatusCodes: [429, 503],
  baseMs: 250,
  capMs: 8000,
  maxRetryAfterMs: 120_000,
  tlsFailure: /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_|EPROTO|HOSTNAME/,
};

/** The reason of a NetworkError whose proxy answered CONNECT with another status than 200 (client.ts). */
export const proxyRefusal = (status: number | string): string => `PROXY_${status}`;
const PROXY_REFUSAL = /^PROXY_(\d{3})$/;

/** Full-jitter exponential backoff: random in [0, min(cap, base * 2^attempt)). */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/**
 * How long to wait before retry number `attempt` (0-based), or undefined for "do not retry".
 * Only idempotent requests are retried; connection resets count, timeouts do not (the
 * server may still be working on it, and the user chose the time budget), nor does a refused
 * TLS certificate (it is refused again), nor a proxy's refusal to tunnel (407: no credentials), nor
 * a host name that does not resolve (ENOTFOUND).
 */
export function retryDelay(err: unknown, attempt: number, idempotent: boolean, policy: RetryPolicy, random?: () => number): number | undefined {
  if (!idempotent || attempt >= policy.limit) return undefined;
  if (err instanceof TimeoutError) return undefined;
  if (err instanceof NetworkError) {
    if (err.reason !== undefined && policy.tlsFailure.test(err.reason)) return undefined;
    // an answer that is not HTTP (undici's parser, HPE_*: the base URL on an ssh or database
    // port) comes again from the same server: before, it was asked three times more
    if (err.reason !== undefined && /^HPE_/.test(err.reason)) return undefined;
    // a host name the resolver says does not exist (a typo in the base URL) does not come to exist
    // in the next seconds: before, "cannot resolve h; gave up after 3 retries" after a wait. A
    // resolver that could not answer now (EAI_AGAIN) is retried.
    if (err.reason === "ENOTFOUND") return undefined;
    // a proxy that refused the tunnel (PROXY_407): retried only for the statuses an answer would be
    const tunnel = err.reason !== undefined ? PROXY_REFUSAL.exec(err.reason) : null;
    if (tunnel && !policy.statusCodes.includes(Number(tunnel[1]))) return undefined;
    return backoffMs(attempt, policy, random);
  }
  // a daily limit spent with no word on when it resets: every retry meets the same spent day
  if (err instanceof ApiError && err.daySpentUntilUnknown) return undefined;
  if (err instanceof ApiError && err.status !== undefined && policy.statusCodes.includes(err.status)) {
    if (policy.afterStatusCodes.includes(err.status) && err.retryAfterMs !== undefined) {
      if (err.retryAfterMs > policy.maxRetryAfterMs) return undefined;
      return err.retryAfterMs;
    }
    return backoffMs(attempt, policy, random);
  }
  return undefined;
}

/**
 * The fix for a failed TLS handshake, by what failed: each cause has its own (a clock or a CA store
 * is no fix for a server that speaks plain http on the port, nor for a certificate of another host).
 * `base`: how the base URL's setting is named (`--base-url`, `MIDS_BASE_URL`). (Moved here from doctor,
 * whose fixes the client's errors now give too: before, every TLS failure's hint was the clock and
 * the CA store, and a server speaking plain http on the port printed OpenSSL's whole text.)
 */
export function tlsFix(code: string, reason: string, host: string, base = "the base URL"): string | undefined {
  if (code === "CERT_HAS_EXPIRED" || code === "CERT_NOT_YET_VALID") {
    return `the certificate is ${code === "CERT_HAS_EXPIRED" ? "expired" : "not valid yet"} by this machine's clock: check the system clock (e.g. timedatectl set-ntp true); if it is right, tell the server's operators`;
  }
  if (/SELF_SIGNED|UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY_LEAF/.test(code)) {
    return "the certificate's issuer is not trusted here (a private CA, or a TLS-inspecting proxy's): point NODE_EXTRA_CA_CERTS at that CA's PEM file";
  }
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID") return `the certificate is not for ${host}: use the host name it was issued for in ${base}`;
  if (answersWithoutTls(reason)) {
    return `${host} answers without TLS: check the port in ${base}, or whether it should be http://`;
  }
  // (no cause known: each caller says its own general fix)
  return undefined;
}

/** OpenSSL's reason for a handshake whose answer was no TLS (plain http, a proxy's block page). */
export const answersWithoutTls = (reason: string): boolean => /wrong version number|packet length too long|http request/i.test(reason);

/** OpenSSL's text without its codes, file and line numbers ("wrong version number"), else the message as it came. */
export function tlsReason(message: string): string {
  // (Node's "IP: 127.0.0.1 is not in the cert's list: " ends in the empty list's colon)
  return (/routines:[^:]*:([^:]+)/.exec(message)?.[1] ?? message).trim().replace(/[:\s]+$/, "");
}
