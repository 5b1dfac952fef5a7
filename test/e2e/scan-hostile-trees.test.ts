// migrate scan as an adversarial user meets it: files that are not UTF-8 under
// --fix --dry-run, hostile trees, outputs that must not lose or leak anything.
// (The first run goes through the built bin/mids; the others run main() in this process: what they
// print is the subject, and a CLI start-up each cost a fifth of a second of CPU.)
import { spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, BIN, runMain } from "../helpers/cli.js";

const env = () => baseEnv({ MIDS_BASE_URL: "https://api.mids.example" });
const tree = (files: Record<string, string | Buffer>): string => {
  const dir = mkdtempSync(join(tmpdir(), "mids-scan-tree-"));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
};

describe("migrate scan --fix --dry-run", () => {
  it("writes the diff of a latin1 file in its own bytes, so git apply takes it; the summary says 'would be fixed'", async () => {
    const latin1 = Buffer.from('// caf\xe9 cr\xe8me\nget("/v2/clusters")\n', "latin1");
    const dir = tree({ "legacy.js": latin1, "new.ts": 'const é = "/v2/clusters";\n' });
    spawnSync("git", ["init", "-q", "."], { cwd: dir });
    const r = spawnSync(process.execPath, [BIN, "migrate", "scan", "--fix", "--dry-run"], { cwd: dir, env: env() }); // stdout as bytes
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, "legacy.js"))).toEqual(latin1); // nothing written
    // two files of one usage each: both found, both would be fixed (before: "0 v2 usages; 2 would be fixed")
    expect(String(r.stderr)).toContain("2 files scanned: 2 v2 usages found; 2 would be fixed; would be left: 0 v2 usages\n");
    writeFileSync(join(dir, "p.diff"), r.stdout);
    const a = spawnSync("git", ["apply", "p.diff"], { cwd: dir });
    expect(a.status, String(a.stderr)).toBe(0);
    expect(readFileSync(join(dir, "legacy.js"))).toEqual(Buffer.from('// caf\xe9 cr\xe8me\nget("/v3/clusters")\n', "latin1"));
    expect(readFileSync(join(dir, "new.ts"), "utf8")).toBe('const é = "/v3/clusters";\n');
  });
});

describe("migrate scan: UTF-16 files (Windows PowerShell's >, some editors)", () => {
  const ps1 = '# caf\u00e9 \u{1F600}\r\n$r = Invoke-RestMethod "$base/v2/clusters" -Headers @{ "x-api-key" = $k }\r\n';
  const utf16 = (text: string, order: "le" | "be") => {
    const b = Buffer.from("\uFEFF" + text, "utf16le");
    return order === "be" ? b.swap16() : b;
  };

  it("finds the v2 calls of a UTF-16 file (either byte order) at their line and column, and --fix writes it back as UTF-16 with its BOM", async () => {
    const dir = tree({ "le.ps1": utf16(ps1, "le"), "be.ps1": utf16(ps1, "be") });
    // (in process: the latin1 --dry-run above goes through the built CLI, its stdout as bytes)
    const r = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    const findings = (JSON.parse(r.stdout) as { findings: { file: string; line: number; column: number; status: string }[] }).findings;
    // (the emoji is on line 1)
    const column = ps1.split("\r\n")[1].indexOf("/v2") + 1;
    expect(findings.map((f) => [f.file, f.line, f.column, f.status])).toEqual([["be.ps1", 2, column, "rewritten"], ["le.ps1", 2, column, "rewritten"]]);
    const fix = await runMain(["migrate", "scan", ".", "--fix"], { cwd: dir, env: env() });
    expect(fix.code, fix.stderr).toBe(0);
    for (const order of ["le", "be"] as const) expect(readFileSync(join(dir, `${order}.ps1`))).toEqual(utf16(ps1.replace("/v2/clusters", "/v3/clusters"), order));
    const again = await runMain(["migrate", "scan", ".", "--format", "json"], { cwd: dir, env: env() });
    expect((JSON.parse(again.stdout) as { findings: unknown[] }).findings).toEqual([]);
  });
});

describe("migrate scan --fix --dry-run, file names", () => {
  it("names with a space, a newline or a quote: git apply and patch -p1 both take the diff", async () => {
    const names = ["sp ace é.js", "new\nline.js", 'q"uote.js'];
    const dir = tree(Object.fromEntries(names.map((n) => [n, 'x("/v2/clusters")\n'])));
    const r = await runMain(["migrate", "scan", "--fix", "--dry-run"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    writeFileSync(join(dir, "p.diff"), r.stdout);
    const g = spawnSync("git", ["apply", "--check", "p.diff"], { cwd: dir });
    expect(g.status, String(g.stderr)).toBe(0);
    const p = spawnSync("patch", ["-p1", "-s", "-i", "p.diff"], { cwd: dir, input: "" });
    expect(p.status, String(p.stdout) + String(p.stderr)).toBe(0);
    for (const n of names) expect(readFileSync(join(dir, n), "utf8")).toBe('x("/v3/clusters")\n');
  });
});

describe("migrate scan --fix on a file named through a symbolic link", () => {
  it("rewrites the link's target and leaves the link a link", async () => {
    const dir = tree({ "real.js": 'get("/v2/clusters")\n' });
    symlinkSync("real.js", join(dir, "link.js"));
    const r = await runMain(["migrate", "scan", "link.js", "--fix"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(dir, "link.js")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, "real.js"), "utf8")).toBe('get("/v3/clusters")\n');
  });
});

describe("migrate scan stylish with a key on the usage's line", () => {
  it("redacts the key and puts the caret under the usage in the line it shows", async () => {
    const dir = tree({ "get.sh": 'curl -H "x-api-key: abcd1234secretvalue" "$BASE/v2/projects/$ID/candles"\n' });
    const r = await runMain(["migrate", "scan", "--format", "stylish"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain("abcd1234secretvalue");
    const lines = r.stdout.split("\n");
    const src = lines.findIndex((l) => l.includes('x-api-key: ***"'));
    const at = lines[src + 1].indexOf("^");
    expect(lines[src].slice(at)).toBe("/v2/projects/$ID/candles\"");
    expect(lines[src + 1].trimEnd().length - at).toBe("/v2/projects/$ID/candles".length);
  });
});

describe("migrate scan * (node_modules/ and vendor/ named by a shell glob)", () => {
  it("never walks them, says so on stderr, and --fix leaves them", async () => {
    const dir = tree({ "a.js": 'get("/v2/clusters")\n' });
    for (const d of ["node_modules", "vendor"]) {
      mkdirSync(join(dir, d));
      writeFileSync(join(dir, d, "x.js"), 'get("/v2/clusters")\n');
    }
    const r = await runMain(["migrate", "scan", "a.js", "node_modules", "vendor", "--fix"], { cwd: dir, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("mids: skipped node_modules: node_modules/, vendor/, .git/ are never walked");
    expect(r.stderr).toContain("mids: skipped vendor:");
    expect(r.stderr).toContain("fixed 1 usage in 1 file");
    for (const d of ["node_modules", "vendor"]) expect(readFileSync(join(dir, d, "x.js"), "utf8")).toBe('get("/v2/clusters")\n');
  });
});
