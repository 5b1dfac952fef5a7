// One driver, every strategy (issue 24; ripgrep's SearcherTester): each case of a corpus of
// migrate inputs (every format, several files in one run, every output mode, hostile lines,
// .gz, a damaged input) runs under {fast, general} x {--jobs 0, --jobs 2}, and the four runs must
// give byte-identical stdout, stderr and exit code. MIDS_MIGRATE_STRATEGY=general forces the
// general path everywhere; --jobs 2 hands the inputs to worker threads.
import { describe, expect, it } from "vitest";
import { copyFileSync, cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT, baseEnv, runMain, runMids, tempDir, type RunResult } from "../helpers/cli.js";
import { VERSION } from "../../src/version.js";
import { CLOUDFRONT_FIELDS } from "../../src/migrate/codecs/access/cloudfront.js";

const FX = join(ROOT, "test/fixtures/migrate");
const dir = tempDir("strategies-");
const put = (name: string, text: string | Buffer) => { const p = join(dir, name); writeFileSync(p, text); return p; };
for (const f of ["combined.log", "requests.ndjson", "commands.curl", "traffic.har", "truncated.har"]) copyFileSync(join(FX, f), join(dir, f));
const at = (f: string) => join(dir, f);

/**
 * mids in this process, its output as the built binary's: the version the build stamps (in a HAR's
 * creator, a SARIF's driver) is the unbuilt sources' own here; every other byte is compared.
 */
const built = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
async function inProcess(args: string[], opts: { env: Record<string, string>; cwd?: string; migrateWorkers?: boolean }): Promise<RunResult> {
  const r = await runMain(args, opts);
  const stamp = (s: string) => s.replaceAll(JSON.stringify(VERSION), JSON.stringify(built));
  return { code: r.code, stdout: stamp(r.stdout), stderr: stamp(r.stderr) };
}

