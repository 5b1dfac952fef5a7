// `mids migrate` end to end: the built CLI on the sample logs of each format under
// test/fixtures/migrate/, plus --resolve against one sandbox.
// (The first test runs the built CLI; the later ones run main(argv) in this process: the same
// program, without a CLI start-up each.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSync, mkdtempSync, openSync, writeFileSync } from "node:fs";
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, runMain, runMids, startSandbox, tempDir, type SandboxProcess } from "../helpers/cli.js";
import { ROUTES } from "../../src/contract/routes.js";
import { ASSUMED } from "../../src/contract/assumed.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const FIX = join(ROOT, "test/fixtures/migrate");
const fx = (name: string) => join(FIX, name);
// every secret planted in the fixtures; none may appear in any output
const SECRETS = ["SECRETSECRET", "REFERERSECRET", "NDJSONSECRET", "BODYSECRET", "CURLSECRET", "BEARERSECRET", "HARSECRET"];
const noSecrets = (r: { stdout: string; stderr: string }) => {
  for (const s of SECRETS) expect(r.stdout + r.stderr, s).not.toContain(s);
};

describe("access logs", () => {
  it("writes the rewritten lines in the log's own format and lists what was left out on stderr", async () => {
    const r = await runMids(["migrate", fx("combined.log")]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('203.0.113.7 - - [01/Oct/2026:09:00:01 +0000] "GET /v3/projects?limit=20&handles=uniswap,aave&chain=ethereum HTTP/1.1" 200 5120 "-" "acme-bot/2.1"');
    expect(lines[1]).toContain('"GET /v3/projects?limit=20 HTTP/1.1"');
    expect(lines[1]).toContain("token=***");
    expect(lines[3]).toContain("/v3/projects/64b7f0c2a1b2c3d4e5f60718/series/rank?from=2026-09-01T00:00:00Z&to=2026-09-08T00:00:00Z");
    expect(r.stdout).not.toContain("/v2/");
    expect(r.stderr).toMatch(/migrate: 9 requests: 3 rewritten, 2 partial, 1 removed, 1 unrecognized, 1 unchanged, 1 invalid/);
    expect(r.stderr).toMatch(/GET \/v2\/projects\s+1\s+1\s+0/);
    expect(r.stderr).toContain("line 5: removed: GET /v2/projects/64b7f0c2a1b2c3d4e5f60718/candles (market-data-removed)");
    expect(r.stderr).toContain("line 7: unrecognized: GET /v1/projects (v1-to-v3)");
    expect(r.stderr).toContain("line 9: invalid: binary data");
    expect(r.stderr).toMatch(/signals-sunset \(1\): .*past their 2026-07-15 sunset/);
    noSecrets(r);
  });

  it("-o json prints one report with positions, statuses, from/to and notes", async () => {
    const r = await runMain(["migrate", fx("combined.log"), "-o", "json"]);
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout);
    expect(rep.summary).toEqual({ total: 9, rewritten: 3, partial: 2, removed: 1, unrecognized: 1, unchanged: 1, invalid: 1, skipped: 0 });
    expect(rep.requests.map((q: { position: number; status: string }) => `${q.position}:${q.status}`)).toEqual(
      ["1:rewritten", "2:partial", "3:partial", "4:rewritten", "5:removed", "6:rewritten", "7:unrecognized", "8:unchanged", "9:invalid"]);
    expect(rep.requests[1]).toMatchObject({
      from: { method: "GET", path: "/v2/projects", query: { page: "3", limit: "20", api_key: "***" } },
      to: { method: "GET", path: "/v3/projects", query: { limit: "20" } },
    });
    expect(rep.requests[1].notes.map((n: { rule: string }) => n.rule)).toEqual(expect.arrayContaining(["page-to-cursor", "key-in-query"]));
    expect(rep.requests[4].to).toBeNull();
    expect(r.stderr).not.toContain("left out");
    noSecrets(r);
  });

  it("-o ndjson prints one request per line, then the summary", async () => {
    const r = await runMain(["migrate", fx("bare.log"), "-o", "ndjson"]);
    const recs = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(recs).toHaveLength(5);
    expect(recs.slice(0, 4).map((x) => x.status)).toEqual(["rewritten", "rewritten", "removed", "partial"]);
    expect(recs[1].to).toEqual({ method: "GET", path: "/v3/vocabulary", query: {} });
    expect(recs[4]).toEqual({ summary: { total: 4, rewritten: 2, partial: 1, removed: 1, unrecognized: 0, unchanged: 0, invalid: 0, skipped: 0 } });
  });

  it("--fail-on exits 8 after writing the output", async () => {
    const r = await runMain(["migrate", fx("combined.log"), "--fail-on", "removed,unrecognized"]);
    expect(r.code).toBe(8);
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(6);
    expect(r.stderr).toMatch(/mids: 2 requests matched --fail-on: 1 removed, 1 unrecognized/);
    const ok = await runMain(["migrate", fx("bare.log"), "--fail-on", "unrecognized"]);
    expect(ok.code).toBe(0);
  });

  it("--to curl refers to $MIDS_API_KEY and $MIDS_BASE_URL", async () => {
    const r = await runMain(["migrate", fx("bare.log"), "--to", "curl"]);
    expect(r.stdout.split("\n")[0]).toBe(`curl -H "x-api-key: $MIDS_API_KEY" "$MIDS_BASE_URL"/v3/clusters`);
    expect(r.stdout).toContain(`curl -H "x-api-key: $MIDS_API_KEY" https://api.example.com/v3/vocabulary`);
  });

  it("--to curl: a placeholder left in the path ({reportId}) is sent as written (curl -g), not read as a URL glob", async () => {
    const log = "GET /v2/topics/t_1/report HTTP/1.1\n";
    const r = await runMain(["migrate", "--to", "curl"], { input: log });
    const line = r.stdout.trimEnd();
    expect(line).toMatch(/^curl -g -H "x-api-key: \$MIDS_API_KEY" "\$MIDS_BASE_URL"'\/v3\/reports\/\{reportId\}'$/);
    // run as written: curl asks for the placeholder, as the note says to replace it (without -g, /v3/reports/reportId)
    const h = await hostile((_req, res) => sendJson(res, 404, { code: "not_found", message: "no" }));
    // (asynchronously: the server answers from this process)
    await promisify(execFile)("sh", ["-c", `${line} -sS -o /dev/null`], { env: { PATH: process.env.PATH, MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }, timeout: 20_000 });
    expect(h.seen.map(decodeURIComponent)).toEqual(["/v3/reports/{reportId}"]);
  });

  it("reads stdin and several files, naming the file in the report", async () => {
    const piped = await runMain(["migrate", "-o", "json"], { input: "GET /v2/clusters HTTP/1.1\n" });
    expect(JSON.parse(piped.stdout).requests[0].to.path).toBe("/v3/clusters");
    const two = await runMain(["migrate", fx("bare.log"), fx("requests.ndjson"), "-o", "json"]);
    const rep = JSON.parse(two.stdout);
    expect(rep.summary.total).toBe(10);
    expect(rep.requests[4]).toMatchObject({ position: 1, file: fx("requests.ndjson") });
  });
});

