// contract check holds meta.history where the spec documents it, and only reads it where the
// spec implies it (ASSUMED.historyMetaInferred): a real server that leaves it out there is no failure.
import { describe, expect, it } from "vitest";
import { envelopeViolations } from "../../src/contract/check/index.js";
import { ASSUMED } from "../../src/contract/assumed.js";
import { route } from "../../src/contract/routes.js";

const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
const versions = { trendModel: "t1", relations: "r1" };

describe("meta.history in the envelope", () => {
  it("required on the project detail (spec 4.2 shows it), optional on the list (inferred)", () => {
    expect(ASSUMED.historyMetaInferred).toContain("v3.projects.list");
    expect(ASSUMED.historyMetaInferred).not.toContain("v3.projects.get");
    expect(envelopeViolations(route("v3.projects.list"), { data: [], meta: { nextCursor: null, versions } })).toEqual([]);
    expect(envelopeViolations(route("v3.projects.get"), { data: {}, meta: { versions } }))
      .toEqual([expect.objectContaining({ field: "meta.history", got: "missing" })]);
    expect(envelopeViolations(route("v3.projects.get"), { data: {}, meta: { versions, history } })).toEqual([]);
  });

  it("an inferred one that is present is still held to its shape; a v2 current snapshot may come without meta", () => {
    expect(envelopeViolations(route("v3.projects.list"), { data: [], meta: { nextCursor: null, versions, history: 5 } }))
      .toEqual([expect.objectContaining({ field: "meta.history" })]);
    expect(envelopeViolations(route("v2.grounding"), { status: 200, data: {} }, 200)).toEqual([]);
  });
});

describe("meta.nextCursor on a cursor-paged list", () => {
  it("missing or of another type is named 'string or null expected' (the last page's cursor is null)", () => {
    const versions = { trendModel: "t1" };
    for (const [meta, got] of [[{ versions }, "missing"], [{ versions, nextCursor: 12 }, "integer"]] as const) {
      expect(envelopeViolations(route("v3.projects.list"), { data: [], meta })).toEqual([expect.objectContaining({ field: "meta.nextCursor", expected: "string or null", got })]);
    }
    expect(envelopeViolations(route("v3.projects.list"), { data: [], meta: { versions, nextCursor: null } })).toEqual([]);
  });
});
