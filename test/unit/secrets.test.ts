// The one secret rule list (src/contract/secrets.ts), as --verbose and migrate apply it.
import { describe, expect, it } from "vitest";
import {
  MAX_JSON_DEPTH, SECRET_HEADERS, SECRET_HEADER_ENDINGS, SECRET_QUERY_PARAMS, SECRET_PARAM_ENDINGS, isSecretHeader, isSecretParam,
  jsonDepth, redactBody, redactJson, redactOrigin, redactText,
} from "../../src/contract/secrets.js";
import { redactHeaders } from "../../src/client/request.js";
import { redactAccessPrefix } from "../../src/migrate/redact.js";

describe("secret names", () => {
  it("headers: the named ones and any name ending in a secret word, any case", () => {
    for (const h of [...SECRET_HEADERS, "X-Upstream-Token", "X-Client-Secret", "PROXY-AUTHORIZATION", "x_api_key"]) expect(isSecretHeader(h), h).toBe(true);
    for (const h of ["accept", "x-api-key-type", "content-type", "user-agent", "x-request-id", "oauth"]) expect(isSecretHeader(h), h).toBe(false);
  });
  it("parameters: the list, camelCase, dashes, array and encoded array forms, and secret endings", () => {
    for (const p of [...SECRET_QUERY_PARAMS, "apiKey", "API-KEY", "api_key[]", "api_key[0]", "api_key%5B%5D", "clientSecret", "X-Amz-Signature", "my_refresh_token"]) expect(isSecretParam(p), p).toBe(true);
    // the multi-word names written without a separator
    for (const p of SECRET_QUERY_PARAMS.filter((n) => n.includes("_")).map((n) => n.replace(/_/g, ""))) expect(isSecretParam(p), p).toBe(true);
    for (const p of ["page", "limit", "cursor", "sort", "names", "keyword", "sort_key", "tickers"]) expect(isSecretParam(p), p).toBe(false);
  });
});

describe("redactText", () => {
  it("query pairs of every pattern, matrix parameters and array forms", () => {
    expect(redactText("/v2/x?page=2&password=a&client_secret=b&sig=c&jwt=d&api_key[]=e&api_key%5B%5D=f&auth_token=g&accessToken=h"))
      .toBe("/v2/x?page=2&password=***&client_secret=***&sig=***&jwt=***&api_key[]=***&api_key%5B%5D=***&auth_token=***&accessToken=***");
    expect(redactText("/v2/projects;api_key=abc;v=1")).toBe("/v2/projects;api_key=***;v=1");
    expect(redactText("password=a&x=1")).toBe("password=***&x=1");
  });
  it("headers in text, any scheme; cookies over their semicolons", () => {
    expect(redactText("Authorization: Digest abc X-Auth-Token: t1 Proxy-Authorization: Basic dXNlcjpwYXNz"))
      .toBe("Authorization: *** X-Auth-Token: *** Proxy-Authorization: ***");
    expect(redactText("Cookie: a=1; b=2 next")).toBe("Cookie: *** next");
  });
  it("userinfo, bearer-looking values, JWTs and JSON pairs", () => {
    expect(redactText("see https://u:pw@host/x and ftp://key@h")).toBe("see https://***@host/x and ftp://***@h");
    expect(redactText("sent Bearer abcdef123 and bearer zyxwvu987")).toBe("sent Bearer *** and bearer ***");
    expect(redactText("t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln")).toBe("t=***");
    expect(redactText('{"password":"x","name":"n","apiKey":12}')).toBe('{"password":"***","name":"n","apiKey":"***"}');
    expect(redactText("Token expired; basic usage")).toBe("Token expired; basic usage");
  });
  it("origins lose their userinfo", () => {
    expect(redactOrigin("https://u:p@ss@h.example")).toBe("https://***@h.example");
    expect(redactOrigin("https://h.example")).toBe("https://h.example");
  });
  it("an access log line's ident and authuser", () => {
    expect(redactAccessPrefix('1.2.3.4 - alice [10/Oct/2026:13:55:36 +0000] "')).toBe('1.2.3.4 - *** [10/Oct/2026:13:55:36 +0000] "');
    expect(redactAccessPrefix('1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "')).toBe('1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "');
  });
});

describe("JSON", () => {
  it("values under secret keys, HAR {name, value} pairs, strings", () => {
    expect(redactJson({ headers: [{ name: "X-API-Key", value: "k" }, { name: "Accept", value: "a" }], queryString: [{ name: "token", value: "t" }], cookies: [{ name: "s", value: "c" }], body: { secret: { a: 1 }, u: "https://u:p@h/" } }))
      .toEqual({ headers: [{ name: "X-API-Key", value: "***" }, { name: "Accept", value: "a" }], queryString: [{ name: "token", value: "***" }], cookies: "***", body: { secret: "***", u: "https://***@h/" } });
  });
  it(`depth is measured linearly; nothing deeper than ${MAX_JSON_DEPTH} is walked or thrown on`, () => {
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(jsonDepth('{"a":"[[[[","b":[[1]]}')).toBe(3);
    expect(jsonDepth(deep(50_000))).toBe(MAX_JSON_DEPTH + 1);
    let v: unknown = "https://u:p@h";
    for (let i = 0; i < 50_000; i++) v = [v];
    expect(() => JSON.stringify(redactJson(v))).not.toThrow();
    const body = `{"password":"p1","x":${deep(50_000)}}`;
    expect(redactBody(body)).not.toContain("p1");
  });
});

describe("--verbose uses the same list", () => {
  it("user-supplied Proxy-Authorization and X-Auth-Token are redacted", () => {
    expect(redactHeaders({ "proxy-authorization": "Basic abc", "x-auth-token": "t", "x-api-key": "k", authorization: "Bearer k", cookie: "c", accept: "a", "x-trace": "Bearer abcdefgh" }))
      .toEqual({ "proxy-authorization": "***", "x-auth-token": "***", "x-api-key": "***", authorization: "***", cookie: "***", accept: "a", "x-trace": "Bearer ***" });
  });
});
// (the docs' list of these rules, both ways: secrets-every-rule.test.ts)
