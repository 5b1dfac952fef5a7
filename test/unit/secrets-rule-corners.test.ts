// The rule list's corners (issue 10), as tables: what the adversary's logs put where, and what
// must come out. Ordinary text must come out unchanged.
import { describe, expect, it } from "vitest";
import { isSecretParam, redactBody, redactJson, redactText, redactUrl } from "../../src/contract/secrets.js";
import { parseCurl } from "../../src/migrate/codecs/curl/read.js";
import { splitTarget } from "../../src/migrate/url.js";

const TEXT: [string, string][] = [
  ["https://x/cb#access_token=abc&token_type=bearer", "https://x/cb#access_token=***&token_type=bearer"],
  ["https://x/?%61pi_key=abc&page=2", "https://x/?%61pi_key=***&page=2"],
  ["https://x/?myApiKey=abc", "https://x/?myApiKey=***"],
  ["https://x/?user[password]=abc&user[name]=ann", "https://x/?user[password]=***&user[name]=ann"],
  ["https://x/login?next=%2Fv2%3Fapi_key%3Dabc%26page%3D2", "https://x/login?next=%2Fv2%3Fapi_key%3D***%26page%3D2"],
  ["https://x/cb%3Fapi_key%3Dabc", "https://x/cb%3Fapi_key%3D***"],
  ["https://x/r?u=https%3A%2F%2Fu%3Apw%40h%2F", "https://x/r?u=https%3A%2F%2F***%40h%2F"],
  ["//u:pw@x/", "//***@x/"],
  ["https://u%40corp.com:pw@[::1]:8080/v2", "https://***@[::1]:8080/v2"],
  ["/v2/projects&api_key=abc", "/v2/projects&api_key=***"],
  ["/v2/x;JSESSIONID=abc?x=1", "/v2/x;JSESSIONID=***?x=1"],
  ["Authorization=Bearer abcdefgh rest", "Authorization=*** rest"],
  ["q=Bearer%20abcdefgh", "q=Bearer%20***"],
  ["sid=abc; csrftoken=def; theme=dark", "sid=***; csrftoken=***; theme=dark"],
  ["api_key: abc", "api_key: ***"],
  ["x_api_key: abc", "x_api_key: ***"],
  ['X-Api-Key: \\"abc\\"', "X-Api-Key: ***"],
  // an escaped quote after a value (a quoted log field, a JSON string) closes it: its backslash stays
  ['"https://r/?api_key=sk_live_X\\"" "curl/8"', '"https://r/?api_key=***\\"" "curl/8"'],
  ['{"u": "https://r/?next=%2F%3Ftoken%3Dabc\\""}', '{"u": "https://r/?next=%2F%3Ftoken%3D***\\""}'],
  ["X-Api-Key: \\x22abc\\x22", "X-Api-Key: ***"],
  ['{\\"password\\":\\"abc\\",\\"n\\":1}', '{\\"password\\":\\"***\\",\\"n\\":1}'],
  ["{\\x22password\\x22:\\x22abc\\x22}", "{\\x22password\\x22:\\x22***\\x22}"],
  ["{'password': 'abc', 'n': 1}", "{'password': '***', 'n': 1}"],
  ['{"api_key" => "abc"}', '{"api_key" => "***"}'],
  ["t=eyJhbGciOiJIUzI1NiJ9.eyJzd", "t=***"],
  ["not a request target: ftp://admin:abcdefghijklmnopqrstu", "not a request target: ftp://***"],
  ["HAR request url is not a URL: ftp://h/v2/x?q=Bearer%20abc", "HAR request url is not a URL: ftp://h/v2/x?q=Bearer%20***"],
  ["private_key=abc&secret_key=def&access_key=ghi", "private_key=***&secret_key=***&access_key=***"],
  ["login failed: password = hunter2, user = ann", "login failed: password = *** user = ann"],
  ['level=info password="correct horse" user=ann', 'level=info password="***" user=ann'],
  ['<input name="n" password="p w" x="1">', '<input name="n" password="***" x="1">'],
  ["msg=\\\"a\\\" token=\\\"x y\\\" n=1", "msg=\\\"a\\\" token=\\\"***\\\" n=1"],
  ["<s:Body><ns:Password>pw</ns:Password><user>ann</user><apiKey a=\"1\">k</apiKey></s:Body>", "<s:Body><ns:Password>***</ns:Password><user>ann</user><apiKey a=\"1\">***</apiKey></s:Body>"],
  ["authorization basic dXNlcjpwYXNzd29yZA== end", "authorization basic *** end"],
  ["ran mids --api-key abc --limit 5 --password 'a b' -u admin:pw -X GET", "ran mids --api-key *** --limit 5 --password *** -u *** -X GET"],
  ["curl --oauth2-bearer abc https://h/ --user u:p", "curl --oauth2-bearer *** https://h/ --user ***"],
  ["X-API-Key=Token abcdef next", "X-API-Key=*** next"],
  ["cookie=a=1; sid2=abc; theme=x&n=1", "cookie=***&n=1"],
  ['cut {"password":"abc, def', 'cut {"password":"***"'],
  // an OAuth authorization response's code, as a URL parameter only (a referer, a callback, a `next=`)
  ['"https://app/auth/callback?code=SplxlOBeZQ&state=xyz" "Mozilla"', '"https://app/auth/callback?code=***&state=xyz" "Mozilla"'],
  ["https://app/cb?state=xyz&amp;code=SplxlOBeZQ", "https://app/cb?state=xyz&amp;code=***"],
  ["https://app/cb#state=xyz&Code=SplxlOBeZQ", "https://app/cb#state=xyz&Code=***"],
  ["https://app/login?next=%2Fcb%3Fcode%3DSplxlOBeZQ%26state%3Dx", "https://app/login?next=%2Fcb%3Fcode%3D***%26state%3Dx"],
  ["https://app/login?next=%252Fcb%253Fcode%253DSplxlOBeZQ%2526s%253D1", "https://app/login?next=%252Fcb%253Fcode%253D***%2526s%253D1"],
];
const UNCHANGED = [
  "page=2&limit=20&sort=-trend", "http://host:8080/v2/projects", "Token expired; basic usage", "Mozilla/5.0 (X11; rv:109.0) Gecko",
  "keyword=solar&sort_key=name", "1.2.3.4 - - [01/Oct/2026] -x --limit 5 - -", "basic usage of basic auth", "<b>bold</b> <key-value>x</key-value>", "see https://example.com/docs#section=2", "a=b=c", "status: ok",
  // `code` outside a URL's query is a common word
  "exit code=3", 'level=error code=ECONNRESET msg="reset"', '{"code": "not_found"}', "const code = 1", "https://x/?country_code=US&zip_code=1", "https://x/?code=",

];

