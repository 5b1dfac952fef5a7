// Issue 3, projects: list (every v3 filter, --all in both versions, --fields, local --limit check),
// get (alias resolution, not_current), related (v3 and v2 neighbors), v2-only market routes.
// (The first test runs the built CLI; the later ones run main(argv) in this process: the same
// program, without a CLI start-up each.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMain, runMids, startSandbox, type SandboxProcess } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";

let sb: SandboxProcess;
let fixtures: {
  renamed: { id: string; slug: string; oldSlug: string };
  merged: { id: string; slug: string; mergedIntoSlug: string };
};
const KEY = SANDBOX_DEMO_KEY;
const env = () => sb.env(KEY);

type V3Page = { data: Record<string, unknown>[]; meta: { nextCursor?: string | null } };
type V2Page = { data: Record<string, unknown>[]; pagination: { totalCount: number; hasMore: boolean } };

/** Every item of a v3 list, read straight from the server. */
async function v3All(path: string, query: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let cursor: string | null | undefined;
  do {
    const q = new URLSearchParams(query);
    if (cursor) q.set("cursor", cursor);
    const r = await sb.api<V3Page>(`${path}?${q}`, KEY);
    out.push(...r.body.data);
    cursor = r.body.meta.nextCursor;
  } while (cursor);
  return out;
}

beforeAll(async () => {
  sb = await startSandbox();
  fixtures = await sb.admin("/_sandbox/fixtures");
});
afterAll(async () => {
  await sb?.stop();
});

