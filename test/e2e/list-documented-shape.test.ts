// A list page whose items depart from their documented shape (spec 2.11 projects): the list still
// prints what it got, and stderr says once which documented field did not hold, as 'projects get'
// names it (there with exit 7). Before, a list printed such pages silently. (v3 intel, an assumed
// payload, says so through its own notice.)
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { hostile, sendJson, v3Project, v3ProjectPage } from "../helpers/hostile.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

const env = (url: string) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: SANDBOX_DEMO_KEY });

// One binary run (the first test) proves the built CLI's path; the rest run in-process (runMain).
describe("a list page that departs from its documented shape", () => {
  it("projects list: a trend that is not a number is printed as received and named once on stderr", async () => {
    const odd = { ...v3Project(2), trend: "high" };
    const h = await hostile((_req, res, n) => sendJson(res, 200, n === 1
      ? { data: [v3Project(1), odd], meta: { nextCursor: "c1" } }
      : { data: [{ ...odd, id: "p3", slug: "p3" }], meta: { nextCursor: null } }));
    const r = await runMids(["projects", "list", "--all", "-o", "ndjson", "--fields", "slug,trend"], { env: env(h.url) });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n").map((l) => JSON.parse(l))).toEqual([{ slug: "p1", trend: 50 }, { slug: "p2", trend: "high" }, { slug: "p3", trend: "high" }]);
    const notes = r.stderr.split("\n").filter((l) => l.includes("does not match"));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^mids: notice: .*v3\.projects\.list contract at 1\.trend: .*number/);
  });

  it("several departures: the first is named, then how many more and in which fields", async () => {
    // planted: item 1 trend, item 2 trend and no description; item 3 description
    const { description: _d, ...bare } = v3Project(3);
    const page = [v3Project(0), { ...v3Project(1), trend: "high" }, { ...bare, trend: "low" }, { ...v3Project(4), description: 7 }];
    const h = await hostile((_req, res) => sendJson(res, 200, { data: page, meta: { nextCursor: null } }));
    const r = await runMain(["projects", "list", "-o", "json"], { env: env(h.url) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(page.length);
    const notes = r.stderr.split("\n").filter((l) => l.includes("does not match"));
    expect(notes).toHaveLength(1);
    const m = /contract at 1\.trend: [^(]*\(and 3 more: ([^)]*)\); shown as received/.exec(notes[0]);
    expect(m?.[1].split(", ").sort()).toEqual(["description", "trend"]);
  });

  it("projects list -o table: a trend that is an object is shown as its JSON, never '[object Object]'", async () => {
    const trend = { value: 71.5, model: "trend-2027.1" };
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [v3Project(1), { ...v3Project(2), trend }], meta: { nextCursor: null } }));
    const r = await runMain(["projects", "list", "-o", "table", "--fields", "slug,trend"], { env: env(h.url) });
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split("\n").map((l) => l.split(/ {2,}/));
    expect(rows).toEqual([["SLUG", "TREND"], ["p1", "50.00"], ["p2", JSON.stringify(trend)]]);
  });

  it("a documented page (v3ProjectPage) raises no notice", async () => {
    const h = await hostile((_req, res) => sendJson(res, 200, v3ProjectPage(0, 2, null)));
    const r = await runMain(["projects", "list", "-o", "json"], { env: env(h.url) });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });
});

describe("topics list --api v2: an answer without its list of topics", () => {
  it("is said on stderr (never taken silently for an empty list); an empty list is not", async () => {
    const h = await hostile((req, res) => sendJson(res, 200, { status: 200, data: { completedAt: "2026-11-01T00:00:00Z", windowStartedAt: "2026-10-30T00:00:00Z", topics: req.url!.includes("none") ? [] : null } }));
    const [broken, empty] = await Promise.all([
      runMain(["topics", "list", "--api", "v2", "-o", "json"], { env: env(h.url) }),
      runMain(["topics", "list", "--api", "v2", "-o", "json"], { env: env(`${h.url}/none`) }),
    ]);
    expect([broken.code, broken.stdout]).toEqual([0, "[]\n"]);
    expect(broken.stderr).toContain("GET /v2/topics answered without its list of topics (data.topics is null)");
    expect([empty.code, empty.stdout, empty.stderr]).toEqual([0, "[]\n", ""]);
  });
});

