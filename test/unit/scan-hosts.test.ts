// migrate scan's own-host rule (src/migrate/scan/scan.ts hostMatcher): which URL hosts count as
// the API's, so that an unknown /v2 route there is reported `unrecognized`.
import { describe, expect, it } from "vitest";
import { hostMatcher } from "../../src/migrate/scan/scan.js";

describe("hostMatcher", () => {
  it("a name without a port matches on any port; with a port, that port only", () => {
    const own = hostMatcher(["api.mids.example", "localhost:8080"]);
    expect(own("api.mids.example")).toBe(true);
    expect(own("api.mids.example:8443")).toBe(true);
    expect(own("localhost:8080")).toBe(true);
    expect(own("localhost")).toBe(false);
    expect(own("localhost:9090")).toBe(false);
    expect(own("other.example")).toBe(false);
    expect(own(undefined)).toBe(false);
  });

  it("a name given with the https or http default port also matches it written without one", () => {
    const own = hostMatcher(["API.mids.example:443", "plain.example:80", "odd.example:8443"]);
    expect(own("api.mids.example")).toBe(true);
    expect(own("api.mids.example:443")).toBe(true);
    expect(own("plain.example")).toBe(true);
    expect(own("odd.example")).toBe(false);
    expect(own("api.mids.example:80")).toBe(false);
  });
});
