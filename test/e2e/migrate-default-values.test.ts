// A v2 request that names a parameter's default value (`/v2/intel/x?activity=all`, spec 4.1) asks
// for what the same request without it gets, so it migrates the same: same status, same notes.
// Before, `?activity=all`, `?intelActivity=all` and `?intelSortBy=reinforcedAt` were partial
// ("has no v3 equivalent... Drop the parameter") while the request without them was rewritten.
import { describe, expect, it } from "vitest";
import { runMids } from "../helpers/cli.js";
import { ROUTES, paramsOf } from "../../src/contract/routes.js";

interface Row { status: string; notes: { rule: string }[] }

describe("a v2 parameter given its default value", () => {
  it("migrates as the request without it does, on every v2 route with an enum default", async () => {
    const pairs: [string, string][] = [];
    for (const r of ROUTES) {
      if (r.version !== "v2" || r.method !== "GET" || !r.v3?.route) continue;
      const path = r.path.replace(/\{\w+\}/g, "abc");
      for (const p of paramsOf(r)) {
        if (p.type !== "enum" || p.default === undefined || !p.rule) continue;
        pairs.push([path, `${path}?${p.name}=${p.default}`]);
      }
    }
    // the spec's enum defaults with a rule: intel's activity, the project's intelSortBy and intelActivity, momentum's flag
    expect(pairs.length).toBeGreaterThanOrEqual(4);
    const log = pairs.flat().map((t) => `GET ${t} HTTP/1.1`).join("\n") + "\n";
    const r = await runMids(["migrate", "-", "-o", "ndjson"], { input: log });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split("\n").slice(0, -1).map((l) => JSON.parse(l) as Row);
    const brief = (x: Row) => [x.status, x.notes.map((n) => n.rule)];
    for (let i = 0; i < pairs.length; i++) expect(brief(rows[2 * i + 1]), pairs[i][1]).toEqual(brief(rows[2 * i]));
  });
});
