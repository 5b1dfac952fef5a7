import { describe, expect, it } from "vitest";
import { formatGithub, formatJson, formatJunit, formatSarif, formatStylish, githubLine, xmlEscape } from "../../src/recipes/findings.js";
import { stylishColours } from "../../src/findings/index.js";
import { checkText, mapBounded, summarize, summaryLine, type ValidationResult } from "../../src/recipes/check.js";
import type { FileReport, Finding } from "../../src/recipes/types.js";
import { parseXml } from "../fixtures/recipes/xml.js";

const finding = (over: Partial<Finding> = {}): Finding => ({
  file: "r/a.yaml", line: 3, column: 9, endLine: 3, endColumn: 13, path: "steps[0].uses", message: "unknown step `nope`",
  severity: "error", source: "server", document: 1, ...over,
});
const report = (file: string, findings: Finding[], text = "name: a\nsteps:\n  - uses: nope\n"): FileReport =>
  ({ file, text, documents: 1, findings: findings.map((f) => ({ ...f, file })), sent: true, recipes: [] });

describe("github format", () => {
  it("writes one workflow command per finding with position properties", () => {
    expect(githubLine(finding())).toBe("::error file=r/a.yaml,line=3,col=9,endLine=3,endColumn=13,title=recipe server steps[0].uses::unknown step `nope`");
  });
  it("makes an absolute path inside GITHUB_WORKSPACE relative, so the annotation attaches", () => {
    expect(githubLine(finding({ file: "/home/runner/work/repo/recipes/a.yaml" }), "/home/runner/work/repo")).toContain("file=recipes/a.yaml,");
    expect(githubLine(finding({ file: "/elsewhere/a.yaml" }), "/home/runner/work/repo")).toContain("file=/elsewhere/a.yaml,");
    expect(githubLine(finding({ file: "r/a.yaml" }), "/home/runner/work/repo")).toContain("file=r/a.yaml,");
  });
  it("escapes newlines and percent so a message cannot start a new command", () => {
    const line = githubLine(finding({ message: "bad\n::set-output name=x::1 100%", file: "a,b:c.yaml", severity: "warning" }));
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toContain("file=a%2Cb%3Ac.yaml");
    expect(line.endsWith("::bad%0A::set-output name=x::1 100%25")).toBe(true);
    expect(line.startsWith("::warning ")).toBe(true);
  });
});

describe("junit format", () => {
  it("is well-formed XML with one testcase per file and a failure per failing file", () => {
    const xml = formatJunit([
      report("ok.yaml", []),
      report("bad <&>.yaml", [finding({ message: 'a "quoted" <tag> & \u0001 control' }), finding({ line: 4 })]),
    ]);
    const root = parseXml(xml);
    expect(root.name).toBe("testsuites");
    expect(root.attrs).toMatchObject({ tests: "2", failures: "1" });
    const cases = root.children[0].children;
    expect(cases.map((c) => c.attrs.name)).toEqual(["ok.yaml", "bad <&>.yaml"]);
    expect(cases[0].children).toHaveLength(0);
    const failure = cases[1].children[0];
    expect(failure.name).toBe("failure");
    expect(failure.attrs.message).toContain('2 errors: a "quoted" <tag> &  control');
    expect(failure.text).toContain("bad <&>.yaml:4:9: error");
  });
  it("drops characters XML cannot carry", () => {
    expect(xmlEscape("a\u0000b\u001bc<")).toBe("abc&lt;");
  });
});