describe("redactText: the adversary's positions", () => {
  it.each(TEXT)("%s", (input, want) => expect(redactText(input)).toBe(want));
  it.each(UNCHANGED)("ordinary text is kept: %s", (t) => expect(redactText(t)).toBe(t));
});

describe("header names", () => {
  it("vendor key headers and versioned signatures are secrets", async () => {
    const { isSecretHeader } = await import("../../src/contract/secrets.js");
    for (const h of ["X-Hub-Signature-256", "X-Auth-Key", "Ocp-Apim-Subscription-Key", "X-RapidAPI-Key", "X-Api-Key-2"]) expect(isSecretHeader(h), h).toBe(true);
    for (const h of ["X-Amz-Content-Sha256", "Content-MD5", "X-Request-Id", "X-Api-Key-Type", "Accept-Encoding"]) expect(isSecretHeader(h), h).toBe(false);
  });
});

describe("parameter names", () => {
  it("encoded, nested, dotted and plural names of a secret are secrets", () => {
    for (const n of ["API Key", "Bearer", "authKey", "x_master_key", "%61pi_key", "%2561pi_key", "user[password]", "creds.token", "apiKeys", "tokens", "API_KEY", "secret_key", "private_key", "passphrase", "sid"]) expect(isSecretParam(n), n).toBe(true);
    for (const n of ["page", "keyword", "status", "ids", "user[name]", "access", "address"]) expect(isSecretParam(n), n).toBe(false);
  });
});

