// The rewriter matches routes on segment positions and fills v3 paths from per-route plans: on
// random paths it must pick the route matchRoute picks and build the path buildPath builds
// (src/contract/routes.ts, the reference).
import { describe, expect, it } from "vitest";
import { ROUTES, buildPath, matchPath, matchRoute, route as routeById } from "../../src/contract/routes.js";
import { migrationRule } from "../../src/contract/migration.js";
import { ASSUMED } from "../../src/contract/assumed.js";
import { rewrite } from "../../src/migrate/rewrite.js";
import { sameEqual } from "../helpers/same.js";

const now = new Date("2026-11-22T00:00:00Z");

// what rewrite must answer for a v2 path, from matchRoute and buildPath; `refused`: a path value
// that is empty, . or .. (buildPath refuses it; the rewriter calls the request unrecognized)
function reference(method: string, path: string): { routeId?: string; to: string | null } | { refused: string } {
  const m = matchRoute(method, path);
  if (!m || m.route.version !== "v2") {
    // a removed route the spec shows without its method (the agent route) is that route whatever the method
    const gone = matchPath(path).find((x) => x.route.version === "v2" && x.route.assumed && x.route.v3?.route === null);
    return gone ? { routeId: gone.route.id, to: null } : { to: null };
  }
  const dot = Object.values(m.params).find((v) => v === "" || v === "." || v === "..");
  if (dot !== undefined) return { refused: dot };
  const succ = m.route.v3!;
  if (!succ.route) return { routeId: m.route.id, to: null };
  const v3 = routeById(succ.route);
  const placeholder = (succ.rules ?? []).map((id) => migrationRule(id).pathPlaceholder).find(Boolean);
  const carried = Object.values(m.params);
  const pathParams: Record<string, string> = {};
  let i = 0;
  for (const [, name] of v3.path.matchAll(/\{(\w+)\}/g)) {
    pathParams[name] = succ.pathParams?.[name] ?? (placeholder ? "\u0000" : carried[i++] ?? "");
  }
  try {
    let to = buildPath(v3, pathParams);
    if (placeholder) to = to.replace(/%00/g, placeholder);
    return { routeId: m.route.id, to: `${method === "HEAD" && v3.method === "GET" ? "HEAD" : v3.method} ${to}` }; // HEAD stays HEAD
  } catch (err) {
    return { refused: (err as Error).message };
  }
}

function actual(method: string, path: string): { routeId?: string; to: string | null } | { error: string } {
  try {
    const o = rewrite({ method, origin: "", path, query: [] }, { now });
    return o.routeId ? { routeId: o.routeId, to: o.to ? `${o.to.method} ${o.to.path}` : null } : { to: null };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

describe("route matching and v3 paths", () => {
  it("answer as matchRoute and buildPath on random paths", () => {
    const literals = [...new Set(ROUTES.flatMap((r) => r.path.split("/").filter((s) => s && !s.startsWith("{"))))];
    const pieces = [...literals, "v2", "v2", "v2", "v3", "v1", "64b7f0c2a1b2c3d4e5f60718", "topic_0123456789abcdef0123", "int_1",
      "%41b", "%E2%82%AC", "%zz", "%", ".", "..", "%2E", ".", "..", "%2E%2E", "x y", "\u00e9", "a%2Fb", "(x)", "*"];
    const methods = ["GET", "get", "HEAD", "POST", "PATCH", "DELETE"];
    let seed = 17;
    const rnd = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff; return (seed >>> 8) % n; };
    let matched = 0;
    let errors = 0;
    let v3 = 0;
    for (let i = 0; i < 20_000; i++) {
      let path = rnd(8) === 0 ? "" : rnd(6) === 0 ? "/v3" : "/v2";
      for (let k = rnd(5); k > 0; k--) path += (rnd(10) === 0 ? "//" : "/") + pieces[rnd(pieces.length)];
      if (rnd(6) === 0) path += "/";
      const method = methods[rnd(methods.length)];
      const want = reference(method, path);
      if ("routeId" in want && want.routeId) matched++;
      if ("refused" in want) {
        // never an error: unrecognized, with the rule that says why
        errors++;
        const o = rewrite({ method, origin: "", path, query: [] }, { now });
        expect(o.status, `${method} ${path}`).toBe("unrecognized");
        expect(o.notes.map((n) => n.rule), `${method} ${path}`).toEqual(["dot-segment"]);
      } else sameEqual(actual(method, path), want, `${method} ${path}`);
      // a v3 path is left unchanged when matchRoute knows it
      if (path.split("/").filter(Boolean)[0] === "v3") {
        v3++;
        const status = rewrite({ method, origin: "", path, query: [] }, { now }).status;
        expect(status, `${method} ${path}`).toBe(matchRoute(method, path) ? "unchanged" : "unrecognized");
      }
    }
    expect(v3).toBeGreaterThan(200);
    // the random paths reach the routes and the errors
    expect(matched).toBeGreaterThan(1_000);
    expect(errors).toBeGreaterThan(10);
  });

  it("every v2 route of the table, with its parameters", () => {
    for (const r of ROUTES.filter((x) => x.version === "v2")) {
      const path = r.path.replace(/\{(\w+)\}/g, "a%20b%C3%A9");
      expect(actual(r.method, path), r.id).toEqual(reference(r.method, path));
      expect(actual(r.method, path), r.id).toHaveProperty("routeId", r.id);
    }
  });

  it("tells v1, v3 and other paths by their first segment, however short", () => {
    const first = (method: string, path: string) => {
      const o = rewrite({ method, origin: "", path, query: [] }, { now });
      return `${o.status} ${o.notes.map((n) => n.rule).join(",")}`;
    };
    expect(first("GET", "/v3")).toBe("unrecognized unknown-v3-route");
    expect(first("GET", "//v3/projects")).toBe("unchanged ");
    expect(first("DELETE", "/v3/projects")).toBe("unrecognized method-not-allowed");
    expect(first("GET", "/v1")).toBe("unrecognized v1-to-v3");
    expect(first("GET", "/v1x/projects")).toBe("skipped not-an-api-path");
    expect(first("GET", "/")).toBe("skipped not-an-api-path");
    expect(first("GET", "")).toBe("skipped not-an-api-path");
    expect(first("GET", "/v2/nope")).toBe("unrecognized unknown-v2-route");
    expect(first("DELETE", "/v2/projects")).toBe("unrecognized method-not-allowed");
  });

  it("gathers the parameters that hit one rule into one note, in order of first hit", () => {
    const o = rewrite({ method: "GET", origin: "", path: "/v2/projects", query: [["x", "1"], ["api_key", "k"], ["y", "2"], ["token", "t"], ["x2", "3"]] }, { now });
    const v3Limit = routeById("v3.projects.list").params.find((p) => p.name === "limit")!.default;
    const text = (id: string) => `${migrationRule(id).message} ${migrationRule(id).action}`;
    expect(o.notes.filter((n) => n.rule !== "response-renames")).toEqual([
      { rule: "param-not-in-contract", message: `x=1, y=2, x2=3: ${text("param-not-in-contract")}` },
      { rule: "key-in-query", message: `api_key, token: ${text("key-in-query")}` },
      // (no page size in the request: v2's default is asked for, the v3 list's would be another)
      { rule: "v2-default-page-size", message: `limit=${ASSUMED.v2DefaultLimit} (v2's default page size; v3's is ${v3Limit}): ${text("v2-default-page-size")}` },
    ]);
  });
});
