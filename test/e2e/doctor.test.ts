// mids doctor against the sandbox (all pass: exit 0), with a bad key (exit 3), a key without the
// 'api' entitlement (3), an unreachable port (7), no base URL (2) and a config file others can read (3).
// (The table against the sandbox runs the built CLI; the other runs run main(argv) in this process:
// the same program, without a CLI start-up each.)
import { createServer as createHttpServer } from "node:http";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { closedPort } from "../helpers/ports.js";
import { SANDBOX_DEMO_KEY, SANDBOX_KEYS } from "../../src/sandbox/keys.js";
import { maskKey } from "../../src/config.js";

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const sb = useSandbox(["-q"]);
const CHECKS = ["config", "base-url", "reachable", "tls", "key", "entitlements", "rate-limit", "history", "clock", "node"];

interface Check { check: string; status: string; detail: string; fix?: string }
interface Report { ok: boolean; exitCode: number; checks: Check[] }

const byName = (r: Report) => Object.fromEntries(r.checks.map((c) => [c.check, c]));

describe("mids doctor", () => {
  it("passes against the sandbox: one line per check, exit 0; -o json lists every check", async () => {
    const [table, json] = await Promise.all([
      runMids(["doctor", "-o", "table"], { env: sb.env(SANDBOX_DEMO_KEY) }),
      runMain(["doctor", "-o", "json"], { env: sb.env(SANDBOX_DEMO_KEY) }),
    ]);
    expect(table.code, table.stdout + table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split("\n");
    expect(lines.map((l) => l.split(/\s+/)[1])).toEqual(CHECKS);
    expect(lines.every((l) => /^ok /.test(l)), table.stdout).toBe(true);
    expect(table.stdout).toMatch(/^ok +reachable +127\.0\.0\.1:\d+ answered HTTP \d+, first byte after \d+ ms$/m);
    expect(table.stdout).toMatch(new RegExp(`^ok +key +${escapeRe(maskKey(SANDBOX_DEMO_KEY))} \\(from env MIDS_API_KEY\\) accepted`, "m"));
    expect(table.stdout).toMatch(/^ok +history +30-day window, enforced/m);
    expect(table.stdout).not.toContain(SANDBOX_DEMO_KEY);
    const report = JSON.parse(json.stdout) as Report;
    expect(json.code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.check)).toEqual(CHECKS);
    const entitlements = SANDBOX_KEYS.find((k) => k.key === SANDBOX_DEMO_KEY)!.entitlements;
    expect(byName(report).entitlements.detail).toContain(entitlements.join(", "));
    expect(byName(report)["rate-limit"].detail).toMatch(/^\d+\/\d+ left this minute, \d+\/\d+ left this day$/);
  });

  it("a rejected key or a key without 'api' is exit 3 with a fix; the key never shows", async () => {
    const bad = "mids_not_a_real_key_9876";
    const noapi = SANDBOX_KEYS.find((k) => !k.entitlements.includes("api"))!.key;
    const [rejected, lacking] = await Promise.all([
      runMain(["doctor", "-o", "json"], { env: sb.env(bad) }),
      runMain(["doctor", "-o", "json"], { env: sb.env(noapi) }),
    ]);
    expect(rejected.code).toBe(3);
    const r = byName(JSON.parse(rejected.stdout));
    expect(r.key).toMatchObject({ status: "fail", detail: expect.stringMatching(new RegExp(`^the API key ${escapeRe(maskKey(bad))} \\(from env MIDS_API_KEY\\) was rejected`)) });
    expect(r.key.fix).toMatch(/MIDS_API_KEY/);
    expect(r.reachable.status).toBe("ok");
    expect(rejected.stdout + rejected.stderr).not.toContain(bad);
    expect(rejected.stderr).toMatch(/^mids: 1 of 10 checks failed: key$/m);
    expect(lacking.code).toBe(3);
    expect(byName(JSON.parse(lacking.stdout)).entitlements).toMatchObject({ status: "fail", fix: expect.stringContaining("'api'") });
  });

  it("a key no server could take (blanks, non-ASCII) is named with its source and never sent: not 'GET /v3/me failed', nor 'did not answer'", async () => {
    const r = await runMain(["doctor", "-o", "json"], { env: sb.env("ключ_0123456789abcdef") });
    expect(r.code).toBe(2);
    const c = byName(JSON.parse(r.stdout));
    expect(c.key).toMatchObject({ status: "fail", detail: "the API key (from env MIDS_API_KEY) contains blanks, control characters or characters other than ASCII", fix: "fix or unset MIDS_API_KEY" });
    for (const name of ["entitlements", "rate-limit", "history"]) expect(c[name]).toEqual({ check: name, status: "skip", detail: "the key was not sent" });
    expect(c.reachable.status).toBe("ok");
    // with --sandbox too: the report, not an error in its place
    const s = await runMain(["--sandbox", "--api-key", "a b", "doctor", "-o", "json"], { env: baseEnv() });
    expect(s.code).toBe(2);
    const cs = JSON.parse(s.stdout).checks as { check: string; status: string; detail: string }[];
    expect(cs.map((x) => x.check)).toEqual(["config", "base-url", "reachable", "tls", "key", "entitlements", "rate-limit", "history", "clock", "node"]);
    expect(cs.find((x) => x.check === "key")).toMatchObject({ status: "fail", detail: "the API key (from flag --api-key) contains blanks, control characters or characters other than ASCII" });
  });

  it("a key /v3/me answers for without listing 'api' is a warning, not a failure: the spec does not say calls need it", async () => {
    const me = {
      credential: { name: "ci", id: "k1", type: "full", expiresAt: null }, entitlements: ["topic-reports"], rateLimit: { perMinute: 60, perDay: 1000 },
      history: { archiveAccess: true, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-01-01T00:00:00Z", enforcementAt: "2026-01-01T00:00:00Z" },
    };
    const server = createHttpServer((req, res) => {
      res.writeHead(req.headers["x-api-key"] ? 200 : 401, { "content-type": "application/json", date: new Date().toUTCString() });
      res.end(JSON.stringify(req.headers["x-api-key"] ? { data: me, meta: {} } : { error: { code: "credential_required", message: "key needed" } }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const r = await runMain(["doctor", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "mids_k_1234567890" }) });
      const report = JSON.parse(r.stdout) as Report;
      expect(byName(report).entitlements, r.stdout).toMatchObject({ status: "warn", detail: expect.stringContaining("no 'api'") });
      expect(byName(report).key.status).toBe("ok");
      expect(r.code, r.stdout + r.stderr).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("an unreachable server or failed TLS is exit 7, no base URL exit 2, a config file others can read exit 3", async () => {
    const port = await closedPort();
    // plain http where https is expected: the TCP connection works, the TLS handshake does not
    const plain = createHttpServer((_req, res) => res.end("not tls"));
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", () => r()));
    const plainPort = (plain.address() as { port: number }).port;
    const keyed = baseEnv();
    await runMain(["config", "set", "api-key", "-"], { env: keyed, input: SANDBOX_DEMO_KEY });
    chmodSync(join(keyed.MIDS_CONFIG_DIR, "config.json"), 0o644);
    const [down, tls, none, exposed] = await Promise.all([
      runMain(["doctor", "-o", "table", "--base-url", `http://127.0.0.1:${port}`, "--api-key", SANDBOX_DEMO_KEY]),
      runMain(["doctor", "-o", "json", "--base-url", `https://127.0.0.1:${plainPort}`, "--api-key", SANDBOX_DEMO_KEY]),
      runMain(["doctor", "-o", "json"]),
      runMain(["doctor", "-o", "json", "--base-url", sb.url], { env: keyed }),
    ]);
    expect(down.code).toBe(7);
    expect(down.stdout).toMatch(new RegExp(`^FAIL +reachable +127\\.0\\.0\\.1:${port}: ECONNREFUSED -- fix: `, "m"));
    expect(down.stdout).toMatch(/^skip +key +the server cannot be reached$/m);
    plain.close();
    expect(tls.code).toBe(7);
    const t = byName(JSON.parse(tls.stdout));
    expect(t.reachable.status).toBe("ok");
    expect(t.tls).toMatchObject({ status: "fail", fix: expect.stringContaining("answers without TLS") });
    expect(t.key).toMatchObject({ status: "skip" });
    expect(none.code).toBe(2);
    expect(byName(JSON.parse(none.stdout))["base-url"]).toMatchObject({ status: "fail", fix: expect.stringContaining("mids config set base-url") });
    expect(exposed.code).toBe(3);
    expect(byName(JSON.parse(exposed.stdout)).config).toMatchObject({ status: "fail", fix: expect.stringContaining("chmod 600") });
  });
});
