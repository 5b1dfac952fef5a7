// contract check's not_found probe (spec 7.1: a locator that never existed is refused with
// not_found): a server that answers it with HTTP 200 and an error body, not the envelope, answered
// the request instead of refusing it, and its answer broke spec 2.1: a violation naming the
// refusal due, as a 200 with the envelope is; before, "could not be checked" (failed), which says
// the server was unreachable or down rather than that it broke the contract.
import { describe, expect, it } from "vitest";
import { checkContract, type Caller, type CheckOptions } from "../../src/contract/check/index.js";
import { ApiError, MalformedResponseError } from "../../src/errors.js";
import { buildPath, route } from "../../src/contract/routes.js";

const get = route("v3.projects.get");
const opts: CheckOptions = {
  concurrency: 1,
  buildPath,
  classify: (e) => ({ kind: "fail", code: (e as ApiError).code ?? "x", status: (e as ApiError).status, message: String((e as Error).message) }),
};
const PROJECT = { id: "p1", slug: "p1" };

async function probed(answer: (slug: string) => never | { data: unknown; body: unknown; status: number; headers: Record<string, string> }) {
  const call: Caller = async (id, params) => {
    if (id === "v3.projects.list") return { data: [PROJECT], body: { data: [PROJECT], meta: { nextCursor: null } }, status: 200, headers: {} };
    return answer(params.idOrSlug);
  };
  const { results } = await checkContract([get], call, opts);
  return results[0];
}

describe("the not_found probe answered with a success status", () => {
  it("with an error body under HTTP 200 is a violation, not a route that could not be checked", async () => {
    const r = await probed((slug) => {
      if (slug === PROJECT.slug) return { data: PROJECT, body: { data: PROJECT, meta: {} }, status: 200, headers: {} };
      const e = new MalformedResponseError(`GET /v3/projects/${slug} returned a body without the v3 envelope`);
      e.received = { status: 200, headers: {}, body: { code: "not_found", message: "no such project", details: { subject: { type: "project", locator: slug } } } };
      throw e;
    });
    expect(r.failed).toBeUndefined();
    expect(r.documented).toBe("violated");
    expect(r.violations.filter((v) => v.field === "error").map((v) => [v.expected, v.got])).toEqual([["not_found (for a locator that never existed)", "a successful answer (HTTP 200)"]]);
  });

  it("with a 5xx stays a call that failed: the answer says nothing of the contract", async () => {
    const r = await probed((slug) => {
      if (slug === PROJECT.slug) return { data: PROJECT, body: { data: PROJECT, meta: {} }, status: 200, headers: {} };
      throw new ApiError("down", { status: 503, code: "service_unavailable", body: { code: "service_unavailable", message: "down" } });
    });
    expect(r.violations.filter((v) => v.field === "error")).toEqual([]);
    expect(r.failed?.status).toBe(503);
  });
});
