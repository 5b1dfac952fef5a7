// AWS CloudFront standard access logs: tab-separated, the fields named by a `#Fields:` header.
// migrate finds them by that header (--from-format cloudfront forces it, with CloudFront's own
// field order when the header was cut off), reads the request from cs-method, cs-uri-stem and
// cs-uri-query (CloudFront writes `%` as `%25`: `%2520` is the request's `%20`), and writes the
// log back as one: its header, then each record with the v3 request in those fields, the rest
// as it was but for secrets (a cookie whole, a referer's token).
import { describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runMain, runMids, tempDir } from "../helpers/cli.js";
import { detectFormat } from "../../src/migrate/detect.js";
import { CLOUDFRONT_FIELDS } from "../../src/migrate/codecs/access/cloudfront.js";

const dir = tempDir("cloudfront-");
const FIELDS = CLOUDFRONT_FIELDS;
const HEADER = ["#Version: 1.0", `#Fields: ${FIELDS.join(" ")}`];
const SECRETS = ["sk_live_CFKEY", "t0kenCF", "s3ssionCF"];

function record(v: Record<string, string>): string {
  const base: Record<string, string> = {
    date: "2026-11-28", time: "10:00:00", "x-edge-location": "FRA56-P1", "sc-bytes": "612", "c-ip": "192.0.2.10", "cs-method": "GET",
    "cs(Host)": "d111111abcdef8.cloudfront.net", "sc-status": "200", "cs(Referer)": "-", "cs(User-Agent)": "curl/8.5.0", "cs-uri-query": "-",
    "cs(Cookie)": "-", "x-host-header": "api.example.com", "cs-protocol": "https",
  };
  return FIELDS.map((f) => v[f] ?? base[f] ?? "-").join("\t");
}
const fieldOf = (line: string, name: string) => line.split("\t")[FIELDS.indexOf(name)];

