// What a user sees of the client beside the data: deprecation notices (spec 9.3), the history
// window warning (spec 8.2) and the hints of errors the client maps (spec 7). The sandbox for the
// documented answers, small hostile servers for the rest; in-process (runMain) throughout.
import { createServer, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";
import { SANDBOX_KEYS } from "../../src/sandbox/keys.js";

const SELF = SANDBOX_KEYS.find((k) => k.id === "key_selfserve")!.key;
const env = (url: string) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "k_test_1234" });
const sb = useSandbox();
const ME = {
  credential: { id: "k", name: "n", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 60, perDay: 1000 },
  history: { archiveAccess: true, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-01-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" },
};

describe("history window warning (said once per key)", () => {
  it("a -q run does not use up the once-per-key warning: the next run without -q says it", async () => {
    const e = sb.env(SELF); // one state directory for both runs
    const quiet = await runMain(["intel", "list", "--limit", "1", "--jq", "length", "-q"], { env: e });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe("");
    const next = await runMain(["intel", "list", "--limit", "1", "--jq", "length"], { env: e });
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toMatch(/^mids: warning: this key reads history only from .*\(said once for this key\)$/m);
    const third = await runMain(["intel", "list", "--limit", "1", "--jq", "length"], { env: e });
    expect(third.stderr).not.toMatch(/warning/);
  });
});

describe("a start before the history window (exit 6)", () => {
  it("the hint's start, run again as given, is accepted: the window has rolled on by then", async () => {
    const e = sb.env(SELF);
    const id = (await sb.api<{ data: { id: string }[] }>("/v3/projects?limit=1", SELF)).body.data[0].id;
    const r = await runMain(["series", "trend", id, "--from", "2020-01-01", "--jq", "length"], { env: e });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^mids: --from is before the earliest data this key can read \(earliestAvailableAt \S+\)$/m);
    const start = /^hint: start at (\S+) or later/m.exec(r.stderr)?.[1];
    expect(start, r.stderr).toBeDefined();
    const again = await runMain(["series", "trend", id, "--from", start!, "--jq", "length"], { env: e });
    expect(again.code, again.stderr).toBe(0);
    expect(Number(again.stdout)).toBeGreaterThan(0);
  });

  it("--clamp with an end before the window: the hint's end, run again as given, is accepted", async () => {
    const e = sb.env(SELF);
    const id = (await sb.api<{ data: { id: string }[] }>("/v3/projects?limit=1", SELF)).body.data[0].id;
    const r = await runMain(["series", "trend", id, "--to", "35d", "--clamp", "--jq", "length"], { env: e });
    expect(r.code).toBe(6);
    const end = /^hint: pass --to at (\S+) or later/m.exec(r.stderr)?.[1];
    expect(end, r.stderr).toBeDefined();
    const again = await runMain(["series", "trend", id, "--to", end!, "--clamp", "--jq", "length"], { env: e });
    expect(again.code, again.stderr).toBe(0);
  });
});

describe("a v2 401/403 with no key set", () => {
  it("the hint says a key is missing, not to check the key's scopes", async () => {
    for (const args of [["api", "/v2/projects"], ["grounding", "--at", "1d"]]) {
      const r = await runMain(args, { env: sb.env() });
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stderr, args.join(" ")).toMatch(/^hint: no API key is set: run 'mids config set api-key -' \(reads it from stdin\), set MIDS_API_KEY or pass --api-key /m);
      expect(r.stderr).not.toMatch(/scopes/);
    }
  });
});

describe("a route gone after its sunset", () => {
  it("a 410 from /v2/signals (sunset 2026-07-15) hints at the successor; a route with no sunset gets no such hint", async () => {
    const h = await hostile((_req, res) => sendJson(res, 410, { status: 410, error: "Gone", message: "This endpoint has been sunset" }));
    const r = await runMain(["api", "/v2/signals", "-f", "limit=1"], { env: env(h.url) });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe("mids: GET /v2/signals failed with HTTP 410: This endpoint has been sunset\n" +
      "hint: /v2/signals is deprecated; use /v3/intel (sunset 2026-07-15 has passed)\n");
    const other = await runMain(["api", "/v2/intel"], { env: env(h.url) });
    expect(other.code).toBe(4);
    expect(other.stderr).not.toMatch(/^hint: .*deprecated/m);
  });
});

