// Docker's JSON log files (/var/lib/docker/containers/*/*-json.log): each line
// `{"log":"<the container's line>\n","stream":"stdout","time":"..."}`. migrate finds them without
// a flag (--from-format docker forces it), reads each `log` as an access log line, and writes the
// JSON line back with the rewritten line as its `log`; secrets in it are redacted as in any
// access line.
import { describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runMain, runMids, tempDir } from "../helpers/cli.js";
import { detectFormat } from "../../src/migrate/detect.js";

const dir = tempDir("docker-");
const line = (log: string, extra: Record<string, string> = {}) => JSON.stringify({ log, stream: "stdout", time: "2026-11-28T10:00:00.123456789Z", ...extra });
const access = (target: string, user = "-", referer = "-") => `172.17.0.1 - ${user} [28/Nov/2026:10:00:00 +0000] "GET ${target} HTTP/1.1" 200 612 "${referer}" "curl/8.5.0"`;
const SECRETS = ["sk_live_DOCKER1", "t0kenDOCKER", "alice:PWdocker"];

describe("migrate: Docker JSON log files", () => {
  const lines = [
    line(access("/v2/projects/p1/rank?at=2026-11-01T00:00:00Z&api_key=sk_live_DOCKER1", "-", "https://app.example/cb?token=t0kenDOCKER") + "\n"),
    line("2026/11/28 10:00:01 [notice] 1#1: start worker processes\n", { stream: "stderr" }),
    line(access("/v2/intel/int_1", "alice:PWdocker") + "\n"),
    // another key order (a log shipper's copy), a CRLF line end, a path JSON must escape (unchanged v3)
    JSON.stringify({ stream: "stdout", log: access("/v3/projects/a\\\\b") + "\r\n", time: "2026-11-28T10:00:03Z" }),
    line(access("/v2/projects/p1/candles") + "\n"),
    "not JSON at all",
  ];
  const file = join(dir, "0123abcd-json.log");
  writeFileSync(file, lines.join("\n") + "\n");

  it("is detected from its first line and written back line for line, the rewritten access line as its log", async () => {
    expect(detectFormat(lines[0] + "\n")).toBe("docker");
    // a JSON line of requests is not one, even with a `log` field
    expect(detectFormat(JSON.stringify({ method: "GET", url: "/v2/topics", log: "x" }) + "\n")).toBe("ndjson");
    const r = await runMids(["migrate", file]);
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, string>);
    expect(out.map((o) => o.log)).toEqual([
      access("/v3/projects/p1/series/rank?to=2026-11-01T00:00:00Z&from=2026-10-25T00:00:00.000Z", "-", "https://app.example/cb?token=***") + "\n",
      access("/v3/intel/int_1", "***") + "\n",
      access("/v3/projects/a%5Cb") + "\r\n",
    ]);
    // the rest of each JSON line as it was: key order, stream, time
    expect(r.stdout.split("\n")[0]).toMatch(/^\{"log":".*","stream":"stdout","time":"2026-11-28T10:00:00.123456789Z"\}$/);
    expect(Object.keys(out[2])).toEqual(["stream", "log", "time"]);
    // what is no request is counted and listed by line, as in an access log
    expect(r.stderr).toContain("line 2: invalid: not an access log line or request line");
    expect(r.stderr).toContain("line 5: removed: GET /v2/projects/p1/candles");
    expect(r.stderr).toContain("line 6: invalid: not a Docker JSON log line (not valid JSON)");
    expect(r.stderr).toContain("6 requests: 2 rewritten, 0 partial, 1 removed, 0 unrecognized, 1 unchanged, 2 invalid");
    for (const s of SECRETS) expect(r.stdout + r.stderr).not.toContain(s);
  });

  it("converts like any access log, and --from-format docker reads a file whose first line is not one", async () => {
    for (const to of ["curl", "har", "ndjson", "http"]) {
      const r = await runMain(["migrate", file, "--to", to, "-q"]);
      expect(r.stdout, to).toContain("/v3/intel/int_1");
      for (const s of SECRETS) expect(r.stdout + r.stderr, to).not.toContain(s);
    }
    const odd = join(dir, "odd-json.log");
    writeFileSync(odd, ["garbage first", ...lines.slice(0, 1)].join("\n") + "\n");
    const detected = await runMain(["migrate", odd, "-o", "ndjson", "-q"]);
    expect(JSON.parse(detected.stdout.split("\n")[1]).status).toBe("invalid");
    const forced = await runMain(["migrate", odd, "--from-format", "docker", "-o", "ndjson", "-q"]);
    expect(forced.stdout.split("\n").slice(0, 2).map((l) => JSON.parse(l).status)).toEqual(["invalid", "rewritten"]);
  });

  it("joins a line Docker cut into 16 KB entries: read as one at its first entry's line, written back whole", async () => {
    // a user agent past 16 KB (and a key in its referer past the first cut), in three entries after
    // an stderr line and before the next request, as Docker's json-file driver writes them
    const long = access("/v2/projects/p7/rank?at=2026-11-01T00:00:00Z", "-", "https://app.example/?" + "q".repeat(17000) + "&token=t0kenDOCKER").replace("curl/8.5.0", "Mozilla/5.0 " + "z".repeat(20000)) + "\n";
    const parts: string[] = [];
    for (let i = 0; i < long.length; i += 16384) parts.push(long.slice(i, i + 16384));
    expect(parts.length).toBe(3);
    const split = join(dir, "split-json.log");
    writeFileSync(split, [line("warn: slow upstream\n", { stream: "stderr" }), ...parts.map((p) => line(p)), lines[2]].join("\n") + "\n");
    // (in process: the first test runs a Docker log through the built CLI)
    const r = await runMain(["migrate", split]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("3 requests: 2 rewritten, 0 partial, 0 removed, 0 unrecognized, 0 unchanged, 1 invalid");
    const out = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { log: string; stream: string });
    expect(out.map((o) => o.stream)).toEqual(["stdout", "stdout"]);
    expect(out[0].log).toBe(long.replace("/v2/projects/p7/rank?at=2026-11-01T00:00:00Z", "/v3/projects/p7/series/rank?to=2026-11-01T00:00:00Z&from=2026-10-25T00:00:00.000Z").replace("t0kenDOCKER", "***"));
    const report = await runMain(["migrate", split, "-o", "ndjson", "-q"]);
    expect(report.stdout.trimEnd().split("\n").slice(0, 3).map((l) => JSON.parse(l).position)).toEqual([1, 2, 5]);
    // a line left open at the end of the input is read as it stands
    const cut = join(dir, "cut-json.log");
    writeFileSync(cut, line(parts[0]) + "\n");
    const open = await runMain(["migrate", cut, "-o", "ndjson", "-q"]);
    expect(JSON.parse(open.stdout.split("\n")[0]).to.path).toBe("/v3/projects/p7/series/rank");
    for (const s of SECRETS) expect(r.stdout + r.stderr + report.stdout + open.stdout).not.toContain(s);
  });
});