describe("grounding history: a snapshot whose topics depart from their shape", () => {
  it("is printed as received (a topic that is no object, a name that is no string), exit 0; before, the table crashed (exit 1)", async () => {
    const snap = { completedAt: "2026-11-29T07:00:00Z", windowStartedAt: "2026-11-27T07:00:00Z", latestEvidenceAt: "2026-11-29T07:00:00Z", topics: [null, { name: { en: "Obj" } }, "str"] };
    const h = await hostile((_req, res) => sendJson(res, 200, { status: 200, data: [snap], pagination: { page: 1, limit: 10, totalCount: 1, hasMore: false } }));
    const r = await runMain(["grounding", "history", "-o", "table", "-q"], { env: env(h.url) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split("\n")[1]).toMatch(/ {2}; \{"en":"Obj"\}; str$/);
  });
});

describe("a catalog route that answers no list (clusters, chains: payloads not shown)", () => {
  it("says so once and prints the data as received with -o json, an empty csv otherwise; an empty list stays silent", async () => {
    // (before, v2 clusters and chains printed [] with nothing on stderr, and v3 clusters' notice
    // said 'shown as received' over a printed [])
    const h = await hostile((req, res) => sendJson(res, 200, req.url!.startsWith("/empty") ? { data: [] } : { data: null }));
    const [clustersV2, clustersV3, chainsCsv, empty] = await Promise.all([
      runMain(["clusters", "list", "--api", "v2", "-o", "json"], { env: env(h.url) }),
      runMain(["clusters", "list", "-o", "json"], { env: env(h.url) }),
      runMain(["vocabulary", "chains", "--api", "v2", "-o", "csv"], { env: env(h.url) }),
      runMain(["clusters", "list", "--api", "v2", "-o", "json"], { env: env(`${h.url}/empty`) }),
    ]);
    expect([clustersV2.code, clustersV2.stdout]).toEqual([0, "null\n"]);
    expect(clustersV2.stderr).toBe("mids: notice: GET /v2/clusters answered no list (its data is null); printed as received ('mids api /v2/clusters' shows the raw body)\n");
    expect([clustersV3.code, clustersV3.stdout]).toEqual([0, "null\n"]);
    expect(clustersV3.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(clustersV3.stderr).toContain("(data): array expected, got null; shown as received");
    expect(chainsCsv.code).toBe(0);
    expect(chainsCsv.stdout.split("\n").filter(Boolean)).toHaveLength(1);
    expect(chainsCsv.stderr).toContain("GET /v2/projects/chains answered no list (its data is null); shown as an empty list");
    expect([empty.code, empty.stdout, empty.stderr]).toEqual([0, "[]\n", ""]);
  });
});

describe("intel list: a field of the documented preview departs (spec 2.11: id, headline, grade, detectedAt)", () => {
  it("the notice says the spec documents it, and names it before the assumed fields' departures", async () => {
    // (before: 'answered another shape than mids assumes (spec: not shown): [].headline ...')
    const item = { id: "i1", headline: null, grade: "polished", detectedAt: "2026-11-28T00:00:00Z", projectId: "p", projectName: "P", category: "x" };
    const h = await hostile((_req, res) => sendJson(res, 200, { data: [item], meta: { nextCursor: null } }));
    const [plain, verbose] = await Promise.all([
      runMain(["intel", "list", "-o", "json"], { env: env(h.url) }),
      runMain(["intel", "list", "-o", "json", "--verbose"], { env: env(h.url) }),
    ]);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout)).toEqual([item]);
    const notice = (r: { stderr: string }) => r.stderr.split("\n").find((l) => l.includes("answered another shape"))!;
    expect(notice(plain)).toMatch(/^mids: notice: GET \/v3\/intel answered another shape than the spec documents and mids assumes: \[\]\.headline: string expected, got null and \d+ more/);
    expect(notice(verbose)).toMatch(/than the spec documents and mids assumes: \[\]\.headline: string expected, got null; /);
    expect(notice(plain)).not.toContain("spec: not shown");
  });
});
