import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY, backoffMs, retryDelay } from "../../src/client/retry.js";
import { ApiError, NetworkError, TimeoutError } from "../../src/errors.js";

const policy = { ...DEFAULT_RETRY, limit: 3 };
const api = (status: number, retryAfterMs?: number) => new ApiError("x", { status, retryAfterMs });

describe("retry policy", () => {
  it("retries 429, 502, 503, 504 and resets for idempotent requests", () => {
    for (const s of [429, 502, 503, 504]) expect(retryDelay(api(s), 0, true, policy, () => 0.5), String(s)).toBeTypeOf("number");
    expect(retryDelay(new NetworkError("reset"), 0, true, policy, () => 0.5)).toBeTypeOf("number");
  });

  it("never retries non-idempotent requests, client errors, 500 or timeouts", () => {
    expect(retryDelay(api(503), 0, false, policy)).toBeUndefined();
    for (const s of [400, 401, 403, 404, 500]) expect(retryDelay(api(s), 0, true, policy), String(s)).toBeUndefined();
    expect(retryDelay(new TimeoutError("t"), 0, true, policy)).toBeUndefined();
  });

  it("never retries a TLS failure or a name that does not resolve; other network failures (reset, refused, a resolver that could not answer, an unknown code) are retried", () => {
    const net = (reason?: string) => Object.assign(new NetworkError("n"), { reason });
    for (const code of ["ENOTFOUND", "DEPTH_ZERO_SELF_SIGNED_CERT", "CERT_HAS_EXPIRED", "ERR_TLS_CERT_ALTNAME_INVALID", "ERR_SSL_WRONG_VERSION_NUMBER", "UNABLE_TO_VERIFY_LEAF_SIGNATURE", "EPROTO"]) {
      expect(retryDelay(net(code), 0, true, policy), code).toBeUndefined();
    }
    for (const code of ["ECONNRESET", "UND_ERR_SOCKET", "ECONNREFUSED", "EAI_AGAIN", undefined]) expect(retryDelay(net(code), 0, true, policy), code).toBeTypeOf("number");
  });

  it("stops after the limit", () => {
    expect(retryDelay(api(503), 2, true, policy, () => 0)).toBe(0);
    expect(retryDelay(api(503), 3, true, policy, () => 0)).toBeUndefined();
    expect(retryDelay(api(503), 0, true, { ...policy, limit: 0 })).toBeUndefined();
  });

  it("honours Retry-After on 429 and 503, and gives up when it is too long", () => {
    expect(retryDelay(api(429, 1500), 0, true, policy, () => 0)).toBe(1500);
    expect(retryDelay(api(503, 2000), 0, true, policy, () => 0)).toBe(2000);
    expect(retryDelay(api(429, policy.maxRetryAfterMs + 1), 0, true, policy)).toBeUndefined();
  });

  it("Retry-After: 0 (and exactly the cap) is what the server asked, not a cue for the jittered backoff", () => {
    // the jitter at its highest: a backoff would be ~250 ms (attempt 0) or ~1 s (attempt 2)
    for (const attempt of [0, 2]) {
      expect(retryDelay(api(429, 0), attempt, true, policy, () => 0.999), `attempt ${attempt}`).toBe(0);
      expect(retryDelay(api(503, 0), attempt, true, policy, () => 0.999), `attempt ${attempt}`).toBe(0);
    }
    expect(retryDelay(api(429, policy.maxRetryAfterMs), 0, true, policy, () => 0.999)).toBe(policy.maxRetryAfterMs);
  });

  it("uses full jitter under an exponential, capped ceiling", () => {
    expect(backoffMs(0, policy, () => 0.999)).toBeLessThan(policy.baseMs);
    expect(backoffMs(2, policy, () => 0.999)).toBeLessThan(policy.baseMs * 4);
    expect(backoffMs(2, policy, () => 0.999)).toBeGreaterThan(policy.baseMs * 2);
    expect(backoffMs(30, policy, () => 0.999)).toBeLessThan(policy.capMs);
    expect(backoffMs(5, policy, () => 0)).toBe(0);
  });
});
