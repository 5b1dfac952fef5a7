// A failure in the middle of --all says what was printed and how to continue.
// (The Ctrl-C test runs the built CLI, a process to signal; the others run main(argv) in this
// process: the same program, without a CLI start-up each.)
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, runMain, startSandbox, useSandbox } from "../helpers/cli.js";
import { SANDBOX_KEYS, SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const limited = SANDBOX_KEYS.find((k) => k.key.endsWith("ratelimited"))!;
const sb = useSandbox();

describe("--all stopped by an error", () => {
  it("keeps what was printed, names how far it got and the cursor to continue from", async () => {
    const r = await runMain(["projects", "list", "--all", "--limit", "5", "-o", "ndjson", "--max-retries", "0"], { env: sb.env(limited.key) });
    expect(r.code).toBe(5);
    const printed = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    // the limit is per calendar minute: a turn of the minute mid-run lets more pages through
    expect(printed.length % 5).toBe(0);
    expect(printed.length).toBeGreaterThanOrEqual(limited.perMinute * 5);
    expect(r.stderr).toContain(`(after ${printed.length} items from ${printed.length / 5} pages)`);
    const cursor = /continue from where it stopped with --cursor (\S+)/.exec(r.stderr)![1];
    // the cursor picks up exactly where the output stopped
    const next = await runMain(["projects", "list", "--limit", "5", "--cursor", cursor, "-o", "ndjson"], { env: sb.env(SANDBOX_DEMO_KEY) });
    expect(next.code).toBe(0);
    const all = (await sb.api<{ data: { id: string }[] }>(`/v3/projects?limit=50`, SANDBOX_DEMO_KEY)).body.data;
    const ids = next.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).id);
    expect(ids).toEqual(all.slice(printed.length, printed.length + 5).map((p) => p.id));
  });
});

describe("--all interrupted", () => {
  it("Ctrl-C keeps what was printed (whole lines), exits 130 and names the cursor to continue from", async () => {
    const slow = await startSandbox(["--faults", "slow:600"]);
    try {
      const child = spawn(process.execPath, [BIN, "projects", "list", "--all", "--limit", "5", "-o", "ndjson"], { env: slow.env(SANDBOX_DEMO_KEY), stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
      // interrupt while the second page is in flight
      child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d, child.kill("SIGINT")));
      const code = await new Promise<number | null>((r) => child.on("close", r));
      expect(code).toBe(130);
      const printed = stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
      expect(printed.length).toBeGreaterThan(0);
      expect(stderr).toMatch(new RegExp(`^mids: interrupted \\(after ${printed.length} items from \\d+ pages?\\)$`, "m"));
      const cursor = /continue from where it stopped with --cursor (\S+)/.exec(stderr)![1];
      const next = await runMain(["projects", "list", "--limit", "5", "--cursor", cursor, "-o", "ndjson"], { env: sb.env(SANDBOX_DEMO_KEY) });
      const all = (await sb.api<{ data: { id: string }[] }>(`/v3/projects?limit=50`, SANDBOX_DEMO_KEY)).body.data;
      expect(next.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).id)).toEqual(all.slice(printed.length, printed.length + 5).map((p) => p.id));
    } finally {
      await slow.stop();
    }
  });

  it("a first page that fails leaves stdout empty in every format: no CSV header that reads as an empty list", async () => {
    // one 503, never retried: the run fails before any item
    const down = await startSandbox(["--faults", "503:x1@/v3/projects"]);
    try {
      const r = await runMain(["projects", "list", "--all", "-o", "csv", "--max-retries", "0"], { env: down.env(SANDBOX_DEMO_KEY) });
      expect(r.code).toBe(7);
      expect(r.stdout).toBe("");
      // an empty list still gets its header
      const none = await runMain(["projects", "list", "--names", "no-such-project-name", "-o", "csv"], { env: down.env(SANDBOX_DEMO_KEY) });
      expect([none.code, none.stdout.split("\n").length]).toEqual([0, 2]);
    } finally {
      await down.stop();
    }
  });
});
