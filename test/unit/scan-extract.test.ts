// Reading v2 route references out of source text in any language, and what --fix would write.
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/migrate/scan/analyze.js";
import { extractRoutes } from "../../src/migrate/scan/extract.js";
import { lineStarts, position, positioner } from "../../src/migrate/scan/scan.js";
import { rewrite } from "../../src/migrate/rewrite.js";

const now = new Date("2026-05-01T00:00:00Z");
const opts = { now, ownHost: (h: string | undefined) => h === "api.mids.example" };
/** each reference: its source text, the route with placeholders as {name}, its status and what --fix writes */
function scan(src: string) {
  return extractRoutes(src).map((r) => {
    const u = analyze(src, r, opts);
    return { text: src.slice(r.start, r.end), host: r.host, status: u?.status, from: u ? u.from.path + (Object.keys(u.from.query).length ? "?" + Object.entries(u.from.query).map(([k, v]) => `${k}=${v}`).join("&") : "") : undefined, replacement: u?.replacement };
  });
}

describe("placeholders and concatenations", () => {
  it.each([
    ["template literal", "fetch(`${BASE}/v2/projects/${id}/rank?start=${s}`)", "/v2/projects/${id}/rank?start=${s}", "/v2/projects/{id}/rank?start={s}", "/v3/projects/${id}/series/rank?from=${s}"],
    ["f-string", 'requests.get(f"{base}/v2/projects/{pid}/rank")', "/v2/projects/{pid}/rank", "/v2/projects/{pid}/rank", "/v3/projects/{pid}/series/rank"],
    ["% format", 'url = "%s/v2/intel/%s" % (base, iid)', "/v2/intel/%s", "/v2/intel/{%s}", "/v3/intel/%s"],
    ["Sprintf", 'fmt.Sprintf("%s/v2/projects/%d/rank", b, n)', "/v2/projects/%d/rank", "/v2/projects/{%d}/rank", "/v3/projects/%d/series/rank"],
    // (with its start: end alone becomes to with a from mids cannot work out of %(e)s, and is left)
    ["% format with a named base", 'url = "%(base)s/v2/projects/%(id)s/rank?start=%(s)s&end=%(e)s" % d', "/v2/projects/%(id)s/rank?start=%(s)s&end=%(e)s", "/v2/projects/{%(id)s}/rank?start={%(s)s}&end={%(e)s}", "/v3/projects/%(id)s/series/rank?from=%(s)s&to=%(e)s"],
    ["Sprintf with an indexed base", 'fmt.Sprintf("%[1]s/v2/intel/%[2]s", b, id)', "/v2/intel/%[2]s", "/v2/intel/{%[2]s}", "/v3/intel/%[2]s"],
    ["-f format", '"{0}/v2/signals/{1}" -f $b, $id', "/v2/signals/{1}", "/v2/signals/{1}", "/v3/intel/{1}"],
    ["shell variable", 'curl "$MIDS_BASE_URL/v2/intel/$ID"', "/v2/intel/$ID", "/v2/intel/{ID}", "/v3/intel/$ID"],
    ["Ruby", 'get("#{base}/v2/intel/#{id}")', "/v2/intel/#{id}", "/v2/intel/{id}", "/v3/intel/#{id}"],
    ["express route", "app.get('/v2/intel/:id', h)", "/v2/intel/:id", "/v2/intel/{id}", "/v3/intel/:id"],
    ["concatenation", 'x = BASE + "/v2/projects/" + id + "/rank";', '/v2/projects/" + id + "/rank', "/v2/projects/{id}/rank", '/v3/projects/" + id + "/series/rank'],
    ["concatenation over lines", 'x = "/v2/projects/" +\n  p.id +\n  "/rank"', '/v2/projects/" +\n  p.id +\n  "/rank', "/v2/projects/{p.id}/rank", '/v3/projects/" +\n  p.id +\n  "/series/rank'],
    ["PHP concatenation", '$u = "/v2/intel/" . $id . "?activity=none";', '/v2/intel/" . $id . "?activity=none', "/v2/intel/{id}?activity=none", null],
    ["a value at the end", 'get("/v2/intel/" + str(i), timeout=3)', '/v2/intel/" + str(i)', "/v2/intel/{str(i)}", '/v3/intel/" + str(i)'],
    ["a built query string", 'get("/v2/projects?" + qs)', '/v2/projects?" + qs', "/v2/projects", null],
    ["adjacent literals", 'u = ("/v2/projects"\n     "?xHandles=a")', '/v2/projects"\n     "?xHandles=a', "/v2/projects?xHandles=a", null],
    ["adjacent literals, the next an f-string", 'u = ("/v2/projects/"\n     f"{pid}/rank")', '/v2/projects/"\n     f"{pid}/rank', "/v2/projects/{pid}/rank", '/v3/projects/"\n     f"{pid}/series/rank'],
    // the chunk after a placeholder holds several literals and the change is in a later one
    ["adjacent literals after a placeholder, a later one changing", 'u = (f"{base}/v2/projects/{pid}/"\n     "momentum?clusters=false")', '/v2/projects/{pid}/"\n     "momentum?clusters=false', "/v2/projects/{pid}/momentum?clusters=false", '/v3/projects/{pid}/"\n     "series/trend'],
    ["concatenated literals after a value, a later one changing", 'x = "/v2/projects/" + id + "/" + "momentum?clusters=false";', '/v2/projects/" + id + "/" + "momentum?clusters=false', "/v2/projects/{id}/momentum?clusters=false", '/v3/projects/" + id + "/" + "series/trend'],
    ["a trailing slash the code appends to", 'get("/v2/signals/", id)', "/v2/signals/", "/v2/signals/", "/v3/intel/"],
    ["a trailing slash, nothing below it", 'get("/v2/clusters/")', "/v2/clusters/", "/v2/clusters/", "/v3/clusters/"],
    // the code appends to a path whose sub-routes move in v3 (series/rank, reports/{id}, vocabulary): left
    ["appending to a project's path", 'base = "/v2/projects/" + id + "/";', '/v2/projects/" + id + "/', "/v2/projects/{id}/", null],
    ["appending to a literal project's path", 'P = "/v2/projects/p1/"', "/v2/projects/p1/", "/v2/projects/p1/", null],
    ["appending to the projects list path", 'P = "/v2/projects/"', "/v2/projects/", "/v2/projects/", null],
    ["appending to the topics list path", 'T = `${BASE}/v2/topics/`', "/v2/topics/", "/v2/topics/", null],
  ])("%s", (_, src, text, from, replacement) => {
    const [r] = scan(src);
    expect(r).toMatchObject({ text, from, replacement });
  });

  it("says why it leaves a route whose change spans joined strings (no value moves)", () => {
    const spans = analyze('u = (f"/v2/projects/{pid}/rank"\n     f"?start={s}")', extractRoutes('u = (f"/v2/projects/{pid}/rank"\n     f"?start={s}")')[0], opts)!;
    expect([spans.status, spans.replacement, spans.manual]).toEqual(["partial", null, "the v3 text changes across strings the code joins (rewrite them as one)"]);
  });

  it("a plain momentum call is partial (its cluster breakdown is on by default): --fix leaves it; clusters=false is fixed", () => {
    expect(scan("fetch(`${BASE}/v2/projects/${id}/momentum?start=${s}`)")[0]).toMatchObject({ status: "partial", replacement: null });
    expect(scan("fetch(`${BASE}/v2/projects/${id}/momentum?clusters=false`)")[0]).toMatchObject({ status: "rewritten", replacement: "/v3/projects/${id}/series/trend" });
  });
  it("a method call on a string is not a concatenation", () => {
    expect(scan('"{}/v2/projects/{}/rank".format(base, pid)')[0]).toMatchObject({ text: "/v2/projects/{}/rank", replacement: "/v3/projects/{}/series/rank" });
  });
  it("renamed query parameters are fixed in place; literal values keep their spelling", () => {
    expect(scan('"/v2/projects?xHandles=a%20b,c&chain=eth"')[0].replacement).toBe("/v3/projects?handles=a%20b,c&chain=eth");
  });
  it("keeps a path value as the code wrote it: --fix does not percent-encode the code's own id (both strategies)", () => {
    // before: `"/v2/projects/abc:def"` was fixed to `"/v3/projects/abc%3Adef"`
    for (const src of ['foo = "/v2/projects/abc:def"', 'foo = "/v2/projects/u@x+y/rank"', "get(`/v2/intel/${k}:x@y`)", 'x = "/v2/projects/abc%3adef"']) {
      const want = src.slice(src.indexOf("/v2"), src.lastIndexOf(src.endsWith(")") ? "`" : '"')).replace("/v2/", "/v3/").replace("/rank", "/series/rank");
      for (const general of [false, true]) {
        const u = analyze(src, extractRoutes(src)[0], { ...opts, general })!;
        expect(u.replacement, `${src} general=${general}`).toBe(want);
        // and the v3 request shown says the same (before: `-> GET /v3/projects/abc%3Adef` beside `--fix: /v3/projects/abc:def`)
        if (!src.includes("${")) expect(u.to!.path, src).toBe(want.split("?")[0]);
      }
    }
  });
  it("the page size a list read without one is given is a note, never written into code that may build the rest of the query", () => {
    const src = 'get("/v2/projects")';
    const u = analyze(src, extractRoutes(src)[0], opts)!;
    expect([u.status, u.replacement, u.to!.path]).toEqual(["rewritten", "/v3/projects", "/v3/projects"]);
    expect(u.rules).toContain("v2-default-page-size");
  });
});