// each line three times: the second and third are what the fast paths take
const thrice = (lines: string[]) => lines.flatMap((l) => [l, l, l]).join("\n") + "\n";
const access = put("hostile.log", thrice([
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET /v2/projects/abc?api_key=sk_live_1 HTTP/1.1" 200 5 "https://r/?token=t1" "curl/8"`,
  `1.2.3.4 - alice [22/Nov/2026:10:00:01 +0000] "GET /v2/projects/abc HTTP/1.1" 200 5 "-" "Authorization: Bearer abcdefgh"`,
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET /v2/projects/abc HTTP/1.1" 200 5 "-" "agent -u bob:pw eyJhbGciOiJIUzI1NiJ9.x"`,
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET /v2/projects/abc HTTP/1.1" 200 5 "-" "plain agent"\r`,
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET https://u:pw@h/v2/topics HTTP/1.1" 200 5 "-" "x"`,
  `not an access line`,
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET /v2/gone/route HTTP/1.1" 200 5 "-" "x"`,
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET /v2/topics?__proto__=1&constructor=2&constructor=3 HTTP/1.1" 200 5 "-" "x"`,
  // an OAuth authorization code in a referer and in the callback's own line
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET /v2/topics HTTP/1.1" 200 5 "https://app/cb?code=oauthcode1&state=s" "x"`,
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET /auth/callback?state=s&code=oauthcode2 HTTP/1.1" 302 0 "-" "x"`,
]));
const ndjson = put("hostile.ndjson", thrice([
  `{"ts":"2026-11-22T10:15:00Z","method":"GET","url":"https://api.example.com/v2/projects/p1","ua":"plain"}`,
  `{"ts":"2026-11-22T10:15:00Z","method":"get","url":"/v2/projects/p1?token=x","note":"password=hunter2"}`,
  `{"ts":"2026-11-22T10:15:00Z","method":"GET","url":"/v2/projects/p1","headers":{"x-api-key":"sk_live_2","Accept":"a"}}`,
  `{"method":"GET","url":"/v2/projects/p1","Authorization":"Bearer abcdefghij"}`,
  `{"method":"GET","url":"/v2/projects/p1","n":1.50,"s":"\\u00e9"}`,
  `{"method":"POST","url":"/v2/recipes/execute","body":{"apiKey":"k","a":1}}`,
  `{"url": "/v2/topics" }`,
  `{"method":" Get ","url":"/v2/clusters"}`,
  `{"url": "/v2/topics?toString=1&__proto__=2", "__proto__": {"token": "sk_live_6"}}`,
  `{"method":"GET","url":"/v2/projects/p1","referer":"https://app/cb?state=s&code=oauthcode3"}`,
  `{not json`,
  "[".repeat(120) + "]".repeat(120),
]));
const curl = put("hostile.curl", thrice([
  `curl -s -H 'x-api-key: sk_live_3' -H 'Accept: application/json' 'https://api.example.com/v2/projects/p1'`,
  `curl -s -H 'x-api-key: sk_live_4' -H 'Accept: application/json' 'https://api.example.com/v2/projects/p2?sig=abc'`,
  `curl -s -H 'x-api-key: sk_live_5' -H 'X-Trace: Bearer abcdefgh' 'https://api.example.com/v2/projects/p3'`,
  `curl -X POST -H 'x-api-key: k' -d '{"password":"p","a":1}' https://api.example.com/v2/recipes/validate`,
  `curl -u bob:secret \\\n  https://api.example.com/v2/topics`,
  // shell variables: kept expandable by the full parser; the fast reader and learned forms step aside
  `curl -H "Authorization: Bearer $TOKEN" "$BASE/v2/projects/$ID/rank?at=$AT"`,
  // (a form learned from a plain URL, then the same command with a variable in its URL)
  `curl -s -H 'x-api-key: sk_live_3' -H 'Accept: application/json' https://api.example.com/v2/projects/p9`,
  `curl -s -H 'x-api-key: sk_live_3' -H 'Accept: application/json' $BASE/v2/projects/$ID`,
  `curl -s -H 'x-api-key: sk_live_3' -H 'Accept: application/json' /v2/intel/\${IID}`,
  `wget https://api.example.com/v2/topics`,
  // a form (multipart POST, its fields redacted) and an upload (PUT): the full parser's, after a learned form
  `curl -s -H 'x-api-key: sk_live_3' -F 'password=p' -F a=1 -X PATCH https://api.example.com/v3/alerts/a1`,
  `curl -s -H 'x-api-key: sk_live_3' -T rows.json https://api.example.com/v2/projects/p9`,
]));
// Docker's JSON log file of an nginx container: each `log` an access line (a secret in its query,
// referer and authuser), a stderr line that is none, a line whose keys come in another order
const docker = put("container-json.log", thrice([
  JSON.stringify({ log: `172.17.0.1 - - [22/Nov/2026:10:00:01 +0000] "GET /v2/projects?api_key=sk_live_1 HTTP/1.1" 200 5 "https://r/?token=hunter2" "curl/8"\n`, stream: "stdout", time: "2026-11-22T10:00:01.1Z" }),
  JSON.stringify({ log: `172.17.0.1 - bob:pw [22/Nov/2026:10:00:02 +0000] "GET /v2/intel/i1 HTTP/1.1" 200 5 "-" "-"\n`, stream: "stdout", time: "2026-11-22T10:00:02.1Z" }),
  JSON.stringify({ log: "2026/11/22 10:00:03 [notice] 1#1: start worker processes\n", stream: "stderr", time: "2026-11-22T10:00:03.1Z" }),
  JSON.stringify({ stream: "stdout", log: `GET /v2/clusters HTTP/1.1\r\n`, time: "2026-11-22T10:00:04.1Z" }),
]));
// a CloudFront standard log: its header, records with a key in the query, a cookie and a referer token
const cfRecord = (stem: string, query: string, cookie: string, referer: string) =>
  CLOUDFRONT_FIELDS.map((f) => ({ "cs-method": "GET", "cs-uri-stem": stem, "cs-uri-query": query, "cs(Cookie)": cookie, "cs(Referer)": referer, "x-host-header": "api.example.com", "cs-protocol": "https" } as Record<string, string>)[f] ?? "x").join("\t");
