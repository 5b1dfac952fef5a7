// Issue 22 item 4: `migrate verify --concurrency N` above 4 gave false `failed` verdicts: the client
// had 8 connections for 2N sides in flight, and the queued sides' timeouts ran while they waited.
// Against a slow but healthy loopback server, every request must come back (none timed out).
import { describe, expect, it } from "vitest";
import { baseEnv, runMids } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

/** Answers after `delayMs`, always the same small body (the verdict is not what is tested). */
const slow = (delayMs: number) => hostile((_req, res) => void setTimeout(() => sendJson(res, 200, { status: 200, data: { id: "x", name: "X" } }), delayMs));

describe("migrate verify --concurrency against a slow healthy server", () => {
  it("16 at once with a timeout of 3 answer times: no side times out", async () => {
    const h = await slow(400);
    // 1 request alone, then 32 at 16 at a time: 32 sides in flight
    const log = Array.from({ length: 33 }, (_, i) => `GET /v2/projects/${i.toString(16).padStart(24, "0")} HTTP/1.1`).join("\n") + "\n";
    const r = await runMids(["migrate", "verify", "-", "-o", "json", "--concurrency", "16", "--timeout", "1200ms", "--max-retries", "0"], {
      env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }), input: log, timeoutMs: 30_000,
    });
    const report = JSON.parse(r.stdout) as { summary: { total: number; failed: number }; requests: { verdict: string; reason?: string }[] };
    expect(report.summary.total).toBe(33);
    expect(report.requests.filter((x) => x.verdict === "failed").map((x) => x.reason)).toEqual([]);
    expect(h.seen).toHaveLength(66);
  });
});
