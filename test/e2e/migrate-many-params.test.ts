// A JSON-lines request whose query string holds 125,000 parameters (250 KB, under the 256 KiB
// line cap): its parameters were appended with push(...list), and V8 throws past about 120,000
// arguments, so 'mids: unexpected error: Maximum call stack size exceeded', exit 1, under either
// strategy. Now the line is read and rewritten as any other.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseEnv, budgetFor, runMids, tempDir } from "../helpers/cli.js";

it("a log line with 125,000 query parameters is rewritten, fast and general paths alike", async () => {
  const file = join(tempDir("many-params-"), "log.ndjson");
  const query = Array.from({ length: 125_000 }, () => "a").join("&");
  writeFileSync(file, `${JSON.stringify({ method: "GET", path: "/v2/projects", query })}\n${JSON.stringify({ method: "GET", path: "/v2/topics" })}\n`);
  const runs = await Promise.all(["fast", "general"].map((s) => runMids(["migrate", file, "-o", "ndjson"], { env: baseEnv({ MIDS_MIGRATE_STRATEGY: s }) })));
  for (const r of runs) {
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.status)).toEqual(["partial", "rewritten", undefined]);
    expect(lines[2].summary.total).toBe(2);
  }
  expect(runs[0].stdout).toBe(runs[1].stdout);
}, budgetFor(2));
