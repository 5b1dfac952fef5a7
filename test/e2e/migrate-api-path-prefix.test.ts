// A proxy's access log names the API under its own path (`/api/v2/projects`). With no base URL
// naming that path, every request was `skipped` as "The path has no /v1, /v2 or /v3 prefix: not an
// API call", nothing was written, and a --fail-on removed,unrecognized gate passed. They are still
// set aside (no base URL says /api is the API's), but with a note that names the path and the fix.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";

describe("API requests under a path no base URL names", () => {
  it("are skipped with api-path-prefix, naming the path; with the base URL set they are rewritten", async () => {
    const log = "GET /api/v2/projects?limit=5 HTTP/1.1\nGET /api/v2/clusters HTTP/1.1\nGET /static/v2/logo.png HTTP/1.1\nGET /favicon.ico HTTP/1.1\n";
    const r = await runMids(["migrate", "-", "-o", "ndjson"], { input: log, env: baseEnv() });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split("\n").slice(0, -1).map((l) => JSON.parse(l) as { status: string; notes: { rule: string; message: string }[] });
    expect(rows.map((x) => `${x.status} ${x.notes.map((n) => n.rule).join(",")}`)).toEqual([
      "skipped api-path-prefix", "skipped api-path-prefix", "skipped not-an-api-path", "skipped not-an-api-path",
    ]);
    expect(rows[0].notes[0].message).toMatch(/^\/api: .*--base-url https:\/\/HOST\/PREFIX/);
    const summary = await runMain(["migrate", "-"], { input: log, env: baseEnv() });
    expect(summary.stderr).toMatch(/api-path-prefix \(2\): /);
    const based = await runMain(["migrate", "-"], { input: log, env: baseEnv({ MIDS_BASE_URL: "https://api.example.com/api" }) });
    expect(based.stdout.split("\n").slice(0, 2)).toEqual(["GET /api/v3/projects?limit=5 HTTP/1.1", "GET /api/v3/clusters HTTP/1.1"]);
  });
});