describe("other formats", () => {
  it("JSON lines keep their shape, with the url and method rewritten and keys redacted", async () => {
    const r = await runMain(["migrate", fx("requests.ndjson")]);
    expect(r.code).toBe(0);
    const out = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(out).toEqual([
      // (read without a page size: v2's default is asked for, v3's is larger)
      { ts: "2026-10-01T09:00:00Z", method: "GET", url: `https://api.example.com/v3/projects?tickers=UNI&limit=${ASSUMED.v2DefaultLimit}`, headers: { "x-api-key": "***" } },
      { ts: "2026-10-01T09:00:01Z", request: { method: "GET", path: "/v3/intel/int_1" }, status: 200 },
      { ts: "2026-10-01T09:00:02Z", req: { method: "GET", url: "/v3/me" } },
    ]);
    expect(r.stderr).toContain("line 4: invalid: JSON object without a method and url or path");
    expect(r.stderr).toContain("line 5: invalid: not a JSON object");
    noSecrets(r);
  });

  it("curl commands (quoted, continued over lines) come back as curl with the key from the environment", async () => {
    const r = await runMain(["migrate", fx("commands.curl")]);
    const out = r.stdout.trimEnd().split("\n");
    expect(out).toEqual([
      `curl -H "x-api-key: $MIDS_API_KEY" 'https://api.example.com/v3/projects/64b7f0c2a1b2c3d4e5f60718/series/trend?to=2026-09-10T00:00:00Z&from=2026-09-03T00:00:00.000Z'`,
      `curl -H "x-api-key: $MIDS_API_KEY" https://api.example.com/v3/projects/64b7f0c2a1b2c3d4e5f60718`,
      `curl -g -H "x-api-key: $MIDS_API_KEY" 'https://api.example.com/v3/reports/{reportId}'`,
    ]);
    expect(r.stderr).toContain("line 7: invalid: curl command: unterminated single quote");
    noSecrets(r);
  });

  it("HAR in, HAR out: a valid HAR 1.2 document with the rewritten entries", async () => {
    const r = await runMain(["migrate", fx("traffic.har")]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.log.version).toBe("1.2");
    expect(doc.log.entries.map((e: { request: { url: string } }) => e.request.url)).toEqual([
      "https://api.example.com/v3/vocabulary", "https://api.example.com/v3/intel?limit=50&project=64b7f0c2a1b2c3d4e5f60718"]);
    expect(doc.log.entries[0].request.headers).toContainEqual({ name: "x-api-key", value: "***" });
    expect(r.stderr).toContain("entry 3: removed: GET /v2/projects/64b7f0c2a1b2c3d4e5f60718/metrics");
    noSecrets(r);
  });

  it("a truncated HAR gives the complete entries and one invalid entry, exit 0", async () => {
    const r = await runMain(["migrate", fx("truncated.har"), "-o", "json"]);
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout);
    expect(rep.requests.map((q: { position: number; status: string }) => `${q.position}:${q.status}`)).toEqual(["1:rewritten", "2:invalid"]);
    expect(rep.requests[1].notes[0].message).toMatch(/truncated HAR/);
  });

  it("--from-format overrides detection; --to converts HAR to JSON lines", async () => {
    const r = await runMain(["migrate", fx("bare.log"), "--from-format", "ndjson", "-o", "json"]);
    expect(JSON.parse(r.stdout).summary.invalid).toBe(4);
    const nd = await runMain(["migrate", fx("traffic.har"), "--to", "ndjson"]);
    expect(nd.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).url)).toEqual([
      "https://api.example.com/v3/vocabulary", "https://api.example.com/v3/intel?limit=50&project=64b7f0c2a1b2c3d4e5f60718"]);
  });

  it("binary, invalid UTF-8 and 1 MB lines are invalid entries, never a crash", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-migrate-"));
    const f = join(dir, "bad.log");
    writeFileSync(f, Buffer.concat([Buffer.from("GET /v2/clusters HTTP/1.1\n"), Buffer.from([0xc3, 0x28, 0x0a]), Buffer.alloc(1 << 20, 0x41), Buffer.from("\n\u0000\u0001\u0002\nGET /v2/topics HTTP/1.1\n")]));
    const r = await runMain(["migrate", f, "-o", "json"]);
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout);
    expect(rep.requests.map((q: { position: number; status: string }) => `${q.position}:${q.status}`)).toEqual(["1:rewritten", "2:invalid", "3:invalid", "4:invalid", "5:rewritten"]);
    expect(rep.requests[1].notes[0].message).toBe("not valid UTF-8");
    expect(rep.requests[2].notes[0].message).toMatch(/line longer than/);
  });
});

