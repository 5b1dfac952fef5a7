import { describe, expect, it } from "vitest";
import { buildRequest, buildRaw, isLoopbackHost, joinUrl, queryString, redactHeaders } from "../../src/client/request.js";
import { redact } from "../../src/util/known-secrets.js";
import { route } from "../../src/contract/routes.js";

const opts = { baseUrl: "https://api.example.com/base/", apiKey: "sk_live_secret", userAgent: "mids/test" };

describe("request building", () => {
  it("fills the path, joins arrays with commas and drops empty values", () => {
    const req = buildRequest(route("v3.projects.list"), { query: { tickers: ["BTC", "ETH"], limit: 5, cursor: undefined, names: "" } }, opts);
    expect(req.method).toBe("GET");
    expect(req.url).toBe("https://api.example.com/base/v3/projects?tickers=BTC%2CETH&limit=5");
    expect(req.headers["x-api-key"]).toBe("sk_live_secret");
    expect(req.body).toBeUndefined();
    // answers are read as sent, never decompressed: so the request says (a proxy may otherwise compress)
    expect(req.headers["accept-encoding"]).toBe("identity");
  });

  it("sends JSON bodies with a content type", () => {
    const req = buildRequest(route("v3.alerts.update"), { pathParams: { id: "alr 1" }, body: { status: "paused" } }, opts);
    expect(req.method).toBe("PATCH");
    expect(req.url).toBe("https://api.example.com/base/v3/alerts/alr%201");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req.body!)).toEqual({ status: "paused" });
  });

  it("omits the key header when no key is set", () => {
    const req = buildRaw("get", "/v3/topics", undefined, undefined, { ...opts, apiKey: undefined });
    expect(req.headers["x-api-key"]).toBeUndefined();
    expect(req.method).toBe("GET");
  });

  it("a caller's Authorization header is the credential sent: the configured key does not go beside it", () => {
    const req = buildRaw("get", "/v3/me", undefined, { Authorization: "Bearer tok_1" }, opts);
    expect(req.headers.authorization).toBe("Bearer tok_1");
    expect(req.headers["x-api-key"]).toBeUndefined();
    // both given: both are the caller's
    const both = buildRaw("get", "/v3/me", undefined, { authorization: "Bearer tok_1", "x-api-key": "k_2" }, opts);
    expect([both.headers.authorization, both.headers["x-api-key"]]).toEqual(["Bearer tok_1", "k_2"]);
    // v2 reads x-api-key alone (spec 5.1): there Authorization is no key, and the configured one goes
    const v2 = buildRaw("get", "/v2/projects?page=1", undefined, { Authorization: "Bearer tok_1" }, opts);
    expect([v2.headers.authorization, v2.headers["x-api-key"]]).toEqual(["Bearer tok_1", opts.apiKey]);
    expect(buildRaw("get", "/v3/me", undefined, { "x-trace": "t" }, opts).headers["x-api-key"]).toBe(opts.apiKey);
  });

  it("rejects base URLs that are not http(s)", () => {
    expect(() => joinUrl("ftp://x", "/v3")).toThrow(/only http and https/);
    expect(() => joinUrl("not a url", "/v3")).toThrow(/invalid base URL/);
  });

  it("names a port out of range, 0 included (it parses, and every request to it would be refused and retried)", () => {
    expect(() => joinUrl("http://127.0.0.1:0", "/v3")).toThrow(/^invalid base URL 'http:\/\/127\.0\.0\.1:0': port 0 is out of range \(1 to 65535\)$/);
    expect(() => joinUrl("https://api.example.com:65536/x", "/v3")).toThrow(/: port 65536 is out of range \(1 to 65535\)$/);
    expect(() => joinUrl("https://u:pw@[::1]:70000", "/v3")).toThrow(/^invalid base URL 'https:\/\/\*\*\*@\[::1\]:70000': port 70000 is out of range/);
    expect(joinUrl("http://127.0.0.1:65535", "/v3")).toBe("http://127.0.0.1:65535/v3");
    expect(joinUrl("https://api.example.com:1/", "/v3")).toBe("https://api.example.com:1/v3");
  });

  it("serializes nothing for an empty query", () => {
    expect(queryString({})).toBe("");
    expect(queryString(undefined)).toBe("");
  });

  it("knows loopback hosts", () => {
    for (const h of ["localhost", "127.0.0.1", "127.5.0.9", "[::1]", "api.localhost", "[::ffff:127.0.0.1]", new URL("http://[::ffff:127.0.0.1]/").hostname, new URL("http://[0:0:0:0:0:0:0:1]/").hostname]) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ["10.0.0.1", "example.com", "127.example.com", "[::ffff:10.0.0.1]", new URL("http://[::ffff:10.0.0.1]/").hostname, "[::ffff:7f00:1.example]"]) expect(isLoopbackHost(h), h).toBe(false);
  });

  it("redacts the key anywhere and secret headers always", () => {
    expect(redact("GET /v3/me?key=sk_live_secret&x=sk_live_secret", ["sk_live_secret"])).toBe("GET /v3/me?key=***&x=***");
    expect(redactHeaders({ "x-api-key": "k", authorization: "Bearer k", accept: "a" })).toEqual({ "x-api-key": "***", authorization: "***", accept: "a" });
  });
});
