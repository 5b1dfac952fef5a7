// migrate scan's reading of a page number the code sets apart from a list URL (paging.ts): which
// code names the page parameter near a usage, and how far around it is read.
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../src/contract/routes.js";
import { PAGE_LINES_AFTER, PAGE_LINES_BEFORE, lineOf, pageParam, pageSetNear } from "../../src/migrate/scan/paging.js";

/** pageSetNear of the one `/v2/projects` in `code`: the line (1-based) the page is named on, or 0. */
function pageLine(code: string): number {
  const start = code.indexOf("/v2/projects");
  const at = pageSetNear(code, start, code.indexOf('"', start), "page");
  return at < 0 ? 0 : lineOf(code, 0, at, 1);
}

describe("a page number set apart from a list URL", () => {
  it("the parameters come from the route table: every v2 route that pages by number, and no other", () => {
    expect([...new Set(ROUTES.map((r) => pageParam(r.id)).filter((n) => n !== undefined))]).toEqual(["page"]);
    const paged = ROUTES.filter((r) => pageParam(r.id) !== undefined).map((r) => r.id);
    expect(paged).toContain("v2.projects.list");
    expect(ROUTES.filter((r) => r.version === "v3").some((r) => pageParam(r.id))).toBe(false);
    expect(pageParam("v2.clusters")).toBeUndefined();
  });

  it("names the page: quoted, given a value, or a key", () => {
    expect(pageLine('u = new URL("/v2/projects", B);\nu.searchParams.set("page", n);')).toBe(2);
    expect(pageLine('requests.get(f"{b}/v2/projects", params={"page": 2})')).toBe(1);
    expect(pageLine('for (let page = 1; ; page++) {\n  get("/v2/projects");\n}')).toBe(1);
    expect(pageLine('get("/v2/projects", { page: n })')).toBe(1);
    expect(pageLine('get("/v2/projects",\n  page: 2)')).toBe(2);
    expect(pageLine('curl "$B/v2/projects" -G -d page=3')).toBe(1);
    expect(pageLine('get("/v2/projects" + "&page=" + n)')).toBe(1);
  });

  it("does not take other words for it", () => {
    expect(pageLine('get("/v2/projects")\n// the first page: all we need')).toBe(0);
    expect(pageLine('get("/v2/projects")\nif (page == 1) {}')).toBe(0);
    expect(pageLine('get("/v2/projects")\nconst f = (page) => page;')).toBe(0);
    expect(pageLine('get("/v2/projects")\nconst pages = 3; pageSize = 2; render_page: 1;')).toBe(0);
    expect(pageLine('get("/v2/projects?page=1")')).toBe(0);
    expect(pageLine('get("/v2/projects")\n' + "a::page::b")).toBe(0);
  });

  it("reads a few lines around the usage, and never past the route references on either side", () => {
    const pad = (n: number) => "x\n".repeat(n);
    expect(pageLine(`p = {"page": 2}\n${pad(PAGE_LINES_BEFORE - 1)}get("/v2/projects")`)).toBe(1);
    expect(pageLine(`p = {"page": 2}\n${pad(PAGE_LINES_BEFORE)}get("/v2/projects")`)).toBe(0);
    expect(pageLine(`get("/v2/projects")\n${pad(PAGE_LINES_AFTER - 1)}p = {"page": 2}`)).toBe(PAGE_LINES_AFTER + 1);
    expect(pageLine(`get("/v2/projects")\n${pad(PAGE_LINES_AFTER)}p = {"page": 2}`)).toBe(0);
    // another call's line is its own, before or after; the usage's own line is always read
    const code = 'get("/v2/intel", params={"page": 2})\nget("/v2/projects")\nget("/v2/topics", params={"page": 3})';
    const start = code.indexOf("/v2/projects");
    const end = start + "/v2/projects".length;
    expect(pageSetNear(code, start, end, "page", code.indexOf('", params'), code.indexOf("/v2/topics"))).toBe(-1);
    expect(pageSetNear(code, start, end, "page")).toBeGreaterThan(0);
    const one = 'get("/v2/intel"); get("/v2/projects", params={"page": 2})';
    const s1 = one.indexOf("/v2/projects");
    expect(pageSetNear(one, s1, s1 + 12, "page", one.indexOf('"); get'))).toBe(one.indexOf('"page"') + 1);
  });

  it("lineOf counts lines either way from a known one", () => {
    const t = "a\nb\nc\nd";
    expect(lineOf(t, 2, 6, 2)).toBe(4);
    expect(lineOf(t, 6, 0, 4)).toBe(1);
    expect(lineOf(t, 6, 6, 4)).toBe(4);
  });
});
