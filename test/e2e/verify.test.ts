// `mids migrate verify` end to end: the built CLI replays the logs under test/fixtures/verify/
// against one sandbox, whose `drift` fault makes the v3 answers about one project disagree.
// (The first test runs the built CLI; the later ones run main(argv) in this process: the same
// program, without a CLI start-up each.)
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ROOT, runMain, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";
import { RESPONSE_MAPS } from "../../src/contract/migration.js";
import { closedPort } from "../helpers/ports.js";
import { RESOLVE_MAX_PAGES } from "../../src/migrate/resolve.js";

const FIX = join(ROOT, "test/fixtures/verify");
const fx = (name: string) => join(FIX, name);
// the project drift.log asks about; the sandbox bumps the first number of every v3 answer about it
const DRIFTED = /\/v2\/projects\/([0-9a-f]{24})\//.exec(readFileSync(fx("drift.log"), "utf8"))![1];
// every test here replays whole logs (two requests each): past the demo key's 120 a minute, a
// later test would wait out a 429 instead of verifying anything
const sb = useSandbox(["--faults", `drift:1@/v3/projects/${DRIFTED}`, "--rate-limit", "100000"]);

interface Rec {
  position: number; count: number; verdict: string; reason?: string; route?: string; ignored: string[];
  differences: { field: string; v3Field?: string; v2: unknown; v3: unknown; missing?: string }[];
  errors?: { side: string; code: string; status?: number; message: string }[];
}
interface Report { requests: Rec[]; summary: Record<string, unknown> & { routes: Record<string, Record<string, number>> } }
interface Logged { method: string; path: string; query: Record<string, string> }

// verify's cases run through main() in this process; the binary runs verify in
// verify-concurrency, hostile-interrupt (signals) and secrets-sent-and-traced
const verify = (args: string[], key = SANDBOX_DEMO_KEY) => runMain(["migrate", "verify", ...args], { env: sb.env(key) });
const requestsSeen = async (): Promise<Logged[]> => sb.admin<Logged[]>("/_sandbox/requests");
const clear = () => sb.admin("/_sandbox/requests/clear", "POST");

