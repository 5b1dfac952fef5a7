// `mids contract check` table cells: what one route's result says, in a few words per column.
import { describe, expect, it } from "vitest";
import { resultCells } from "../../src/contract/check/report.js";
import type { RouteResult } from "../../src/contract/check/index.js";

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

  it("a call that failed is failed, with its reason", () => {
    const c = resultCells({ ...base, failed: { code: "http_500", status: 500, message: "boom" } });
    expect(c).toEqual({ documented: "failed", assumed: "", detail: "http_500 (500): boom" });
  });
});
