// An id deleted since the log was written is not found on either version: the rewrite is not at
// fault and there is no answer to compare, so the request is skipped (saying why, with both
// sides' errors), not failed; `--fail-on failed` must not fail on ids that are gone. Not found on
// one side only is still a failure.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

interface Rec { position: number; verdict: string; reason?: string; errors?: { side: string; code: string; status?: number }[] }

describe("migrate verify and a subject not found on both versions", () => {
  it("skips a request both versions answer with not found (404, not_found, not_current), fails one that only one side does", async () => {
    const h = await hostile((req, res) => {
      const [, version, , id] = (req.url ?? "").split("?")[0].split("/");
      if (version === "v2") {
        if (id === "half") return sendJson(res, 200, { status: "ok", data: { id: "half", name: "Half" } });
        return sendJson(res, 404, { error: "Not Found", message: `project ${id} not found`, status: 404 });
      }
      if (id === "old") return sendJson(res, 410, { code: "not_current", message: "no longer current" });
      if (id === "bad") return sendJson(res, 500, { code: "internal_error", message: "boom" });
      return sendJson(res, 404, { code: "not_found", message: `project ${id} not found`, details: { subject: { type: "project", locator: id } } });
    });
    const log = ["gone", "half", "old", "bad"].map((id) => `GET /v2/projects/${id} HTTP/1.1`).join("\n") + "\n";
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_gone_1234" });
    const run = (o: string, ...more: string[]) => runMain(["migrate", "verify", "-", "-o", o, "--max-retries", "0", ...more], { env, input: log });

    const j = await run("json");
    expect(j.code, j.stderr).toBe(0);
    const recs = (JSON.parse(j.stdout) as { requests: Rec[] }).requests;
    expect(recs.map((r) => `${r.position}:${r.verdict}`)).toEqual(["1:skipped", "2:failed", "3:skipped", "4:failed"]);
    // the skipped ones say why and keep both sides' errors, as a failed one does
    for (const r of [recs[0], recs[2]]) {
      expect(r.reason).toMatch(/^not found on either version: nothing to compare \(v2: \S+ \(404\), v3: not_(found|current) \(4(04|10)\)\)$/);
      expect(r.errors!.map((e) => e.side)).toEqual(["v2", "v3"]);
    }
    expect(recs[1].errors!.map((e) => `${e.side}:${e.status}`)).toEqual(["v3:404"]);
    expect(j.stderr).toContain("4 distinct requests: 0 equivalent, 0 unconfirmed, 0 differs, 2 skipped, 2 failed");

    const t = await run("table", "--fail-on", "failed");
    expect(t.code).toBe(8);
    expect(t.stderr).toContain("2 requests matched --fail-on: 2 failed");
    const line = t.stdout.split("\n").find((l) => l.startsWith("1  "))!;
    expect(line).toMatch(/^1  GET \/v2\/projects\/gone  skipped: not found on either version: nothing to compare: v2: .*project gone not found.*; v3: .*\(not_found, 404\)$/);
  });

  // Before, a request both versions refuse as starting before the key's history window (spec 8.2:
  // a log older than the window, replayed with a self-serve key) was `failed`, and `--fail-on
  // failed` failed on old log lines that v3 answers just as v2 does.
  it("skips a request both versions refuse with HISTORY_WINDOW_EXCEEDED, fails one only v2 refuses", async () => {
    const earliest = "2026-10-30T00:00:00.000Z";
    const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: earliest, enforcementAt: "2026-08-17T00:00:00.000Z" };
    const h = await hostile((req, res) => {
      const [path, query] = (req.url ?? "").split("?");
      if (path.startsWith("/v2/")) return sendJson(res, 403, { error: "Forbidden", code: "HISTORY_WINDOW_EXCEEDED", message: "start is before the history window", status: 403, data: null, meta: { history } });
      if (query?.includes("2026-01-01")) return sendJson(res, 403, { code: "HISTORY_WINDOW_EXCEEDED", message: "start is before the history window", details: { earliestAvailableAt: earliest } });
      return sendJson(res, 200, { data: { points: [] }, meta: { history } });
    });
    const log = ["2026-01-01", "2026-02-01"].map((d) => `GET /v2/projects/abc/rank?start=${d}T00:00:00Z HTTP/1.1`).join("\n") + "\n";
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_gone_1234" });
    const r = await runMain(["migrate", "verify", "-", "-o", "json", "--max-retries", "0", "--fail-on", "failed"], { env, input: log });
    const recs = (JSON.parse(r.stdout) as { requests: Rec[] }).requests;
    expect(recs.map((x) => `${x.position}:${x.verdict}`)).toEqual(["1:skipped", "2:failed"]);
    expect(recs[0].reason).toMatch(/^the start is before the key's history window on either version: nothing to compare \(v2: HISTORY_WINDOW_EXCEEDED \(403\), v3: HISTORY_WINDOW_EXCEEDED \(403\)\)$/);
    expect(recs[0].errors!.map((e) => e.side)).toEqual(["v2", "v3"]);
    // the one v3 answers is still a failure: the gate fails on it
    expect(r.code, r.stderr).toBe(8);
  });

  // Before, a bare 404 on both sides (no v3 error code: the server has no such path, as when the
  // base URL ends in /v2 and every path gets the version twice) was "not found on either version"
  // and skipped, so `--fail-on differs,failed` passed a run in which nothing was compared.
  it("fails a request both sides answer with a bare 404: v3 did not say the subject is gone", async () => {
    const h = await hostile((req, res) => {
      const path = (req.url ?? "").split("?")[0];
      if (path.includes("/v2/v2/") || path.includes("/v2/v3/")) {
        res.writeHead(404, { "content-type": "text/html" });
        return res.end("<h1>Not Found</h1>");
      }
      return sendJson(res, 500, { code: "internal_error", message: "unexpected" });
    });
    const log = "GET /v2/clusters HTTP/1.1\nGET /v2/projects/abc HTTP/1.1\n";
    const env = baseEnv({ MIDS_BASE_URL: `${h.url}/v2`, MIDS_API_KEY: "k_test_gone_1234" });
    const r = await runMids(["migrate", "verify", "-", "-o", "json", "--max-retries", "0", "--fail-on", "differs,failed"], { env, input: log });
    expect(r.code, r.stderr).toBe(8);
    const recs = (JSON.parse(r.stdout) as { requests: Rec[] }).requests;
    expect(recs.map((x) => x.verdict)).toEqual(["failed", "failed"]);
    expect(recs[0].errors!.map((e) => `${e.side}:${e.status}`)).toEqual(["v2:404", "v3:404"]);
  });
});
