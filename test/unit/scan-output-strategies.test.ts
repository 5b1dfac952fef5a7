// The output fast paths of migrate scan (issue 24) against the general paths they stand in for:
// stylish's source lines redacted one by one (a file's line()), once a run for a line shown twice,
// and shown as they are when no character in them needs a notation; each note's lines made once;
// json's usage fields stringified once per usage, each note once a run; and the terminal
// sanitiser's first test. Each must give what the general path gives, byte for byte, on hostile text.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatStylish, formatStylishChunks, stylishColours } from "../../src/findings/stylish.js";
import type { FindingsSet } from "../../src/findings/types.js";
import { formatJson, summarize, toFindingsSet } from "../../src/migrate/scan/report.js";
import { scan, type Located, type ScannedFile, type ScanOptions, type ScanResult } from "../../src/migrate/scan/scan.js";
import { oneLine, oneLineAll, stripControl, stripControlAll } from "../../src/util/sanitize.js";
import { removeTempDirs, tempDir } from "../helpers/cli.js";

const HOST = "api.mids.example";
// lines with keys (redaction shortens them), CRLF and lone CRs, BOMs, tabs, emoji, controls,
// bidi and invisible characters, a minified line, a last line without a newline, an access log line
const FILES: Record<string, string> = {
  "crlf_bom.ts": "\uFEFFconst a = 1;\r\nfetch(`${BASE}/v2/projects/${id}/momentum?start=${s}&api_key=sk_live_abc123`);\r\nconst k = \"https://user:pw1@api.mids.example/v2/topics\";\r\ncurl -u admin:s3cret \"https://api.mids.example/v2/clusters\"\r\nlast = \"/v2/intel/abc\"\r",
  "double_bom.py": "\uFEFF\uFEFFurl = f\"{BASE}/v2/projects?page={p}&limit=20\"\nAPI_KEY = \"sk_9999\"; u = API + \"/v2/api-keys/info\"\n",
  "controls.js": "x = 1; // \u202e evil\u200b\n\tfetch(\"/v2/signals?page=2&limit=30\"); \u009b\n\u{1F600} y = \"/v2/projects/\u{1F600}/candles\"\nz = \"\u202e/v2/topics\"\n\u0007a\u007f = \"/v2/clusters\"\n",
  "min.js": Array.from({ length: 40 }, (_, i) => `f("https://api.mids.example/v2/projects/${String(i).padStart(24, "0")}?intelActivity=none&x-api-key=AB${i}")`).join(";"),
  "access.log": "10.0.0.1 - bob [22/Nov/2026:10:00:00 +0000] \"GET /v2/projects/abc?limit=5 HTTP/1.1\" 200 1\n",
  "lone_cr.rb": "a = 1\rget \"#{BASE}/v2/topics/#{t}/report\"\r\n  x\n\tb = \"/v2/intel/a\tb\"\r",
  "headers.sh": "curl -H \"Authorization: Bearer abc123def\" -H \"x-api-key: k123\" \"$MIDS_BASE_URL/v2/intel?project=$ID&token=t0k3n9\"\n",
  // the same lines and routes in two files and twice in one (a line redacted once, notes said again);
  // quotes, backslashes, U+2028/2029 and an Object.prototype name in a route
  "again1.ts": "get(\"/v2/projects/{id}/neighbors?limit=5\"); get(\"/v2/projects/{id}/neighbors?limit=5\")\nget(\"/v2/projects/{id}/neighbors?limit=5\")\nx = '/v2/projects?__proto__=1&limit=5&constructor=2'\n",
  "again2.ts": "get(\"/v2/projects/{id}/neighbors?limit=5\"); get(\"/v2/projects/{id}/neighbors?limit=5\")\ny = \"/v2/topics?q=a\\\\\\\"b\u2028c\u2029d\u0085e\"\n",
};

