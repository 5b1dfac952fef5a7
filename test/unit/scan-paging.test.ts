// migrate scan's reading of a page number the code sets apart from a list URL (paging.ts): which
// code names the page parameter near a usage, and how far around it is read.
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../src/contract/routes.js";
import { PAGE_LINES_AFTER, PAGE_LINES_BEFORE, SIZE_PLAN, apartPlan, lineOf, pageParam, pageSetNear, paramsSetNear } from "../../src/migrate/scan/paging.js";

/** pageSetNear of the one `/v2/projects` in `code`: the line (1-based) the page is named on, or 0. */
function pageLine(code: string): number {
  const start = code.indexOf("/v2/projects");
  const at = pageSetNear(code, start, code.indexOf('"', start), "page");
  return at < 0 ? 0 : lineOf(code, 0, at, 1);
}

describe("other parameters set apart from the URL", () => {
  /** The parameters of `routeId` that the code near its one route text (`path`) sets: "name@line". */
  const setIn = (code: string, path: string, routeId: string): string[] => {
    const start = code.indexOf(path);
    return paramsSetNear(code, start, start + path.length, apartPlan(routeId)).map((f) => `${f.param.name}@${lineOf(code, 0, f.at, 1)}`);
  };

  it("looks for the route table's parameters that v3 takes otherwise: renamed, dropped, paged; not those kept or lossless for some values", () => {
    const names = (id: string) => apartPlan(id).params.map((p) => p.name);
    expect(names("v2.projects.momentum")).toEqual(["start", "end", "at"]);
    expect(names("v2.projects.list")).toEqual(expect.arrayContaining(["page", "projectIds", "xHandles"]));
    expect(names("v2.projects.list")).not.toContain("limit");
    expect(names("v2.clusters")).toEqual([]);
    expect(apartPlan(undefined).params).toEqual([]);
    // a rename's v3 name, a drop's rule: what the note says
    expect(apartPlan("v2.projects.rank").params.find((p) => p.name === "start")?.to).toBe("from");
  });

  it("reads a parameter as set in the forms a request's query takes", () => {
    const rank = (code: string) => setIn(code, "/v2/projects/x/rank", "v2.projects.rank");
    expect(rank('requests.get(f"{B}/v2/projects/x/rank", params={"start": s, "end": e})')).toEqual(["start@1", "end@1"]);
    expect(rank('const u = new URL("/v2/projects/x/rank", B);\nu.searchParams.set("start", s);')).toEqual(["start@2"]);
    // a compound name as an object key or keyword argument too
    const list = (code: string) => setIn(code, "/v2/projects", "v2.projects.list");
    expect(list('get("/v2/projects", { params: { projectIds: ids } })')).toEqual(["projectIds@1"]);
    expect(list('get("/v2/projects",\n  xHandles: h)')).toEqual(["xHandles@2"]);
    expect(list('requests.get(B + "/v2/projects", params=dict(projectIds=s))')).toEqual(["projectIds@1"]);
    expect(rank('get("/v2/projects/x/rank" + "?start=" + s)')).toEqual(["start@1"]);
    expect(rank('q = [("start", s)]\nget("/v2/projects/x/rank", q)')).toEqual(["start@1"]);
  });

  it("reads a shorthand property as set: { start, end }, over lines, destructured; not a call's arguments or an array", () => {
    // before: a plain word was read after a quote, `&` or `?` only, and these were rewritten by --fix
    const rank = (code: string) => setIn(code, "/v2/projects/x/rank", "v2.projects.rank");
    expect(rank('get("/v2/projects/x/rank", { params: { start, end } })')).toEqual(["start@1", "end@1"]);
    expect(rank('get("/v2/projects/x/rank", {\n  params: {\n    start,\n    end,\n  },\n})')).toEqual(["start@3", "end@4"]);
    expect(rank('const { start, end } = window;\nget("/v2/projects/x/rank")')).toEqual(["start@1", "end@1"]);
    expect(rank('get("/v2/projects/x/rank", { params: { id, end } })')).toEqual(["end@1"]);
    expect(rank('get("/v2/projects/x/rank")\nlog(x, start, end);')).toEqual([]);
    expect(rank('get("/v2/projects/x/rank")\nconst w = [start, end];')).toEqual([]);
    expect(rank('get("/v2/projects/x/rank")\nconst w = { from: start, to: end };')).toEqual([]);
    // an interpolation or a comment's braces are no property (before: start was read as set)
    expect(rank('get(`${B}/v2/projects/x/rank`)\nlog(`since ${start}`);')).toEqual([]);
    expect(rank('get(f"{B}/v2/projects/x/rank")\nprint(f"{start} to {end}")')).toEqual([]);
    // JSX's attribute values and children: not properties (before: read as set)
    expect(rank('const r = useGet(`${B}/v2/projects/x/rank`);\nreturn <Range start={start} end={end} />;')).toEqual([]);
    expect(rank('const r = useGet(`${B}/v2/projects/x/rank`);\nreturn <p>{start}</p>;')).toEqual([]);
    expect(rank('get("/v2/projects/x/rank", { params: {start, end} })')).toEqual(["start@1", "end@1"]);
    expect(rank('const q = { start };\nget("/v2/projects/x/rank", q)')).toEqual(["start@1"]);
    // a page size there is the code's own too (sizeSetApart)
    const code = 'function list(page, limit) {\n  return get("/v2/projects", { params: { page, limit } });\n}';
    const start = code.indexOf("/v2/projects");
    expect(paramsSetNear(code, start, start + 12, SIZE_PLAN).map((f) => lineOf(code, 0, f.at, 1))).toEqual([2]);
  });

  it("reads httpie's and xh's query pieces, name==value, in their commands only", () => {
    // before: `http GET "$B/v2/projects" page==2` was rewritten as a read of the first page
    expect(pageLine('http GET "$B/v2/projects" page==2 limit==100')).toBe(1);
    expect(pageLine('xh "$B/v2/projects" \\\n  x-api-key:$K \\\n  page==3')).toBe(3);
    const rank = (code: string) => setIn(code, "/v2/projects/x/rank", "v2.projects.rank");
    expect(rank('https -b "$B/v2/projects/x/rank" start==2026-01-01 end==2026-01-02')).toEqual(["start@1", "end@1"]);
    const code = 'http "$B/v2/projects" limit==100';
    const start = code.indexOf("/v2/projects");
    expect(paramsSetNear(code, start, start + 12, SIZE_PLAN).map((f) => lineOf(code, 0, f.at, 1))).toEqual([1]);
    // a comparison, and `==` in a command that is not httpie's, are not
    expect(pageLine('r = get("/v2/projects")\nif page==2: pass')).toBe(0);
    expect(pageLine('curl "$B/v2/projects"\n[ $x == 1 ] && echo page==2')).toBe(0);
    expect(pageLine('http "$B/v2/projects"\n# then page== for the rest')).toBe(0);
    // (PHP's `$http` is a variable, not the command)
    expect(pageLine('$http = c(); if ($a && page==2) $http->get("/v2/projects");')).toBe(0);
  });

  it("does not take a variable, a comparison or a sentence of the same name for it", () => {
    const rank = (code: string) => setIn(code, "/v2/projects/x/rank", "v2.projects.rank");
    expect(rank('const start = Date.now();\nget("/v2/projects/x/rank")')).toEqual([]);
    expect(rank('start = time.time()\nget("/v2/projects/x/rank")')).toEqual([]);
    expect(rank('get("/v2/projects/x/rank")\nif (start == end) {}')).toEqual([]);
    expect(rank('get("/v2/projects/x/rank")\n// the start: where the window begins')).toEqual([]);
    expect(rank('get("/v2/projects/x/rank")\nconst f = (start) => start; startAt: 1; "restart": 2')).toEqual([]);
    // a plain word as an object key or a keyword argument is as often anything else
    expect(rank('get("/v2/projects/x/rank")\nreturn { ...entry, start: Date.now() };')).toEqual([]);
    expect(rank('for i, x in enumerate(xs, start=1):\n  get("/v2/projects/x/rank")')).toEqual([]);
    // in the route text itself the rewrite already renames it
    expect(setIn('get("/v2/projects/x/rank?start=2026-01-01")', "/v2/projects/x/rank?start=2026-01-01", "v2.projects.rank")).toEqual([]);
  });
});

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
    // a shorthand property: `{ page, limit }` (JS, TS), also destructured
    expect(pageLine('function list(page, limit) {\n  return get("/v2/projects", { params: { page, limit } });\n}')).toBe(2);
    expect(pageLine('get("/v2/projects", {\n  page,\n})')).toBe(2);
    expect(pageLine('const { page } = req.query;\nget("/v2/projects")')).toBe(1);
  });

  it("does not take other words for it", () => {
    expect(pageLine('get("/v2/projects")\n// the first page: all we need')).toBe(0);
    expect(pageLine('get("/v2/projects")\nif (page == 1) {}')).toBe(0);
    expect(pageLine('get("/v2/projects")\nconst f = (page) => page;')).toBe(0);
    expect(pageLine('get("/v2/projects")\nconst pages = 3; pageSize = 2; render_page: 1;')).toBe(0);
    expect(pageLine('get("/v2/projects?page=1")')).toBe(0);
    expect(pageLine('get("/v2/projects")\n' + "a::page::b")).toBe(0);
    // a call's arguments, an array: not a property
    expect(pageLine('get("/v2/projects")\nrender(rows, page, total);')).toBe(0);
    expect(pageLine('get("/v2/projects")\nconst at = [page, 2];')).toBe(0);
    // several names given values at once at the start of a block (Go, Python), not a property
    expect(pageLine('func f() {\n\tpage, err := next(ctx)\n\treq := get("/v2/projects")\n}')).toBe(0);
    expect(pageLine('if ok: {\n  page, n = pages()\n  get("/v2/projects")')).toBe(0);
    expect(pageLine('get("/v2/projects", { page, limit: 20 })')).toBe(1);
  });

  it("does not take braces in a string or a comment for a shorthand property", () => {
    // before: `${page}` in a template, `{page}` in an f-string or a format string, and `{ page }`
    // in a comment made the read partial ("the code sets page") and --fix left it
    expect(pageLine('get(`${B}/v2/projects`)\nconsole.log(`read ${page}`);')).toBe(0);
    expect(pageLine('r = get(f"{B}/v2/projects")\nprint(f"page {page}")')).toBe(0);
    expect(pageLine('let r = get(format!("{}/v2/projects", b));\nprintln!("{page}");')).toBe(0);
    expect(pageLine('puts "#{page}"\nget("/v2/projects")')).toBe(0);
    expect(pageLine('// call it with { page, limit }\nget("/v2/projects")')).toBe(0);
    expect(pageLine('/**\n * @param opts { page, limit }\n */\nget("/v2/projects")')).toBe(0);
    expect(pageLine('get("/v2/projects") # then { page }')).toBe(0);
    // code after a closed comment or a string on the line is still read
    expect(pageLine('get("/v2/projects", /* opts */ { page })')).toBe(1);
  });

  it("reads a shorthand property after a quote that opens no string on its line or the one before", () => {
    // before: an odd quote before it on the line made the rest of the line read as a string, and
    // the read was rewritten (--fix made it a v3 path the code still sends page to)
    // a Rust lifetime (struct shorthand), one or three of them
    expect(pageLine('fn list(c: &\'a Client) -> Req { c.get("/v2/projects").query(&Query { page, limit }) }')).toBe(1);
    expect(pageLine('impl<\'a> Api<\'a> { fn list(&\'a self) { self.get("/v2/projects", &Query { page, limit }) } }')).toBe(1);
    // an apostrophe in a block comment, begun on this line or the one before
    expect(pageLine('/* v2\'s paging */ const r = get("/v2/projects", { params: { page, limit } });')).toBe(1);
    expect(pageLine('/* paging:\n   v2\'s */ const r = get("/v2/projects", { params: { page, limit } });')).toBe(2);
    // a quote in a regular expression
    expect(pageLine('const q = s.replace(/\'/g, ""); get("/v2/projects", { params: { page, limit } });')).toBe(1);
    // still a string: quotes that close on the line, a prefixed one, one holding an apostrophe
    expect(pageLine("get(\"/v2/projects\")\nlog('read { page, limit }');")).toBe(0);
    expect(pageLine("r = get(f\"{B}/v2/projects\")\nprint(f'page {page}')")).toBe(0);
    expect(pageLine('get("/v2/projects")\nlog("it\'s { page, limit }");')).toBe(0);
    expect(pageLine("get(\"/v2/projects\")\nlet c = '{'; log(\"{ page, limit }\");")).toBe(0);
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
