// Untrusted server text on a terminal: every command runs in-process with a TTY stdout and stderr
// against a proxy of the sandbox that appends terminal escapes (CSI, OSC with BEL, 8-bit C1 CSI,
// RIS) to every string of every JSON answer. No ESC, BEL or C1 control may reach the terminal, in
// any output format; piped output stays byte-exact.
import { createServer, type Server } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { startSandbox, SANDBOX_DEMO_KEY, SANDBOX_KEYS, type Sandbox } from "../../src/sandbox/index.js";

// the sandbox limits each key per minute: spread the runs over every owner-A key that can read reports
const KEYS = SANDBOX_KEYS.filter((k) => k.owner === "A" && k.perMinute >= 100 && ["api", "topic-reports"].every((e) => k.entitlements.includes(e))).map((k) => k.key);
let turn = 0;

const POISON = "\u001b[31m\u001b]0;PWNED\u0007\u009b2J\u001bc\u202e\u2066\u200b\ufeff";
const CONTROL = /[\u001b\u0007\u0080-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const isTime = (s: string) => /^\d{4}-\d{2}-\d{2}T/.test(s);
// timestamps stay parseable, so charts and windows still render the poisoned text around them;
// an `id` stays the one asked for (mids refuses an answer about another alert: alerts.test.ts)
const poison = (v: unknown): unknown => Array.isArray(v) ? v.map(poison)
  : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === "id" ? x : poison(x)]))
  : typeof v === "string" && !isTime(v) ? v + POISON : v;
// ids come back poisoned and are sent again (cursors, slugs): the proxy takes the poison off
const unpoison = (s: string) => s.split(POISON).join("").split(encodeURIComponent(POISON)).join("");

let sb: Sandbox;
let proxy: Server;
let url: string;
const home = mkdtempSync(join(tmpdir(), "mids-tty-robust-"));

