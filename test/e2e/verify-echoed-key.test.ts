// A server that quotes the key it was sent in its error message (a proxy, a debug build) must not
// get that key into the verify report: the error message of each side is shown there (table and
// JSON), so the configured key is redacted in it, as the error printer does for every command.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const KEY = "k_echoed_secret_5678";

describe("migrate verify against a server that echoes the key in its errors", () => {
  it("reports each failed side's message with the key redacted, in -o json and in the table", async () => {
    const h = await hostile((req, res) => sendJson(res, 400, { code: "invalid_request", message: `bad key ${String(req.headers["x-api-key"])}`, error: `bad key ${String(req.headers["x-api-key"])}` }));
    // a plain request (both sides sent) and a topic report (its report id looked up first)
    const log = "GET /v2/projects/abc HTTP/1.1\nGET /v2/topics/topic_0123456789abcdef0123/report HTTP/1.1\n";
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: KEY });
    for (const o of ["json", "table"]) {
      const r = await runMain(["migrate", "verify", "-", "-o", o, "--max-retries", "0"], { env, input: log });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("bad key ***");
      expect(r.stdout + r.stderr).not.toContain(KEY);
    }
    expect(h.seen.length).toBeGreaterThan(0);
  });
});
