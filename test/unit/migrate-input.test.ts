// Readers, format detection, malformed input and redaction of `mids migrate`.
import { describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { parseAccessLine } from "../../src/migrate/codecs/access/read.js";
import { parseCurl } from "../../src/migrate/codecs/curl/read.js";
import { shellWords } from "../../src/migrate/codecs/curl/shell.js";
import { parseJsonLine } from "../../src/migrate/codecs/ndjson/read.js";
import { readHar } from "../../src/migrate/codecs/har/read.js";
import { detectFormat } from "../../src/migrate/detect.js";
import { splitLines, MAX_LINE_BYTES } from "../../src/migrate/lines.js";
import { redactBody, redactText } from "../../src/migrate/url.js";
import { makeWriter } from "../../src/migrate/writers.js";
import { migrate } from "../../src/migrate/pipeline.js";
import { testIO } from "../../src/io.js";
import type { Item, RequestItem } from "../../src/migrate/types.js";
import { ASSUMED } from "../../src/contract/assumed.js";

const req = (r: ReturnType<typeof parseAccessLine>) => (r && typeof r === "object" ? r.req : r);

describe("access logs", () => {
  it("reads Common and Combined Log Format lines", () => {
    expect(req(parseAccessLine('1.2.3.4 - alice [10/Oct/2026:13:55:36 +0000] "GET /v2/projects?page=2&names=a%20b HTTP/1.1" 200 2326'))).toEqual(
      { method: "GET", origin: "", path: "/v2/projects", query: [["page", "2"], ["names", "a b"]] });
    expect(req(parseAccessLine('1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "POST /v2/recipes/execute HTTP/2.0" 200 1 "https://ref/" "UA \\"quoted\\""'))).toMatchObject(
      { method: "POST", path: "/v2/recipes/execute" });
  });
  it("reads bare request lines, with or without protocol, relative or absolute", () => {
    expect(req(parseAccessLine("GET /v2/topics HTTP/1.1"))).toMatchObject({ method: "GET", path: "/v2/topics" });
    expect(req(parseAccessLine("GET https://api.example.com/v2/topics?x=1"))).toMatchObject({ origin: "https://api.example.com", path: "/v2/topics", query: [["x", "1"]] });
  });
  it("reads load balancer and proxy lines (AWS ALB, HAProxy) by their quoted request field, and writes the rest back as it was", async () => {
    const alb = (client: string, target: string) => `h2 2026-11-28T10:00:00.000000Z app/my-lb/50dc6c495c0c9188 ${client} 10.0.0.1:80 0.000 0.001 0.000 200 200 34 366 "GET ${target} HTTP/2.0" "curl/8.5.0" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:us-east-2:1:targetgroup/t/7 "Root=1-5" "api.example.com" "-" 0 2026-11-28T10:00:00.000000Z "forward" "-" "-" "10.0.0.1:80" "200" "-" "-"`;
    const haproxy = (target: string) => `Nov 28 10:00:00 lb haproxy[14389]: 10.0.1.2:33317 [28/Nov/2026:10:00:00.655] http-in api/srv1 10/0/30/69/109 200 2750 - - ---- 1/1/1/1/0 0/0 {api.example.com} "GET ${target} HTTP/1.1"`;
    expect(req(parseAccessLine(alb("192.0.2.1:2817", "https://api.example.com:443/v2/intel/i1")))).toEqual(
      { method: "GET", origin: "https://api.example.com:443", path: "/v2/intel/i1", query: [] });
    expect(req(parseAccessLine(haproxy("/v2/projects?page=1")))).toEqual({ method: "GET", origin: "", path: "/v2/projects", query: [["page", "1"]] });
    const input = [alb("[2001:db8::1]:2817", "https://api.example.com:443/v2/projects?api_key=k1"), haproxy("/v2/clusters"), alb("192.0.2.1:2817", "https://api.example.com:443/v2/intel/i1")];
    const io = testIO({ stdin: Readable.from([Buffer.from(input.join("\n") + "\n")]) as unknown as NodeJS.ReadableStream });
    const r = await migrate(io, { files: ["-"], failOn: [], quiet: true, version: "t", now: new Date() });
    expect(r.tally.byStatus.invalid).toBe(0);
    expect(io.out()).toBe([alb("[2001:db8::1]:2817", `https://api.example.com:443/v3/projects?limit=${ASSUMED.v2DefaultLimit}`), haproxy("/v3/clusters"), alb("192.0.2.1:2817", "https://api.example.com:443/v3/intel/i1")].join("\n") + "\n");
  });
  it("redacts ident and authuser when the client field is an X-Forwarded-For list (Apache's %{X-Forwarded-For}i first)", async () => {
    const line = (ident: string, user: string) => `203.0.113.9, 10.0.0.1 ${ident} ${user} [28/Nov/2026:10:00:01 +0000] "GET /v2/clusters HTTP/1.1" 200 0 "-" "-"`;
    const input = [line("-", "alice"), line("id3nt", "u:pw"), line("-", "-")].join("\n") + "\n";
    const io = testIO({ stdin: Readable.from([Buffer.from(input)]) as unknown as NodeJS.ReadableStream });
    await migrate(io, { files: ["-"], failOn: [], quiet: true, version: "t", now: new Date() });
    expect(io.out()).toBe([line("-", "***"), line("***", "***"), line("-", "-")].join("\n").replace(/v2\/clusters/g, "v3/clusters") + "\n");
  });
  it("redacts the authuser after any other prefix: Apache's vhost_combined, a Kubernetes (CRI) log line", async () => {
    const lines = (user: string, path: string) => [
      `api.example.com:443 192.0.2.1 - ${user} [28/Nov/2026:10:00:01 +0000] "GET ${path} HTTP/1.1" 200 0 "-" "-"`,
      `2026-11-28T10:00:00.1Z stdout F 192.0.2.1 - ${user} [28/Nov/2026:10:00:01 +0000] "GET ${path} HTTP/1.1" 200 0 "-" "-"`,
    ].join("\n") + "\n";
    const io = testIO({ stdin: Readable.from([Buffer.from(lines("bob", "/v2/clusters"))]) as unknown as NodeJS.ReadableStream });
    await migrate(io, { files: ["-"], failOn: [], quiet: true, version: "t", now: new Date() });
    expect(io.out()).toBe(lines("***", "/v3/clusters"));
  });
  it("skips blank lines and comments; reports junk as a reason", () => {
    expect(parseAccessLine("   ")).toBeNull();
    expect(parseAccessLine("# header")).toBeNull();
    expect(parseAccessLine("hello world")).toMatch(/not an access log line/);
    expect(parseAccessLine('1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "-" 400 0')).toMatch(/request field/);
  });
});

describe("curl command lines", () => {
  it("splits words as a shell does", () => {
    expect(shellWords(`curl -H 'a: b c' "x \\"y\\" \\$z" plain\\ word`)).toEqual(["curl", "-H", "a: b c", 'x "y" $z', "plain word"]);
    expect(shellWords("curl 'open")).toMatch(/unterminated/);
  });
  it("reads bash's $'...' as a browser's Copy as cURL (bash) writes it", () => {
    expect(shellWords(String.raw`curl -H $'Cookie: a=1' --data-raw $'{"q":"it\'s \\ a\n\t\x41\u00e9\xc3\xa9\101\cA"}' x$'y'z '$\'`)).toEqual(
      ["curl", "-H", "Cookie: a=1", "--data-raw", `{"q":"it's \\ a\n\tA\u00e9\u00e9A\u0001"}`, "xyz", "$\\"]);
    expect(shellWords("curl $'open")).toMatch(/unterminated/);
    expect(parseCurl(String.raw`curl 'https://h/v2/projects' -H $'x-api-key: k1' -H $'Cookie: s=\'v\''`)).toMatchObject({ headers: [["x-api-key", "k1"], ["Cookie", "s='v'"]] });
  });
  it("a command copied as cURL (cmd), Windows quoting, is one invalid entry saying so, not one per line", async () => {
    const cmd = ['curl ^"https://api.example.com/v2/projects?page=1^&limit=10^" ^', '  -H ^"x-api-key: k1^" ^', '  -b ^"sid=k2^"', "curl 'https://api.example.com/v2/clusters'"].join("\r\n") + "\r\n";
    const io = testIO({ stdin: Readable.from([Buffer.from(cmd)]) as unknown as NodeJS.ReadableStream });
    const r = await migrate(io, { files: ["-"], fromFormat: "curl", failOn: [], quiet: true, version: "t", now: new Date(), report: "ndjson" });
    const rows = io.out().trim().split("\n").map((l) => JSON.parse(l));
    expect(rows.slice(0, 2).map((x) => [x.position, x.status, x.notes[0]?.message])).toEqual([
      [1, "invalid", `curl command in Windows cmd quoting (^"), which is not read: copy it as cURL (bash)`], [4, "rewritten", undefined]]);
    expect(r.tally.total).toBe(2);
  });
  it("says which words hold a variable the shell expands (not in single quotes, not escaped, not $1 or $?)", () => {
    const expands: boolean[] = [];
    shellWords(`curl "$BASE/v2" $ID '$LIT' "\\$ESC" \\$ESC2 x\${B}y "$1 $?" plain`, expands);
    expect(expands).toEqual([false, true, true, false, false, false, true, false, false]);
  });
  it("keeps the shell variables of a URL: a leading one is the origin, as written (no http://)", () => {
    expect(parseCurl(`curl -H "Authorization: Bearer $T" "$BASE/v2/projects/$ID/rank?at=$AT"`)).toMatchObject({
      origin: "$BASE", path: "/v2/projects/$ID/rank", query: [["at", "$AT"]], shellVars: ["BASE", "ID", "AT"] });
    expect(parseCurl(`curl --url "\${HOST}:8080/v2/intel"`)).toMatchObject({ origin: "${HOST}:8080", path: "/v2/intel", shellVars: ["HOST"] });
    // single-quoted: literal text, read as before
    const lit = parseCurl(`curl '$BASE/v2/intel'`) as { origin: string; shellVars?: string[] };
    expect([lit.origin, lit.shellVars]).toEqual(["http://$BASE", undefined]);
  });
  it("reads method, headers, data and URL", () => {
    expect(parseCurl(`curl -X POST -H 'x-api-key: k1' --data '{"a":1}' https://h/v2/recipes/validate`)).toEqual({
      method: "POST", origin: "https://h", path: "/v2/recipes/validate", query: [], headers: [["x-api-key", "k1"]], body: '{"a":1}' });
    expect(parseCurl(`curl -sG https://h/v2/intel -d page=2`)).toMatchObject({ method: "GET", path: "/v2/intel" });
    expect(parseCurl(`curl -G https://h/v2/intel -d page=2`)).toMatchObject({ method: "GET", query: [["page", "2"]] });
    expect(parseCurl(`curl -XGET --url=https://h/v2/topics`)).toMatchObject({ method: "GET", path: "/v2/topics" });
    expect(parseCurl(`curl -d x=1 /v2/recipes/execute`)).toMatchObject({ method: "POST" });
    expect(parseCurl(`wget https://h/v2`)).toBe("not a curl command");
    expect(parseCurl(`curl -s`)).toMatch(/without a URL/);
  });
});

describe("JSON lines", () => {
  it("reads nginx's JSON log formats: the request line whole ($request), or request_method and request_uri", async () => {
    const combined = (request: string) => `{"time_local":"28/Nov/2026:10:00:01 +0000","remote_addr":"2001:db8::1","remote_user":"","request":"${request}","status":"200","http_user_agent":"curl/8.5.0"}`;
    const split = (uri: string) => `{"remote_addr":"192.0.2.1","request_method":"GET","request_uri":"${uri}","status":200}`;
    const input = [combined("GET /v2/projects?page=2&api_key=k1 HTTP/1.1"), combined("GET https://api.example.com/v2/clusters HTTP/2.0"), combined("GET /v2/clusters"), split("/v2/intel/i1?activity=none")];
    const io = testIO({ stdin: Readable.from([Buffer.from(input.join("\n") + "\n")]) as unknown as NodeJS.ReadableStream });
    const r = await migrate(io, { files: ["-"], failOn: [], quiet: true, version: "t", now: new Date() });
    expect(r.tally.byStatus.invalid).toBe(0);
    expect(r.tally.byStatus.partial).toBe(2);
    expect(io.out()).toBe([combined("GET /v3/projects?limit=20 HTTP/1.1"), combined("GET https://api.example.com/v3/clusters HTTP/2.0"), combined("GET /v3/clusters"), split("/v3/intel/i1")].join("\n") + "\n");
  });
  it("reads a query logged apart from its URL (nginx's $uri and $args, a query string or object): the notes it earns are not lost", async () => {
    const input = [
      `{"method":"GET","uri":"/v2/intel/i1","args":"activity=none&token=k1","status":200}`,
      `{"method":"GET","path":"/v2/projects","query":"page=2&limit=10"}`,
      `{"method":"GET","url":"/v2/projects","query":{"page":"3"}}`,
      `{"method":"GET","uri":"/v2/clusters","args":"-"}`,
    ];
    const io = testIO({ stdin: Readable.from([Buffer.from(input.join("\n") + "\n")]) as unknown as NodeJS.ReadableStream });
    const r = await migrate(io, { files: ["-"], failOn: [], quiet: true, version: "t", now: new Date(), report: "ndjson" });
    const rows = io.out().trim().split("\n").map((l) => JSON.parse(l));
    expect(rows.slice(0, 4).map((x) => [x.status, x.notes.map((n: { rule: string }) => n.rule).filter((n: string) => n !== "response-renames")])).toEqual([
      ["partial", ["intel-activity-dropped", "key-in-query"]], ["partial", ["page-to-cursor"]], ["partial", ["page-to-cursor"]], ["rewritten", []]]);
    expect(r.tally.byStatus.invalid).toBe(0);
  });
  // Before, API Gateway's `httpMethod` was not read: a DELETE was read as a GET (and rewritten as
  // one), and the line written back gained a `"method":"GET"` beside its own httpMethod
  it("reads and writes API Gateway's httpMethod: the method is the logged one, no key is added", async () => {
    const line = (method: string, path: string) => `{"requestId":"r1","ip":"192.0.2.1","httpMethod":"${method}","path":"${path}","status":"200"}`;
    for (const fastPath of [true, false]) {
      const io = testIO({ stdin: Readable.from([Buffer.from(line("GET", "/v2/clusters") + "\n" + line("DELETE", "/v2/projects/p1") + "\n")]) as unknown as NodeJS.ReadableStream });
      const r = await migrate(io, { files: ["-"], failOn: [], quiet: true, version: "t", now: new Date(), fastPath });
      expect(io.out(), `fastPath ${fastPath}`).toBe(line("GET", "/v3/clusters") + "\n");
      expect(r.tally.byStatus.unrecognized, `fastPath ${fastPath}`).toBe(1);
    }
  });
  it("rewrites an express-winston line in its meta.req, its other fields kept and its secrets redacted", async () => {
    const line = (url: string, key: string) => JSON.stringify({ level: "info", message: "HTTP GET", meta: { req: { url, method: "GET", headers: { "x-api-key": key } }, res: { statusCode: 200 } } });
    const io = testIO({ stdin: Readable.from([Buffer.from(line("/v2/signals/i1?token=k1", "k_live_123") + "\n")]) as unknown as NodeJS.ReadableStream });
    const r = await migrate(io, { files: ["-"], failOn: [], quiet: true, version: "t", now: new Date() });
    expect(r.tally.byStatus.invalid).toBe(0);
    expect(JSON.parse(io.out())).toEqual(JSON.parse(line("/v3/intel/i1", "***")));
  });
  it("rewrites an AWS ALB JSON line in place, the fast way and the general way alike", async () => {
    const line = (url: string, extra = "") => `{"type":"h2","time":"2026-11-28T10:00:00.000000Z","elb":"app/lb/1","client_ip":"2001:db8::9","request_verb":"GET","request_url":"${url}","request_proto":"HTTP/2.0"${extra}}`;
    for (const extra of ["", ',"user_agent":"curl \\"8\\""']) {
      const io = testIO({ stdin: Readable.from([Buffer.from(line("https://api.example.com:443/v2/intel/i1", extra) + "\n")]) as unknown as NodeJS.ReadableStream });
      const r = await migrate(io, { files: ["-"], failOn: [], quiet: true, version: "t", now: new Date() });
      expect(r.tally.byStatus.rewritten, extra).toBe(1);
      expect(io.out()).toBe(line("https://api.example.com:443/v3/intel/i1", extra) + "\n");
    }
  });
  it("reads top-level and nested request shapes", () => {
    const shapes = [
      { method: "GET", url: "/v2/topics" },
      { method: "get", path: "/v2/topics" },
      { request: { method: "GET", url: "https://h/v2/topics" } },
      { req: { method: "GET", url: "/v2/topics" } },
      { httpRequest: { requestMethod: "GET", requestUrl: "https://h/v2/topics" } },
      { method: "GET", request: { uri: "/v2/topics" } },
      // express-winston's request logger: the request under meta.req
      { level: "info", message: "HTTP GET /v2/topics", meta: { req: { url: "/v2/topics", method: "GET", httpVersion: "1.1", originalUrl: "/v2/topics", query: {} }, res: { statusCode: 200 }, responseTime: 3 } },
    ];
    // AWS ALB log fields as Athena and log shippers name them
    shapes.push({ type: "h2", client_ip: "2001:db8::9", request_verb: "GET", request_url: "https://h:443/v2/topics", request_proto: "HTTP/2.0" } as never);
    // Traefik's JSON access log
    shapes.push({ ClientHost: "192.0.2.1", RequestHost: "h", RequestMethod: "GET", RequestPath: "/v2/topics", RequestProtocol: "HTTP/1.1", DownstreamStatus: 200 } as never);
    // AWS API Gateway's JSON access log ($context.httpMethod, $context.path); Azure Application Gateway's
    shapes.push({ requestId: "c6af9ac6", ip: "192.0.2.1", httpMethod: "GET", path: "/v2/topics", status: "200" } as never);
    shapes.push({ category: "ApplicationGatewayAccessLog", properties: { clientIP: "192.0.2.1", httpMethod: "GET", requestUri: "/v2/topics", httpStatus: 200 } } as never);
    // Cloudflare's Logpush HTTP requests
    shapes.push({ ClientIP: "192.0.2.1", ClientRequestHost: "h", ClientRequestMethod: "GET", ClientRequestURI: "/v2/topics", EdgeResponseStatus: 200, RayID: "7d1" } as never);
    for (const s of shapes) {
      const r = parseJsonLine(JSON.stringify(s));
      expect(typeof r === "object" && r ? [r.req.method, r.req.path] : r, JSON.stringify(s)).toEqual(["GET", "/v2/topics"]);
    }
  });
  it("reports objects without a request, arrays and broken JSON", () => {
    expect(parseJsonLine('{"a":1}')).toMatch(/without a method/);
    expect(parseJsonLine("[1]")).toMatch(/not a JSON object/);
    expect(parseJsonLine('{"method":')).toMatch(/not valid JSON/);
  });
});

async function collectHar(text: string, chunk: number): Promise<Item[]> {
  const parts: Buffer[] = [];
  const b = Buffer.from(text);
  for (let i = 0; i < b.length; i += chunk) parts.push(b.subarray(i, i + chunk));
  const items: Item[] = [];
  await readHar(Readable.from(parts), (it) => void items.push(it));
  return items;
}

const har = (entries: unknown[]) => JSON.stringify({ log: { version: "1.2", creator: { name: "t", comment: '"entries": [{' }, entries } }, null, 1);
const entry = (url: string, method = "GET") => ({ request: { method, url, headers: [{ name: "x-api-key", value: "k" }] }, response: { content: { text: '{"a":"}]"}' } } });

describe("HAR streaming", () => {
  it("streams entries whatever the chunk boundaries, numbering them", async () => {
    const text = har([entry("https://h/v2/topics"), entry("https://h/v2/clusters?x=%7D"), entry("https://h/v3/me")]);
    for (const size of [1, 7, 64, 1 << 20]) {
      const items = await collectHar(text, size);
      expect(items.map((i) => (i.kind === "request" ? `${i.position} ${i.req.path}` : `${i.position} ${i.reason}`)), `chunk ${size}`)
        .toEqual(["1 /v2/topics", "2 /v2/clusters", "3 /v3/me"]);
    }
  });
  it("reports a truncated HAR as an invalid entry after the complete ones", async () => {
    const text = har([entry("https://h/v2/topics"), entry("https://h/v2/clusters")]);
    const items = await collectHar(text.slice(0, text.lastIndexOf("v2/clusters")), 16);
    expect(items.map((i) => [i.position, i.kind])).toEqual([[1, "request"], [2, "invalid"]]);
    expect((items[1] as { reason: string }).reason).toMatch(/truncated HAR/);
  });
  it("reports a JSON document that is not a HAR", async () => {
    const items = await collectHar('{"foo": [1, 2]}', 4);
    expect(items).toEqual([{ kind: "invalid", position: 0, reason: expect.stringMatching(/no log.entries/) }]);
  });
  it("reports entries without a request", async () => {
    const items = await collectHar(har([{ nope: 1 }, entry("https://h/v2/topics")]), 50);
    expect(items.map((i) => i.kind)).toEqual(["invalid", "request"]);
  });
});

describe("format detection", () => {
  it("tells the four formats apart", () => {
    expect(detectFormat('{\n  "log": {\n "entries": []}}')).toBe("har");
    expect(detectFormat('{"log":{"version":"1.2"')).toBe("har");
    expect(detectFormat('{"method":"GET","url":"/v2/topics"}\n{"method":"GET"')).toBe("ndjson");
    expect(detectFormat("# scripts\ncurl -H 'a: b' https://h/v2\n")).toBe("curl");
    expect(detectFormat("$ curl https://h/v2\n")).toBe("curl");
    expect(detectFormat('1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "GET /v2 HTTP/1.1" 200 1\n')).toBe("access");
    expect(detectFormat("GET /v2/topics HTTP/1.1\n")).toBe("access");
    expect(detectFormat("\uFEFF{\"method\":\"GET\",\"path\":\"/v2\"}\n")).toBe("ndjson");
  });
});

async function lines(input: Buffer[]): Promise<[number, string | null, string | undefined][]> {
  const out: [number, string | null, string | undefined][] = [];
  await splitLines(Readable.from(input), (l, n, bad) => void out.push([n, l, bad]));
  return out;
}

describe("malformed input", () => {
  it("splits across chunks and handles CRLF and a last line without newline", async () => {
    expect(await lines([Buffer.from("a\r\nb"), Buffer.from("c\nd")])).toEqual([[1, "a", undefined], [2, "bc", undefined], [3, "d", undefined]]);
  });
  it("reports invalid UTF-8 and binary lines, and keeps going", async () => {
    const out = await lines([Buffer.concat([Buffer.from("ok\n"), Buffer.from([0xff, 0xfe, 0x41, 0x0a]), Buffer.from("bin\u0000ary\nnext\n")])]);
    expect(out).toEqual([[1, "ok", undefined], [2, null, "not valid UTF-8"], [3, null, "binary data (control bytes)"], [4, "next", undefined]]);
  });
  it("reports lines over the limit (a 1 MB line) without holding them, in one chunk or many", async () => {
    const big = Buffer.alloc(1 << 20, 0x61);
    for (const chunks of [[Buffer.concat([Buffer.from("GET /v2 HTTP/1.1\n"), big, Buffer.from("\nGET /v2/topics\n")])],
      [Buffer.from("GET /v2 HTTP/1.1\n"), ...Array.from({ length: 16 }, (_, i) => big.subarray(i << 16, (i + 1) << 16)), Buffer.from("\nGET /v2/topics\n")]]) {
      const out = await lines(chunks);
      expect(out).toEqual([[1, "GET /v2 HTTP/1.1", undefined], [2, null, `line longer than ${MAX_LINE_BYTES / 1024} KiB`], [3, "GET /v2/topics", undefined]]);
    }
  });
  it("a whole run over binary garbage reports invalid lines and never throws", async () => {
    const garbage = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));
    const io = testIO({ stdin: Readable.from([garbage]) as unknown as NodeJS.ReadableStream });
    const r = await migrate(io, { files: ["-"], failOn: [], quiet: true, version: "t", now: new Date() });
    expect(r.tally.total).toBeGreaterThan(0);
    expect(r.tally.byStatus.invalid).toBe(r.tally.total);
  });
});

