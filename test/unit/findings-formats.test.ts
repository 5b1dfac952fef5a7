// The shared findings formats (src/findings): GitLab Code Quality, Checkstyle, the step summary.
import { describe, expect, it } from "vitest";
import { MAX_SHOWN_COLUMNS } from "../../src/findings/stylish.js";
import { SARIF_MAX_RESULTS } from "../../src/findings/sarif.js";
import { formatCheckstyle, formatGitlab, formatJunit, formatSarif, formatStylish, formatStepSummary, githubLine, type Finding, type FindingsSet } from "../../src/findings/index.js";
import { parseXml } from "../fixtures/recipes/xml.js";
import { displayWidth } from "../../src/output/width.js";

const finding = (over: Partial<Finding> = {}): Finding => ({
  file: "src/a.ts", line: 3, column: 5, endLine: 3, endColumn: 17, severity: "warning", ruleId: "migrate/partial", label: "partial",
  title: "v2 partial: GET /v2/projects", message: "GET /v2/projects?page=2 -> GET /v3/projects", notes: ["page-to-cursor: use cursors"], key: "/v2/projects?page=2", ...over,
});
const set = (findings: Finding[]): FindingsSet => ({
  tool: { name: "mids", version: "1.0.0" }, rules: [{ id: "migrate/partial", text: "Partial." }],
  files: [...new Set(findings.map((f) => f.file))].map((file) => ({ file, findings: findings.filter((f) => f.file === file) })),
  suite: "s", classname: "c",
});

describe("gitlab code quality", () => {
  it("has the fields GitLab reads; fingerprints are unique and do not move with the line", () => {
    const a = JSON.parse(formatGitlab(set([finding(), finding({ line: 9 }), finding({ file: "src/b.ts" })])));
    expect(a[0]).toEqual({
      type: "issue", description: "GET /v2/projects?page=2 -> GET /v3/projects\npage-to-cursor: use cursors", check_name: "migrate/partial",
      fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/), severity: "minor", location: { path: "src/a.ts", lines: { begin: 3, end: 3 } },
    });
    expect(new Set(a.map((i: { fingerprint: string }) => i.fingerprint)).size).toBe(3);
    const moved = JSON.parse(formatGitlab(set([finding({ line: 40, endLine: 40 }), finding({ line: 41 }), finding({ file: "src/b.ts", line: 1 })])));
    expect(moved.map((i: { fingerprint: string }) => i.fingerprint)).toEqual(a.map((i: { fingerprint: string }) => i.fingerprint));
    expect(JSON.parse(formatGitlab(set([finding({ severity: "error" }), finding({ severity: "note" })]))).map((i: { severity: string }) => i.severity)).toEqual(["major", "info"]);
    const abs = JSON.parse(formatGitlab(set([finding({ file: "/builds/g/p/src/a.ts" }), finding({ file: "/elsewhere/a.ts" })]), "/builds/g/p"));
    expect(abs.map((i: { location: { path: string } }) => i.location.path)).toEqual(["src/a.ts", "/elsewhere/a.ts"]);
  });
});

describe("gitlab fingerprints", () => {
  it("follow the file, not how it was named: absolute on another runner's build directory, ./relative, or from a subdirectory", () => {
    const fp = (file: string, projectDir: string, cwd: string) => {
      const [issue] = JSON.parse(formatGitlab(set([finding({ file })]), projectDir, cwd));
      return { path: issue.location.path, fingerprint: issue.fingerprint };
    };
    // GitLab compares the merge request's report with the target branch's: each made by its own job,
    // on whichever runner (CI_PROJECT_DIR is /builds/<runner>/<n>/<group>/<project>)
    const runs = [
      fp("/builds/aB3x/0/g/p/src/a.ts", "/builds/aB3x/0/g/p", "/builds/aB3x/0/g/p"),
      fp("/builds/zZ9q/2/g/p/src/a.ts", "/builds/zZ9q/2/g/p", "/builds/zZ9q/2/g/p"),
      fp("src/a.ts", "/builds/aB3x/0/g/p", "/builds/aB3x/0/g/p"),
      fp("./src/a.ts", "/builds/aB3x/0/g/p", "/builds/aB3x/0/g/p"),
      fp("a.ts", "/builds/aB3x/0/g/p", "/builds/aB3x/0/g/p/src"),
    ];
    expect(new Set(runs.map((r) => r.path))).toEqual(new Set(["src/a.ts"]));
    expect(new Set(runs.map((r) => r.fingerprint)).size).toBe(1);
  });
});

describe("checkstyle", () => {
  it("is well-formed XML with a file per file and an error per finding", () => {
    const root = parseXml(formatCheckstyle(set([finding({ message: 'a <b> & "c"' }), finding({ file: "x&y.ts", severity: "note" })])));
    expect(root.name).toBe("checkstyle");
    expect(root.children.map((f) => f.attrs.name)).toEqual(["src/a.ts", "x&y.ts"]);
    expect(root.children[0].children[0].attrs).toMatchObject({ line: "3", column: "5", severity: "warning", source: "migrate/partial" });
    expect(root.children[0].children[0].attrs.message).toContain('a <b> & "c"');
    expect(root.children[1].children[0].attrs.severity).toBe("info");
  });
});