describe("migrate: CloudFront standard logs", () => {
  const records = [
    record({ "cs-uri-stem": "/v2/projects", "cs-uri-query": "names=Uniswap%2520Labs&api_key=sk_live_CFKEY", "cs(Referer)": "https://app.example/cb?token=t0kenCF", "cs(Cookie)": "session=s3ssionCF" }),
    record({ "cs-uri-stem": "/v2/projects/p1/rank", "cs-uri-query": "at=2026-11-01T00:00:00Z", "cs(User-Agent)": "Mozilla/5.0%20(X11;%20Linux)" }),
    record({ "cs-uri-stem": "/v3/projects/a%2525b" }),
    record({ "cs-uri-stem": "/v2/projects/p1/candles" }),
    "a line\tthat is no record",
  ];
  const file = join(dir, "E2EXAMPLE.2026-11-28-10.abcd1234");
  writeFileSync(file, [...HEADER, ...records].join("\n") + "\n");

  it("is found by its header and written back as a CloudFront log, the v3 request in its own fields", async () => {
    expect(detectFormat([...HEADER, records[0]].join("\n") + "\n")).toBe("cloudfront");
    const r = await runMids(["migrate", file]);
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.trimEnd().split("\n");
    expect(out.slice(0, 2)).toEqual(HEADER);
    const recs = out.slice(2);
    expect(recs.map((l) => [fieldOf(l, "cs-method"), fieldOf(l, "cs-uri-stem"), fieldOf(l, "cs-uri-query")])).toEqual([
      // written as CloudFront writes a field: the v3 target's `%` as `%25`
      ["GET", "/v3/projects", "names=Uniswap%2520Labs&limit=20"],
      ["GET", "/v3/projects/p1/series/rank", "to=2026-11-01T00:00:00Z&from=2026-10-25T00:00:00.000Z"],
      ["GET", "/v3/projects/a%2525b", "-"],
    ]);
    // every other field as it was, but the cookie (whole) and the referer's token
    expect(recs[0].split("\t").filter((_, i) => ![5, 7, 9, 11, 12].includes(i))).toEqual(records[0].split("\t").filter((_, i) => ![5, 7, 9, 11, 12].includes(i)));
    expect([fieldOf(recs[0], "cs(Cookie)"), fieldOf(recs[0], "cs(Referer)")]).toEqual(["***", "https://app.example/cb?token=***"]);
    expect(fieldOf(recs[1], "cs(User-Agent)")).toBe("Mozilla/5.0%20(X11;%20Linux)");
    expect(r.stderr).toContain("line 6: removed: GET /v2/projects/p1/candles");
    expect(r.stderr).toMatch(/line 7: invalid: not a CloudFront log record/);
    for (const s of SECRETS) expect(r.stdout + r.stderr).not.toContain(s);
  });

  it("reads the query as the request had it, converts with the distribution's host, and --from-format cloudfront reads a log without its header", async () => {
    const report = await runMain(["migrate", file, "-o", "ndjson", "-q"]);
    const first = JSON.parse(report.stdout.split("\n")[0]);
    expect(first.from.query).toEqual({ names: "Uniswap Labs", api_key: "***" });
    const curl = await runMain(["migrate", file, "--to", "curl", "-q"]);
    expect(curl.stdout.split("\n")[0]).toBe(`curl -H "x-api-key: $MIDS_API_KEY" 'https://api.example.com/v3/projects?names=Uniswap%20Labs&limit=20'`);
    for (const to of ["curl", "har", "ndjson", "http"]) {
      const w = await runMain(["migrate", file, "--to", to, "-q"]);
      for (const s of SECRETS) expect(w.stdout + w.stderr, to).not.toContain(s);
    }
    const bare = join(dir, "no-header.log");
    writeFileSync(bare, records.slice(0, 2).join("\n") + "\n");
    const guessed = await runMain(["migrate", bare, "-o", "ndjson", "-q"]);
    expect(JSON.parse(guessed.stdout.split("\n")[0]).status).toBe("invalid");
    const forced = await runMain(["migrate", bare, "--from-format", "cloudfront", "-q"]);
    const lines = forced.stdout.split("\n");
    expect(lines.slice(0, 2)).toEqual(HEADER);
    expect(lines.slice(2, 4).map((l) => fieldOf(l, "cs-uri-stem"))).toEqual(["/v3/projects", "/v3/projects/p1/series/rank"]);
    // forced on a log that is none: every line an invalid entry, and no header over no records
    const access = join(dir, "plain-access.log");
    writeFileSync(access, `1.2.3.4 - - [28/Nov/2026:10:00:01 +0000] "GET /v2/projects HTTP/1.1" 200 5 "-" "x"\n`);
    const wrong = await runMain(["migrate", access, "--from-format", "cloudfront"]);
    expect(wrong.stderr).toMatch(/line 1: invalid: not a CloudFront log record/);
    expect(wrong.stdout).toBe("");
  });

  it("logs joined from two layouts: a header of other fields goes out again before its records, the same fields again do not", async () => {
    const old = ["date", "time", "cs-method", "cs-uri-stem", "cs-uri-query", "x-host-header", "cs-protocol"];
    const oldRecord = (stem: string) => ["2026-11-28", "09:00:00", "GET", stem, "-", "api.example.com", "https"].join("\t");
    const joined = join(dir, "joined.log");
    writeFileSync(joined, [
      ...HEADER, records[1],
      "#Version: 1.0", `#Fields: ${old.join(" ")}`, oldRecord("/v2/projects/p2/rank"),
      // (an unknown route first: the header still goes out before the records of its fields)
      "#Version: 1.0", `#Fields: ${FIELDS.join(" ")}`, record({ "cs-uri-stem": "/v2/gone" }), record({ "cs-uri-stem": "/v2/projects/p3/rank" }),
      "#Version: 1.0", `#Fields: ${FIELDS.join(" ")}`, record({ "cs-uri-stem": "/v2/projects/p4/rank" }),
    ].join("\n") + "\n");
    const r = await runMids(["migrate", joined]);
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.trimEnd().split("\n");
    expect(out.filter((l) => l.startsWith("#Fields:"))).toEqual([HEADER[1], `#Fields: ${old.join(" ")}`, HEADER[1]]);
    // every record read under the header above it: its stem where that header names cs-uri-stem
    let names: string[] = [];
    const stems: string[] = [];
    for (const l of out) {
      if (l.startsWith("#Fields:")) names = l.slice(8).trim().split(" ");
      else if (!l.startsWith("#")) stems.push(l.split("\t")[names.indexOf("cs-uri-stem")]);
    }
    expect(stems).toEqual(["/v3/projects/p1/series/rank", "/v3/projects/p2/series/rank", "/v3/projects/p3/series/rank", "/v3/projects/p4/series/rank"]);
  });

  it("never shares a rewrite with an access line that reads alike: a record's fields are read otherwise", async () => {
    // `names=a%2520b` is `a b` in a CloudFront record and `a%20b` in a bare access request line:
    // the second access line, after the record, must still be read as an access line
    const access = join(dir, "bare.log");
    writeFileSync(access, "GET /v2/projects?names=a%2520b\n");
    const cf = join(dir, "one-record.log");
    writeFileSync(cf, [...HEADER, record({ "cs-uri-stem": "/v2/projects", "cs-uri-query": "names=a%2520b" })].join("\n") + "\n");
    const r = await runMain(["migrate", access, cf, access, "-o", "ndjson", "-q"]);
    const names = r.stdout.trimEnd().split("\n").slice(0, -1).map((l) => JSON.parse(l).from.query.names);
    expect(names).toEqual(["a%20b", "a b", "a%20b"]);
  });
});
