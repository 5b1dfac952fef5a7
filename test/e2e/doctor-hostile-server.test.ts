// mids doctor and the rejected-key message against small servers on 127.0.0.1: a server that quotes
// the key back, one whose clock is ahead and whose history window is not enforced yet.
import { createServer, type Server } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, interruptWhen, runMain, runMids } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const DAY = 86_400_000;
const SKEW_MS = 2 * 3_600_000;
let echo: Server;
let ahead: Server;
let notMe: Server;
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as { port: number }).port}`;

function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const s = createServer(handler);
  return new Promise((r) => s.listen(0, "127.0.0.1", () => r(s)));
}

beforeAll(async () => {
  // every request is refused with a message that quotes the key it got
  echo = await listen((req, res) => {
    res.writeHead(401, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: "credential_required", message: `the key ${req.headers["x-api-key"] ?? ""} is not recognised` }));
  });
  // /v3/me from a server two hours ahead, before its history window is enforced
  ahead = await listen((req, res) => {
    const now = Date.now();
    const headers = { "content-type": "application/json", date: new Date(now + SKEW_MS).toUTCString() };
    if (!req.headers["x-api-key"]) {
      res.writeHead(401, headers);
      return res.end(JSON.stringify({ code: "credential_required", message: "a key is needed" }));
    }
    res.writeHead(200, headers);
    res.end(JSON.stringify({
      data: {
        credential: { id: "key_x", name: "X", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 100, perDay: 1000 },
        history: { archiveAccess: false, enforced: false, lookbackDays: 30, earliestAvailableAt: new Date(now - 30 * DAY).toISOString(), enforcementAt: new Date(now + 10 * DAY).toISOString() },
      },
      meta: {},
    }));
  });
  // a 200 in the v3 envelope whose data is not the key's description (a list page, as another
  // route or another API would send): `mids me` refuses it, so the key is not known to work
  notMe = await listen((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data: [{ id: "p1", name: "P 1" }], meta: { nextCursor: null } }));
  });
});
afterAll(() => {
  echo?.close();
  ahead?.close();
  notMe?.close();
});

const KEY = "mids_audit_0123456789abcdef_SECRETPART";

describe("the key never shows, even when the server quotes it back", () => {
  it("doctor (table and json) and the rejected-key error", async () => {
    // the table through the built bin/mids; the other runs of this file through main() in this
    // process (what is printed is the subject; the interrupts below run the binary)
    const [table, json, me] = await Promise.all([
      runMids(["doctor", "-o", "table", "--base-url", urlOf(echo), "--api-key", KEY]),
      runMain(["doctor", "-o", "json", "--base-url", urlOf(echo), "--api-key", KEY]),
      runMain(["me", "-o", "json", "--verbose", "--base-url", urlOf(echo), "--api-key", KEY]),
    ]);
    for (const r of [table, json, me]) {
      expect(r.code, r.stdout + r.stderr).toBe(3);
      expect(r.stdout + r.stderr).not.toContain("SECRETPART");
    }
    expect(table.stdout).toMatch(/^FAIL +key +the API key \S+ \(from flag --api-key\) was rejected: the key \*\*\* is not recognised/m);
  });

  it("a rejected key from the default profile while another profile is selected: the fix names --profile default", async () => {
    const env = baseEnv({ MIDS_BASE_URL: urlOf(echo), MIDS_PROFILE: "ci" });
    mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
    writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), JSON.stringify({ "api-key": KEY, profiles: { ci: { output: "json" } } }), { mode: 0o600 });
    const r = await runMain(["me"], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/\(from config file\) was rejected/);
    expect(r.stderr).toMatch(/^hint: replace it with 'mids config set --profile default api-key -', or give profile 'ci' its own key/m);
  });
});

describe("doctor's clock and history lines", () => {
  it("a server clock two hours ahead is a warning (exit 0) saying which way; a window not enforced yet says from when", async () => {
    const r = await runMain(["doctor", "-o", "json", "--base-url", urlOf(ahead), "--api-key", KEY]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const c = Object.fromEntries((JSON.parse(r.stdout).checks as { check: string; status: string; detail: string; fix?: string }[]).map((x) => [x.check, x]));
    expect(c.clock).toMatchObject({ status: "warn", fix: expect.stringContaining("synchronise the clock") });
    const s = Number(/^this clock is (\d+) s behind the server's$/.exec(c.clock.detail)?.[1]);
    expect(Math.abs(s - SKEW_MS / 1000), c.clock.detail).toBeLessThanOrEqual(5);
    expect(c.history).toMatchObject({ status: "ok", detail: expect.stringMatching(/^30-day window, not enforced yet \(from \d{4}-\d\d-\d\dT/) });
  });
});

describe("doctor holds /v3/me to the contract, as 'mids me' does", () => {
  it("a 200 whose data is not the key's description fails the key check with exit 7 (not 'accepted', exit 0)", async () => {
    const [doctor, me] = await Promise.all([
      runMain(["doctor", "-o", "json", "--base-url", urlOf(notMe), "--api-key", KEY]),
      runMain(["me", "-o", "json", "--base-url", urlOf(notMe), "--api-key", KEY]),
    ]);
    expect(me.code, me.stderr).toBe(7);
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(7);
    const report = JSON.parse(doctor.stdout) as { ok: boolean; checks: { check: string; status: string; detail: string; exitCode?: number }[] };
    expect(report.ok).toBe(false);
    const key = report.checks.find((c) => c.check === "key");
    expect(key).toMatchObject({ status: "fail", exitCode: 7 });
    // the same words as `mids me`'s error
    expect(key?.detail).toContain(me.stderr.split("\n")[0].replace(/^mids: /, ""));
    expect(doctor.stderr).toMatch(/^mids: 1 of \d+ checks failed: key$/m);
  });
});

describe("doctor interrupted while a probe waits for the server", () => {
  // the server holds one request open (never answering): the first, unauthenticated GET, or the
  // keyed GET /v3/me after it; Ctrl-C or SIGTERM then is no answer from the server
  for (const [held, signal, code] of [[1, "SIGTERM", 143], [2, "SIGINT", 130]] as const) {
    it(`${signal} while request ${held} is held: exit ${code}, 'interrupted', and no report calling a check failed`, async () => {
      const h = await hostile((_req, res, n) => {
        if (n < held) sendJson(res, 401, { code: "credential_required", message: "a key is needed" });
      });
      const r = await interruptWhen(["doctor", "-o", "table", "--timeout", "60s"], baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: KEY }), async () => h.seen.length >= held, signal);
      expect(r.code, r.stdout + r.stderr).toBe(code);
      expect(r.stdout).not.toMatch(/FAIL/);
      expect(r.stderr).toBe("mids: interrupted\n");
    });
  }
});

describe("doctor's rate-limit line when nothing is left", () => {
  it("a window with 0 of 0 requests left is a warning, not 'ok'", async () => {
    const now = Date.now();
    const h = await hostile((req, res) => {
      if (!req.headers["x-api-key"]) return sendJson(res, 401, { code: "credential_required", message: "a key is needed" });
      sendJson(res, 200, {
        data: {
          credential: { id: "key_x", name: "X", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 100, perDay: 0 },
          history: { archiveAccess: true, enforced: true, lookbackDays: 30, earliestAvailableAt: new Date(now - 30 * DAY).toISOString(), enforcementAt: new Date(now - DAY).toISOString() },
        },
        meta: {},
      }, { "x-ratelimit-limit-day": "0", "x-ratelimit-remaining-day": "0", "x-ratelimit-reset-day": String(Math.floor(now / 1000) + 3600) });
    });
    const r = await runMain(["doctor", "-o", "json", "--base-url", h.url, "--api-key", KEY]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const rate = (JSON.parse(r.stdout) as { checks: { check: string; status: string; detail: string }[] }).checks.find((c) => c.check === "rate-limit");
    expect(rate).toMatchObject({ status: "warn", detail: "0/0 left this day" });
  });
});

// Rate-limit headers sent but holding no number (a gateway's rewrite): 'skip: the server sent no
// X-RateLimit-* headers', which it had; now a warning quoting what they held.
describe("doctor's rate-limit line when the counts are no numbers", () => {
  it("says what the headers held, not that none were sent", async () => {
    const now = Date.now();
    const sent = { "X-RateLimit-Limit-Minute": "abc", "X-RateLimit-Remaining-Minute": "-", "X-RateLimit-Limit-Day": "1e400" };
    const h = await hostile((_req, res) => sendJson(res, 200, {
      data: {
        credential: { id: "key_x", name: "X", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 100, perDay: 1000 },
        history: { archiveAccess: true, enforced: true, lookbackDays: 30, earliestAvailableAt: new Date(now - 30 * DAY).toISOString(), enforcementAt: new Date(now - DAY).toISOString() },
      },
      meta: {},
    }, sent));
    const r = await runMain(["doctor", "-o", "json", "--base-url", h.url, "--api-key", KEY]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const rate = (JSON.parse(r.stdout) as { checks: { check: string; status: string; detail: string }[] }).checks.find((c) => c.check === "rate-limit");
    expect(rate?.status).toBe("warn");
    for (const [name, value] of Object.entries(sent)) expect(rate?.detail).toContain(`${name}: ${value}`);
  });
});