describe("github", () => {
  it("notes become ::notice and the message carries the notes on their own lines", () => {
    expect(githubLine(finding({ severity: "note" }))).toBe("::notice file=src/a.ts,line=3,col=5,endLine=3,endColumn=17,title=v2 partial%3A GET /v2/projects::GET /v2/projects?page=2 -> GET /v3/projects%0Apage-to-cursor: use cursors");
  });
  it("the step summary is a Markdown table of every finding, with table syntax in the text escaped", () => {
    const md = formatStepSummary(set([finding({ message: "a | b" }), finding({ line: 4 })]), "mids migrate scan: 2 findings");
    const lines = md.split("\n");
    expect(lines[0]).toBe("### mids migrate scan: 2 findings");
    expect(lines[2]).toBe("| File | Line | Column | Kind | Rule | Message |");
    expect(lines[4]).toBe("| `src/a.ts` | 3 | 5 | partial | migrate/partial | a \\| b<br>page-to-cursor: use cursors |");
    expect(lines.filter((l) => l.startsWith("| `"))).toHaveLength(2);
    expect(formatStepSummary(set([]), "x")).toContain("No findings.");
  });
  it("the step summary stops short of GitHub's 1 MiB and says how many rows it left out", () => {
    const many = Array.from({ length: 4000 }, (_, i) => finding({ line: i + 1, message: "m".repeat(400) }));
    const md = formatStepSummary(set(many), "big");
    expect(Buffer.byteLength(md)).toBeLessThan(1024 * 1024);
    expect(md).toMatch(/\n\d+ more findings are not shown/);
  });
});

describe("stylish", () => {
  it("shows a long (minified) line as an excerpt around the finding, caret under it", () => {
    const line = "😀".repeat(5000) + 'f("/v2/topics")' + "x;".repeat(5000);
    // (columns count UTF-16 code units: each emoji is two)
    const col = 2 * 5000 + 4;
    const s = { ...set([finding({ line: 1, endLine: 1, column: col, endColumn: col + 10 })]), files: [{ file: "src/a.ts", text: line + "\n", findings: [finding({ line: 1, endLine: 1, column: col, endColumn: col + 10 })] }] };
    const [, , src, caret] = formatStylish(s, false).split("\n");
    const shown = src.slice(src.indexOf("| ") + 2);
    expect([...shown].length).toBeLessThanOrEqual(MAX_SHOWN_COLUMNS + 2);
    expect(shown.startsWith("…") && shown.endsWith("…")).toBe(true);
    // on the screen: each emoji takes two columns, and so does the caret line's room for it
    const at = caret.slice(caret.indexOf("| ") + 2).indexOf("^");
    expect(at).toBe(displayWidth(shown.slice(0, shown.indexOf("/v2/topics"))));
    expect(caret.slice(caret.indexOf("| ") + 2 + at)).toBe("^".repeat(10));
  });
});

describe("xml attributes", () => {
  it("carry line breaks as references, so a parser reads them back (a raw one becomes a space)", () => {
    const f = finding({ file: "a\nb.ts", message: "line one\nline two" });
    for (const out of [formatCheckstyle(set([f])), formatJunit(set([{ ...f, severity: "error" }]))]) {
      expect(out).toContain("a&#10;b.ts");
      expect(out).not.toMatch(/="[^"]*\n/); // no attribute value spans a raw line break
    }
    expect(formatCheckstyle(set([f]))).toContain("line one&#10;line two");
  });
});

describe("sarif artifact URIs", () => {
  it("name the file when read back as a URI, whatever the name holds (#, ?, :, %, spaces, non-ASCII)", () => {
    const names = ["a#b/c.js", "c?d/e.js", "h:i.js", "h::i%0A.js", "dir with space/ünï/f 1.js", "x%20y.js", "s;t,u=v&w+x$y@z.js"];
    const sarif = JSON.parse(formatSarif(set(names.map((file) => finding({ file })))));
    const uris = sarif.runs[0].results.map((r: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }) => r.locations[0].physicalLocation.artifactLocation);
    // what a SARIF reader does: resolve the URI against %SRCROOT% and take its path
    expect(uris.map((a: { uri: string }) => decodeURIComponent(new URL(a.uri, "file:///repo/").pathname))).toEqual(names.map((n) => `/repo/${n}`));
    expect(uris.every((a: { uriBaseId?: string }) => a.uriBaseId === "%SRCROOT%")).toBe(true);
    const abs = JSON.parse(formatSarif(set([finding({ file: "/work/p#q/r?s.js" })]))).runs[0].results[0].locations[0].physicalLocation.artifactLocation;
    expect(decodeURIComponent(new URL(abs.uri).pathname)).toBe("/work/p#q/r?s.js");
  });
});

