// Issue 25, prose on a terminal (in-process, TTY streams of 60 columns): doctor's details and
// fixes, migrate's notes and migrate scan's notes wrap at word boundaries with their indent, never
// cut; scan says each note in full once per file (--full-notes: every time); carets stay under
// the text they mark.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";

const COLS = 60;

async function tty(args: string[], cwd?: string) {
  const home = mkdtempSync(join(tmpdir(), "mids-prose-"));
  const io = testIO({ stdoutIsTTY: true, stderrIsTTY: true, columns: COLS, stderrColumns: COLS, cwd: cwd ?? process.cwd(), env: { MIDS_CONFIG_DIR: home, MIDS_STATE_DIR: home, NO_COLOR: "1", CI: "1" } });
  const code = await main(args, { io });
  return { code, stdout: io.out(), stderr: io.err() };
}

const words = (s: string) => s.split(/\s+/).filter(Boolean);

describe("prose wrapped at word boundaries", () => {
  it("doctor: details and fixes wrap under the detail column", async () => {
    const r = await tty(["doctor", "--base-url", "http://127.0.0.1:9", "--api-key", "mids_live_0123456789abcdef0123"]);
    expect(r.code).not.toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(COLS);
    const fixAt = lines.findIndex((l) => /^\s+fix: /.test(l));
    expect(fixAt).toBeGreaterThan(0);
    const detailCol = lines[0].search(/\S+$/) >= 0 ? /^\S+\s+\S+\s+/.exec(lines[0])![0].length : 0;
    expect(lines[fixAt].indexOf("fix:")).toBe(detailCol);
    // the fix reads whole: the JSON form has the same words
    const j = await tty(["doctor", "--base-url", "http://127.0.0.1:9", "--api-key", "mids_live_0123456789abcdef0123", "-o", "json"]);
    const fix = (JSON.parse(j.stdout).checks as { status: string; fix?: string }[]).find((c) => c.status === "fail")!.fix!;
    const shown: string[] = [lines[fixAt].trim().replace(/^fix: /, "")];
    for (let i = fixAt + 1; i < lines.length && /^\s{8,}\S/.test(lines[i]) && !/^(ok|warn|FAIL|skip) /.test(lines[i]); i++) shown.push(lines[i].trim());
    expect(words(shown.join(" "))).toEqual(words(fix));
  });

  it("migrate: each note wraps with its indent; no line past the edge", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-prose-log-"));
    writeFileSync(join(dir, "a.log"), '127.0.0.1 - - [27/Nov/2026:10:00:00 +0000] "GET /v2/projects?page=2&limit=10 HTTP/1.1" 200 512\n');
    const r = await tty(["migrate", join(dir, "a.log")]);
    expect(r.code).toBe(0);
    const notes = r.stderr.split("notes:\n")[1].split("\n\n")[0].split("\n").filter(Boolean);
    expect(notes.length).toBeGreaterThan(1);
    for (const l of notes) expect([...l].length).toBeLessThanOrEqual(COLS);
    expect(notes[0]).toMatch(/^ {2}page-to-cursor \(1\): /);
    expect(notes.slice(1).some((l) => /^ {6}\S/.test(l))).toBe(true);
  });

  it("migrate scan: a note in full once per file, then by name; --full-notes repeats it; carets under their text", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mids-prose-scan-"));
    writeFileSync(join(dir, "a.py"), [
      "import requests",
      `BASE = "https://api.example.com"`,
      `a = requests.get(BASE + "/v2/projects/abc").json()["trendScore"]`,
      `b = requests.get(BASE + "/v2/projects/def").json()["trendScore"]`,
      `c = requests.get(BASE + "/v2/projects/ghi").json()["trendScore"]  # a long comment that makes the line wider than the terminal is`,
    ].join("\n") + "\n");
    const r = await tty(["migrate", "scan", dir]);
    expect(r.stdout.match(/response-renames: The v3 response renames/g)).toHaveLength(1);
    expect(r.stdout.match(/response-renames: as above/g)).toHaveLength(2);
    for (const l of r.stdout.split("\n")) expect([...l].length).toBeLessThanOrEqual(COLS);
    // every caret line marks, in the source line above it, the /v2 path or the v2 field read
    const lines = r.stdout.split("\n");
    const marked: string[] = [];
    lines.forEach((l, i) => {
      if (!/^ {7}\| +\^/.test(l)) return;
      const at = l.indexOf("^");
      const under = lines[i - 1].slice(at, l.length);
      marked.push(/^\/v2\/projects\//.test(under) ? "path" : under);
    });
    expect(marked).toEqual(Array(3).fill(["path", '["trendScore"]']).flat());
    const full = await tty(["migrate", "scan", dir, "--full-notes"]);
    expect(full.stdout.match(/response-renames: The v3 response renames/g)).toHaveLength(3);
  });
});

describe("colour where it carries meaning", () => {
  it("an error on a terminal: 'mids:' red, 'hint:' cyan; NO_COLOR or --no-color: plain", async () => {
    const run = async (env: Record<string, string>, args: string[] = []) => {
      const home = mkdtempSync(join(tmpdir(), "mids-colour-"));
      const io = testIO({ stdoutIsTTY: true, stderrIsTTY: true, columns: COLS, env: { MIDS_CONFIG_DIR: home, MIDS_STATE_DIR: home, TERM: "xterm", ...env } });
      const code = await main([...args, "projects", "list"], { io });
      return { code, stderr: io.err() };
    };
    const coloured = await run({});
    expect(coloured.code).toBe(2);
    expect(coloured.stderr).toMatch(/^\u001b\[1;31mmids:\u001b\[0m no API base URL is set\n\u001b\[36mhint:\u001b\[0m /);
    const plain = await run({ NO_COLOR: "1" });
    expect(plain.stderr).toMatch(/^mids: /);
    expect(plain.stderr).not.toContain("\u001b[");
    const flag = await run({}, ["--no-color"]);
    expect(flag.stderr).not.toContain("\u001b[");
  });
});

describe("verdicts in colour", () => {
  it("migrate verify's table paints each verdict on a terminal, and nothing else; without colour, plain", async () => {
    const { terminalReport } = await import("../../src/migrate/verify/report.js");
    const rec = (position: number, verdict: string, reason?: string) => ({
      position, count: 1, verdict, from: { method: "GET", path: "/v2/projects/x\u001b[31m", query: {} }, to: null, differences: [], ignored: [], ...(reason ? { reason } : {}),
    });
    const records = [rec(1, "failed", "v2: boom"), rec(2, "skipped", "not a GET")] as never[];
    const summary = { total: 2, equivalent: 0, differs: 0, skipped: 1, failed: 1, invalid: 0, routes: {} } as never;
    const coloured = terminalReport(records, summary, true);
    expect(coloured).toContain("\u001b[1;31mfailed\u001b[0m: v2: boom");
    expect(coloured).toContain("\u001b[2mskipped\u001b[0m: not a GET");
    // the log's own escapes are still removed: only the verdicts are painted
    expect(coloured.match(/\u001b\[/g)).toHaveLength(4);
    expect(terminalReport(records, summary, false)).not.toContain("\u001b[");
  });
});
