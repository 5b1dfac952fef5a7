// Every read command against `sandbox serve --faults shapes`: a server that gives each payload the
// spec does not show (spec 2.17) another legal shape (src/sandbox/shape-variants.ts). Each command
// exits 0; -o json is the server's data as received (series: its points, wherever they are); the
// table renders; one notice names the route. `migrate verify` reports a field the assumed v3 answer
// lacks as unconfirmed, never differs (--strict: differs), and skips reads of the past.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runMain, runMids, tempDir, useSandbox, type RunResult } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY, SANDBOX_KEYS } from "../../src/sandbox/keys.js";

const sb = useSandbox(["--faults", "shapes"]);
const KEY = SANDBOX_KEYS.find((k) => k.id === "key_reports")!.key;
// what is under test is how each command reads and renders a shape: main() in this process (the
// binary's own part, exit codes and streams, is the same for every command and tested elsewhere)
const run = (args: string[], key = KEY) => runMain(args, { env: sb.env(key) });

/** Every array inside a value (itself included). */
function arraysIn(v: unknown, out: unknown[][] = []): unknown[][] {
  if (Array.isArray(v)) out.push(v);
  if (v && typeof v === "object") for (const x of Object.values(v)) arraysIn(x, out);
  return out;
}

/** At most `n` processes at once (the machine is shared; each is a whole node start). */
async function pool<T, R>(items: readonly T[], n: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => { while (next < items.length) { const i = next++; out[i] = await fn(items[i]); } }));
  return out;
}