describe("sarif result limit", () => {
  it("a run holds at most the 25,000 results GitHub code scanning accepts, the most severe first, and says how many it left out", () => {
    // 25,002 notes, then 3 errors: code scanning rejects the whole file past 25,000 results
    const many = [...Array.from({ length: SARIF_MAX_RESULTS + 2 }, (_, i) => finding({ line: i + 1, severity: "note" })),
      ...[1, 2, 3].map((n) => finding({ file: "src/z.ts", line: n, severity: "error" }))];
    const run = JSON.parse(formatSarif(set(many))).runs[0];
    expect(run.results).toHaveLength(25_000);
    expect(run.results.filter((r: { level: string }) => r.level === "error")).toHaveLength(3);
    // in their order: the notes kept are the first ones
    expect(run.results[0].locations[0].physicalLocation.region.startLine).toBe(1);
    expect(run.results[24_996].locations[0].physicalLocation.region.startLine).toBe(24_997);
    expect(run.invocations[0].toolExecutionNotifications[0].message.text).toMatch(/^5 more findings are not in the SARIF file: GitHub code scanning rejects a run of more than 25,000 results/);
    // at the limit, nothing is cut and nothing is said
    const exact = JSON.parse(formatSarif(set(many.slice(0, SARIF_MAX_RESULTS)))).runs[0];
    expect(exact.results).toHaveLength(25_000);
    expect(exact.invocations).toBeUndefined();
  });
});

describe("xml reports printed in a GitHub Actions log", () => {
  it("hold no line the runner reads as a workflow command (:: at a line's start, ##[ anywhere), and parse back to the same text", () => {
    const message = "bad step\n::add-mask::hunter2\n  ::error file=a.ts,line=1::fake\n\u00a0\u2003::warning::x\r::notice::y\n##[stop-commands]tok and text ##[warning]x";
    const f = finding({ severity: "error", message, file: "##[group]a.ts" });
    for (const out of [formatJunit(set([f])), formatCheckstyle(set([f]))]) {
      // the runner: a line is a command when it starts with '::' after blanks (v2), or holds '##[' (v1)
      for (const line of out.split(/\r\n|\r|\n/)) {
        expect(line.replace(/^[\s\u0085]+/, "").startsWith("::")).toBe(false);
        expect(line).not.toContain("##[");
      }
    }
    const junit = parseXml(formatJunit(set([f])));
    const failure = junit.children[0].children[0].children[0];
    expect(failure.text).toContain(message);
    expect(junit.children[0].children[0].attrs.name).toBe("##[group]a.ts");
    expect(parseXml(formatCheckstyle(set([f]))).children[0].children[0].attrs.message).toBe(`${message}\npage-to-cursor: use cursors`);
  });
});

describe("json reports printed in a GitHub Actions log", () => {
  it("hold no '##[' (the runner runs '##[command]' anywhere in a line), and parse back to the same text", () => {
    const message = "x ##[set-output name=ok;]true ###[add-mask]k \\##[group]";
    const f = finding({ severity: "error", message, file: "##[stop-commands]t.ts" });
    const sarif = formatSarif(set([f]));
    const gitlab = formatGitlab(set([f]));
    for (const out of [sarif, gitlab]) expect(out).not.toContain("##[");
    expect(JSON.parse(sarif).runs[0].results[0].message.text).toBe(`${message}\npage-to-cursor: use cursors`);
    expect(decodeURIComponent(JSON.parse(sarif).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri)).toBe("##[stop-commands]t.ts");
    expect(JSON.parse(gitlab)[0]).toMatchObject({ description: `${message}\npage-to-cursor: use cursors`, location: { path: "##[stop-commands]t.ts" } });
  });
});

describe("junit with files the run could not check", () => {
  it("reports each as an <error> test case, never as a passing one or not at all", () => {
    const warned = finding({ file: "w.yaml", severity: "warning" });
    const s = { ...set([warned]), notChecked: [{ file: "w.yaml", reason: "HTTP 503" }, { file: "gone.yaml", reason: "network <down>" }] };
    const root = parseXml(formatJunit(s));
    expect(root.attrs).toMatchObject({ tests: "2", failures: "0", errors: "2" });
    expect(root.children[0].attrs).toMatchObject({ tests: "2", errors: "2" });
    const cases = root.children[0].children;
    expect(cases.map((c) => c.attrs.name)).toEqual(["w.yaml", "gone.yaml"]);
    for (const [i, reason] of [[0, "HTTP 503"], [1, "network <down>"]] as const) {
      const error = cases[i].children.find((c) => c.name === "error")!;
      expect(error.attrs.message).toBe(`not checked: ${reason}`);
    }
    expect(cases[0].children.map((c) => c.name)).toEqual(["error", "system-out"]);
  });
});
