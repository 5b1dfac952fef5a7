// Answers replayed from a cassette count toward the sandbox's rate limit as generated ones do
// (docs/sandbox.md: the sandbox enforces rate limits, headers on every answer, 429 with
// Retry-After; `rateLimit` / `--rate-limit` in the headers and the 429s alike): a script tested
// against replayed traffic meets the 429 it would meet live, and the X-RateLimit-* it reads are
// the counts that 429 follows, not the recording's.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Impl from "../../src/sandbox/public.js";

const LIMIT = 2;
// the recording's own rate-limit headers: another limit than the one the replaying sandbox enforces
const RECORDED_LIMIT = "60";
const recorded = {
  "content-type": "application/json",
  "x-ratelimit-limit-minute": RECORDED_LIMIT, "x-ratelimit-remaining-minute": "59", "x-ratelimit-reset-minute": "1700000000",
  "x-ratelimit-limit-day": "1000", "x-ratelimit-remaining-day": "999", "x-ratelimit-reset-day": "1700006400",
};
const body = '{"data":[{"id":"t1"}],"meta":{}}';

describe("a cassette replayed under a rate limit", () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "mids-replay-limit-"));
    file = join(dir, "c.json");
    writeFileSync(file, JSON.stringify({ format: "mids-cassette", version: 1, upstream: "https://api.example.com", recordedAt: "2026-11-01T00:00:00Z", entries: [
      { request: { method: "GET", path: "/v3/topics", query: "", keyed: true }, response: { status: 200, headers: recorded, body } },
    ] }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Five requests within milliseconds span at most two minute windows: with a limit of 2, at least one is refused whatever the clock says. */
  async function five(url: string, path: string, key: string) {
    const out = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${url}${path}`, { headers: { "x-api-key": key } });
      out.push({ status: res.status, headers: res.headers, text: await res.text() });
    }
    return out;
  }

  it("counts each replayed answer: past the limit the sandbox's 429 with Retry-After, and the sandbox's counts in every answer's headers", async () => {
    const sb = await Impl.startSandbox({ replay: file, rateLimit: LIMIT });
    try {
      const answers = await five(sb.url, "/v3/topics", sb.keys.demo);
      expect(answers[0].status).toBe(200);
      expect(answers[0].text).toBe(body);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const a of refused) {
        expect(Number(a.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(JSON.parse(a.text).code).toBe("rate_limited");
      }
      for (const a of answers) {
        expect(a.headers.get("x-ratelimit-limit-minute")).toBe(String(LIMIT));
        // one value per header: the recording's is replaced, not sent beside the sandbox's
        expect(a.headers.get("x-ratelimit-remaining-minute")).toMatch(/^\d+$/);
      }
      // the first answer of the window has used one of LIMIT
      expect(answers[0].headers.get("x-ratelimit-remaining-minute")).toBe(String(LIMIT - 1));
    } finally {
      await sb.close();
    }
  });

  it("counts a request the cassette lacks under replayMissing 404, as the service counts a 404", async () => {
    const sb = await Impl.startSandbox({ replay: file, replayMissing: "404", rateLimit: LIMIT });
    try {
      const answers = await five(sb.url, "/v3/me", sb.keys.demo);
      expect(answers[0].status).toBe(404);
      expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(1);
      for (const a of answers) expect(a.headers.get("x-ratelimit-limit-minute")).toBe(String(LIMIT));
    } finally {
      await sb.close();
    }
  });
});
