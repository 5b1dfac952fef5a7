// migrate scan with the API behind a gateway path (a base URL such as `https://gw.example/mids`,
// or `--host gw.example/mids`): `/mids/v2/...` on the API's host, or with no host, is a v2 call,
// and --fix rewrites the `/v2` part with the prefix kept. Another host's `/mids/v2`, and `/v2`
// under a deeper path, are not the API's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, fileTree, runMids } from "../helpers/cli.js";
import { apiLocation } from "../../src/migrate/scan/command.js";
import { extractRoutes } from "../../src/migrate/scan/extract.js";
import { hostMatcher } from "../../src/migrate/scan/scan.js";

const SOURCE = [
  'fetch("https://gw.example/mids/v2/clusters");',
  'fetch("/mids/v2/intel/abc");',
  'fetch("https://other.example/mids/v2/clusters");',
  'fetch("/api/mids/v2/clusters");',
  'fetch("/midsx/v2/clusters");',
  'fetch("https://gw.example/mids/v2/nosuch");',
  "",
].join("\n");

interface Finding { line: number; status: string; to: { path: string } | null }
const findings = (stdout: string): [number, string, string | undefined][] =>
  (JSON.parse(stdout).findings as Finding[]).map((f) => [f.line, f.status, f.to?.path]);

describe("migrate scan: an API under a path prefix", () => {
  it("reads /v2 after a prefix only on the API's own hosts or with no host", () => {
    const under = { prefixes: ["/mids"], ownHost: hostMatcher(["gw.example"]) };
    const found = (text: string) => extractRoutes(text, under).map((r) => [text.slice(r.start, r.end), r.host ?? ""]);
    expect(found(SOURCE)).toEqual([["/v2/clusters", "gw.example"], ["/v2/intel/abc", ""], ["/v2/nosuch", "gw.example"]]);
    expect(extractRoutes(SOURCE)).toEqual([]);
    // the prefix and --host paths are read the way the base URL's are: no trailing slash, deduplicated
    expect(apiLocation({ host: ["gw.example/mids/", "https://GW.example/mids", "api.example"] }, "https://base.example/a/b/")).toEqual({ hosts: ["gw.example", "gw.example", "api.example", "base.example"], prefixes: ["/mids", "/a/b"] });
    expect(apiLocation({}, "https://base.example")).toEqual({ hosts: ["base.example"], prefixes: [] });
  });

  it("finds and fixes the calls under the base URL's path, and no others", async () => {
    const dir = fileTree({ "a.js": SOURCE });
    const none = await runMids(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(none.code).toBe(0);
    expect(findings(none.stdout)).toEqual([]);
    const expected = [[1, "rewritten", "/v3/clusters"], [2, "rewritten", "/v3/intel/abc"], [6, "unrecognized", undefined]];
    for (const how of [["--base-url", "https://gw.example/mids/"], ["--host", "gw.example/mids"], ["--host", "https://gw.example/mids"]]) {
      const r = await runMids(["migrate", "scan", ".", "--format", "json", ...how], { cwd: dir, env: baseEnv() });
      expect([r.code, r.stderr]).toEqual([0, "mids: 1 file scanned: 3 v2 usages in 1 file (2 rewritten, 1 unrecognized)\n"]);
      expect(findings(r.stdout)).toEqual(expected);
    }
    const fix = await runMids(["migrate", "scan", ".", "--fix", "--base-url", "https://gw.example/mids"], { cwd: dir, env: baseEnv() });
    expect(fix.code).toBe(0);
    const lines = SOURCE.split("\n");
    lines[0] = lines[0].replace("/v2/", "/v3/");
    lines[1] = lines[1].replace("/v2/", "/v3/");
    expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(lines.join("\n"));
  });
});
