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
    expect(e.hint).toBe("check the values given; run 'mids recipes execute --help' for what each option takes");
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

  it("an HTTP error status the API does not document (418, 451, 402, 408): exit 7 as the README says, with a hint", () => {
    for (const status of [402, 408, 418, 451]) {
      const e = toApiError(status, { message: "I'm a teapot" }, {}, now, "'mids projects list'", "/v3/projects");
      expect(e.exitCode, String(status)).toBe(EXIT.server);
      expect(e.hint, String(status)).toBe("the API documents no such status: a proxy, gateway or firewall on the way may have answered; check --base-url and the network (--verbose shows the exchange)");
    }
    // the documented ones keep theirs
    expect(toApiError(400, {}, {}, now, "x", "/v2/projects").hint).toBe("check the request's parameters and body; --verbose shows the request sent");
    expect(toApiError(503, {}, {}, now, "x", "/v2/projects").hint).toMatch(/^the API failed on its side/);
  });

  const sb = useSandbox();
  it("through the client: the command's error has the hint (exit 4)", async () => {
    const r = await runMain(["intel", "get", "no-such-intel"], { env: sb.env("mids_sandbox_demo") });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe("mids: intel 'no-such-intel' not found\nhint: check the id; 'mids intel list' lists intel with their ids\n");
  });
});
