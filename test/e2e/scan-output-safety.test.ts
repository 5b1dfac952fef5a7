// What migrate scan prints of hostile source trees: no key in any output format, no control or
// bidi character raw on a terminal (piped diffs keep their bytes), bounded findings for files of
// many usages, and files whose names are not UTF-8 scanned by their bytes and named escaped.
// (Runs whose stdout bytes or argv bytes are the subject run the built CLI; the others run
// main(argv) in this process: the same program, without a CLI start-up each.)
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatStylish, type FindingsSet } from "../../src/findings/index.js";
import { testIO } from "../../src/io.js";
import { createContext } from "../../src/main.js";
import { runScan } from "../../src/migrate/scan/command.js";
import { MAX_FINDINGS_PER_FILE } from "../../src/migrate/scan/scan.js";
import { BIN, baseEnv, fileTree, runMain, tempDir } from "../helpers/cli.js";

const env = () => baseEnv({ MIDS_BASE_URL: "https://api.example.com" });

const tree = (files: Record<string, string | Buffer>): string => fileTree(files, "scan-out-");

describe("migrate scan output never shows a key", () => {
  // the configured key: no rule finds a key in a path segment or a filter value, but mids knows this one
  const configured = "ck9f8e7d6c5b4a";
  const keyEnv = () => baseEnv({ MIDS_BASE_URL: "https://api.example.com", MIDS_API_KEY: configured });
  const secrets = ["sk_live_9f8e7d6c5b4a", "tok9f8e7d6c5b4a", "up9f8e7d6c5b4a", "s9f8e7d6c5b4a", "eyJhbGciOiJIUzI1NiJ9", "pw9f8e7d6c5b4a", "pd9f8e7d6c5b4a", "cu9f8e7d6c5b4a", "kj9f8e7d6c5b4a", "kp9f8e7d6c5b4a", "kf9f8e7d6c5b4a", "kq9f8e7d6c5b4a", configured];
  const source = [
    'fetch("https://api.example.com/v2/clusters?apiKeys=sk_live_9f8e7d6c5b4a");',
    'sh("curl --oauth2-bearer tok9f8e7d6c5b4a -H \'X-Upstream-Token: up9f8e7d6c5b4a\' https://api.example.com/v2/clusters");',
    'sh("curl -b \\"sid=s9f8e7d6c5b4a\\" https://api.example.com/v2/clusters/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln");',
    'post("https://api.example.com/v2/clusters?user%5Bpassword%5D=pw9f8e7d6c5b4a");',
    // the rules of code (src/redact/source.ts): a secret-named constant, curl's -u after a tab
    'const db_pwd = "pd9f8e7d6c5b4a"; fetch("https://api.example.com/v2/clusters?limit=5");',
    'sh("curl\t-u=admin:cu9f8e7d6c5b4a https://api.example.com/v2/clusters?limit=6");',
    // a secret parameter's value in the literal joined to the one naming it (before: shown whole,
    // after a '"***"' where the join was)
    'fetch(base + "/v2/clusters?key=" + "kj9f8e7d6c5b4a"); get(`/v2/intel?limit=5&api_key=` + \'kp9f8e7d6c5b4a\' + "&page=2");',
    // ... or given to the placeholder that is its value (Go's Sprintf, Python's %)
    'u := fmt.Sprintf("%s/v2/clusters?api_key=%s", base, "kf9f8e7d6c5b4a"); v = base + "/v2/clusters?token=%s" % "kq9f8e7d6c5b4a"',
    // the configured key as a path segment (an agent route's) and as a filter value (before: shown)
    `fetch("https://api.example.com/v2/agent/${configured}/run"); fetch("https://api.example.com/v2/projects?names=${configured}");`,
    "",
  ].join("\n");

  it.each(["stylish", "json", "sarif", "github", "gitlab", "junit", "checkstyle"])("--format %s", async (format) => {
    const dir = tree({ "a.js": source });
    const r = await runMain(["migrate", "scan", "--format", format], { cwd: dir, env: keyEnv() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("a.js");
    for (const s of secrets) expect(r.stdout + r.stderr).not.toContain(s);
  });

  it("stylish: the caret stays under the usage when a key before it on the line was redacted", async () => {
    const dir = tree({ "a.js": 'const API_KEY = "sk_live_9f8e7d6c5b4a"; fetch("https://api.example.com/v2/clusters?limit=5");\n' });
    const r = await runMain(["migrate", "scan"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain("sk_live_9f8e7d6c5b4a");
    const lines = r.stdout.split("\n");
    const src = lines.findIndex((l) => l.includes("fetch("));
    // the shown line is shorter than the file's (the key became ***): the caret follows the shown text
    expect(lines[src]).toContain('"***"');
    const caret = lines[src + 1];
    expect(caret.indexOf("^")).toBe(lines[src].indexOf("/v2/"));
    expect(caret.trimEnd().length - caret.indexOf("^")).toBe("/v2/clusters?limit=5".length);
  });

  it("--fix --dry-run: the diff's lines", async () => {
    const dir = tree({ "a.js": source });
    const r = await runMain(["migrate", "scan", "--fix", "--dry-run"], { cwd: dir, env: keyEnv() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("+++ b/a.js");
    for (const s of secrets) expect(r.stdout + r.stderr).not.toContain(s);
  });
});

describe("migrate scan: control and bidi characters in scanned lines", () => {
  const line = 'get("https://api.example.com/v2/clusters"); // \u202Eevil\u2066 \u001b]0;TITLE\u0007 done\n';

  it("stylish shows them in caret notation, the caret still under the usage", async () => {
    const dir = tree({ "a.js": line });
    const r = await runMain(["migrate", "scan", "--format", "stylish"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/[\u001b\u0007\u202e\u2066]/);
    expect(r.stdout).toContain("// <U+202E>evil<U+2066> ^[]0;TITLE^G done");
    const lines = r.stdout.split("\n");
    const src = lines.findIndex((l) => l.includes('get("https://'));
    const caret = lines[src + 1];
    expect(caret.indexOf("^")).toBe(lines[src].indexOf("/v2/"));
  });

  it("the --fix --dry-run diff: caret notation on a terminal, the file's own bytes when piped", async () => {
    const dir = tree({ "a.js": line });
    const tty = testIO({ cwd: dir, stdoutIsTTY: true });
    await runScan({ paths: ["."], fix: true, dryRun: true }, createContext(tty, new AbortController().signal, () => new Date()));
    expect(tty.out()).not.toMatch(/[\u001b\u0007\u202e\u2066]/);
    expect(tty.out()).toContain("+get(\"https://api.example.com/v3/clusters\"); // <U+202E>evil<U+2066> ^[]0;TITLE^G done\n");

    const piped = spawnSync(process.execPath, [BIN, "migrate", "scan", "--fix", "--dry-run"], { cwd: dir, env: env() });
    expect(piped.status, String(piped.stderr)).toBe(0);
    expect(String(piped.stdout)).toContain(`-${line}+${line.replace("/v2/", "/v3/")}`);
    writeFileSync(join(dir, "p.diff"), piped.stdout);
    const a = spawnSync("git", ["apply", "p.diff"], { cwd: dir });
    expect(a.status, String(a.stderr)).toBe(0);
    expect(readFileSync(join(dir, "a.js"), "utf8")).toBe(line.replace("/v2/", "/v3/"));
  });
});

describe("migrate scan: many usages", () => {
  it("lists at most the per-file cap, says so, counts every usage, and --fix fixes them all", async () => {
    const n = MAX_FINDINGS_PER_FILE + 5;
    // one minified line
    const dir = tree({ "min.js": `var a=[${Array(n).fill('"https://api.example.com/v2/clusters"').join(",")}];\n`, "b.js": 'get("/v2/clusters")\n' });
    const r = await runMain(["migrate", "scan", "--format", "json", "--fail-on", "rewritten"], { cwd: dir, env: env() });
    expect(r.code).toBe(8);
    const out = JSON.parse(r.stdout);
    expect(out.findings).toHaveLength(MAX_FINDINGS_PER_FILE + 1);
    expect(out.summary.usages).toBe(n + 1);
    expect(out.summary.rewritten).toBe(n + 1);
    expect(r.stderr).toContain(`mids: min.js: 5 more usages not listed (at most ${MAX_FINDINGS_PER_FILE} a file); the summary counts them\n`);
    expect(r.stderr).toContain(`${n + 1} matched --fail-on`);
    // the streamed json is the text JSON.stringify writes
    expect(r.stdout).toBe(JSON.stringify(out, null, 2) + "\n");

    const f = await runMain(["migrate", "scan", "--fix", "--format", "json"], { cwd: dir, env: env() });
    expect(f.code, f.stderr).toBe(0);
    expect(f.stderr).toContain(`mids: fixed ${n + 1} usages in 2 files\n`);
    expect(readFileSync(join(dir, "min.js"), "utf8")).not.toContain("/v2/");
    expect(JSON.parse(f.stdout).summary.usages).toBe(0);
  });

  it("stylish takes any number of findings (no spread of them onto the stack)", () => {
    const findings = Array.from({ length: 300_000 }, (_, i) => ({
      file: "f.js", line: i + 1, column: 1, endLine: i + 1, endColumn: 2, severity: "note" as const, ruleId: "r", label: "rewritten", title: "t", message: "m",
    }));
    const set: FindingsSet = { tool: { name: "mids", version: "0", informationUri: "x" }, rules: [], files: [{ file: "f.js", findings }], suite: "s", classname: "c" };
    expect(formatStylish(set, false).split("\n")).toHaveLength(300_000 + 3);
  });
});

describe("migrate scan: file names that are not UTF-8", () => {
  it("scans such files and directories by their bytes, names them escaped, and --fix rewrites them", async () => {
    const dir = tempDir("scan-bytes-");
    const bad = Buffer.from([0x66, 0xff, 0xfe, 0x2e, 0x6a, 0x73]); // f\xff\xfe.js
    const badDir = Buffer.concat([Buffer.from(dir + "/d"), Buffer.from([0xe9])]); // d\xe9 (latin1 é)
    writeFileSync(Buffer.concat([Buffer.from(dir + "/"), bad]), 'get("/v2/clusters")\n');
    mkdirSync(badDir);
    writeFileSync(Buffer.concat([badDir, Buffer.from("/a.js")]), 'get("/v2/topics")\n');
    const r = await runMain(["migrate", "scan", "--format", "json", "--fail-on", "rewritten"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(8);
    expect(JSON.parse(r.stdout).findings.map((f: { file: string }) => f.file)).toEqual(["d\\xe9/a.js", "f\\xff\\xfe.js"]);

    // (in process: a piped --dry-run through the built CLI is the test of the diff's bytes above)
    const d = await runMain(["migrate", "scan", "--fix", "--dry-run"], { cwd: dir, env: env() });
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toContain('--- "a/f\\377\\376.js"\n');
    const patch = join(tempDir("patch-"), "p.diff");
    writeFileSync(patch, d.stdout);
    const a = spawnSync("git", ["apply", "--check", patch], { cwd: dir });
    expect(a.status, String(a.stderr)).toBe(0);

    const f = await runMain(["migrate", "scan", "--fix"], { cwd: dir, env: env() });
    expect(f.code, f.stderr).toBe(0);
    expect(f.stderr).toContain("mids: fixed 2 usages in 2 files\n");
    expect(readFileSync(Buffer.concat([Buffer.from(dir + "/"), bad]), "utf8")).toBe('get("/v3/clusters")\n');
    expect(readFileSync(Buffer.concat([badDir, Buffer.from("/a.js")]), "utf8")).toBe('get("/v3/topics")\n');
  });

  it("a directory or file named on the command line by bytes that are not UTF-8", () => {
    const dir = tempDir("scan-bytes-arg-");
    const badDir = Buffer.concat([Buffer.from(dir + "/d"), Buffer.from([0xe9])]);
    mkdirSync(badDir);
    writeFileSync(Buffer.concat([badDir, Buffer.from("/a.js")]), 'get("/v2/topics")\n');
    writeFileSync(Buffer.concat([Buffer.from(dir + "/f"), Buffer.from([0xff])]), 'get("/v2/clusters")\n');
    // (a process can only be given such an argument through a shell: Node's spawn writes UTF-8)
    const r = spawnSync("sh", ["-c", `exec "$0" "$1" migrate scan --format json "$(printf 'd\\351')" "$(printf 'f\\377')"`, process.execPath, BIN], { cwd: dir, env: env() });
    expect(r.status, String(r.stderr)).toBe(0);
    expect(JSON.parse(String(r.stdout)).findings.map((f: { file: string }) => f.file)).toEqual(["d\\xe9/a.js", "f\\xff"]);
  });
});
