// Issue 25, tables and detail views on a terminal (in-process, a TTY stdout of 100 or 60 columns):
// ids whole, times as ages (exact with --no-relative and in json), columns left out said on
// stderr, no column that repeats another, long text wrapped at word boundaries and never cut.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { relativeAge, wrapText } from "../../src/output/render.js";
import { startSandbox, SANDBOX_KEYS, type Sandbox } from "../../src/sandbox/index.js";
import { hostile, sendJson, v3Project } from "../helpers/hostile.js";

const SELF = SANDBOX_KEYS.find((k) => k.id === "key_selfserve")!.key;
let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, host: "127.0.0.1", quiet: true });
});
afterAll(async () => {
  await sb?.close();
});

async function tty(args: string[], columns: number, home = mkdtempSync(join(tmpdir(), "mids-tables-"))) {
  const io = testIO({ stdoutIsTTY: true, stderrIsTTY: true, columns, env: { MIDS_BASE_URL: sb.url, MIDS_API_KEY: SELF, MIDS_CONFIG_DIR: home, MIDS_STATE_DIR: home, NO_COLOR: "1", CI: "1" } });
  const code = await main(args, { io });
  return { code, stdout: io.out(), stderr: io.err() };
}

async function api<T>(path: string): Promise<T> {
  return ((await (await fetch(sb.url + path, { headers: { "x-api-key": SELF } })).json()) as { data: T }).data;
}

describe("tables on a terminal", () => {
  it("intel list at 60, 80 and 100 columns: ids whole, ages instead of timestamps, left-out columns named", async () => {
    const items = await api<{ id: string; detectedAt: string; headline: string }[]>("/v3/intel?limit=4");
    for (const cols of [60, 80, 100]) {
      const r = await tty(["intel", "list", "--limit", "4"], cols);
      expect(r.code).toBe(0);
      const rows = r.stdout.trimEnd().split("\n");
      expect(rows).toHaveLength(5);
      for (const l of rows) expect([...l].length).toBeLessThanOrEqual(cols);
      items.forEach((it, i) => {
        expect(rows[i + 1]).toContain(it.id);
        expect(rows[i + 1]).toMatch(/^(just now|\d+(m|h|d|mo|y) ago) /);
        // what the item says is cut, never left out: other descriptive columns go first
        expect(rows[i + 1]).toContain(it.headline.slice(0, 8));
      });
      expect(rows[0]).toMatch(/ HEADLINE /);
      expect(r.stdout).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      // named by their headers, and by the names --fields takes (PROJECT is projectName)
      if (cols === 60) expect(r.stderr).toContain("not shown at 60 columns: project, category (a wider terminal, -o json or --fields projectName,category shows them)");
      else if (cols === 80) {
        // the headline keeps a third of the room the id leaves (80 - 24 - the gaps), the category gives way
        expect(r.stderr).toContain("not shown at 80 columns: category (a wider terminal, -o json or --fields category shows them)");
        items.forEach((it, i) => expect(rows[i + 1]).toContain(it.headline.slice(0, Math.floor((80 - 24 - 2 * 4) / 3) - 1)));
      } else expect(r.stderr).not.toContain("not shown");
    }
  });

  it("values cut to fit: where to see them whole is said once per list (remembered in the state dir)", async () => {
    const home = mkdtempSync(join(tmpdir(), "mids-cut-"));
    const first = await tty(["intel", "list", "--limit", "4"], 100, home);
    expect(first.stdout).toContain("…");
    expect(first.stderr).toMatch(/^mids: notice: values ending in … are cut to fit 100 columns; -o json, -o csv or --fields shows them whole \(said once\)$/m);
    const again = await tty(["intel", "list", "--limit", "4"], 100, home);
    expect(again.stderr).not.toContain("are cut to fit");
  });

  it("--no-relative and -o json keep the exact time", async () => {
    const items = await api<{ detectedAt: string }[]>("/v3/intel?limit=2");
    const exact = await tty(["intel", "list", "--limit", "2", "--no-relative", "--fields", "detectedAt,id"], 100);
    expect(exact.stdout).toContain(items[0].detectedAt);
    const j = await tty(["intel", "list", "--limit", "2", "-o", "json"], 100);
    expect(JSON.parse(j.stdout)[0].detectedAt).toBe(items[0].detectedAt);
  });

  it("topics list has no column repeating the topic's name", async () => {
    const r = await tty(["topics", "list"], 100);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).not.toContain("REPORT");
    expect(r.stdout).not.toContain("Frontier Report:");
  });
});

describe("topics list on a 40-column terminal", () => {
  it("keeps each topic's name (cut) beside its id; the other columns give way first (it showed RANK and ID alone)", async () => {
    const topics = await api<{ name: string; id: string }[]>("/v3/topics");
    const r = await tty(["topics", "list"], 40);
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split("\n");
    expect(rows[0]).toMatch(/\bNAME\b/);
    topics.forEach((t, i) => {
      expect(rows[i + 1]).toContain(t.id);
      expect(rows[i + 1]).toContain(t.name.slice(0, 5));
    });
  });
});

describe("the history-window warning", () => {
  it("with no window asked for, said once per key (remembered in the state dir), not on every call", async () => {
    const home = mkdtempSync(join(tmpdir(), "mids-notice-"));
    const first = await tty(["intel", "list", "--limit", "1"], 100, home);
    expect(first.stderr).toMatch(/^mids: warning: this key reads history only from .*\(said once for this key\)$/m);
    const again = await tty(["intel", "list", "--limit", "1"], 100, home);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain("reads history only");
    // another state dir (another machine or user): said there too
    const elsewhere = await tty(["intel", "list", "--limit", "1"], 100);
    expect(elsewhere.stderr).toContain("reads history only");
  });
});