describe("usage", () => {
  it("bad flags and missing files are usage errors (exit 2) with a hint", async () => {
    for (const args of [["--to", "xml"], ["--from-format", "csv"], ["--fail-on", "broken"], ["-o", "csv"], ["--to", "curl", "-o", "json"]]) {
      const r = await runMain(["migrate", fx("bare.log"), ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^mids: /);
      expect(r.stdout).toBe("");
    }
    const missing = await runMain(["migrate", fx("nope.log")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*nope\.log/);
  });
});

describe("momentum's cluster breakdown (on by default, spec 4.1; v3 series have none)", () => {
  it("a call that gets it is partial with momentum-clusters-dropped; one that turns it off is rewritten; explain and scan agree", async () => {
    const input = "GET /v2/projects/P/momentum HTTP/1.1\nGET /v2/projects/P/momentum?clusters=true HTTP/1.1\nGET /v2/projects/P/momentum?clusters=false HTTP/1.1\n";
    const r = await runMain(["migrate", "-o", "ndjson"], { input });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(rows.slice(0, 3).map((x) => [x.status, x.notes.map((n: { rule: string }) => n.rule), x.to.query])).toEqual([
      ["partial", ["momentum-clusters-dropped"], {}], ["partial", ["momentum-clusters-dropped"], {}], ["rewritten", [], {}],
    ]);
    expect(rows[0].notes[0].message).toMatch(/^clusters=true \(the default\): v2 momentum returns a per-hour cluster breakdown/);
    // explain: a call without parameters is partial; the flag loses nothing when "false"
    const map = JSON.parse((await runMain(["migrate", "explain", "-o", "json"])).stdout);
    const m = map.routes.find((x: { id: string }) => x.id === "v2.projects.momentum");
    expect(m.status).toBe("partial");
    expect(m.params).toContainEqual({ name: "clusters", rule: "momentum-clusters-dropped", lossless: ["false"], default: "true" });
    expect((await runMain(["migrate", "explain", "-o", "table"])).stdout).toContain("    clusters -> (momentum-clusters-dropped unless false; default true)\n");
    // scan: the same statuses for the same calls in code, and --fix only for the one that loses nothing
    const dir = mkdtempSync(join(tmpdir(), "mids-momentum-"));
    writeFileSync(join(dir, "a.py"), 'a = get(BASE + "/v2/projects/P/momentum")\nb = get(BASE + "/v2/projects/P/momentum?clusters=true")\nc = get(BASE + "/v2/projects/P/momentum?clusters=false")\n');
    const scan = JSON.parse((await runMain(["migrate", "scan", dir, "--format", "json"])).stdout);
    expect(scan.findings.map((f: { status: string; rules: string[]; replacement: string | null }) => [f.status, f.rules, f.replacement])).toEqual([
      ["partial", ["momentum-clusters-dropped"], null], ["partial", ["momentum-clusters-dropped"], null], ["rewritten", [], "/v3/projects/P/series/trend"],
    ]);
  });
});

describe("curl commands with shell variables", () => {
  const dir = mkdtempSync(join(tmpdir(), "mids-curl-vars-"));
  const file = join(dir, "c.curl");
  writeFileSync(file, [
    `curl -H "Authorization: Bearer $TOKEN" "$BASE/v2/projects/$ID/rank?at=$AT"`,
    `curl -s "\${BASE}/v2/projects/\${ID}/momentum?at=2026-11-20T00:00:00Z&clusters=false"`,
    `curl -s $BASE/v2/intel/$IID`,
    `curl -s "/v2/signals/$SID"`,
    // single quotes: no expansion, the text is literal
    `curl -s 'https://api.example.com/v2/intel/$IID'`,
  ].join("\n") + "\n");

  it("keeps them expandable (double quotes, no percent-encoding, no http:// before $BASE), and they expand in a shell", async () => {
    const r = await runMain(["migrate", file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")).toEqual([
      `curl -H "x-api-key: $MIDS_API_KEY" "$BASE/v3/projects/$ID/series/rank?to=$AT"`,
      `curl -H "x-api-key: $MIDS_API_KEY" "\${BASE}/v3/projects/\${ID}/series/trend?to=2026-11-20T00:00:00Z&from=2026-11-13T00:00:00.000Z"`,
      `curl -H "x-api-key: $MIDS_API_KEY" "$BASE/v3/intel/$IID"`,
      `curl -H "x-api-key: $MIDS_API_KEY" "$MIDS_BASE_URL/v3/intel/$SID"`,
      `curl -H "x-api-key: $MIDS_API_KEY" https://api.example.com/v3/intel/%24IID`,
      "",
    ]);
    // run as bash would, curl replaced by a function that prints its arguments
    const bash = spawnSync("bash", ["-c", `curl() { printf '%s\\n' "$@"; }\n${r.stdout}`], {
      env: { PATH: process.env.PATH ?? "", BASE: "https://h.example", ID: "p 1", AT: "2026-11-01T00:00:00Z", IID: "i1", SID: "s1", MIDS_BASE_URL: "https://m.example", MIDS_API_KEY: "k" }, encoding: "utf8",
    });
    const urls = bash.stdout.split("\n").filter((l) => /^(https?:|')/.test(l));
    expect(urls.slice(0, 4)).toEqual([
      "https://h.example/v3/projects/p 1/series/rank?to=2026-11-01T00:00:00Z",
      "https://h.example/v3/projects/p 1/series/trend?to=2026-11-20T00:00:00Z&from=2026-11-13T00:00:00.000Z",
      "https://h.example/v3/intel/i1",
      "https://m.example/v3/intel/s1",
    ]);
  });

  it("`end` alone becomes `to` with `from` 7 days before it, v2's default start (series-window-from-end); with `start` nothing is defaulted", async () => {
    const end = "2026-11-20T00:00:00Z";
    const r = await runMain(["migrate", "-o", "json"], { input: `GET /v2/projects/p1/rank?end=${end} HTTP/1.1\nGET /v2/projects/p1/rank?end=${end}&start=2026-11-01T00:00:00Z HTTP/1.1\n` });
    const rows = JSON.parse(r.stdout).requests;
    expect([rows[0].status, rows[0].notes.map((n: { rule: string }) => n.rule), rows[0].to.query]).toEqual(["rewritten", ["series-window-from-end"], { to: end, from: new Date(Date.parse(end) - 7 * 86_400_000).toISOString() }]);
    expect([rows[1].notes, rows[1].to.query]).toEqual([[], { to: end, from: "2026-11-01T00:00:00Z" }]);
  });

  it("an `at` it cannot read as a time leaves no `from`: partial with series-window-from-unknown, not a note claiming one", async () => {
    const r = await runMain(["migrate", file, "-o", "json"]);
    const rows = JSON.parse(r.stdout).requests;
    expect([rows[0].status, rows[0].notes.map((n: { rule: string }) => n.rule), rows[0].to.query]).toEqual(["partial", ["series-window-from-unknown"], { to: "$AT" }]);
    expect(rows[1].notes.map((n: { rule: string }) => n.rule)).toContain("series-window-from-at");
    expect(rows[1].to.query.from).toBe("2026-11-13T00:00:00.000Z");
  });
});

describe("explain", () => {
  it("prints the whole v2 -> v3 map from the route table, with the field renames", async () => {
    const j = await runMain(["migrate", "explain", "-o", "json"]);
    expect(j.code).toBe(0);
    const map = JSON.parse(j.stdout);
    expect(map.routes.map((r: { id: string }) => r.id)).toEqual(ROUTES.filter((r) => r.version === "v2").map((r) => r.id));
    expect(map.routes.find((r: { id: string }) => r.id === "v2.projects.momentum").to.path).toBe("/v3/projects/{idOrSlug}/series/trend");
    expect(map.renames).toContainEqual(expect.objectContaining({ from: "trendScore", to: "trend" }));
    const t = await runMain(["migrate", "explain", "-o", "table"]);
    for (const s of ["GET /v2/projects  ->  GET /v3/projects", "trendScore -> trend", "signals[] -> intel[]", "tokens[] -> assets[]", "xHandle -> identifiers.x", "page -> (page-to-cursor)"]) {
      expect(t.stdout).toContain(s);
    }
    // csv: one row per v2 route; yaml: the same map as json
    const c = await runMain(["migrate", "explain", "-o", "csv"]);
    const rows = c.stdout.trimEnd().split("\n");
    expect(rows[0]).toBe("method,path,status,v3_method,v3_path,sunset,rules");
    expect(rows).toHaveLength(map.routes.length + 1);
    expect(rows).toContain("GET,/v2/signals,rewritten,GET,/v3/intel,2026-07-15,signals-sunset");
    const y = await runMain(["migrate", "explain", "-o", "yaml"]);
    const { parse } = await import("yaml");
    expect(parse(y.stdout)).toEqual(map);
  });

  it("explains one request: its v3 request, the notes, its route's parameters and the response fields verify compares", async () => {
    const map = JSON.parse((await runMain(["migrate", "explain", "-o", "json"])).stdout);
    const j = await runMain(["migrate", "explain", "/v2/projects/abc/momentum?start=2026-01-01", "-o", "json"]);
    expect(j.code, j.stderr).toBe(0);
    const e = JSON.parse(j.stdout);
    expect(e).toMatchObject({
      request: "GET /v2/projects/abc/momentum?start=2026-01-01", status: "partial",
      to: { method: "GET", path: "/v3/projects/abc/series/trend", query: { from: "2026-01-01" } },
    });
    expect(e.notes.map((n: { rule: string }) => n.rule)).toEqual(["momentum-clusters-dropped"]);
    // the route and the response fields are those of the whole map
    expect(e.route).toEqual(map.routes.find((r: { id: string }) => r.id === "v2.projects.momentum"));
    expect(e.responses).toEqual(map.responses.filter((m: { routes: string[] }) => m.routes.includes("v2.projects.momentum")));
    expect(e.responses.length).toBeGreaterThan(0);

    // the method as its own word or in one argument with the URL; a key in it is never printed
    const url = "https://api.example.com/v2/signals?page=2&limit=20&api_key=k_live_SECRET_1234";
    const [two, one, table, csv] = await Promise.all([
      runMain(["migrate", "explain", "get", url, "-o", "json"]), runMain(["migrate", "explain", `GET ${url}`, "-o", "json"]),
      runMain(["migrate", "explain", url, "-o", "table"]), runMain(["migrate", "explain", url, "-o", "csv"]),
    ]);
    for (const r of [two, one, table, csv]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr).not.toContain("SECRET");
    }
    expect(two.stdout).toBe(one.stdout);
    // a curl command, as copied from a browser or a script, with the key in a header
    const curl = await runMain(["migrate", "explain", `curl -H 'x-api-key: k_live_SECRET_1234' '${url}'`, "-o", "json"]);
    expect(curl.code, curl.stderr).toBe(0);
    expect(curl.stdout + curl.stderr).not.toContain("SECRET");
    expect(JSON.parse(curl.stdout).to).toEqual(JSON.parse(two.stdout).to);
    const sig = JSON.parse(two.stdout);
    expect([sig.status, sig.to.path, sig.to.query, sig.resolve]).toEqual(["partial", "/v3/intel", { limit: "20" }, ["the cursor of page 2"]]);
    expect(sig.notes.map((n: { rule: string }) => n.rule)).toEqual(expect.arrayContaining(["signals-sunset", "page-to-cursor", "key-in-query"]));
    expect(table.stdout.split("\n").slice(0, 2)).toEqual(["GET /v2/signals?page=2&limit=20&api_key=***", "  partial -> GET /v3/intel?limit=20"]);
    expect(table.stdout).toContain("\nroute: GET /v2/signals  ->  GET /v3/intel  sunset 2026-07-15\n    page -> (page-to-cursor)\n");
    expect(table.stdout).toContain("\nonline: 'mids migrate --resolve' looks up the cursor of page 2\n");
    expect(csv.stdout.split("\n")[1]).toBe("GET,/v2/signals?page=2&limit=20&api_key=***,partial,GET,/v3/intel?limit=20,signals-sunset page-to-cursor key-in-query response-renames");

    // behind a gateway path, as migrate reads it; not a v2 route, not the API: said, exit 0
    const gw = JSON.parse((await runMain(["migrate", "explain", "https://gw.example/mids/v2/clusters", "-o", "json"], { env: { MIDS_BASE_URL: "https://gw.example/mids" } })).stdout);
    expect([gw.status, gw.to.path]).toEqual(["rewritten", "/mids/v3/clusters"]);
    const [unknown, asset] = await Promise.all([runMain(["migrate", "explain", "/v2/nope/x", "-o", "json"]), runMain(["migrate", "explain", "/static/app.js", "-o", "json"])]);
    expect([unknown.code, JSON.parse(unknown.stdout).status, JSON.parse(unknown.stdout).to]).toEqual([0, "unrecognized", null]);
    expect([asset.code, JSON.parse(asset.stdout).status]).toEqual([0, "skipped"]);
  });

  it("a word that is no request is exit 2 with an example, before anything is printed", async () => {
    for (const args of [["projects"], ["GET", "projects"], ["ftp://host/v2/x"]]) {
      const r = await runMain(["migrate", "explain", ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^mids: '.+' is not a request: give a path or URL of the API\nhint: e\.g\. mids migrate explain \/v2\//);
    }
  });
});

describe("--resolve against the sandbox", () => {
  let sb: SandboxProcess;
  const KEY = SANDBOX_DEMO_KEY;
  beforeAll(async () => { sb = await startSandbox(); });
  afterAll(async () => { await sb?.stop(); });

  it("finds the report id of a topic and walks cursors to page N", async () => {
    const topics = await sb.api<{ data: { id: string }[] }>("/v3/topics");
    const topicId = topics.body.data[0].id;
    const topic = await sb.api<{ data: { report: { id: string } } }>(`/v3/topics/${topicId}`);
    let cursor: string | undefined;
    for (let page = 1; page < 3; page++) {
      const res = await sb.api<{ meta: { nextCursor: string } }>(`/v3/projects?limit=2${cursor ? `&cursor=${cursor}` : ""}`, KEY);
      cursor = res.body.meta.nextCursor;
    }
    const input = `GET /v2/topics/${topicId}/report HTTP/1.1\nGET /v2/projects?page=3&limit=2 HTTP/1.1\n`;
    const r = await runMain(["migrate", "--resolve", "-o", "json"], { input, env: sb.env(KEY) });
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout);
    expect(rep.requests[0]).toMatchObject({ status: "rewritten", to: { path: `/v3/reports/${topic.body.data.report.id}` } });
    expect(rep.requests[1]).toMatchObject({ status: "rewritten", to: { path: "/v3/projects", query: { limit: "2", cursor } } });
    const offline = await runMain(["migrate", "-o", "json"], { input, env: sb.env(KEY) });
    expect(JSON.parse(offline.stdout).summary.partial).toBe(2);
  });

  it("page N without a limit resolves to the items v2's page N held (v2's default page size, not v3's)", async () => {
    const v2 = await sb.api<{ data: { id: string }[] }>("/v2/projects?page=2", KEY);
    expect(v2.body.data.length).toBeGreaterThan(0);
    const r = await runMain(["migrate", "--resolve", "-o", "json"], { input: "GET /v2/projects?page=2 HTTP/1.1\n", env: sb.env(KEY) });
    expect(r.code).toBe(0);
    const to = JSON.parse(r.stdout).requests[0].to;
    const v3 = await sb.api<{ data: { id: string }[] }>(`/v3/projects?${new URLSearchParams(to.query)}`, KEY);
    expect(v3.body.data.map((p) => p.id)).toEqual(v2.body.data.map((p) => p.id));
  });

  it("a look-up that fails leaves its request partial, says why, and the run goes on (built CLI: exit 0)", async () => {
    const topics = await sb.api<{ data: { id: string }[] }>("/v3/topics");
    const known = topics.body.data[0].id;
    const unknown = "topic_00000000000000000000";
    expect((await sb.api(`/v3/topics/${unknown}`, KEY)).status).toBe(404);
    const input = [`GET /v2/projects?page=3&limit=5`, `GET /v2/topics/${known}/report`, `GET /v2/topics/${unknown}/report`,
      `GET /v2/signals?page=2&limit=3`, `GET /v2/projects?page=500`].map((l) => `${l} HTTP/1.1\n`).join("");
    for (const mode of ["json", "ndjson"]) {
      const r = await runMids(["migrate", "--resolve", "-o", mode], { input, env: sb.env(KEY) });
      expect(r.code, r.stderr).toBe(0);
      const rows = mode === "json" ? JSON.parse(r.stdout).requests : r.stdout.trimEnd().split("\n").slice(0, -1).map((l) => JSON.parse(l));
      const summary = mode === "json" ? JSON.parse(r.stdout).summary : JSON.parse(r.stdout.trimEnd().split("\n").at(-1)!).summary;
      expect(rows.map((x: { position: number; status: string }) => [x.position, x.status])).toEqual([[1, "rewritten"], [2, "rewritten"], [3, "partial"], [4, "rewritten"], [5, "partial"]]);
      expect(rows[2].to.path).toBe("/v3/reports/{reportId}");
      expect(rows[2].notes).toContainEqual({ rule: "topic-id-to-report-id", message: `--resolve: the report id of topic ${unknown} could not be looked up: not_found (404).` });
      expect(summary).toMatchObject({ total: 5, rewritten: 3, partial: 2 });
      expect(r.stderr).toContain("migrate: 5 requests: 3 rewritten, 2 partial");
      expect(r.stderr).toContain("mids: warning: --resolve: 1 look-up failed; that request stays partial (its note says why)");
    }
    // --fail-on partial still gates on it, after the report is written
    const gate = await runMain(["migrate", "--resolve", "-o", "json", "--fail-on", "partial"], { input, env: sb.env(KEY) });
    expect(gate.code).toBe(8);
    expect(JSON.parse(gate.stdout).summary.partial).toBe(2);
  });

  it("a refused key or an API that cannot be reached stops the run: the report is closed, exit 3 or 7", async () => {
    const input = "GET /v2/projects?page=2 HTTP/1.1\nGET /v2/projects?page=3 HTTP/1.1\n";
    const refused = await runMids(["migrate", "--resolve", "-o", "json"], { input, env: sb.env("mids_sandbox_not_a_key") });
    expect(refused.code, refused.stderr).toBe(3);
    expect(JSON.parse(refused.stdout).summary.total).toBe(0);
    expect(refused.stderr).toMatch(/^mids: the API key .* was rejected/m);
    const down = await runMain(["migrate", "--resolve", "-o", "ndjson"], { input, env: sb.env(KEY, { MIDS_BASE_URL: "http://127.0.0.1:1", MIDS_RETRIES: "0" }) });
    expect(down.code, down.stderr).toBe(7);
    expect(JSON.parse(down.stdout.trimEnd().split("\n").at(-1)!)).toMatchObject({ summary: { total: 0 } });
    expect(down.stderr).toContain("mids: connection refused by 127.0.0.1:1");
  });
});

describe("a URL with a lone surrogate escape (JSON lines, HAR)", () => {
  const dir = mkdtempSync(join(tmpdir(), "mids-surrogate-"));
  const ndjson = join(dir, "s.ndjson");
  writeFileSync(ndjson, [
    String.raw`{"method":"GET","url":"https://api.example.com/v2/projects?sort=\ud800"}`,
    String.raw`{"method":"GET","url":"https://api.example.com/v2/projects/64b7f0c2a1b2c3d4e5f60718/momentum?\udc00x=1"}`,
    `{"method":"GET","url":"https://api.example.com/v2/projects/64b7f0c2a1b2c3d4e5f60718"}`,
  ].join("\n") + "\n");
  const har = join(dir, "s.har");
  writeFileSync(har, String.raw`{"log":{"version":"1.2","entries":[{"request":{"method":"GET","url":"https://api.example.com/v2/intel/\ud83d"}},{"request":{"method":"GET","url":"https://api.example.com/v2/intel/int_1"}}]}}` + "\n");

  it("is one invalid entry, not the end of the run, in every output and in verify", async () => {
    for (const [file, n] of [[ndjson, 2], [har, 1]] as const) {
      for (const extra of [[], ["-o", "json"], ["--to", "curl"], ["--to", "har"]]) {
        const r = await runMain(["migrate", file, ...extra]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toContain(`${n} invalid`);
        expect(r.stderr + r.stdout).toContain("the request URL is not valid Unicode (it holds a lone surrogate escape)");
        expect(r.stdout).toMatch(/\/v3\/(projects\/64b7f0c2a1b2c3d4e5f60718|intel\/int_1)/);
      }
    }
    const v = await runMain(["--sandbox", "migrate", "verify", ndjson, "-o", "json"]);
    expect(v.stderr).not.toMatch(/unexpected error/);
    expect(JSON.parse(v.stdout).summary.invalid).toBe(2);
  });
});

describe("stdin redirected from a directory", () => {
  // Node reads such a stdin as empty: '0 requests' and exit 0 would pass a gate on a log never read
  it("migrate and migrate verify say stdin is a directory, exit 2 (as for a directory named on the command line)", () => {
    const dir = tempDir("logs-");
    for (const args of [["migrate", "-"], ["migrate", "verify", "-", "--base-url", "http://127.0.0.1:9", "--api-key", "k_test_1234"]]) {
      const fd = openSync(dir, "r");
      try {
        const r = spawnSync(process.execPath, [join(ROOT, "bin/mids"), ...args], { stdio: [fd, "pipe", "pipe"], encoding: "utf8", env: { PATH: process.env.PATH, HOME: dir, MIDS_CONFIG_DIR: join(dir, "config"), NO_COLOR: "1" } });
        expect(r.status, r.stderr).toBe(2);
        expect(r.stderr).toMatch(/^mids: cannot read stdin: it is a directory\nhint: /);
        expect(r.stdout).toBe("");
      } finally {
        closeSync(fd);
      }
    }
  });
});