const cloudfront = put("E2EXAMPLE.2026-11-22-10.log", "#Version: 1.0\n#Fields: " + CLOUDFRONT_FIELDS.join(" ") + "\n" + thrice([
  cfRecord("/v2/projects", "names=a%2520b&api_key=sk_live_2", "session=hunter2", "https://r/?token=abcdefgh"),
  cfRecord("/v2/intel/i1", "-", "-", "-"),
  cfRecord("/favicon.ico", "-", "-", "-"),
  "no\trecord",
]));
// CloudFront logs joined (`zcat *.gz`): an older layout of fewer fields between two of today's, each
// part long enough that worker threads get batches that start inside it (some 230 KB: batches of
// the smallest size, 16 KB, each part longer than one)
const OLD_FIELDS = ["date", "time", "cs-method", "cs-uri-stem", "cs-uri-query", "sc-status", "cs(Cookie)", "x-host-header", "cs-protocol"];
const cfOld = (stem: string, query: string) => OLD_FIELDS.map((f) => ({ "cs-method": "GET", "cs-uri-stem": stem, "cs-uri-query": query, "x-host-header": "api.example.com", "cs-protocol": "https", "cs(Cookie)": "session=hunter2" } as Record<string, string>)[f] ?? "y").join("\t");
const cfPart = (n: number, from: number, rec: (stem: string, query: string) => string) =>
  Array.from({ length: n }, (_, i) => rec(`/v2/projects/p${from + i}/rank`, `at=2026-11-${String(1 + (i % 28)).padStart(2, "0")}T00:00:00Z&api_key=sk_live_${i % 7 ? 1 : 2}`)).join("\n") + "\n";
const header = (fields: readonly string[]) => `#Version: 1.0\n#Fields: ${fields.join(" ")}\n`;
const cfJoined = put("cloudfront-joined.log", header(CLOUDFRONT_FIELDS) + cfPart(400, 0, (s, q) => cfRecord(s, q, "-", "-")) + header(OLD_FIELDS) + cfPart(400, 400, cfOld)
  + header(OLD_FIELDS) + cfPart(200, 800, cfOld) + header(CLOUDFRONT_FIELDS) + cfPart(400, 1000, (s, q) => cfRecord(s, q, "-", "-")));
// Docker's JSON log with lines past 16 KB that Docker cut into entries, spread so that batches for
// worker threads would fall inside them (some 300 KB: batches of about 18 KB, a cut line's size)
const dockerLong = put("long-json.log", Array.from({ length: 400 }, (_, i) => {
  const ua = i % 40 === 7 ? "Mozilla/5.0 " + "w".repeat(16000 + i * 13) : `agent/${i}`;
  const text = `172.17.0.1 - - [22/Nov/2026:10:00:01 +0000] "GET /v2/projects/p${i}/rank?at=2026-11-01T00:00:00Z HTTP/1.1" 200 5 "https://r/?token=hunter2" "${ua}"\n`;
  const parts: string[] = [];
  for (let k = 0; k < text.length; k += 16384) parts.push(text.slice(k, k + 16384));
  return parts.map((log) => JSON.stringify({ log, stream: "stdout", time: "2026-11-22T10:00:01.1Z" }) + "\n").join("");
}).join(""));
// an API behind a gateway path (--base-url https://gw.example/mids): its requests under /mids
const gwAccess = put("gateway.log", thrice([
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET /mids/v2/projects/abc/rank?at=2026-11-01T00:00:00Z&api_key=sk_live_1 HTTP/1.1" 200 5 "-" "curl/8"`,
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET https://gw.example/mids/v2/clusters HTTP/1.1" 200 5 "-" "curl/8"`,
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET https://other.example/mids/v2/clusters HTTP/1.1" 200 5 "-" "curl/8"`,
  `1.2.3.4 - - [22/Nov/2026:10:00:01 +0000] "GET /mids/v2/gone HTTP/1.1" 200 5 "-" "curl/8"`,
]));
const gwJson = put("gateway.ndjson", thrice([
  `{"method":"GET","url":"https://gw.example/mids/v2/intel/i1?token=x"}`,
  `{"method":"GET","url":"/mids/v2/topics"}`,
]));
const gz = put("requests.ndjson.gz", gzipSync(readFileSync(at("requests.ndjson"))));
// a gzip cut short: what it holds before the cut, then exit 2 with the documents closed
const cutGz = gzipSync(readFileSync(at("combined.log"), "utf8").repeat(60));
const truncatedGz = put("cut.log.gz", cutGz.subarray(0, Math.floor(cutGz.length * 0.7)));