describe("projects list", () => {
  it("json: one page equals the server's first page", async () => {
    const r = await runMids(["projects", "list", "--limit", "7"], { env: env() });
    expect(r.code).toBe(0);
    const server = (await sb.api<V3Page>("/v3/projects?limit=7", KEY)).body.data;
    expect(JSON.parse(r.stdout)).toEqual(server);
  });

  it("table: default columns, one row per project, header first", async () => {
    const r = await runMain(["projects", "list", "--limit", "5", "-o", "table"], { env: env() });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^RANK\s+NAME\s+SLUG\s+SYMBOL\s+TREND\s+UNIVERSE\s+CATEGORIES$/);
    const server = (await sb.api<V3Page>("/v3/projects?limit=5", KEY)).body.data;
    expect(lines).toHaveLength(6);
    server.forEach((p, i) => expect(lines[i + 1]).toContain(String(p.slug)));
  });

  it("maps every v3 filter flag to the route's parameter names", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const r = await runMain([
      "projects", "list", "--ids", "a,b", "--slugs", "s1,s2", "--names", "N", "--handles", "h", "--tickers", "T",
      "--categories", "defi", "--chain", "solana", "--address", "0xAbC", "--asset-types", "token,nft", "--universe", "tradfi",
      "--min-trend", "12.5", "--sort", "createdAt", "--limit", "3",
    ], { env: env() });
    expect(r.code).toBe(0);
    const log = await sb.admin<{ path: string; query: Record<string, string> }[]>("/_sandbox/requests");
    expect(log.at(-1)).toMatchObject({
      path: "/v3/projects",
      query: { ids: "a,b", slugs: "s1,s2", names: "N", handles: "h", tickers: "T", categories: "defi", chain: "solana", address: "0xAbC",
        assetTypes: "token,nft", universe: "tradfi", minTrend: "12.5", sort: "createdAt", limit: "3" },
    });
  });

  it("filters return what the server returns for the same query", async () => {
    const r = await runMain(["projects", "list", "--chain", "solana", "--min-trend", "30", "--sort", "reinforcedAt", "--all"], { env: env() });
    expect(r.code).toBe(0);
    const server = await v3All("/v3/projects", "chain=solana&minTrend=30&sort=reinforcedAt");
    expect(server.length).toBeGreaterThan(0);
    expect(JSON.parse(r.stdout).map((p: { id: string }) => p.id)).toEqual(server.map((p) => p.id));
  });

  it("--all follows meta.nextCursor across many pages, in order, no duplicates", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const r = await runMain(["projects", "list", "--all", "--limit", "25", "-o", "ndjson", "--fields", "id,slug,trend"], { env: env() });
    expect(r.code).toBe(0);
    const log = await sb.admin<{ path: string }[]>("/_sandbox/requests");
    const server = await v3All("/v3/projects", "limit=25");
    const mine = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(mine).toEqual(server.map((p) => ({ id: p.id, slug: p.slug, trend: p.trend })));
    expect(server.length).toBeGreaterThan(100);
    expect(log.filter((e) => e.path === "/v3/projects").length).toBe(Math.ceil(server.length / 25));
    expect(r.stderr).not.toMatch(/items|pages/); // no progress line when piped
  });

  it("--api v2 --all fetches every page (concurrently) and prints them in order", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const r = await runMain(["projects", "list", "--api", "v2", "--all", "--limit", "75", "--fields", "id,rank"], { env: env() });
    expect(r.code).toBe(0);
    const log = await sb.admin<{ path: string; query: Record<string, string> }[]>("/_sandbox/requests");
    const first = (await sb.api<V2Page>("/v2/projects?limit=75&page=1", KEY)).body;
    const pages = Math.ceil(first.pagination.totalCount / 75);
    // (pages of 75, not 40: each page of the in-process sandbox's v2 list costs a third of a second
    // on a loaded machine, and 25 requests took 17.6 s of the 30 s this test has; more than 5 pages still)
    const server: Record<string, unknown>[] = [...first.data];
    for (let p = 2; p <= pages; p++) server.push(...(await sb.api<V2Page>(`/v2/projects?limit=75&page=${p}`, KEY)).body.data);
    const mine = JSON.parse(r.stdout);
    expect(mine).toHaveLength(first.pagination.totalCount);
    expect(mine).toEqual(server.map((p) => ({ id: p.id, rank: p.rank })));
    expect(pages).toBeGreaterThan(5);
    const seen = log.filter((e) => e.path === "/v2/projects").map((e) => Number(e.query.page)).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
  });

  it("--max-items stops early; --fields picks nested paths in csv", async () => {
    const r = await runMain(["projects", "list", "--all", "--limit", "10", "--max-items", "13", "-o", "csv", "--fields", "slug,identifiers.x"], { env: env() });
    expect(r.code).toBe(0);
    const server = (await sb.api<V3Page>("/v3/projects?limit=13", KEY)).body.data;
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("slug,identifiers.x");
    expect(lines.slice(1)).toEqual(server.map((p) => `${p.slug},${(p.identifiers as { x: string }).x}`));
  });

  it("--max-items without --all: the next page is never offered past items it cut (no gap when followed)", async () => {
    const all = await v3All("/v3/projects", "limit=50");
    for (const [args, size] of [[[], 50], [["--api", "v2"], 20]] as [string[], number][]) {
      const cut = await runMain(["projects", "list", ...args, "--max-items", "3", "--fields", "id", "-o", "json"], { env: env() });
      expect(cut.code).toBe(0);
      expect(JSON.parse(cut.stdout)).toHaveLength(3);
      expect(cut.stderr).toBe(`mids: more results: --max-items 3 showed 3 of this page's ${size}; to page on without a gap, use --limit 3 (its hint names the next page) or --all\n`);
    }
    // the way it names: --limit 3, then the cursor its hint gives, continues at the 4th project
    const first = await runMain(["projects", "list", "--limit", "3", "--fields", "id", "-o", "json"], { env: env() });
    const cursor = /--cursor (\S+) or --all/.exec(first.stderr)![1];
    const next = await runMain(["projects", "list", "--limit", "3", "--cursor", cursor, "--fields", "id", "-o", "json"], { env: env() });
    expect([...JSON.parse(first.stdout), ...JSON.parse(next.stdout)].map((p: { id: string }) => p.id)).toEqual(all.slice(0, 6).map((p) => p.id));
  });

  it("v2 filters use the v2 names from the route table (--handles -> xHandles, --ids -> projectIds)", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const r = await runMain(["projects", "list", "--api", "v2", "--handles", "abc", "--ids", "x,y", "--min-market-cap", "5", "--page", "2"], { env: env() });
    expect(r.code).toBe(0);
    const log = await sb.admin<{ path: string; query: Record<string, string> }[]>("/_sandbox/requests");
    expect(log.at(-1)).toMatchObject({ path: "/v2/projects", query: { xHandles: "abc", projectIds: "x,y", minMarketCap: "5", page: "2" } });
  });

  it("bad flags are refused locally with exit 2, before any request", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const cases: [string[], RegExp][] = [
      [["--limit", "51"], /--limit must be a whole number from 1 to 50/],
      [["--limit", "0"], /--limit must be a whole number from 1 to 50/],
      [["--min-trend", "high"], /--min-trend must be a number/],
      [["--api", "v2", "--slugs", "x"], /--slugs is not available on GET \/v2\/projects; it exists only in v3/],
      [["--api", "v2", "--cursor", "abc"], /--cursor is v3 only/],
      [["--page", "2"], /--page is v2 only/],
      // an empty cursor (a script's unset variable) would start over at the first page
      [["--cursor", ""], /^mids: --cursor must not be empty\nhint: pass meta.nextCursor of the previous page/],
      [["--cursor", " "], /^mids: --cursor must not be empty/],
      [["--min-market-cap", "1"], /--min-market-cap is not available on GET \/v3\/projects/],
    ];
    for (const [args, msg] of cases) {
      const r = await runMain(["projects", "list", ...args], { env: env() });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(msg);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
    expect(await sb.admin<unknown[]>("/_sandbox/requests")).toHaveLength(0);
  });

  it("--chain is a single chain (spec 4.2): a list or a blank is exit 2 with a hint, before any request", async () => {
    await sb.admin("/_sandbox/requests/clear", "POST");
    const list = await runMids(["projects", "list", "--chain", "solana,ethereum", "--jq", "length"], { env: env() });
    expect(list.code).toBe(2);
    expect(list.stdout).toBe("");
    expect(list.stderr).toBe("mids: --chain takes one value, not a list (got 'solana,ethereum')\nhint: run one query per value: --chain solana, then --chain ethereum\n");
    for (const chain of [" ", "solana,"]) {
      const r = await runMain(["projects", "list", "--chain", chain], { env: env() });
      expect(r.code, chain).toBe(2);
      expect(r.stderr).toMatch(/^mids: --chain .*\nhint: .*--chain/);
    }
    expect(await sb.admin<unknown[]>("/_sandbox/requests")).toHaveLength(0);
    const one = await runMain(["projects", "list", "--chain", "solana", "--limit", "1", "-q"], { env: env() });
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toHaveLength(1);
  });
});