describe("sarif format", () => {
  it("has the SARIF 2.1.0 shape with one result per finding", () => {
    const log = JSON.parse(formatSarif([report("./r/a.yaml", [finding(), finding({ source: "syntax", path: null, severity: "warning" })])], { name: "mids", version: "1.2.3" }));
    expect(log.version).toBe("2.1.0");
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(log.runs[0].tool.driver).toMatchObject({ name: "mids", version: "1.2.3" });
    const [a, b] = log.runs[0].results;
    expect(a).toMatchObject({ ruleId: "recipe/server", level: "error", message: { text: "unknown step `nope`" } });
    expect(a.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: "r/a.yaml", uriBaseId: "%SRCROOT%" },
      region: { startLine: 3, startColumn: 9, endLine: 3, endColumn: 13 },
    });
    expect(log.runs[0].tool.driver.rules[a.ruleIndex].id).toBe(a.ruleId);
    expect(b).toMatchObject({ ruleId: "recipe/syntax", level: "warning" });
    expect(log.runs[0].tool.driver.rules[b.ruleIndex].id).toBe(b.ruleId);
  });
});

describe("json and stylish formats", () => {
  it("json is the flat findings array in input order", () => {
    const arr = JSON.parse(formatJson([report("b.yaml", [finding()]), report("a.yaml", [finding({ line: 1 })])]));
    expect(arr.map((f: Finding) => f.file)).toEqual(["b.yaml", "a.yaml"]);
    // exactly the issue's fields, in its order: a consumer's strict schema must not break
    for (const f of arr) expect(Object.keys(f)).toEqual(["file", "line", "column", "endLine", "endColumn", "path", "message", "severity", "source"]);
    expect(formatJson([report("ok.yaml", [])])).toBe("[]\n");
  });
  it("stylish shows the source line with a caret under the node, and strips control characters", () => {
    const out = formatStylish([report("a.yaml", [finding({ message: "bad \u001b[31mred" })]), report("ok.yaml", [])], false);
    const lines = out.split("\n");
    expect(lines[0]).toBe("a.yaml");
    expect(lines[1]).toMatch(/^ {2}3:9 +error +bad red +steps\[0\]\.uses +server$/);
    expect(lines[2]).toBe("     3 |   - uses: nope");
    expect(lines[3]).toBe("       |         ^^^^");
    expect(out).not.toContain("ok.yaml");
    expect(out).not.toContain("\u001b");
  });
  it("stylish is coloured when asked (a TTY): underlined file, red error and caret, same text underneath", async () => {
    const f = [finding({ message: "bad \u001b[2Jclear" })];
    const plain = formatStylish([report("a.yaml", f)], false);
    const coloured = formatStylish([report("a.yaml", f)], await stylishColours());
    expect(coloured).toContain("\u001b[4ma.yaml\u001b[24m");
    expect(coloured).toContain("\u001b[31merror  \u001b[39m");
    expect(coloured).toContain("\u001b[31m        ^^^^\u001b[39m");
    expect(coloured).not.toContain("\u001b[2J"); // the server's text never carries its own escapes
    expect(coloured.replace(/\u001b\[\d+m/g, "")).toBe(plain);
  });
});

describe("checking a file against a validator", () => {
  const text = "# multi\nname: a\nsteps:\n  - uses: nope\n---\nname: b\n";
  it("sends each document and maps issues into the right document", async () => {
    const sent: string[] = [];
    const validator = async (src: string): Promise<ValidationResult> => {
      sent.push(src);
      return src.includes("nope") ? { valid: false, issues: [{ path: "/steps/0/uses", message: "unknown" }] } : { valid: true, issues: [{ path: "name", message: "style" }] };
    };
    const r = await checkText("m.yaml", text, validator);
    expect(sent).toEqual(["# multi\nname: a\nsteps:\n  - uses: nope\n", "---\nname: b\n"]);
    expect(r.findings.map((f) => [f.document, f.line, f.column, f.severity])).toEqual([[1, 4, 11, "error"], [2, 6, 7, "warning"]]);
    expect(summarize([r])).toMatchObject({ files: 1, valid: 0, withFindings: 1, findings: 2, errors: 1, warnings: 1 });
  });
  it("never sends a file with a syntax error", async () => {
    let calls = 0;
    const r = await checkText("s.yaml", "a: [1\n", async () => (calls++, { valid: true, issues: [] }));
    expect(calls).toBe(0);
    expect(r.sent).toBe(false);
    expect(r.findings[0].source).toBe("syntax");
  });
  it("a failed document keeps the findings of the documents before it and marks the file not checked", async () => {
    const boom = new Error("HTTP 500");
    let calls = 0;
    const r = await checkText("m.yaml", text, async () => {
      if (calls++ === 1) throw boom;
      return { valid: false, issues: [{ path: "/steps/0/uses", message: "unknown" }] };
    });
    expect(r.findings.map((f) => [f.document, f.line])).toEqual([[1, 4]]);
    expect(r.notChecked).toEqual({ error: boom });
    expect(summarize([r, report("ok.yaml", [])])).toMatchObject({ files: 1, notChecked: 1, valid: 1, withFindings: 1, findings: 1 });
  });
  it("an invalid answer without issues is still a finding (never a false green)", async () => {
    const r = await checkText("x.yaml", "name: a\n", async () => ({ valid: false, issues: [] }));
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ line: 1, column: 1, severity: "error" });
  });
  it("summarizes in one line", () => {
    expect(summaryLine({ files: 2, notChecked: 0, valid: 1, withFindings: 1, findings: 3, errors: 2, warnings: 1 }))
      .toBe("2 files checked: 1 valid, 1 with findings, 3 findings (2 errors, 1 warning)");
    expect(summaryLine({ files: 2, notChecked: 1, valid: 1, withFindings: 1, findings: 1, errors: 1, warnings: 0 }))
      .toBe("2 files checked: 1 valid, 1 with findings, 1 finding; 1 file not checked");
  });
});

