// Issue 3, --all as a user sees it: ndjson streams each page as it arrives, v2 fetches pages
// concurrently (printed in order), both shown by loopback servers that hold answers until the
// client has done its part (never by timing); and on a real terminal (a pseudo-terminal from
// `script`, against a sandbox whose list pages are slow) an ora progress line and truncated
// tables, never in CI or when piped.
import { spawn, spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, baseEnv, runMids, startSandbox, type SandboxProcess } from "../helpers/cli.js";
import { hostile, sendJson, v3Page } from "../helpers/hostile.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const SLOW_MS = 300;
const KEY = SANDBOX_DEMO_KEY;
let sb: SandboxProcess;

beforeAll(async () => {
  sb = await startSandbox(["--faults", `slow:${SLOW_MS}@/v3/projects,slow:${SLOW_MS}@/v2/projects`]);
});
afterAll(async () => {
  await sb?.stop();
});

describe("--all", () => {
  it("ndjson: the first page is on stdout while the second is still unanswered", async () => {
    // page 2 is held until the test has seen page 1 on stdout (or 10 s pass: then the test fails)
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    let releasedByTimeout = false;
    const h = await hostile(async (_req, res, n) => {
      if (n === 2) await Promise.race([released, new Promise<void>((r) => setTimeout(() => ((releasedByTimeout = true), r()), 10_000))]);
      sendJson(res, 200, v3Page(n * 100, 20, n < 4 ? `c${n}` : null));
    });
    const child = spawn(process.execPath, [BIN, "projects", "list", "--all", "--limit", "20", "-o", "ndjson", "--fields", "id"],
      { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: KEY }), stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      out += d;
      if (out.split("\n").length > 20) release();
    });
    const code = await new Promise<number | null>((res) => child.on("close", res));
    expect(code).toBe(0);
    expect(releasedByTimeout).toBe(false);
    expect(out.trimEnd().split("\n")).toHaveLength(80);
    expect(h.seen).toHaveLength(4);
  });

  it("--api v2 has the pages after the first in flight at once, and prints them in order", async () => {
    // pages 2-5 are held until all four are in flight (or 10 s pass), then answered last-first
    const held: (() => void)[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const h = await hostile((req, res) => {
      const page = Number(new URL(req.url!, "http://x").searchParams.get("page"));
      const answer = () => sendJson(res, 200, { success: true, data: Array.from({ length: 20 }, (_, i) => ({ rank: (page - 1) * 20 + i + 1 })), pagination: { page, limit: 20, totalCount: 100, hasMore: page < 5 } });
      if (page === 1) return answer();
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      held.push(() => (inFlight--, answer()));
      const flush = () => held.splice(0).reverse().forEach((f) => f());
      if (held.length === 4) flush();
      else setTimeout(flush, 10_000).unref();
    });
    const r = await runMids(["projects", "list", "--api", "v2", "--all", "--limit", "20", "-o", "ndjson", "--fields", "rank", "-q"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: KEY }) });
    expect(r.code).toBe(0);
    expect(maxInFlight).toBe(4);
    const ranks = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).rank as number);
    expect(ranks).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(h.seen.map((u) => new URL(u, "http://x").searchParams.get("page")).sort()).toEqual(["1", "2", "3", "4", "5"]);
  });
});

// script(1) (Debian's bsdutils) runs mids on a pseudo-terminal; .ci/run installs it, and under CI a
// missing one fails these tests instead of skipping them
const hasScript = spawnSync("script", ["--version"]).status === 0;
const CI = process.env.CI === "true" || process.env.CI === "1";

/** Run mids on a pseudo-terminal of `cols` columns; stdout and stderr both land in the result. */
function onTerminal(args: string[], opts: { cols: number; env?: Record<string, string> }): Promise<{ code: number | null; text: string }> {
  const cmd = `stty cols ${opts.cols} rows 40; exec '${process.execPath}' '${BIN}' ${args.join(" ")}`;
  return new Promise((res) => {
    // -E never: the terminal echoes no input (under load script(1) has shown NULs typed into it)
    const child = spawn("script", ["-q", "-E", "never", "-ec", cmd, "/dev/null"], { env: opts.env ?? sb.env(KEY), stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (text += d));
    child.on("error", (e) => res({ code: null, text: `cannot run script(1) (install bsdutils): ${e.message}` }));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      res({ code, text: text.replace(/\r/g, "") });
    });
  });
}

describe.skipIf(!hasScript && !CI)("on a terminal", () => {
  it("script(1) is here (CI installs it)", () => {
    expect(hasScript, "script(1) is missing: install bsdutils (.ci/run does)").toBe(true);
  });

  it("--all shows a progress line (items, pages) on stderr; with CI set or stdout piped, none", async () => {
    const args = ["projects", "list", "--all", "--limit", "20", "--max-items", "60", "-o", "table"];
    // (at the same time: each waits on the sandbox's slow pages)
    const [tty, ci, piped] = await Promise.all([
      onTerminal(args, { cols: 100 }),
      onTerminal(args, { cols: 100, env: sb.env(KEY, { CI: "true" }) }),
      onTerminal([...args, ">/dev/null"], { cols: 100 }),
    ]);
    expect(tty.code).toBe(0);
    expect(tty.text).toMatch(/\d+ items, \d+ pages?/);
    expect(ci.code).toBe(0);
    expect(ci.text).not.toMatch(/items, \d+ pages?|fetching/);
    expect(piped.code).toBe(0);
    expect(piped.text).toBe("");
  });

  it("tables are cut to the terminal width on a TTY, never when piped", async () => {
    // the sandbox's top projects change with the day (and may fit 64 columns once a column is left
    // out), so the rows come from a server of ours: each name (what a row is about, cut before it is
    // left out) is wider than the terminal, so a cut is certain (an id or a slug is never cut)
    const h = await hostile((_req, res) => {
      sendJson(res, 200, { data: Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, rank: i + 1, name: `Project ${i} ${"with a long name ".repeat(5)}end`, slug: `project-${i}`, symbol: `P${i}`, trend: 50, universe: "crypto", categories: ["defi", "dex"] })), meta: { nextCursor: null } });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: KEY });
    // stderr (notices, a rate-limit wait's countdown) goes elsewhere: only the table is on the terminal
    const tty = await onTerminal(["projects", "list", "--limit", "5", "-o", "table", "2>/dev/null"], { cols: 64, env });
    expect(tty.code).toBe(0);
    const rows = tty.text.trimEnd().split("\n");
    expect(rows).toHaveLength(6);
    for (const l of rows) expect([...l].length).toBeLessThanOrEqual(64);
    expect(tty.text).toContain("…");
    const piped = await runMids(["projects", "list", "--limit", "5", "-o", "table"], { env });
    expect(piped.stdout).not.toContain("…");
    expect(Math.max(...piped.stdout.split("\n").map((l) => l.length))).toBeGreaterThan(64);
  });
});