describe("deprecation notices the server asks for (Deprecation, Sunset, Link headers)", () => {
  const deprecated = { deprecation: "@1700000000", sunset: "Wed, 15 Jul 2026 00:00:00 GMT" };

  it("a path no route matches is named, and --paginate says it once, not once a page", async () => {
    const h = await hostile((req, res) => {
      const page = Number(new URL(req.url!, "http://x").searchParams.get("page") ?? 1);
      sendJson(res, 200, { status: 200, data: [page], pagination: { page, limit: 1, totalCount: 3, hasMore: page < 3 } },
        { ...deprecated, link: '</v3/intel>; rel="successor-version"' });
    });
    const r = await runMain(["api", "/v2/newthing", "--paginate", "--jq", ".data[0]"], { env: env(h.url) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("1\n2\n3\n");
    expect(h.seen).toHaveLength(3);
    expect(r.stderr).toBe("mids: notice: /v2/newthing is deprecated; use /v3/intel (sunset 2026-07-15 has passed)\n");
  });

  // The notice came with a success only: a 400, 401, 429 or 500 of a deprecated route carrying the
  // spec's Deprecation, Sunset and Link headers (spec 4.1, 9.3) said nothing of it.
  it("an error answer that carries the headers gets the notice too, before its error, once", async () => {
    const h = await hostile((req, res) => {
      const status = Number(new URL(req.url!, "http://x").searchParams.get("status"));
      sendJson(res, status, { status, error: "Bad", message: "nope" },
        { deprecation: "@1700000000", sunset: "Thu, 15 Jul 2027 00:00:00 GMT", link: '</v3/intel>; rel="successor-version"' });
    });
    const runs = await Promise.all([400, 401, 429, 500].map((status) => runMain(["api", `/v2/newthing?status=${status}`, "--max-retries", "0"], { env: env(h.url) })));
    expect(runs.map((r) => r.code)).toEqual([2, 3, 5, 7]);
    for (const r of runs) {
      expect(r.stderr).toMatch(/^mids: notice: \/v2\/newthing is deprecated; use \/v3\/intel \(sunset 2027-07-15\)\nmids: (?!notice)/);
      expect(r.stderr.match(/notice/g)).toHaveLength(1);
    }
  });

  it("a server echoing the key in its Link header: the notice shows ***, never the key", async () => {
    const key = "k_test_1234";
    const h = await hostile((req, res) => sendJson(res, 200, { status: 200, data: [1] },
      { ...deprecated, link: `<https://x.example/v3/intel/${String(req.headers["x-api-key"])}>; rel="successor-version"` }));
    const r = await runMain(["api", "/v2/newthing"], { env: env(h.url) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^mids: notice: \/v2\/newthing is deprecated; use https:\/\/x\.example\/v3\/intel\/\*\*\*/m);
    expect(r.stderr + r.stdout).not.toContain(key);
  });

  // (the known key was hidden, but a token the secret rules know by its parameter's name was
  // printed, which mids api -i hides in the same header)
  it("a Link header's successor with a token in its query: the notice hides it as mids api -i does", async () => {
    const token = "sk_live_abcdef123456";
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [1], meta: {} }, { deprecation: deprecated.deprecation, link: `<https://x.example/v4/topics?api_key=${token}&v=1>; rel="successor-version"` }));
    const [api, cmd] = await Promise.all([runMain(["api", "/v3/topics"], { env: env(h.url) }), runMain(["topics", "list", "-o", "json"], { env: env(h.url) })]);
    expect([api.code, cmd.code]).toEqual([0, 0]);
    expect(api.stderr).toBe("mids: notice: /v3/topics is deprecated; use https://x.example/v4/topics?api_key=***&v=1\n");
    expect(cmd.stderr.split("\n")[0]).toBe("mids: notice: 'mids topics list' calls /v3/topics, which the API marks deprecated; a newer mids may use its successor (https://x.example/v4/topics?api_key=***&v=1)");
    expect(api.stderr + cmd.stderr).not.toContain(token);
  });

  it("a v3 route the server marks deprecated is not called a v2 route: the route and the server's successor are named", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, { data: ME, meta: {} },
      { ...deprecated, sunset: "Thu, 15 Jul 2027 00:00:00 GMT", link: '</v4/me>; rel="successor-version"' }));
    const r = await runMain(["me", "--jq", ".credential.id"], { env: env(h.url) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("k\n");
    expect(r.stderr).toBe("mids: notice: 'mids me' calls /v3/me, which the API marks deprecated (sunset 2027-07-15); a newer mids may use its successor (/v4/me)\n");
    const raw = await runMain(["api", "/v3/me", "--jq", ".data.credential.id"], { env: env(h.url) });
    expect(raw.stderr).toBe("mids: notice: /v3/me is deprecated; use /v4/me (sunset 2027-07-15)\n");
  });
});

