// Which proxy mids goes through (src/client/proxy.ts): HTTPS_PROXY / HTTP_PROXY by the base URL's
// scheme (lower case first), NO_PROXY's hosts reached directly, loopback never proxied; a proxy's
// credentials never in what is shown. And the retry policy's reading of a proxy's refusal.
import { describe, expect, it } from "vitest";
import { noProxyNames, proxyFor } from "../../src/client/proxy.js";
import { DEFAULT_RETRY, proxyRefusal, retryDelay } from "../../src/client/retry.js";
import { NetworkError, UsageError } from "../../src/errors.js";

describe("proxyFor", () => {
  it("takes the variable of the base URL's scheme, lower case before upper case", () => {
    expect(proxyFor("https://api.example.com", { HTTPS_PROXY: "http://p:3128" })?.from).toBe("HTTPS_PROXY");
    expect(proxyFor("https://api.example.com", { HTTPS_PROXY: "http://a:1", https_proxy: "http://b:2" })).toMatchObject({ uri: "http://b:2/", from: "https_proxy" });
    expect(proxyFor("https://api.example.com", { HTTP_PROXY: "http://p:3128" })).toBeUndefined();
    expect(proxyFor("http://api.example.com", { HTTP_PROXY: "http://p:3128" })?.from).toBe("HTTP_PROXY");
    expect(proxyFor("http://api.example.com", { HTTPS_PROXY: "http://p:3128" })).toBeUndefined();
    expect(proxyFor("https://api.example.com", { HTTPS_PROXY: "  " })).toBeUndefined();
    expect(proxyFor("https://api.example.com", {})).toBeUndefined();
  });

  it("reads a value with no scheme as an http proxy, and refuses one that is no http(s) URL without echoing it", () => {
    expect(proxyFor("https://api.example.com", { HTTPS_PROXY: "proxy.corp:3128" })?.uri).toBe("http://proxy.corp:3128/");
    for (const bad of ["socks5://user:hunter22@p:1080", "http://", "::::"]) {
      let err: unknown;
      try { proxyFor("https://api.example.com", { HTTPS_PROXY: bad }); } catch (e) { err = e; }
      expect(err, bad).toBeInstanceOf(UsageError);
      expect((err as Error).message).toMatch(/^HTTPS_PROXY is not an http\(s\) proxy URL/);
      expect((err as Error).message).not.toContain("hunter22");
    }
  });

  it("never proxies a loopback base URL (the sandbox), as Go does not", () => {
    for (const url of ["http://127.0.0.1:8080", "http://localhost:1", "http://[::1]:9", "https://app.localhost"]) {
      expect(proxyFor(url, { HTTP_PROXY: "http://p:1", HTTPS_PROXY: "http://p:1" }), url).toBeUndefined();
    }
  });

  it("shows the proxy without its credentials, and gives them to redact()", () => {
    const p = proxyFor("https://api.example.com", { HTTPS_PROXY: "http://bob:s3cret-pw@proxy.corp:3128" })!;
    expect(p.uri).toBe("http://bob:s3cret-pw@proxy.corp:3128/");
    expect(p.shown).not.toContain("s3cret-pw");
    expect(p.shown).toContain("proxy.corp:3128");
    expect(p.secrets).toContain("s3cret-pw");
  });

  it("leaves out the hosts NO_PROXY names", () => {
    const env = { HTTPS_PROXY: "http://p:3128", NO_PROXY: "internal.example, .corp.example,*.svc.local , other:8443" };
    expect(proxyFor("https://internal.example", env)).toBeUndefined();
    expect(proxyFor("https://api.internal.example", env)).toBeUndefined();
    expect(proxyFor("https://x.corp.example", env)).toBeUndefined();
    expect(proxyFor("https://a.svc.local", env)).toBeUndefined();
    expect(proxyFor("https://other:8443", env)).toBeUndefined();
    expect(proxyFor("https://other", env)).toBeDefined();
    expect(proxyFor("https://notinternal.example", env)).toBeDefined();
    expect(proxyFor("https://api.example.com", { ...env, no_proxy: "*" })).toBeUndefined();
  });

  it("noProxyNames: ports, IPv6 and case", () => {
    expect(noProxyNames("API.Example.com", "api.example.com", 443)).toBe(true);
    expect(noProxyNames("api.example.com:443", "api.example.com", 443)).toBe(true);
    expect(noProxyNames("api.example.com:8443", "api.example.com", 443)).toBe(false);
    expect(noProxyNames("[fd00::1]:443,10.0.0.1", "[fd00::1]", 443)).toBe(true);
    expect(noProxyNames("fd00::1", "[fd00::1]", 443)).toBe(true);
    expect(noProxyNames("10.0.0.1", "10.0.0.12", 80)).toBe(false);
    expect(noProxyNames("", "a", 80)).toBe(false);
  });
});

describe("retrying a proxy's refusal", () => {
  const refused = (status: number) => Object.assign(new NetworkError("x"), { reason: proxyRefusal(status) });
  it("a 407 or 403 is not retried; a 502 or 503 from the proxy is, as an answer's would be", () => {
    expect(retryDelay(refused(407), 0, true, DEFAULT_RETRY, () => 0.5)).toBeUndefined();
    expect(retryDelay(refused(403), 0, true, DEFAULT_RETRY, () => 0.5)).toBeUndefined();
    for (const s of DEFAULT_RETRY.statusCodes) expect(retryDelay(refused(s), 0, true, DEFAULT_RETRY, () => 0.5)).toBeGreaterThan(0);
  });
});
