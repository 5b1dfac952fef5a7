// Every v2 -> v3 mapping of spec 9.5, driven through the rewriter (which reads src/contract/routes.ts).
import { describe, expect, it } from "vitest";
import { rewrite } from "../../src/migrate/rewrite.js";
import { splitTarget } from "../../src/migrate/url.js";
import { ROUTES } from "../../src/contract/routes.js";
import { MIGRATION_RULES } from "../../src/contract/migration.js";
import type { Outcome } from "../../src/migrate/types.js";

const AFTER_SUNSET = new Date("2026-11-22T00:00:00Z");
const BEFORE_SUNSET = new Date("2026-06-01T00:00:00Z");
const ID = "64b7f0c2a1b2c3d4e5f60718";
const TOPIC = "topic_0123456789abcdef0123";

function mig(method: string, target: string, now = AFTER_SUNSET): Outcome {
  const t = splitTarget(target)!;
  return rewrite({ method, ...t }, { now });
}
const rules = (o: Outcome) => o.notes.map((n) => n.rule);

describe("spec 9.5 route map", () => {
  // [v2 request, status, v3 method + path (null when removed), rule that must be noted]
  const table: [string, string, string, string | null, string?][] = [
    ["GET", "/v2/projects", "rewritten", "GET /v3/projects"],
    ["GET", `/v2/projects/${ID}`, "rewritten", `GET /v3/projects/${ID}`],
    ["GET", `/v2/projects/${ID}/momentum`, "partial", `GET /v3/projects/${ID}/series/trend`],
    ["GET", `/v2/projects/${ID}/rank`, "rewritten", `GET /v3/projects/${ID}/series/rank`],
    ["GET", `/v2/projects/${ID}/candles`, "removed", null, "market-data-removed"],
    ["GET", `/v2/projects/${ID}/metrics`, "removed", null, "market-data-removed"],
    ["GET", `/v2/projects/${ID}/neighbors`, "partial", `GET /v3/projects/${ID}`, "neighbors-to-related"],
    ["GET", "/v2/projects/chains", "rewritten", "GET /v3/vocabulary", "vocabulary-chains"],
    ["GET", "/v2/intel-categories", "rewritten", "GET /v3/vocabulary", "vocabulary-intel-categories"],
    ["GET", "/v2/topics", "rewritten", "GET /v3/topics"],
    ["GET", "/v2/grounding", "rewritten", "GET /v3/topics", "grounding-alias"],
    ["GET", "/v2/grounding/history", "partial", "GET /v3/topics", "grounding-history-no-v3"],
    ["GET", `/v2/topics/${TOPIC}/report`, "partial", "GET /v3/reports/{reportId}", "topic-id-to-report-id"],
    ["GET", "/v2/intel", "rewritten", "GET /v3/intel"],
    ["GET", "/v2/signals", "rewritten", "GET /v3/intel", "signals-sunset"],
    ["GET", "/v2/intel/int_1", "rewritten", "GET /v3/intel/int_1"],
    ["GET", "/v2/signals/int_1", "rewritten", "GET /v3/intel/int_1", "signals-sunset"],
    ["GET", "/v2/signal-categories", "rewritten", "GET /v3/vocabulary", "signals-sunset"],
    ["GET", "/v2/clusters", "rewritten", "GET /v3/clusters"],
    ["GET", "/v2/api-keys/info", "rewritten", "GET /v3/me", "api-key-info-to-me"],
    ["POST", "/v2/agent", "removed", null, "agent-removed"],
    // the spec names the agent route without its method (or path): any method to it is that route, removed
    ["GET", "/v2/agent", "removed", null, "agent-removed"],
    ["GET", "/v2/recipes", "removed", null, "recipes-discontinued"],
    ["GET", "/v2/recipes/daily", "removed", null, "recipes-discontinued"],
    ["POST", "/v2/recipes/execute", "removed", null, "recipes-discontinued"],
    ["POST", "/v2/recipes/validate", "removed", null, "recipes-discontinued"],
    ["GET", "/v2", "removed", null, "no-v3-root"],
  ];
  for (const [method, path, status, to, rule] of table) {
    it(`${method} ${path} -> ${to ?? "removed"} (${status})`, () => {
      const o = mig(method, path);
      expect(o.status).toBe(status);
      expect(o.to ? `${o.to.method} ${o.to.path}` : null).toBe(to);
      if (rule) expect(rules(o)).toContain(rule);
    });
  }

  it("covers every v2 route of the table: none comes out unrecognized", () => {
    for (const r of ROUTES.filter((x) => x.version === "v2")) {
      const path = r.path.replace(/\{(\w+)\}/g, (_, k) => (k === "id" && r.id.startsWith("v2.topics") ? TOPIC : "x1"));
      expect(mig(r.method, path).status, r.id).not.toBe("unrecognized");
    }
  });

  it("every rule a route or parameter names has a message and an action", () => {
    for (const r of ROUTES) {
      for (const id of [...(r.v3?.rules ?? []), ...r.params.map((p) => p.rule).filter(Boolean)] as string[]) {
        expect(MIGRATION_RULES, id).toHaveProperty(id);
      }
    }
  });
});