/** json is written in pieces of 500 findings (report.ts): the scanned files hold more. */
const JSON_PIECE = 500;
let set: FindingsSet;
let general: FindingsSet;
let result: ScanResult;
let dir: string;
const scanOf = (concurrentReads: boolean, more: Partial<ScanOptions> = {}) => scan({ paths: ["."], cwd: dir, hosts: [HOST], now: new Date("2026-11-27T12:00:00Z"), maxBytes: 200_000, concurrentReads, ...more });
beforeAll(async () => {
  dir = tempDir("scan-output-");
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  mkdirSync(join(dir, "sub"));
  writeFileSync(join(dir, "sub", "latin1.txt"), Buffer.from("caf\xe9 \"/v2/projects/abc\xe9/rank\" \xff\r\n", "latin1"));
  // past the first 64 KB read, over the size cap, binary, and no candidate at all
  writeFileSync(join(dir, "sub", "big.ts"), "const x = 1;\n".repeat(8000) + "fetch(\"/v2/clusters\");\n");
  writeFileSync(join(dir, "sub", "huge.ts"), "fetch(\"/v2/topics\");\n".repeat(12_000));
  writeFileSync(join(dir, "sub", "bin.dat"), Buffer.concat([Buffer.from("/v2/topics "), Buffer.alloc(4)]));
  writeFileSync(join(dir, "sub", "plain.md"), "nothing to see\n");
  // more findings than a piece of json holds, usages repeated
  writeFileSync(join(dir, "sub", "many.ts"), Array.from({ length: 520 }, (_, i) => `get("/v2/projects/${i % 7}/rank?at=2026-01-0${i % 9 + 1}");`).join("\n"));
  result = await scanOf(false);
  set = toFindingsSet(result.files, [], "0.0.0");
  general = toFindingsSet(result.files, [], "0.0.0", { general: true });
});

describe("reads: in place or on libuv's pool, the same scan", () => {
  it("finds the same usages, binary and oversized files either way", async () => {
    const [inPlace, pooled] = await Promise.all([scanOf(false), scanOf(true)]);
    expect(pooled).toEqual(inPlace);
    expect(inPlace.binary).toEqual(["sub/bin.dat"]);
    expect(inPlace.tooLarge.map((t) => t.file)).toEqual(["sub/huge.ts"]);
    expect(inPlace.files.map((f) => f.file)).toContain("sub/big.ts");
  });
});
afterAll(removeTempDirs);

it("a finding carries only the Finding fields: spread or serialised it holds no file text (its caret place is private)", () => {
  const FIELDS = ["file", "line", "column", "endLine", "endColumn", "severity", "ruleId", "label", "title", "message", "detail", "notes", "properties", "key"];
  const all = set.files.flatMap((f) => f.findings);
  expect(all.length).toBeGreaterThan(0);
  for (const x of all) expect(Object.keys(x).filter((k) => !FIELDS.includes(k))).toEqual([]);
});

describe("stylish: the fast paths give what the general paths give", () => {
  it("every line a file's line() returns is the line of its whole shown text", () => {
    let n = 0;
    // (the lines that differ, listed with what each should be: an expect a line cost a second)
    const wrong: [string, string | undefined, string][] = [];
    for (const f of set.files) {
      const lines = f.text!.replace(/^\uFEFF/, "").split(/\r?\n/);
      for (let i = 0; i < lines.length; i++, n++) if (f.line!(i + 1) !== lines[i]) wrong.push([`${f.file}:${i + 1}`, f.line!(i + 1), lines[i]]);
      expect(f.line!(lines.length + 1)).toBeUndefined();
    }
    expect(wrong).toEqual([]);
    expect(n).toBeGreaterThan(20);
  });

  it.each([
    ["piped", {}],
    ["piped, --full-notes", { fullNotes: true }],
    ["a terminal of 100 columns", { width: 100 }],
    ["a terminal of 60 columns", { width: 60 }],
  ])("the same stylish output, %s, coloured or not", async (_, opts) => {
    for (const color of [false as const, await stylishColours()]) {
      const fast = formatStylish(set, color, opts);
      expect(fast).toBe(formatStylish(set, color, { ...opts, general: true }));
      // (and the set's own general path: each line redacted for itself)
      expect(fast).toBe(formatStylish(general, color, { ...opts, general: true }));
      // the findings of every file are there (a test that cannot pass empty)
      for (const f of set.files) expect(fast).toContain(f.file);
    }
  });

  it("a source line holding a character past Latin-1 is handed out alone: the chunks around it stay one byte a character", () => {
    const chunks = [...formatStylishChunks(set, false, {})];
    expect(chunks.join("")).toBe(formatStylish(set, false, { general: true }));
    const wide = chunks.filter((c) => /[^\u0000-\u00ff]/.test(c));
    // (the fixture's minified line is excerpted with `…`, and an emoji stands in a line of its own)
    expect(wide.length).toBeGreaterThan(1);
    for (const c of wide) expect(c, c).toMatch(/^ +\d+ \| [^\n]*\n$/);
  });

  it("from a scan that kept only the lines its usages are on (keepLines, the files' texts let go): the same output", async () => {
    const linesOnly = await scanOf(false, { keepText: false, keepLines: true });
    expect(linesOnly.files.length).toBe(result.files.length);
    expect(linesOnly.files.every((f) => f.text === undefined && f.lines !== undefined && f.lines.size > 0)).toBe(true);
    const fromLines = toFindingsSet(linesOnly.files, [], "0.0.0");
    for (const opts of [{}, { fullNotes: true }, { width: 100 }, { width: 60 }]) {
      for (const color of [false as const, await stylishColours()]) expect(formatStylish(fromLines, color, opts)).toBe(formatStylish(set, color, opts));
    }
  });

  it("a line with control, bidi and astral characters (recipes validate's too): the same output", () => {
    const text = "a:\n\tkey: \u202evalue\u0007 \u{1F600}x\n" + "b: " + "y".repeat(300) + "\n";
    const finding = (line: number, column: number, endColumn: number) => ({
      file: "r.yaml", line, column, endLine: line, endColumn, severity: "error" as const, ruleId: "r", label: "error", title: "t", message: "m",
    });
    const utf16: FindingsSet = { ...set, files: [{ file: "r.yaml", text, findings: [finding(2, 2, 5), finding(2, 7, 14), finding(3, 200, 210), finding(1, 1, 2)] }] };
    for (const width of [undefined, 60]) expect(formatStylish(utf16, false, { width })).toBe(formatStylish(utf16, false, { width, general: true }));
  });
});

