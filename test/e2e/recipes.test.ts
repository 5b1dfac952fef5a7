// recipes validate against the sandbox: exact locations, never sending a broken file, every format,
// stdin, exit codes, and 50 files in one run. One sandbox for the file.
import { readFileSync, writeFileSync, mkdirSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
// cases with absolute paths run in-process (runMain); a pass, cwd-relative paths and globs, and a
// missing file go through the built bin/mids
import { ROOT, runMain, runMids, startSandbox, tempDir, type SandboxProcess } from "../helpers/cli.js";
import { parseXml } from "../fixtures/recipes/xml.js";
import { SANDBOX_DEMO_KEY, SANDBOX_KEYS } from "../../src/sandbox/keys.js";
import { MAX_GITIGNORE_BYTES } from "../../src/util/gitignore-tree.js";

const FIX = join(ROOT, "test/fixtures/recipes");
const KEY = SANDBOX_DEMO_KEY;
const fixture = (name: string) => readFileSync(join(FIX, name), "utf8");

let sb: SandboxProcess;
let tmp: string;
beforeAll(async () => {
  sb = await startSandbox();
  tmp = tempDir("recipes-e2e-");
});
afterAll(async () => sb?.stop());
beforeEach(async () => { await sb.admin("/_sandbox/requests/clear", "POST"); });

interface Finding { file: string; line: number; column: number; endLine: number; endColumn: number; path: string | null; message: string; severity: string; source: string }

async function validateCalls(): Promise<number> {
  const log = await sb.admin<{ method: string; path: string }[]>("/_sandbox/requests");
  return log.filter((r) => r.method === "POST" && r.path === "/v2/recipes/validate").length;
}

/** The sandbox's own answer for a text, to compare messages and paths with. */
async function serverIssues(text: string): Promise<{ path: string; message: string }[]> {
  const res = await fetch(`${sb.url}/v2/recipes/validate`, {
    method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify({ yaml: text }),
  });
  return ((await res.json()) as { issues: { path: string; message: string }[] }).issues;
}

/** 1-based line and column of `needle` on the first line containing `lineMarker`. */
function pos(text: string, lineMarker: string, needle = lineMarker): { line: number; column: number } {
  const lines = text.split("\n");
  const i = lines.findIndex((l) => l.includes(lineMarker));
  if (i < 0) throw new Error(`marker ${lineMarker} not in fixture`);
  return { line: i + 1, column: lines[i].indexOf(needle) + 1 };
}

function write(name: string, text: string): string {
  const p = join(tmp, name);
  mkdirSync(join(p, ".."), { recursive: true });
  writeFileSync(p, text);
  return p;
}

describe("recipes validate", () => {
  // (through the built CLI: the file's e2e proof; the other cases run main() in process)
  it("passes a valid file: exit 0, nothing on stdout, a summary and the v3 notice on stderr", async () => {
    const r = await runMids(["recipes", "validate", join(FIX, "valid.yaml")], { env: sb.env(KEY) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("mids: 1 file checked: 1 valid, 0 with findings, 0 findings");
    expect(r.stderr).toMatch(/discontinued in v3/);
    expect(await validateCalls()).toBe(1);
    const j = await runMain(["recipes", "validate", join(FIX, "valid.yaml"), "--format", "json"], { env: sb.env(KEY) });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual([]);
  });

  it("reports a syntax error at its exact line and column and never sends the file", async () => {
    const text = fixture("syntax-error.yaml");
    const r = await runMain(["-q", "recipes", "validate", join(FIX, "syntax-error.yaml"), join(FIX, "valid.yaml"), "--format", "json"], { env: sb.env(KEY) });
    expect(r.code).toBe(8);
    const findings = JSON.parse(r.stdout) as Finding[];
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ ...pos(text, "with: a: b", "a: b"), source: "syntax", severity: "error", path: null });
    expect(findings[0].file).toBe(join(FIX, "syntax-error.yaml"));
    expect(Object.keys(findings[0])).toEqual(["file", "line", "column", "endLine", "endColumn", "path", "message", "severity", "source"]);
    // only the valid file reached the server
    expect(await validateCalls()).toBe(1);
    expect(r.stderr).toContain("2 files checked: 1 valid, 1 with findings, 1 finding");
  });

  it("refuses an alias bomb and an oversized file locally, and sends neither", async () => {
    const lines = ["l0: &l0 [x,x,x,x,x,x,x,x,x,x]"];
    for (let i = 1; i < 6; i++) lines.push(`l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(",")}]`);
    const bomb = write("bomb.yaml", lines.join("\n") + "\n");
    const big = write("big.yaml", "name: big\ndescription: " + "x".repeat(2 * 1024 * 1024) + "\n");
    const r = await runMain(["-q", "recipes", "validate", bomb, big, "--format", "json"], { env: sb.env(KEY) });
    expect(r.code).toBe(8);
    const f = JSON.parse(r.stdout) as Finding[];
    expect(f.map((x) => x.file)).toEqual([bomb, big]);
    expect(f[0].message).toMatch(/alias/);
    expect(f[1].message).toMatch(/over the \d+-byte limit/);
    expect(await validateCalls()).toBe(0);
  });

  it("stylish output shows file, line:col, the source line and a caret", async () => {
    const text = fixture("syntax-error.yaml");
    const r = await runMain(["-q", "recipes", "validate", "test/fixtures/recipes/syntax-error.yaml"], { env: sb.env(KEY) });
    expect(r.code).toBe(8);
    const p = pos(text, "with: a: b", "a: b");
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("test/fixtures/recipes/syntax-error.yaml");
    expect(lines[1]).toMatch(new RegExp(`^  ${p.line}:${p.column} +error `));
    expect(lines[2]).toBe(`${String(p.line).padStart(6)} | ${text.split("\n")[p.line - 1]}`);
    // the caret sits under the offending text of the source line above it
    expect(lines[3].indexOf("^")).toBe(lines[2].indexOf("a: b", 9));
    expect(lines[3].indexOf("^")).toBe(9 + p.column - 1);
  });

  describe.each(["dotted", "bracket", "pointer", "jsonpath"])("server findings with %s paths", (style) => {
    it("map each issue to its node's line and column", async () => {
      const text = `# sandbox-path-style: ${style}\n${fixture("findings.yaml")}`;
      const file = write(`findings-${style}.yaml`, text);
      const issues = await serverIssues(text);
      expect(issues.length).toBe(4);
      await sb.admin("/_sandbox/requests/clear", "POST");
      const r = await runMain(["recipes", "validate", file, "--format", "json"], { env: sb.env(KEY) });
      expect(r.code).toBe(8);
      const where: [RegExp, { line: number; column: number }][] = [
        [/unknown type/, pos(text, "type: float", "float")],
        [/unknown step/, pos(text, "uses: nope", "nope")],
        [/`uses` is required/, pos(text, "- id: no-uses", "id: no-uses")],
        [/`with` must be a mapping/, pos(text, "with: 3", "3")],
      ];
      const expected = issues.map((i) => {
        const w = where.find(([re]) => re.test(i.message));
        if (!w) throw new Error(`unexpected sandbox issue ${i.message}`);
        return { path: i.path, message: i.message, ...w[1], source: "server", severity: "error", file };
      }).sort((a, b) => a.line - b.line);
      const got = (JSON.parse(r.stdout) as Finding[]).map(({ path, message, line, column, source, severity, file: f }) => ({ path, message, line, column, source, severity, file: f }));
      expect(got).toEqual(expected);
      const first = got.find((g) => /unknown step/.test(g.message))!.path!;
      expect(first).toBe({ dotted: "steps.1.uses", bracket: "steps[1].uses", pointer: "/steps/1/uses", jsonpath: "$.steps[1].uses" }[style]);
      expect(await validateCalls()).toBe(1);
    });
  });

  it("validates each document of a multi-document file; a missing key points at its document", async () => {
    const text = fixture("multi.yaml");
    const r = await runMain(["-q", "recipes", "validate", join(FIX, "multi.yaml"), "--format", "json"], { env: sb.env(KEY) });
    expect(r.code).toBe(8);
    const findings = JSON.parse(r.stdout) as Finding[];
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ path: "version", ...pos(text, "name: fixture-second", "name") });
    expect(await validateCalls()).toBe(2);
    const stylish = await runMain(["-q", "recipes", "validate", join(FIX, "multi.yaml")], { env: sb.env(KEY) });
    expect(stylish.stdout).toMatch(/ error +`version` is required +version +document 2 +server\n/);
  });

  it("exits 2 for a missing file, an empty glob or an empty directory, and sends nothing", async () => {
    mkdirSync(join(tmp, "empty-dir"), { recursive: true });
    const r = await runMain(["recipes", "validate", join(FIX, "valid.yaml"), "nope.yaml", "no-such-dir/**/*.yaml", join(tmp, "empty-dir")], { env: sb.env(KEY) });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("no such file: 'nope.yaml'");
    expect(r.stderr).toContain("the pattern 'no-such-dir/**/*.yaml' matches no file");
    expect(r.stderr).toContain("holds no .yaml or .yml file");
    const g = await runMain(["recipes", "validate", "test/fixtures/recipes/*.yml"], { env: sb.env(KEY) });
    expect(g.code).toBe(2);
    expect(await validateCalls()).toBe(0);
  });

  it("a glob under an ignore file over git's size limit: one warning, that file's rules left out (as migrate scan and git do), the others applied", async () => {
    write("bigignore/a.yaml", fixture("valid.yaml"));
    write("bigignore/sub/b.yaml", fixture("valid.yaml"));
    write("bigignore/sub/skip.yaml", fixture("valid.yaml"));
    write("bigignore/sub/.gitignore", "skip.yaml\n");
    // a sparse file: no disk used, never read (its rule would leave a.yaml out)
    write("bigignore/.gitignore", "a.yaml\n");
    truncateSync(join(tmp, "bigignore/.gitignore"), MAX_GITIGNORE_BYTES + 1);
    const r = await runMain(["recipes", "validate", "bigignore/**/*.yaml", "bigignore/*.yaml"], { env: sb.env(KEY), cwd: tmp });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("mids: 2 files checked: 2 valid");
    expect(await validateCalls()).toBe(2);
    const mib = `${(MAX_GITIGNORE_BYTES / 1048576).toFixed(1)} MiB`;
    expect(r.stderr.split("\n").filter((l) => l.startsWith("mids: ignoring"))).toEqual([
      `mids: ignoring bigignore/.gitignore: ${mib}, over git's ${mib} limit for an ignore file; its rules were not applied`,
    ]);
  });

  it("github format is chosen under GITHUB_ACTIONS and annotates file, line and column", async () => {
    const text = `# sandbox-path-style: bracket\n${fixture("findings.yaml")}`;
    const file = write("gh/findings.yaml", text);
    const r = await runMain(["-q", "recipes", "validate", file, join(FIX, "syntax-error.yaml")], { env: sb.env(KEY, { GITHUB_ACTIONS: "true" }) });
    expect(r.code).toBe(8);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(5);
    for (const l of lines) expect(l).toMatch(/^::error file=[^,]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^:]+::\S/);
    const nope = pos(text, "uses: nope", "nope");
    const unknown = lines.filter((l) => l.includes("unknown step"));
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toContain(`file=${file},line=${nope.line},col=${nope.column},`);
    const syn = pos(fixture("syntax-error.yaml"), "with: a: b", "a: b");
    expect(lines[4]).toContain(`line=${syn.line},col=${syn.column},`);
  });

  it("writes JUnit XML to --output-file while stylish goes to stdout", async () => {
    const out = join(tmp, "report.xml");
    const r = await runMain(["-q", "recipes", "validate", join(FIX, "valid.yaml"), join(FIX, "findings.yaml"), "--output-file", out], { env: sb.env(KEY) });
    expect(r.code).toBe(8);
    expect(r.stdout).toContain("findings.yaml");
    expect(r.stdout).toMatch(/ error +unknown step/);
    const root = parseXml(readFileSync(out, "utf8"));
    expect(root.name).toBe("testsuites");
    expect(root.attrs).toMatchObject({ tests: "2", failures: "1" });
    const cases = root.children[0].children;
    expect(cases.map((c) => c.attrs.name)).toEqual([join(FIX, "valid.yaml"), join(FIX, "findings.yaml")]);
    expect(cases[0].children).toHaveLength(0);
    expect(cases[1].children[0].name).toBe("failure");
    expect(cases[1].children[0].attrs.message).toMatch(/^4 errors: /);
  });

  it("sarif output has the SARIF 2.1.0 shape with regions", async () => {
    const text = fixture("findings.yaml");
    const r = await runMain(["-q", "recipes", "validate", "test/fixtures/recipes/findings.yaml", "--format", "sarif"], { env: sb.env(KEY) });
    expect(r.code).toBe(8);
    const log = JSON.parse(r.stdout);
    expect(log.version).toBe("2.1.0");
    expect(log.$schema).toMatch(/sarif-2\.1\.0\.json$/);
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0].tool.driver.name).toBe("mids");
    expect(typeof log.runs[0].tool.driver.version).toBe("string");
    const results = log.runs[0].results as { ruleId: string; level: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }[] }[];
    expect(results).toHaveLength(4);
    for (const res of results) {
      expect(res.level).toBe("error");
      expect(res.message.text.length).toBeGreaterThan(0);
      expect(res.locations[0].physicalLocation.artifactLocation.uri).toBe("test/fixtures/recipes/findings.yaml");
      expect(Object.keys(res.locations[0].physicalLocation.region).sort()).toEqual(["endColumn", "endLine", "startColumn", "startLine"]);
    }
    const nope = results.find((x) => /unknown step/.test(x.message.text))!;
    const p = pos(text, "uses: nope", "nope");
    expect(nope.locations[0].physicalLocation.region).toEqual({ startLine: p.line, startColumn: p.column, endLine: p.line, endColumn: p.column + 4 });
  });

  it("reads stdin for -, named by --stdin-name; empty stdin is exit 2", async () => {
    const ok = await runMain(["recipes", "validate", "-"], { env: sb.env(KEY), input: fixture("valid.yaml") });
    expect(ok.code).toBe(0);
    expect(ok.stderr).toContain("1 file checked: 1 valid");
    const bad = await runMain(["-q", "recipes", "validate", "-", "--stdin-name", "piped.yaml", "--format", "json"], { env: sb.env(KEY), input: fixture("findings.yaml") });
    expect(bad.code).toBe(8);
    const f = JSON.parse(bad.stdout) as Finding[];
    expect(f.map((x) => x.file)).toEqual(["piped.yaml", "piped.yaml", "piped.yaml", "piped.yaml"]);
    expect(await validateCalls()).toBe(2);
    const empty = await runMain(["recipes", "validate", "-"], { env: sb.env(KEY), input: "" });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("stdin is empty");
    expect(await validateCalls()).toBe(2);
  });

  it("checks 50 files in one run, results in input order", async () => {
    const dir = join(tmp, "fifty");
    const valid = fixture("valid.yaml");
    const bad = new Set([3, 17, 28, 41, 49]);
    for (let i = 0; i < 50; i++) {
      const name = `r${String(i).padStart(2, "0")}.yaml`;
      write(`fifty/${name}`, bad.has(i) ? valid.replace("uses: output", `uses: not-a-step-${i}`) : valid.replace("fixture-valid", `fixture-${i}`));
    }
    const key = SANDBOX_KEYS.find((k) => k.archiveAccess)!.key; // its own rate-limit budget
    const r = await runMain(["-q", "recipes", "validate", dir, "--format", "json", "--concurrency", "8"], { env: sb.env(key) });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain("50 files checked: 45 valid, 5 with findings, 5 findings");
    const findings = JSON.parse(r.stdout) as Finding[];
    expect(findings.map((f) => f.file)).toEqual([...bad].map((i) => join(dir, `r${String(i).padStart(2, "0")}.yaml`)));
    const p = pos(valid, "uses: output", "output");
    for (const f of findings) expect(f).toMatchObject({ line: p.line, column: p.column });
    expect(await validateCalls()).toBe(50);
  });
});
