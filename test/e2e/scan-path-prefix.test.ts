// migrate scan with the API behind a gateway path (a base URL such as `https://gw.example/mids`,
// or `--host gw.example/mids`): `/mids/v2/...` on the API's host, or with no host, is a v2 call,
// and --fix rewrites the `/v2` part with the prefix kept. Another host's `/mids/v2`, and `/v2`
// under a deeper path, are not the API's.
// (The first run goes through the built bin/mids; the others run main() in this process: what they
// print is the subject, and a CLI start-up each cost a fifth of a second of CPU.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, budgetFor, fileTree, runMain, runMids } from "../helpers/cli.js";
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
      const r = await runMain(["migrate", "scan", ".", "--format", "json", ...how], { cwd: dir, env: baseEnv() });
      expect([r.code, r.stderr]).toEqual([0, "mids: 1 file scanned: 3 v2 usages in 1 file (2 rewritten, 1 unrecognized)\n"]);
      expect(findings(r.stdout)).toEqual(expected);
    }
    const fix = await runMain(["migrate", "scan", ".", "--fix", "--base-url", "https://gw.example/mids"], { cwd: dir, env: baseEnv() });
    expect(fix.code).toBe(0);
    const lines = SOURCE.split("\n");
    lines[0] = lines[0].replace("/v2/", "/v3/");
    lines[1] = lines[1].replace("/v2/", "/v3/");
    expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(lines.join("\n"));
  });

  it("a scan that finds no usage names the --host that would read the strings it passed over, in one counted line", async () => {
    // before: "0 v2 usages" and nothing else, for a tree whose calls all go through /api/v2
    const dir = fileTree({
      "a.js": 'fetch("/api/v2/projects?page=2");\nconst u = `https://gw.example/api/v2/projects/${id}/rank`;\n',
      "b.py": 'x = "/api/v2/clusters"\ny = "../v2/topics"\nz = "https://other.example/api/v2/nosuch"\n',
      "c.env": "API_BASE=https://api.example/v2\n",
      "d.txt": "no route here: src/v2/projects.ts, github.com/org/mod/v2\n",
    });
    const r = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: baseEnv() });
    expect(r.code).toBe(0);
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe("mids: 4 files scanned: 0 v2 usages");
    expect(lines.length).toBe(2);
    expect(lines[1]).toMatch(/^mids: hint: 4 strings in 3 files would be read as v2 calls with --host gw\.example\/api --host api\.example \(/);
    // the flags it names find them
    const flags = [...lines[1].matchAll(/--host (\S+)/g)].flatMap((m) => ["--host", m[1]]);
    const found = await runMain(["migrate", "scan", ".", "--format", "json", ...flags], { cwd: dir, env: baseEnv() });
    expect(found.stderr).toMatch(/^mids: 4 files scanned: 4 v2 usages in 3 files \([^)]*\)\n$/);

    // a path with no host anywhere: the word for the API's host, or the configured one
    const bare = fileTree({ "a.js": 'fetch("/api/v2/clusters");\n' });
    expect((await runMain(["migrate", "scan", "."], { cwd: bare, env: baseEnv() })).stderr).toContain("with --host HOST/api (");
    expect((await runMain(["migrate", "scan", ".", "--base-url", "https://mine.example"], { cwd: bare, env: baseEnv() })).stderr).toContain("with --host mine.example/api (");
    // quiet, or a run that found usages: no hint
    expect((await runMain(["migrate", "scan", ".", "-q"], { cwd: bare, env: baseEnv() })).stderr).toBe("");
    const some = fileTree({ "a.js": 'fetch("/api/v2/clusters");\n', "b.js": 'fetch("/v2/clusters");\n' });
    expect((await runMain(["migrate", "scan", "."], { cwd: some, env: baseEnv() })).stderr).toBe("mids: 2 files scanned: 1 v2 usage in 1 file (1 rewritten)\n");
    // the files are read again as the scan reads them (scan.ts: sourceText): UTF-16 after its mark, latin1
    const encoded = fileTree({
      "a.js": Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('fetch("https://gw.example/api/v2/projects");\n', "utf16le")]),
      "b.js": Buffer.from('// caf\xe9\nfetch("https://gw2.example/api/v2/intel");\n', "latin1"),
    });
    expect((await runMain(["migrate", "scan", "."], { cwd: encoded, env: baseEnv() })).stderr).toContain("2 strings in 2 files would be read as v2 calls with --host gw.example/api --host gw2.example/api (");
  }, budgetFor(8));
});