describe("JSON", () => {
  it("header tuples, rawHeaders lists, Postman {key, value} pairs and keys that hold a header", () => {
    expect(redactJson({
      headers: [["X-API-Key", "k1"], ["Accept", "a"]], rawHeaders: ["Authorization", "Bearer k2", "Accept", "a"],
      postman: [{ key: "X-API-Key", value: "k3" }, { key: "Accept", value: "a" }], odd: { "X-Api-Key: k4": 1 },
    })).toEqual({
      headers: [["X-API-Key", "***"], ["Accept", "a"]], rawHeaders: ["Authorization", "***", "Accept", "a"],
      postman: [{ key: "X-API-Key", value: "***" }, { key: "Accept", value: "a" }], odd: { "X-Api-Key: ***": "***" },
    });
  });
  it("a form body loses a secret's whole value, blanks and all", () => {
    expect(redactBody("password=correct horse battery&x=1")).toBe("password=***&x=1");
  });
});

describe("--verbose URL", () => {
  it("secret query values by name, userinfo, and secrets in other values", () => {
    expect(redactUrl("http://u:pw@127.0.0.1:1/v3/me?password=a+b&%61pi_key=c&q=Bearer+abcdefgh&limit=2#token=z"))
      .toBe("http://***@127.0.0.1:1/v3/me?password=***&%61pi_key=***&q=Bearer+***&limit=2#token=***");
    expect(redactUrl("http://h/v3/topics?limit=2")).toBe("http://h/v3/topics?limit=2");
    // an OAuth code is a credential as a URL's parameter
    expect(redactUrl("https://app/auth/callback?code=SplxlOBeZQ&state=xyz")).toBe("https://app/auth/callback?code=***&state=xyz");
  });
});

describe("readers", () => {
  it("curl: a glued short option does not eat the next word (-uuser:pw -H ...)", () => {
    const r = parseCurl("curl -uuser:pw -H 'Authorization: Bearer abc' https://h/v2/projects");
    expect(r).toMatchObject({ origin: "https://h", path: "/v2/projects", headers: [["Authorization", "Bearer abc"]] });
  });
  it("curl: the reason quoting a bad URL is redacted before it is cut", () => {
    expect(parseCurl(`curl 'ftp://admin:${"p".repeat(60)}@h/v2/x'`)).toBe("curl command: not a URL: ftp://***@h/v2/x");
  });
  it("a stray pair in a path is redacted when the target is split", () => {
    expect(splitTarget("/v2/projects&api_key=abc")?.path).toBe("/v2/projects&api_key=***");
  });
});

describe("curl options that take a credential", () => {
  it.each([
    "--oauth2-bearer abc", "-U u:abc", "--proxy-user u:abc", "-E cert:abc", "--pass abc", "--aws-sigv4 aws:amz --user AKIA:abc", "--url-query token=abc",
    "-bsid=abc", "-uuser:abc", "--tlsuser u", "--proxy-tlspassword abc", "--proxy-cert c:abc",
  ])("curl %s <url>: the value is not the URL", (opt) => {
    expect(parseCurl(`curl ${opt} https://h/v2/projects`)).toMatchObject({ origin: "https://h", path: "/v2/projects" });
  });
});