// every format and the hostile files in one run (several inputs: one output), in every output mode
const ALL = [at("combined.log"), access, at("requests.ndjson"), ndjson, at("commands.curl"), curl, at("traffic.har"), docker, cloudfront];
const CASES: { name: string; args: string[] }[] = [
  { name: "every format, hostile lines among them, the first input's format out", args: ALL },
  ...["curl", "http", "har", "ndjson"].map((to) => ({ name: `every format, --to ${to}`, args: [...ALL, "--to", to] })),
  ...["json", "ndjson"].map((o) => ({ name: `every format, -o ${o}`, args: [...ALL, "-o", o] })),
  { name: "a Docker JSON log alone, written back as one", args: [docker] },
  { name: "a Docker JSON log with lines Docker cut past 16 KB, over many batches", args: [dockerLong] },
  { name: "a CloudFront log alone, written back as one", args: [cloudfront] },
  { name: "CloudFront logs of two layouts joined, over many batches: each record under its own header", args: [cfJoined] },
  ...[[], ["-o", "ndjson"]].map((mode) => ({ name: `an API behind a gateway path (--base-url with a path)${mode.length ? ", " + mode.join(" ") : ""}`, args: [gwAccess, gwJson, "--base-url", "https://gw.example/mids", ...mode] })),
  { name: "gzip, then a truncated HAR: exit 2, what was read still out", args: [gz, at("truncated.har"), "--to", "ndjson", "--fail-on", "invalid"] },
  // (the two documents that must be closed; every mode is held by gzip-damage.test.ts)
  ...[["-o", "json"], ["--to", "har"]].map((mode) => ({ name: `a truncated gzip${mode.length ? ", " + mode.join(" ") : ""}: exit 2, what was read out and closed`, args: [at("combined.log"), truncatedGz, ...mode] })),
];

const STRATEGIES = ["fast", "general"] as const;
const JOBS = ["0", "2"] as const;

