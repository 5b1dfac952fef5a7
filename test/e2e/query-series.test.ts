// Issue 3, series and the history window (spec 2.2, 8.2): v3 series, v2 momentum/rank via --api v2
// or --at, the one stderr warning, exit 6 naming earliestAvailableAt, --clamp, archive keys.
// (The first test runs the built CLI; the later ones run main(argv) in this process: the same
// program, without a CLI start-up each.)
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMain, runMids, startSandbox, type SandboxProcess } from "../helpers/cli.js";
import { SANDBOX_KEYS } from "../../src/sandbox/keys.js";

const key = (id: string) => SANDBOX_KEYS.find((k) => k.id === id)!.key;
const SELF = key("key_selfserve");
const ARCHIVE = key("key_archive");

let sb: SandboxProcess;
let top: { id: string; slug: string };
type Me = { data: { history: { earliestAvailableAt: string; lookbackDays: number; enforced: boolean; archiveAccess: boolean } } };

const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  sb = await startSandbox();
  const first = (await sb.api<{ data: { id: string; slug: string }[] }>("/v3/projects?limit=1", SELF)).body.data[0];
  top = { id: first.id, slug: first.slug };
});
afterAll(async () => {
  await sb?.stop();
});

describe("series (v3)", () => {
  it("json gives the points of the server's series", async () => {
    const from = iso(Date.now() - 3 * 86_400_000);
    const to = iso(Date.now() - 86_400_000);
    const r = await runMids(["series", "trend", top.slug, "--from", from, "--to", to], { env: sb.env(SELF) });
    expect(r.code).toBe(0);
    const server = (await sb.api<{ data: { points: unknown[] } }>(`/v3/projects/${top.slug}/series/trend?from=${from}&to=${to}`, SELF)).body.data;
    expect(JSON.parse(r.stdout)).toEqual(server.points);
    expect(server.points.length).toBeGreaterThan(40);
    expect(r.stderr).toBe(""); // inside the window: no warning
  });

  it("a project's canonical id is no alias: no notice; an old slug gets one", async () => {
    const byId = await runMain(["series", "trend", top.id, "-o", "json"], { env: sb.env(SELF) });
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.stderr).not.toMatch(/alias/);
    const renamed = (await sb.admin<{ renamed: { oldSlug: string; slug: string } }>("/_sandbox/fixtures")).renamed;
    const old = await runMain(["series", "trend", renamed.oldSlug, "-o", "json"], { env: sb.env(SELF) });
    expect(old.stderr).toContain(`'${renamed.oldSlug}' is an alias; the canonical slug is '${renamed.slug}'`);
  });

  it("table (piped) lists timestamp and value; csv has a header", async () => {
    const t = await runMain(["series", "rank", top.slug, "--from", "2d", "-o", "table"], { env: sb.env(SELF) });
    expect(t.code).toBe(0);
    expect(t.stdout.split("\n")[0]).toMatch(/^TIMESTAMP\s+VALUE$/);
    const c = await runMain(["series", "rank", top.slug, "--from", "2d", "-o", "csv"], { env: sb.env(SELF) });
    expect(c.stdout.split("\n")[0]).toBe("timestamp,value");
    expect(c.stdout.trimEnd().split("\n").length).toBeGreaterThan(24);
  });

  it("the default 7-day window is inside a 30-day window: no warning", async () => {
    const r = await runMain(["series", "trend", top.slug], { env: sb.env(SELF) });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });

  it("--from before earliestAvailableAt: exit 6 naming the earliest allowed value", async () => {
    const r = await runMain(["series", "trend", top.slug, "--from", "45d"], { env: sb.env(SELF) });
    expect(r.code).toBe(6);
    expect(r.stdout).toBe("");
    const me = (await sb.api<Me>("/v3/me", SELF)).body.data.history;
    const named = /earliestAvailableAt (\S+)\)/.exec(r.stderr)?.[1];
    expect(named).toBeDefined();
    expect(Math.abs(Date.parse(named!) - Date.parse(me.earliestAvailableAt))).toBeLessThan(10_000);
    expect(r.stderr).toMatch(/^mids: --from is before the earliest data this key can read/m);
    expect(r.stderr).toMatch(/^hint: .*--clamp/m);
  });

  it("--clamp reads /v3/me, moves the start to earliestAvailableAt and says so", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const r = await runMain(["series", "trend", top.slug, "--from", "45d", "--clamp"], { env: sb.env(SELF) });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/--clamp: moved --from from \S+ to (\S+), the earliest this key can read/);
    const log = await sb.admin<{ path: string; query: Record<string, string> }[]>("/_sandbox/requests");
    expect(log.map((e) => e.path)).toEqual(["/v3/me", `/v3/projects/${top.slug}/series/trend`]);
    const me = (await sb.api<Me>("/v3/me", SELF)).body.data.history;
    const sent = Date.parse(log[1].query.from);
    expect(sent).toBeGreaterThanOrEqual(Date.parse(me.earliestAvailableAt) - 10_000);
    expect(sent).toBeLessThan(Date.parse(me.earliestAvailableAt) + 120_000);
    const points = JSON.parse(r.stdout) as { timestamp: string }[];
    expect(Date.parse(points[0].timestamp)).toBeGreaterThanOrEqual(sent);
  });

  it("an archive key reads before the window: no error, no warning", async () => {
    const r = await runMain(["series", "trend", top.slug, "--from", "45d", "--to", "40d"], { env: sb.env(ARCHIVE) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).length).toBeGreaterThan(100);
    expect(r.stderr).toBe("");
  });
});

