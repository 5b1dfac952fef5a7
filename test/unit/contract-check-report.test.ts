// `mids contract check` table cells: what one route's result says, in a few words per column.
import { describe, expect, it } from "vitest";
import { interruptedCheck, resultCells, summaryLine } from "../../src/contract/check/report.js";
import { checkableRoutes, judge, selectRoutes, summarize, type RouteResult } from "../../src/contract/check/index.js";
import { route } from "../../src/contract/routes.js";

const base: RouteResult = { route: "v3.projects.list", method: "GET", path: "/v3/projects", called: "/v3/projects", violations: [], departures: [] };

describe("contract check table cells", () => {
  it("a violated answer stays violated, with its fields, when a later probe of the route failed", () => {
    const r: RouteResult = {
      ...base, documented: "violated", assumed: "none",
      violations: [{ field: "0.trend", expected: "number", got: "string", message: "x" }],
      failed: { code: "network_error", message: "a non-numeric minTrend: connection reset" },
    };
    const c = resultCells(r);
    expect(c.documented).toBe("violated");
    expect(c.detail).toBe("0.trend: number expected, got string; network_error: a non-numeric minTrend: connection reset");
  });

  it("one field wrong in every item of a list is said once, with the count; a field wrong once keeps its index", () => {
    const each = Array.from({ length: 50 }, (_, i) => ({ field: `${i}.trend`, expected: "number", got: "string", message: "x" }));
    const ranks = [{ field: "data.1.rank", expected: "at most 100", got: "101", message: "x" }, { field: "data.7.rank", expected: "at most 100", got: "150", message: "x" }];
    const c = resultCells({ ...base, documented: "violated", assumed: "none", violations: [...each, { field: "3.rank", expected: "integer", got: "number", message: "x" }, ...ranks] });
    expect(c.detail).toBe("[].trend: number expected, got string (in 50 items); 3.rank: integer expected, got number; data.1.rank: at most 100 expected, got 101; data.7.rank: at most 100 expected, got 150");
    const nested = Array.from({ length: 3 }, (_, i) => ({ field: `0.intel.${i}.grade`, expected: "string", got: "integer", message: "x" }));
    expect(resultCells({ ...base, documented: "violated", violations: nested }).detail).toBe("[].intel[].grade: string expected, got integer (in 3 items)");
  });

  it("a call that failed is failed, with its reason", () => {
    const c = resultCells({ ...base, failed: { code: "http_500", status: 500, message: "boom" } });
    expect(c).toEqual({ documented: "failed", assumed: "", detail: "http_500 (500): boom" });
  });

  it("the summary line counts assumed shapes apart from other assumptions: Reset headers in another format leave every shape confirmed", () => {
    // two routes whose payload shape mids assumes (lists: an empty one holds any item shape) and one
    // documented route, each answered with a Reset header in delta seconds
    const headers = { "x-ratelimit-reset-minute": "42" };
    const results = ["v3.intel.list", "v3.topics.list"].map((id) => judge(route(id), [], route(id).path, { body: { data: [] }, headers }));
    results.push(judge(route("v3.me"), undefined, "/v3/me", { body: {}, headers }));
    expect(results.map((r) => [r.assumed, r.shape])).toEqual([["departs", "confirmed"], ["departs", "confirmed"], ["departs", undefined]]);
    const s = summarize(results);
    expect([s.departs, s.shapes]).toEqual([3, { confirmed: 2, departs: 0 }]);
    expect(summaryLine(s)).toContain("; assumed shape 2 confirmed, 0 depart, 3 routes depart from another assumption (a header's format, a value);");
  });

  it("the summary line wraps at a terminal's width at word boundaries, each count beside its word; no width: one line", () => {
    const results = ["v3.intel.list", "v3.topics.list"].map((id) => judge(route(id), [], route(id).path, { body: { data: [] }, headers: {} }));
    const s = summarize(results);
    const one = summaryLine(s).trimEnd();
    expect(one.length).toBeGreaterThan(60);
    const lines = summaryLine(s, 60).trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(60);
    expect(lines.map((l) => l.trim()).join(" ")).toBe(one);
    for (const l of lines) expect(l).not.toMatch(/\d$/);
  });
});

describe("contract check, interrupted: the --routes that checks the routes left", () => {
  // every way of leaving routes unchecked: the last few, a whole version, one family, scattered ones
  const all = checkableRoutes();
  const ids = all.map((r) => r.id);
  const cases = [ids.slice(4), ids.slice(ids.findIndex((id) => id.startsWith("v3."))), ids.filter((id) => id.startsWith("v2.projects.")), ids.filter((_, i) => i % 3 === 0), ids.slice(-1)];

  it("selects exactly the routes left, in few names (a prefix for a family or a version left whole), quoted for the shell when it holds a *", () => {
    for (const left of cases) {
      const done = all.filter((r) => !left.includes(r.id)).map((r) => ({ ...base, route: r.id, documented: "holds" as const }));
      const hint = interruptedCheck(done, summarize(done), all).hint!;
      const arg = /--routes (\S+)$/.exec(hint)![1];
      const unquoted = arg.replace(/^'(.*)'$/, "$1");
      // what the shell hands mids: a * only ever inside quotes
      expect(arg === unquoted ? !arg.includes("*") : arg.includes("*"), arg).toBe(true);
      const picked = selectRoutes(unquoted);
      expect(picked.unknown, arg).toEqual([]);
      expect(picked.routes.map((r) => r.id), arg).toEqual(left);
    }
    // 29 routes of 33 left (a Ctrl-C in the first seconds) fit in a line
    const early = interruptedCheck([], summarize([]), all).hint!;
    expect(early).toBe("run it again to check every route");
    const mostly = /--routes (\S+)$/.exec(interruptedCheck(all.slice(0, 4).map((r) => ({ ...base, route: r.id })), summarize([]), all).hint!)![1];
    expect(mostly.length).toBeLessThan(cases[0].join(",").length / 2);
  });
});