describe("parameters", () => {
  it("a path value that is empty, . or .. (percent-encoded too) is unrecognized with dot-segment, never an error", () => {
    for (const v of ["..", ".", "%2e%2e", "%2E", ".%2e"]) {
      for (const route of [`/v2/projects/${v}/momentum`, `/v2/topics/${v}/report`, `/v2/projects/${v}`]) {
        const o = mig("GET", route);
        expect(o.status, route).toBe("unrecognized");
        expect(rules(o), route).toEqual(["dot-segment"]);
        expect(o.to, route).toBeNull();
      }
    }
    // a dot inside a value is an ordinary id
    expect(mig("GET", "/v2/projects/a..b/rank").status).toBe("rewritten");
  });

  it("keeps filter values under the v3 names", () => {
    const o = mig("GET", "/v2/projects?projectIds=a,b&names=Uniswap&xHandles=uniswap&tickers=UNI&chain=ethereum&categories=defi&limit=10");
    expect(o.status).toBe("rewritten");
    expect(o.to!.query).toEqual({ ids: "a,b", names: "Uniswap", handles: "uniswap", tickers: "UNI", chain: "ethereum", categories: "defi", limit: "10" });
  });
  it("page 1 carries over as the first cursor page; page N is partial with page-to-cursor", () => {
    expect(mig("GET", "/v2/projects?page=1").status).toBe("rewritten");
    const o = mig("GET", "/v2/intel?page=4&limit=5");
    expect(o.status).toBe("partial");
    expect(rules(o)).toContain("page-to-cursor");
    expect(o.to!.query).toEqual({ limit: "5" });
    expect(o.pending).toEqual([{ kind: "page", page: 4 }]);
  });
  it("page N without a limit keeps v2's default page size, so that the walk to page N reaches the same items", () => {
    const size = ROUTES.find((r) => r.id === "v2.intel.list")!.params.find((p) => p.name === "limit")!.default;
    const o = mig("GET", "/v2/intel?page=3");
    expect(o.to!.query).toEqual({ limit: String(size) });
    expect(o.notes.find((n) => n.rule === "page-to-cursor")!.message).toContain(`limit=${size}, the v2 default page size`);
    // one note says why the size is there: page-to-cursor's, not v2-default-page-size's too
    expect(rules(o)).not.toContain("v2-default-page-size");
  });
  it("a first page, or a list read without page or limit, keeps v2's default page size: v3's default page is larger, other items", () => {
    for (const id of ["v2.projects.list", "v2.intel.list"]) {
      const r = ROUTES.find((x) => x.id === id)!;
      const size = r.params.find((p) => p.name === "limit")!.default;
      const v3Size = ROUTES.find((x) => x.id === r.v3!.route)!.params.find((p) => p.name === "limit")!.default;
      expect(size, id).not.toBe(v3Size);
      for (const q of ["?page=1", "", "?page=1&colour=red"]) {
        const o = mig("GET", r.path + q);
        expect(o.to!.query.limit, r.path + q).toBe(String(size));
        const n = o.notes.find((x) => x.rule === "v2-default-page-size");
        expect(n?.message, r.path + q).toMatch(new RegExp(`^limit=${size} \\(v2's default page size; v3's is ${v3Size}\\): `));
        // the same items as v2's first page: nothing lost, nothing to finish (status from the other parameters only)
        expect(o.pending, r.path + q).toBeUndefined();
        expect(o.status, r.path + q).toBe(q.includes("colour") ? "partial" : "rewritten");
      }
      // a page size in the log is the log's
      const given = mig("GET", `${r.path}?page=1&limit=7`);
      expect([given.to!.query, rules(given).includes("v2-default-page-size")]).toEqual([{ limit: "7" }, false]);
    }
    // the alias of the intel list too; a list whose page size is not carried (grounding history) is not given one
    expect(mig("GET", "/v2/signals").to!.query.limit).toBe(String(ROUTES.find((x) => x.id === "v2.intel.list")!.params.find((p) => p.name === "limit")!.default));
    expect(mig("GET", "/v2/grounding/history").to!.query).toEqual({});
    // its page and limit page through past snapshots: no v3 cursor leads there (before: limit=10
    // was "the topic history window (from/to)", and page=2 said to follow /v3/topics' nextCursor)
    const paged = mig("GET", "/v2/grounding/history?page=2&limit=10");
    expect([paged.status, paged.to!.query, paged.pending]).toEqual(["partial", {}, undefined]);
    expect(rules(paged)).not.toContain("page-to-cursor");
    const window = paged.notes.find((n) => n.rule === "topic-history-window")!.message;
    expect(window).toMatch(/^page=2, limit=10: .*\(page, limit\) have no v3 equivalent/);
  });
  it("at on project detail is partial with at-to-series-window", () => {
    const o = mig("GET", `/v2/projects/${ID}?at=2026-09-01T00:00:00Z`);
    expect(o.status).toBe("partial");
    expect(rules(o)).toContain("at-to-series-window");
    expect(o.to!.query).toEqual({});
  });
  it("HEAD of a GET route stays HEAD in v3 (a health check must not turn into a GET)", () => {
    for (const [t, to] of [["/v2/clusters", "/v3/clusters"], [`/v2/projects/${ID}?intelActivity=none`, `/v3/projects/${ID}`]]) {
      const o = mig("HEAD", t);
      expect([o.to!.method, o.to!.path], t).toEqual(["HEAD", to]);
    }
    expect(mig("GET", "/v2/clusters").to!.method).toBe("GET");
  });
  it("at on a series becomes the window end, from 7 days before it", () => {
    const o = mig("GET", `/v2/projects/${ID}/rank?at=2026-09-10T00:00:00Z`);
    expect(o.to!.query).toEqual({ to: "2026-09-10T00:00:00Z", from: "2026-09-03T00:00:00.000Z" });
    expect(rules(o)).toContain("series-window-from-at");
    expect(o.status).toBe("rewritten");
  });
  it("at is a ceiling for end and keeps an explicit start", () => {
    const o = mig("GET", `/v2/projects/${ID}/momentum?start=2026-09-01T00:00:00Z&end=2026-09-20T00:00:00Z&at=2026-09-10T00:00:00Z`);
    expect(o.to!.query).toEqual({ from: "2026-09-01T00:00:00Z", to: "2026-09-10T00:00:00Z" });
    // `from` is the log's own start, not a default: no note may say it defaults to 7 days before `at`
    const r = mig("GET", `/v2/projects/${ID}/rank?start=2026-09-01T00:00:00Z&at=2026-09-10T00:00:00Z`);
    expect([r.status, rules(r)]).toEqual(["rewritten", []]);
  });
  it("drops intelActivity, intelSortBy, the momentum cluster flag, neighbors since/limit and market-cap filters as partial", () => {
    expect(rules(mig("GET", `/v2/projects/${ID}?intelActivity=none`))).toContain("intel-activity-dropped");
    expect(rules(mig("GET", `/v2/projects/${ID}?intelSortBy=detectedAt`))).toContain("intel-sort-dropped");
    expect(rules(mig("GET", "/v2/intel/x?activity=none"))).toContain("intel-activity-dropped");
    // the per-hour breakdown is on unless the flag is "false" (spec 4.1: default "true"); v3 has none
    for (const q of ["", "?clusters=true", "?clusters=yes", "?start=2026-11-01T00:00:00Z"]) {
      const m = mig("GET", `/v2/projects/${ID}/momentum${q}`);
      expect([m.status, rules(m)], q).toEqual(["partial", ["momentum-clusters-dropped"]]);
    }
    expect(mig("GET", `/v2/projects/${ID}/momentum`).notes[0].message).toMatch(/^clusters=true \(the default\): /);
    const off = mig("GET", `/v2/projects/${ID}/momentum?clusters=false`);
    expect([off.status, rules(off), off.to!.query]).toEqual(["rewritten", [], {}]);
    const n = mig("GET", `/v2/projects/${ID}/neighbors?since=7d&limit=10`);
    expect(n.status).toBe("partial");
    expect(n.to!.query).toEqual({});
    const c = mig("GET", "/v2/projects?minMarketCap=1000");
    expect([c.status, rules(c).filter((r) => r !== "v2-default-page-size")[0]]).toEqual(["partial", "market-cap-removed"]);
  });
  it("lowers a page size above the v3 maximum", () => {
    const o = mig("GET", "/v2/projects?limit=100");
    expect(o.to!.query.limit).toBe("50");
    expect(rules(o)).toContain("limit-over-v3-max");
    // spec 4.2 shows the project list's maximum (50); it shows no parameters of the intel list, so
    // a maximum there is mids' assumption, and the note says so rather than state it as v3's
    expect(o.notes.find((n) => n.rule === "limit-over-v3-max")!.message).not.toMatch(/assumed/);
    const intel = mig("GET", "/v2/intel?limit=100").notes.find((n) => n.rule === "limit-over-v3-max")!;
    expect(intel.message).toMatch(/^limit=100 -> limit=\d+ \(\d+ is an assumed maximum: the spec shows none for this list\): /);
  });
  it("drops unknown parameters with a note, and keys in the query with key-in-query (redacted in from)", () => {
    const o = mig("GET", "/v2/clusters?foo=1&api_key=sk_secret_123");
    expect(o.status).toBe("partial");
    expect(rules(o)).toEqual(["param-not-in-contract", "key-in-query"]);
    // spec 4.1 does not show the whole parameter list of /v2/projects (nor /v2/intel's): a name
    // mids does not know there is not said to be outside the v2 contract (before: "is not in the v2
    // contract of this route"), and the note says the v3 answer may be wider without it
    const category = mig("GET", "/v2/projects?category=defi&limit=20").notes.find((n) => n.rule === "param-not-in-contract")!.message;
    expect(category).toMatch(/^category=defi: A query parameter mids does not know for this v2 route was dropped/);
    expect(category).not.toMatch(/not in the v2 contract/);
    expect(category).toContain("does not show every parameter of /v2/projects");
    expect(o.from.query.api_key).toBe("***");
    expect(JSON.stringify(o)).not.toContain("sk_secret_123");
  });
  it("signals routes: flagged past the sunset after 2026-07-15, before it as upcoming", () => {
    expect(mig("GET", "/v2/signals").notes[0].message).toMatch(/past its 2026-07-15 sunset/);
    expect(mig("GET", "/v2/signals", BEFORE_SUNSET).notes[0].message).toMatch(/sunset on 2026-07-15/);
  });
  it("aliases take the successor's parameters: /v2/signals?projectId maps like /v2/intel", () => {
    expect(mig("GET", "/v2/signals?projectId=p1&limit=5").to!.query).toEqual({ project: "p1", limit: "5" });
  });
});

