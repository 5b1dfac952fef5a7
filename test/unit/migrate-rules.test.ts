// The status each migrate rule implies on its own: one request per rule that triggers that rule
// and nothing else that could change the status (response renames are information only). The
// expected statuses are written out here, not read from MIGRATION_RULES, so a rule whose effect
// is changed there (limit-over-v3-max made info, key-in-query made partial) fails this table.
import { describe, expect, it } from "vitest";
import { rewrite } from "../../src/migrate/rewrite.js";
import { MIGRATION_RULES } from "../../src/contract/migration.js";
import { OR_RESOLVE } from "../../src/migrate/resolve.js";
import type { Status } from "../../src/migrate/types.js";

const now = new Date("2026-11-22T12:00:00Z");
const ID = "916c6dd433ab534d060629db";

/** rule -> [request line, the status that rule alone implies, rules that come with it and alone leave a request rewritten] */
const TABLE: Record<string, [string, Status, string[]?]> = {
  // a lowered page size loses items: the v3 request returns less than the v2 one
  "limit-over-v3-max": [`GET /v2/projects?limit=100`, "partial"],
  // a page size v3 refuses is kept as written: the v3 request fails as it stands
  "limit-not-v3-page-size": [`GET /v2/projects?limit=0`, "partial"],
  // the key moves to a header: the v3 request returns the same data
  "key-in-query": [`GET /v2/projects?api_key=s3cret`, "rewritten"],
  "param-not-in-contract": [`GET /v2/projects?colour=red`, "partial"],
  // v3 takes a single chain (spec 4.2): a list of them is one v3 request per chain
  "list-to-one-value": [`GET /v2/projects?chain=ethereum,solana&limit=20`, "partial"],
  "page-to-cursor": [`GET /v2/projects?page=3`, "partial"],
  // v2's default page size (20, assumed) is not v3's (50): the v3 request asks for v2's, and gets the same items
  "v2-default-page-size": [`GET /v2/projects`, "rewritten"],
  "market-cap-removed": [`GET /v2/projects?minMarketCap=1000000`, "partial"],
  "intel-sort-dropped": [`GET /v2/projects/${ID}?intelSortBy=detectedAt`, "partial"],
  "intel-activity-dropped": [`GET /v2/intel/${ID}?activity=observations`, "partial"],
  "at-to-series-window": [`GET /v2/projects/${ID}?at=2026-11-20T00:00:00Z`, "partial"],
  "series-window-from-at": [`GET /v2/projects/${ID}/rank?at=2026-11-20T00:00:00Z`, "rewritten"],
  // `end` alone: v2's start defaulted to 7 days before it, and the v3 request says so with `from`
  "series-window-from-end": [`GET /v2/projects/${ID}/rank?end=2026-11-20T00:00:00Z`, "rewritten"],
  // an `at` that is no timestamp (a shell variable, a placeholder): no v2 start can be worked out
  "series-window-from-unknown": [`GET /v2/projects/${ID}/rank?at=$AT`, "partial"],
  // the breakdown is on by default (spec 4.1): a plain momentum call loses it in v3
  "momentum-clusters-dropped": [`GET /v2/projects/${ID}/momentum`, "partial"],
  "at-dropped": [`GET /v2/grounding?at=2026-11-20T00:00:00Z`, "partial", ["grounding-alias"]],
  "no-v3-root": ["GET /v2", "removed"],
  "api-key-info-to-me": ["GET /v2/api-keys/info", "rewritten"],
  "topic-id-to-report-id": ["GET /v2/topics/topic_e8b1c495f027ff3d3af4/report", "partial"],
  "grounding-alias": ["GET /v2/grounding", "rewritten"],
  "grounding-history-no-v3": ["GET /v2/grounding/history", "partial"],
  "vocabulary-chains": ["GET /v2/projects/chains", "rewritten"],
  "vocabulary-intel-categories": ["GET /v2/intel-categories", "rewritten"],
  "neighbors-to-related": [`GET /v2/projects/${ID}/neighbors`, "partial"],
  "market-data-removed": [`GET /v2/projects/${ID}/candles`, "removed"],
  "recipes-discontinued": ["GET /v2/recipes", "removed"],
  "agent-removed": ["POST /v2/agent", "removed"],
  "signals-sunset": ["GET /v2/signals", "rewritten"],
  "v1-to-v3": ["GET /v1/projects", "unrecognized"],
  "unknown-v2-route": ["GET /v2/nothing-here", "unrecognized"],
  "unknown-v3-route": ["GET /v3/nothing-here", "unrecognized"],
  "method-not-allowed": ["DELETE /v2/projects", "unrecognized"],
  // not the API's: set aside, counted apart (a page's assets in a HAR, a health check)
  "not-an-api-path": ["GET /healthz", "skipped"],
  // a known route under a prefix no base URL names (a proxy's /api): set aside, saying how to have it read
  "api-path-prefix": ["GET /api/v2/projects", "skipped"],
};
/** Rules no request can trigger alone: they come with another rule, or from elsewhere than rewrite(). */
const NOT_ALONE: Record<string, string> = {
  "topic-history-window": "only on /v2/grounding/history, which is partial by its route rule",
  "response-renames": "information added to other rewrites",
  "invalid-input": "set by the readers for lines that are not requests",
  "resolved": "set by --resolve after the rewrite",
  "other-host": "needs an absolute URL and the API's host (the base URL's): held in migrate-rewrite.test.ts",
  "not-http": "needs a URL of another scheme (a HAR's data: entry): held in migrate-rewrite.test.ts",
  "dot-segment": "a URL parser (this table's) resolves dot segments first: held in migrate-rewrite.test.ts on raw paths",
  "param-renamed": "set by migrate scan on code that sets a parameter apart from the URL: held in scan-paging tests",
  "v2-base-url": "set by migrate scan on a base URL ending in /v2 that the code builds calls on: held in scan-base-url tests",
};

/** Information-only rules that come with every request of a kind (every v2 list read without a page size). */
const INFO_EVERYWHERE = ["response-renames", "v2-default-page-size"];

function run(line: string) {
  const [method, target] = line.split(" ");
  const url = new URL(target, "http://x");
  return rewrite({ method, origin: "", path: url.pathname, query: [...url.searchParams] }, { now });
}

describe("the status each migrate rule implies on its own", () => {
  it("covers every rule", () => {
    expect(Object.keys(MIGRATION_RULES).filter((r) => !(r in TABLE) && !(r in NOT_ALONE))).toEqual([]);
  });

  for (const [rule, [line, status, companions = []]] of Object.entries(TABLE)) {
    it(`${rule}: ${line} is ${status}`, () => {
      const o = run(line);
      // the request triggers this rule, and no other rule that is not information only
      expect(o.notes.map((n) => n.rule), line).toContain(rule);
      expect(o.notes.map((n) => n.rule).filter((r) => r !== rule && !INFO_EVERYWHERE.includes(r)), line).toEqual(companions);
      for (const c of companions) expect(TABLE[c][1], `${c} alone`).toBe("rewritten");
      expect(o.status, line).toBe(status);
    });
  }

  it("a v3 request is unchanged and the first page needs no cursor", () => {
    expect(run("GET /v3/projects?limit=5").status).toBe("unchanged");
    expect(run("GET /v2/projects?page=1").status).toBe("rewritten");
  });
});

describe("the look-up rules' actions", () => {
  it("offer --resolve in the words resolve.ts drops once --resolve has run", () => {
    for (const rule of ["page-to-cursor", "topic-id-to-report-id"] as const) expect(MIGRATION_RULES[rule].action, rule).toContain(OR_RESOLVE);
  });
});
