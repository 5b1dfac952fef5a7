// Issue 25, the screen as a person sees it: runs of the built bin/mids on a pseudo-terminal
// (`script`), raw bytes kept (carriage returns, erase sequences), at 100 and 60 columns.
import { spawn, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, baseEnv, runMain, startSandbox, tempDir } from "../helpers/cli.js";
import { hostile, sendJson, v3Page, v3Project, v3ProjectPage } from "../helpers/hostile.js";
import { ASSUMED_SHAPES } from "../../src/contract/shapes/assumed.js";
import { shapeExample } from "../../src/contract/openapi/shapes.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const hasScript = spawnSync("script", ["--version"]).status === 0;
const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]/g;

export interface TtyRun {
  code: number | null;
  /** everything the terminal received, raw */
  raw: string;
}

/** Run `shell` (a command line using $MIDS for the binary) on a pseudo-terminal of `cols` columns. */
export function onTerminal(shell: string, opts: { cols: number; env?: Record<string, string>; input?: (child: ReturnType<typeof spawn>, raw: () => string) => void }): Promise<TtyRun> {
  const cmd = `stty cols ${opts.cols} rows 30; ${shell.replaceAll("$MIDS", `'${process.execPath}' '${BIN}'`)}`;
  return new Promise((res) => {
    const child = spawn("script", ["-qec", cmd, "/dev/null"], { env: opts.env ?? baseEnv(), stdio: ["pipe", "pipe", "pipe"] });
    let raw = "";
    child.stdout!.setEncoding("utf8").on("data", (d) => (raw += d));
    child.stdin!.on("error", () => undefined);
    opts.input?.(child, () => raw);
    const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      res({ code, raw });
    });
  });
}

/** Each stretch of text drawn between carriage returns and newlines, escapes removed. */
const drawnSegments = (raw: string) => raw.split(/[\r\n]/).map((s) => s.replace(ESCAPES, "")).filter(Boolean);