describe("requests that are not the API's: skipped, counted apart", () => {
  const at = (url: string, hosts?: string[]) => {
    const u = new URL(url);
    return rewrite({ method: "GET", origin: u.origin, path: u.pathname, query: [...u.searchParams] }, { now: AFTER_SUNSET, hosts });
  };
  it("a page or asset path is skipped on any host; another host's call no route knows is skipped when the API's host is known", () => {
    for (const u of ["https://app.example.com/", "https://app.example.com/static/app.js", "https://fonts.gstatic.com/s/roboto/v30/x.woff2"]) {
      expect([at(u).status, rules(at(u))], u).toEqual(["skipped", ["not-an-api-path"]]);
    }
    const api = ["api.mids.example"];
    // another service's /v1 or /v2 call: unrecognized while hosts are not told apart, skipped once they are
    expect(at("https://api.segment.io/v1/t").status).toBe("unrecognized");
    expect([at("https://api.segment.io/v1/t", api).status, rules(at("https://api.segment.io/v1/t", api))]).toEqual(["skipped", ["other-host"]]);
    expect(at("https://other.example/v2/users", api).status).toBe("skipped");
    // the API's own host: an unknown route is still unrecognized (a port on either side matches)
    expect(at("https://api.mids.example/v2/nothing-here", api).status).toBe("unrecognized");
    expect(at("https://api.mids.example:8443/v1/projects", api).status).toBe("unrecognized");
    expect(at("https://API.MIDS.EXAMPLE/v2/nothing", ["api.mids.example:443"]).status).toBe("unrecognized");
    // a known route is the API's on any host (a proxy, a staging host)
    expect(at("https://staging.example/v2/projects/p1", api).status).toBe("rewritten");
  });
  it("a URL of another scheme (a HAR's data: or ws: entry) is skipped", () => {
    const o = rewrite({ method: "GET", origin: "data:", path: "/", query: [] }, { now: AFTER_SUNSET });
    expect([o.status, rules(o), o.to]).toEqual(["skipped", ["not-http"], null]);
    expect(rewrite({ method: "GET", origin: "wss://app.example.com", path: "/v2/socket", query: [] }, { now: AFTER_SUNSET }).status).toBe("skipped");
  });
});

