// Issue 3, the other read resources: intel, topics, reports, clusters, vocabulary, grounding
// (deprecated alias notices), in table and json mode, compared with what the server sends.
// (The first test runs the built CLI; the rest run main(argv) in this process: the same program,
// without a CLI start-up each.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, startSandbox, type SandboxProcess } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";
import { SANDBOX_KEYS } from "../../src/sandbox/keys.js";

const key = (id: string) => SANDBOX_KEYS.find((k) => k.id === id)!.key;
const KEY = key("key_reports");
const NOAPI = key("key_noapi");

let sb: SandboxProcess;
let topic: { id: string; reportId: string };
type List = { data: Record<string, unknown>[]; meta: { nextCursor?: string | null } };

beforeAll(async () => {
  sb = await startSandbox();
  const fx = await sb.admin<{ topics: { id: string; reportId: string }[] }>("/_sandbox/fixtures");
  topic = fx.topics[0];
});
afterAll(async () => {
  await sb?.stop();
});

describe("intel", () => {
  it("list: json equals the server page; table has the default columns", async () => {
    const server = (await sb.api<List>("/v3/intel?limit=5&grade=polished,flawless", KEY)).body.data;
    const j = await runMids(["intel", "list", "--limit", "5", "--grade", "polished,flawless"], { env: sb.env(KEY) });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual(server);
    const t = await runMids(["intel", "list", "--limit", "5", "--grade", "polished,flawless", "-o", "table"], { env: sb.env(KEY) });
    const lines = t.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^DETECTED\s+GRADE\s+PROJECT\s+CATEGORY\s+HEADLINE\s+ID$/);
    server.forEach((x, i) => expect(lines[i + 1]).toContain(String(x.id)));
  });

  it("list --project naming no project (the API answers an empty list): the table says so with a hint to check it, shell-quoted; json stays [] alone", async () => {
    const typo = "nope-typo; x";
    expect((await sb.api<List>(`/v3/intel?project=${encodeURIComponent(typo)}`, KEY)).body.data).toEqual([]);
    const [t, j, unfiltered] = await Promise.all([
      runMain(["intel", "list", "--project", typo, "-o", "table"], { env: sb.env(KEY) }),
      runMain(["intel", "list", "--project", typo, "-o", "json"], { env: sb.env(KEY) }),
      runMain(["intel", "list", "--search", "no-such-words-anywhere-zz", "-o", "table"], { env: sb.env(KEY) }),
    ]);
    expect(t.code).toBe(0);
    expect(t.stdout).toBe("");
    // (after the key's history-window warning, when it is said)
    expect(t.stderr.endsWith(`no intel items matched\nhint: check that '${typo}' names a project: mids projects get '${typo}'\n`)).toBe(true);
    expect([j.code, j.stdout]).toEqual([0, "[]\n"]);
    expect(j.stderr).not.toMatch(/matched|hint/);
    // no project named: no such hint
    expect(unfiltered.stderr.endsWith("\nno intel items matched\n") || unfiltered.stderr === "no intel items matched\n").toBe(true);
  });

  it("list: --search and --project map to q and project; v2 uses projectId (a slug resolved first); --grade is v3 only", async () => {
    const p = (await sb.api<List>("/v3/projects?limit=1", KEY)).body.data[0] as { id: string; slug: string };
    await sb.admin("/_sandbox/requests/clear", "POST");
    await runMain(["intel", "list", "--search", "airdrop", "--project", "abc", "--category", "airdrop"], { env: sb.env(KEY) });
    const v2 = await runMain(["intel", "list", "--api", "v2", "--project", p.slug, "--category", "airdrop"], { env: sb.env(KEY) });
    expect(v2.code).toBe(0);
    expect(v2.stderr).toContain(`'${p.slug}' is ${p.id}`);
    const log = await sb.admin<{ path: string; query: Record<string, string> }[]>("/_sandbox/requests");
    expect(log[0]).toMatchObject({ path: "/v3/intel", query: { q: "airdrop", project: "abc", category: "airdrop" } });
    expect(log.at(-1)).toMatchObject({ path: "/v2/intel", query: { projectId: p.id, category: "airdrop" } });
    const g = await runMain(["intel", "list", "--api", "v2", "--grade", "cut"], { env: sb.env(KEY) });
    expect(g.code).toBe(2);
    expect(g.stderr).toMatch(/--grade is not available on GET \/v2\/intel; it exists only in v3/);
  });

  it("list --api v2 --all: every page, in order", async () => {
    const first = (await sb.api<{ pagination: { totalCount: number } }>("/v2/intel?limit=100&page=1", KEY)).body.pagination;
    const r = await runMain(["intel", "list", "--api", "v2", "--all", "--limit", "100", "--fields", "id", "-o", "ndjson"], { env: sb.env(KEY) });
    expect(r.code).toBe(0);
    const ids = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).id);
    expect(ids).toHaveLength(first.totalCount);
    expect(new Set(ids).size).toBe(ids.length);
    const p3 = (await sb.api<List>("/v2/intel?limit=100&page=3", KEY)).body.data;
    expect(ids.slice(200, 300)).toEqual(p3.map((x) => x.id));
  });

  it("get: json equals the server; table shows composition; --activity is v2 only", async () => {
    const id = String((await sb.api<List>("/v3/intel?limit=1", KEY)).body.data[0].id);
    const server = (await sb.api<{ data: { clusterComposition: { name: string; percentage: number }[] } }>(`/v3/intel/${id}`, KEY)).body.data;
    const j = await runMain(["intel", "get", id], { env: sb.env(KEY) });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual(server);
    const t = await runMain(["intel", "get", id, "-o", "table"], { env: sb.env(KEY) });
    expect(t.stdout).toMatch(new RegExp(`^composition\\s+${server.clusterComposition.map((c) => `${c.name} ${c.percentage}%`).join(", ")}$`, "m"));
    const v2 = await runMain(["intel", "get", id, "--api", "v2", "--activity", "none", "--fields", "id,activity"], { env: sb.env(KEY) });
    expect(v2.code).toBe(0);
    expect(JSON.parse(v2.stdout)).toEqual({ id, activity: [] });
    const bad = await runMain(["intel", "get", id, "--activity", "none"], { env: sb.env(KEY) });
    expect(bad.code).toBe(2);
  });
});

