// Ctrl-C or SIGTERM in `contract check` and `migrate scan` (in-process: main's signal is what
// bin/mids aborts on either): stderr says how far the run got and how to resume, and no report is
// written, neither on stdout nor to --output-file (an existing one is left as it was), so no CI
// step reads a part of a report as a whole run's. Before, both said only `mids: interrupted`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createContext, main } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { runScan } from "../../src/migrate/scan/command.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";
import { InterruptedError } from "../../src/errors.js";
import { selectRoutes } from "../../src/contract/check/index.js";
import { fileTree, useSandbox } from "../helpers/cli.js";

describe("contract check, interrupted while a route is in flight", () => {
  // the vocabulary's answer never comes in the test's time: the run is interrupted while it waits
  const sb = useSandbox(["--faults", "slow:60000@/v3/vocabulary"]);

  for (const args of [["-o", "json"], ["--output-file", "report.xml"]]) {
    it(`${args.join(" ")}: the routes checked and the ones left on stderr; no report written`, async () => {
      const dir = fileTree({ "report.xml": "<earlier run/>\n" });
      await sb.admin("/_sandbox/requests/clear", "POST");
      const stop = new AbortController();
      const io = testIO({ cwd: dir, env: sb.env(SANDBOX_DEMO_KEY) });
      const run = main(["contract", "check", "--concurrency", "1", ...args], { io, signal: stop.signal });
      for (;;) {
        const seen = await sb.admin<{ path: string }[]>("/_sandbox/requests");
        if (seen.some((r) => r.path === "/v3/vocabulary")) break;
        await new Promise((r) => setImmediate(r));
      }
      stop.abort("SIGINT");
      const code = await run;
      expect(code, io.err()).toBe(130);
      expect(io.out()).toBe("");
      expect(readFileSync(join(dir, "report.xml"), "utf8")).toBe("<earlier run/>\n");
      const m = /^mids: interrupted: (\d+) of (\d+) routes checked: documented shape \d+ holds?, 0 violated, \d+ not shown, .*; no report was written/.exec(io.err());
      expect(m, io.err()).not.toBeNull();
      expect(Number(m![1])).toBeGreaterThan(0);
      expect(Number(m![1])).toBeLessThan(Number(m![2]));
      // the rest, vocabulary (in flight) among them, by --routes
      const left = /\nhint: run it again to check every route, or only the \d+ left: mids contract check --routes '?([^'\s]+)'?\n/.exec(io.err());
      expect(left, io.err()).not.toBeNull();
      expect(selectRoutes(left![1]).routes.map((r) => r.id)).toContain("v3.vocabulary");
    });
  }

  // (a route the fault leaves alone)
  it("a signal once every route is checked: the report goes out whole and the run ends with its own code and words, not 130", async () => {
    const stop = new AbortController();
    const io = testIO({ env: sb.env(SANDBOX_DEMO_KEY) });
    const write = io.stdout.write;
    io.stdout.write = (s: string) => (stop.abort("SIGINT"), write(s));
    let settled = false;
    const code = await main(["contract", "check", "--routes", "v3.clusters.list", "-o", "json"], { io, signal: stop.signal, onSettle: () => { settled = true; } });
    expect(stop.signal.aborted).toBe(true);
    expect(settled).toBe(true);
    expect(code, io.err()).toBe(0);
    expect((JSON.parse(io.out()) as { routes: { route: string }[] }).routes.map((r) => r.route)).toEqual(["v3.clusters.list"]);
    expect(io.err()).not.toContain("interrupted");
  });
});

describe("migrate scan, interrupted", () => {
  const files = { "a.js": 'fetch("/v2/projects?page=2");\n', "b.js": 'fetch("/v2/signals");\n', "c.txt": "no route\n", "old.sarif": "{}\n" };

  async function scanStopped(flags: Record<string, unknown>, when: "walk" | "read") {
    const dir = fileTree(files);
    const stop = new AbortController();
    if (when === "walk") stop.abort("SIGTERM");
    const io = testIO({ cwd: dir, env: {} });
    const ctx = createContext(io, stop.signal, () => new Date("2026-11-27T12:00:00Z"));
    const err = await runScan({ paths: ["."], ...flags }, ctx, { afterWalk: () => stop.abort("SIGINT") }).then(() => undefined, (e: unknown) => e);
    return { err, io, dir };
  }

  for (const flags of [{ format: "json" }, { format: "sarif" }, { format: "stylish", outputFile: "old.sarif" }, { format: "json", fix: true }]) {
    it(`${JSON.stringify(flags)}: after the walk, how many files of how many were read; nothing written or fixed`, async () => {
      const { err, io, dir } = await scanStopped(flags, "read");
      expect(err).toBeInstanceOf(InterruptedError);
      const e = err as InterruptedError;
      expect(e.message).toMatch(/^interrupted after reading 0 of [1-9]\d* files \(0 v2 usages in 0 files so far\); no findings were written/);
      expect(e.message.endsWith(" and no file was fixed")).toBe(!!flags.fix);
      expect(e.hint).toMatch(/^run it again to scan every file/);
      expect(io.out()).toBe("");
      expect(readFileSync(join(dir, "old.sarif"), "utf8")).toBe("{}\n");
      expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(files["a.js"]);
    });
  }

  it("a signal while the findings of every file are written: they go out whole and the run ends with its own code and words, not 130", async () => {
    for (const failOn of [[], ["--fail-on", "removed"]]) {
      const dir = fileTree({ "a.js": 'fetch("/v2/projects/abc/candles");\n' });
      const stop = new AbortController();
      const io = testIO({ cwd: dir, env: {} });
      const write = io.stdout.write;
      io.stdout.write = (s: string) => (stop.abort("SIGINT"), write(s));
      let settled = false;
      const code = await main(["migrate", "scan", ".", "--format", "json", ...failOn], { io, signal: stop.signal, onSettle: () => { settled = true; } });
      expect(stop.signal.aborted).toBe(true);
      // bin/mids ends with main's code once the command settled (before, 130: "no findings were written")
      expect(settled).toBe(true);
      expect(code, io.err()).toBe(failOn.length ? 8 : 0);
      expect((JSON.parse(io.out()) as { summary: { removed: number } }).summary.removed).toBe(1);
      expect(io.err()).not.toContain("interrupted");
      expect(io.err()).toContain(failOn.length ? "matched --fail-on (1 removed)" : "1 v2 usage in 1 file (1 removed)");
    }
  });

  it("during the walk: says it stopped before any file was read", async () => {
    const { err, io } = await scanStopped({ format: "json" }, "walk");
    expect((err as Error).message).toBe("interrupted while walking the tree, before any file was read; no findings were written");
    expect(io.out()).toBe("");
  });
});

