// mids migrate scan over a fixture tree in several languages (test/fixtures/scan/tree), copied to
// a temp dir so --fix and the extra files a test adds never touch the repository. (The scan all
// tests read and the --fail-on exit 8 run the built CLI; the others run main(argv) in this
// process: the same program, without a CLI start-up each.)
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, baseEnv, fileTree, runMain, runMids } from "../helpers/cli.js";
import { migrationRule } from "../../src/contract/migration.js";
import { parseXml } from "../fixtures/recipes/xml.js";
import ignore from "ignore";
import { INDEX_MIN_RULES } from "../../src/util/gitignore.js";
import { MAX_GITIGNORE_BYTES } from "../../src/util/gitignore-tree.js";

const FIXTURE = join(ROOT, "test/fixtures/scan/tree");
const HOST = "https://api.mids.example";
const env = (extra: Record<string, string> = {}) => baseEnv({ MIDS_BASE_URL: HOST, ...extra });

/** A fresh copy of the fixture tree, with what git cannot hold: a .git/ directory, an oversized file, file modes. */
function copyTree(): string {
  const dir = mkdtempSync(join(tmpdir(), "mids-scan-"));
  cpSync(FIXTURE, dir, { recursive: true });
  mkdirSync(join(dir, ".git"));
  writeFileSync(join(dir, ".git", "config"), `url = ${HOST}/v2/projects\n`);
  writeFileSync(join(dir, "big.js"), `fetch("${HOST}/v2/clusters");\n` + "x".repeat(2 * 1024 * 1024) + "\n");
  chmodSync(join(dir, "scripts/fetch.sh"), 0o755);
  return dir;
}

function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p).toString("base64") + ":" + statSync(p).mode);
    }
  };
  walk(dir);
  return out;
}

interface JsonFinding {
  file: string; line: number; column: number; endLine: number; endColumn: number; status: string;
  rules: string[]; notes: { rule: string; message: string }[];
  from: { method: string; path: string; query: Record<string, string> }; to: { method: string; path: string; query: Record<string, string> } | null;
  text: string; replacement: string | null;
}

let tree: string;
let report: { findings: JsonFinding[]; summary: Record<string, unknown> };
let stderr: string;
beforeAll(async () => {
  tree = copyTree();
  const r = await runMids(["migrate", "scan", "--format", "json"], { cwd: tree, env: env() });
  expect(r.code).toBe(0);
  report = JSON.parse(r.stdout);
  stderr = r.stderr;
});
const at = (file: string, line: number) => report.findings.filter((f) => f.file === file && f.line === line);