describe("detail views on a terminal", () => {
  it("intel get at 60 columns wraps the description at word boundaries under its column, never cut; citations one per line", async () => {
    const [first] = await api<{ id: string }[]>("/v3/intel?limit=1");
    const item = await api<{ description: string; citations: string[]; detectedAt: string }>(`/v3/intel/${first.id}`);
    const r = await tty(["intel", "get", first.id], 60);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("…");
    const lines = r.stdout.split("\n");
    const start = lines.findIndex((l) => l.startsWith("description"));
    const indent = lines[start].indexOf(item.description.split(" ")[0]);
    const body = [lines[start].slice(indent)];
    for (let i = start + 1; i < lines.length && lines[i].startsWith(" ".repeat(indent)) && lines[i].trim(); i++) body.push(lines[i].slice(indent));
    expect(body.length).toBeGreaterThan(1);
    for (const l of body) expect(indent + [...l].length).toBeLessThanOrEqual(60);
    expect(body.join(" ")).toBe(item.description);
    for (const c of item.citations) expect(r.stdout).toMatch(new RegExp(`^(citations +| +)${c.replace(/[.?/]/g, "\\$&")}$`, "m"));
    expect(r.stdout).toMatch(new RegExp(`${item.detectedAt.replace(/[.]/g, "\\.")} \\((just now|\\d+(m|h|d|mo|y) ago)\\)`));
  });

  it("me at 40 columns, where the labels leave too little room beside them: each value whole under its label, no line past the edge", async () => {
    const me = await api<{ credential: { name: string }; history: { earliestAvailableAt: string } }>("/v3/me");
    const r = await tty(["me"], 40);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(40);
    expect(lines[lines.indexOf("name") + 1]).toBe(`  ${me.credential.name}`);
    // (the window's start moves with the clock: the same day and minute as the answer read here)
    expect(lines[lines.indexOf("earliest available") + 1]).toMatch(new RegExp(`^  ${me.history.earliestAvailableAt.slice(0, 16)}:\\S+ \\(`));
  });

  it("projects get: a preview of more than three latest intel says how many more and the command that lists them", async () => {
    const intel = Array.from({ length: 5 }, (_, i) => ({ id: `i${i}`, headline: `h${i}`, grade: "cut", detectedAt: "2026-11-01T00:00:00Z" }));
    const project: Record<string, unknown> = { ...v3Project(1), intel };
    const h = await hostile((_req, res) => sendJson(res, 200, { data: project, meta: {} }));
    const home = mkdtempSync(join(tmpdir(), "mids-tables-"));
    const io = testIO({ stdoutIsTTY: true, stderrIsTTY: true, columns: 100, env: { MIDS_BASE_URL: h.url, MIDS_API_KEY: SELF, MIDS_CONFIG_DIR: home, MIDS_STATE_DIR: home, NO_COLOR: "1", CI: "1" } });
    expect(await main(["projects", "get", String(project.slug)], { io })).toBe(0);
    const lines = io.out().split("\n");
    const at = lines.findIndex((l) => l.startsWith("latest intel"));
    const shown = lines.slice(at, at + 4).filter((l) => /\bi\d\b/.test(l)).length;
    expect(lines[at + shown].trim()).toBe(`… ${intel.length - shown} more: mids intel list --project ${String(project.slug)}`);
  });

  it("me: a key that expires shows when as every other time does, with its age; no entitlements reads (none)", async () => {
    const expiresAt = new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString();
    const data = {
      credential: { id: "k", name: "n", type: "full", expiresAt }, entitlements: [], rateLimit: { perMinute: 1, perDay: 1 },
      history: { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-30T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" },
    };
    const h = await hostile((_req, res) => sendJson(res, 200, { data, meta: {} }));
    const home = mkdtempSync(join(tmpdir(), "mids-tables-"));
    const io = testIO({ stdoutIsTTY: true, stderrIsTTY: true, columns: 100, env: { MIDS_BASE_URL: h.url, MIDS_API_KEY: SELF, MIDS_CONFIG_DIR: home, MIDS_STATE_DIR: home, NO_COLOR: "1", CI: "1" } });
    expect(await main(["me"], { io })).toBe(0);
    expect(io.out()).toMatch(new RegExp(`^expires +${expiresAt.replace(/[.]/g, "\\.")} \\(in 3d\\)$`, "m"));
    // no entitlements is said, not a blank that reads as a field the answer lacks
    expect(io.out()).toMatch(/^entitlements +\(none\)$/m);
  });

  it("ages and wrapping, as units", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect([now - 30_000, now - 5 * 60_000, now - 2 * 3_600_000, now - 3 * 86_400_000, now - 400 * 86_400_000, now + 7_200_000].map((t) => relativeAge(t, now)))
      .toEqual(["just now", "5m ago", "2h ago", "3d ago", "1y ago", "in 2h"]);
    expect(wrapText("aa bb cc dd", 5)).toEqual(["aa bb", "cc dd"]);
    // a word longer than the width is kept whole on its own line
    expect(wrapText("see https://example.com/a/long/path now", 10)).toEqual(["see", "https://example.com/a/long/path", "now"]);
  });
});
