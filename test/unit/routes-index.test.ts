// The scan's route matcher (firstRouteMatcher: the route table indexed by segment count and second
// segment) against the general path it stands in for, matchPath's first route of the version, and
// the Analyzer with it against the Analyzer with matchPath (`general`).
import { describe, expect, it } from "vitest";
import { firstRouteMatcher, matchPath, ROUTES, API_VERSIONS } from "../../src/contract/routes.js";
import { Analyzer } from "../../src/migrate/scan/analyze.js";
import { extractRoutes } from "../../src/migrate/scan/extract.js";

// every route's path with its parameters filled in several ways, cut short, made longer, and hostile
const fills = ["abc", "{id}", "%E0%A4%A", "%2F", "..", "v2", "projects", "__mids_ph_0__", ""];
const PATHS = ["", "/", "/v2", "/v2/", "/v3", "//v2//projects//x", "/v2/nope", "/v2/nope/x/y", "v2/projects/abc", "/v2/projects/abc/", "/v2/%70rojects/abc"];
for (const r of ROUTES) {
  for (const f of fills) {
    const p = r.path.replace(/\{\w+\}/g, f);
    PATHS.push(p, p + "/extra", p.split("/").slice(0, -1).join("/"), p.replace("/v2/", "/v3/").replace("/v3/", "/v2/"));
  }
}

describe("firstRouteMatcher gives matchPath's first route of the version", () => {
  for (const version of API_VERSIONS) {
    it(version, () => {
      const first = firstRouteMatcher(version);
      for (const p of PATHS) expect(first(p)?.id, p).toBe(matchPath(p).find((m) => m.route.version === version)?.route.id);
    });
  }
});

it("the Analyzer finds the same usages with the index as with matchPath", () => {
  const text = PATHS.map((p, i) => `fetch("https://api.mids.example${p}?limit=${i}&page=\${p}"); x = \`\${base}${p}\`;`).join("\n");
  const opts = { now: new Date("2026-11-27T12:00:00Z"), ownHost: (h: string | undefined) => h === undefined || h === "api.mids.example" };
  const fast = new Analyzer(opts);
  const general = new Analyzer({ ...opts, general: true });
  let n = 0;
  // (an error is an answer too: both must give the same one)
  const answer = (a: Analyzer, r: ReturnType<typeof extractRoutes>[number]) => { try { return a.usage(text, r); } catch (e) { return String(e); } };
  for (const r of extractRoutes(text)) {
    const u = answer(fast, r);
    if (u && typeof u === "object") n++;
    expect(u).toEqual(answer(general, r));
  }
  expect(n).toBeGreaterThan(ROUTES.length);
});
