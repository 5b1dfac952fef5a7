import { describe, expect, it } from "vitest";
import { ROUTES, buildPath, matchPath, matchRoute, route, paramsOf, canonical } from "../../src/contract/routes.js";

describe("route table", () => {
  it("has unique ids and unique method+path pairs", () => {
    const ids = ROUTES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("every v2 route names a v3 successor route that exists, or none", () => {
    for (const r of ROUTES.filter((x) => x.version === "v2")) {
      expect(r.v3, r.id).toBeDefined();
      if (r.v3!.route !== null) expect(route(r.v3!.route).version).toBe("v3");
    }
  });

  it("every alias points at an existing v2 route and is deprecated", () => {
    for (const r of ROUTES.filter((x) => x.aliasOf)) {
      expect(route(r.aliasOf!).version).toBe("v2");
      expect(r.deprecated).toBe(true);
    }
  });

  it("the signals routes carry the 2026-07-15 sunset", () => {
    expect(matchRoute("GET", "/v2/signals")!.route.sunset).toBe("2026-07-15");
    expect(matchRoute("GET", "/v2/signals/abc")!.route.sunset).toBe("2026-07-15");
    expect(matchRoute("GET", "/v2/grounding")!.route.sunset).toBeUndefined();
  });

  it("literal segments win over parameters", () => {
    expect(matchRoute("GET", "/v2/projects/chains")!.route.id).toBe("v2.projects.chains");
    expect(matchRoute("GET", "/v2/projects/0123456789abcdef01234567")!.route.id).toBe("v2.projects.get");
    expect(matchRoute("GET", "/v3/alerts/destinations")!.route.id).toBe("v3.alerts.destinations");
    expect(matchRoute("GET", "/v3/alerts/alr_1")!.route.id).toBe("v3.alerts.get");
    expect(matchRoute("PATCH", "/v3/alerts/alr_1")!.route.id).toBe("v3.alerts.update");
  });

  it("extracts and decodes path parameters", () => {
    const m = matchRoute("GET", "/v3/projects/my%20slug/series/rank")!;
    expect(m.route.id).toBe("v3.projects.series");
    expect(m.params).toEqual({ idOrSlug: "my slug", measure: "rank" });
  });

  it("matches a path whatever the method (for 405) and nothing for unknown paths", () => {
    expect(matchPath("/v3/alerts/x").map((m) => m.route.method).sort()).toEqual(["GET", "PATCH"]);
    expect(matchRoute("GET", "/v1/projects")).toBeUndefined();
    expect(matchRoute("DELETE", "/v3/alerts/x")).toBeUndefined();
  });

  it("builds paths with percent-encoding and refuses missing parameters", () => {
    expect(buildPath(route("v3.projects.get"), { idOrSlug: "a/b" })).toBe("/v3/projects/a%2Fb");
    expect(() => buildPath(route("v3.projects.get"), {})).toThrow(/idOrSlug/);
  });

  it("aliases answer with their successor's parameters", () => {
    const signals = route("v2.signals.list");
    expect(canonical(signals).id).toBe("v2.intel.list");
    expect(paramsOf(signals).map((p) => p.name)).toContain("page");
  });

  it("only POST /v2/recipes/execute and the agent route are not idempotent", () => {
    expect(ROUTES.filter((r) => !r.idempotent).map((r) => r.id).sort()).toEqual(["v2.agent", "v2.recipes.execute"]);
  });

  it("v2 params that carry over name a v3 param that exists on the successor", () => {
    for (const r of ROUTES.filter((x) => x.version === "v2" && x.v3?.route)) {
      const succ = route(r.v3!.route!);
      for (const p of r.params.filter((x) => x.to)) {
        const target = [...succ.params.map((x) => x.name)];
        expect(target, `${r.id}.${p.name} -> ${p.to}`).toContain(p.to);
      }
    }
  });
});
