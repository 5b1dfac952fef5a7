// The readers' fast paths (issue 11) against their full parsers: each fast path takes the common
// shape of a line or entry and must give exactly what the full parser gives, falling back to it
// on anything unusual. The reference is always the full parser, run on the same input.
import { describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { entryEnd, harEntryItem, parseEntry, parseWhole, readHar, spanDepth } from "../../src/migrate/codecs/har/read.js";
import { MAX_JSON_DEPTH } from "../../src/contract/secrets.js";
import { parseCurl, parseCurlFull, simpleCurl } from "../../src/migrate/codecs/curl/read.js";
import { parseJsonLine, readHeaders } from "../../src/migrate/codecs/ndjson/read.js";
import { targetOf } from "../../src/migrate/url.js";
import { makeWriter } from "../../src/migrate/writers.js";
import { isSecretHeader, redactBody, redactHeaderValue, redactOrigin, redactText } from "../../src/contract/secrets.js";
import type { Item, RequestItem, Shape } from "../../src/migrate/types.js";
import type { ParsedJsonSource } from "../../src/migrate/codecs/ndjson/source.js";

async function harItems(text: string, chunk: number): Promise<Item[]> {
  const b = Buffer.from(text);
  const parts: Buffer[] = [];
  for (let i = 0; i < b.length; i += chunk) parts.push(b.subarray(i, i + chunk));
  const items: Item[] = [];
  await readHar(Readable.from(parts), (it) => void items.push(it), "f.har");
  return items;
}

/** As worker threads get them: entry texts, unparsed on the reading thread, made into items. */
async function harItemsByTexts(text: string, chunk: number): Promise<Item[]> {
  const b = Buffer.from(text);
  const parts: Buffer[] = [];
  for (let i = 0; i < b.length; i += chunk) parts.push(b.subarray(i, i + chunk));
  const items: Item[] = [];
  await readHar(Readable.from(parts), (it) => void items.push(it), "f.har", undefined, (t, depth, n) => void items.push(harEntryItem(t, depth, n, "f.har")));
  return items;
}

const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
const req = (url: string, extra: Record<string, unknown> = {}) => ({
  startedDateTime: "2026-11-22T10:15:00.000Z",
  request: { method: "get", url, headers: [{ name: "x-api-key", value: "sk_live_1" }, { name: "Accept", value: "a/b" }], ...extra },
  response: { content: { text: '{"a":"}]"}' } },
});
// entries whose text tries to fool a layout guess: braces, line-break escapes, indentation in strings
const tricky = [
  req("https://h/v2/topics"),
  req("https://h/v2/projects/p1?x=%7D", { comment: "}\n    },\n    {\n  }" }),
  { request: { method: "GET", url: "https://h/v2/intel" }, response: { content: { text: "}".repeat(300) + "{".repeat(300) } } },
  req("https://h/v2/clusters", { postData: { text: '{"key":"sk_live_2"}' } }),
  { request: { method: "POST", url: "https://h/v2/recipes/validate", headers: [{ name: "X-Ünï", value: "é\u2028\u2029😀" }, "junk", { name: 1, value: [1, [2]] }] } },
  { nope: 1 },
  { request: { method: "GET", url: "ftp://h/x" } },
  { request: { method: "GET", url: "https://h/v2/topics", x: JSON.parse(deep(MAX_JSON_DEPTH - 3)) } },
];

/** Items with the fast path out of reach (1-byte chunks: no line is ever whole in a block). */
const reference = (text: string) => harItems(text, 1);

describe("HAR: an entry parsed whole from its layout is the entry the scanner finds", () => {
  const layouts: Record<string, string> = {
    "one entry per line": `{"log":{"version":"1.2","entries":[\n${tricky.map((e) => JSON.stringify(e)).join(",\n")}\n]}}\n`,
    "pretty-printed (2 spaces)": JSON.stringify({ log: { version: "1.2", entries: tricky } }, null, 2),
    "pretty-printed with tabs and CRLF": JSON.stringify({ log: { version: "1.2", entries: tricky } }, null, "\t").replace(/\n/g, "\r\n"),
    "several entries on a line": `{"log":{"entries":[${tricky.map((e) => JSON.stringify(e)).join(",")}]}}\n`,
    "two per line": `{"log":{"entries":[\n${JSON.stringify(tricky[0])},${JSON.stringify(tricky[1])},\n${tricky.slice(2).map((e) => JSON.stringify(e)).join(",\n")}]}}\n`,
  };
  for (const [name, text] of Object.entries(layouts)) {
    it(name, async () => {
      const ref = await reference(text);
      expect(ref).toHaveLength(tricky.length);
      expect(await harItems(text, 1 << 20)).toEqual(ref);
      expect(await harItems(text, 333)).toEqual(ref);
      expect(await harItemsByTexts(text, 1 << 20)).toEqual(ref);
      expect(await harItemsByTexts(text, 333)).toEqual(ref);
    });
  }

  it("texts for worker threads: an entry's span is what the scanner captures, valid JSON or not", async () => {
    const entries = [
      String.raw`{"request":{"method":"GET","url":"https://h/v2/topics","q":"\\"}}`, // a string ending in a backslash
      String.raw`{"request":{"method":"GET","url":"https://h/v2/topics","q":"\\\"}]{["}}`, // an escaped quote, brackets in a string
      '{"request": {"method": "GET" "url": "/v2/x"}}', // balanced, not JSON
      `{"a":${deep(MAX_JSON_DEPTH + 5)}}`, // too deep
      '{"request":{"method":"GET","url":"https://h/v2/intel"}}   ', // blanks after it
    ];
    const text = `{"log":{"entries":[\n${entries.join(",\n")}\n]}}\n`;
    const ref = await reference(text);
    expect(ref.map((i) => i.kind)).toEqual(["request", "request", "invalid", "invalid", "request"]);
    expect(await harItemsByTexts(text, 1 << 20)).toEqual(ref);
    // the span and its depth, or -1 when the brackets close before (or after) the guess
    const e = entries[1];
    expect(spanDepth(e, 0, e.length - 1)).toBe(2);
    expect(spanDepth(`${e},${e}`, 0, 2 * e.length)).toBe(-1);
    expect(spanDepth(e + "}", 0, e.length)).toBe(-1);
    expect(spanDepth(e.slice(0, -1), 0, e.length - 2)).toBe(-1);
    expect(spanDepth(entries[3], 0, entries[3].length - 1)).toBe(MAX_JSON_DEPTH + 6);
  });

  it("finds the end of an entry from its layout, and only guesses", () => {
    const line = JSON.stringify(tricky[1]);
    const s = `[\n${line},\n${line}\n]`;
    expect(entryEnd(s, 2)).toBe(2 + line.length - 1);
    const pretty = JSON.stringify([tricky[1], tricky[0]], null, 2);
    const start = pretty.indexOf("{");
    const end = entryEnd(pretty, start);
    expect(JSON.parse(pretty.slice(start, end + 1))).toEqual(tricky[1]);
    // no line break in the block: no guess
    expect(entryEnd(line, 0)).toBe(-1);
    // several entries on one line: the guess covers them all, and parseWhole refuses it
    const two = `${line},${line}\n`;
    expect(parseWhole(two, 0, entryEnd(two, 0))).toBeUndefined();
    expect(parseWhole(s, 2, entryEnd(s, 2))).toEqual(tricky[1]);
  });

  it(`refuses an entry deeper than ${MAX_JSON_DEPTH} levels, even when a repeated key hides the deep value`, async () => {
    const over = `{"request":{"method":"GET","url":"https://h/v2/topics","x":${deep(MAX_JSON_DEPTH)}}}`;
    const hidden = `{"request":{"method":"GET","url":"https://h/v2/topics","x":${deep(MAX_JSON_DEPTH)},"x":1}}`;
    const atLimit = `{"request":{"method":"GET","url":"https://h/v2/topics","x":${deep(MAX_JSON_DEPTH - 2)}}}`;
    expect(parseWhole(over, 0, over.length - 1)).toBeUndefined();
    expect(parseWhole(hidden, 0, hidden.length - 1)).toBeUndefined();
    expect(parseWhole(atLimit, 0, atLimit.length - 1)).toEqual(JSON.parse(atLimit));
    expect(parseEntry(hidden)).toMatch(/deeper than/);
    const text = `{"log":{"entries":[\n${over},\n${hidden},\n${atLimit}\n]}}\n`;
    const items = await harItems(text, 1 << 20);
    expect(items).toEqual(await reference(text));
    expect(items.map((i) => i.kind)).toEqual(["invalid", "invalid", "request"]);
  });

  it("a truncated HAR: the entries read, then one error", async () => {
    const text = `{"log":{"entries":[\n${tricky.slice(0, 2).map((e) => JSON.stringify(e)).join(",\n")},\n{"request":{"method":"GET","url":"https://h/v2/to`;
    const items = await harItems(text, 1 << 20);
    expect(items).toEqual(await reference(text));
    expect(items.map((i) => (i.kind === "invalid" ? i.reason : i.kind))).toEqual(["request", "request", "truncated HAR: entry 3 is incomplete"]);
  });
});

describe("curl: the common command read by the fast path is what the full parser reads", () => {
  // taken by the fast path (checked), and equal to the reference
  const common = [
    "curl -s -H 'x-api-key: sk_live_0' -H 'Accept: application/json' 'https://api.example.com/v2/projects/p1?a=1&b=%20x'",
    "curl https://h/v2/topics",
    "curl -sS -X post -H 'Content-Type: application/json' --data-raw '{\"a\":\"x\\\\ny\"}' https://h/v2/recipes/validate",
    "curl -X POST -d a=1 -d 'b=2' --data-binary c=3 /v2/recipes/execute",
    "curl --json '{}' 'https://u:pw@h/v2/x;api_key=abc?token=t'",
    "curl -H 'X-Üñï: é 😀' -H 'no colon' -H ':empty name' -H '  Spaced  :  v  ' 'https://h/v2/a'\r",
    "curl   -fsSL\t-H 'a: b'   ''https://h'/v2/b'\t",
    "curl -X 'PUT' -H -s --header 'x:'y -d '' --data x'&'y https://h/v2/b'?a=1'",
    "curl -d '' https://h/v2/c",
    "curl -sk -i -f -v -Lv --compressed --insecure -H 'A:\u00a0v\u2028' -H '\u3000B : x\t' -H 'C:\x1c' -H 'D:   ' https://h/v2/a",
    "curl -H 'x-api-key: k' 'https://h/v2/p?apikey=s&x=%E2%82%AC'",
  ];
  // left to the full parser (the fast path says undefined), which must still read them right
  const unusual = [
    "curl -H \"x-api-key: k\" https://h/v2/a",
    "curl -H 'a: b' https://h/v2/a\\ b",
    "curl -H 'a: \"b\"' https://h/v2/a\\''",
    "curl -X PATCH --data 'it'\\''s' https://h/v3/alerts/al_1",
    "$ curl https://h/v2/a",
    "curl -G -d page=2 https://h/v2/intel",
    "curl -sG https://h/v2/intel -d page=2",
    "curl -XPOST https://h/v2/a",
    "curl --request=PUT https://h/v2/a",
    "curl -u user:pw https://h/v2/a",
    "curl -I https://h/v2/a",
    "curl h/v2/a",
    "curl ftp://h/v2/a",
    "curl https://h/v2/a https://h/v2/b",
    "curl 'https://h/v2/a",
    "curl -s",
    "curl -H",
    "curl '' https://h/v2/a",
    "curl\thttps://h/v2/a",
    "curl --oauth2-bearer tok https://h/v2/a",
    "curl -H 'a: b' --url https://h/v2/a",
    "wget https://h/v2/a",
    "curl -s1 https://h/v2/a",
    "curl '-s' https://h/v2/a",
    "curl -H'a: b' https://h/v2/a",
    "curl -s -H 'a: b' https://h/v2/a -H",
    "curl -X'POST' https://h/v2/a",
    "curl -sSkLvif https://h/v2/a",
    "curl -sX GET https://h/v2/a",
    "curl -sd x=1 https://h/v2/a",
    "curl - https://h/v2/a",
    "curl -- https://h/v2/a",
    "curl --silent=1 https://h/v2/a",
    "curl -H 'a: b' --max-time 5 https://h/v2/a",
  ];
  it("takes the common commands, and reads them as the full parser does", () => {
    for (const line of common) {
      expect(simpleCurl(line.trim()), line).toBeDefined();
      expect(parseCurl(line), line).toEqual(parseCurlFull(line.trim()));
    }
  });
  it("leaves the others to the full parser", () => {
    for (const line of unusual) {
      expect(simpleCurl(line.trim()), line).toBeUndefined();
      expect(parseCurl(line), line).toEqual(parseCurlFull(line.trim()));
    }
    expect(parseCurl("  ")).toBeNull();
    expect(parseCurl("# curl https://h/v2/a")).toBeNull();
  });
});

describe("writers: names remembered, values not", () => {
  // the writers as they were before names were remembered (the reference)
  const quoteRef = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const headersRef = (item: RequestItem) => (item.req.headers ?? []).filter(([k]) => !["host", "content-length", "connection"].includes(k.toLowerCase()))
    .map(([k, v]): [string, string] => [k, redactHeaderValue(k, v)]);
  const curlRef = (item: RequestItem, to: Shape, u: string) => {
    const words = ["curl"];
    if (to.method === "HEAD") words.push("-I");
    else if (to.method !== "GET") words.push("-X", to.method);
    words.push("-H", '"x-api-key: $MIDS_API_KEY"');
    for (const [k, v] of headersRef(item)) if (!isSecretHeader(k)) words.push("-H", quoteRef(`${k}: ${v}`));
    if (item.req.body !== undefined && to.method !== "GET" && to.method !== "HEAD") words.push("--data-raw", quoteRef(redactBody(item.req.body)));
    u = u.replace(/^(https?:\/\/)[^/]*@/, "$1"); // a command carries no userinfo
    words.push(u.startsWith("/") ? `"$MIDS_BASE_URL"${quoteRef(u)}` : quoteRef(u));
    return words.join(" ") + "\n";
  };

  it("shellQuote quotes as the pattern did", async () => {
    const { shellQuote } = await import("../../src/migrate/codecs/curl/shell.js");
    for (const w of ["", "abc", "a b", "it's", "''", "é", "a\nb", "x-api-key: k", "/v2/p?a=1&b=2", "https://h/v2/x", "$HOME", "a\\b", "😀", "_@%+=:,./-", "a\tb", "\u0080"]) {
      expect(shellQuote(w), JSON.stringify(w)).toBe(quoteRef(w));
    }
  });

  it("each header's value is redacted on its own, whatever the name's last value was", () => {
    const values = ["application/json", "token=abc", "application/json", "Bearer sk_live_1", "x", "a'b", "x", "a@b"];
    const names = ["Accept", "X-Note", "x-api-key", "X-Api-Key", "Authorization", "Host", "Content-Length", "X-Trace", "accept"];
    const origins = ["https://api.example.com", "https://u:pw@h", "https://api.example.com", "", "http://h:8080", "https://h:pa"];
    const to: Shape = { method: "POST", path: "/v3/x", query: { a: "1", "b c": "d'e", "0": "z" } };
    const writers = (["curl", "har", "http", "ndjson"] as const).map((f) => [f, makeWriter(f, { version: "t" })] as const);
    for (let n = 0; n < 40; n++) {
      const headers = names.map((k, i): [string, string] => [k, values[(n + i) % values.length]]);
      const origin = origins[n % origins.length];
      const item: RequestItem = { kind: "request", position: n, source: { format: "curl" }, req: { method: "POST", origin, path: "/v2/x", query: [], headers, body: n % 2 ? "a=1&token=sk" : undefined } };
      // the rewrite stage's target: the origin + targetOf(to)
      const target = origin + targetOf(to);
      for (const [f, w] of writers) {
        const text = w.write(item, to, target);
        for (const secret of ["abc", "sk_live_1", ":pw@", "pa@", "=sk"]) expect(text, `${f} ${n}`).not.toContain(secret);
        const u = (redactOrigin(origin) || "") + "/v3/x?0=z&a=1&b%20c=d'e";
        expect(targetOf(to)).toBe("/v3/x?0=z&a=1&b%20c=d'e");
        if (f === "curl") expect(text, `${n}`).toBe(curlRef(item, to, (redactOrigin(origin) || "") + target.slice(origin.length)));
        if (f === "http") expect(text.split("\n").slice(1, 1 + 7)).toEqual(headersRef(item).map(([k, v]) => `${k}: ${v}`));
        if (f === "har") {
          const e = JSON.parse(text.replace(/^,\n/, ""));
          expect(e.request.headers, `${n}`).toEqual(headersRef(item).map(([name, value]) => ({ name, value })));
          expect(e.request.queryString).toEqual([{ name: "0", value: "z" }, { name: "a", value: "1" }, { name: "b c", value: "d'e" }]);
          expect(e.request.url).toBe(u);
        }
        if (f === "ndjson") expect(JSON.parse(text).headers).toEqual(Object.fromEntries(headersRef(item)));
      }
    }
    expect(redactText("token=abc")).toBe("token=***");
  });

  it("HAR query names and methods with quotes, escapes and unicode are JSON as before", () => {
    const w = makeWriter("har", { version: "t" });
    const names = ['x"y', "a\\b", "é\u2028", "__proto__", "0", "x\ny"];
    for (let n = 0; n < 3; n++) {
      const query: Record<string, string> = {};
      for (const k of names) query[k] = `${k}${n}`;
      const to: Shape = { method: n ? 'P"T' : "GET", path: "/v3/x", query };
      const item: RequestItem = { kind: "request", position: n, source: { format: "curl" }, req: { method: "GET", origin: "", path: "/v2/x", query: [] } };
      const text = w.write(item, to, targetOf(to)).replace(/^,\n/, "");
      expect(text).toContain(`"queryString":[${Object.keys(query).map((k) => `{"name":${JSON.stringify(k)},"value":${JSON.stringify(query[k])}}`).join(",")}]`);
      expect(JSON.parse(text).request.method).toBe(to.method);
    }
  });

  it("an ndjson line keeps an absolute URL absolute, whatever its case", () => {
    const w = makeWriter("ndjson", { version: "t" });
    for (const [url, abs] of [["https://h/v2/x", true], ["HTTP://h/v2/x", true], ["Https://h/v2/x", true], ["/v2/x", false], ["http:/v2/x", false], ["ftp://h/v2/x", false], ["httpx://h", false]] as const) {
      const obj: Record<string, unknown> = { method: "GET", url };
      const item: RequestItem = { kind: "request", position: 1, req: { method: "GET", origin: "https://h", path: "/v2/x", query: [] }, source: { format: "ndjson", flat: false, obj, holder: obj, urlKey: "url", methodKey: "method", absolute: undefined } as ParsedJsonSource };
      expect(JSON.parse(w.write(item, { method: "GET", path: "/v3/x", query: {} }, "https://h/v3/x")).url, url).toBe(abs ? "https://h/v3/x" : "/v3/x");
    }
  });
});

describe("JSON lines: headers read without temporary arrays, as before", () => {
  const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
  // readHeaders as it was (the reference)
  function headersRef(h: unknown): [string, string][] | undefined {
    if (Array.isArray(h)) {
      if (h.every((x) => typeof x === "string")) return h.flatMap((x, i) => (i % 2 ? [] : [[x as string, String(h[i + 1] ?? "")] as [string, string]]));
      return h.flatMap((x): [string, string][] => (isObj(x) ? [[String(x.name ?? x.key ?? ""), String(x.value ?? "")]]
        : Array.isArray(x) && typeof x[0] === "string" ? [[x[0], String(x[1] ?? "")]] : []));
    }
    if (isObj(h)) return Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]);
    return undefined;
  }
  const cases: unknown[] = [
    [], ["x-api-key", "sk_1", "Accept"], ["a", "b", "c", "d"], [["x-api-key", "sk_2"], ["Accept"], [1, 2], "stray", null, 3],
    [{ name: "Authorization", value: "Bearer t" }, { key: "token", value: "t2" }, { value: "v" }, { name: null, value: null }, { name: 1, value: [1, [2, "x"]] }],
    { "x-api-key": "sk_3", Accept: ["a", "b"], n: 1, o: { p: "q" }, z: null, "__proto__": "p", "é😀": "ü" },
    "x-api-key: sk_4", 7, null, { }, [{ }],
  ];
  it("reads every shape as the previous reader did", () => {
    for (const h of cases) expect(readHeaders(JSON.parse(JSON.stringify(h))), JSON.stringify(h)).toEqual(headersRef(JSON.parse(JSON.stringify(h))));
    // a parsed line: "__proto__" is an own key there
    const line = '{"method":"get","url":"/v2/x","headers":{"__proto__":"v","x-api-key":"sk_5"},"query":{"__proto__":"q","a":1}}';
    const r = parseJsonLine(line);
    expect(typeof r === "object" && r && r.req).toEqual({ method: "GET", origin: "", path: "/v2/x", query: [["__proto__", "q"], ["a", "1"]], headers: [["__proto__", "v"], ["x-api-key", "sk_5"]] });
  });
  it("finds the method beside the url, on the object, or none", () => {
    const get = (o: unknown) => { const r = parseJsonLine(JSON.stringify(o)); return typeof r === "object" && r ? [r.req.method, r.source] : r; };
    expect(get({ verb: "post", request: { url: "/v2/x" } })).toEqual(["POST", expect.objectContaining({ urlKey: "url", methodKey: "method" })]);
    expect(get({ method: "", request: { requestMethod: "put", uri: "/v2/x" } })).toEqual(["PUT", expect.objectContaining({ urlKey: "uri", methodKey: "requestMethod" })]);
    expect(get({ request: { url: "" }, http: { path: "/v2/y" } })).toEqual(["GET", expect.objectContaining({ urlKey: "path", methodKey: "method" })]);
    expect(get({ method: 1, url: "/v2/x", body: { token: "t" } })).toEqual(["GET", expect.anything()]);
  });
});