beforeAll(async () => {
  sb = await startSandbox({ port: 0, host: "127.0.0.1", quiet: true });
  proxy = createServer(async (req, res) => {
    let body = "";
    for await (const c of req) body += c;
    const headers = { ...req.headers } as Record<string, string>;
    delete headers.host;
    delete headers["content-length"];
    const up = await fetch(sb.url + unpoison(req.url ?? "/"), { method: req.method, headers, body: body ? unpoison(body) : undefined });
    const text = await up.text();
    const out: Record<string, string> = {};
    up.headers.forEach((v, k) => { if (!["content-length", "content-encoding", "transfer-encoding", "connection"].includes(k)) out[k] = v; });
    out["x-evil"] = "a\u009b2Jb"; // latin1 C1 in a header (ESC itself cannot travel in one)
    let payload = text;
    try { payload = JSON.stringify(poison(JSON.parse(text))); } catch { /* not JSON */ }
    res.writeHead(up.status, out).end(payload);
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", () => r()));
  url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => proxy?.close(r));
  await sb?.close();
});

async function run(args: string[], tty = true) {
  const io = testIO({
    stdoutIsTTY: tty, stderrIsTTY: tty, columns: tty ? 120 : undefined,
    env: { MIDS_BASE_URL: url, MIDS_API_KEY: KEYS[turn++ % KEYS.length], MIDS_CONFIG_DIR: home, MIDS_STATE_DIR: home, NO_COLOR: "1", CI: "1" },
  });
  const code = await main(args, { io });
  return { code, stdout: io.out(), stderr: io.err() };
}

async function fixtures(): Promise<{ alerts: { A: string[] }; topics: { id: string; reportId: string }[] }> {
  return (await fetch(sb.url + "/_sandbox/fixtures")).json() as never;
}

describe("server text on a terminal", () => {
  it("no command prints an escape, BEL or C1 control from the data, in any format", async () => {
    const fx = await fixtures();
    const [alert, other] = fx.alerts.A;
    const topic = fx.topics[0];
    const slug = ((await (await fetch(`${sb.url}/v3/projects?limit=1`, { headers: { "x-api-key": SANDBOX_DEMO_KEY } })).json()) as { data: { slug: string }[] }).data[0].slug;
    const intel = ((await (await fetch(`${sb.url}/v3/intel?limit=1`, { headers: { "x-api-key": SANDBOX_DEMO_KEY } })).json()) as { data: { id: string }[] }).data[0].id;
    const commands: string[][] = [
      ["projects", "list", "--limit", "3"], ["projects", "list", "--api", "v2", "--limit", "2"],
      ["projects", "get", slug], ["projects", "get", slug, "--api", "v2"], ["projects", "related", slug],
      ["projects", "related", slug, "--api", "v2"], ["projects", "metrics", slug], ["projects", "chains"],
      ["series", "trend", slug], ["series", "rank", slug, "--api", "v2"],
      ["intel", "list", "--limit", "2"], ["intel", "get", intel], ["intel", "get", intel, "--api", "v2"],
      ["topics", "list"], ["topics", "get", topic.id], ["topics", "report", topic.id], ["reports", "get", topic.reportId],
      ["clusters", "list"], ["vocabulary"], ["grounding"], ["grounding", "history", "--limit", "2"],
      ["alerts", "destinations"], ["alerts", "get", alert], ["alerts", "pause", alert, other], ["alerts", "resume", alert, "alr_nope"],
      ["me"], ["me", "--api", "v2"], ["recipes", "list"], ["recipes", "get", "trend-digest"], ["recipes", "execute", "trend-digest"],
      ["projects", "get", "no-such-project"],
    ];
    // table for every command; the other formats share one renderer, checked on a few shapes
    const formats = [["-o", "json"], ["-o", "ndjson"], ["-o", "yaml"], ["-o", "csv"]];
    // (the stderr JSON error of -o json|ndjson is checked on its own below)
    const shapes = new Set(["projects get", "intel list", "alerts pause", "me"]);
    for (const args of commands) {
      for (const fmt of [[], ...(shapes.has(args.slice(0, 2).join(" ")) && args[2] !== "no-such-project" ? formats : [])]) {
        const r = await run([...args, ...fmt]);
        const label = `mids ${[...args, ...fmt].join(" ")} (exit ${r.code}): ${JSON.stringify(r.stdout + r.stderr).slice(0, 300)}`;
        // something was printed: the check cannot pass by printing nothing
        expect((r.stdout + r.stderr).length, label).toBeGreaterThan(0);
        expect(CONTROL.test(r.stdout), label).toBe(false);
        expect(CONTROL.test(r.stderr), label).toBe(false);
      }
    }
    // mids api, recipe findings in every format
    for (const args of [["api", "/v3/topics", "-i"], ["api", "/v2/signals", "-i"], ["api", "/v3/nope"],
      ...["stylish", "json", "github", "junit", "sarif"].map((f) => ["recipes", "validate", "test/fixtures/recipes", "--format", f])]) {
      const r = await run(args);
      expect(r.stdout.length, args.join(" ")).toBeGreaterThan(0);
      expect(CONTROL.test(r.stdout + r.stderr), `mids ${args.join(" ")}: ${JSON.stringify(r.stdout + r.stderr).slice(0, 300)}`).toBe(false);
    }
  });

  // src/main.ts reportError writes the -o json error line with a bare JSON.stringify, so a C1
  // control from the server's error body reaches the terminal. Expected to fail until main.ts
  // wraps it in escapeC1Json (src/util/sanitize.ts); then turn this into a plain it().
  it("the -o json error line on stderr carries no C1 control either", async () => {
    for (const fmt of ["json", "ndjson"]) {
      const r = await run(["projects", "get", "no-such-project", "-o", fmt]);
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('{"error":');
      expect(CONTROL.test(r.stderr), r.stderr).toBe(false);
    }
  });

  it("json and yaml escape C1 controls losslessly; piped output keeps the data as served", async () => {
    const { alerts } = await fixtures();
    const tty = await run(["alerts", "get", alerts.A[0], "-o", "json"]);
    const piped = await run(["alerts", "get", alerts.A[0], "-o", "json"], false);
    expect(JSON.parse(tty.stdout)).toEqual(JSON.parse(piped.stdout));
    expect((JSON.parse(piped.stdout) as { status: string }).status.endsWith(POISON)).toBe(true);
  });

  it("migrate: log and HAR text (headers, bodies, --resolve answers) is sanitized on a terminal only", async () => {
    const har = join(home, "evil.har");
    writeFileSync(har, JSON.stringify({ log: { version: "1.2", entries: [
      { request: { method: "GET", url: "http://h/v2/projects?page=2&limit=2", headers: [{ name: "X-Note", value: `a${POISON}` }] } },
      { request: { method: "PATCH", url: "http://h/v3/alerts/alr_1", headers: [], postData: { mimeType: "application/json", text: JSON.stringify({ name: `x${POISON}` }) } } },
    ] } }));
    const access = join(home, "evil.log");
    writeFileSync(access, `1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "GET /v2/projects?page=2&limit=2 HTTP/1.1" 200 1 "-" "ua\u009b2J"\n`);
    for (const args of [[har], [har, "--to", "curl"], [har, "--to", "http"], [har, "--to", "ndjson"], [har, "-o", "json"],
      [har, "--resolve", "--to", "curl"], [access], [access, "--resolve", "-o", "ndjson"]]) {
      const r = await run(["migrate", ...args]);
      expect(r.code, args.join(" ")).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(0);
      expect(CONTROL.test(r.stdout + r.stderr), `mids migrate ${args.join(" ")}: ${JSON.stringify(r.stdout)}`).toBe(false);
    }
    // piped, the rewritten requests are byte-exact: the header travels on as it was
    const piped = await run(["migrate", har, "--to", "curl"], false);
    expect(piped.stdout).toContain(`X-Note: a${POISON}`);
  });
});