describe("series (v2 routes)", () => {
  it("--at switches to v2 momentum; --from/--to are sent as start/end", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const r = await runMain(["series", "trend", top.id, "--at", "1d", "--from", "3d", "--no-clusters"], { env: sb.env(SELF) });
    expect(r.code).toBe(0);
    const log = await sb.admin<{ path: string; query: Record<string, string> }[]>("/_sandbox/requests");
    expect(log.at(-1)!.path).toBe(`/v2/projects/${top.id}/momentum`);
    expect(Object.keys(log.at(-1)!.query).sort()).toEqual(["at", "clusters", "start"]);
    expect(log.at(-1)!.query.clusters).toBe("false");
    const points = JSON.parse(r.stdout) as { trendScore: number; clusters?: unknown }[];
    expect(points.length).toBeGreaterThan(40);
    expect(points.every((p) => typeof p.trendScore === "number" && p.clusters === undefined)).toBe(true);
  });

  it("--api v2 rank with --start/--end aliases, in json and table", async () => {
    const start = iso(Date.now() - 2 * 86_400_000);
    const end = iso(Date.now() - 3_600_000);
    const r = await runMain(["series", "rank", top.id, "--api", "v2", "--start", start, "--end", end], { env: sb.env(SELF) });
    expect(r.code).toBe(0);
    const server = (await sb.api<{ data: { data: unknown[] } }>(`/v2/projects/${top.id}/rank?start=${start}&end=${end}`, SELF)).body.data.data;
    expect(JSON.parse(r.stdout)).toEqual(server);
    const t = await runMain(["series", "rank", top.id, "--api", "v2", "--start", start, "--end", end, "-o", "table"], { env: sb.env(SELF) });
    expect(t.stdout.split("\n")[0]).toMatch(/^TIMESTAMP\s+RANK\s+TREND SCORE$/);
  });

  it("--at before the window: exit 6; in the future: exit 2 before any request", async () => {
    const old = await runMain(["series", "trend", top.id, "--at", "40d"], { env: sb.env(SELF) });
    expect(old.code).toBe(6);
    expect(old.stderr).toMatch(/--at is before the earliest data this key can read \(earliestAvailableAt \d{4}-/);
    await sb.admin("/_sandbox/requests/clear", "POST");
    const future = await runMain(["series", "trend", top.id, "--at", "2999-01-01T00:00:00Z"], { env: sb.env(SELF) });
    expect(future.code).toBe(2);
    expect(future.stderr).toMatch(/--at must lie in the past/);
    expect(await sb.admin<unknown[]>("/_sandbox/requests")).toHaveLength(0);
  });

  it("--at whose default 7-day window reaches before earliestAvailableAt: one warning, data returned", async () => {
    const r = await runMain(["series", "trend", top.id, "--at", "27d", "--no-clusters"], { env: sb.env(SELF) });
    expect(r.code).toBe(0);
    const warnings = r.stderr.split("\n").filter((l) => l.startsWith("mids: warning:"));
    expect(warnings).toHaveLength(1);
    const me = (await sb.api<Me>("/v3/me", SELF)).body.data.history;
    expect(warnings[0]).toMatch(/this key reads history only from \S+ on \(the last 30 days\)/);
    expect(warnings[0]).toContain(`last ${me.lookbackDays} days`);
    expect(warnings[0]).toMatch(/archive-history entitlement/);
    expect(warnings[0]).toMatch(/Returned \d+ points from \S+ to \S+\./);
    expect(JSON.parse(r.stdout).length).toBeGreaterThan(0);
  });

  it("a window that holds one point says 'Returned 1 point'", async () => {
    const me = (await sb.api<Me>("/v3/me", SELF)).body.data.history;
    const at = new Date(Math.ceil(Date.parse(me.earliestAvailableAt) / 3_600_000) * 3_600_000 + 600_000).toISOString();
    const r = await runMain(["series", "trend", top.id, "--at", at, "--no-clusters", "-o", "json"], { env: sb.env(SELF) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
    expect(r.stderr).toMatch(/Returned 1 point from (\S+) to \1\./);
  });

  it("--clamp with --at moves the start up to earliestAvailableAt and keeps --at as the end", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const at = Date.now() - 29 * 86_400_000;
    const r = await runMids(["series", "trend", top.id, "--at", iso(at), "--clamp", "--no-clusters"], { env: sb.env(SELF) });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^mids: notice: --clamp: moved the start \(the default window before --at\) from \S+ to \S+, the earliest this key can read/m);
    const log = await sb.admin<{ path: string; query: Record<string, string> }[]>("/_sandbox/requests");
    const sent = log.at(-1)!;
    expect(sent.path).toBe(`/v2/projects/${top.id}/momentum`);
    expect(Date.parse(sent.query.at)).toBe(at);
    const me = (await sb.api<Me>("/v3/me", SELF)).body.data.history;
    expect(Date.parse(sent.query.start)).toBeGreaterThanOrEqual(Date.parse(me.earliestAvailableAt) - 10_000);
    expect(Date.parse(sent.query.start)).toBeLessThan(at);
    const points = JSON.parse(r.stdout) as { timestamp: string }[];
    expect(points.length).toBeGreaterThan(0);
    expect(Date.parse(points.at(-1)!.timestamp)).toBeLessThanOrEqual(at);
  });

  it("--clamp with an end before earliestAvailableAt: exit 6 before the series is read, never an empty success", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const r = await runMids(["series", "trend", top.id, "--at", "35d", "--clamp", "--jq", "length"], { env: sb.env(SELF) });
    expect(r.code).toBe(6);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^mids: --at \(\S+\) ends the window before the earliest data this key can read \(earliestAvailableAt \S+\)/m);
    expect(r.stderr).toMatch(/^hint: pass --at at \S+ or later/m);
    expect(r.stderr).not.toMatch(/--clamp: moved/);
    const log = await sb.admin<{ path: string }[]>("/_sandbox/requests");
    expect(log.map((e) => e.path)).toEqual(["/v3/me"]);
    // v3 too: a --to before the window is refused the same way
    const v3 = await runMain(["series", "trend", top.slug, "--to", "35d", "--clamp"], { env: sb.env(SELF) });
    expect(v3.code).toBe(6);
    expect(v3.stderr).toMatch(/^mids: --to \(\S+\) ends the window before/m);
  });

  it("grounding history --clamp: a --to before earliestAvailableAt is exit 6 before any snapshot is read; a --from moves", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const r = await runMain(["grounding", "history", "--from", "40d", "--to", "35d", "--clamp"], { env: sb.env(SELF) });
    expect(r.code).toBe(6);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^mids: --to \(\S+\) ends the window before the earliest data this key can read \(earliestAvailableAt \S+\)/m);
    expect((await sb.admin<{ path: string }[]>("/_sandbox/requests")).map((e) => e.path)).toEqual(["/v3/me"]);
    const ok = await runMain(["grounding", "history", "--from", "40d", "--to", "1d", "--clamp", "--limit", "1", "-o", "json"], { env: sb.env(SELF) });
    expect(ok.code).toBe(0);
    expect(ok.stderr).toMatch(/^mids: notice: --clamp: moved --from from \S+ to \S+, the earliest this key can read/m);
  });

  it("an explicit window warns every time, also after the default window's once-per-key warning", async () => {
    const env = sb.env(SELF); // one state directory for all the runs below
    const first = await runMain(["intel", "list", "--limit", "1", "--jq", "length"], { env });
    expect(first.stderr).toMatch(/^mids: warning: this key reads history only from .*\(said once for this key\)$/m);
    const second = await runMain(["intel", "list", "--limit", "1", "--jq", "length"], { env });
    expect(second.stderr).not.toMatch(/warning/);
    for (const window of [["--at", "29d"], ["--at", "29d"], ["--to", "26d"], ["--to", "26d"]]) {
      const r = await runMain(["series", "trend", window[0] === "--at" ? top.id : top.slug, ...window, "--jq", "length"], { env });
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/^mids: warning: this key reads history only from \S+ on \(the last 30 days\), but this request reaches back from /m);
      expect(r.stderr).not.toMatch(/said once/);
    }
  });

  it("a state directory that cannot be written: the default window's warning is said every run and promises nothing", async () => {
    // (a file where the state directory should be: not writable even for root)
    const blocked = join(mkdtempSync(join(tmpdir(), "mids-state-")), "file");
    writeFileSync(blocked, "");
    const env = sb.env(SELF, { MIDS_STATE_DIR: join(blocked, "state") });
    for (let run = 0; run < 2; run++) {
      const r = await runMain(["intel", "list", "--limit", "1", "--jq", "length"], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^mids: warning: this key reads history only from \S+ on .*[^)]$/m);
      expect(r.stderr).not.toMatch(/said once/);
    }
  });

  it("--at with --api v3 on the command line is refused, not answered by the v2 route", async () => {
    const r = await runMain(["series", "trend", top.slug, "--api", "v3", "--at", "1d", "-o", "json"], { env: sb.env(SELF) });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^mids: --at is v2 only \(v3 removed historical reads\), but --api v3 was given\nhint: /);
    // without the flag (v3 is only the default or the environment's), --at selects v2 as documented
    const env = await runMain(["series", "trend", top.slug, "--at", "1d", "-o", "json", "-q"], { env: { ...sb.env(SELF), MIDS_API: "v3" } });
    expect(env.code, env.stderr).toBe(0);
    expect((JSON.parse(env.stdout) as { trendScore?: number }[])[0].trendScore).toEqual(expect.any(Number));
  });

  it("--clusters belongs to v2 trend only; the hint fits what is wrong", async () => {
    // rank has no breakdown in either version: "add --api v2" would not help, even without it
    for (const api of [[], ["--api", "v2"]]) {
      const r = await runMain(["series", "rank", top.slug, ...api, "--no-clusters"], { env: sb.env(SELF) });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe("mids: --clusters/--no-clusters apply to the v2 trend (momentum) series only\nhint: the rank series has no cluster breakdown: leave the flag out\n");
    }
    const v3 = await runMain(["series", "trend", top.slug, "--clusters"], { env: sb.env(SELF) });
    expect(v3.code).toBe(2);
    expect(v3.stderr).toMatch(/\nhint: add --api v2 \(the v3 trend series has no cluster breakdown\)\n$/);
  });
});