describe("a password holding / ? or #", () => {
  it.each([
    ["https://u:pa/ss@h/v2/projects?page=2", { origin: "https://***@h", path: "/v2/projects" }],
    ["https://u:pa?ss@h/v2/projects", { origin: "https://***@h", path: "/v2/projects" }],
    ["https://h:8080/v2/users/ann@x.example", { origin: "https://h:8080", path: "/v2/users/ann@x.example" }],
    ["https://[::1]:8080/v2/projects", { origin: "https://[::1]:8080", path: "/v2/projects" }],
  ])("splitTarget(%s)", (url, want) => expect(splitTarget(url)).toMatchObject(want));
  it.each([
    ["ref https://u:pa/ss@h/x", "ref https://***@h/x"],
    ["ref https://u:pa#ss@h/x", "ref https://***@h/x"],
    ["https://[::1]:80/a@b", "https://[::1]:80/a@b"],
    ["http://h:8080/a@b", "http://h:8080/a@b"],
  ])("redactText(%s)", (t, want) => expect(redactText(t)).toBe(want));
});

describe("credentials that are a list of parameters", () => {
  it.each([
    ['auth Digest username="u", realm="r", response="abc123", nonce=xyz end', "auth Digest *** end"],
    ['"Digest username=\\"u\\", response=\\"abc123\\"" 200', '"Digest ***" 200'],
    ["AWS4-HMAC-SHA256 Credential=AKIA/2026/s3, SignedHeaders=host, Signature=abc123 x", "AWS4-HMAC-SHA256 *** x"],
  ])("%s", (t, want) => expect(redactText(t)).toBe(want));
});

describe("format detection", () => {
  it("a JSON line with a \"log\" string (Docker's json-file driver) is JSON lines, not HAR", async () => {
    const { detectFormat } = await import("../../src/migrate/detect.js");
    expect(detectFormat('{"log":"GET /v2/projects","stream":"stdout","method":"GET","url":"/v2/projects"}\n')).toBe("ndjson");
    expect(detectFormat('{"log":{"version":"1.2","entries":[]}}')).toBe("har");
    expect(detectFormat('{\n  "log": {\n    "version": "1.2"')).toBe("har");
  });
});

describe("JSON lines headers", () => {
  it("tuples, flat lists and {key, value} are read as headers (and redacted by name)", async () => {
    const { parseJsonLine } = await import("../../src/migrate/codecs/ndjson/read.js");
    const { redactRequest } = await import("../../src/migrate/redact.js");
    for (const headers of [[["X-API-Key", "k"], ["Accept", "a"]], ["X-API-Key", "k", "Accept", "a"], [{ key: "X-API-Key", value: "k" }, { name: "Accept", value: "a" }]]) {
      const r = parseJsonLine(JSON.stringify({ method: "GET", url: "/v2/projects", headers }));
      if (!r || typeof r === "string") throw new Error(String(r));
      expect(redactRequest(r.req).headers).toEqual([["X-API-Key", "***"], ["Accept", "a"]]);
    }
  });
});

describe("migrate verify's input", () => {
  it("joins continued curl commands as migrate does: one over the limit is one invalid entry, the next is read", async () => {
    const { readRequests } = await import("../../src/migrate/verify/input.js");
    const { testIO } = await import("../../src/io.js");
    const { MAX_CURL_COMMAND_CHARS } = await import("../../src/migrate/codecs/curl/read.js");
    const { Readable } = await import("node:stream");
    const long = ["curl https://h/v2/projects \\", ...Array.from({ length: MAX_CURL_COMMAND_CHARS / 8 }, () => "  -s -S \\"), "  -s"].join("\n");
    const text = `${long}\ncurl -H 'X-API-Key: k' \\\n  'https://h/v2/topics?page=2&token=t'\n`;
    const io = testIO({ stdin: Readable.from([Buffer.from(text)]) as unknown as NodeJS.ReadableStream });
    const { requests, invalid } = await readRequests(io, ["-"], "curl");
    expect(invalid).toEqual([{ position: 1, reason: expect.stringMatching(/continued over more than/) }]);
    expect(requests.map((r) => [r.position, r.req.path, r.req.query])).toEqual([[MAX_CURL_COMMAND_CHARS / 8 + 3, "/v2/topics", [["page", "2"]]]]);
  });
});
