// What `mids migrate verify` does with a request before anything is sent (pure).
import { describe, expect, it } from "vitest";
import { plan } from "../../src/migrate/verify/replay.js";

const req = (method: string, path = "/v2/projects/118655a8c2f84e49930fad39") =>
  ({ key: `${method} ${path}`, position: 1, count: 1, req: { method, origin: "", path, query: [] as [string, string][] } });
const now = new Date("2026-11-23T00:00:00Z");

describe("verify plan", () => {
  it("replays GET only: changes are never sent, and HEAD/OPTIONS have no body to compare", () => {
    expect(plan(req("GET"), now).skip).toBeUndefined();
    for (const m of ["POST", "PATCH", "PUT", "DELETE"]) expect(plan(req(m), now).skip).toBe(`not idempotent: ${m} requests are never replayed`);
    for (const m of ["HEAD", "OPTIONS"]) expect(plan(req(m), now).skip).toBe(`${m}: no answer body to compare (only GET requests are replayed)`);
  });
});
