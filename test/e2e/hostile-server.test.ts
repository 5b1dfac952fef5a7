// Issue 10, "the server is untrusted": every attack is a small hostile server on loopback inside
// the test, bounded in bytes and time; mids must end with exit 7 and one clear line, never crash,
// loop or half-write stdout. What only a process shows runs the built bin/mids (body caps and
// nesting, whose failure would take the process down; a process warning; the first repeated
// cursor); the paging, header, error-shape and wait cases and the table's cap on what it holds
// run in-process (runMain).
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { baseEnv, runMain, runMids, tempDir } from "../helpers/cli.js";
import { hostile, sendJson, v3Page } from "../helpers/hostile.js";
import { DEFAULT_MAX_BODY_BYTES, MAX_JSON_DEPTH } from "../../src/client/body.js";
import { MAX_ERROR_LINE } from "../../src/output/error-line.js";

const env = (url: string) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "k_test_1234" });
const MB = 1024 * 1024;

describe("response body cap", () => {
  /** An endless chunked body, bounded here at 8 MB; records how much it managed to send. */
  async function endless() {
    let sent = 0;
    let closed: () => void = () => undefined;
    const done = new Promise<number>((r) => (closed = () => r(sent)));
    const h = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"data":[');
      const chunk = `"${"x".repeat(64 * 1024 - 3)}",`;
      const pump = () => {
        while (sent < 8 * MB && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end('"end"]}');
      };
      res.on("close", () => closed());
      pump();
    });
    return { h, done };
  }

  it("an endless body stops at --max-body-size: exit 7 naming the cap and how to raise it (lists and api)", async () => {
    for (const args of [["projects", "list"], ["api", "/v3/projects"]]) {
      const { h, done } = await endless();
      const r = await runMids([...args, "--max-body-size", "1MB"], { env: env(h.url) });
      expect(r.code, r.stderr).toBe(7);
      // errors name the command that ran; `mids api` names the path it was given
      const label = args[0] === "api" ? "GET /v3/projects" : "'mids projects list'";
      expect(r.stderr.startsWith(`mids: ${label}: the response body passed the 1 MB cap, so mids stopped reading it\nhint: raise the cap with --max-body-size`), r.stderr).toBe(true);
      expect(r.stdout).toBe("");
      // the request was aborted: the connection closed before the server sent the whole 8 MB
      expect(await done).toBeLessThan(8 * MB);
    }
  });

  it("a declared length over the cap while the process lives on (--sandbox): exit 7, never an unhandled abort", async () => {
    // undici reports the abort of a body nobody reads any more as an 'error' event: it must be heard
    const r = await runMids(["--sandbox", "--max-body-size", "1KB", "projects", "list", "--limit", "50"], { env: baseEnv() });
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).not.toMatch(/Unhandled|RequestAbortedError|\n\s+at /);
  });

  it("the default cap is 64 MB: a declared larger body is refused before it is read", async () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(64 * MB);
    const h = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(DEFAULT_MAX_BODY_BYTES + 1) });
      res.write("{", () => res.destroy());
    });
    const r = await runMids(["me"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/passed the 64 MB cap/);
    // MIDS_MAX_BODY_SIZE raises it (then the short body is simply malformed; in this process)
    const ok = await runMain(["me", "--max-retries", "0"], { env: { ...env(h.url), MIDS_MAX_BODY_SIZE: "128MB" } });
    expect(ok.stderr).not.toMatch(/cap/);
  });

  it("a malformed JSON body is named with its size in bytes (not characters)", async () => {
    const body = '{"data": "ééé€"';
    const h = await hostile((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
    const r = await runMain(["me", "--max-retries", "0"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain(`malformed JSON body (${Buffer.byteLength(body)} bytes)`);
  });

  it("a bad --max-body-size is a usage error", async () => {
    const r = await runMain(["me", "--max-body-size", "lots"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: --max-body-size must be a size/);
  });
});

describe("--all against lying servers", () => {
  it("a v3 server repeating its nextCursor: exit 7 after the repeat, the pages so far kept as valid JSON", async () => {
    const h = await hostile((_req, res, n) => sendJson(res, 200, v3Page(n * 10, 2, "same")));
    const r = await runMids(["projects", "list", "--all", "-o", "json", "--fields", "id"], { env: env(h.url), timeoutMs: 10_000 });
    expect(r.code).toBe(7);
    expect(h.seen.length).toBe(2);
    expect(r.stderr).toMatch(/^mids: the server sent the same nextCursor again on page 2: following it would never end \(after 4 items from 2 pages\)$/m);
    expect(r.stderr).not.toMatch(/--cursor/);
    expect(JSON.parse(r.stdout)).toHaveLength(4);
  });

  it("a v2 server claiming totalCount 1e18 with empty pages: exit 7 at the first empty page, no resume hint", async () => {
    const h = await hostile((req, res) => {
      const page = Number(new URL(req.url!, "http://x").searchParams.get("page"));
      const data = page === 1 ? Array.from({ length: 20 }, (_, i) => ({ id: `p${i}`, slug: `p${i}`, name: "x" })) : [];
      sendJson(res, 200, { success: true, data, pagination: { page: 1, limit: 20, totalCount: 1e18, hasMore: true } });
    });
    const r = await runMain(["projects", "list", "--api", "v2", "--all", "-o", "ndjson", "-q"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(20);
    expect(r.stderr).toMatch(/^mids: page 2 came back empty although the server says there are more \(totalCount 1000000000000000000\)/);
    expect(r.stderr).not.toMatch(/--page/);
    // at most the 4 concurrent pages after the first were asked for
    expect(h.seen.length).toBeLessThanOrEqual(5);
  });

  it("a v2 server whose totalCount is missing, garbled or too small: hasMore is followed to the end, nothing is cut silently", async () => {
    for (const totalCount of [undefined, "many", 2]) {
      const h = await hostile((req, res) => {
        const page = Number(new URL(req.url!, "http://x").searchParams.get("page"));
        const data = [0, 1].map((i) => ({ id: `p${page}${i}`, slug: `p${page}${i}`, name: "x" }));
        sendJson(res, 200, { status: 200, data, pagination: { page, limit: 2, totalCount, hasMore: page < 4 } });
      });
      const r = await runMain(["projects", "list", "--api", "v2", "--all", "-o", "ndjson", "--fields", "id"], { env: env(h.url) });
      expect(r.code, String(totalCount)).toBe(0);
      expect(r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).id)).toEqual(["p10", "p11", "p20", "p21", "p30", "p31", "p40", "p41"]);
      // past what totalCount promised, the walk goes on under --max-pages
      const capped = await runMain(["projects", "list", "--api", "v2", "--all", "-o", "ndjson", "--max-pages", "3"], { env: env(h.url) });
      expect(capped.code).toBe(7);
      expect(capped.stderr).toMatch(/^mids: stopped after 3 pages \(--max-pages\).*\nhint: .*--page 4$/m);
    }
    // an honest totalCount with a hasMore that stays true: the empty page after the count is the end
    const offByOne = await hostile((req, res) => {
      const page = Number(new URL(req.url!, "http://x").searchParams.get("page"));
      const data = page > 2 ? [] : [0, 1].map((i) => ({ id: `p${page}${i}`, slug: "s", name: "x" }));
      sendJson(res, 200, { status: 200, data, pagination: { page, limit: 2, totalCount: 4, hasMore: true } });
    });
    const r = await runMain(["projects", "list", "--api", "v2", "--all", "-o", "ndjson", "--fields", "id"], { env: env(offByOne.url) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(4);
  });

  it("a list page whose data is not a list, or whose nextCursor is not a string, is exit 7, never an empty or cut result", async () => {
    const h = await hostile((req, res) => {
      const cursor = new URL(req.url!, "http://x").searchParams.get("cursor");
      if (req.url!.includes("limit=7")) return sendJson(res, 200, { data: { items: [{ id: "a" }] }, meta: {} });
      sendJson(res, 200, cursor ? v3Page(20, 1, null) : { data: [{ id: "a", slug: "a", name: "A" }], meta: { nextCursor: 12 } });
    });
    const [obj, num, raw] = await Promise.all([
      runMain(["projects", "list", "--limit", "7", "-o", "json"], { env: env(h.url) }),
      runMain(["projects", "list", "--all", "-o", "ndjson"], { env: env(h.url) }),
      runMain(["api", "/v3/projects", "-f", "limit=7"], { env: env(h.url) }),
    ]);
    expect(obj.code).toBe(7);
    expect(obj.stderr.split("\n")[0]).toBe("mids: GET /v3/projects returned a page the API never sends: its data is an object, not a list");
    expect(num.code).toBe(7);
    expect(num.stderr.split("\n")[0]).toBe("mids: GET /v3/projects returned a page the API never sends: its meta.nextCursor is a number, not a string");
    expect(num.stdout).toBe("");
    // mids api shows the raw body whatever its shape
    expect(raw.code).toBe(0);
    expect(JSON.parse(raw.stdout).data.items).toHaveLength(1);
  });

  it("a list read in one answer (clusters, topics, vocabulary, destinations) whose answer says there is more says it shows the first page only", async () => {
    const h = await hostile((req, res) => {
      const path = new URL(req.url!, "http://x").pathname;
      if (path === "/v2/clusters") return sendJson(res, 200, { status: 200, data: [{ id: "c1", name: "C1" }], pagination: { page: 1, limit: 1, totalCount: 2, hasMore: true } });
      if (path === "/v3/vocabulary") return sendJson(res, 200, { data: { chains: [{ slug: "ethereum", name: "Ethereum" }] }, meta: { nextCursor: "n1" } });
      const item = path === "/v3/alerts/destinations" ? { id: "d1", kind: "webhook", label: "L", status: "active" } : { id: "x1", name: "X1" };
      sendJson(res, 200, { data: [item], meta: { nextCursor: "n1" } });
    });
    const runs = [
      { args: ["clusters", "list"], command: "clusters list", path: "/v3/clusters" },
      { args: ["topics", "list"], command: "topics list", path: "/v3/topics" },
      { args: ["vocabulary", "chains"], command: "vocabulary", path: "/v3/vocabulary" },
      { args: ["alerts", "destinations"], command: "alerts destinations", path: "/v3/alerts/destinations" },
      { args: ["clusters", "list", "--api", "v2"], command: "clusters list", path: "/v2/clusters" },
    ];
    const rs = await Promise.all(runs.map((x) => runMain([...x.args, "-o", "ndjson"], { env: env(h.url) })));
    rs.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trimEnd().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain(`mids: notice: 'mids ${runs[i].command}': the server says there are more results than this answer holds`);
      expect(r.stderr).toContain(`only the first page is shown; 'mids api ${runs[i].path} --paginate' reads every page`);
    });
  });

  it("-o json: an error's details megabytes long are cut in its JSON line (each string as error lines are; too many, left out), and the line stays JSON", async () => {
    const huge = "d".repeat(5 * 1024 * 1024);
    const h = await hostile((req, res) => sendJson(res, 400, req.url!.includes("many")
      ? { code: "invalid_request", message: "bad", details: { fields: Array.from({ length: 100_000 }, (_, i) => `f${i}`) } }
      : { code: "invalid_request", message: "bad", details: { fields: ["minTrend", huge] } }));
    const one = await runMain(["api", "/v3/projects", "-o", "json"], { env: env(h.url) });
    expect(one.code).toBe(2);
    const line = one.stderr.trimEnd().split("\n").pop()!;
    expect(line.length).toBeLessThan(4000);
    const err = JSON.parse(line).error;
    expect(err.code).toBe("invalid_request");
    expect(err.details.fields[0]).toBe("minTrend");
    expect(err.details.fields[1]).toMatch(/^d+ … d+$/);
    const many = await runMain(["api", "/v3/projects?many=1", "-o", "json"], { env: env(h.url) });
    const manyLine = many.stderr.trimEnd().split("\n").pop()!;
    expect(manyLine.length).toBeLessThan(70 * 1024);
    expect(JSON.parse(manyLine).error.details.omitted).toMatch(/^\d+ characters of details/);
  });

  it("a 401 of entitlement_required (the spec gives the code no status) names the entitlement, not a rejected key", async () => {
    const h = await hostile((_req, res) => sendJson(res, 401, { code: "entitlement_required", message: "this key lacks an entitlement", details: { entitlement: "topic-reports" } }));
    const r = await runMain(["me"], { env: env(h.url) });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^mids: .*lacks the 'topic-reports' entitlement/m);
    expect(r.stderr).not.toMatch(/was rejected/);
  });

  it("--max-pages caps an endless (but honest-looking) cursor chain, and the hint resumes from the cap", async () => {
    const h = await hostile((_req, res, n) => sendJson(res, 200, v3Page(n * 10, 2, `c${n}`)));
    const r = await runMain(["projects", "list", "--all", "--max-pages", "5", "-o", "csv", "--fields", "id"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(h.seen.length).toBe(5);
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(1 + 10);
    // the pages are counted once, the items printed beside them
    const printed = r.stdout.trimEnd().split("\n").length - 1;
    expect(r.stderr).toMatch(new RegExp(`^mids: stopped after 5 pages \\(--max-pages\\) although the server says there are more \\(${printed} items printed\\)$`, "m"));
    expect(r.stderr).toMatch(/^hint: raise --max-pages \(or MIDS_MAX_PAGES\), or continue with --cursor c5$/m);
    // mids api --paginate: its own count of pages, once
    const raw = await runMain(["api", "/v3/projects", "--paginate", "--max-pages", "2"], { env: env(h.url) });
    expect(raw.code).toBe(7);
    expect(raw.stderr).toMatch(/^mids: stopped after 2 pages \(--max-pages\) although the server says there are more$/m);
  });

  it("table mode holds pages only up to one body's cap", async () => {
    const big = "y".repeat(200 * 1024);
    const h = await hostile((_req, res, n) => sendJson(res, 200, { data: [{ id: `p${n}`, name: big }], meta: { nextCursor: `c${n}` } }));
    const r = await runMain(["projects", "list", "--all", "-o", "table", "--fields", "id", "--max-body-size", "1MB"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/pages held for table output passed the 1 MB cap/);
    expect(r.stderr).toMatch(/hint: use -o ndjson, json or csv \(they stream\)/);
    expect(h.seen.length).toBeLessThan(10);
    // what was held is printed as a table
    expect(r.stdout.trimEnd().split("\n")).toEqual(["ID", ...h.seen.slice(0, -1).map((_, i) => `p${i + 1}`)]);
  });
});

describe("deep nesting", () => {
  const deep = (levels: number) => `{"data":${"[".repeat(levels)}${"]".repeat(levels)},"meta":{"nextCursor":null}}`;

  it("100,000 nested arrays: exit 7, one line, nothing on stdout (lists and api)", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, deep(100_000)));
    for (const args of [["projects", "list", "-o", "json"], ["projects", "list", "--all", "-o", "json"], ["api", "/v3/projects"]]) {
      const r = await runMids(args, { env: env(h.url) });
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(7);
      expect(r.stdout).toBe("");
      const label = args[0] === "api" ? "GET /v3/projects" : "'mids projects list'";
      expect(r.stderr.split("\n")[0]).toBe(`mids: ${label} returned JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
  });

  it("nesting within the cap is printed", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, `{"data":{"v":${"[".repeat(MAX_JSON_DEPTH - 2)}1${"]".repeat(MAX_JSON_DEPTH - 2)}}}`));
    const r = await runMain(["api", "/v3/me"], { env: env(h.url) });
    expect(r.code).toBe(0);
    expect(JSON.stringify(JSON.parse(r.stdout))).toContain("[[[1]]]");
  });

  // (a 503 whose body was nested too deep was exit 7 'nested deeper than 256 levels', not retried,
  // and a 429's was no rate limit: the status decides, as for an error body over the cap)
  it("an error answer nested too deep is still that error: a 503 is retried, a 429 is exit 5", async () => {
    const busy = await hostile((_req, res, n) => (n === 1 ? sendJson(res, 503, deep(100_000)) : sendJson(res, 200, { data: { id: "t1" }, meta: {} })));
    const limited = await hostile((_req, res) => sendJson(res, 429, deep(100_000), { "retry-after": "0" }));
    const [retried, rate] = await Promise.all([runMain(["api", "/v3/me", "--max-retries", "1"], { env: env(busy.url) }), runMain(["me", "--max-retries", "0"], { env: env(limited.url) })]);
    expect([retried.code, busy.seen.length, JSON.parse(retried.stdout).data.id]).toEqual([0, 2, "t1"]);
    expect(rate.code, rate.stderr).toBe(5);
  });
});

describe("redirects, Retry-After, huge numbers, verbose headers", () => {
  it("a redirect says where to, sanitised, without following it", async () => {
    const target = await hostile((_req, res) => sendJson(res, 200, { data: {}, meta: {} }));
    const h = await hostile((_req, res) => res.writeHead(302, { location: `${target.url}/v3/me?\u009b31mx` }).end());
    const r = await runMain(["me"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(new RegExp(`^mids: 'mids me': the server redirected \\(HTTP 302\\) to ${target.url}/v3/me\\?x; mids does not follow redirects$`, "m"));
    expect(r.stderr).not.toMatch(/envelope/);
    expect(r.stderr).not.toContain("\u009b");
    expect(target.seen).toHaveLength(0);
  });

  it("a server echoing the key into an error's details: -o json's error object shows ***, never the key", async () => {
    const key = "k_test_1234";
    const h = await hostile((req, res) => {
      const sent = String(req.headers["x-api-key"]);
      sendJson(res, 500, { code: "internal_error", message: `you sent ${sent}`, details: { note: `key=${sent}`, key: sent, subject: { type: "project", locator: sent }, [sent]: 1 } });
    });
    const r = await runMain(["me", "-o", "json", "--max-retries", "0"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(h.seen.length).toBeGreaterThan(0);
    expect(r.stderr).not.toContain(key);
    const error = JSON.parse(r.stderr.split("\n").find((l) => l.startsWith("{"))!).error;
    expect(error.details).toEqual({ note: "key=***", key: "***", subject: { type: "project", locator: "***" }, "***": 1 });
  });

  it("mids api -i: a Location header's userinfo is *** whole, as --verbose shows it", async () => {
    const h = await hostile((_req, res) => res.writeHead(307, { location: "http://u:pw-9f8e7d@evil.example/steal?x=1" }).end());
    const r = await runMain(["api", "/v3/me", "-i"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(r.stdout).toMatch(/^location: http:\/\/\*\*\*@evil\.example\/steal\?x=1$/m);
    expect(r.stdout + r.stderr).not.toMatch(/pw-9f8e7d|u:\*\*\*/);
  });

  it("Retry-After: 999999 says how long the server asked for, not to raise --max-retries", async () => {
    const h = await hostile((_req, res) => sendJson(res, 429, { code: "rate_limited", message: "slow down" }, { "retry-after": "999999" }));
    const r = await runMain(["me"], { env: env(h.url) });
    expect(r.code).toBe(5);
    expect(h.seen).toHaveLength(1);
    expect(r.stderr).toMatch(/^mids: rate limited; the server asked to wait 11d 13h 46m 39s \(Retry-After\), longer than mids waits \(2m\)$/m);
    expect(r.stderr).toMatch(/^hint: try again after \d{4}-\d\d-\d\dT/m);
    expect(r.stderr).not.toMatch(/--max-retries/);
  });

  it("a v2 retryAfterMs of 1e308 (no date can hold it) is exit 5 with one line, not a crash", async () => {
    const h = await hostile((_req, res) => sendJson(res, 429, '{"success":false,"error":"slow","retryAfterMs":1e308}'));
    const r = await runMain(["projects", "list", "--api", "v2"], { env: env(h.url) });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/^mids: .*the server asked to wait more than a year/m);
    expect(r.stderr).not.toMatch(/unexpected|Invalid time/);
  });

  it("dates no Date can hold, or of the wrong type, in rate-limit headers and meta.history are ignored, not a crash", async () => {
    const limited = await hostile((_req, res) => sendJson(res, 429, { code: "rate_limited", message: "slow" }, {
      "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "0", "x-ratelimit-reset-minute": "99999999999999999",
    }));
    const history = await hostile((_req, res) => sendJson(res, 200, {
      data: [{ id: "a", headline: "A" }], meta: { nextCursor: null, history: { enforced: false, archiveAccess: false, lookbackDays: 30, enforcementAt: 2030 } },
    }));
    const [a, b] = await Promise.all([
      runMain(["me", "--max-retries", "0"], { env: env(limited.url) }),
      runMain(["intel", "list", "-o", "ndjson", "--fields", "id"], { env: env(history.url) }),
    ]);
    expect(a.code, a.stderr).toBe(5);
    expect(a.stderr).toMatch(/^mids: rate limited/);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toBe('{"id":"a"}\n');
    expect(a.stderr + b.stderr).not.toMatch(/unexpected|Invalid time|not a function/);
  });

  it("concurrent requests rate limited together print one wait line, not one each", async () => {
    const limited = new Set<number>();
    const h = await hostile((req, res) => {
      const page = Number(new URL(req.url!, "http://x").searchParams.get("page"));
      if (page > 1 && !limited.has(page)) {
        limited.add(page);
        return sendJson(res, 429, { success: false, error: "slow down" }, { "retry-after": "1", "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "0" });
      }
      const data = [0, 1].map((i) => ({ id: `p${page}${i}`, slug: `p${page}${i}`, name: "x" }));
      sendJson(res, 200, { success: true, data, pagination: { page, limit: 2, totalCount: 10, hasMore: page < 5 } });
    });
    const r = await runMain(["projects", "list", "--api", "v2", "--all", "-o", "ndjson", "--fields", "id"], { env: env(h.url) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(10);
    expect(limited.size).toBe(4);
    expect(r.stderr.match(/waiting/g)).toEqual(["waiting"]);
    expect(r.stderr).toMatch(/^mids: rate limited \(per-minute limit of 60 requests\); waiting 1s as the server asked before retry 1\/3$/m);
  });

  it("many retry waits in one run leave no listener behind (no MaxListenersExceededWarning)", async () => {
    const h = await hostile((_req, res) => sendJson(res, 503, { code: "unavailable", message: "busy" }, { "retry-after": "0" }));
    const r = await runMids(["api", "/v3/me", "--max-retries", "12"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(h.seen).toHaveLength(13);
    expect(r.stderr).not.toMatch(/MaxListeners|Warning/);
  });

  it("1e400 keeps its text (as a string), with a notice; never null", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, '{"data":{"big":1e400,"neg":-2E+999,"ok":1.5e3},"meta":{}}'));
    const r = await runMain(["api", "/v3/me"], { env: env(h.url) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toEqual({ big: "1e400", neg: "-2E+999", ok: 1500 });
    expect(r.stderr).toMatch(/^mids: notice: GET \/v3\/me: 2 numbers too large for a double \(1e400\) kept as their text/m);
  });

  // mids series -o csv|table took a point's number from the chart's reading of it (a double or a
  // gap), so 1e400, kept as its text with a notice, was an empty cell: a point without a value
  it("mids series -o csv and -o table show a point's 1e400 as its text, as -o json does; a gap stays empty", async () => {
    const points = '[{"timestamp":"2026-11-22T09:00:00.000Z","value":1e400},{"timestamp":"2026-11-22T10:00:00.000Z","value":5},{"timestamp":"2026-11-22T11:00:00.000Z","value":null}]';
    const h = await hostile((_req, res) => sendJson(res, 200, `{"data":{"projectId":"x","slug":"s","name":"S","measure":"trend","points":${points}},"meta":{}}`));
    const csv = await runMain(["series", "trend", "s", "-o", "csv"], { env: env(h.url) });
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toBe("timestamp,value\n2026-11-22T09:00:00.000Z,1e400\n2026-11-22T10:00:00.000Z,5\n2026-11-22T11:00:00.000Z,\n");
    expect(csv.stderr).toMatch(/^mids: notice: 'mids series': 1 number too large for a double \(1e400\) kept as its text/m);
    const table = await runMain(["series", "trend", "s", "-o", "table", "--no-relative"], { env: env(h.url) });
    expect(table.stdout.split("\n")[1].trimEnd()).toBe("2026-11-22T09:00:00.000Z  1e400");
  });

  it("--verbose prints server headers without terminal controls", async () => {
    const h = await hostile((_req, res) => {
      res.setHeader("x-evil", "a\u009b2Jb\u0085c");
      sendJson(res, 200, { data: {}, meta: {} });
    });
    const r = await runMain(["api", "/v3/me", "--verbose"], { env: env(h.url) });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^< x-evil: a/m);
    expect(r.stderr).not.toMatch(/[\u0080-\u009f\u001b\u0007]/);
  });
});

describe("a server's error message megabytes long, quoted in a report", () => {
  // the error printer cuts its line to MAX_ERROR_LINE; a report that quotes an error beside others
  // (a doctor check, a verify verdict, a contract check route) cuts it the same way
  it("doctor, migrate verify and contract check quote it cut, with its start and end, never whole", async () => {
    const fields = Array.from({ length: 50_000 }, (_, i) => `f${i}`);
    const h = await hostile((req, res) => req.resume().on("end", () => (req.url?.startsWith("/v3/me")
      ? sendJson(res, 400, { code: "invalid_request", message: `start ${"m".repeat(MB)} end`, details: { fields } })
      : sendJson(res, 500, { code: "internal_error", message: `start ${"m".repeat(MB)} end` }))));
    const log = join(tempDir("verify-"), "access.log");
    writeFileSync(log, "GET /v2/projects?limit=5 HTTP/1.1\n");
    const [doctor, verify, check] = await Promise.all([
      runMain(["doctor", "-o", "json"], { env: env(h.url) }),
      runMain(["migrate", "verify", log, "-o", "json", "--max-retries", "0"], { env: env(h.url) }),
      runMain(["contract", "check", "--routes", "v3.projects.list", "-o", "json", "--max-retries", "0"], { env: env(h.url) }),
    ]);
    const cut = (text: string | undefined) => {
      expect(text).toMatch(/ … /);
      expect(text!.length).toBeLessThanOrEqual(MAX_ERROR_LINE + " … ".length);
    };
    const key = (JSON.parse(doctor.stdout) as { checks: { check: string; detail: string; fix?: string }[] }).checks.find((c) => c.check === "key")!;
    expect(key.detail).toMatch(/^GET \/v3\/me failed: invalid request \(f0, f1, /);
    cut(key.detail);
    cut(key.fix);
    const errors = (JSON.parse(verify.stdout) as { requests: { errors: { message: string }[] }[] }).requests[0].errors;
    expect(errors).toHaveLength(2);
    for (const e of errors) {
      expect(e.message).toMatch(/^the server failed \(internal_error\): start m+ … m+ end$/);
      cut(e.message);
    }
    const failed = (JSON.parse(check.stdout) as { routes: { failed?: { message: string } }[] }).routes[0].failed;
    expect(failed?.message).toMatch(/^the server failed \(internal_error\): start m+ … m+ end$/);
    cut(failed?.message);
    for (const r of [doctor, verify, check]) expect(r.stdout.length + r.stderr.length).toBeLessThan(MB);
  });
});

describe("notices and warnings that quote a server at length", () => {
  it("a successor path of 10 KB in a Link header and a field name of 1 MB are cut, start and end kept", async () => {
    const successor = `/v3/${"l".repeat(10_000)}`;
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [{ id: "p1", name: "P 1", ["k".repeat(MB)]: 1 }], meta: { nextCursor: null } },
      { deprecation: "true", link: `<${successor}>; rel="successor-version"` }));
    const r = await runMain(["projects", "list", "--fields", "nmae", "-o", "json"], { env: env(h.url) });
    expect(r.code, r.stderr.slice(0, 300)).toBe(0);
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines.some((l) => l.startsWith("mids: notice: ") && l.includes("/v3/lll") && l.includes(" … "))).toBe(true);
    expect(lines.some((l) => l.startsWith("mids: warning: --fields: no field 'nmae'") && l.includes(" … "))).toBe(true);
    for (const l of lines) expect(l.replace(/^mids: (notice|warning): /, "").length).toBeLessThanOrEqual(MAX_ERROR_LINE + " … ".length);
  });
});

describe("a server that echoes the key into its answers' data", () => {
  it("no command prints it (every format, --jq, the more-results line), as mids api does not: it shows as ***", async () => {
    const KEY = "k_test_echoed_SECRETPART_0123456789";
    const h = await hostile((req, res) => {
      const key = String(req.headers["x-api-key"]);
      // one echo as the text itself, one spelt with JSON escapes
      const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`{"data":[{"id":"p1","slug":"p1","name":"name ${key}","symbol":"S","rank":1,"trend":1,"universe":"crypto","categories":["${escaped}"]}],"meta":{"nextCursor":"c-${key}"}}`);
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: KEY });
    const runs = await Promise.all([["-o", "json"], ["-o", "csv"], ["-o", "ndjson"], ["-o", "yaml"], ["--jq", ".[0].categories[0]"], ["--fields", "name,categories", "-o", "table"]]
      .map((f) => runMain(["projects", "list", ...f], { env })));
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr).not.toContain("SECRETPART");
    }
    expect(JSON.parse(runs[0].stdout)).toEqual([expect.objectContaining({ name: "name ***", categories: ["***"] })]);
    expect(runs[4].stdout).toBe("***\n");
  });
});

describe("a JSON answer that starts with a byte order mark", () => {
  it("is read as the JSON after it (RFC 8259 lets a reader ignore it), not refused as malformed", async () => {
    const h = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end(`\ufeff${JSON.stringify(v3Page(1, 2, null))}`);
    });
    const [list, api] = await Promise.all([runMain(["projects", "list", "-o", "json"], { env: env(h.url) }), runMain(["api", "/v3/projects"], { env: env(h.url) })]);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual((v3Page(1, 2, null) as { data: unknown[] }).data);
    expect(api.code, api.stderr).toBe(0);
    expect(JSON.parse(api.stdout)).toEqual(v3Page(1, 2, null));
  });
});

describe("a history refusal whose earliestAvailableAt is no time", () => {
  it("mids api's hint offers no -f start=... to paste (the value is the server's text), but says where the time is", async () => {
    const h = await hostile((_req, res) => sendJson(res, 403, { code: "HISTORY_WINDOW_EXCEEDED", error: "window", earliestAvailableAt: "2026-01-01; touch PWNED $(id) &" }));
    const r = await runMain(["api", "/v2/projects/p1/rank", "-f", "start=2020-01-01T00:00:00Z"], { env: env(h.url) });
    expect(r.code).toBe(6);
    const hint = r.stderr.split("\n").find((l) => l.startsWith("hint: "))!;
    expect(hint).not.toContain("-f start=");
    expect(hint).not.toContain("PWNED");
    expect(hint).toContain("earliestAvailableAt (shown by 'mids me')");
  });
});

describe("a report whose Markdown is built to make a link pattern backtrack", () => {
  // `[a](` a quarter of a million times (1 MB, under every cap): a link pattern that scans to the
  // end from each `[` takes hours on it, in one regex call no signal can interrupt (SIGKILL alone
  // ends it); rendered in linear time it is a second's work, so 30 s is ample
  it("reports get renders it, and ends", { timeout: 60_000 }, async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, { data: { id: "rep_1", title: "T", publishedAt: "2026-11-27T00:00:00Z", bodyMarkdown: "[a](".repeat(250_000) }, meta: {} }));
    const r = await runMids(["reports", "get", "rep_1", "-o", "table"], { env: env(h.url), timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("[a]([a](");
  });
});

describe("--all stopped by a Retry-After of a year after one item", () => {
  it("exit 5, the one item kept, the message counts it as 'item', and the hint resumes", async () => {
    const h = await hostile((_req, res, n) => (n === 1
      ? sendJson(res, 200, v3Page(1, 1, "c1"))
      : sendJson(res, 429, { code: "rate_limited", message: "slow" }, { "retry-after": String(366 * 86_400) })));
    const r = await runMain(["projects", "list", "--all", "-o", "ndjson"], { env: env(h.url) });
    expect(r.code).toBe(5);
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^mids: .*\(after 1 item from 1 page\)$/m);
    expect(r.stderr).toMatch(/^hint: .*--cursor c1$/m);
  });
});

describe("api --paginate", () => {
  /** Split pretty-printed JSON values printed one after another. */
  const values = (text: string) => text.split(/\n(?=[[{])/).map((t) => JSON.parse(t));

  it("v3: follows meta.nextCursor, one JSON value per page; --slurp prints one array", async () => {
    const h = await hostile((req, res) => {
      const n = 1 + Number(new URL(req.url!, "http://x").searchParams.get("cursor")?.slice(1) ?? 0);
      sendJson(res, 200, v3Page(n * 10, 2, n < 3 ? `c${n}` : null));
    });
    const r = await runMain(["api", "/v3/projects", "-f", "limit=2", "--paginate"], { env: env(h.url) });
    expect(r.code).toBe(0);
    expect(values(r.stdout).map((v) => v.data[0].id)).toEqual(["p10", "p20", "p30"]);
    expect(h.seen).toEqual(["/v3/projects?limit=2", "/v3/projects?limit=2&cursor=c1", "/v3/projects?limit=2&cursor=c2"]);
    const s = await runMain(["api", "/v3/projects", "--paginate", "--slurp"], { env: env(h.url) });
    expect(s.code).toBe(0);
    const all = JSON.parse(s.stdout);
    expect(all).toHaveLength(3);
    expect(all[2].meta.nextCursor).toBeNull();
  });

  it("v2: page + 1 while hasMore, the other parameters kept", async () => {
    const h = await hostile((req, res) => {
      const page = Number(new URL(req.url!, "http://x").searchParams.get("page") ?? 1);
      sendJson(res, 200, { success: true, data: [{ page }], pagination: { page: 1, limit: 1, totalCount: 3, hasMore: page < 3 } });
    });
    const r = await runMain(["api", "/v2/projects?limit=1", "--paginate", "--slurp", "-q"], { env: env(h.url) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map((p: { data: { page: number }[] }) => p.data[0].page)).toEqual([1, 2, 3]);
    expect(h.seen).toEqual(["/v2/projects?limit=1", "/v2/projects?limit=1&page=2", "/v2/projects?limit=1&page=3"]);
  });

  it("the guards of --all apply: a repeated cursor is exit 7; --max-pages caps", async () => {
    const h = await hostile((_req, res, n) => sendJson(res, 200, v3Page(n, 1, "same")));
    const r = await runMain(["api", "/v3/projects", "--paginate"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(h.seen).toHaveLength(2);
    expect(values(r.stdout)).toHaveLength(2);
    expect(r.stderr).toMatch(/^mids: the server sent the same nextCursor again on page 2: following it would never end \(after 2 pages\)$/m);
    // mids api has no --max-items: the hint names the flag it has
    expect(r.stderr).toMatch(/^hint: the server's paging is broken; report it, or fetch fewer pages with --max-pages$/m);
    // a walk started at a cursor (-f cursor=A) that leads back to it (A -> B -> A): page A is not printed twice
    const loop = await hostile((req, res) => {
      const at = new URL(req.url!, "http://x").searchParams.get("cursor");
      sendJson(res, 200, { data: [{ at }], meta: { nextCursor: at === "A" ? "B" : "A" } });
    });
    const l = await runMain(["api", "/v3/projects", "-f", "cursor=A", "--paginate", "-o", "ndjson"], { env: env(loop.url) });
    expect(l.code).toBe(7);
    expect(loop.seen).toEqual(["/v3/projects?cursor=A", "/v3/projects?cursor=B"]);
    expect(l.stdout.trimEnd().split("\n").map((line) => JSON.parse(line).data[0].at)).toEqual(["A", "B"]);
    expect(l.stderr).toMatch(/^mids: the server sent the same nextCursor again on page 2: /m);
    const c = await hostile((_req, res, n) => sendJson(res, 200, v3Page(n, 1, `c${n}`)));
    const m = await runMain(["api", "/v3/projects", "--paginate", "--max-pages", "3"], { env: env(c.url) });
    expect(m.code).toBe(7);
    expect(c.seen).toHaveLength(3);
    expect(m.stderr).toMatch(/^hint: raise --max-pages \(or MIDS_MAX_PAGES\), or continue with -f cursor=c3$/m);
  });

  it("an error on a later page: the pages before and the error body are printed, the hint resumes", async () => {
    const h = await hostile((_req, res, n) => n === 1 ? sendJson(res, 200, v3Page(1, 1, "c1")) : sendJson(res, 500, { code: "internal_error", message: "boom" }));
    const r = await runMain(["api", "/v3/projects", "--paginate", "--max-retries", "0"], { env: env(h.url) });
    expect(r.code).toBe(7);
    expect(values(r.stdout).map((v) => v.code ?? v.data[0].id)).toEqual(["p1", "internal_error"]);
    expect(r.stderr).toMatch(/\(after 1 page\)\nhint: the API failed on its side; try again later \(--verbose shows the exchange\); continue from where it stopped with -f cursor=c1$/m);
  });

  it("--slurp needs --paginate, and --paginate only follows GET", async () => {
    const a = await runMain(["api", "/v3/projects", "--slurp"]);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/^mids: --slurp needs --paginate/);
    const b = await runMain(["api", "-X", "POST", "/v3/projects", "--paginate"]);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/^mids: --paginate follows GET requests only/);
  });
});

describe("server text in a GitHub Actions log", () => {
  it("-o json never holds '##[', which the runner runs as a workflow command wherever it is in a line; the values parse back unchanged", async () => {
    const name = "P ##[set-output name=deploy;]true ##[add-mask]x";
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [{ id: "p1", slug: "p1", name }], meta: { nextCursor: null } }));
    const r = await runMain(["projects", "list", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "mids_test_key_1", GITHUB_ACTIONS: "true" }) });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("##[");
    expect(JSON.parse(r.stdout)[0].name).toBe(name);
    // -o yaml: the same, by a YAML escape in a double-quoted string
    const y = await runMain(["projects", "list", "-o", "yaml"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "mids_test_key_1", GITHUB_ACTIONS: "true" }) });
    expect(y.code).toBe(0);
    expect(y.stdout).not.toContain("##[");
    expect((parseYaml(y.stdout) as { name: string }[])[0].name).toBe(name);
  });
});

describe("server text on a screen in a GitHub Actions log", () => {
  it("a table cell and an error line part '##[' with a zero-width space: they read the same, and the runner runs nothing", async () => {
    const name = "P ##[set-output name=deploy;]true";
    const h = await hostile((req, res) => (!req.url!.includes("nope")
      ? sendJson(res, 200, { data: [{ id: "p1", slug: "p1", name }], meta: { nextCursor: null } })
      : sendJson(res, 404, { code: "not_found", message: "no ##[stop-commands]tok project" })));
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "mids_test_key_1", GITHUB_ACTIONS: "true" });
    const table = await runMain(["projects", "list", "-o", "table"], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain("##[");
    expect(table.stdout).toContain("#\u200b#[set-output name=deploy;]true");
    const err = await runMain(["projects", "get", "nope"], { env });
    expect(err.code).not.toBe(0);
    expect(err.stderr).not.toContain("##[");
    expect(err.stderr).toContain("#\u200b#[stop-commands]tok");
  });
});