describe("redaction", () => {
  it("redacts key query pairs and key headers in raw text", () => {
    expect(redactText("GET /v2/x?api_key=abc&apiKey=d&key=e&token=f&page=2")).toBe("GET /v2/x?api_key=***&apiKey=***&key=***&token=***&page=2");
    expect(redactText("x-api-key: sk_123 and Authorization: Bearer abc.def")).toBe("x-api-key: *** and Authorization: ***");
  });
  it("redacts keys in JSON and form bodies", () => {
    expect(JSON.parse(redactBody('{"apiKey":"s1","nested":{"token":"s2"},"name":"daily"}'))).toEqual({ apiKey: "***", nested: { token: "***" }, name: "daily" });
    expect(redactBody("a=1&api_key=s3")).toBe("a=1&api_key=***");
  });
  it("writers never print the key; curl refers to $MIDS_API_KEY", () => {
    const item: RequestItem = { kind: "request", position: 1, source: { format: "curl" },
      req: { method: "POST", origin: "", path: "/v3/alerts/a1", query: [], headers: [["x-api-key", "sk_live_W"], ["Authorization", "Bearer sk_live_W"], ["Accept", "x"]], body: '{"token":"sk_live_W"}' } };
    const to = { method: "PATCH", path: "/v3/alerts/a1", query: {} };
    for (const f of ["curl", "http", "har", "ndjson", "access"] as const) {
      const w = makeWriter(f, { version: "t" });
      const text = w.begin() + w.write(item, to, "/v3/alerts/a1") + w.end();
      expect(text, f).not.toContain("sk_live_W");
    }
    const curl = makeWriter("curl", { version: "t" }).write(item, to, "");
    expect(curl).toBe(`curl -X PATCH -H "x-api-key: $MIDS_API_KEY" -H 'Accept: x' --data-raw '{"token":"***"}' "$MIDS_BASE_URL"/v3/alerts/a1\n`);
  });
});
