// Issue 14: an interrupted run keeps its promise. Real signals go to the child process once the
// hostile server has seen the request that hangs (or the output shows the pages), never after a
// sleep: what was fetched is printed whole, stderr says how far it got and how to resume, and the
// exit code is 130 for SIGINT, 143 for SIGTERM.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, baseEnv } from "../helpers/cli.js";
import { hostile, sendJson, v3ProjectPage } from "../helpers/hostile.js";

const env = (url: string) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: "k_test_1234" });

function start(args: string[], url: string) {
  const child = spawn(process.execPath, [BIN, ...args], { env: env(url), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const watchers: { test(s: string): boolean; resolve(): void }[] = [];
  child.stdout.setEncoding("utf8").on("data", (d) => {
    stdout += d;
    for (const w of watchers.filter((x) => x.test(stdout))) w.resolve();
  });
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((res) =>
    child.on("close", (code) => (clearTimeout(timer), res({ code, stdout, stderr }))));
  return {
    child,
    done,
    /** resolves once stdout satisfies the test */
    output: (test: (s: string) => boolean) => (test(stdout) ? Promise.resolve() : new Promise<void>((resolve) => watchers.push({ test, resolve }))),
  };
}

/** v3: pages 1 and 2 (cursors c1, c2) answer at once; page 3 never answers. */
async function stallsOnPage3() {
  return hostile((_req, res, n) => {
    if (n <= 2) sendJson(res, 200, v3ProjectPage(n * 10, 2, `c${n}`));
  });
}

describe("interrupted --all", () => {
  it("SIGINT with -o json: the array is closed around what came, exit 130, resume hint", async () => {
    const h = await stallsOnPage3();
    const run = start(["projects", "list", "--all", "-o", "json", "--fields", "id"], h.url);
    await h.arrived(3);
    run.child.kill("SIGINT");
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(JSON.parse(r.stdout)).toEqual([{ id: "p10" }, { id: "p11" }, { id: "p20" }, { id: "p21" }]);
    expect(r.stderr).toMatch(/^mids: interrupted \(after 4 items from 2 pages\)\nhint: continue from where it stopped with --cursor c2\n\{"error":\{"code":"interrupted"/);
  });

  it("SIGTERM with -o table: the rows collected so far are printed, exit 143", async () => {
    const h = await stallsOnPage3();
    const run = start(["projects", "list", "--all", "-o", "table", "--fields", "id"], h.url);
    await h.arrived(3);
    run.child.kill("SIGTERM");
    const r = await run.done;
    expect(r.code).toBe(143);
    expect(r.stdout).toBe("ID\np10\np11\np20\np21\n");
    expect(r.stderr).toMatch(/\(after 4 items from 2 pages\)\nhint: continue from where it stopped with --cursor c2\n$/);
  });

  it("SIGTERM with -o csv and ndjson: whole lines only, exit 143", async () => {
    for (const fmt of ["csv", "ndjson"]) {
      const h = await stallsOnPage3();
      const run = start(["projects", "list", "--all", "-o", fmt, "--fields", "id"], h.url);
      await h.arrived(3);
      run.child.kill("SIGTERM");
      const r = await run.done;
      expect(r.code, fmt).toBe(143);
      expect(r.stdout.endsWith("\n"), fmt).toBe(true);
      expect(r.stdout.trimEnd().split("\n"), fmt).toHaveLength(fmt === "csv" ? 5 : 4);
    }
  });

  it("v2 pages: SIGINT after page 2 is printed resumes with --page 3", async () => {
    const h = await hostile((req, res) => {
      const page = Number(new URL(req.url!, "http://x").searchParams.get("page"));
      if (page > 2) return; // pages 3.. hang
      const data = Array.from({ length: 2 }, (_, i) => ({ id: `p${page}${i}` }));
      sendJson(res, 200, { success: true, data, pagination: { page, limit: 2, totalCount: 10, hasMore: true } });
    });
    const run = start(["projects", "list", "--api", "v2", "--all", "--limit", "2", "-o", "ndjson", "--fields", "id", "-q"], h.url);
    await run.output((s) => s.split("\n").length > 4);
    run.child.kill("SIGINT");
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).id)).toEqual(["p10", "p11", "p20", "p21"]);
    expect(r.stderr).toMatch(/^hint: continue from where it stopped with --page 3$/m);
  });

  it("api --paginate --slurp: SIGINT prints the pages so far as one array, with the -f to resume", async () => {
    const h = await stallsOnPage3();
    const run = start(["api", "/v3/projects", "--paginate", "--slurp"], h.url);
    await h.arrived(3);
    run.child.kill("SIGINT");
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(JSON.parse(r.stdout).map((p: { meta: { nextCursor: string } }) => p.meta.nextCursor)).toEqual(["c1", "c2"]);
    expect(r.stderr).toBe("mids: interrupted (after 2 pages)\nhint: continue from where it stopped with -f cursor=c2\n");
  });
});

describe("interrupted migrate verify", () => {
  it("SIGINT: the report holds the requests finished so far (and the skipped ones), exit 130", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    // clusters answer at once on both sides; topics never answer
    const h = await hostile((req, res) => {
      if (!req.url!.includes("/clusters")) return;
      sendJson(res, 200, req.url!.startsWith("/v2/") ? { status: 200, data: [] } : { data: [], meta: {} });
    });
    const log = join(mkdtempSync(join(tmpdir(), "mids-verify-")), "access.log");
    const line = (m: string, p: string) => `203.0.113.7 - - [16/Nov/2026:09:00:01 +0000] "${m} ${p} HTTP/1.1" 200 1 "-" "x"`;
    writeFileSync(log, [line("GET", "/v2/clusters"), line("GET", "/v2/topics"), line("POST", "/v2/recipes/execute")].join("\n") + "\n");
    const run = start(["migrate", "verify", log, "-o", "json", "--concurrency", "1"], h.url);
    await h.arrived(4);
    run.child.kill("SIGINT");
    const r = await run.done;
    expect(r.code).toBe(130);
    const rep = JSON.parse(r.stdout) as { requests: { position: number; verdict: string }[]; summary: Record<string, unknown> };
    expect(rep.requests.map((q) => `${q.position}:${q.verdict}`)).toEqual(["1:equivalent", "3:skipped"]);
    expect(rep.summary).toMatchObject({ total: 2, equivalent: 1, skipped: 1, interrupted: { done: 1, of: 2 } });
    expect(r.stderr).toMatch(/^mids: interrupted \(after 1 of 2 requests to replay/m);
  });
});
