// What the spec lists without a type is held by name only: an issue's `path` and `message` (spec
// 2.10, and the generic error body of section 6), and the recipe summary's name, version and
// description, and the untyped fields of an intel activity entry. A server that gives a path as a
// list of segments, as schema validators do, keeps the contract; what the spec does type (valid,
// stepCount, paramCount, an entry's date and sentiment) is still enforced.
import { describe, expect, it } from "vitest";
import { ActivityEntry, FrontierReport, RecipeValidation, ServiceV2, V2Error } from "../../src/contract/schemas.js";

describe("contract: fields the spec lists without a type", () => {
  it("an issue's path and message may be any JSON value; a recipe summary's name, version, description too", () => {
    const ok = (v: unknown) => RecipeValidation().safeParse(v).success;
    expect(ok({ valid: false, issues: [{ path: ["steps", 1, "uses"], message: "unknown step" }] })).toBe(true);
    expect(ok({ valid: false, issues: [{ path: null, message: { text: "x" } }], recipe: null })).toBe(true);
    expect(ok({ valid: true, issues: [], recipe: { name: "r", version: 2, description: null, stepCount: 3, paramCount: 0 } })).toBe(true);
    expect(V2Error().safeParse({ status: 422, error: "invalid", issues: [{ path: ["a", 0], message: "bad" }] }).success).toBe(true);
  });

  it("an intel activity entry (spec 2.4, its shape depends on the activity parameter): what is listed without a type may be any JSON value", () => {
    const ok = (entry: Record<string, unknown>) => ActivityEntry().safeParse({ id: "a1", date: "2026-11-01T00:00:00Z", ...entry }).success;
    // a source or an action given as an object, an actor's type as a number, a headline as null
    expect(ok({ action: { kind: "observed" }, source: { type: "x", url: "https://x.test/1" }, actor: { type: 2 }, headline: null, officialSourceUrl: false })).toBe(true);
    expect(ok({ citationEvidence: [{ id: "c1", url: null, targetActivityIds: ["a0"] }], fromSignal: { signalId: "s1", projectId: "p1", projectName: 7 } })).toBe(true);
    // what it types is held: date a timestamp, sentiment an integer, isOfficial a boolean, an id a string
    expect(ok({ date: "yesterday" })).toBe(false);
    expect(ok({ sentiment: 0.5 })).toBe(false);
    expect(ok({ isOfficial: "yes" })).toBe(false);
    expect(ok({ citationEvidence: [{ id: "c1", url: "u", targetActivityIds: [1] }] })).toBe(false);
  });

  it("GET /v2's name, version and status (spec 2.1, 4.1, untyped) may be of any type, but must be there", () => {
    const ok = (v: unknown) => ServiceV2().safeParse(v).success;
    expect(ok({ name: "MIDS", version: 2, status: { healthy: true } })).toBe(true);
    expect(ok({ name: "MIDS", version: "2.14.0", status: "ok" })).toBe(true);
    expect(ok({ name: "MIDS", status: "ok" })).toBe(false);
    expect(ok({ name: "MIDS", version: "2", status: null, extra: 1 })).toBe(true);
  });

  it("a Frontier Report entity's identity fields and state (spec 2.9, untyped) may be null or any type, but must be there", () => {
    const at = "2026-11-01T00:00:00Z";
    const report = (entity: Record<string, unknown>) => ({
      id: "r1", url: "https://x.test/r1", publishedAt: at, title: "t", summary: "s", bodyMarkdown: "b", sources: [],
      market: { publicationSnapshotAt: at, updatedAt: at, state: "fresh", entities: [{ identity: { projectId: "0123456789abcdef01234567", name: "P", symbol: "P", marketId: "p", defiSlug: "p" }, state: "fresh", metrics: [], ...entity }] },
    });
    const ok = (entity: Record<string, unknown>) => FrontierReport().safeParse(report(entity)).success;
    expect(ok({})).toBe(true);
    expect(ok({ identity: { projectId: "0123456789abcdef01234567", name: "P", symbol: null, marketId: null, defiSlug: null }, state: { stale: true } })).toBe(true);
    expect(ok({ identity: { projectId: "0123456789abcdef01234567", name: "P", symbol: "P", marketId: "p" } })).toBe(false);
    expect(ok({ identity: { projectId: 7, name: "P", symbol: "P", marketId: "p", defiSlug: "p" } })).toBe(false);
  });

  it("what the spec types is still held", () => {
    const ok = (v: unknown) => RecipeValidation().safeParse(v).success;
    expect(ok({ valid: "no", issues: [] })).toBe(false);
    expect(ok({ valid: true, issues: [], recipe: { name: "r", version: "1", description: "d", stepCount: 1.5, paramCount: 0 } })).toBe(false);
    expect(ok({ valid: true, issues: "none" })).toBe(false);
  });
});