describe("mids migrate scan: what counts as a usage", () => {
  it("finds every v2 call in TypeScript, Python, shell, Go, YAML, Markdown and text, with migrate's statuses", () => {
    const got = report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.status} ${f.from.method} ${f.from.path} -> ${f.to?.path ?? "-"}`);
    expect(got).toEqual([
      "deploy/config.yaml:2:39 rewritten GET /v2/topics -> /v3/topics",
      "deploy/config.yaml:3:37 removed GET /v2/recipes -> -",
      "docs/API.md:3:14 rewritten GET /v2/intel-categories -> /v3/vocabulary",
      "docs/API.md:3:77 rewritten GET /v2/intel -> /v3/intel",
      "go/client.go:6:24 rewritten GET /v2/projects/chains -> /v3/vocabulary",
      "go/client.go:10:24 partial GET /v2/projects/{%s}/neighbors -> /v3/projects/{%s}",
      "nested/inner/kept.txt:1:30 rewritten GET /v2/clusters -> /v3/clusters",
      "py/client.py:7:33 rewritten GET /v2/projects/{pid}/rank -> /v3/projects/{pid}/series/rank",
      "py/client.py:11:14 partial GET /v2/intel/{%s} -> /v3/intel/{%s}",
      "py/client.py:16:33 partial GET /v2/topics/{topic_id}/report -> /v3/reports/{reportId}",
      "scripts/fetch.sh:2:54 rewritten GET /v2/clusters -> /v3/clusters",
      "scripts/fetch.sh:3:24 rewritten GET /v2/signals/{SIGNAL_ID} -> /v3/intel/{SIGNAL_ID}",
      "src/client/api.ts:5:24 rewritten GET /v2/projects/{id}/momentum -> /v3/projects/{id}/series/trend",
      "src/client/api.ts:8:50 partial GET /v2/projects -> /v3/projects",
      "src/client/api.ts:9:61 rewritten GET /v2/projects -> /v3/projects",
      "src/client/api.ts:10:23 removed GET /v2/projects/{id}/candles -> -",
      "src/client/api.ts:13:48 unrecognized GET /v2/bogus/thing -> -",
      "src/client/crlf.js:1:55 rewritten GET /v2/clusters -> /v3/clusters",
      "src/client/crlf.js:2:13 rewritten GET /v2/topics -> /v3/topics",
      "src/client/crlf.js:3:12 partial GET /v2/projects -> /v3/projects",
    ]);
    expect(report.summary).toMatchObject({ usages: 20, rewritten: 12, partial: 5, removed: 2, unrecognized: 1, skipped: { binary: 1, tooLarge: 1 } });
  });

  it("keeps placeholders in the query and the v3 text, and joins concatenations split over lines", () => {
    expect(at("src/client/api.ts", 5)[0]).toMatchObject({
      from: { query: { start: "{s}", clusters: "false" } }, to: { query: { from: "{s}" } },
      text: "/v2/projects/${id}/momentum?start=${s}&clusters=false", replacement: "/v3/projects/${id}/series/trend?from=${s}",
    });
    expect(at("src/client/api.ts", 8)[0]).toMatchObject({ from: { query: { page: "{n}", limit: "20" } }, rules: ["page-to-cursor", "response-renames"], replacement: null });
    const concat = at("py/client.py", 16)[0];
    expect(concat).toMatchObject({ endLine: 17, text: '/v2/topics/" +\n                        topic_id + "/report' });
    expect(at("src/client/api.ts", 10)[0].text).toBe('/v2/projects/" + id + "/candles'); // commented-out code counts
    expect(at("scripts/fetch.sh", 3)[0].replacement).toBe("/v3/intel/$SIGNAL_ID");
  });

  it("counts columns in UTF-16 code units after the BOM; the accented letter counts 1, the emoji 2; CR is not in the line", () => {
    const [a] = at("src/client/crlf.js", 1);
    const line1 = readFileSync(join(tree, "src/client/crlf.js"), "utf8").replace(/^\uFEFF/, "").split("\r\n")[0];
    expect(line1).toMatch(/é.*[\u{10000}-\u{10FFFF}].*\/v2/u);
    expect(a.column).toBe(line1.indexOf("/v2") + 1);
    expect(a).toMatchObject({ column: 55, endLine: 1, endColumn: 55 + "/v2/clusters".length });
    expect(at("src/client/crlf.js", 2)[0]).toMatchObject({ column: 13, endColumn: 23 });
  });

  it("reports migrate's own rule ids and notes: a request migrate rewrites says the same", async () => {
    const literal = report.findings.filter((f) => ![f.from.path, ...Object.values(f.from.query)].some((s) => s.includes("{")));
    const log = literal.map((f) => `${f.from.method} ${f.from.path}${Object.keys(f.from.query).length ? "?" + new URLSearchParams(f.from.query) : ""} HTTP/1.1`).join("\n") + "\n";
    const r = await runMain(["migrate", "-o", "json", "-"], { input: log, env: env() });
    expect(r.code).toBe(0);
    const requests = JSON.parse(r.stdout).requests as { status: string; notes: { rule: string; message: string }[] }[];
    expect(requests).toHaveLength(literal.length);
    expect(literal.length).toBeGreaterThan(5);
    literal.forEach((f, i) => expect({ status: f.status, notes: f.notes }).toEqual({ status: requests[i].status, notes: requests[i].notes }));
    for (const f of report.findings) expect(f.rules).toEqual([...new Set(f.notes.map((n) => n.rule))]);
    expect(at("src/client/api.ts", 13)[0].notes[0].message).toContain(migrationRule("unknown-v2-route").message);
  });
});

describe("mids migrate scan: what is skipped", () => {
  it("skips .gitignore'd files (root and nested), node_modules, vendor, .git, binary files, and names oversized ones", () => {
    const files = new Set(report.findings.map((f) => f.file));
    for (const f of ["build/out.js", "generated/app.log", "nested/ignored.txt", "node_modules/some-lib/index.js", "vendor/dep/dep.go", ".git/config", "docs/logo.png", "big.js"]) expect(files.has(f), f).toBe(false);
    expect(files.has("nested/inner/kept.txt")).toBe(true);
    expect(stderr).toContain("mids: skipped big.js: 2.0 MiB, over the 2.0 MiB scan limit");
    expect(stderr).toMatch(/files scanned: 20 v2 usages in 8 files \(12 rewritten, 5 partial, 2 removed, 1 unrecognized\); skipped 1 binary, 1 too large/);
  });

  it("a SARIF report left in the tree (a previous run's --output-file) is not scanned by the next run, unless named", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-scan-sarif-"));
    writeFileSync(join(dir, "client.js"), 'fetch(BASE + "/v2/clusters");\n');
    const first = await runMain(["migrate", "scan", ".", "--output-file", "v2.sarif", "--format", "json"], { cwd: dir, env: env() });
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(join(dir, "v2.sarif"), "utf8")).toContain("/v2/clusters");
    const again = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: env() });
    const rep = JSON.parse(again.stdout) as { findings: { file: string }[]; summary: { skipped: { ignored: number } } };
    expect(rep.findings.map((f) => f.file)).toEqual(["client.js"]);
    expect(rep.summary.skipped.ignored).toBe(1);
    const named = await runMain(["migrate", "scan", "client.js", "v2.sarif", "--format", "json"], { cwd: dir, env: env() });
    expect(new Set((JSON.parse(named.stdout) as { findings: { file: string }[] }).findings.map((f) => f.file))).toEqual(new Set(["client.js", "v2.sarif"]));
  });

  it("a .gitignore of many plain rules (looked up by name) leaves out what git would, root and nested", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-scan-gi-"));
    mkdirSync(join(dir, ".git"));
    // INDEX_MIN_RULES plain rules and more, of each kind, plus rules only the ignore package reads
    const rules = [
      ...Array.from({ length: INDEX_MIN_RULES }, (_, i) => `gen${i}/`),
      "Build", "/out", "*.LOG", "tmp/", "docs/**/draft.md", "report?.txt", "# a comment",
    ];
    writeFileSync(join(dir, ".gitignore"), rules.join("\n") + "\n");
    const files = [
      "src/a.ts", "src/gen3/x.ts", "gen63/y.ts", "gen64/kept.ts", "build/z.ts", "lib/BUILD", "out/o.ts", "lib/out/kept.ts",
      "logs/app.log", "logs/app.log.ts", "tmp/t.ts", "lib/tmp", "docs/a/b/draft.md", "docs/kept.md", "report1.txt", "report12.txt",
      "nested/inner.ts", "nested/skip.ts",
    ];
    for (const f of files) {
      mkdirSync(join(dir, f, ".."), { recursive: true });
      writeFileSync(join(dir, f), `fetch("${HOST}/v2/topics");\n`);
    }
    writeFileSync(join(dir, "nested/.gitignore"), "skip.ts\n");
    const r = await runMain(["migrate", "scan", "--format", "json"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    const found = [...new Set(JSON.parse(r.stdout).findings.map((f: JsonFinding) => f.file))].sort();
    // what the ignore package (git's rules) says of each file, asked directly
    const root = ignore({ allowRelativePaths: true }).add(rules.join("\n"));
    const want = files.filter((f) => !root.ignores(f) && f !== "nested/skip.ts").sort();
    expect(found).toEqual(want);
    expect(want).toEqual(expect.arrayContaining(["gen64/kept.ts", "lib/out/kept.ts", "logs/app.log.ts", "docs/kept.md", "report12.txt", "nested/inner.ts"]));
    expect(want).not.toContain("src/gen3/x.ts");
  });

  it("an ignore file over git's size limit is left out with one warning (as git does), the rest applies", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-scan-bigignore-"));
    mkdirSync(join(dir, "sub"));
    for (const f of ["a.js", "sub/b.js", "sub/c.js"]) writeFileSync(join(dir, f), `fetch("${HOST}/v2/topics");\n`);
    // a sparse file: no disk used, never read
    writeFileSync(join(dir, ".gitignore"), "");
    truncateSync(join(dir, ".gitignore"), MAX_GITIGNORE_BYTES + 1);
    writeFileSync(join(dir, "sub/.gitignore"), "c.js\n");
    const r = await runMain(["migrate", "scan", "--format", "json"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect([...new Set(JSON.parse(r.stdout).findings.map((f: JsonFinding) => f.file))].sort()).toEqual(["a.js", "sub/b.js"]);
    const warnings = r.stderr.split("\n").filter((l) => l.startsWith("mids: ignoring"));
    const mib = `${(MAX_GITIGNORE_BYTES / 1048576).toFixed(1)} MiB`;
    expect(warnings).toEqual([`mids: ignoring .gitignore: ${mib}, over git's ${mib} limit for an ignore file; its rules were not applied`]);
  });

  it("ignores other APIs' /v2 and non-first /v2 segments; unknown routes count only on the API's host (--host or the base URL)", async () => {
    const api = readFileSync(join(tree, "src/client/api.ts"), "utf8");
    expect(api).toContain("api.stripe.com/v2/");
    expect(report.findings.some((f) => f.text.includes("core/events") || f.from.path.includes("sdk"))).toBe(false);
    const noHost = await runMain(["migrate", "scan", "src", "--format", "json"], { cwd: tree, env: baseEnv() });
    expect(JSON.parse(noHost.stdout).findings.map((f: JsonFinding) => f.status)).not.toContain("unrecognized");
    const withHost = await runMain(["migrate", "scan", "src", "--format", "json", "--host", "API.mids.example"], { cwd: tree, env: baseEnv() });
    expect(JSON.parse(withHost.stdout).findings.filter((f: JsonFinding) => f.status === "unrecognized").map((f: JsonFinding) => f.line)).toEqual([13]);
    // the https default port names the same host written without a port; another port does not
    const port443 = await runMain(["migrate", "scan", "src", "--format", "json", "--host", "api.mids.example:443"], { cwd: tree, env: baseEnv() });
    expect(JSON.parse(port443.stdout).findings.filter((f: JsonFinding) => f.status === "unrecognized").map((f: JsonFinding) => f.line)).toEqual([13]);
    const port8443 = await runMain(["migrate", "scan", "src", "--format", "json", "--host", "api.mids.example:8443"], { cwd: tree, env: baseEnv() });
    expect(JSON.parse(port8443.stdout).findings.map((f: JsonFinding) => f.status)).not.toContain("unrecognized");
  });

  it("--include and --exclude globs; a named file is scanned even where the walk would skip it", async () => {
    const py = await runMain(["migrate", "scan", "--include", "*.py", "--exclude", "src/**", "--format", "json"], { cwd: tree, env: env() });
    expect([...new Set(JSON.parse(py.stdout).findings.map((f: JsonFinding) => f.file))]).toEqual(["py/client.py"]);
    const ex = await runMain(["migrate", "scan", "--exclude", "src", "--exclude", "*.md", "--format", "json"], { cwd: tree, env: env() });
    expect(JSON.parse(ex.stdout).findings.some((f: JsonFinding) => f.file.startsWith("src/") || f.file.endsWith(".md"))).toBe(false);
    const named = await runMain(["migrate", "scan", "node_modules/some-lib/index.js", "--format", "json"], { cwd: tree, env: env() });
    expect(JSON.parse(named.stdout).findings.map((f: JsonFinding) => f.file)).toEqual(["node_modules/some-lib/index.js"]);
  });
});