describe("other statuses", () => {
  it("v1 is unrecognized with v1-to-v3", () => {
    const o = mig("GET", "/v1/projects");
    expect([o.status, rules(o), o.to]).toEqual(["unrecognized", ["v1-to-v3"], null]);
    expect(o.notes[0].message).toMatch(/v1 must move to v3/);
  });
  it("a v3 request with a key in its query stays unchanged, but the key is dropped from it and noted (v3 reads it from a header)", () => {
    const o = mig("GET", "/v3/projects?api_key=k1&limit=5&access_token=k2");
    expect([o.status, rules(o), o.to!.query]).toEqual(["unchanged", ["key-in-query"], { limit: "5" }]);
    expect(o.notes[0].message).toMatch(/^api_key, access_token: /);
    expect(mig("GET", "/v3/projects?limit=5").to!.query).toEqual({ limit: "5" });
  });
  it("a CORS preflight (OPTIONS) is the preflight of the route's successor, not a wrong method", () => {
    const o = mig("OPTIONS", "/v2/projects?limit=5");
    expect([o.status, o.to]).toEqual(["rewritten", { method: "OPTIONS", path: "/v3/projects", query: { limit: "5" } }]);
    // the route with the most literal segments, whatever its method
    expect([mig("OPTIONS", "/v2/recipes/execute").status, mig("OPTIONS", "/v2/recipes/execute").routeId]).toEqual(["removed", ROUTES.find((r) => r.method === "POST" && r.path === "/v2/recipes/execute")!.id]);
    expect(mig("OPTIONS", "/v2/recipes/daily").routeId).toBe(ROUTES.find((r) => r.method === "GET" && r.path === "/v2/recipes/{name}")!.id);
    expect(mig("OPTIONS", "/v3/alerts/a1").status).toBe("unchanged");
    expect(rules(mig("OPTIONS", "/v2/nothing"))).toEqual(["unknown-v2-route"]);
  });
  it("v3 is unchanged; unknown v2/v3 paths and wrong methods are unrecognized", () => {
    expect(mig("GET", "/v3/topics").status).toBe("unchanged");
    expect(mig("PATCH", "/v3/alerts/a1").status).toBe("unchanged");
    expect(rules(mig("GET", "/v2/nope"))).toEqual(["unknown-v2-route"]);
    expect(rules(mig("GET", "/v3/nope"))).toEqual(["unknown-v3-route"]);
    expect(rules(mig("DELETE", "/v2/projects"))).toEqual(["method-not-allowed"]);
    expect(rules(mig("GET", "/health"))).toEqual(["not-an-api-path"]);
  });
  it("keeps the origin out of the shapes and encodes path parameters", () => {
    const o = mig("GET", "https://api.example.com/v2/intel/a%20b");
    expect(o.to!.path).toBe("/v3/intel/a%20b");
  });
});
