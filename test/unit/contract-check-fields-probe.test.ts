// contract check's invalid_request probe (spec 7.1: a non-numeric minTrend is refused with
// details.fields naming it): a refusal whose fields name other parameters is said as what was
// due and what came, "a list naming minTrend expected, got ["limit"]"; before, "fields must name
// minTrend expected, got array", which named neither the list it wanted nor the one it got.
import { describe, expect, it } from "vitest";
import { checkContract, type CheckOptions } from "../../src/contract/check/index.js";
import { ApiError } from "../../src/errors.js";
import { buildPath, route } from "../../src/contract/routes.js";

const list = route("v3.projects.list");
const opts: CheckOptions = {
  concurrency: 1,
  buildPath,
  classify: (e) => ({ kind: "fail", code: "x", status: (e as ApiError).status, message: String((e as Error).message) }),
};

async function refusedWith(fields: unknown) {
  const call = async (_id: string, _params: Record<string, string>, query?: Record<string, string>) => {
    if (query?.minTrend) throw new ApiError("refused", { status: 400, code: "invalid_request", body: { code: "invalid_request", message: "bad", details: { fields } } });
    return { data: [], body: { data: [], meta: { nextCursor: null } }, status: 200, headers: {} };
  };
  const { results } = await checkContract([list], call, opts);
  return results[0].violations.filter((v) => v.field.startsWith("error."));
}

describe("the invalid_request probe's details.fields", () => {
  it("holds when it names minTrend", async () => {
    expect(await refusedWith(["minTrend"])).toEqual([]);
  });
  it("names what was due and the names the server gave", async () => {
    const [v] = await refusedWith(["limit"]);
    expect([v.field, v.expected, v.got]).toEqual(["error.details.fields", "a list naming minTrend", '["limit"]']);
    expect((await refusedWith([]))[0].got).toBe("[]");
  });
  it("names the type of what is no list of names", async () => {
    const [v] = await refusedWith("minTrend");
    expect([v.field, v.expected, v.got]).toEqual(["error.details.fields", "array", "string"]);
  });
});