describe("migrate verify", () => {
  it("pins a verdict on every distinct request of a log, and sends only GETs with the configured key", async () => {
    await clear();
    const r = await verify([fx("traffic.log"), "-o", "json"]);
    expect(r.stderr).toContain("migrate verify: 21 distinct requests: 14 equivalent, 0 unconfirmed, 0 differs, 6 skipped, 1 failed");
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout) as Report;
    const by = new Map(rep.requests.map((q) => [q.position, q]));
    expect(rep.requests.map((q) => `${q.position}:${q.verdict}`)).toEqual([
      "1:equivalent", "3:equivalent", "4:equivalent", "5:equivalent", "6:equivalent", "7:skipped", "8:skipped", "9:skipped",
      "10:skipped", "11:skipped", "12:skipped", "13:equivalent", "14:equivalent", "15:equivalent", "16:equivalent",
      "17:equivalent", "18:equivalent", "19:equivalent", "20:equivalent", "21:equivalent", "22:failed",
    ]);
    // line 2 is line 1 with a key in the query: one request, never sent with that key
    expect(by.get(1)).toMatchObject({ count: 2, route: "GET /v2/projects/{id}" });
    expect(by.get(1)!.ignored).toEqual(expect.arrayContaining(["marketData", "rationale", "metrics", "tokens[].source"]));
    expect(by.get(4)!.ignored).toEqual(["data[].trendScore"]);
    expect(by.get(7)!.errors).toEqual([
      expect.objectContaining({ side: "v2", status: 404 }), expect.objectContaining({ side: "v3", code: "not_found", status: 404 }),
    ]);
    expect(by.get(8)!.reason).toMatch(/^not idempotent: POST/);
    expect(by.get(9)!.reason).toMatch(/^not idempotent: PATCH/);
    expect(by.get(10)!.reason).toMatch(/^removed route \(market-data-removed\)/);
    expect(by.get(11)!.reason).toMatch(/^no rewrite: unrecognized \(v1-to-v3\)/);
    expect(by.get(12)!.reason).toMatch(/grounding-history-no-v3/);
    // the v2 list holds crypto projects only (ASSUMED.v2ProjectsUniverse), as the v3 list does by default
    expect(by.get(20)).toMatchObject({ route: "GET /v2/projects", differences: [] });
    expect(rep.summary).toMatchObject({ total: 21, equivalent: 14, differs: 0, skipped: 6, failed: 1, invalid: 0 });
    expect(rep.summary.routes["GET /v2/projects"]).toEqual({ equivalent: 2, unconfirmed: 0, differs: 0, skipped: 0, failed: 0 });

    const seen = await requestsSeen();
    // 15 replayed requests (and one whose v3 request could not be completed), each once to v2 (and to v3, after a cursor walk for page 2 of intel
    // and a look-up of the topic's report id)
    expect(seen.filter((q) => q.path.startsWith("/v2/"))).toHaveLength(15);
    expect(by.get(21)!.ignored).toEqual(["market", "sources"]);
    // a topic that does not exist has no report id to finish the v3 request with
    expect(by.get(22)).toMatchObject({ reason: "completing the v3 request: not_found (404)", errors: [{ side: "v3", code: "not_found" }] });
    expect(seen.every((q) => q.method === "GET")).toBe(true);
    expect(seen.some((q) => /recipes|alerts|candles|^\/v1\//.test(q.path))).toBe(false);
    expect(JSON.stringify(seen)).not.toContain("LOGSECRET");
    expect(r.stdout + r.stderr).not.toContain("LOGSECRET");
  });

  it("reports the v3 answer the drift fault changed, field by field; --tolerance absorbs it; --fail-on exits 8", async () => {
    const r = await verify([fx("drift.log"), "-o", "json"]);
    const rep = JSON.parse(r.stdout) as Report;
    expect(rep.requests.map((q) => q.verdict)).toEqual(["differs", "differs"]);
    const [momentum, detail] = rep.requests;
    expect(momentum.differences).toHaveLength(1);
    const d = momentum.differences[0];
    expect(d.field).toMatch(/^data\[timestamp=[^\]]+\]\.trendScore$/);
    expect(d.v3Field).toMatch(/^points\[timestamp=[^\]]+\]\.value$/);
    expect((d.v3 as number) - (d.v2 as number)).toBeCloseTo(1, 6);
    expect(detail.differences).toEqual([expect.objectContaining({ field: "trendScore", v3Field: "trend" })]);

    const [loose, gate] = await Promise.all([
      verify([fx("drift.log"), "-o", "json", "--tolerance", "1.5"]),
      verify([fx("drift.log"), "-o", "table", "--fail-on", "differs,failed"]),
    ]);
    expect((JSON.parse(loose.stdout) as Report).requests.map((q) => q.verdict)).toEqual(["equivalent", "equivalent"]);
    expect(gate.code).toBe(8);
    expect(gate.stderr).toContain("mids: 2 requests matched --fail-on: 2 differs");
    const lines = gate.stdout.split("\n");
    expect(lines[0]).toMatch(new RegExp(`^1  GET /v2/projects/${DRIFTED}/momentum  differs  data\\[timestamp=.+\\]\\.trendScore \\(v3 points\\[timestamp=.+\\]\\.value\\): v2 [\\d.]+, v3 [\\d.]+$`));
    expect(lines[1]).toMatch(/^2  GET \/v2\/projects\/\w+  differs  trendScore \(v3 trend\): v2 [\d.]+, v3 [\d.]+$/);
    expect(gate.stdout).toMatch(/^GET \/v2\/projects\/\{id\}\/momentum\s+0\s+0\s+1\s+0\s+0$/m);
  });

  it("the table says what the JSON says for a request with errors: each side's message, not only its code", async () => {
    const [j, table] = await Promise.all([verify([fx("traffic.log"), "-o", "json"]), verify([fx("traffic.log"), "-o", "table"])]);
    // line 7: a project id both versions answer with not found (skipped, with both sides' errors)
    const failed = (JSON.parse(j.stdout) as Report).requests.find((q) => q.position === 7)!;
    const line = table.stdout.split("\n").find((l) => l.startsWith("7  "))!;
    expect(failed.errors!.length).toBe(2);
    for (const e of failed.errors!) expect(line).toContain(`${e.side}: ${e.message} (${e.code}, ${e.status})`);
    // a side's error names the request replayed, not the command, which did not fail
    for (const e of failed.errors!) expect(e.message).not.toMatch(/'mids /);
    expect(failed.errors!.find((e) => e.side === "v2")!.message).toMatch(/^GET \/v2\/\S+ failed with HTTP 404\b/);
  });

  it("stops at the first request with exit 3 when the key is refused", async () => {
    await clear();
    const r = await verify([fx("traffic.log")], "mids_sandbox_not_a_key");
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")[0]).toMatch(/^mids: .*API key/);
    const seen = await requestsSeen();
    expect(seen.map((q) => q.path)).toEqual(expect.arrayContaining(["/v3/projects/118655a8c2f84e49930fad39"]));
    expect(seen.length).toBeLessThanOrEqual(2);
  });

  it("--sample verifies a subset: the first N, or a random draw that --seed repeats", async () => {
    const first = JSON.parse((await verify([fx("traffic.log"), "-o", "json", "--sample", "3", "--sample-first"])).stdout) as Report;
    expect(first.requests.filter((q) => q.verdict !== "skipped").map((q) => q.position)).toEqual([1, 3, 4]);
    expect(first.summary.sample).toEqual({ size: 3, of: 16, first: true });
    const [a, b] = await Promise.all([
      verify([fx("traffic.log"), "-o", "ndjson", "--sample", "4", "--seed", "9", "--concurrency", "1"]),
      verify([fx("traffic.log"), "-o", "ndjson", "--sample", "4", "--seed", "9"]),
    ]);
    const positions = (out: string) => out.trimEnd().split("\n").map((l) => JSON.parse(l)).filter((x) => x.position && x.verdict !== "skipped").map((x) => x.position);
    expect(positions(a.stdout)).toHaveLength(4);
    expect(positions(a.stdout)).toEqual(positions(b.stdout));
    expect(JSON.parse(a.stdout.trimEnd().split("\n").pop()!).summary.sample).toEqual({ size: 4, of: 16, first: false, seed: 9 });
    expect(a.stderr).toMatch(/random, --seed 9/);
  });

  it("reads gzip-compressed JSON lines and never sends the keys the log holds", async () => {
    await clear();
    const dir = mkdtempSync(join(tmpdir(), "mids-verify-"));
    const gz = join(dir, "requests.ndjson.gz");
    writeFileSync(gz, gzipSync(readFileSync(fx("requests.ndjson"))));
    const r = await verify([gz, "-o", "json"]);
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout) as Report;
    // the log's key lacks the api entitlement: had it been sent, both answers would be refused
    expect(rep.requests.map((q) => `${q.position}:${q.verdict}`)).toEqual(["1:equivalent", "2:equivalent", "3:skipped"]);
    expect(rep.summary.invalid).toBe(1);
    const seen = await requestsSeen();
    expect(seen).toHaveLength(4);
    expect(seen.every((q) => Object.keys(q.query).length === 0)).toBe(true);
    expect(r.stdout).not.toContain("mids_sandbox_noapi");
    // a cut .gz is exit 2 naming the file
    const cut = join(dir, "cut.ndjson.gz");
    writeFileSync(cut, gzipSync(readFileSync(fx("requests.ndjson"))).subarray(0, 40));
    const bad = await verify([gz, cut]);
    expect(bad.code).toBe(2);
    // (migrate's reader and its words: `mids migrate` says the same of this file)
    expect(bad.stderr.split("\n")[0]).toMatch(new RegExp(`^mids: cannot read '${cut.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}': the gzip data is truncated or corrupt \\(Z_[A-Z_]+\\)$`));
  });

  it("never prints the configured key a log holds where no credential rule looks (a filter value, a path)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-verify-"));
    const log = join(dir, "key.log");
    writeFileSync(log, `GET /v2/projects?limit=2&names=${SANDBOX_DEMO_KEY}\nGET /v2/projects/${SANDBOX_DEMO_KEY}\nPOST /v2/projects/${SANDBOX_DEMO_KEY}\n`);
    for (const o of ["json", "ndjson", "table"]) {
      const r = await verify([log, "--from-format", "access", "-o", o]);
      expect(r.code, o).toBe(0);
      expect(r.stdout + r.stderr, o).not.toContain(SANDBOX_DEMO_KEY);
      expect(r.stdout, o).toContain("***");
    }
    const rep = JSON.parse((await verify([log, "--from-format", "access", "-o", "json"])).stdout) as Report;
    expect(rep.requests.map((q) => q.verdict)).toEqual(["equivalent", "skipped", "skipped"]);
    // a log where nothing is replayed (every request skipped): the key is still not printed
    const writes = join(dir, "writes.log");
    writeFileSync(writes, `POST /v2/projects/${SANDBOX_DEMO_KEY}\nDELETE /v2/projects?names=${SANDBOX_DEMO_KEY}\n`);
    for (const o of ["json", "ndjson", "table"]) {
      const r = await verify([writes, "--from-format", "access", "-o", o]);
      expect(r.code, o).toBe(0);
      expect(r.stdout + r.stderr, o).not.toContain(SANDBOX_DEMO_KEY);
    }
  });

  it("refuses bad flags with exit 2", async () => {
    const cases = [["--sample", "0"], ["--concurrency", "99"], ["--tolerance", "x"], ["--fail-on", "bogus"], ["--seed", "3"], ["--sample", "2", "--sample-first", "--seed", "3"], ["-o", "csv"], ["missing.log"]];
    const runs = await Promise.all(cases.map((args) => verify(args[0] === "missing.log" ? args : [fx("drift.log"), ...args])));
    runs.forEach((r, i) => {
      expect(r.code, cases[i].join(" ")).toBe(2);
      expect(r.stderr.split("\n").filter(Boolean).length, cases[i].join(" ")).toBeLessThanOrEqual(2);
    });
  });

  it("migrate explain documents the response field map the comparison reads (-o json: responses)", async () => {
    const json = await runMain(["migrate", "explain", "-o", "json"]);
    expect(JSON.parse(json.stdout).responses).toEqual(JSON.parse(JSON.stringify(RESPONSE_MAPS)));
    const table = await runMain(["migrate", "explain", "-o", "table"]);
    const section = table.stdout.slice(table.stdout.indexOf("Response field map"), table.stdout.indexOf("\nRules:"));
    for (const m of RESPONSE_MAPS) {
      expect(section).toContain(`  ${m.title}: `);
      for (const f of m.fields) expect(section).toContain(`    ${f.v2 || "data"} -> ${f.v3 === null ? "removed (ignored)" : f.v3 || "data"}`);
    }
  });

  it("replays v2 without a deprecation notice per route, and drops every key-like parameter of the log", async () => {
    await clear();
    const dir = mkdtempSync(join(tmpdir(), "mids-verify-"));
    const line = (target: string) => `203.0.113.7 - u:PWSECRET [16/Nov/2026:09:00:01 +0000] "GET ${target} HTTP/1.1" 200 1 "-" "x"`;
    const secrets = ["api_key[]", "password", "client_secret", "signature", "jwt", "auth_token", "secret", "X-Api-Key"];
    const log = join(dir, "access.log");
    writeFileSync(log, [
      // deprecated aliases: each would print its own notice through the client
      line("/v2/signals?limit=3"), line("/v2/grounding"), line("/v2/signal-categories"),
      line(`/v2/projects?tickers=SOLE&${secrets.map((k, i) => `${k}=LOGSECRET${i}`).join("&")}`),
      line("/v2/clusters;api_key=LOGSECRETM"),
    ].join("\n") + "\n");
    const r = await verify([log, "-o", "json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/deprecated/);
    expect(r.stderr).toMatch(/5 distinct requests: 5 equivalent/);
    const seen = await requestsSeen();
    expect(seen.map((q) => q.path)).toEqual(expect.arrayContaining(["/v2/signals", "/v2/clusters", "/v2/projects"]));
    expect(JSON.stringify(seen) + r.stdout + r.stderr).not.toMatch(/LOGSECRET|PWSECRET/);
    expect(seen.find((q) => q.path === "/v2/projects")!.query).toEqual({ tickers: "SOLE" });
  });

  it("an API that cannot be reached stops the run at the first request with exit 7", async () => {
    const r = await runMain(["migrate", "verify", fx("traffic.log"), "--max-retries", "0"], {
      env: { ...sb.env(), MIDS_BASE_URL: `http://127.0.0.1:${await closedPort()}` },
    });
    expect(r.code).toBe(7);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")[0]).toMatch(/^mids: connection refused by 127\.0\.0\.1:\d+$/);
    // a base URL mids refuses to send the key to (checked before any connection is made) stops it too
    // (0.0.0.0 is not loopback to mids, yet never leaves the machine; nothing listens on the port)
    const host = `0.0.0.0:${await closedPort()}`;
    const plain = await runMain(["migrate", "verify", fx("traffic.log")], { env: { ...sb.env(SANDBOX_DEMO_KEY), MIDS_BASE_URL: `http://${host}` } });
    expect(plain.code).toBe(2);
    expect(plain.stdout).toBe("");
    expect(plain.stderr.split("\n")[0]).toBe(`mids: refusing to send the API key over plain http to ${host}`);
  });

  it("warns when nothing was verified (empty input, only skipped requests, no request at all), exit 0; with --fail-on, exit 8", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-verify-"));
    const files = { empty: "", posts: readFileSync(fx("traffic.log"), "utf8").split("\n").filter((l) => l.includes("POST ")).join("\n"), junk: "not a log\n" };
    const runs = await Promise.all(Object.entries(files).map(([name, text]) => {
      writeFileSync(join(dir, name), text);
      return verify([join(dir, name), "-o", "json"]);
    }));
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(runs.map((r) => r.stderr.split("\n").find((l) => l.startsWith("mids: warning:")))).toEqual([
      "mids: warning: nothing was verified: the input is empty",
      "mids: warning: nothing was verified: the one request was skipped",
      "mids: warning: nothing was verified: no line of the input is a request (1 line)",
    ]);
    expect(JSON.parse(runs[1].stdout).requests).toHaveLength(1);
    // a gate (--fail-on) that compared nothing fails, the report still written
    const gated = await Promise.all(Object.keys(files).map((name) => verify([join(dir, name), "-o", "json", "--fail-on", "differs,failed"])));
    expect(gated.map((r) => r.code)).toEqual([8, 8, 8]);
    expect(gated.map((r) => r.stderr.split("\n").find((l) => l.startsWith("mids: ")))).toEqual([
      "mids: nothing was verified: the input is empty; --fail-on needs at least one request compared",
      "mids: nothing was verified: the one request was skipped; --fail-on needs at least one request compared",
      "mids: nothing was verified: no line of the input is a request (1 line); --fail-on needs at least one request compared",
    ]);
    expect(gated[1].stdout).toBe(runs[1].stdout);
  });

  // Before, each of a browser HAR's page assets (scripts, fonts, images, data: URLs) was a listed
  // `skipped` request ("no rewrite: skipped (not-an-api-path)"), counted in the distinct requests:
  // a dashboard's HAR of 8 API calls and 140 assets read "148 distinct requests ... 140 skipped".
  it("leaves out requests that are not the API's (a page's assets, data: URLs), counting them apart; a proxy's /api/v2 path stays listed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-verify-"));
    const entry = (url: string) => ({ request: { method: "GET", url, headers: [] }, response: { status: 200 } });
    const har = join(dir, "page.har");
    const urls = ["https://app.example/static/app.js", "https://sb.example/v2/clusters", "data:image/png;base64,AAAA", "https://fonts.example/inter.woff2", "https://app.example/api/v2/clusters"];
    writeFileSync(har, JSON.stringify({ log: { version: "1.2", creator: { name: "t", version: "1" }, entries: urls.map(entry) } }));
    const j = await verify([har, "-o", "json"]);
    expect(j.code, j.stderr).toBe(0);
    const rep = JSON.parse(j.stdout) as Report & { summary: { notApi?: number } };
    expect(rep.requests.map((q) => `${q.position}:${q.verdict}`)).toEqual(["2:equivalent", "5:skipped"]);
    expect(rep.requests[1].reason).toContain("api-path-prefix");
    expect(rep.summary).toMatchObject({ total: 2, equivalent: 1, skipped: 1, notApi: 3 });
    expect(j.stderr).toContain("migrate verify: 2 distinct requests: 1 equivalent, 0 unconfirmed, 0 differs, 1 skipped, 0 failed; 3 not the API's, set aside (pages, assets, other hosts)");
    const t = await verify([har, "-o", "table"]);
    expect(t.stdout).not.toMatch(/static|fonts|data:|not-an-api-path|not-http/);
    // none of the API's: nothing was verified, saying why
    writeFileSync(har, JSON.stringify({ log: { version: "1.2", creator: { name: "t", version: "1" }, entries: [entry(urls[0])] } }));
    expect((await verify([har, "-o", "json"])).stderr).toContain("mids: warning: nothing was verified: no request of the input is to the API (1 set aside: pages, assets, other hosts)");
  });

  it("a request the server refuses as bad (400) is one failed verdict, not the end of the run", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-verify-"));
    const log = join(dir, "access.log");
    const line = (target: string) => `203.0.113.7 - - [16/Nov/2026:09:00:01 +0000] "GET ${target} HTTP/1.1" 200 1 "-" "x"`;
    writeFileSync(log, [line("/v2/projects?limit=abc"), line("/v2/clusters")].join("\n") + "\n");
    const r = await verify([log, "-o", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout) as Report;
    expect(rep.requests.map((q) => `${q.position}:${q.verdict}`)).toEqual(["1:failed", "2:equivalent"]);
    expect(rep.requests[0].errors!.map((e) => e.status)).toEqual([400, 400]);
  });

  it("a page past the pages mids walks to find a cursor is skipped saying so, not told to run with --resolve", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-verify-"));
    const log = join(dir, "access.log");
    const page = RESOLVE_MAX_PAGES + 1;
    writeFileSync(log, `203.0.113.7 - - [16/Nov/2026:09:00:01 +0000] "GET /v2/intel?page=${page} HTTP/1.1" 200 1 "-" "x"\n`);
    await clear();
    const r = await verify([log, "-o", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const [q] = (JSON.parse(r.stdout) as Report).requests;
    expect(q.verdict).toBe("skipped");
    expect(q.reason).toContain(`page ${page} is past the ${RESOLVE_MAX_PAGES} pages`);
    expect(q.reason).not.toContain("run with --resolve");
    expect(await requestsSeen()).toEqual([]);
  });
});
