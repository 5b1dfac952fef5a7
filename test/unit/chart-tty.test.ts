// In-process runs with a terminal stdout (testIO): the series chart, the composition bars, the
// readable report, and the notice before history enforcement begins (sandbox clock set before it).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/main.js";
import { testIO } from "../../src/io.js";
import { startSandbox, SANDBOX_KEYS, type Sandbox } from "../../src/sandbox/index.js";

const SELF = SANDBOX_KEYS.find((k) => k.id === "key_selfserve")!.key;
const REPORTS = SANDBOX_KEYS.find((k) => k.id === "key_reports")!.key;
// before the sandbox's enforcementAt (2026-08-17)
const EARLY = new Date("2026-08-01T12:00:00Z");

let live: Sandbox;
let early: Sandbox;
beforeAll(async () => {
  live = await startSandbox({ port: 0, host: "127.0.0.1", quiet: true });
  early = await startSandbox({ port: 0, host: "127.0.0.1", quiet: true, now: () => EARLY });
});
afterAll(async () => {
  await live?.close();
  await early?.close();
});

async function tty(sb: Sandbox, key: string, args: string[], now?: Date) {
  const home = mkdtempSync(join(tmpdir(), "mids-tty-"));
  const io = testIO({ stdoutIsTTY: true, stderrIsTTY: false, columns: 100, env: { MIDS_BASE_URL: sb.url, MIDS_API_KEY: key, MIDS_CONFIG_DIR: home, MIDS_STATE_DIR: home, NO_COLOR: "1", CI: "1" } });
  const code = await main(args, { io, now: now ? () => now : undefined });
  return { code, stdout: io.out(), stderr: io.err() };
}

async function json(sb: Sandbox, path: string, key: string) {
  return (await (await fetch(sb.url + path, { headers: { "x-api-key": key } })).json()) as { data: Record<string, unknown> & unknown[] };
}

describe("on a terminal", () => {
  it("series draws a chart above the summary; -o json still gives the points", async () => {
    const top = (await json(live, "/v3/projects?limit=1", SELF)).data[0] as { slug: string; name: string };
    const r = await tty(live, SELF, ["series", "trend", top.slug, "--from", "2d"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe(`${top.name} · trend`);
    expect(lines.filter((l) => l.includes(" ┤")).length).toBe(12);
    expect(r.stdout).toMatch(/^points {2}\d+$/m);
    expect(r.stdout).toMatch(/^change {2}[+-±]/m);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(100);
    const j = await tty(live, SELF, ["series", "trend", top.slug, "--from", "2d", "-o", "json"]);
    expect(Array.isArray(JSON.parse(j.stdout))).toBe(true);
  });

  it("intel get shows cluster composition as percentage bars", async () => {
    const id = ((await json(live, "/v3/intel?limit=1", SELF)).data[0] as { id: string }).id;
    const detail = (await json(live, `/v3/intel/${id}`, SELF)).data as unknown as { clusterComposition: { name: string; percentage: number }[] };
    const r = await tty(live, SELF, ["intel", "get", id]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Cluster composition");
    for (const c of detail.clusterComposition) expect(r.stdout).toMatch(new RegExp(`^${c.name}\\s+${c.percentage.toFixed(1)}%\\s+[█▏▎▍▌▋▊▉]+$`, "m"));
  });

  it("reports get renders the report as text", async () => {
    const topics = (await json(live, "/v3/topics", REPORTS)).data as { report: { id: string; title: string } }[];
    const r = await tty(live, REPORTS, ["reports", "get", topics[0].report.id]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe(topics[0].report.title);
    expect(r.stdout).toContain("REVISIONS");
  });
});

describe("before enforcementAt", () => {
  it("a self-serve key gets a notice naming the date enforcement begins", async () => {
    const top = (await json(early, "/v3/projects?limit=1", SELF)).data[0] as { slug: string };
    const r = await tty(early, SELF, ["series", "trend", top.slug, "--from", "60d", "-o", "json"], EARLY);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("mids: notice: from 2026-08-17 this key reads only the last 30 days of history");
    expect(r.stderr).not.toContain("warning"); // not enforced yet: nothing was withheld
  });
});