describe("migrate: every strategy gives the same bytes", () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const runs = await Promise.all(STRATEGIES.flatMap((strategy) => JOBS.map(async (jobs) => {
        // general --jobs 2 through the built binary (its worker threads, dist/migrate-worker.js); the
        // other three in this process, fast --jobs 2 with worker threads loading the same built
        // worker: their bytes must equal the binary's, so main() and bin/mids are held to each other too
        const args = ["migrate", "--jobs", jobs, ...c.args];
        const env = baseEnv({ MIDS_MIGRATE_STRATEGY: strategy });
        const r = jobs === "2" && strategy === "general" ? await runMids(args, { env, timeoutMs: 60_000 }) : await inProcess(args, { env, migrateWorkers: jobs === "2" });
        return { strategy, jobs, ...r };
      })));
      const [ref, ...rest] = runs;
      expect(ref.stdout.length + ref.stderr.length).toBeGreaterThan(0);
      for (const r of rest) {
        const label = `${r.strategy}, --jobs ${r.jobs} vs ${ref.strategy}, --jobs ${ref.jobs}`;
        expect(r.code, label).toBe(ref.code);
        expect(r.stderr, label).toBe(ref.stderr);
        expect(r.stdout, label).toBe(ref.stdout);
      }
      // no secret of the corpus comes out on any path
      for (const secret of ["sk_live_1", "sk_live_2", "sk_live_3", "sk_live_4", "hunter2", "abcdefgh", "bob:pw", "eyJhbGciOiJIUzI1NiJ9", "oauthcode"]) {
        expect(ref.stdout + ref.stderr).not.toContain(secret);
      }
    }, 120_000);
  }

  it("the in-process --jobs 2 runs above are read by worker threads (not quietly on one thread)", async () => {
    const r = await inProcess(["migrate", "--jobs", "2", "--verbose", at("combined.log")], { env: baseEnv(), migrateWorkers: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`migrate: ${at("combined.log")}: read by 2 worker threads\n`);
  });

  it("a JSON-lines method with blanks around it (\" Get \") is that method, on every path", async () => {
    const log = put("blank-method.ndjson", thrice([`{"method":" Get ","url":"/v2/clusters"}`, `{"method":"get\\t","url":"/v2/clusters"}`]));
    for (const strategy of ["fast", "general"]) {
      // (in this process: the binary's --jobs 2 runs above hold main() to it)
      const r = await inProcess(["migrate", log, "-o", "json"], { env: baseEnv({ MIDS_MIGRATE_STRATEGY: strategy }) });
      expect(r.code, strategy).toBe(0);
      const out = (JSON.parse(r.stdout) as { requests: { status: string; from: { method: string } }[] }).requests;
      expect(out.map((o) => [o.status, o.from.method]), strategy).toEqual(Array(6).fill(["rewritten", "GET"]));
    }
  });

  it("refuses a strategy it does not know, with exit 2", async () => {
    const r = await runMids(["migrate", at("combined.log")], { env: baseEnv({ MIDS_MIGRATE_STRATEGY: "turbo" }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("MIDS_MIGRATE_STRATEGY must be fast or general, not 'turbo'");
    // (scan's refusal in this process; migrate's above through the built bin/mids)
    const scan = await inProcess(["migrate", "scan", join(ROOT, "test/fixtures/scan/tree")], { env: baseEnv({ MIDS_MIGRATE_STRATEGY: "turbo" }) });
    expect(scan.code).toBe(2);
    expect(scan.stderr).toContain("MIDS_MIGRATE_STRATEGY must be fast or general, not 'turbo'");
    // one line and its hint, no stack trace
    for (const x of [r, scan]) expect(x.stderr).not.toMatch(/\n\s+at /);
  });
});

// migrate scan under the same switch: the route-table index and reads in place (fast) against
// matchPath and reads on the pool (general), in every findings format, a dot path among the usages
describe("migrate scan: every strategy gives the same bytes", () => {
  const tree = join(dir, "scan-tree");
  cpSync(join(ROOT, "test/fixtures/scan/tree"), tree, { recursive: true });
  writeFileSync(join(tree, "dots.py"), 'a = get("/v2/projects/%2e%2e/momentum")\nb = get("/v2/projects/abc/rank?limit=5")\n');
  for (const format of ["stylish", "json", "sarif", "github"]) {
    it(`--format ${format}`, async () => {
      // the fast path in this process, the general one through the built binary
      const [fast, general] = await Promise.all(STRATEGIES.map((strategy) => {
        const opts = { cwd: tree, env: baseEnv({ MIDS_MIGRATE_STRATEGY: strategy, MIDS_BASE_URL: "https://api.mids.example" }) };
        const args = ["migrate", "scan", "--format", format];
        return strategy === "fast" ? inProcess(args, opts) : runMids(args, opts);
      }));
      expect(fast.stdout.length).toBeGreaterThan(0);
      expect(general.code).toBe(fast.code);
      expect(general.stderr).toBe(fast.stderr);
      expect(general.stdout).toBe(fast.stdout);
      expect(fast.stdout).toContain("dot-segment");
    });
  }
});