describe("mids migrate scan: exit codes", () => {
  it("--fail-on exits 8 after writing the findings; statuses absent pass; bad values and paths are usage errors", async () => {
    const fail = await runMids(["migrate", "scan", "--fail-on", "removed,unrecognized", "--format", "json"], { cwd: tree, env: env() });
    expect(fail.code).toBe(8);
    expect(JSON.parse(fail.stdout).findings).toHaveLength(20);
    expect(fail.stderr).toMatch(/3 matched --fail-on \(2 removed, 1 unrecognized\)/);
    const pass = await runMain(["migrate", "scan", "deploy", "--fail-on", "partial", "--format", "json"], { cwd: tree, env: env() });
    expect(pass.code).toBe(0);
    const bad = await runMain(["migrate", "scan", "--fail-on", "unchanged"], { cwd: tree, env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--fail-on must be one or more of rewritten, partial, removed, unrecognized, comma-separated (got 'unchanged')");
    const missing = await runMain(["migrate", "scan", "nope/"], { cwd: tree, env: env() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such file or directory: 'nope/'");
    const dry = await runMain(["migrate", "scan", "--dry-run"], { cwd: tree, env: env() });
    expect(dry.code).toBe(2);
  });

  it("`mids migrate FILE` still reads a log, and a log file named like a path works beside the scan subcommand", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-scan-log-"));
    writeFileSync(join(dir, "access.log"), "GET /v2/clusters HTTP/1.1\n");
    const r = await runMain(["migrate", "access.log"], { cwd: dir, env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("GET /v3/clusters HTTP/1.1\n");
  });
});

describe("mids migrate scan --fix", () => {
  it("--dry-run prints a unified diff that patch applies, and writes nothing", async () => {
    const dir = copyTree();
    const before = snapshot(dir);
    const r = await runMain(["migrate", "scan", "--fix", "--dry-run", "--fail-on", "removed"], { cwd: dir, env: env() });
    expect(r.code).toBe(8); // two removed usages are left
    expect(snapshot(dir)).toEqual(before);
    expect(r.stdout).toContain("--- a/src/client/api.ts\n+++ b/src/client/api.ts\n@@ -2,11 +2,11 @@\n");
    expect(r.stdout).toContain("-  return fetch(`${BASE}/v2/projects/${id}/momentum?start=${s}&clusters=false`);\n+  return fetch(`${BASE}/v3/projects/${id}/series/trend?from=${s}`);\n");
    expect(r.stdout).toContain('\t const t = "/v3/topics";\r\n'.slice(2).replace(/^/, "+\t"));
    expect(r.stderr).toContain("mids: would fix 12 usages in 8 files");
    // the diff applies to a pristine copy and gives what --fix writes
    const patched = copyTree();
    const p = spawnSync("patch", ["-p1", "--binary", "-s"], { cwd: patched, input: r.stdout });
    expect(p.status, String(p.stderr) + String(p.stdout)).toBe(0);
    const fixed = copyTree();
    const f = await runMain(["migrate", "scan", "--fix", "--format", "json"], { cwd: fixed, env: env() });
    expect(f.code).toBe(0);
    for (const file of ["src/client/api.ts", "src/client/crlf.js", "py/client.py", "scripts/fetch.sh", "deploy/config.yaml"]) {
      expect(readFileSync(join(patched, file)).equals(readFileSync(join(fixed, file))), file).toBe(true);
    }
  });

  it("rewrites in place keeping BOM, CRLF and mode; leaves partial and removed usages and reports them", async () => {
    const dir = copyTree();
    const r = await runMain(["migrate", "scan", "--fix", "--format", "json"], { cwd: dir, env: env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("mids: fixed 12 usages in 8 files");
    const left = JSON.parse(r.stdout);
    expect(left.findings.map((f: JsonFinding) => f.status).sort()).toEqual(["partial", "partial", "partial", "partial", "partial", "removed", "removed", "unrecognized"]);
    expect(left.summary).toMatchObject({ fixed: 12 });
    // the summary says what was found, then what is left (8 findings in 5 files above; before: "8 v2 usages ...; 12 fixed")
    expect(r.stderr).toContain("files scanned: 20 v2 usages found; 12 fixed; left: 8 v2 usages in ");
    const crlf = readFileSync(join(dir, "src/client/crlf.js"));
    const orig = readFileSync(join(FIXTURE, "src/client/crlf.js"));
    expect(crlf.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(crlf.toString("latin1")).toBe(orig.toString("latin1").replace("/v2/clusters", "/v3/clusters").replace('"/v2/topics"', '"/v3/topics"'));
    expect(statSync(join(dir, "scripts/fetch.sh")).mode & 0o777).toBe(0o755);
    expect(readFileSync(join(dir, "py/client.py"), "utf8")).toContain('requests.get(f"{BASE}/v3/projects/{pid}/series/rank")');
    expect(readFileSync(join(dir, "docs/API.md"), "utf8")).toContain("`GET /v3/vocabulary` once a day, then https://api.mids.example/v3/intel?project=p1.");
    // never touched: ignored, vendored, binary, oversized
    for (const f of ["build/out.js", "node_modules/some-lib/index.js", "vendor/dep/dep.go", "docs/logo.png", "nested/ignored.txt"]) {
      expect(readFileSync(join(dir, f)).equals(readFileSync(join(FIXTURE, f))), f).toBe(true);
    }
    expect(readdirSync(join(dir, "src/client")).sort()).toEqual(["api.ts", "crlf.js"]); // no temp files left
    // a file that is not UTF-8 (latin1 here) is written back byte for byte but for the route
    const latin1 = Buffer.from('// caf\xe9\nget("/v2/clusters")\n', "latin1");
    writeFileSync(join(dir, "legacy.js"), latin1);
    const l = await runMain(["migrate", "scan", "legacy.js", "--fix", "--format", "json"], { cwd: dir, env: env() });
    expect(l.code).toBe(0);
    expect(readFileSync(join(dir, "legacy.js"))).toEqual(Buffer.from('// caf\xe9\nget("/v3/clusters")\n', "latin1"));
    const again = await runMain(["migrate", "scan", "--format", "json"], { cwd: dir, env: env() });
    expect(JSON.parse(again.stdout).summary).toMatchObject({ rewritten: 0, partial: 5, removed: 2 });
  });
});

describe("mids migrate scan: formats", () => {
  it("stylish shows line:col, status, the route and its v3 replacement, the source line and a caret", async () => {
    const r = await runMain(["migrate", "scan", "go"], { cwd: tree, env: env() });
    expect(r.stdout.split("\n").slice(0, 5)).toEqual([
      "go/client.go",
      "  6:24    rewritten  GET /v2/projects/chains -> GET /v3/vocabulary  vocabulary-chains",
      '     6 |  return fmt.Sprintf("%s/v2/projects/chains", base)',
      "       |                        ^^^^^^^^^^^^^^^^^^^",
      `         vocabulary-chains: ${migrationRule("vocabulary-chains").message} ${migrationRule("vocabulary-chains").action}`,
    ]);
    expect(r.stdout).toContain("--fix: /v3/vocabulary");
    // stylish as the second format, json on stdout: the source lines are there too
    const out = join(mkdtempSync(join(tmpdir(), "mids-scan-out-")), "findings.txt");
    const j = await runMain(["migrate", "scan", "go", "--format", "json", "--output-file", out, "--output-file-format", "stylish"], { cwd: tree, env: env() });
    expect(j.code, j.stderr).toBe(0);
    expect(JSON.parse(j.stdout).findings.length).toBeGreaterThan(0);
    expect(readFileSync(out, "utf8")).toBe(r.stdout);
  });

  it("github annotations by default in Actions, plus a Markdown table in $GITHUB_STEP_SUMMARY", async () => {
    const summary = join(mkdtempSync(join(tmpdir(), "mids-scan-summary-")), "summary.md");
    const r = await runMain(["migrate", "scan", "src/client/crlf.js"], { cwd: tree, env: env({ GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary }) });
    expect(r.stdout.split("\n")[0]).toBe("::notice file=src/client/crlf.js,line=1,col=55,endLine=1,endColumn=67,title=v2 rewritten%3A GET /v2/clusters::GET /v2/clusters -> GET /v3/clusters%0A--fix: /v3/clusters");
    expect(r.stdout).toContain("::warning file=src/client/crlf.js,line=3,");
    const md = readFileSync(summary, "utf8").split("\n");
    expect(md[0]).toMatch(/^### mids migrate scan: 1 file scanned: 3 v2 usages/);
    expect(md.filter((l) => l.startsWith("| `src/client/crlf.js`"))).toHaveLength(3);
  });

  it("gitlab: unique fingerprints, stable across runs; checkstyle and junit are well-formed XML", async () => {
    const run = async (format: string) => (await runMain(["migrate", "scan", "--format", format], { cwd: tree, env: env() })).stdout;
    const [a, b] = [JSON.parse(await run("gitlab")), JSON.parse(await run("gitlab"))];
    expect(a).toHaveLength(20);
    expect(new Set(a.map((i: { fingerprint: string }) => i.fingerprint)).size).toBe(20);
    expect(b.map((i: { fingerprint: string }) => i.fingerprint)).toEqual(a.map((i: { fingerprint: string }) => i.fingerprint));
    expect(a[0]).toMatchObject({ check_name: "migrate/rewritten", severity: "info", location: { path: "deploy/config.yaml", lines: { begin: 2 } } });
    expect(a.find((i: { check_name: string }) => i.check_name === "migrate/removed").severity).toBe("minor");
    const cs = parseXml(await run("checkstyle"));
    expect(cs.name).toBe("checkstyle");
    expect(cs.children.map((f) => f.attrs.name)).toContain("src/client/crlf.js");
    expect(cs.children.flatMap((f) => f.children)).toHaveLength(20);
    const ju = parseXml(await run("junit"));
    expect(ju.attrs).toMatchObject({ tests: "8", failures: "0" });
  });
});

describe("CI annotations from a job step run in a subdirectory of the repository", () => {
  // GitHub and GitLab place an annotation by its path from the repository root; a step with
  // `working-directory: services/api` names its files from there
  it("github, gitlab, SARIF and the step summary name the file from the root (GITHUB_WORKSPACE, CI_PROJECT_DIR)", async () => {
    const repo = fileTree({ "services/api/client.js": 'fetch(BASE + "/v2/topics");\n' }, "repo-");
    const cwd = join(repo, "services", "api");
    const summary = join(repo, "summary.md");
    const env = baseEnv({ GITHUB_WORKSPACE: repo, CI_PROJECT_DIR: repo, GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary });
    const [github, gitlab, sarif] = await Promise.all([
      runMain(["migrate", "scan", ".", "--format", "github"], { env, cwd }),
      runMain(["migrate", "scan", "client.js", "--format", "gitlab"], { env, cwd }),
      runMain(["migrate", "scan", ".", "--format", "json", "--output-file", join(repo, "v2.sarif")], { env, cwd }),
    ]);
    expect(sarif.code, sarif.stderr).toBe(0);
    const uris = (JSON.parse(readFileSync(join(repo, "v2.sarif"), "utf8")) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }[] }[] })
      .runs[0].results.map((r) => r.locations[0].physicalLocation.artifactLocation);
    // code scanning reads %SRCROOT% as the repository root
    expect(uris).toEqual([{ uri: "services/api/client.js", uriBaseId: "%SRCROOT%" }]);
    expect(github.code, github.stderr).toBe(0);
    expect(github.stdout).toMatch(/^::notice file=services\/api\/client\.js,line=1,/);
    expect(gitlab.code, gitlab.stderr).toBe(0);
    expect((JSON.parse(gitlab.stdout) as { location: { path: string } }[]).map((i) => i.location.path)).toEqual(["services/api/client.js"]);
    expect(readFileSync(summary, "utf8")).toContain("| `services/api/client.js` | 1 |");
  });
});

describe("migrate scan: a source tree with its own v2/ directory", () => {
  it("leaves relative imports of it alone, in the findings and under --fix", async () => {
    const imports = 'import { topics } from "../v2/topics";\nconst c = require("./v2/clusters");\n';
    const dir = fileTree({ "src/app.ts": imports + 'fetch(BASE + "/v2/topics");\n', "src/v2/topics.ts": "export const topics = 1;\n" }, "scan-v2dir-");
    const r = await runMids(["migrate", "scan", "--fix", "--format", "json"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("mids: fixed 1 usage in 1 file\n");
    expect(readFileSync(join(dir, "src/app.ts"), "utf8")).toBe(imports + 'fetch(BASE + "/v3/topics");\n');
  });
});

describe("migrate scan --fix: a path the code appends to", () => {
  it("leaves a project path whose sub-routes move in v3, and says why; fixes one every route below which is one more id", async () => {
    const src = 'const P = "/v2/projects/" + id + "/";\nconst rank = P + "rank";\nconst S = "/v2/signals/";\nconst one = S + sid;\n';
    const dir = fileTree({ "api.js": src }, "scan-append-");
    const r = await runMids(["migrate", "scan", "--fix", "--format", "json"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, "api.js"), "utf8")).toBe(src.replace('"/v2/signals/"', '"/v3/intel/"'));
    const [left] = (JSON.parse(r.stdout) as { findings: { line: number; status: string; replacement: string | null }[] }).findings;
    expect(left).toMatchObject({ line: 1, status: "partial", replacement: null });
    const stylish = await runMids(["migrate", "scan"], { cwd: dir, env: env() });
    expect(stylish.stdout).toContain("not fixed by --fix: a path ending in / is one the code may append to, and v2 routes below it have other v3 paths");
  });
});

describe("migrate scan: a v2 route the code picks at run time", () => {
  it("reports `${BASE}/v2/projects/${id}/${measure}` unrecognized (no base URL set), and --fix leaves it", async () => {
    const src = "const url = `${BASE}/v2/projects/${id}/${measure}`;\n";
    const dir = fileTree({ "series.js": src }, "scan-dynamic-");
    const r = await runMids(["migrate", "scan", "--fix", "--format", "json", "--fail-on", "unrecognized"], { cwd: dir, env: baseEnv() });
    expect(r.code, r.stderr).toBe(8);
    const { findings } = JSON.parse(r.stdout) as { findings: { line: number; column: number; status: string }[] };
    expect(findings.map((f) => [f.line, f.column, f.status])).toEqual([[1, 21, "unrecognized"]]);
    expect(readFileSync(join(dir, "series.js"), "utf8")).toBe(src);
  });
});

describe("migrate scan --fix: a Postman collection", () => {
  it("leaves a request whose url.path array names v2 (Postman and Newman send by it), and fixes a plain url", async () => {
    const col = JSON.stringify({ item: [
      { name: "clusters", request: { method: "GET", url: { raw: "{{base}}/v2/clusters", host: ["{{base}}"], path: ["v2", "clusters"] } } },
      { name: "topics", request: { method: "GET", url: "{{base}}/v2/topics" } },
    ] }, null, 2) + "\n";
    const dir = fileTree({ "api.postman_collection.json": col }, "scan-postman-");
    const r = await runMids(["migrate", "scan", "--fix", "--format", "json"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, "api.postman_collection.json"), "utf8")).toBe(col.replace('"{{base}}/v2/topics"', '"{{base}}/v3/topics"'));
    const { findings } = JSON.parse(r.stdout) as { findings: { text: string; status: string; replacement: string | null }[] };
    expect(findings.map((f) => [f.text, f.status, f.replacement])).toEqual([["/v2/clusters", "partial", null]]);
    const stylish = await runMids(["migrate", "scan"], { cwd: dir, env: env() });
    expect(stylish.stdout).toContain("not fixed by --fix: a Postman request: its url.path array names v2 too");
  });
});