describe("server failures: what mids tried, and what to do", () => {
  it("retries that ran out say so (5xx, a v3 code, a reset connection), and a server failure has a hint", async () => {
    const html = await hostile((_req, res) => res.writeHead(502, { "content-type": "text/html" }).end("<html>bad gateway</html>"));
    const busy = await hostile((_req, res) => sendJson(res, 503, { code: "service_unavailable", message: "history store down" }));
    const reset = await hostile((req) => req.socket.destroy());
    const [a, b, c] = [
      await runMain(["me", "--max-retries", "1"], { env: env(html.url) }),
      await runMain(["me", "--max-retries", "2"], { env: env(busy.url) }),
      await runMain(["me", "--max-retries", "1"], { env: env(reset.url) }),
    ];
    expect([a.code, b.code, c.code]).toEqual([7, 7, 7]);
    expect([html.seen.length, busy.seen.length, reset.seen.length]).toEqual([2, 3, 2]);
    // (an HTML page is a gateway's, not the API's error JSON: said so, and how to see it)
    expect(a.stderr).toBe("mids: 'mids me' failed with HTTP 502: the answer is a text/html page, not the API's error (JSON); gave up after 1 retry\n" +
      "hint: a gateway or proxy in front of the API answered: the API may be down or out of its reach; try again later (mids api /v3/me -i shows the page)\n");
    expect(b.stderr).toMatch(/^mids: the service is temporarily unavailable: history store down; gave up after 2 retries$/m);
    // (a server that hangs up, as this one does, resets nothing: it closed without an answer)
    expect(c.stderr).toMatch(/^mids: 127\.0\.0\.1:\d+ closed the connection without an answer; gave up after 1 retry$/m);
  });

  // A connection lost while the body came was "connection to HOST was reset", "check --base-url
  // and your network": the answer was cut short, which neither explains.
  it("an answer cut short partway through its body says so, and that trying again is the fix", async () => {
    const cut = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write('{"data": [', () => res.socket?.destroy());
    });
    const r = await runMids(["topics", "list", "--max-retries", "1"], { env: env(cut.url) });
    expect(r.code).toBe(7);
    expect(cut.seen).toHaveLength(2);
    expect(r.stderr).toMatch(/^mids: the answer from 127\.0\.0\.1:\d+ was cut short: the connection closed partway through its body \(HTTP 200\); gave up after 1 retry\nhint: try again; if it keeps happening, the server or something on the way cuts long answers short \(--verbose shows the exchange\)\n$/);
  });

  it("internal_error (never retried) has a hint too, and says nothing of retries", async () => {
    const h = await hostile((_req, res) => sendJson(res, 500, { code: "internal_error", message: "boom" }));
    const r = await runMain(["me"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(h.seen).toHaveLength(1);
    expect(r.stderr).toBe("mids: the server failed (internal_error): boom\nhint: the API failed on its side; try again later (--verbose shows the exchange)\n");
  });
});