describe.skipIf(!hasScript)("status line on a terminal", () => {
  it("a rate-limit wait is one line cut to the width, counting down in place, the spinner paused", async () => {
    // page 2 answers 429 (Retry-After 2 s) once, then the page: one countdown while --all runs
    let limited = false;
    const h = await hostile((req, res, n) => {
      const url = new URL(req.url!, "http://x");
      if (url.searchParams.get("cursor") === "c1" && !limited) {
        limited = true;
        return sendJson(res, 429, { error: { code: "rate_limited", message: "slow down", details: { limit: 60, window: "minute" } } }, { "retry-after": "2", "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "0" });
      }
      sendJson(res, 200, v3Page(n * 10, 3, url.searchParams.get("cursor") ? null : "c1"));
    });
    const r = await onTerminal(`$MIDS projects list --all --limit 3 -o table`, { cols: 60, env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: SANDBOX_DEMO_KEY }) });
    expect(r.code).toBe(0);
    const frames = drawnSegments(r.raw).filter((s) => /retry 1\/3 in \d/.test(s));
    expect(frames.length).toBeGreaterThanOrEqual(2);
    // every redraw fits the 60 columns (one line, so \r redraws it in place) and keeps the time left
    for (const f of frames) expect([...f].length).toBeLessThan(60);
    expect(frames[0]).toMatch(/in 2s: rate limited/);
    for (const f of frames) expect(f).toMatch(/in (\d+s|\d+ ms): /);
    // the countdown counts down on the same line: no newline between its first draw and the plain line
    const first = r.raw.indexOf("retry 1/3 in");
    const finalLine = r.raw.indexOf("\n", first);
    expect(r.raw.slice(first, finalLine)).toMatch(/waited 2s as the server asked for retry 1\/3\r?$/);
    // no spinner frame while the countdown is on screen
    expect(r.raw.slice(first, finalLine)).not.toMatch(SPINNER);
  });

  it("no spinner when stdout is piped (`| head -2`), and nothing left on the screen", async () => {
    const h = await hostile((req, res, n) => sendJson(res, 200, v3ProjectPage(n * 10, 10, n < 3 ? `c${n}` : null)));
    const r = await onTerminal(`$MIDS projects list --all --limit 10 -o ndjson --fields slug | head -2`, { cols: 100, env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: SANDBOX_DEMO_KEY }) });
    expect(r.raw).not.toMatch(SPINNER);
    expect(r.raw).not.toContain("fetching");
    // (an EPIPE exit may clear the stderr line: an erase sequence, nothing drawn)
    expect(r.raw.replace(/\r/g, "").replace(ESCAPES, "").trimEnd().split("\n")).toEqual(['{"slug":"p10"}', '{"slug":"p11"}']);
  });

  it("a spinner drawn on a terminal is erased when the run is interrupted", async () => {
    // page 2 never comes: the spinner is on screen until two Ctrl-C stop the run
    const h = await hostile((req, res, n) => {
      if (n === 1) sendJson(res, 200, v3Page(0, 5, "c1"));
    });
    const r = await onTerminal(`exec $MIDS projects list --all --limit 5 -o table`, {
      cols: 100, env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: SANDBOX_DEMO_KEY }),
      input: (child, raw) => {
        const poll = setInterval(() => {
          if (!SPINNER.test(raw())) return;
          clearInterval(poll);
          child.stdin!.write("\u0003\u0003");
        }, 50);
        child.on("close", () => clearInterval(poll));
      },
    });
    expect(r.code).toBe(130);
    const last = Math.max(...[...r.raw.matchAll(new RegExp(SPINNER, "g"))].map((m) => m.index!));
    // after the last frame: the line is cleared (ora: ESC[2K / ESC[K at column 0)
    expect(r.raw.slice(last)).toMatch(/\u001b\[(2|0)?K|\u001b\[1G\u001b\[0K/);
  });

  it("`mids migrate -` at a terminal says it reads stdin and how to end it; no progress line over the typing", async () => {
    const r = await onTerminal(`exec $MIDS migrate -`, {
      cols: 100,
      input: (child, raw) => {
        const poll = setInterval(() => {
          if (!raw().includes("Ctrl-D")) return;
          clearInterval(poll);
          child.stdin!.write('127.0.0.1 - - [27/Nov/2026:10:00:00 +0000] "GET /v2/projects?page=2 HTTP/1.1" 200 512\n');
          // the line discipline ends the input at a Ctrl-D on a line of its own
          setTimeout(() => child.stdin!.write("\u0004"), 200);
        }, 50);
        child.on("close", () => clearInterval(poll));
      },
    });
    expect(r.code).toBe(0);
    expect(r.raw).toMatch(/mids: migrate: reading a log from the terminal \(stdin\); end it with Ctrl-D/);
    expect(r.raw).not.toMatch(/migrate: [\d,]+ requests? {2}[\d.]+ MB\/s/);
    expect(r.raw).toContain("/v3/projects");
  });
});