describe("history warning on listings", () => {
  it("intel list with a self-serve key warns once, even with --all over many pages", async () => {
    const r = await runMain(["intel", "list", "--all", "--limit", "50", "-o", "ndjson", "--fields", "id"], { env: sb.env(SELF) });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split("\n").length).toBeGreaterThan(100);
    expect(r.stderr.match(/mids: warning: this key reads history only from/g)).toHaveLength(1);
    const archive = await runMain(["intel", "list", "--limit", "5"], { env: sb.env(ARCHIVE) });
    expect(archive.code).toBe(0);
    // nothing but the paging hint: no history warning for an archive key
    expect(archive.stderr).toMatch(/^mids: more results: --cursor \S+ or --all\n$/);
  });

  it("grounding history --from before the window: exit 6; --clamp runs", async () => {
    const r = await runMain(["grounding", "history", "--from", "35d"], { env: sb.env(SELF) });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/--from is before the earliest data this key can read \(earliestAvailableAt /);
    const c = await runMain(["grounding", "history", "--from", "35d", "--clamp", "--limit", "2"], { env: sb.env(SELF) });
    expect(c.code).toBe(0);
    expect(c.stderr).toMatch(/--clamp: moved --from/);
    expect(JSON.parse(c.stdout)).toHaveLength(2);
  });
});