describe("a server's long error message", () => {
  it("is cut in the middle to one readable line: its start, mids' own words at its end, no part of the key", async () => {
    const h = await hostile((req, res) => {
      // the key the server echoes straddles where the line is cut
      const message = `${"x".repeat(740)}${String(req.headers["x-api-key"])}${"y".repeat(1_000_000)}`;
      sendJson(res, 503, { code: "service_unavailable", message });
    });
    const r = await runMain(["me", "--max-retries", "1", "-o", "json"], { env: env(h.url) });
    expect(r.code).toBe(7);
    const [line, hint, json] = r.stderr.split("\n");
    expect(line).toMatch(/^mids: the service is temporarily unavailable: x{100}.* … y+; gave up after 1 retry$/);
    expect(line.length).toBeLessThan(1100);
    expect(hint).toBe("hint: try again shortly");
    expect(JSON.parse(json).error.message).toBe(line.slice("mids: ".length));
    expect(r.stderr).not.toMatch(/k_test|1234/);
  });
});

describe("a Retry-After that is neither seconds nor an HTTP date", () => {
  it("is no Retry-After: the backoff applies, never a wait of years ('later 2030') or of 31s ('0x1F')", async () => {
    for (const value of ["later 2030", "0x1F"]) {
      const h = await hostile((_req, res, n) => n === 1
        ? sendJson(res, 503, { code: "service_unavailable", message: "busy" }, { "retry-after": value })
        : sendJson(res, 200, { data: ME, meta: {} }));
      const started = Date.now();
      const r = await runMain(["me", "--jq", ".credential.id"], { env: env(h.url) });
      expect(r.code, `${value}: ${r.stderr}`).toBe(0);
      expect(h.seen).toHaveLength(2);
      expect(r.stderr, value).not.toMatch(/as the server asked|longer than mids waits/);
      expect(Date.now() - started, value).toBeLessThan(10_000);
    }
  });
});

describe("rate limited when retries run out (exit 5)", () => {
  it("without rate-limit headers the hint says how long the server asked to wait, not 'a minute'", async () => {
    const h = await hostile((_req, res) => sendJson(res, 429, { code: "rate_limited", message: "slow down" }, { "retry-after": "7" }));
    const r = await runMain(["me", "--max-retries", "0"], { env: env(h.url) });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe("mids: rate limited\nhint: the server asked to wait 7s (Retry-After); wait, or raise --max-retries\n");
  });

  it("a daily limit that ran out is the reset the hint names (not the minute's), with no --max-retries advice", async () => {
    const now = Math.floor(Date.now() / 1000);
    const dayReset = now + 5 * 3600;
    const h = await hostile((_req, res) => sendJson(res, 429, { code: "rate_limited", message: "daily limit reached", details: { limit: 1000, window: "day" } }, {
      "retry-after": "0",
      "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "0", "x-ratelimit-reset-minute": String(now + 30),
      "x-ratelimit-limit-day": "1000", "x-ratelimit-remaining-day": "0", "x-ratelimit-reset-day": String(dayReset),
    }));
    const r = await runMain(["me", "--max-retries", "1"], { env: env(h.url) });
    expect(r.code).toBe(5);
    expect(h.seen).toHaveLength(2);
    // ("; gave up after", as every error whose retries ran out: "after 1 retry" glued to a v2
    // server's message read as its words)
    expect(r.stderr).toMatch(/^mids: rate limited \(1000 requests per day\); gave up after 1 retry$/m);
    expect(r.stderr).toMatch(new RegExp(`^hint: the daily limit resets at ${new Date(dayReset * 1000).toISOString()}; try again then$`, "m"));
    expect(r.stderr).not.toMatch(/--max-retries/);
  });
});