describe("bounded concurrency", () => {
  it("keeps input order and never exceeds the limit", async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapBounded([50, 10, 30, 0, 20, 5], 3, async (ms, i) => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight--;
      return i;
    });
    expect(out).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(3);
  });
  it("rethrows the first failure and starts no new work after it", async () => {
    const started: number[] = [];
    await expect(mapBounded([0, 1, 2, 3, 4], 1, async (i) => {
      started.push(i);
      if (i === 1) throw new Error("boom");
      return i;
    })).rejects.toThrow("boom");
    expect(started).toEqual([0, 1]);
  });
  it("an aborted signal starts no new work and leaves the items not started undefined", async () => {
    const stop = new AbortController();
    const out = await mapBounded([0, 1, 2, 3], 1, async (i) => {
      if (i === 1) stop.abort();
      return i;
    }, stop.signal);
    expect(out).toEqual([0, 1, undefined, undefined]);
  });
});

describe("choosing the findings format", () => {
  const ctx = (env: Record<string, string>, output: "json" | "table" = "table", outputExplicit = false) =>
    ({ io: { env }, globals: { output, outputExplicit } }) as unknown as import("../../src/context.js").Context;
  it("explicit --format wins, then -o json, then GITHUB_ACTIONS, else stylish", async () => {
    const { chooseFormat, fileFormat } = await import("../../src/commands/recipes/validate.js");
    expect(chooseFormat(ctx({ GITHUB_ACTIONS: "true" }), "sarif")).toBe("sarif");
    expect(chooseFormat(ctx({ GITHUB_ACTIONS: "true" }, "json", true), undefined)).toBe("json");
    expect(chooseFormat(ctx({ GITHUB_ACTIONS: "true" }), undefined)).toBe("github");
    expect(chooseFormat(ctx({}, "json", false), undefined)).toBe("stylish"); // piped: still the human format
    expect(() => chooseFormat(ctx({}), "xml")).toThrow(/--format must be one of/);
    expect(fileFormat("out/report.sarif", undefined)).toBe("sarif");
    expect(fileFormat("junit.xml", undefined)).toBe("junit");
    expect(fileFormat("r.json", undefined)).toBe("json");
    expect(fileFormat("r.txt", "github")).toBe("github");
    expect(() => fileFormat("r.txt", undefined)).toThrow(/cannot tell the format of --output-file/);
  });
});