describe("what is and is not a v2 usage", () => {
  it("takes the host of a URL; ignores /v2 after another segment and longer version names", () => {
    expect(scan("see https://API.mids.example:8443/v2/topics.").map((r) => [r.text, r.host])).toEqual([["/v2/topics", "api.mids.example:8443"]]);
    expect(scan("/api/v2/projects github.com/acme/sdk/v2 /v20/projects /v2beta/x /v2.1/projects")).toEqual([]);
  });
  it("ignores a relative file path through a v2 directory (an import, a require, a shell path)", () => {
    expect(scan('import { t } from "../v2/topics";\nconst c = require(\'./v2/clusters\');\nsource ~/v2/topics\nx("../../v2/intel")')).toEqual([]);
    expect(scan('fetch("/v2/topics"); fetch(`${BASE}/v2/clusters`)').map((r) => r.text)).toEqual(["/v2/topics", "/v2/clusters"]);
  });
  it("a placeholder where the v2 routes have a fixed segment: the code picks a v2 route, unrecognized on any host", () => {
    expect(scan('a(`${BASE}/v2/projects/${id}/${measure}`); b("https://other.example/v2/topics/" + t + "/" + what)').map((r) => [r.text, r.status, r.replacement])).toEqual([
      ["/v2/projects/${id}/${measure}", "unrecognized", null],
      ['/v2/topics/" + t + "/" + what', "unrecognized", null],
    ]);
    // a generic client of any API, and other APIs' routes, stay out
    expect(scan('a(`https://other.example/v2/${endpoint}`); b(`${BASE}/v2/users/${id}/${kind}`); c(`${BASE}/v2/${res}/${id}`)').map((r) => r.status)).toEqual([undefined, undefined, undefined]);
  });
  it("unknown routes and the bare /v2 count only on the API's own host", () => {
    expect(scan('a("https://other.example/v2/users"); b("/v2/nope"); c("https://other.example/v2")').map((r) => r.status)).toEqual([undefined, undefined, undefined]);
    expect(scan('a("https://api.mids.example/v2/users"); b("https://api.mids.example/v2")').map((r) => r.status)).toEqual(["unrecognized", "removed"]);
    expect(scan('x("https://other.example/v2/projects/p1/candles")')[0].status).toBe("removed"); // a known route, on any host
  });
  it("drops a sentence's punctuation after a bare URL, not a string's", () => {
    expect(scan("Call /v2/clusters, then /v2/topics.").map((r) => r.text)).toEqual(["/v2/clusters", "/v2/topics"]);
    // also after a placeholder: a sentence's, and a YAML key's colon (an OpenAPI file's paths)
    expect(scan("paths:\n  /v2/projects/{id}:\n    get: {}\n  /v2/projects/{id}/rank:\nSee /v2/intel/{id}.").map((r) => r.text)).toEqual(["/v2/projects/{id}", "/v2/projects/{id}/rank", "/v2/intel/{id}"]);
  });
  it("a string's last colon (a key written as a string, YAML keys in JSON) is not part of the route; --fix keeps it", () => {
    // before: "/v2/clusters:" matched no route and was not reported at all
    expect(scan('routes: ["/v2/clusters:", "/v2/intel:"]').map((r) => [r.text, r.status, r.replacement])).toEqual([["/v2/clusters", "rewritten", "/v3/clusters"], ["/v2/intel", "rewritten", "/v3/intel"]]);
    // other punctuation ending a string is the string's own (`"/v2/projects?"` then a built query)
    expect(scan('get("/v2/clusters.")')[0].text).toBe("/v2/clusters.");
  });
  it("reads HTML's &amp; between query pairs as `&`, and --fix writes it back as &amp;", () => {
    // before: the route ended at the `;`, `amp` was read as an unknown parameter, xHandles went unseen, and --fix left it
    expect(scan('<a href="https://api.mids.example/v2/projects?limit=20&amp;xHandles=foo&amp;tickers=BTC">')[0]).toMatchObject({ status: "rewritten", from: "/v2/projects?limit=20&xHandles=foo&tickers=BTC", replacement: "/v3/projects?limit=20&amp;handles=foo&amp;tickers=BTC" });
    expect(scan('<a href="/v2/projects/p1/rank?start=2026-01-01&amp;end=2026-01-02">')[0].replacement).toBe("/v3/projects/p1/series/rank?from=2026-01-01&amp;to=2026-01-02");
    // a `;` after anything else still ends the route
    expect(scan('u = "/v2/clusters?x=1&am;y"')[0].text).toBe("/v2/clusters?x=1&am");
  });
  it("says the same as migrate's rewriter for the same request", () => {
    const [u] = extractRoutes('"/v2/projects?page=3&limit=80&minMarketCap=5"').map((r) => analyze('"/v2/projects?page=3&limit=80&minMarketCap=5"', r, opts)!);
    const o = rewrite({ method: "GET", origin: "", path: "/v2/projects", query: [["page", "3"], ["limit", "80"], ["minMarketCap", "5"]] }, { now });
    expect({ status: u.status, notes: u.notes, to: u.to }).toEqual({ status: o.status, notes: o.notes, to: o.to });
  });
});

describe("positions", () => {
  it("counts UTF-16 code units: an emoji is two columns, a tab and an accented letter one each", () => {
    const text = "a\n\t😀 é \"/v2/topics\"\r\n";
    const starts = lineStarts(text);
    expect(position(starts, text.indexOf("/v2"))).toEqual({ line: 2, column: 8 });
    expect(position(starts, 0)).toEqual({ line: 1, column: 1 });
  });
  it("counts on along one long line (a minified file) and agrees with a fresh count everywhere", () => {
    const text = "x\n" + "f('/v2/topics');😀\t".repeat(50) + "\r\nend /v2/clusters\n";
    const starts = lineStarts(text);
    const offsets = [...text.matchAll(/\/v2|\)|e/g)].map((m) => m.index);
    const pos = positioner(text);
    for (const o of [...offsets, 0, offsets[3], text.length]) expect(pos(o), `offset ${o}`).toEqual(position(starts, o));
  });
});
