// The foundation end to end: the built bin/mids against a real sandbox on loopback.
// (The first test runs the built CLI; the later ones run main(argv) in this process: the same
// program, without a CLI start-up each.)
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, baseEnv, removeTempDirs, runMain, runMids, startSandbox, tempDir, useSandbox } from "../helpers/cli.js";
import { SANDBOX_KEYS, SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";
import { SIGNALS_SUNSET } from "../../src/contract/routes.js";

const key = (name: string) => SANDBOX_KEYS.find((k) => k.key.endsWith(name))!.key;
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));

const sb = useSandbox();

describe("version and help", () => {
  it("--version prints the package version", async () => {
    const r = await runMids(["--version"]);
    expect(r).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
  });

  it("--help lists every resource command with examples", async () => {
    const r = await runMain(["--help"]);
    expect(r.code).toBe(0);
    for (const c of ["projects", "intel", "topics", "reports", "series", "clusters", "vocabulary", "alerts", "me", "recipes", "api", "migrate", "sandbox", "completion", "config"]) {
      expect(r.stdout).toMatch(new RegExp(`^\\s+${c}\\b`, "m"));
    }
    expect(r.stdout).toContain("Examples:");
  });

  it("an unknown command or flag is a one-line usage error, exit 2", async () => {
    const r = await runMain(["projcts"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: unknown command 'projcts'/);
    expect(r.stderr).toContain("projects");
    const f = await runMain(["me", "--bogus"]);
    expect(f.code).toBe(2);
    expect(f.stderr).toMatch(/^mids: unknown option '--bogus'/);
    expect(f.stdout).toBe("");
  });

  it("with -o json a flag error is also a JSON error object on stderr, even after a bad global flag", async () => {
    for (const args of [["me", "--bogus", "-o", "json"], ["-o", "ndjson", "--timeout", "soon", "me"], ["series", "momentum", "x", "-o", "json"]]) {
      const r = await runMain(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      // the line, its hint (when there is one), then the JSON object
      const lines = r.stderr.trimEnd().split("\n");
      const [line, json] = [lines[0], lines[lines.length - 1]];
      expect(line).toMatch(/^mids: /);
      if (lines.length === 3) expect(lines[1]).toMatch(/^hint: /);
      expect(JSON.parse(json)).toEqual({ error: { code: "usage", message: line.slice("mids: ".length), status: null, details: null } });
    }
  });

  it("with --jq errors are the plain lines, a flag error found before --jq is checked too", async () => {
    for (const args of [["me", "--jq", ".", "--timeout", "soon"], ["me", "--jq", ""], ["projects", "get", "no-such-project", "--jq", "."]]) {
      const r = await runMain(args, { env: sb.env(SANDBOX_DEMO_KEY) });
      expect(r.code, args.join(" ")).not.toBe(0);
      expect(r.stderr, args.join(" ")).toMatch(/^mids: /);
      expect(r.stderr, args.join(" ")).not.toContain('{"error"');
    }
  });
});

describe("mids me", () => {
  it("prints /v3/me data as JSON when piped", async () => {
    const r = await runMain(["me"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(0);
    const server = (await sb.api<{ data: { history: { earliestAvailableAt: string } } }>("/v3/me", SANDBOX_DEMO_KEY)).body.data;
    const mine = JSON.parse(r.stdout);
    // the rolling window's start moves with the clock between the two calls
    expect(Math.abs(Date.parse(mine.history.earliestAvailableAt) - Date.parse(server.history.earliestAvailableAt))).toBeLessThan(10_000);
    mine.history.earliestAvailableAt = server.history.earliestAvailableAt;
    expect(mine).toEqual(server);
  });

  it("shows a readable table with -o table, including the live rate limit and key type", async () => {
    const r = await runMain(["me", "-o", "table"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(0);
    const me = (await sb.api<{ data: { credential: { name: string }; history: { earliestAvailableAt: string } } }>("/v3/me", SANDBOX_DEMO_KEY)).body.data;
    expect(r.stdout).toContain(me.credential.name);
    expect(r.stdout).toMatch(/remaining this minute\s+\d+\/\d+/);
    expect(r.stdout).toMatch(/key type \(X-API-Key-Type\)\s+\S+/);
    expect(r.stdout).toContain("earliest available");
  });

  it("--api v2 reads /v2/api-keys/info", async () => {
    const r = await runMain(["me", "--api", "v2"], { env: sb.env(key("archive")) });
    expect(r.code).toBe(0);
    const server = await sb.api<{ data: unknown }>("/v2/api-keys/info", key("archive"));
    expect(JSON.parse(r.stdout)).toEqual(server.body.data);
  });

  it("without a key: exit 3, one line and a hint; -o json adds a JSON error object", async () => {
    const r = await runMain(["me"], { env: sb.env(undefined) });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^mids: .*needs an API key/);
    // the config first (read from stdin), as doctor says: a key on the command line shows in 'ps'
    expect(lines[1]).toMatch(/^hint: run 'mids config set api-key -' \(reads it from stdin\), set MIDS_API_KEY or pass --api-key/);
    // with a profile selected, into that profile
    const env = sb.env(undefined);
    await runMain(["config", "set", "--profile", "ci", "output", "json"], { env });
    const p = await runMain(["me", "--profile", "ci"], { env });
    expect(p.code).toBe(3);
    expect(p.stderr).toMatch(/^hint: run 'mids config set --profile ci api-key -' \(reads it from stdin\)/m);
    const j = await runMain(["me", "-o", "json"], { env: sb.env(undefined) });
    const err = JSON.parse(j.stderr.trimEnd().split("\n").pop()!);
    expect(err.error.code).toBe("credential_required");
    expect(err.error.status).toBeGreaterThanOrEqual(400);
  });

  it("a key without the api entitlement: exit 3 naming it", async () => {
    // the sandbox's noapi key lacks `api`, which every key-needing route (/v3/me too) requires
    const r = await runMain(["me", "-o", "json"], { env: sb.env(key("noapi")) });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^mids: .*lacks the 'api' entitlement/);
    const err = JSON.parse(r.stderr.trimEnd().split("\n").pop()!);
    expect(err.error).toMatchObject({ code: "entitlement_required", status: 403, details: { entitlement: "api" } });
  });

  it("entitlement_required names the missing entitlement", async () => {
    const r = await runMain(["projects", "list"], { env: sb.env(key("noapi")) });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/lacks the 'api' entitlement/);
  });

  it("no base URL: exit 2 with the fix", async () => {
    const r = await runMain(["me"], { env: baseEnv({ MIDS_API_KEY: SANDBOX_DEMO_KEY }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: no API base URL is set\nhint: pass --base-url/);
  });
});

describe("mids api", () => {
  it("GETs a public route without a key", async () => {
    const r = await runMain(["api", "/v3/topics"], { env: sb.env(undefined) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual((await sb.api("/v3/topics")).body);
  });

  it("-f adds query parameters, -i prints the status and headers first", async () => {
    const r = await runMain(["api", "/v3/projects", "-f", "limit=2", "-i"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(0);
    const [head, body] = r.stdout.split("\n\n");
    expect(head).toMatch(/^HTTP 200\n/);
    expect(head).toMatch(/^x-ratelimit-remaining-minute: \d+$/m);
    expect(JSON.parse(body).data).toHaveLength(2);
  });

  it("not_found: exit 4, the error body on stdout, the subject on stderr", async () => {
    const r = await runMain(["api", "/v3/projects/no-such-project-slug"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stdout).code).toBe("not_found");
    expect(r.stderr).toMatch(/^mids: .*'no-such-project-slug' not found/);
  });

  it("invalid_request: exit 2 naming the field", async () => {
    const r = await runMain(["api", "/v3/projects", "-f", "minTrend=lots"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid request \(minTrend\)/);
  });

  it("history window: an explicit start before earliestAvailableAt is exit 6 naming it", async () => {
    const me = (await sb.api<{ data: { history: { earliestAvailableAt: string } } }>("/v3/me", key("selfserve"))).body.data;
    const list = (await sb.api<{ data: { slug: string }[] }>("/v3/projects?limit=1", key("selfserve"))).body.data;
    const from = new Date(Date.parse(me.history.earliestAvailableAt) - 5 * 86_400_000).toISOString();
    const r = await runMain(["api", `/v3/projects/${list[0].slug}/series/trend`, "-f", `from=${from}`], { env: sb.env(key("selfserve")) });
    expect(r.code).toBe(6);
    const named = /earliest data this key can read \(([^)]+)\)/.exec(r.stderr)![1];
    expect(Math.abs(Date.parse(named) - Date.parse(me.history.earliestAvailableAt))).toBeLessThan(10_000);
    // mids api has no --clamp: the hint names the parameter sent and the time to set it to
    // (the from given is named, to be replaced: a second from= beside it would not be read)
    expect(r.stderr).toMatch(/^hint: set from to a time inside the window \(it moves with the clock\): -f from=\S+ in place of the from=\S+ given;/m);
    expect(r.stderr).not.toContain("--clamp");
  });

  it("refuses to send the key over plain http to a non-loopback host", async () => {
    const r = await runMain(["api", "/v3/me", "--base-url", "http://api.example.invalid"], { env: baseEnv({ MIDS_API_KEY: "sk_test_1234" }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: refusing to send the API key over plain http to api\.example\.invalid\nhint: .*--insecure/);
  });

  it("a refused connection is exit 7 without a stack trace; MIDS_DEBUG=1 adds one", async () => {
    const closed = await startSandbox();
    const url = closed.url;
    await closed.stop();
    const r = await runMain(["api", "/v3/topics", "--max-retries", "0"], { env: baseEnv({ MIDS_BASE_URL: url }) });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^mids: connection refused by 127\.0\.0\.1:\d+\n/);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const d = await runMain(["api", "/v3/topics", "--max-retries", "0"], { env: baseEnv({ MIDS_BASE_URL: url, MIDS_DEBUG: "1" }) });
    expect(d.stderr).toMatch(/^\s+at /m);
  });
});

describe("deprecation notices", () => {
  it("one notice per route naming the v3 successor and the passed sunset; none with -q", async () => {
    const r = await runMain(["api", "/v2/signals"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(0);
    const notices = r.stderr.split("\n").filter((l) => l.includes("deprecated"));
    // the sunset is the route table's; whether it has passed is the clock's, never assumed
    const passed = Date.now() >= Date.parse(`${SIGNALS_SUNSET}T00:00:00Z`);
    expect(notices).toEqual([`mids: notice: /v2/signals is deprecated; use /v3/intel (sunset ${SIGNALS_SUNSET}${passed ? " has passed" : ""})`]);
    const q = await runMain(["api", "/v2/signals", "-q"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(q.stderr).toBe("");
    expect(JSON.parse(q.stdout).data).toEqual(JSON.parse(r.stdout).data);
  });
});

describe("deprecation notices across pages", () => {
  it("--all through a deprecated alias prints its notice once, however many pages", async () => {
    const r = await runMain(["grounding", "history", "--all", "--limit", "50", "--max-items", "200", "-o", "ndjson"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(200);
    const requests = (await sb.admin<{ path: string }[]>("/_sandbox/requests")).filter((q) => q.path === "/v2/grounding/history");
    expect(requests.length).toBeGreaterThanOrEqual(4);
    expect(r.stderr.split("\n").filter((l) => l.includes("is deprecated"))).toEqual(["mids: notice: 'mids grounding history' is deprecated (v2 API); use 'mids topics list'"]);
  });
});

describe("--verbose", () => {
  it("traces request and response lines with the key redacted everywhere", async () => {
    const r = await runMain(["me", "--verbose"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/v3\/me$/m);
    expect(r.stderr).toMatch(/^> x-api-key: \*\*\*$/m);
    expect(r.stderr).toMatch(/^< HTTP 200/m);
    expect(r.stderr).toMatch(/^< x-ratelimit-limit-minute: \d+$/m);
    expect(r.stderr + r.stdout).not.toContain(SANDBOX_DEMO_KEY);
  });

  it("redacts a key passed by flag in errors too", async () => {
    const secret = "sk_live_abcdef123456";
    const r = await runMain(["api", `/v3/projects/${secret}`, "--api-key", secret, "--verbose"], { env: sb.env(undefined) });
    expect(r.stderr + r.stdout).not.toContain(secret);
  });
});

describe("output formats", () => {
  it("json, ndjson, csv, yaml and --fields print the same list", async () => {
    const env = sb.env(SANDBOX_DEMO_KEY);
    const server = (await sb.api<{ data: { slug: string; trend: number }[] }>("/v3/projects?limit=3", SANDBOX_DEMO_KEY)).body.data;
    const json = await runMain(["projects", "list", "--limit", "3", "-o", "json"], { env });
    expect(JSON.parse(json.stdout)).toEqual(server);
    const nd = await runMain(["projects", "list", "--limit", "3", "-o", "ndjson", "--fields", "slug,trend"], { env });
    expect(nd.stdout.trimEnd().split("\n").map((l) => JSON.parse(l))).toEqual(server.map((p) => ({ slug: p.slug, trend: p.trend })));
    const csv = await runMain(["projects", "list", "--limit", "3", "-o", "csv", "--fields", "slug,identifiers.x"], { env });
    expect(csv.stdout.split("\n")[0]).toBe("slug,identifiers.x");
    expect(csv.stdout.split("\n")[1].split(",")[0]).toBe(server[0].slug);
    const yaml = await runMain(["projects", "list", "--limit", "3", "-o", "yaml", "--fields", "slug"], { env });
    expect(yaml.stdout).toBe(server.map((p) => `- slug: ${p.slug}\n`).join(""));
    const table = await runMain(["projects", "list", "--limit", "3", "-o", "table"], { env });
    expect(table.stdout.split("\n")[0]).toMatch(/^RANK\s+NAME\s+SLUG/);
    expect(table.stdout.trimEnd().split("\n")).toHaveLength(4);
  });

  it("an unknown -o value is a usage error", async () => {
    const r = await runMain(["projects", "list", "-o", "xml"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: --output must be one of table, json, ndjson, csv, yaml \(got 'xml'\)$/m);
  });
});

describe("--sandbox", () => {
  it("runs a real query against an in-process sandbox with the demo key", async () => {
    const r = await runMain(["--sandbox", "projects", "list", "--limit", "2"]);
    expect(r.code).toBe(0);
    const items = JSON.parse(r.stdout);
    expect(items).toHaveLength(2);
    expect(items[0].slug).toEqual(expect.any(String));
  });

  it("sandbox keys lists the documented keys", async () => {
    const r = await runMain(["sandbox", "keys", "-o", "json"]);
    expect(JSON.parse(r.stdout).map((k: { key: string }) => k.key)).toEqual(SANDBOX_KEYS.map((k) => k.key));
  });

  it("sandbox serve refuses bad --faults with exit 2", async () => {
    const r = await runMain(["sandbox", "serve", "--port", "0", "--faults", "teapot:0.5"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: --faults: /);
  });
});

describe("the test harness", () => {
  it("keeps every temporary directory under one root per file and removes it", () => {
    const homes = [baseEnv().HOME, baseEnv().HOME, tempDir()];
    const root = dirname(homes[0]);
    // the file's root lies in the run's (test/global-setup.ts), removed when the run ends
    expect(process.env.MIDS_TEST_TMP).toBeTruthy();
    expect(dirname(root)).toBe(process.env.MIDS_TEST_TMP);
    expect(dirname(process.env.MIDS_TEST_TMP!)).toBe(tmpdir());
    for (const h of homes) expect(dirname(h)).toBe(root);
    expect(new Set(homes).size).toBe(3);
    removeTempDirs();
    expect(existsSync(root)).toBe(false);
    // the next call starts a new root (removed again after this file)
    expect(dirname(tempDir())).not.toBe(root);
  });
});