describe("read commands against --faults shapes", () => {
  // 24 runs of the CLI, four at a time: the time follows from the process starts
  it("exit 0, json as received, a rendered table, one notice naming the route", { timeout: 120_000 }, async () => {
    const fx = await sb.admin<{ topics: { id: string; reportId: string }[] }>("/_sandbox/fixtures");
    const project = (await sb.api<{ data: { slug: string }[] }>("/v3/projects?limit=1", KEY)).body.data[0].slug;
    const intel = (await sb.api<{ data: { records?: { id: string }[]; items?: { id: string }[] } }>("/v3/intel?limit=1", KEY)).body.data;
    const intelId = Object.values(intel).find(Array.isArray)![0].id;
    const topic = fx.topics[0];
    // [command, the API path whose data -o json must equal (undefined: a documented shape, json not compared here)]
    const commands: [string[], string | undefined][] = [
      [["series", "trend", project], `/v3/projects/${project}/series/trend`],
      [["series", "rank", project], `/v3/projects/${project}/series/rank`],
      [["intel", "list", "--limit", "3"], "/v3/intel?limit=3"],
      [["intel", "get", intelId], `/v3/intel/${intelId}`],
      [["topics", "list"], "/v3/topics"],
      [["topics", "get", topic.id], `/v3/topics/${topic.id}`],
      [["reports", "get", topic.reportId], `/v3/reports/${topic.reportId}`],
      [["clusters", "list"], "/v3/clusters"],
      [["vocabulary"], "/v3/vocabulary"],
      [["vocabulary", "chains"], undefined],
      [["projects", "list", "--limit", "3"], undefined],
      [["projects", "get", project], undefined],
      [["projects", "related", project], undefined],
      [["me"], undefined],
      [["grounding"], undefined],
    ];
    const jobs = commands.flatMap(([args, path]) => [
      { args: [...args, "-o", "table"], path: undefined as string | undefined },
      ...(path ? [{ args: [...args, "-o", "json"], path }] : []),
    ]);
    const results: RunResult[] = await pool(jobs, 4, (j) => run(j.args));
    for (const [i, j] of jobs.entries()) {
      const r = results[i];
      const what = `mids ${j.args.join(" ")}: ${r.stderr}`;
      expect(r.code, what).toBe(0);
      expect(r.stdout.trim().length, what).toBeGreaterThan(0);
      expect(r.stderr, what).not.toMatch(/contract at/);
      if (!j.path) continue;
      const data = (await sb.api<{ data: unknown }>(j.path, KEY)).body.data;
      const printed = JSON.parse(r.stdout);
      if (j.args[0] === "series") expect(arraysIn(data).some((a) => a.length > 0 && JSON.stringify(a) === JSON.stringify(printed)), what).toBe(true);
      else expect(printed, what).toEqual(data);
      // the departure is said once, naming the route and the first departure
      expect(r.stderr.match(/answered another shape than mids assumes/g), what).toHaveLength(1);
    }
    // the cases: the series has no `name`, the intel names its project as an object
    const seriesData = (await sb.api<{ data: Record<string, unknown> }>(`/v3/projects/${project}/series/trend`, KEY)).body.data;
    expect(seriesData).not.toHaveProperty("name");
    const intelData = (await sb.api<{ data: Record<string, unknown> }>(`/v3/intel/${intelId}`, KEY)).body.data;
    expect(intelData.project).toEqual({ id: expect.any(String), name: expect.any(String) });
    const detail = results[jobs.findIndex((j) => j.args[0] === "intel" && j.args[1] === "get")].stdout;
    expect(detail).toMatch(new RegExp(`^project\\s+${(intelData.project as { name: string }).name}$`, "m"));
  });

  it("docs/contract.md's example notice is what mids series trend prints", async () => {
    const doc = (await import("node:fs")).readFileSync(join(ROOT, "docs/contract.md"), "utf8");
    const [, command, notice] = /```\n\$ (mids series trend \S+)\n(mids: notice: [^\n]*)\n```/.exec(doc)!;
    const r = await run([...command.split(" ").slice(1), "-o", "csv"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split("\n")).toContain(notice);
  });

  it("--verbose lists every departure of the route; -q none", async () => {
    const [verbose, quiet] = await Promise.all([run(["clusters", "list", "--verbose", "-o", "json"]), run(["clusters", "list", "-q", "-o", "json"])]);
    expect(verbose.code).toBe(0);
    const line = verbose.stderr.split("\n").find((l) => l.includes("answered another shape"))!;
    expect(line.split(";").length).toBeGreaterThan(2);
    expect(quiet.stderr).toBe("");
  });
});

describe("migrate verify against --faults shapes", () => {
  const log = join(ROOT, "test/fixtures/verify/shapes.log");
  it("identical series points with a v3 answer of another shape are unconfirmed, not differs; --strict: differs; reads of the past are skipped", async () => {
    const [plain, strict] = await Promise.all([
      run(["migrate", "verify", log, "-o", "json", "--fail-on", "differs"], SANDBOX_DEMO_KEY),
      run(["migrate", "verify", log, "-o", "json", "--strict"], SANDBOX_DEMO_KEY),
    ]);
    expect(plain.code, plain.stderr).toBe(0);
    const rep = JSON.parse(plain.stdout) as { requests: { verdict: string; unconfirmed?: { field: string }[]; reason?: string }[]; summary: Record<string, number> };
    expect(rep.requests.map((q) => q.verdict)).toEqual(["unconfirmed", "unconfirmed", "skipped", "skipped"]);
    expect(rep.requests[0].unconfirmed!.map((u) => u.field)).toEqual(expect.arrayContaining(["projectName"]));
    expect(rep.requests[2].reason).toMatch(/read of the past \(at-dropped\)/);
    expect(rep.requests[3].reason).toMatch(/read of the past \(at-to-series-window\)/);
    expect(rep.summary).toMatchObject({ unconfirmed: 2, differs: 0, skipped: 2 });
    expect(plain.stderr).toContain("2 unconfirmed, 0 differs");
    expect(strict.code).toBe(0);
    expect((JSON.parse(strict.stdout) as { requests: { verdict: string }[] }).requests.map((q) => q.verdict)).toEqual(["differs", "differs", "skipped", "skipped"]);
  });

  it("a list the assumed v3 answer wraps in an object is unconfirmed, not differs; --strict: differs", async () => {
    const log = join(tempDir("verify-"), "v.log");
    const paths = ["/v2/intel?limit=5", "/v2/signals", "/v2/topics", "/v2/grounding", "/v2/clusters"];
    writeFileSync(log, paths.map((p) => `GET ${p}\n`).join(""));
    // the v3 answers really are wrapped lists here (else the case proves nothing)
    for (const p of ["/v3/intel?limit=5", "/v3/topics", "/v3/clusters"]) {
      const data = (await sb.api<{ data: unknown }>(p, SANDBOX_DEMO_KEY)).body.data;
      expect(Array.isArray(data), p).toBe(false);
      expect(arraysIn(data).length, p).toBeGreaterThan(0);
    }
    const env = sb.env(SANDBOX_DEMO_KEY);
    const [plain, strict] = await Promise.all([
      runMids(["migrate", "verify", log, "-o", "json", "--fail-on", "differs"], { env }),
      runMids(["migrate", "verify", log, "-o", "json", "--fail-on", "differs", "--strict"], { env }),
    ]);
    expect(plain.code, plain.stderr).toBe(0);
    const rep = JSON.parse(plain.stdout) as { requests: { verdict: string; differences: unknown[] }[]; summary: Record<string, number> };
    expect(rep.requests.map((q) => q.verdict)).toEqual(paths.map(() => "unconfirmed"));
    expect(rep.summary).toMatchObject({ unconfirmed: paths.length, differs: 0 });
    expect(strict.code).toBe(8);
    expect((JSON.parse(strict.stdout) as { requests: { verdict: string }[] }).requests.map((q) => q.verdict)).toEqual(paths.map(() => "differs"));
  });
});
