// The scan's route shapes (src/migrate/scan/analyze.ts): route texts that differ only in their path
// values (a test's literal ids) share one rewrite, the values put back in. Held to the general path,
// which rewrites every text as it is, on texts whose path values are ids, names the route table has,
// dot segments, encoded text, secrets, the markers' own spellings, several values to a text, and a
// query that repeats a path value in another spelling; one Analyzer per way, as in a run.
import { describe, expect, it } from "vitest";
import { ROUTES, literalSegments } from "../../src/contract/routes.js";
import { Analyzer, type Usage } from "../../src/migrate/scan/analyze.js";
import { extractRoutes, type RouteText } from "../../src/migrate/scan/extract.js";

const hex = (i: number) => (0x5f3a9c00 + i * 7919).toString(16).padStart(8, "0") + "e11e510a" + (i * 104729).toString(16).padStart(8, "0");
const VALUES = [
  hex(1), hex(2), hex(3), `int_${hex(4)}`, `sig_${hex(5)}`, "abc", "ABC-def_1.2~x", "42", "...", "a.b",
  // not values a shape may hold: the rewrite reads them (dot segments), decodes them, or they are spelled like its markers
  ".", "..", "%2e%2e", "a%2Fb", "a%62c", "caf%C3%A9", "__mids_sv_0__", "x__mids_sv_1__y", "__mids_ph_0__", "a!b", "a'b",
  // secrets in a path: shown redacted, whichever way
  "ghp_" + "a1B2".repeat(9), "AKIA" + "ABCDEFGHIJKLMNOP", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln", "sk_live_" + "x1".repeat(12), "token", "key1",
  // the table's own segments
  ...literalSegments(),
];
const QUERIES = ["", "?q=__mids_sv_0__", "?limit=5", "?limit=500&page=2", "?api_key=sk_live_abc123&limit=1", "?project=a%62c", "?at=2026-01-02T00:00:00Z", "${q}"];

/** A line of code calling `path` (its query `q`), in the form `k` picks. */
function call(path: string, q: string, k: number): string {
  switch (k % 5) {
    case 0: return `fetch("https://api.mids.example${path}${q}")`;
    case 1: return `get("${path}${q}")`;
    case 2: return `const u = \`\${base}${path}/\${x}${q}\``;
    case 3: return `u = "${path}/" + id`;
    default: return `curl https://other.example${path}${q}`;
  }
}

function corpus(): string {
  const lines: string[] = ["get('/v2/nope/abc/def')", "get('https://api.mids.example/v2/nope/abc/def')", "get('/v2//projects//abc')"];
  let k = 0;
  for (const r of ROUTES.filter((x) => x.version === "v2")) {
    for (let j = 0; j < VALUES.length; j++) {
      // each parameter its own value (several values to a text), the same route over every value
      let n = 0;
      const path = r.path.replace(/\{\w+\}/g, () => VALUES[(j + 7 * n++) % VALUES.length]);
      lines.push(call(path, QUERIES[k % QUERIES.length], k));
      k++;
    }
  }
  return lines.join("\n");
}

const opts = { now: new Date("2026-11-27T12:00:00Z"), ownHost: (h: string | undefined) => h === "api.mids.example" };
// (an error is an answer too: both ways must give the same one)
const answer = (a: Analyzer, text: string, r: RouteText): Usage | string | undefined => { try { return a.usage(text, r); } catch (e) { return String(e); } };

describe("route shapes", () => {
  const text = corpus();
  const routes = extractRoutes(text);

  it("give every usage the general path gives", () => {
    const fast = new Analyzer(opts);
    const general = new Analyzer({ ...opts, general: true });
    let n = 0;
    for (const r of routes) {
      const u = answer(fast, text, r);
      if (u && typeof u === "object") n++;
      expect(u, text.slice(r.start, r.end)).toEqual(answer(general, text, r));
    }
    expect(n).toBeGreaterThan(ROUTES.length * 10);
  });

  it("are shared: texts that differ in their ids are rewritten once", () => {
    const fast = new Analyzer(opts);
    const general = new Analyzer({ ...opts, general: true });
    // every v2 route, 20 times over with other ids
    const v2 = ROUTES.filter((x) => x.version === "v2");
    const ids = v2.flatMap((r) => Array.from({ length: 20 }, (_, i) => `get("${r.path.replace(/\{\w+\}/g, () => hex(i))}?limit=5")`)).join("\n");
    const found = extractRoutes(ids);
    const fastUsages = found.map((r) => fast.usage(ids, r));
    expect(fastUsages).toEqual(found.map((r) => general.usage(ids, r)));
    // (the distinct texts each way rewrote: one a route, against one a text)
    expect(fast["cores"].size).toBeLessThanOrEqual(v2.length);
    expect(general["cores"].size).toBeGreaterThanOrEqual(v2.filter((r) => r.path.includes("{")).length * 20);
    // and the ids are put back: two texts of one shape, two paths
    const project = (i: number) => fast.usage(`get("/v2/projects/${hex(i)}")`, extractRoutes(`get("/v2/projects/${hex(i)}")`)[0]);
    expect(project(1)?.from.path).toBe(`/v2/projects/${hex(1)}`);
    expect(project(2)?.from.path).toBe(`/v2/projects/${hex(2)}`);
    expect(project(2)?.to?.path).toBe(`/v3/projects/${hex(2)}`);
    expect(project(2)?.replacement).toBe(`/v3/projects/${hex(2)}`);
  });
});