describe.skipIf(!hasScript)("progress of migrate verify and migrate scan on a terminal", () => {
  // what follows the last spinner frame: the line erased (ora: ESC[2K / ESC[K at column 0)
  const erasedAfterLastFrame = (raw: string) => {
    const last = Math.max(...[...raw.matchAll(new RegExp(SPINNER, "g"))].map((m) => m.index!));
    return /\u001b\[(2|0)?K|\u001b\[1G\u001b\[0K/.test(raw.slice(last));
  };
  it("verify says how many requests are replayed while its report goes to a file; then the line is gone; nothing in CI", async () => {
    // each answer 150 ms late: the run lasts long enough for frames to be drawn
    const sb = await startSandbox(["--faults", "slow:150"]);
    try {
      const dir = tempDir("verify-progress-");
      const log = join(dir, "a.log");
      writeFileSync(log, ["GET /v2/projects HTTP/1.1", "GET /v2/topics HTTP/1.1", "GET /v2/projects?limit=3 HTTP/1.1"].join("\n") + "\n");
      const cmd = `exec $MIDS migrate verify ${log} -o json --concurrency 1 > ${join(dir, "out.json")}`;
      const [tty, ci] = await Promise.all([
        onTerminal(cmd, { cols: 60, env: sb.env(SANDBOX_DEMO_KEY) }),
        onTerminal(cmd, { cols: 60, env: sb.env(SANDBOX_DEMO_KEY, { CI: "true" }) }),
      ]);
      expect(tty.code).toBe(0);
      // ora returns to the line's start with ESC[G, not \r
      const frames = tty.raw.split(/[\r\n]|\u001b\[1?G/).map((f) => f.replace(ESCAPES, "")).filter((f) => SPINNER.test(f));
      expect(frames.some((f) => /replaying: [0-3] of 3 requests/.test(f))).toBe(true);
      for (const f of frames) expect([...f].length).toBeLessThan(60);
      expect(erasedAfterLastFrame(tty.raw)).toBe(true);
      expect(tty.raw).toMatch(/migrate verify: 3 distinct requests/);
      expect(ci.code).toBe(0);
      expect(ci.raw).not.toMatch(SPINNER);
      expect(ci.raw).not.toContain("replaying");
    } finally {
      await sb.stop();
    }
  });

  it("scan shows its line while the findings go to a file; then the line is gone; not with stderr piped", async () => {
    const dir = tempDir("scan-progress-");
    writeFileSync(join(dir, "a.sh"), "curl https://api.example.com/v2/projects/abc\n");
    const [tty, piped] = await Promise.all([
      onTerminal(`exec $MIDS migrate scan ${dir} --format json > ${join(dir, "..", "scan-progress.json")}`, { cols: 60 }),
      // (stderr piped: in this process, no terminal)
      runMain(["migrate", "scan", dir, "--format", "json"]),
    ]);
    expect(tty.code).toBe(0);
    expect(tty.raw).toMatch(new RegExp(`${SPINNER.source} (walking|scanning: \\d of 1 files)`));
    expect(erasedAfterLastFrame(tty.raw)).toBe(true);
    expect(tty.raw).toMatch(/mids: 1 file scanned/);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toMatch(/mids: 1 file scanned/);
    expect(piped.stderr).not.toMatch(SPINNER);
  });

  /**
   * `command` run on a 60-column terminal and with stderr piped (in this process: no terminal): the
   * first stderr line starting with each of `starts`, as piped (longer than the terminal), is drawn
   * on the terminal in lines of 60 columns at most, its continuations indented, the same words.
   */
  async function expectWrapped(command: string, starts: string[], opts: { env?: Record<string, string>; code?: number } = {}): Promise<void> {
    const [tty, piped] = await Promise.all([
      onTerminal(`exec $MIDS ${command}`, { cols: 60, env: opts.env }),
      runMain(command.split(" "), { env: opts.env }),
    ]);
    const code = opts.code ?? 2;
    expect([tty.code, piped.code]).toEqual([code, code]);
    const lines = tty.raw.replace(ESCAPES, "").split(/\r?\n/);
    for (const start of starts) {
      const whole = piped.stderr.split("\n").find((l) => l.startsWith(start))!;
      expect(whole.length, start).toBeGreaterThan(60);
      const at = lines.findIndex((l) => l.startsWith(start));
      const drawn = [lines[at]];
      for (const l of lines.slice(at + 1)) if (l.startsWith("  ")) drawn.push(l); else break;
      for (const l of drawn) expect(l.length, start).toBeLessThanOrEqual(60);
      expect(drawn.map((l) => l.trim()).join(" "), start).toBe(whole);
    }
  }

  it("a notice, an error and its hint wrap at word boundaries on a narrow terminal; piped, one line each", async () => {
    await expectWrapped("recipes list", ["mids: notice:", "hint:"]);
  });

  it("alerts pause: the line of an id that failed wraps at word boundaries on a narrow terminal, as the error after it does; piped, one line", async () => {
    // the PATCH of the first id succeeds, the second id is not found (its line is longer than 60 columns)
    const h = await hostile((req, res) => {
      const id = new URL(req.url!, "http://x").pathname.split("/").pop()!;
      if (id.startsWith("alr_gone")) return sendJson(res, 404, { code: "not_found", message: `alert '${id}' was not found for this owner`, details: { subject: { type: "alert", locator: id } } });
      sendJson(res, 200, { data: { id, status: "paused", trigger: "intelligence.material", selector: {}, cadence: "hourly", destinationIds: [], createdAt: "2026-11-01T00:00:00Z", updatedAt: "2026-11-02T00:00:00Z" }, meta: {} });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    await expectWrapped("alerts pause alr_0123456789abcdef alr_gone0123456789ab", ["mids: alr_gone", "hint:"], { env, code: 4 });
  });

  it("alerts pause on a 60-column terminal: each id's line fits, its time an age as a table's times are; --no-relative the exact time", async () => {
    const h = await hostile((req, res) => {
      const id = new URL(req.url!, "http://x").pathname.split("/").pop()!;
      sendJson(res, 200, { data: { id, status: req.method === "PATCH" ? "paused" : "active", trigger: "intelligence.material", selector: {}, cadence: "hourly", destinationIds: [], createdAt: "2026-11-01T00:00:00Z", updatedAt: new Date().toISOString() }, meta: {} });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    const ids = ["alr_0123456789abcdef", "alr_fedcba9876543210"];
    const [tty, exact] = await Promise.all([
      onTerminal(`exec $MIDS alerts pause ${ids.join(" ")}`, { cols: 60, env }),
      onTerminal(`exec $MIDS alerts pause ${ids[0]} --no-relative`, { cols: 100, env }),
    ]);
    expect([tty.code, exact.code]).toEqual([0, 0]);
    const lines = tty.raw.replace(ESCAPES, "").split(/\r?\n/).filter(Boolean);
    expect(lines).toEqual(ids.map((id) => `${id}  active -> paused  just now`));
    expect(exact.raw.replace(ESCAPES, "")).toMatch(new RegExp(`^${ids[0]}  active -> paused  \\d{4}-\\d\\d-\\d\\dT\\S+Z\\r?$`, "m"));
  });

  it("a list's 'more results' line and the hint under 'no ... matched' wrap at word boundaries on a narrow terminal; piped, one line each", async () => {
    const h = await hostile((req, res) => sendJson(res, 200, req.url!.startsWith("/v3/intel") ? { data: [], meta: { nextCursor: null } } : v3ProjectPage(0, 3, "c1")));
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: SANDBOX_DEMO_KEY });
    await expectWrapped("projects list --limit 3 --max-items 1 -o table", ["mids: more results:"], { env, code: 0 });
    await expectWrapped("intel list --project no-such-project-anywhere -o table", ["hint:"], { env, code: 0 });
  });

  it("a refused command line (commander's refusal) wraps at word boundaries on a narrow terminal; piped, one line", async () => {
    await expectWrapped("vocabulary list", ["mids:"]);
  });

  it("scan's closing line wraps at word boundaries on a narrow terminal, each count beside its status; whole on one line in a file", async () => {
    const dir = tempDir("scan-wrap-");
    writeFileSync(join(dir, "a.js"), 'fetch("/v2/topics/t1/report");\nfetch("/v2/projects/abc/candles?interval=1h");\nfetch("/v2/projects?page=3");\n');
    const [tty, piped] = await Promise.all([
      onTerminal(`exec $MIDS migrate scan ${dir} --format json > /dev/null`, { cols: 60 }),
      // (stderr piped: in this process, no terminal)
      runMain(["migrate", "scan", dir, "--format", "json"]),
    ]);
    expect(tty.code).toBe(0);
    expect(piped.code).toBe(0);
    const whole = piped.stderr.split("\n").find((l) => l.startsWith("mids: 1 file scanned"))!;
    // the line is longer than the terminal (else there is nothing to wrap)
    expect(whole.length).toBeGreaterThan(60);
    // (the spinner's line is erased before: what the terminal shows from the closing line on)
    const shown = tty.raw.replace(ESCAPES, "");
    const lines = shown.slice(shown.indexOf("mids: 1 file scanned")).split(/\r?\n/);
    const drawn = [lines[0], ...lines.slice(1).filter((l, i, a) => a.slice(0, i + 1).every((x) => x.startsWith("  ")))];
    for (const l of drawn) expect(l.length).toBeLessThanOrEqual(60);
    // the same words as the one line, none cut, every number beside its noun
    expect(drawn.map((l) => l.trim()).join(" ")).toBe(whole);
    for (const l of drawn) expect(l).not.toMatch(/\d$/);
  });
});

describe.skipIf(!hasScript)("pager on a terminal", () => {
  const lines = (raw: string) => raw.replace(/\r/g, "").split("\n").filter((l) => l.trim());
  it("long reports and help go through $MIDS_PAGER (else $PAGER); --no-pager, MIDS_PAGER= or a pipe turn it off", async () => {
    const env = (extra: Record<string, string>) => baseEnv(extra);
    const [explain, help, viaPager, off, empty, piped, missing] = await Promise.all([
      onTerminal("exec $MIDS migrate explain", { cols: 100, env: env({ MIDS_PAGER: "sed s/^/P:/" }) }),
      onTerminal("exec $MIDS projects --help", { cols: 100, env: env({ MIDS_PAGER: "sed s/^/P:/" }) }),
      onTerminal("exec $MIDS migrate explain", { cols: 100, env: env({ PAGER: "sed s/^/Q:/" }) }),
      onTerminal("exec $MIDS --no-pager migrate explain", { cols: 100, env: env({ MIDS_PAGER: "sed s/^/P:/" }) }),
      onTerminal("exec $MIDS migrate explain", { cols: 100, env: env({ MIDS_PAGER: "", PAGER: "sed s/^/Q:/" }) }),
      onTerminal("$MIDS migrate explain | head -3", { cols: 100, env: env({ MIDS_PAGER: "sed s/^/P:/" }) }),
      onTerminal("exec $MIDS migrate explain", { cols: 100, env: env({ MIDS_PAGER: "no-such-pager-here" }) }),
    ]);
    for (const r of [explain, help, viaPager, off, empty, piped, missing]) expect(r.code).toBe(0);
    expect(lines(explain.raw).length).toBeGreaterThan(100);
    for (const l of lines(explain.raw)) expect(l).toMatch(/^P:/);
    expect(lines(help.raw)[0]).toBe("P:Usage: mids projects [options] [command]");
    for (const l of lines(viaPager.raw)) expect(l).toMatch(/^Q:/);
    for (const r of [off, empty, piped]) expect(r.raw).not.toMatch(/^[PQ]:/m);
    // a pager that cannot start: the text is written directly, nothing lost
    expect(lines(missing.raw).length).toBe(lines(off.raw).length);
  });

  it("in CI nothing is paged, also on a terminal (a runner that gives the job one has no one to press q)", async () => {
    const [explain, help] = await Promise.all([
      onTerminal("exec $MIDS migrate explain", { cols: 100, env: baseEnv({ CI: "true", MIDS_PAGER: "sed s/^/P:/" }) }),
      onTerminal("exec $MIDS projects --help", { cols: 100, env: baseEnv({ CI: "true", MIDS_PAGER: "sed s/^/P:/" }) }),
    ]);
    for (const r of [explain, help]) {
      expect(r.code).toBe(0);
      expect(lines(r.raw).length).toBeGreaterThan(5);
      expect(r.raw).not.toMatch(/^P:/m);
    }
  });

  it("migrate scan's report (its own bundle) is paged too; the summary stays on stderr", async () => {
    const dir = tempDir("scan-pager-");
    writeFileSync(join(dir, "a.sh"), "curl https://api.example.com/v2/projects/abc\n");
    const r = await onTerminal(`exec $MIDS migrate scan ${dir}`, { cols: 100, env: baseEnv({ MIDS_PAGER: "sed s/^/P:/" }) });
    expect(r.code).toBe(0);
    // (the scan's progress line, drawn and erased before the report: not part of it)
    const report = lines(r.raw.replace(new RegExp(`${SPINNER.source} [^\r\n\u001b]*`, "g"), "").replace(ESCAPES, "")).filter((l) => !l.startsWith("mids: "));
    expect(report.length).toBeGreaterThan(2);
    for (const l of report) expect(l).toMatch(/^P:/);
    expect(r.raw).toMatch(/mids: 1 file scanned/);
  });

  it("stderr written while the pager has the terminal comes after the pager is done, not in the middle of its screen", async () => {
    const dir = tempDir("scan-pager-late-");
    writeFileSync(join(dir, "a.sh"), Array.from({ length: 40 }, (_, i) => `curl https://api.example.com/v2/projects/p${i}/rank\n`).join(""));
    // a pager that is slow to start, as less is on a busy machine: the scan is long done by then
    const pager = join(dir, "slow-pager");
    writeFileSync(pager, "#!/bin/sh\nsleep 0.3\nexec sed 's/^/P:/'\n");
    chmodSync(pager, 0o755);
    const r = await onTerminal(`exec $MIDS migrate scan ${dir}/a.sh`, { cols: 100, env: baseEnv({ MIDS_PAGER: pager }) });
    expect(r.code).toBe(0);
    const all = lines(r.raw.replace(new RegExp(`${SPINNER.source} [^\r\n\u001b]*`, "g"), "").replace(ESCAPES, ""));
    const summary = all.findIndex((l) => l.startsWith("mids: 1 file scanned"));
    expect(summary).toBeGreaterThan(0);
    expect(all.filter((l) => l.startsWith("P:")).length).toBeGreaterThan(40);
    expect(all.slice(summary + 1).filter((l) => l.startsWith("P:"))).toEqual([]);
  });
});


describe.skipIf(!hasScript)("migrate verify's table on a terminal", () => {
  it("at 60 columns each route and its counts fit the width (the 81-column table wrapped every row in two); at 100, one row a route", async () => {
    const dir = tempDir("verify-tty-");
    const log = join(dir, "access.log");
    const id = "118655a8c2f84e49930fad39";
    writeFileSync(log, ["/v2/topics", "/v2/clusters", `/v2/projects/${id}/momentum`, `/v2/projects/${id}/neighbors`, "/v2/recipes"]
      .map((p) => `10.0.0.1 - - [27/Nov/2026:10:00:00 +0000] "GET ${p} HTTP/1.1" 200 512\n`).join(""));
    // (the sandbox in this process: a --sandbox of each run's own made its dataset twice)
    const sb = await startSandbox();
    const env = sb.env(SANDBOX_DEMO_KEY, { MIDS_PAGER: "" });
    const [narrow, wide] = await Promise.all([60, 100].map((cols) => onTerminal(`exec $MIDS migrate verify ${log} 2>/dev/null`, { cols, env }))).finally(() => sb.stop());
    for (const r of [narrow, wide]) expect(r.code).toBe(0);
    const table = (raw: string) => {
      const ls = raw.replace(ESCAPES, "").split(/\r?\n/);
      return ls.slice(ls.findIndex((l) => l.startsWith("v2 route"))).filter(Boolean);
    };
    const n = table(narrow.raw);
    expect(n.length).toBeGreaterThan(2);
    for (const l of n) expect(l.length).toBeLessThanOrEqual(60);
    // the route on its line, its counts on the next, under the verdicts
    expect(n.slice(0, 2)).toEqual(["v2 route", expect.stringMatching(/^ +equivalent +unconfirmed +differs +skipped +failed$/)]);
    const momentum = n.indexOf("GET /v2/projects/{id}/momentum");
    expect(n[momentum + 1]).toMatch(/^ +1 +0 +0 +0 +0$/);
    expect(n.slice(-2)).toEqual(["total", expect.stringMatching(/^ +4 +0 +0 +1 +0$/)]);
    // a wide terminal keeps one row a route
    expect(table(wide.raw)).toContainEqual(expect.stringMatching(/^GET \/v2\/projects\/\{id\}\/momentum +1 +0 +0 +0 +0$/));
  });
});

describe.skipIf(!hasScript)("contract check on a terminal", () => {
  it("at 60 and 100 columns every route's detail is there whole (what departs, why skipped, the fix), wrapped under the table; not cut to its column or left out", { timeout: 60_000 }, async () => {
    const sb = await startSandbox(["--faults", "shapes"]);
    try {
      const env = sb.env(SANDBOX_DEMO_KEY, { MIDS_PAGER: "" });
      const routes = "v3.topics.get,v3.vocabulary,v3.alerts.get,v3.me";
      const [narrow, wide] = await Promise.all([60, 100].map((cols) => onTerminal(`exec $MIDS contract check --routes ${routes} 2>/dev/null`, { cols, env })));
      const json = await runMain(["contract", "check", "--routes", routes, "-o", "json"], { env });
      const report = JSON.parse(json.stdout) as { routes: { method: string; path: string; skipped?: string; departures: unknown[] }[] };
      const departing = report.routes.filter((r) => r.departures.length);
      const skipped = report.routes.filter((r) => r.skipped);
      expect(departing.length).toBeGreaterThan(0);
      expect(skipped.length).toBeGreaterThan(0);
      // the table's own detail text, from a wide enough screen (piped: never cut)
      const piped = await runMain(["contract", "check", "--routes", routes, "-o", "table"], { env });
      const detailOf = (route: string) => piped.stdout.split("\n").find((l) => l.startsWith(`${route} `))!.replace(/^\S+ \S+\s+\S+( shown)?\s+(departs|confirmed)?\s*/, "").trim();
      for (const r of [narrow, wide]) {
        expect(r.code).toBe(0);
        const screen = r.raw.replace(ESCAPES, "").replace(/\r/g, "");
        // wrapped lines joined again: each detail reads whole after its route
        const flat = screen.replace(/\n {2}(?=\S)/g, " ");
        for (const x of [...departing, ...skipped]) {
          const route = `${x.method} ${x.path}`;
          const detail = detailOf(route);
          expect(detail.length).toBeGreaterThan(20);
          expect(flat).toContain(`${route}: ${x.skipped ? "skipped" : "departs"}: ${detail}`);
        }
        expect(flat).toContain("pass the id to 'mids api' to check it by hand");
        expect(screen).not.toContain("…");
      }
    } finally {
      await sb.stop();
    }
  });
});

describe.skipIf(!hasScript)("contract check on a terminal too narrow for its ASSUMED column", () => {
  it("at 60 columns each route's assumed verdict is said under the table, not left out with a notice naming a --fields that contract check does not take", { timeout: 60_000 }, async () => {
    // a server answering the series and the topics in the shapes mids assumes (so both are confirmed)
    const headers = Object.fromEntries([["x-api-key-type", "full"], ...["minute", "day"].flatMap((w) => [[`x-ratelimit-limit-${w}`, "60"], [`x-ratelimit-remaining-${w}`, "59"], [`x-ratelimit-reset-${w}`, "1800000000"]])]);
    const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
    const h = await hostile((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (path === "/v3/projects") return sendJson(res, 200, { data: [v3Project(1)], meta: { nextCursor: null, history, versions: { trendModel: "t" } } }, headers);
      if (path === "/v3/projects/p1/series/trend") return sendJson(res, 200, { data: shapeExample(ASSUMED_SHAPES["v3.projects.series"].shape), meta: { history } }, headers);
      if (path === "/v3/topics") return sendJson(res, 200, { data: shapeExample(ASSUMED_SHAPES["v3.topics.list"].shape), meta: {} }, headers);
      sendJson(res, 404, { code: "not_found", message: "no", details: { subject: { type: "route", locator: path } } }, headers);
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890", MIDS_PAGER: "" });
    // the series route's path is 44 columns: with DOCUMENTED and ASSUMED beside it, 67
    const routes = "v3.projects.series,v3.topics.list";
    const narrow = await onTerminal(`exec $MIDS contract check --insecure --routes ${routes}`, { cols: 60, env });
    const screen = narrow.raw.replace(ESCAPES, "").replace(/\r/g, "");
    expect(narrow.code, screen).toBe(0);
    expect(screen).not.toContain("not shown at 60 columns");
    const flat = screen.replace(/\n {2}(?=\S)/g, " ");
    for (const route of ["GET /v3/projects/{idOrSlug}/series/{measure}", "GET /v3/topics"]) expect(flat).toContain(`${route}: assumed shape confirmed`);
  });
});

describe.skipIf(!hasScript)("a project's detail on a terminal", () => {
  it("at 60 and 100 columns every asset's address and each latest intel's id are on screen whole (they were left out: 'ethereum*, tron (lp-token)', '[cut] headline')", async () => {
    // (the sandbox in this process: a --sandbox of each terminal run's own made its dataset twice)
    const sb = await startSandbox();
    const env = sb.env(SANDBOX_DEMO_KEY, { MIDS_PAGER: "" });
    const list = JSON.parse((await runMain(["projects", "list", "--limit", "50", "-o", "json"], { env })).stdout) as { slug: string }[];
    // a project with two assets or more and some intel
    let detail: { slug: string; assets: { address: string }[]; intel: { id: string }[] } | undefined;
    for (const p of list) {
      const d = JSON.parse((await runMain(["projects", "get", p.slug, "-o", "json"], { env })).stdout) as NonNullable<typeof detail>;
      if (d.assets.length > 1 && d.intel.length) { detail = d; break; }
    }
    expect(detail).toBeDefined();
    const runs = await Promise.all([60, 100].map((cols) => onTerminal(`exec $MIDS projects get ${detail!.slug} 2>/dev/null`, { cols, env }))).finally(() => sb.stop());
    for (const r of runs) {
      expect(r.code).toBe(0);
      const screen = r.raw.replace(ESCAPES, "");
      for (const a of detail!.assets) expect(screen).toContain(a.address);
      for (const i of detail!.intel.slice(0, 3)) expect(screen).toContain(i.id);
    }
  });
});

describe.skipIf(!hasScript)("migrate explain on a terminal", () => {
  it("wraps the explanation of one request at spaces to the terminal's width, each wrapped line indented under its start", async () => {
    const r = await onTerminal("exec $MIDS --no-pager migrate explain /v2/projects/abc/momentum?start=2026-01-01", { cols: 60 });
    expect(r.code).toBe(0);
    const lines = r.raw.replace(/\r/g, "").split("\n").filter((l) => l.trim());
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(60);
    expect(lines[0]).toBe("GET /v2/projects/abc/momentum?start=2026-01-01");
    // (62 columns: broken before the v3 target, which stays whole)
    expect(lines.slice(1, 3)).toEqual(["  partial -> GET", "      /v3/projects/abc/series/trend?from=2026-01-01"]);
    // the note: its words whole, its continuation lines indented past its first
    const note = lines.findIndex((l) => l.startsWith("  momentum-clusters-dropped: "));
    expect(note).toBeGreaterThan(0);
    expect(lines[note + 1]).toMatch(/^ {6}\S/);
    const text = lines.slice(note).join(" ").replace(/\s+/g, " ");
    expect(text).toContain("Stop reading clusters[] from the series");
  });
});

describe.skipIf(!hasScript)("sandbox serve on a terminal", () => {
  it("says how to point mids at it, in lines that fit 60 columns; piped, stderr stays empty", async () => {
    const r = await onTerminal("exec $MIDS sandbox serve --port 0", {
      cols: 60,
      input: (child, raw) => {
        const poll = setInterval(() => {
          if (!/Ctrl-C stops it/.test(raw())) return;
          clearInterval(poll);
          child.stdin!.write("\u0003");
        }, 50);
        child.on("close", () => clearInterval(poll));
      },
    });
    const lines = r.raw.replace(/\r/g, "").split("\n").filter((l) => l.trim() && !l.startsWith("^C"));
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0])?.[1];
    expect(url, lines[0]).toBeDefined();
    expect(lines.slice(1, 6)).toEqual([
      "mids: from another terminal:", `  export MIDS_BASE_URL=${url}`, `  export MIDS_API_KEY=${SANDBOX_DEMO_KEY}`, "  mids projects list",
      "mids: more keys: 'mids sandbox keys'; Ctrl-C stops it",
    ]);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(60);
    // piped (a script reading the URL): the one line, nothing on stderr
    const child = spawn(process.execPath, [BIN, "sandbox", "serve", "--port", "0"], { env: baseEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stderr!.setEncoding("utf8").on("data", (d) => (err += d));
    child.stdout!.setEncoding("utf8").on("data", (d) => {
      out += d;
      if (out.includes("\n")) child.kill("SIGINT");
    });
    await new Promise((res) => child.on("close", res));
    expect(out).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(err).toBe("");
  });
});