describe("an error answer whose body passes --max-body-size", () => {
  it("is still its status: a 503 is retried, a 404 is exit 4; the body is left unread, with a notice", async () => {
    const page = `<html>${"x".repeat(200_000)}</html>`;
    const busy = await hostile((_req, res, n) => n === 1
      ? res.writeHead(503, { "content-type": "text/html" }).end(page)
      : sendJson(res, 200, { data: ME, meta: {} }));
    const gone = await hostile((_req, res) => res.writeHead(404, { "content-type": "text/html" }).end(page));
    const a = await runMain(["me", "--max-body-size", "64KB", "--jq", ".credential.id"], { env: env(busy.url) });
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toBe("k\n");
    expect(busy.seen).toHaveLength(2);
    expect(a.stderr).toBe("mids: notice: 'mids me': the body of its HTTP 503 answer passed the 64 KB cap and was not read\n");
    const b = await runMain(["api", "/v3/projects/gone", "--max-body-size", "64KB"], { env: env(gone.url) });
    expect(b.code).toBe(4);
    expect(b.stdout).toBe("");
    expect(b.stderr).toMatch(/^mids: GET \/v3\/projects\/gone failed with HTTP 404$/m);
  });
});

describe("a TLS failure", () => {
  it("is not retried (it fails the same way again) and its hint names the certificates, not the network", async () => {
    // plain http where https is expected: the connection works, the TLS handshake cannot
    let connections = 0;
    const sockets: Socket[] = [];
    const plain = createServer((socket) => {
      connections++;
      sockets.push(socket);
      socket.once("data", () => socket.end("HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n"));
    });
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    try {
      const port = (plain.address() as { port: number }).port;
      const r = await runMain(["me", "--max-retries", "3"], { env: baseEnv({ MIDS_BASE_URL: `https://127.0.0.1:${port}`, MIDS_API_KEY: "k_test_1234" }) });
      expect(r.code).toBe(7);
      expect(connections).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^mids: TLS with 127\\.0\\.0\\.1:${port} failed: .+$`, "m"));
      expect(r.stderr).toMatch(new RegExp(`^hint: 127\\.0\\.0\\.1:${port} answers without TLS: check the port in MIDS_BASE_URL, or whether it should be http://; 'mids doctor' checks TLS$`, "m"));
      // (the base URL came from MIDS_BASE_URL: the hint names it, not a flag never passed)
      expect(r.stderr).not.toMatch(/gave up|retr/);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => plain.close(r));
    }
  });
});

// A v2 404 of a path that names no id (a list, /v2/intel) got "check the id; 'mids intel list'
// lists intel with their ids": there is no id to check, the route is what the server lacks.
describe("a v2 404 of a route that takes no id", () => {
  it("says the server has no such route, not to check an id; a path with an id keeps the id's hint", async () => {
    const h = await hostile((_req, res) => sendJson(res, 404, { status: 404, error: "Not Found", message: "Not found" }));
    const [list, one, cmd] = await Promise.all([
      runMids(["api", "/v2/intel", "--max-retries", "0"], { env: env(h.url) }),
      runMids(["api", "/v2/intel/abc", "--max-retries", "0"], { env: env(h.url) }),
      runMids(["intel", "list", "--api", "v2", "--max-retries", "0"], { env: env(h.url) }),
    ]);
    expect([list.code, one.code, cmd.code]).toEqual([4, 4, 4]);
    expect(list.stderr).toBe("mids: GET /v2/intel failed with HTTP 404: Not found\n" +
      "hint: the server has no such route: check MIDS_BASE_URL and the path ('mids doctor' checks the base URL; --verbose shows the request sent)\n");
    expect(one.stderr).toMatch(/^hint: check the id; 'mids intel list' lists intel with their ids$/m);
    expect(cmd.stderr).toMatch(/^hint: the server has no such route: check MIDS_BASE_URL \('mids doctor' checks the base URL; --verbose shows the request sent\)$/m);
  });
});
