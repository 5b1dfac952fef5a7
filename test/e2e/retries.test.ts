// Retries, rate limits, timeouts and interrupts against sandboxes with injected faults.
// The retry policy is the client's: most cases run it in-process (runMain); a 429 retry, giving up with
// exit 7, exit 5 on a 429 and Ctrl-C go through the built bin/mids.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, type Server } from "node:http";
import { describe, expect, it } from "vitest";
import { BIN, baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_KEYS, SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const key = (name: string) => SANDBOX_KEYS.find((k) => k.key.endsWith(name))!.key;
type Seen = { method: string; path: string }[];

// one sandbox for the file: each test resets it (rate limits, fault counters, request log) and
// sets its own faults through the admin endpoint
const shared = useSandbox();
async function withFaults(faults = "") {
  await shared.admin("/_sandbox/reset", "POST");
  const res = await fetch(shared.url + "/_sandbox/faults", { method: "PUT", body: faults });
  expect(res.status, await res.text()).toBe(200);
  return shared;
}
let sb: typeof shared | undefined;

async function seen(path: string): Promise<number> {
  return (await sb!.admin<Seen>("/_sandbox/requests")).filter((r) => r.path === path).length;
}

describe("retries", () => {
  it("retries after a 429 honouring Retry-After, then succeeds", async () => {
    sb = await withFaults("429:x1");
    const r = await runMids(["me", "--verbose"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^\* retry 1\/3 in 1000 ms/m);
    expect(await seen("/v3/me")).toBe(2);
  });

  it("retries 503s with backoff, then succeeds", async () => {
    sb = await withFaults("503:x2");
    const r = await runMain(["me"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).credential).toBeDefined();
    expect(await seen("/v3/me")).toBe(3);
  });

  it("retries a reset connection", async () => {
    sb = await withFaults("reset:x1");
    const r = await runMain(["me"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(0);
  });

  it("gives up after --max-retries with exit 7", async () => {
    sb = await withFaults("503:1");
    const r = await runMids(["me", "--max-retries", "1"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^mids: /);
    expect(await seen("/v3/me")).toBe(2);
  });

  it("never retries POST /v2/recipes/execute", async () => {
    sb = await withFaults("503:x1@/v2/recipes/execute");
    const recipes = (await sb.api<{ data: { name: string }[] }>("/v2/recipes", SANDBOX_DEMO_KEY)).body.data;
    const r = await runMain(["api", "-X", "POST", "/v2/recipes/execute", "-f", `name=${recipes[0].name}`], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(7);
    expect(await seen("/v2/recipes/execute")).toBe(1);
  });

  it("a POST /v2/recipes/execute that failed after it may have run (503 after the work, a reset) says to check, never to try again", async () => {
    for (const fault of ["503after:x1@/v2/recipes/execute", "reset:x1@/v2/recipes/execute"]) {
      sb = await withFaults(fault);
      const recipes = (await sb.api<{ data: { name: string }[] }>("/v2/recipes", SANDBOX_DEMO_KEY)).body.data;
      const r = await runMain(["recipes", "execute", recipes[0].name, "-q"], { env: sb.env(SANDBOX_DEMO_KEY) });
      expect(r.code, fault).toBe(7);
      expect(await seen("/v2/recipes/execute"), fault).toBe(1);
      expect(r.stderr, fault).toMatch(/^hint: the POST may have been carried out before it failed, and mids never repeats it: check the result before running it again$/m);
      expect(r.stderr, fault).not.toMatch(/try again/);
    }
  });

  it("a rate-limited POST /v2/recipes/execute is exit 5 whose hint says when to run it again, not to raise --max-retries", async () => {
    sb = await withFaults("429:x1@/v2/recipes/execute");
    const recipes = (await sb.api<{ data: { name: string }[] }>("/v2/recipes", SANDBOX_DEMO_KEY)).body.data;
    const r = await runMain(["recipes", "execute", recipes[0].name], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code, r.stderr).toBe(5);
    expect(await seen("/v2/recipes/execute")).toBe(1);
    expect(r.stderr).toMatch(/^mids: rate limited$/m);
    expect(r.stderr).toMatch(/^hint: mids never retries this POST \(it is not safe to repeat\); run it again after 1s \(the server's Retry-After\)$/m);
    expect(r.stderr).not.toMatch(/--max-retries/);
  });
});

describe("retries of raw requests", () => {
  it("mids api -X PATCH of an alert (body from --input -) is retried on 503", async () => {
    sb = await withFaults("503:x1@/v3/alerts/");
    const a = (await sb.admin<{ alerts: { id: string; owner: string; status: string }[] }>("/_sandbox/alerts")).alerts.find((x) => x.owner === "A")!;
    const r = await runMain(["api", "-X", "PATCH", `/v3/alerts/${a.id}`, "--input", "-", "-H", "X-Trace: t1", "--verbose"], {
      env: sb.env(SANDBOX_DEMO_KEY), input: JSON.stringify({ status: a.status }),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data.id).toBe(a.id);
    expect(r.stderr).toMatch(/^> x-trace: t1$/m);
    expect(r.stderr).toMatch(/^\* retry 1\/3 /m);
    expect((await sb.admin<Seen>("/_sandbox/requests")).filter((q) => q.method === "PATCH")).toHaveLength(2);
  });
});

/** A one-off server answering a scripted 429 and then 200, recording when each request came. */
async function scripted(first: (now: number) => { headers: Record<string, string>; body: unknown }): Promise<{ url: string; times: number[]; close(): void }> {
  const times: number[] = [];
  const server: Server = createServer((_req, res) => {
    times.push(Date.now());
    const r = times.length === 1 ? { status: 429, ...first(Date.now()) } : { status: 200, headers: {}, body: { data: { ok: true }, meta: {} } };
    res.writeHead(r.status, { "content-type": "application/json", ...r.headers }).end(JSON.stringify(r.body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, times, close: () => server.close() };
}

describe("Retry-After forms", () => {
  it("honours Retry-After as an HTTP date", async () => {
    // the server's clock decides: its date is 2 s after the moment it answered, rounded down to
    // whole seconds (so at least 1 s away); the retry must not come before that date, however
    // late the client reads the answer, and the wait the client names is what was left of it
    let date = 0;
    const s = await scripted((now) => (date = Math.floor((now + 2000) / 1000) * 1000, { headers: { "retry-after": new Date(date).toUTCString() }, body: { code: "rate_limited", message: "slow down" } }));
    try {
      const r = await runMain(["api", "/v3/me", "--verbose"], { env: baseEnv({ MIDS_BASE_URL: s.url, MIDS_API_KEY: "k_test_1234" }) });
      expect(r.code).toBe(0);
      const wait = Number(/^\* retry 1\/3 in (\d+) ms/m.exec(r.stderr)?.[1]);
      // the client read the answer at or after the server sent it: at most what the server left
      expect(wait).toBeLessThanOrEqual(date - s.times[0]);
      // (a clock read a millisecond apart, or a timer rounding: a little slack)
      expect(s.times[1]).toBeGreaterThanOrEqual(date - 20);
    } finally {
      s.close();
    }
  });

  it("says every rate-limit wait on stderr: how long, why, which limit (-q: nothing)", async () => {
    const limited = (after = "1") => () => ({ headers: { "retry-after": after, "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "0" }, body: { code: "rate_limited", message: "slow down" } });
    const s = await scripted(limited());
    try {
      const r = await runMain(["api", "/v3/me"], { env: baseEnv({ MIDS_BASE_URL: s.url, MIDS_API_KEY: "k_test_1234" }) });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("mids: rate limited (per-minute limit of 60 requests); waiting 1s as the server asked before retry 1/3\n");
    } finally {
      s.close();
    }
    const q = await scripted(limited("0"));
    try {
      const r = await runMain(["api", "/v3/me", "-q"], { env: baseEnv({ MIDS_BASE_URL: q.url, MIDS_API_KEY: "k_test_1234" }) });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
    } finally {
      q.close();
    }
  });

  it("honours a v2 retryAfterMs body when there is no Retry-After header", async () => {
    // (400 ms: above the first backoff's ceiling, DEFAULT_RETRY.baseMs, so only the body explains it)
    const s = await scripted(() => ({ headers: {}, body: { success: false, error: "Rate limit exceeded", code: "RATE_LIMIT_EXCEEDED", retryAfterMs: 400 } }));
    try {
      const r = await runMain(["api", "/v2/topics", "--verbose"], { env: baseEnv({ MIDS_BASE_URL: s.url, MIDS_API_KEY: "k_test_1234" }) });
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/^\* retry 1\/3 in 400 ms/m);
      expect(s.times[1] - s.times[0]).toBeGreaterThanOrEqual(350);
    } finally {
      s.close();
    }
  });

  it("--max-retries 0 gives up on the first 429 with exit 5", async () => {
    const s = await scripted(() => ({ headers: { "retry-after": "1" }, body: { code: "rate_limited", message: "slow down" } }));
    try {
      const r = await runMids(["me", "--max-retries", "0"], { env: baseEnv({ MIDS_BASE_URL: s.url, MIDS_API_KEY: "k_test_1234" }) });
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/^mids: rate limited/);
      expect(s.times).toHaveLength(1);
    } finally {
      s.close();
    }
  });
});

describe("rate limits", () => {
  it("exit 5 when retries run out, saying when the limit resets", async () => {
    sb = await withFaults();
    const env = sb.env(key("ratelimited"));
    const limit = SANDBOX_KEYS.find((k) => k.key === key("ratelimited"))!.perMinute;
    // the window is the calendar minute: if it turns over mid-way, the count starts again
    let r = await runMain(["me", "--max-retries", "0"], { env });
    let calls = 1;
    while (r.code === 0 && calls < 2 * limit + 2) {
      r = await runMain(["me", "--max-retries", "0"], { env });
      calls++;
    }
    expect(calls).toBeGreaterThan(limit);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^mids: rate limited/);
    expect(r.stderr).toMatch(/^hint: the limit resets at \d{4}-\d{2}-\d{2}T/m);
  });
});

describe("timeouts and bodies", () => {
  it("--timeout as a duration ends a slow request with exit 7", async () => {
    sb = await withFaults("slow:3000");
    const r = await runMain(["me", "--timeout", "300ms"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^mids: 'mids me' timed out after 300 ms\nhint: raise --timeout/);
  });

  // The hint said "raise --timeout" when the timeout came from MIDS_TIMEOUT or the config file: it
  // names the place it was set, with an example above the timeout that ran out.
  it("a timeout's hint names where the timeout was set: MIDS_TIMEOUT, the config file, a profile", async () => {
    sb = await withFaults("slow:3000");
    const fromFile = sb.env(SANDBOX_DEMO_KEY);
    mkdirSync(fromFile.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
    writeFileSync(join(fromFile.MIDS_CONFIG_DIR, "config.json"), JSON.stringify({ timeout: "300ms", profiles: { ci: { timeout: "300ms" } } }), { mode: 0o600 });
    // (in this process: the built binary's exit 7 on giving up is held above)
    const runs = await Promise.all([
      runMain(["me"], { env: { ...sb.env(SANDBOX_DEMO_KEY), MIDS_TIMEOUT: "300ms" } }),
      runMain(["me"], { env: fromFile }),
      runMain(["me", "--profile", "ci"], { env: fromFile }),
    ]);
    expect(runs.map((r) => r.code)).toEqual([7, 7, 7]);
    expect(runs.map((r) => r.stderr.split("\n")[1])).toEqual([
      "hint: raise MIDS_TIMEOUT (e.g. MIDS_TIMEOUT=60s), or pass --timeout 60s for one run, or try again",
      "hint: raise it with 'mids config set timeout 60s' (the config file sets it), or pass --timeout 60s for one run, or try again",
      "hint: raise it with 'mids config set --profile ci timeout 60s' (profile ci sets it), or pass --timeout 60s for one run, or try again",
    ]);
  });

  it("a bad --timeout is a usage error", async () => {
    const r = await runMain(["me", "--timeout", "soon"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: --timeout must be a positive duration/);
  });

  it("a truncated body is exit 7 (server or network failure)", async () => {
    sb = await withFaults("truncate:1");
    const r = await runMain(["me", "--max-retries", "0"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(r.code).toBe(7);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});

describe("interrupts", () => {
  it("Ctrl-C during a request exits 130", async () => {
    sb = await withFaults("slow:5000");
    const child = spawn(process.execPath, [BIN, "me"], { env: sb.env(SANDBOX_DEMO_KEY), stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    // the sandbox logs a request when it arrives (before the slow fault answers): signal then
    while ((await seen("/v3/me")) === 0) await new Promise((r) => setTimeout(r, 20));
    child.kill("SIGINT");
    const code = await new Promise<number | null>((r) => child.on("close", r));
    expect(code).toBe(130);
    expect(stderr).toBe("mids: interrupted\n");
  });
});
