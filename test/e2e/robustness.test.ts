// Cross-cutting robustness of the built binary: bad input on every command gives one `mids:` line
// and the documented exit code (never exit 1, a stack trace or stdout noise); the API key never
// appears in any output; a reader that goes away (`| head`) ends the run quietly with exit 0, but
// never turns a failure the run reached into success.
import { execFileSync, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, baseEnv, budgetFor, mapLimit, runMain, runMids, useSandbox, type RunResult } from "../helpers/cli.js";
import { closedPort } from "../helpers/ports.js";

const sb = useSandbox();
const dir = mkdtempSync(join(tmpdir(), "mids-robust-"));
const file = (name: string, text: string | Buffer) => (writeFileSync(join(dir, name), text), join(dir, name));

interface Fixtures { demoKey: string; alerts: { A: string[] }; keys: { key: string; id: string }[] }

describe("bad input", () => {
  // 45 runs in this process and 4 of the CLI
  it("every case: one mids: line (plus a hint), the README exit code, nothing on stdout", { timeout: budgetFor(67 / 4 + 4) }, async () => {
    const empty = file("empty.yaml", "");
    const notADir = file("not-a-dir", "x");
    // [args, exit code, what the message must name, stdin]
    const cases: [string[], number, RegExp, string?, RegExp?][] = [
      // an empty or dot-segment path argument never becomes a request to another route
      [["projects", "get", ""], 2, /project id or slug is empty/],
      [["projects", "get", ".."], 2, /'\.\.' is not a valid project id or slug/],
      // '-' (gh's stdin) where one id is taken: never sent as an id (before: 'project - not found', exit 4)
      [["projects", "get", "-"], 2, /^mids: '-' is not a project id or slug: this command reads no stdin$/m],
      [["alerts", "get", "-"], 2, /^mids: '-' is not an alert id: this command reads no stdin$/m],
      [["alerts", "update", "-", "--status", "paused"], 2, /^mids: '-' is not an alert id: this command reads no stdin$/m],
      [["projects", "related", "."], 2, /not a valid project id/],
      [["projects", "metrics", ""], 2, /project id or slug is empty/],
      [["series", "trend", ""], 2, /project id or slug is empty/],
      [["intel", "get", "."], 2, /not a valid intel id/],
      [["topics", "get", ".."], 2, /not a valid topic id/],
      [["reports", "get", ""], 2, /report id is empty/],
      [["recipes", "get", ".."], 2, /not a valid recipe name/],
      [["recipes", "execute", ""], 2, /recipe name or file is empty/],
      [["alerts", "get", ".."], 2, /'\.\.' is not an alert id/],
      [["alerts", "pause", "."], 2, /not an alert id/],
      // binary on stdin: one short line naming the problem
      [["alerts", "pause", "-"], 2, /not an alert id/, "\u0000\u00ff\u001b[31mjunk\n"],
      [["alerts", "pause", "-"], 2, /no alert ids on stdin/, ""],
      [["api", ""], 2, /the path is empty/],
      // empty values never silently widen a query or disable a gate
      [["projects", "list", "--ids", ""], 2, /--ids must not be empty/],
      [["projects", "list", "--tickers", " , "], 2, /--tickers needs at least one value/],
      [["intel", "list", "--grade", ""], 2, /--grade must not be empty/],
      [["migrate", "--fail-on", "", join(ROOT, "test/fixtures/migrate/bare.log")], 2, /--fail-on needs one or more of/],
      [["api", "/v3/topics", "-H", "X-A: b\r\nX-B: c"], 2, /-H expects 'Name: value'/],
      [["api", "/v3/topics", "-H", "Bad Name: x"], 2, /-H expects/, undefined, /^hint: e\.g\. -H 'Accept: application\/json'/m],
      // a field typed without its value: the hint shows it with one
      [["api", "/v3/projects", "-f", "minTrend"], 2, /^mids: -f expects key=value \(got 'minTrend'\)$/, undefined, /^hint: e\.g\. -f minTrend=VALUE /m],
      [["api", "/v3/projects", "-f", "=5"], 2, /^mids: -f expects key=value \(got '=5'\)$/, undefined, /^hint: e\.g\. -f limit=5 /m],
      [["api", "-X", "POST", "/v3/topics", "--input", dir], 2, /cannot read --input .*: it is a directory/],
      [["api", "/v3/topics", "-X", "BOGUS"], 2, /-X must be one of/],
      // --base-url "$URL" with URL unset: the hint says what an empty value usually is
      [["--base-url", "", "me"], 2, /^mids: --base-url must not be empty$/, undefined, /^hint: give --base-url a value, or leave it out .*unset/m],
      [["--profile", "", "me"], 2, /^mids: --profile must not be empty$/, undefined, /^hint: give --profile a value/m],
      [["api", "-X", "POST", "/v3/topics", "--paginate"], 2, /^mids: --paginate follows GET requests only \(got -X POST\)$/, undefined, /^hint: drop --paginate: a POST request is sent once$/m],
      [["projects", "list", "--api", "v2", "--page", "99999999999999999999"], 2, /--page must be a whole number/],
      [["projects", "list", "--limit", "0"], 2, /--limit must be a whole number from 1 to 50 \(got '0'\)$/, undefined, /^hint: e\.g\. --limit 50$/m],
      [["projects", "list", "--min-trend", "abc"], 2, /--min-trend must be a number \(got 'abc'\)$/, undefined, /^hint: e\.g\. --min-trend \d+$/m],
      [["--api-key", "", "me"], 2, /^mids: --api-key must not be empty$/m, undefined, /^hint: give --api-key a value, or leave it out for the default/m],
      [["alerts", "update", "alr_1", "--name", " "], 2, /^mids: --name must not be empty$/m, undefined, /^hint: give --name a value \(e\.g\. --name "DeFi movers"\), or leave it out to keep the alert's$/m],
      [["series", "trend", "p", "--from", "yesterday"], 2, /--from must be an ISO 8601 time/, undefined, /^hint: e\.g\. --from 7d .*--from 2026-11-01/m],
      [["series", "trend", "p", "--from", "2d", "--to", "3d"], 2, /^mids: --from \(.*\) is after --to \(.*\)$/m, undefined, /^hint: --from is the window's start and --to its end: swap them/m],
      [["api", "/v3/me", "-f", "x"], 2, /-f expects key=value \(got 'x'\)$/, undefined, /^hint: e\.g\. -f x=VALUE /m],
      [["api", "/v3/me", "-H", "bad"], 2, /-H expects 'Name: value'/, undefined, /^hint: e\.g\. -H 'Accept: application\/json'/m],
      [["me", "--timeout", "30d"], 2, /--timeout must be at most 24 days/, undefined, /^hint: e\.g\. --timeout 30s$/m],
      [["projects", "list", "--categories", ","], 2, /--categories needs at least one value/, undefined, /^hint: give --categories one or more values, e\.g\. --categories A,B, or leave the flag out$/m],
      [["projects", "list", "--page", "2"], 2, /--page is v2 only/, undefined, /^hint: pass the --cursor the 'more results' line names, use --all, or add --api v2 for --page$/m],
      [["projects", "list", "--min-market-cap", "5"], 2, /--min-market-cap is not available on GET \/v3\/projects/, undefined, /^hint: add --api v2 to use --min-market-cap, or drop --min-market-cap$/m],
      [["projects", "related", "p", "--api", "v2", "--since", "3x"], 2, /--since must be a relative window/, undefined, /^hint: e\.g\. --since 48h /m],
      [["migrate", "scan", dir, "--output-file-format", "sarif"], 2, /--output-file-format needs --output-file FILE/, undefined, /^hint: name the file it is for/m],
      [["series", "trend", "p", "--from", "7d", "--start", "6d"], 2, /--from\/--start are aliases; pass one of them|are aliases; pass one of them/, undefined, /^hint: keep one of /m],
      [["sandbox", "serve", "--faults", "bogus", "--port", "0"], 2, /--faults: invalid fault "bogus"/, undefined, /^hint: e\.g\. --faults 503:0\.2/m],
      [["me", "--timeout", "soon"], 2, /--timeout must be a positive duration such as 30, 1500ms, 2s or 1m \(got 'soon'\)$/, undefined, /^hint: e\.g\. --timeout 30s$/m],
      [["me", "--max-body-size", "1"], 2, /--max-body-size must be a size of at least 1KB such as 64MB, 512KB or 1GB \(got '1'\)$/, undefined, /^hint: e\.g\. --max-body-size 64MB$/m],
      [["config", "set", "timeout", "abc"], 2, /^mids: timeout must be a positive duration/m, undefined, /^hint: use a duration such as 30s$/m],
      [["projects", "list", "--sort", "bogus"], 2, /^mids: --sort must be one of trend, createdAt, reinforcedAt \(got 'bogus'\)$/m],
      [["projects", "list", "extra"], 2, /too many arguments/],
      [["--fields", "a..b", "topics", "list"], 2, /--fields: 'a\.\.b' is not a field path/],
      [["--max-retries", "abc", "topics", "list"], 2, /--max-retries must be a whole number/],
      [["series", "trend", "x", "--from", "bogus"], 2, /--from must be an ISO 8601 time/, undefined, /^hint: e\.g\. --from 7d .*--from 2026-11-01/m],
      // the window's ends the wrong way round: the hint swaps the values typed
      [["series", "trend", "x", "--from", "14d", "--to", "20d"], 2, /^mids: --from \(\S+\) is after --to \(\S+\)$/, undefined, /^hint: .*swap them, --from 20d --to 14d$/m],
      [["projects", "get", "x", "--api", "v2", "--at", "2999-01-01"], 2, /--at must lie in the past/],
      [["recipes", "validate", ""], 2, /an input is empty/],
      [["recipes", "validate", empty, "--output-file", ""], 2, /--output-file is empty/],
      [["recipes", "execute", dir], 2, /is a directory, not a recipe file/],
      [["recipes", "validate", "-"], 2, /stdin is empty/, ""],
      [["recipes", "execute", "-"], 2, /stdin is empty/, "", /^hint: pipe a recipe in \(mids recipes execute - < recipe\.yaml\)/m],
      [["recipes", "execute", "trend-digest", "--param", "limit=1", "--param", "limit=2"], 2, /^mids: --param limit is given twice$/, undefined, /^hint: give each param once; /m],
      [["migrate", dir], 2, /cannot read .*: it is a directory/],
      [["migrate", join(dir, "nope.log")], 2, /cannot read .*: no such file/],
      [["migrate", "x.log", "--to", "bogus"], 2, /--to must be one of/],
      [["completion", "bogus"], 2, /unknown shell/],
      [["alerts", "update", "alr_358143c32a05a788", "--cadence", " "], 2, /^mids: --cadence must not be empty$/, undefined, /^hint: give --cadence a value \(e\.g\. --cadence daily; .*\), or leave it out to keep the alert's$/m],
      [["migrate", "scan", dir, "--output-file-format", "sarif"], 2, /^mids: --output-file-format needs --output-file FILE$/, undefined, /^hint: .*e\.g\. --output-file findings\.sarif --output-file-format sarif, or --format sarif for stdout instead$/m],
      [["projects", "list", "--categories", ","], 2, /^mids: --categories needs at least one value/, undefined, /^hint: give --categories one or more values, e\.g\. --categories /m],
      [["projects", "related", "x", "--api", "v2", "--since", "2026-11-01"], 2, /^mids: --since must be a relative window/, undefined, /^hint: e\.g\. --since 48h /m],
      [["sandbox", "serve", "--port", "0", "--faults", "503:2"], 2, /^mids: --faults: invalid fault "503:2"/, undefined, /^hint: e\.g\. --faults 503:0\.2,/m],
      [["config", "set", "output", "bogus"], 2, /output must be one of/],
      [["projects", "get", "no-such-project"], 4, /not found/],
    ];
    const env = sb.env((await sb.admin<Fixtures>("/_sandbox/fixtures")).demoKey);
    // in this process, one at a time; the first few through the built CLI too, which must agree
    const results: RunResult[] = [];
    for (const [args, , , input] of cases) results.push(await runMain(args, { env, input }));
    const cli = await mapLimit(cases.slice(0, 4), 4, ([args, , , input]) => runMids(args, { env, input }));
    cli.forEach((r, i) => expect(r, `mids ${cases[i][0].join(" ")}`).toEqual(results[i]));
    // a config directory that is a file cannot be written: the user's to fix, not a bug
    results.push(await runMain(["config", "set", "output", "json"], { env: { ...env, MIDS_CONFIG_DIR: notADir } }));
    cases.push([["config", "set"], 2, /cannot write the config file/]);
    cases.forEach(([args, code, message, , hint], i) => {
      const r = results[i];
      const label = `mids ${args.join(" ")}`;
      expect({ label, code: r.code, stdout: r.stdout }).toEqual({ label, code, stdout: "" });
      const lines = r.stderr.split("\n").filter((l) => l && !l.startsWith("mids: notice:"));
      expect(lines[0], label).toMatch(/^mids: /);
      expect(lines[0], label).toMatch(message);
      expect(lines.slice(1).every((l) => l.startsWith("hint: ")), `${label}: ${r.stderr}`).toBe(true);
      expect(r.stderr, label).not.toMatch(/unexpected error|\n\s+at /);
      if (hint) expect(r.stderr, label).toMatch(hint);
    });
  });

  it("a log that is not a regular file (a pipe, as with <(zcat log.gz)) is read like any other", async () => {
    const fifo = join(dir, "log.fifo");
    execFileSync("mkfifo", [fifo]);
    const writer = writeFile(fifo, "GET /v2/clusters HTTP/1.1\n");
    const r = await runMids(["migrate", fifo]);
    await writer;
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^GET \/v3\/clusters HTTP\/1\.1\n$/);
  });
});

describe("secrets", () => {
  // 44 runs of the CLI, 4 at a time
  it("the key never appears in stdout, stderr, traces, JSON errors, dry runs or rewritten logs; the valid key's runs succeed", { timeout: budgetFor(44, 4) }, async () => {
    const fx = await sb.admin<Fixtures>("/_sandbox/fixtures");
    const unknown = "mids_robust_secret_5f1c9e";
    // a topic that exists: --resolve finds its report with the valid key
    const topic = (await sb.api<{ data: { id: string }[] }>("/v3/topics?limit=1", fx.demoKey)).body.data[0].id;
    const log = file("key.log", `GET /v2/projects?api_key=${unknown} HTTP/1.1\nGET /v2/topics/${topic}/report HTTP/1.1\n`);
    const alert = fx.alerts.A[0];
    const dead = await closedPort();
    // [args, exit code with the refused key, exit code with the valid key]
    const commands: [string[], number, number][] = [
      [["--verbose", "me"], 3, 0],
      [["--verbose", "-o", "json", "me"], 3, 0],
      [["--verbose", "api", "/v3/me", "-i"], 3, 0],
      [["-o", "ndjson", "projects", "get", "no-such-project"], 3, 4],
      // dry runs send nothing: no key is checked
      [["alerts", "pause", "--dry-run", alert, "-o", "json"], 0, 0],
      [["alerts", "update", alert, "--cadence", "daily", "--dry-run"], 0, 0],
      // the lookup reads a public topic route, where a key the server does not know is answered as
      // no key (the sandbox's assumption unrecognisedKeyOnPublicRoute)
      [["--verbose", "migrate", "--resolve", log, "--to", "curl"], 0, 0],
      [["migrate", log, "-o", "json"], 0, 0],
      [["migrate", log, "--to", "har"], 0, 0],
      [["recipes", "validate", join(ROOT, "test/fixtures/recipes/valid.yaml"), "--format", "sarif"], 3, 0],
      [["--base-url", `http://127.0.0.1:${dead}`, "--max-retries", "0", "me"], 7, 7],
    ];
    // a key the server refuses (error paths) and the valid demo key (success paths), by env and flag
    // the refused key from the environment through the built bin/mids (what a crash or trace would
    // print), the other three ways in-process: the same main, the same output
    const runs = [unknown, fx.demoKey].flatMap((key) => commands.flatMap(([args, refused, valid]) => [
      { key, args, code: key === unknown ? refused : valid, env: sb.env(key), argv: args, binary: key === unknown },
      { key, args, code: key === unknown ? refused : valid, env: sb.env(undefined), argv: ["--api-key", key, ...args], binary: false },
    ]));
    const results = await mapLimit(runs, 4, (x) => (x.binary ? runMids : runMain)(x.argv, { env: x.env }));
    for (const [i, { key, args, code }] of runs.entries()) {
      const r = results[i];
      const label = `mids ${args.join(" ")} (${key === unknown ? "refused" : "valid"} key): ${r.stderr}`;
      expect(r.code, label).toBe(code);
      expect(r.stdout + r.stderr, label).not.toContain(key);
      // what succeeded printed its result
      if (code === 0) expect(r.stdout, label).not.toBe("");
    }
    // the valid key's runs did what they say: the key's own record, the report's route resolved
    const valid = (args: string[]) => results[runs.findIndex((x) => x.key === fx.demoKey && x.args === commands.find((c) => c[0].join(" ") === args.join(" "))![0])];
    expect(JSON.parse(valid(["--verbose", "-o", "json", "me"]).stdout).credential.id).toBe(fx.keys.find((k) => k.key === fx.demoKey)!.id);
    expect(valid(["--verbose", "migrate", "--resolve", log, "--to", "curl"]).stdout).toMatch(/\/v3\/reports\/rep_\w+/);
  });
});

describe("pipes", () => {
  it("a reader that goes away after the first line ends the run quietly with exit 0", async () => {
    const env = sb.env((await sb.admin<Fixtures>("/_sandbox/fixtures")).demoKey);
    const big = file("big.log", "GET /v2/projects?page=2 HTTP/1.1\n".repeat(100_000));
    const headOne = (args: string[]) => new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
      child.stdout.once("data", () => child.stdout.destroy());
      child.on("close", (code) => resolve({ code, stderr }));
    });
    const runs = await Promise.all([
      headOne(["projects", "list", "--all", "-o", "ndjson"]),
      headOne(["migrate", big, "-q"]),
      headOne(["migrate", big, "-o", "ndjson", "-q"]),
    ]);
    for (const r of runs) expect(r).toEqual({ code: 0, stderr: "" });
  });

  it("a reader that is gone before the first line (`| true`) never turns a failure into success", async () => {
    const env = sb.env((await sb.admin<Fixtures>("/_sandbox/fixtures")).demoKey);
    const broken = file("broken.yaml", "name: x\nsteps:\n  - uses: [\n");
    const dead = await closedPort();
    const gone = (args: string[]) => new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.destroy();
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
      child.on("close", (code) => resolve({ code, stderr }));
    });
    const [findings, unreachable, fine, version] = await Promise.all([
      gone(["recipes", "validate", broken, "--format", "json", "-q"]),
      gone(["--base-url", `http://127.0.0.1:${dead}`, "doctor", "-o", "table"]),
      gone(["projects", "list", "--all", "-o", "ndjson"]),
      // (--version answers without the bundle: bin/mids's own path)
      gone(["--version"]),
    ]);
    // each failure keeps its exit code and says why on stderr, as it would with a reader
    expect(findings.code).toBe(8);
    expect(findings.stderr).toMatch(/^mids: 1 file checked: .*1 finding/m);
    expect(unreachable.code).toBe(7);
    expect(unreachable.stderr).toMatch(/^mids: .*checks failed/m);
    expect(fine).toEqual({ code: 0, stderr: "" });
    expect(version).toEqual({ code: 0, stderr: "" });
  });
});
