// Issue 3, --all as a user sees it, against a sandbox whose list pages are slow: ndjson streams
// each page as it arrives, v2 fetches pages concurrently (printed in order), and on a real
// terminal (a pseudo-terminal from `script`) an ora progress line and truncated tables, never
// in CI or when piped.
import { spawn, spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runMids, startSandbox, type SandboxProcess } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const SLOW_MS = 300;
const KEY = SANDBOX_DEMO_KEY;
let sb: SandboxProcess;
type Logged = { path: string; query: Record<string, string>; at: string };

beforeAll(async () => {
  sb = await startSandbox(["--faults", `slow:${SLOW_MS}@/v3/projects,slow:${SLOW_MS}@/v2/projects`]);
});
afterAll(async () => {
  await sb?.stop();
});

const pagesOf = async (path: string) => (await sb.admin<Logged[]>("/_sandbox/requests")).filter((e) => e.path === path);

describe("--all", () => {
  it("ndjson: the first page is on stdout before the last page is requested", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const child = spawn(process.execPath, [BIN, "projects", "list", "--all", "--limit", "20", "--max-items", "80", "-o", "ndjson", "--fields", "id"],
      { env: sb.env(KEY), stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let requestedAtFirstOutput: number | undefined;
    const firstOutput = new Promise<void>((res) => child.stdout.once("data", () => res()));
    child.stdout.setEncoding("utf8").on("data", (d) => (out += d));
    const exit = new Promise<number | null>((res) => child.on("close", res));
    await firstOutput;
    requestedAtFirstOutput = (await pagesOf("/v3/projects")).length;
    expect(await exit).toBe(0);
    expect(out.trimEnd().split("\n")).toHaveLength(80);
    // four pages of 20, each answered SLOW_MS late: printing did not wait for the fourth
    expect((await pagesOf("/v3/projects")).length).toBe(4);
    expect(requestedAtFirstOutput).toBeLessThan(4);
  });

  it("--api v2 requests the pages after the first at once, and prints them in order", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const r = await runMids(["projects", "list", "--api", "v2", "--all", "--limit", "20", "--max-items", "100", "-o", "ndjson", "--fields", "rank"], { env: sb.env(KEY) });
    expect(r.code).toBe(0);
    const ranks = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).rank as number);
    expect(ranks).toHaveLength(100);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    const log = await pagesOf("/v2/projects");
    expect(log.map((e) => Number(e.query.page)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    // one at a time they would arrive SLOW_MS apart; concurrently, pages 2-5 arrive together
    const later = log.filter((e) => e.query.page !== "1").map((e) => Date.parse(e.at));
    expect(Math.max(...later) - Math.min(...later)).toBeLessThan(SLOW_MS);
  });
});

const hasScript = spawnSync("script", ["--version"]).status === 0;

/** Run mids on a pseudo-terminal of `cols` columns; stdout and stderr both land in the result. */
function onTerminal(args: string[], opts: { cols: number; env?: Record<string, string> }): Promise<{ code: number | null; text: string }> {
  const cmd = `stty cols ${opts.cols} rows 40; exec '${process.execPath}' '${BIN}' ${args.join(" ")}`;
  return new Promise((res) => {
    const child = spawn("script", ["-qec", cmd, "/dev/null"], { env: opts.env ?? sb.env(KEY), stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (text += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      res({ code, text: text.replace(/\r/g, "") });
    });
  });
}

describe.skipIf(!hasScript)("on a terminal", () => {
  it("--all shows a progress line (items, pages) on stderr; with CI set, none", async () => {
    const args = ["projects", "list", "--all", "--limit", "20", "--max-items", "60", "-o", "ndjson", ">/dev/null"];
    const tty = await onTerminal(args, { cols: 100 });
    expect(tty.code).toBe(0);
    expect(tty.text).toMatch(/\d+ items, \d+ pages?/);
    const ci = await onTerminal(args, { cols: 100, env: sb.env(KEY, { CI: "true" }) });
    expect(ci.code).toBe(0);
    expect(ci.text).toBe("");
  });

  it("tables are cut to the terminal width on a TTY, never when piped", async () => {
    const tty = await onTerminal(["projects", "list", "--limit", "5", "-o", "table"], { cols: 64 });
    expect(tty.code).toBe(0);
    const rows = tty.text.trimEnd().split("\n").filter((l) => !l.startsWith("mids:"));
    expect(rows).toHaveLength(6);
    for (const l of rows) expect([...l].length).toBeLessThanOrEqual(64);
    expect(tty.text).toContain("…");
    const piped = await runMids(["projects", "list", "--limit", "5", "-o", "table"], { env: sb.env(KEY) });
    expect(piped.stdout).not.toContain("…");
    expect(Math.max(...piped.stdout.split("\n").map((l) => l.length))).toBeGreaterThan(64);
  });
});