describe("projects get", () => {
  it("json: the detail as the server sends it; table: key/value rows", async () => {
    const { slug } = fixtures.renamed;
    const server = (await sb.api<{ data: Record<string, unknown> }>(`/v3/projects/${slug}`, KEY)).body.data;
    const j = await runMain(["projects", "get", slug], { env: env() });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual(server);
    expect(j.stderr).toBe("");
    const t = await runMain(["projects", "get", slug, "-o", "table"], { env: env() });
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(new RegExp(`^slug\\s+${slug}$`, "m"));
    expect(t.stdout).toMatch(new RegExp(`^id\\s+${server.id}$`, "m"));
    // spec 2.11: the market join key and the image are documented fields; the detail view shows them
    const ids = server.identifiers as { market: string };
    expect(t.stdout).toMatch(new RegExp(`^market id\\s+${ids.market}$`, "m"));
    expect(t.stdout.split("\n").find((l) => /^image\s/.test(l))?.replace(/^image\s+/, "")).toBe(server.image);
    // spec 4.2, 9.4: the model versions of meta.versions are shown too
    const { meta } = (await sb.api<{ meta: { versions: { trendModel: string; relations: string } } }>(`/v3/projects/${slug}`, KEY)).body;
    expect(t.stdout).toMatch(new RegExp(`^trend model\\s+${meta.versions.trendModel}$`, "m"));
    expect(t.stdout).toMatch(new RegExp(`^relations model\\s+${meta.versions.relations}$`, "m"));
    const f = await runMain(["projects", "get", slug, "--fields", "slug,versions.trendModel", "-o", "json"], { env: env() });
    expect(JSON.parse(f.stdout)).toEqual({ slug, versions: { trendModel: meta.versions.trendModel } });
  });

  it("an alias resolves to the canonical slug and says so on stderr", async () => {
    const { slug, oldSlug } = fixtures.renamed;
    const r = await runMain(["projects", "get", oldSlug, "--fields", "slug"], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ slug });
    expect(r.stderr).toContain(`'${oldSlug}' is an alias; the canonical slug is '${slug}'`);
  });

  it("a merged project is not_current: exit 4 with the reason", async () => {
    const r = await runMain(["projects", "get", fixtures.merged.slug], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`project '${fixtures.merged.slug}' is no longer current`));
    // the hint is the command to run next, from the answer's successor
    expect(r.stderr).toContain(`\nhint: it was merged into ${fixtures.merged.mergedIntoSlug}: mids projects get ${fixtures.merged.mergedIntoSlug}\n`);
  });

  it("an unknown project is exit 4", async () => {
    const r = await runMain(["projects", "get", "no-such-project", "-o", "table"], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/project 'no-such-project' not found/);
  });

  it("--api v2 reads the v2 detail, resolving a slug to the object id first", async () => {
    // the top-ranked project: its v2 detail has a full momentumContext
    const top = (await sb.api<V3Page>("/v3/projects?limit=1", KEY)).body.data[0];
    const id = String(top.id);
    const slug = String(top.slug);
    const server = (await sb.api<{ data: Record<string, unknown> }>(`/v2/projects/${id}`, KEY)).body.data;
    const r = await runMain(["projects", "get", slug, "--api", "v2", "--fields", "id,name,marketData.slug"], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id, name: server.name, marketData: { slug } });
    expect(r.stderr).toContain(`'${slug}' is ${id}`);
  });

  it("--at in the future is refused locally (exit 2); v2-only flags need --api v2", async () => {
    const f = await runMain(["projects", "get", fixtures.renamed.id, "--api", "v2", "--at", "2999-01-01"], { env: env() });
    expect(f.code).toBe(2);
    expect(f.stderr).toMatch(/--at must lie in the past/);
    const v = await runMain(["projects", "get", fixtures.renamed.id, "--at", "2d"], { env: env() });
    expect(v.code).toBe(2);
    expect(v.stderr).toBe("mids: --at is v2 only (add --api v2)\nhint: v3 removed historical reads: use 'mids series trend|rank <project> --from T --to T'\n");
    // the intel flags are not historical reads: the message names the flag given and the v3 way to intel
    const sort = await runMain(["projects", "get", fixtures.renamed.slug, "--intel-sort-by", "detectedAt"], { env: env() });
    expect(sort.code).toBe(2);
    expect(sort.stderr).toBe(`mids: --intel-sort-by is v2 only (add --api v2)\nhint: the v3 detail carries an intel preview only; 'mids intel list --project ${fixtures.renamed.slug}' lists the project's intel\n`);
  });
});

