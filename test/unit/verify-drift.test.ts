// The sandbox's `drift` fault: a successful answer that quietly disagrees (for `mids migrate verify`).
import { describe, expect, it } from "vitest";
import { driftBody, parseFaults } from "../../src/sandbox/faults.js";

describe("drift fault", () => {
  it("parses like the other faults, scoped to a path prefix", () => {
    expect(parseFaults("drift:x1@/v3/projects")).toEqual([{ kind: "drift", firstN: 1, scope: "/v3/projects" }]);
  });

  it("adds one to the first number in data, depth first, and leaves everything else alone", () => {
    const body = { data: { id: "p", identifiers: { x: "p" }, points: [{ timestamp: "t", value: 2.5 }, { value: 7 }], n: 9 }, meta: { n: 1 } };
    const out = JSON.parse(driftBody(JSON.stringify(body)));
    expect(out).toEqual({ ...body, data: { ...body.data, points: [{ timestamp: "t", value: 3.5 }, { value: 7 }] } });
    expect(driftBody("not json")).toBe("not json");
    expect(driftBody(JSON.stringify({ data: ["a"] }))).toBe(JSON.stringify({ data: ["a"] }));
  });
});