describe("json: the usage fields stringified once per usage give JSON.stringify's text of every finding", () => {
  const json = (files: readonly ScannedFile[], general: boolean) => formatJson(files, summarize(result, files, 0), { general });

  it("on the scanned files (usages repeated in and across files)", () => {
    const fast = json(result.files, false);
    expect(fast).toBe(json(result.files, true));
    const parsed = JSON.parse(fast) as { findings: { text: string }[] };
    expect(parsed.findings.length).toBe(result.files.reduce((n, f) => n + f.usages.length, 0));
    expect(parsed.findings.length).toBeGreaterThan(JSON_PIECE);
  });

  it("on hostile values: C1 and bidi controls, quotes, backslashes, newlines, U+2028/2029, __proto__ names", () => {
    const HOSTILE = ["a\u009bb\u202ec", "q\"uo\\te", "line\nbreak\r\ttab", "ls\u2028ps\u2029", "\u0000\u001f\u007f", "\ud800 lone", "\u{1F600}", "__proto__", ""];
    const base = result.files[0].usages[0];
    const usage = (k: number, of: Located["of"]): Located => {
      const h = HOSTILE[k % HOSTILE.length];
      const query = JSON.parse(`{"__proto__": ${JSON.stringify(h)}, "constructor": "x", ${JSON.stringify(h + "k")}: ""}`) as Record<string, string>;
      return {
        // (numbers JSON writes otherwise than String: NaN, Infinity; and -0, past 2^53)
        ...base, of, line: k + 1, column: k === 1 ? NaN : k === 2 ? -0 : k + 2, endLine: k === 3 ? -Infinity : k + 1, endColumn: k === 0 ? 2 ** 60 : k + 9,
        rules: [h, "r"], notes: k % 3 ? [{ rule: h, message: `${h} note\n${h}` }, { rule: "__proto__", message: h }, { rule: "r2", message: h }] : [],
        from: { method: "GET", path: `/v2/${h}`, query }, to: k % 2 ? null : { method: "GET", path: `/v3/${h}`, query: {} },
        shownText: `/v2/${h}`, shownReplacement: k % 2 ? null : `/v3/${h}`,
      };
    };
    const files: ScannedFile[] = HOSTILE.map((h, i) => {
      const of = { ...base };
      // places of one usage (one analysis, shared fields), and one whose fields differ under the same usage
      const shared = usage(i, of);
      const usages = [shared, { ...shared, line: 40, column: 3 }, usage(i + 1, of), { ...usage(i + 2, base.of) }];
      return { ...result.files[0], file: `${h}/${i}.ts`, usages };
    });
    const fast = json(files, false);
    expect(fast).toBe(json(files, true));
    // (C1 and bidi characters escaped, the text parses back to the values)
    expect(fast).not.toMatch(/[\u0080-\u009f\u202e]/);
    expect((JSON.parse(fast) as { findings: { from: { query: Record<string, string> } }[] }).findings[0].from.query).toHaveProperty("__proto__");
  });

  it("with no findings", () => {
    expect(json([], false)).toBe(json([], true));
  });
});

describe("the terminal sanitiser's first test", () => {
  it("passes over no character that stripControl or oneLine would act on", () => {
    const bad: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [ch, `a${ch}b`, `\u001b[31m${ch}`, `${ch}\u001b]0;t\u0007`]) {
        if (stripControl(s) !== stripControlAll(s) || oneLine(s) !== oneLineAll(s)) bad.push(c.toString(16));
      }
    }
    expect(bad).toEqual([]);
    expect(oneLine("plain text: no control")).toBe("plain text: no control");
    expect(oneLine("a\u001b[2Jb\u202ec\td")).toBe("abc d");
  });
});