describe("projects related", () => {
  it("v3: relatedProjects of the detail, in json and table", async () => {
    const { slug } = fixtures.renamed;
    const server = (await sb.api<{ data: { relatedProjects: { project: { slug: string } }[] } }>(`/v3/projects/${slug}`, KEY)).body.data.relatedProjects;
    const j = await runMain(["projects", "related", slug], { env: env() });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual(server);
    const t = await runMain(["projects", "related", slug, "-o", "table"], { env: env() });
    expect(t.stdout.split("\n")[0]).toMatch(/^NAME\s+SLUG\s+KIND\s+SHARED INTEL\s+WINDOW\s+AS OF$/);
    for (const x of server) expect(t.stdout).toContain(x.project.slug);
  });

  it("--api v2: the neighbors route with --since and --limit", async () => {
    const { id } = fixtures.renamed;
    const server = (await sb.api<{ data: unknown[] }>(`/v2/projects/${id}/neighbors?since=20d&limit=2`, KEY)).body.data;
    const r = await runMain(["projects", "related", id, "--api", "v2", "--since", "20d", "--limit", "2"], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(server);
    const bad = await runMain(["projects", "related", id, "--api", "v2", "--limit", "51"], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--limit must be a whole number from 1 to 50/);
    const since = await runMain(["projects", "related", id, "--api", "v2", "--since", "two weeks"], { env: env() });
    expect(since.code).toBe(2);
    expect(since.stderr).toMatch(/--since must be a relative window such as 14d/);
  });
});

describe("v2-only market routes are marked deprecated", () => {
  it("help marks them deprecated", async () => {
    const r = await runMain(["projects", "--help"]);
    for (const c of ["metrics", "candles", "chains"]) expect(r.stdout).toMatch(new RegExp(`^\\s+${c}\\b.*\\[deprecated: v2 only`, "m"));
  });

  it("metrics: the v2 snapshot in json and table, with a deprecation notice", async () => {
    const { id } = fixtures.renamed;
    const server = (await sb.api<{ data: { metrics: { usd: number } } }>(`/v2/projects/${id}/metrics`, KEY)).body.data;
    const j = await runMain(["projects", "metrics", id], { env: env() });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual(server);
    expect(j.stderr).toMatch(/'mids projects metrics' uses a deprecated v2 route that has no v3 successor/);
    const t = await runMain(["projects", "metrics", id, "-o", "table"], { env: env() });
    expect(t.stdout).toMatch(new RegExp(`^price usd\\s+${server.metrics.usd}$`, "m"));
  });

  it("candles and chains", async () => {
    const { id } = fixtures.renamed;
    const c = await runMain(["projects", "candles", id, "-o", "csv"], { env: env() });
    expect(c.code).toBe(0);
    expect(c.stdout.split("\n")[0]).toBe("timestamp,open,high,low,close,volume");
    expect(c.stderr).toMatch(/'mids projects candles' uses a deprecated v2 route/);
    const ch = await runMain(["projects", "chains", "-o", "table"], { env: sb.env() });
    expect(ch.code).toBe(0);
    const server = (await sb.api<{ data: { name: string }[] }>("/v2/projects/chains")).body.data;
    for (const x of server) expect(ch.stdout).toContain(x.name);
    // the kind that holds the chains, as the command's help says: 'mids vocabulary' alone prints every catalog
    expect(ch.stderr).toMatch(/'mids projects chains' is deprecated \(v2 API\); use 'mids vocabulary chains'$/m);
  });
});
