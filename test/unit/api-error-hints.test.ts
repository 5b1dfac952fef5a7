// Every API error code of spec 7.1 comes with a hint, invalid_request and not_found included:
// which parameter to fix and where its values are described; where the ids of the missing thing
// are listed (the request's resource decides, or the subject's type when the path has none).
import { describe, expect, it } from "vitest";
import { toApiError } from "../../src/client/errormap.js";
import { EXIT } from "../../src/errors.js";
import { runMain, useSandbox } from "../helpers/cli.js";

const now = new Date("2026-11-28T00:00:00Z");
const notFound = (path: string | undefined, type = "thing") =>
  toApiError(404, { code: "not_found", message: "m", details: { subject: { type, locator: "x1" } } }, {}, now, "'mids x get'", path);

describe("hints of invalid_request and not_found", () => {
  it("invalid_request names the fields to check, and the command's help (or --verbose for mids api)", () => {
    const body = { code: "invalid_request", message: "expected a number", details: { fields: ["minTrend"] } };
    expect(toApiError(400, body, {}, now, "'mids projects list'", "/v3/projects").hint).toBe("check minTrend; run 'mids projects list --help' for the values its options take");
    expect(toApiError(400, { code: "invalid_request" }, {}, now, "GET /v3/projects", "/v3/projects").hint).toBe("check the parameters; --verbose shows the request sent");
  });

  it("a 400 of no known code (v2 recipes: 'recipe parameters are not valid') names the values given and the command's help", () => {
    const e = toApiError(400, { status: 400, error: "Bad Request", message: "recipe parameters are not valid: params.limit: parameter `limit` must be of type integer (got \"abc\")" }, {}, now, "'mids recipes execute'", "/v2/recipes/{name}/execute");
    expect(e.exitCode).toBe(EXIT.usage);
    expect(e.hint).toBe("run 'mids recipes execute --help' for the values its options take");
    // a 422 of no known code: the values too
    expect(toApiError(422, {}, {}, now, "'mids recipes execute'", "/v2/recipes/{name}/execute").hint).toBe("check the values given; run 'mids recipes execute --help' for what each option takes");
  });

  it("not_found says where the ids are listed, by the request's resource or the subject's type", () => {
    expect(notFound("/v3/projects/{idOrSlug}").hint).toBe("check the id or slug; 'mids projects list --names NAME' shows a project's id and slug");
    expect(notFound("/v3/intel/{id}").hint).toBe("check the id; 'mids intel list' lists intel with their ids");
    expect(notFound("/v3/reports/{id}").hint).toMatch(/^report ids come from topics: 'mids topics get <id>'/);
    expect(notFound("/v3/alerts/{id}").hint).toMatch(/the API lists no alert subscriptions .*another owner's alert is not found either$/);
    expect(notFound(undefined, "topic").hint).toBe("check the id; 'mids topics list' lists topics with their ids");
    // a resource mids knows no list of: still a hint
    expect(notFound("/v3/elsewhere", "widget").hint).toBe("check the id or path (--verbose shows the request sent)");
    // v2: one generic 404 without a code (spec 9.5)
    expect(toApiError(404, { status: 404, error: "Not found" }, {}, now, "'mids projects get'", "/v2/projects/{id}").hint).toMatch(/^check the id or slug; 'mids projects list/);
  });

  it("not_found for an id of another kind says what the id is and the command that reads it", () => {
    const of = (path: string, locator: string) => toApiError(404, { code: "not_found", message: "m", details: { subject: { type: "x", locator } } }, {}, now, "'mids x get'", path).hint;
    expect(of("/v3/reports/{id}", "topic_e8b1c495f027ff3d3af4")).toBe("'topic_e8b1c495f027ff3d3af4' is a topic id; read it with mids topics get topic_e8b1c495f027ff3d3af4");
    expect(of("/v3/topics/{id}", "rep_2449ccd9d5d7ccbc")).toBe("'rep_2449ccd9d5d7ccbc' is a report id; read it with mids reports get rep_2449ccd9d5d7ccbc");
    expect(of("/v3/alerts/{id}", "dst_2bd91decaa0a8207")).toBe("'dst_2bd91decaa0a8207' is a destination id; 'mids alerts destinations' lists them");
    expect(of("/v3/intel/{id}", "alr_358143c32a05a788")).toBe("'alr_358143c32a05a788' is an alert id; read it with mids alerts get alr_358143c32a05a788");
    // an id of the path's own kind that is not there: where the ids are listed, as before
    expect(of("/v3/topics/{id}", "topic_00000000000000000000")).toBe("check the id; 'mids topics list' lists topics with their ids");
    // only a plain id is quoted back into a command
    expect(of("/v3/reports/{id}", "topic_x; rm -rf ~")).toMatch(/^report ids come from topics/);
    // the prefixes other than topic_ are assumed: a server whose ids look otherwise gets where the ids are listed, no claim of a kind
    expect(of("/v3/topics/{id}", "report-2449ccd9d5d7ccbc")).toBe("check the id; 'mids topics list' lists topics with their ids");
    expect(of("/v3/alerts/{id}", "sub_2bd91decaa0a8207")).toMatch(/^check the id: the API lists no alert subscriptions/);
  });

  it("a command's route not found points at the base URL, and at its trailing version when the path shows it doubled", () => {
    const route = (locator: string, what: string) => toApiError(404, { code: "not_found", message: `no route GET ${locator}`, details: { subject: { type: "route", locator } } }, {}, now, what, "/v3/projects").hint;
    expect(route("/v3/v3/projects", "'mids projects list'")).toBe("the base URL ends in /v3, and mids adds the API version to every path: drop the trailing /v3 from it ('mids doctor' says where it is set)");
    expect(route("/api/v2/v3/topics", "'mids topics list'")).toMatch(/^the base URL ends in \/v2, /);
    expect(route("/gateway/v3/projects", "'mids projects list'")).toBe("the server has no such route: check the base URL ('mids doctor' checks it; --verbose shows the request sent)");
    // mids api: the path was typed, and may be what is wrong
    expect(route("/v3/v3/topics", "GET /v3/v3/topics")).toBe("check the id or path (--verbose shows the request sent)");
    // ... without its version (mids api projects)
    expect(route("/projects", "GET /projects")).toBe("paths start with the API version: mids api /v3/projects");
    // ... below a base URL with a path: the path typed is the one below it, never the base's
    const below = (locator: string, typed: string) => toApiError(404, { code: "not_found", message: `no route GET ${locator}`, details: { subject: { type: "route", locator } } }, {}, now, `GET ${locator}`, locator, typed).hint;
    expect(below("/gateway/projects", "/projects")).toBe("paths start with the API version: mids api /v3/projects");
    expect(below("/api/v3/projects", "/projects")).toBe("the base URL ends in /v3, and mids adds the API version to every path: drop the trailing /v3 from it and run mids api /v3/projects");
  });

  // a v1 path (spec 9.1: v1 routes move to v3) got "check the id or path", which says nothing of v1
  it("mids api on a v1 path: v1 moves to v3, with the v3 route of the same name when there is one", () => {
    const route = (locator: string) => toApiError(404, { code: "not_found", message: `no route GET ${locator}`, details: { subject: { type: "route", locator } } }, {}, now, `GET ${locator}`, locator, locator).hint;
    expect(route("/v1/projects")).toBe("v1 routes are retired and move to v3: mids api /v3/projects");
    expect(route("/v1/signals")).toBe("v1 routes are retired and move to v3: write its v3 route (mids api /v3/...)");
    expect(route("/v1")).toBe("v1 routes are retired and move to v3: write its v3 route (mids api /v3/...)");
  });

  // a route's name mistyped got "check the id or path", though the route table knows the one meant
  it("mids api on a mistyped route: the route meant, with the values typed", () => {
    const route = (locator: string) => toApiError(404, { code: "not_found", message: `no route GET ${locator}`, details: { subject: { type: "route", locator } } }, {}, now, `GET ${locator}`, locator, locator).hint;
    expect(route("/v3/projcts")).toBe("did you mean mids api /v3/projects?");
    expect(route("/v3/projects/ethereum/serie/price")).toBe("did you mean mids api /v3/projects/ethereum/series/price?");
    expect(route("/v2/project/p_1/momentum")).toBe("did you mean mids api /v2/projects/p_1/momentum?");
    expect(route("/v3/Topics")).toBe("did you mean mids api /v3/topics?");
    // the version in capitals: the same version mistyped (it read as a path without its version: /v3/V3/projects)
    expect(route("/V3/projects")).toBe("did you mean mids api /v3/projects?");
    // too far from any route, another version's only, or as near to two: no guess
    for (const p of ["/v3/widgets", "/v4/projects", "/v3/signals", "/v3/projects/a/b/c/d"]) expect(route(p), p).toBe("check the id or path (--verbose shows the request sent)");
    // v2's 404 names no route (spec 9.5): the path typed is looked at, a command's never
    const v2 = (typed: string, what = `GET ${typed}`) => toApiError(404, { status: 404, error: "Not found" }, {}, now, what, typed, what.startsWith("'") ? undefined : typed).hint;
    expect(v2("/v2/projects/bitcoin/momentm")).toBe("did you mean mids api /v2/projects/bitcoin/momentum?");
    expect(v2("/v2/projects/bitcoin")).toMatch(/^check the id or slug; /);
    expect(v2("/v2/projects/{id}/momentm", "'mids projects momentum'")).toMatch(/^check the id or slug; /);
  });

  it("an HTTP error status the API does not document (418, 451, 402, 408): exit 7 as the README says, with a hint", () => {
    for (const status of [402, 408, 418, 451]) {
      const e = toApiError(status, { message: "I'm a teapot" }, {}, now, "'mids projects list'", "/v3/projects");
      expect(e.exitCode, String(status)).toBe(EXIT.server);
      expect(e.hint, String(status)).toBe("the API documents no such status: a proxy, gateway or firewall on the way may have answered; check --base-url and the network (--verbose shows the exchange)");
    }
    // the documented ones keep theirs
    // v2's 400 (no code): the command's help, as invalid_request has
    expect(toApiError(400, { status: 400, error: "invalid parameter `limit`: must be at most 100" }, {}, now, "'mids projects list'", "/v2/projects").hint).toBe("run 'mids projects list --help' for the values its options take");
    expect(toApiError(400, {}, {}, now, "GET /v2/projects", "/v2/projects").hint).toBe("check the parameters; --verbose shows the request sent");
    expect(toApiError(503, {}, {}, now, "x", "/v2/projects").hint).toMatch(/^the API failed on its side/);
  });

  const sb = useSandbox();
  it("through the client: the command's error has the hint (exit 4)", async () => {
    const r = await runMain(["intel", "get", "0000aaaa1111bbbb2222cccc"], { env: sb.env("mids_sandbox_demo") });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe("mids: intel '0000aaaa1111bbbb2222cccc' not found\nhint: check the id; 'mids intel list' lists intel with their ids\n");
    // a project's name or ticker where a slug goes: the filter that finds it, which does
    const name = await runMain(["projects", "get", "Jutufi"], { env: sb.env("mids_sandbox_demo") });
    expect(name.stderr).toBe("mids: project 'Jutufi' not found\nhint: check the id or slug; if 'Jutufi' is a project's name: mids projects list --names Jutufi shows its id and slug\n");
    const ticker = await runMain(["projects", "get", "JUT"], { env: sb.env("mids_sandbox_demo") });
    expect(ticker.stderr).toMatch(/^hint: check the id or slug; if 'JUT' is a ticker: mids projects list --tickers JUT shows the project's id and slug$/m);
    for (const args of [["--names", "Jutufi"], ["--tickers", "JUT"]]) {
      expect((await runMain(["projects", "list", ...args, "--jq", ".[].slug"], { env: sb.env("mids_sandbox_demo") })).stdout).toBe("jutufi\n");
    }
    // a project's slug where an intel id goes: the command that lists the project's intel, which runs
    const slug = await runMain(["intel", "get", "jutufi"], { env: sb.env("mids_sandbox_demo") });
    expect(slug.stderr).toBe("mids: intel 'jutufi' not found\nhint: check the id ('mids intel list' lists intel with their ids); if 'jutufi' is a project, its intel: mids intel list --project jutufi\n");
    expect((await runMain(["intel", "list", "--project", "jutufi", "-q"], { env: sb.env("mids_sandbox_demo") })).code).toBe(0);
    // a topic id given to reports get: the hint says so, with the command that reads it
    const fixtures = await sb.admin<{ topicIds?: string[]; topics?: string[] }>("/_sandbox/fixtures");
    const topic = JSON.stringify(fixtures).match(/topic_[a-f0-9]{20}/)![0];
    const w = await runMain(["reports", "get", topic], { env: sb.env("mids_sandbox_demo") });
    expect(w.code).toBe(4);
    expect(w.stderr).toBe(`mids: report '${topic}' not found\nhint: '${topic}' is a topic id; read it with mids topics get ${topic}\n`);
  });
});