describe("--limit where the spec gives no maximum", () => {
  // spec 8.4 gives the maximum of the v3 project list, v2 grounding history and neighbors only: a
  // larger --limit elsewhere (v3 intel, v2 projects and intel) goes to the server, which decides
  it("is sent as given; the documented maxima are still checked locally", async () => {
    const h = await hostile((req, res) => {
      const v2 = req.url!.startsWith("/v2/");
      sendJson(res, 200, v2 ? { status: 200, data: [], pagination: { page: 1, limit: 150, totalCount: 0, hasMore: false } } : { data: [], meta: { nextCursor: null } });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" });
    for (const args of [["intel", "list", "--limit", "80"], ["intel", "list", "--api", "v2", "--limit", "150"], ["projects", "list", "--api", "v2", "--limit", "150"]]) {
      const r = await (args[0] === "intel" && args.length === 4 ? runMids : runMain)([...args, "-o", "json"], { env });
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([]);
      expect(h.seen.pop()).toMatch(new RegExp(`limit=${args.at(-1)}\\b`));
    }
    for (const args of [["projects", "list", "--limit", "51"], ["grounding", "history", "--limit", "51"], ["projects", "related", "jutufi", "--api", "v2", "--limit", "51"]]) {
      const r = await runMain(args, { env });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^mids: --limit must be a whole number from 1 to 50 \(got '51'\)/);
    }
    expect(h.seen).toEqual([]);
  });
});

describe("topics and reports", () => {
  it("topics list works with no key, in json and table", async () => {
    const server = (await sb.api<List>("/v3/topics")).body.data;
    const j = await runMain(["topics", "list"], { env: sb.env() });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual(server);
    const t = await runMain(["topics", "list", "-o", "table"], { env: sb.env() });
    expect(t.stdout.split("\n")[0]).toMatch(/^RANK\s+NAME\s+SCORE\s+STANCE\s+ID$/);
    expect(t.stdout.trimEnd().split("\n")).toHaveLength(server.length + 1);
  });

  it("topics list --api v2 keyless passes on the upgrade notice", async () => {
    const r = await runMain(["topics", "list", "--api", "v2", "--fields", "rank,name"], { env: sb.env() });
    expect(r.code).toBe(0);
    const server = (await sb.api<{ data: { topics: { rank: number; name: string }[] }; meta: { upgrade: { url: string } } }>("/v2/topics")).body;
    expect(JSON.parse(r.stdout)).toEqual(server.data.topics.map((t) => ({ rank: t.rank, name: t.name })));
    expect(r.stderr).toContain(server.meta.upgrade.url);
  });

  it("the other public v2 catalogs keyless pass on the upgrade notice too (spec 2.1: meta.upgrade on public responses)", async () => {
    for (const [args, path] of [[["clusters", "list"], "/v2/clusters"], [["vocabulary", "chains"], "/v2/projects/chains"],
      [["vocabulary", "intel-categories"], "/v2/intel-categories"], [["projects", "chains"], "/v2/projects/chains"]] as const) {
      const server = (await sb.api<{ meta: { upgrade: { description: string; url: string } } }>(path)).body;
      const r = await runMain([...args, "--api", "v2"], { env: sb.env() });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr, args.join(" ")).toContain(`mids: notice: ${server.meta.upgrade.description} (${server.meta.upgrade.url})`);
    }
  });

  it("topics get: stance and report reference", async () => {
    const server = (await sb.api<{ data: { stance: string; report: { id: string } } }>(`/v3/topics/${topic.id}`)).body.data;
    const j = await runMain(["topics", "get", topic.id], { env: sb.env(KEY) });
    expect(JSON.parse(j.stdout)).toEqual(server);
    const t = await runMain(["topics", "get", topic.id, "-o", "table"], { env: sb.env(KEY) });
    expect(t.stdout).toMatch(new RegExp(`^stance\\s+${server.stance}$`, "m"));
    expect(t.stdout).toMatch(new RegExp(`^report id\\s+${server.report.id}$`, "m"));
  });

  it("topics report: validates the id locally, renders readably, marks the route deprecated", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const bad = await runMain(["topics", "report", "topic_XYZ"], { env: sb.env(KEY) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/does not match \^topic_\[a-f0-9\]\{20\}\$/);
    // a report id, the natural mistake: the hint names the command that reads it
    const rep = await runMain(["topics", "report", "rep_2449ccd9d5d7ccbc"], { env: sb.env(KEY) });
    expect(rep.code).toBe(2);
    expect(rep.stderr).toMatch(/^hint: 'rep_2449ccd9d5d7ccbc' is a report id; read it with mids reports get rep_2449ccd9d5d7ccbc$/m);
    expect(await sb.admin<unknown[]>("/_sandbox/requests")).toHaveLength(0);
    const server = (await sb.api<{ data: { title: string; sources: { url: string }[] } }>(`/v2/topics/${topic.id}/report`, KEY)).body.data;
    const t = await runMain(["topics", "report", topic.id, "-o", "table"], { env: sb.env(KEY) });
    expect(t.code).toBe(0);
    expect(t.stdout.split("\n")[0]).toBe(server.title);
    expect(t.stdout).toContain("SOURCES");
    for (const s of server.sources) expect(t.stdout).toContain(s.url);
    expect(t.stderr).toMatch(/'mids topics report' is deprecated \(v2 API\); use 'mids reports get /);
    // reports get takes a report id, not the topic id this command took: the notice says where it is
    expect(t.stderr).toContain("use 'mids reports get <reportId>'; the report id is in 'mids topics get <topicId>'\n");
    const byTopicId = await runMain(["reports", "get", topic.id], { env: sb.env(KEY) });
    expect(byTopicId.code).toBe(4);
    const j = await runMain(["topics", "report", topic.id], { env: sb.env(KEY) });
    expect(JSON.parse(j.stdout)).toEqual(server);
    const help = await runMain(["topics", "--help"]);
    expect(help.stdout).toMatch(/^\s+report .*\[deprecated/m);
  });

  it("reports get: revisions in json; readable text in table; entitlement missing is exit 3", async () => {
    const server = (await sb.api<{ data: { title: string; revisions: { summary: string }[] } }>(`/v3/reports/${topic.reportId}`, KEY)).body.data;
    const j = await runMain(["reports", "get", topic.reportId], { env: sb.env(KEY) });
    expect(JSON.parse(j.stdout)).toEqual(server);
    const t = await runMain(["reports", "get", topic.reportId, "-o", "table"], { env: sb.env(KEY) });
    expect(t.stdout.split("\n")[0]).toBe(server.title);
    expect(t.stdout).toContain("REVISIONS");
    for (const r of server.revisions) expect(t.stdout).toContain(r.summary);
    const denied = await runMain(["reports", "get", topic.reportId], { env: sb.env(key("key_selfserve")) });
    expect(denied.code).toBe(3);
    expect(denied.stderr).toMatch(/topic-reports/);
  });
});

describe("v3-only commands and flags when api v2 is a setting, not a flag", () => {
  // "drop --api v2" cannot be followed when no such flag was given: the way back is --api v3
  it("the message names where api v2 came from and says to add --api v3, which then works", async () => {
    const viaEnv = sb.env(KEY, { MIDS_API: "v2" });
    const viaProfile = sb.env(KEY);
    expect((await runMain(["config", "set", "--profile", "migrating", "api", "v2"], { env: viaProfile })).code).toBe(0);
    const cases: [string[], Record<string, string>, string][] = [
      [["reports", "get", topic.reportId], viaEnv, "mids: reports are v3 only (add --api v3: api v2 comes from env MIDS_API)"],
      [["topics", "get", topic.id], viaEnv, "mids: topic detail is v3 only (add --api v3: api v2 comes from env MIDS_API)"],
      [["vocabulary", "categories"], viaEnv, "mids: 'categories' has no v2 route (add --api v3: api v2 comes from env MIDS_API)"],
      [["intel", "list", "--grade", "cut"], viaEnv, "mids: --grade is not available on GET /v2/intel; it exists only in v3 (add --api v3: api v2 comes from env MIDS_API)"],
      [["--profile", "migrating", "projects", "list", "--min-trend", "50"], viaProfile, "mids: --min-trend is not available on GET /v2/projects; it exists only in v3 (add --api v3: api v2 comes from profile migrating)"],
    ];
    for (const [args, env, line] of cases) {
      const r = await runMain([...args, "-o", "json", "-q"], { env });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.split("\n")[0]).toBe(line);
      const fixed = await runMain([...args, "--api", "v3", "-o", "json", "-q"], { env });
      expect(fixed.code, `${args.join(" ")} --api v3: ${fixed.stderr}`).toBe(0);
    }
    // with the flag on the line, dropping it is the fix
    const flag = await runMain(["reports", "get", topic.reportId, "--api", "v2"], { env: sb.env(KEY) });
    expect(flag.stderr.split("\n")[0]).toBe("mids: reports are v3 only (drop --api v2)");
  });
});

describe("catalogs", () => {
  it("clusters list: v3 and v2 in json; table has id and name", async () => {
    const v3 = (await sb.api<List>("/v3/clusters")).body.data;
    const j = await runMain(["clusters", "list"], { env: sb.env() });
    expect(JSON.parse(j.stdout)).toEqual(v3);
    const v2 = await runMain(["clusters", "list", "--api", "v2"], { env: sb.env() });
    expect(JSON.parse(v2.stdout)).toEqual((await sb.api<List>("/v2/clusters")).body.data);
    const t = await runMain(["clusters", "list", "-o", "table"], { env: sb.env() });
    expect(t.stdout.split("\n")[0]).toMatch(/^ID\s+NAME/);
    for (const c of v3) expect(t.stdout).toContain(String(c.name));
  });

  it("vocabulary: all kinds, one kind, and the v2 routes for chains and intel-categories", async () => {
    const v3 = (await sb.api<{ data: Record<string, { slug: string }[]> }>("/v3/vocabulary")).body.data;
    const all = await runMain(["vocabulary"], { env: sb.env() });
    expect(JSON.parse(all.stdout)).toEqual(v3);
    const t = await runMain(["vocabulary", "-o", "table"], { env: sb.env() });
    expect(t.stdout.split("\n")[0]).toMatch(/^KIND\s+SLUG\s+NAME/);
    expect(t.stdout).toMatch(/^asset-types\s+/m);
    const one = await runMain(["vocabulary", "asset-types"], { env: sb.env() });
    expect(JSON.parse(one.stdout)).toEqual(v3.assetTypes);
    const v2 = await runMain(["vocabulary", "intel-categories", "--api", "v2"], { env: sb.env() });
    expect(JSON.parse(v2.stdout)).toEqual((await sb.api<List>("/v2/intel-categories")).body.data);
    const none = await runMain(["vocabulary", "categories", "--api", "v2"], { env: sb.env() });
    expect(none.code).toBe(2);
    const bad = await runMain(["vocabulary", "colours"], { env: sb.env() });
    expect(bad.code).toBe(2);
  });
});

describe("a key without the 'api' entitlement", () => {
  it("the hint names a command that works for that key, and that command says what the key lacks", async () => {
    for (const args of [["me"], ["reports", "get", topic.reportId]]) {
      const r = await runMain(args, { env: sb.env(NOAPI) });
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/^mids: your key lacks the 'api' entitlement/m);
      const hint = r.stderr.split("\n").find((l) => l.startsWith("hint: "))!;
      expect(hint).not.toMatch(/'mids me'/);
      // the command the hint sends the user to, run with the same key: it runs and names the gap
      const named = /'mids ([a-z]+)'/.exec(hint)?.[1];
      expect(named, hint).toBeDefined();
      const next = await runMain([named!, "-o", "json"], { env: sb.env(NOAPI) });
      const checks = (JSON.parse(next.stdout) as { checks: { check: string; status: string; detail: string }[] }).checks;
      expect(checks.find((c) => c.check === "entitlements")).toMatchObject({ status: "fail", detail: expect.stringContaining("'api'") });
    }
  });
});

