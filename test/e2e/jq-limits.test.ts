// Issue 22 item 3: a --jq filter runs in a worker thread within documented caps (time, memory,
// output), one line past a cap (exit 2), and Ctrl-C / SIGTERM stop it at once (130 / 143).
// The caps are lowered through their environment variables so that each test takes a second.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, baseEnv, runMain, runMids } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const explain = (filter: string, env: Record<string, string>) => runMids(["migrate", "explain", "--jq", filter], { env: baseEnv(env), timeoutMs: 30_000 });

describe.concurrent("--jq caps", () => {
  it("time: a filter that never ends is stopped at MIDS_JQ_TIMEOUT, one line and a hint, exit 2", async () => {
    const r = await explain("last(range(1e12))", { MIDS_JQ_TIMEOUT: "1s" });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("mids: --jq: the filter ran past its time limit (1 s) and was stopped\nhint: simplify the filter, or raise the cap with MIDS_JQ_TIMEOUT\n");
  });

  it("memory: a filter that grows without end is stopped at MIDS_JQ_MAX_MEMORY, no abort text, no crash", async () => {
    // the string doubles each step: 2^26 characters pass 48 MB after a few steps
    const r = await explain('reduce range(40) as $i ("x"; . + .) | length', { MIDS_JQ_MAX_MEMORY: "48MB", MIDS_JQ_TIMEOUT: "25s" });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("mids: --jq: the filter needed more than its memory cap (48 MB) and was stopped\nhint: simplify the filter, or raise the cap with MIDS_JQ_MAX_MEMORY\n");
  });

  it("output: endless output is stopped at MIDS_JQ_MAX_OUTPUT; nothing half-printed", async () => {
    const r = await explain("repeat(.routes[0].id)", { MIDS_JQ_MAX_OUTPUT: "64KB", MIDS_JQ_TIMEOUT: "25s" });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("mids: --jq: the filter wrote more than its output cap (64 KB) and was stopped\nhint: simplify the filter, or raise the cap with MIDS_JQ_MAX_OUTPUT\n");
  });

  it("a filter within the caps runs as before, and a bad cap value is exit 2 naming the variable", async () => {
    const ok = await explain(".routes | length", { MIDS_JQ_MAX_MEMORY: "48MB", MIDS_JQ_MAX_OUTPUT: "1KB", MIDS_JQ_TIMEOUT: "20s" });
    expect(ok.code, ok.stderr).toBe(0);
    expect(Number(ok.stdout)).toBeGreaterThan(10);
    // a bad cap is refused before any filter runs: in-process (the worker needs no bundle for it)
    const bad = await runMain(["migrate", "explain", "--jq", "."], { env: baseEnv({ MIDS_JQ_TIMEOUT: "soon" }) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^mids: MIDS_JQ_TIMEOUT must be a duration[^\n]*\nhint: fix or unset MIDS_JQ_TIMEOUT\n$/);
    // as every other MIDS_ variable's bad value has
    const size = await runMain(["migrate", "explain", "--jq", "."], { env: baseEnv({ MIDS_JQ_MAX_OUTPUT: "lots" }) });
    expect(size.stderr).toMatch(/^mids: MIDS_JQ_MAX_OUTPUT must be a size[^\n]*\nhint: fix or unset MIDS_JQ_MAX_OUTPUT\n$/);
  });
});

// one at a time: the hostile helper closes every open server after each test
describe("--jq stops on a signal", () => {
  /** `mids api` with an endless filter; the signal goes once the response was served and jq runs. */
  async function interrupted(signal: "SIGINT" | "SIGTERM"): Promise<{ code: number | null; stderr: string; afterSignalMs: number }> {
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [1, 2, 3] }));
    const child = spawn(process.execPath, [BIN, "api", "/v3/x", "--jq", "last(range(1e12))", "--verbose"], {
      cwd: ROOT, env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }), stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let started: () => void = () => undefined;
    const running = new Promise<void>((r) => (started = r));
    child.stderr.setEncoding("utf8").on("data", (d) => {
      stderr += d;
      // --verbose says when the filter starts: the signal comes while it runs (endless)
      if (stderr.includes("jq: the filter runs in its worker thread\n")) started();
    });
    const kill = setTimeout(() => child.kill("SIGKILL"), 25_000);
    child.on("close", () => started());
    await running;
    const sent = Date.now();
    child.kill(signal);
    const code = await new Promise<number | null>((r) => child.on("close", (c) => r(c)));
    clearTimeout(kill);
    return { code, stderr, afterSignalMs: Date.now() - sent };
  }

  it("SIGINT: exit 130 at once, 'interrupted' on stderr", async () => {
    const r = await interrupted("SIGINT");
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/\njq: the filter runs in its worker thread\nmids: interrupted\n$/);
    expect(r.afterSignalMs).toBeLessThan(10_000);
  });

  it("SIGTERM: exit 143", async () => {
    const r = await interrupted("SIGTERM");
    expect(r.code).toBe(143);
    expect(r.afterSignalMs).toBeLessThan(10_000);
  });
});