describe("grounding (deprecated v2 aliases)", () => {
  it("current snapshot: topics in table, the snapshot in json, a deprecation notice naming /v3/topics", async () => {
    const j = await runMain(["grounding"], { env: sb.env(KEY) });
    expect(j.code).toBe(0);
    const server = (await sb.api<{ data: { topics: { id: string }[] } }>("/v2/grounding", KEY)).body.data;
    expect(JSON.parse(j.stdout).topics.map((t: { id: string }) => t.id)).toEqual(server.topics.map((t) => t.id));
    expect(j.stderr).toMatch(/^mids: notice: 'mids grounding' is deprecated \(v2 API\); use 'mids topics list'$/m);
    const t = await runMain(["grounding", "-o", "table"], { env: sb.env(KEY) });
    expect(t.stdout.trimEnd().split("\n")).toHaveLength(server.topics.length + 1);
    const help = await runMain(["--help"]);
    expect(help.stdout).toMatch(/^\s+grounding .*\[deprecated/m);
  });

  it("--at needs a key (server 403 -> exit 3) and a past time (exit 2)", async () => {
    const anon = await runMain(["grounding", "--at", "2d"], { env: sb.env() });
    expect(anon.code).toBe(3);
    const future = await runMain(["grounding", "--at", "2999-01-01"], { env: sb.env(KEY) });
    expect(future.code).toBe(2);
    const ok = await runMain(["grounding", "--at", "2d"], { env: sb.env(KEY) });
    expect(ok.code).toBe(0);
    expect(typeof JSON.parse(ok.stdout).latestEvidenceAt).toBe("string");
  });

  it("--fields picks the same fields of the same topics in every format; json keeps the snapshot around them", async () => {
    const server = (await sb.api<{ data: { completedAt: string; topics: { name: string; rank: number }[] } }>("/v2/grounding", KEY)).body.data;
    const want = server.topics.map((t) => ({ name: t.name, rank: t.rank }));
    const run = (o: string) => runMain(["grounding", "--fields", "name,rank", "-o", o], { env: sb.env(KEY) });
    const [json, ndjson, csv, yaml] = await Promise.all([run("json"), run("ndjson"), run("csv"), run("yaml")]);
    for (const r of [json, ndjson, csv, yaml]) {
      expect(r.code).toBe(0);
      expect(r.stderr).not.toMatch(/warning/);
    }
    expect(JSON.parse(json.stdout)).toEqual({ ...server, topics: want });
    expect(ndjson.stdout.trimEnd().split("\n").map((l) => JSON.parse(l))).toEqual(want);
    expect(csv.stdout).toBe(["name,rank", ...want.map((t) => `${t.name},${t.rank}`)].join("\n") + "\n");
    expect(yaml.stdout).toContain(`  - name: ${want[0].name}\n    rank: ${want[0].rank}\n`);
    // a typo: one warning, the same in every format, naming topic fields
    const typo = await Promise.all(["json", "csv"].map((o) => runMain(["grounding", "--fields", "nmae", "-o", o], { env: sb.env(KEY) })));
    const warnings = typo.map((r) => r.stderr.split("\n").filter((l) => l.startsWith("mids: warning:")));
    expect(warnings[0]).toHaveLength(1);
    expect(warnings[0][0]).toMatch(/^mids: warning: --fields: no field 'nmae' in the grounding topics; nearest: name(, [a-zA-Z]+)*$/);
    expect(warnings[1]).toEqual(warnings[0]);
  });

  it("history: help, notice and the server's Link header name the same successor (/v3/topics: 'mids topics list')", async () => {
    const server = await sb.api("/v2/grounding/history?limit=1", KEY);
    expect(server.headers.get("link")).toMatch(/<\/v3\/topics>; rel="successor-version"/);
    const [help, r] = await Promise.all([
      runMain(["grounding", "history", "--help"]),
      runMain(["grounding", "history", "--limit", "1"], { env: sb.env(KEY) }),
    ]);
    expect(r.code).toBe(0);
    const notice = /^mids: notice: 'mids grounding history' is deprecated \(v2 API\); use 'mids ([a-z ]+)'/m.exec(r.stderr)?.[1];
    expect(notice).toBe("topics list");
    expect(help.stdout).toMatch(/\[deprecated: v2 alias; v3: 'mids topics list'/);
    expect(help.stdout).not.toMatch(/no v3 equivalent\]/);
  });

  it("history: --all across pages, --limit checked against the route max (50)", async () => {
    const r = await runMain(["grounding", "history", "--from", "2d", "--limit", "10", "--all", "-o", "ndjson", "--fields", "completedAt"], { env: sb.env(KEY) });
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).completedAt);
    expect(rows.length).toBeGreaterThanOrEqual(48);
    expect([...rows].sort().reverse()).toEqual(rows);
    expect(r.stderr).toMatch(/'mids grounding history' is deprecated/);
    const bad = await runMain(["grounding", "history", "--limit", "51"], { env: sb.env(KEY) });
    expect(bad.code).toBe(2);
    const noapi = await runMain(["grounding", "history"], { env: sb.env(NOAPI) });
    expect(noapi.code).toBe(3);
  });
});
