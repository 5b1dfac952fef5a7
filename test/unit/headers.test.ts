import { describe, expect, it } from "vitest";
import { parseDeprecation, parseRateLimit, parseReset, parseRetryAfter, parseSuccessorLink } from "../../src/client/headers.js";
import { deprecationNotice } from "../../src/client/notices.js";
import { route } from "../../src/contract/routes.js";

const now = new Date("2026-11-22T12:00:00Z");

describe("response headers", () => {
  it("parses the six rate-limit headers", () => {
    const rl = parseRateLimit({
      "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "0", "x-ratelimit-reset-minute": String(now.getTime() / 1000 + 30),
      "x-ratelimit-limit-day": "1000", "x-ratelimit-remaining-day": "990", "x-ratelimit-reset-day": "3600",
    }, now)!;
    expect(rl.minute).toEqual({ limit: 60, remaining: 0, resetAt: new Date(now.getTime() + 30_000) });
    expect(rl.day.resetAt).toEqual(new Date(now.getTime() + 3_600_000));
    expect(parseRateLimit({}, now)).toBeUndefined();
  });

  it("reads reset values as epoch seconds, epoch ms, delta seconds or dates", () => {
    expect(parseReset("1790000000", now)).toEqual(new Date(1790000000 * 1000));
    expect(parseReset("1790000000000", now)).toEqual(new Date(1790000000000));
    expect(parseReset("10", now)).toEqual(new Date(now.getTime() + 10_000));
    expect(parseReset("2026-11-22T12:01:00Z", now)).toEqual(new Date("2026-11-22T12:01:00Z"));
    expect(parseReset("soon", now)).toBeUndefined();
  });

  it("reads Retry-After in both forms", () => {
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("Sun, 22 Nov 2026 11:59:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("-1", now)).toBeUndefined();
    expect(parseRetryAfter("later", now)).toBeUndefined();
  });

  it("reads nothing else as a Retry-After: no hex, exponents or loose dates", () => {
    expect(parseRetryAfter(" 12 ", now)).toBe(12_000);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
    expect(parseRetryAfter("Sunday, 22-Nov-26 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Sun Nov 22 12:00:30 2026", now)).toBeTypeOf("number");
    for (const v of ["0x1F", "1e3", "later 2030", "in 5", "garbage 12", "5 seconds", "Infinity"]) expect(parseRetryAfter(v, now), v).toBeUndefined();
  });

  it("finds rel=successor-version among several links", () => {
    expect(parseSuccessorLink('</docs>; rel="help", </v3/intel>; rel="successor-version"')).toBe("/v3/intel");
    expect(parseSuccessorLink("</v3/x>; rel=successor-version")).toBe("/v3/x");
    expect(parseSuccessorLink('</docs>; rel="help"')).toBeUndefined();
  });

  it("parses RFC 9745 Deprecation and Sunset", () => {
    const d = parseDeprecation({ deprecation: "@1688169600", sunset: "Wed, 15 Jul 2026 00:00:00 GMT", link: '</v3/intel>; rel="successor-version"' })!;
    expect(d.deprecatedAt).toEqual(new Date(1688169600 * 1000));
    expect(d.sunset).toEqual(new Date("2026-07-15T00:00:00Z"));
    expect(d.successor).toBe("/v3/intel");
    expect(parseDeprecation({})).toBeUndefined();
  });

  it("names the v3 successor from the route table and says a passed sunset has passed", () => {
    const n = deprecationNotice(route("v2.signals.list"), undefined, now)!;
    expect(n).toBe("/v2/signals is deprecated; use /v3/intel (sunset 2026-07-15 has passed)");
    const before = deprecationNotice(route("v2.signals.list"), undefined, new Date("2026-07-01T00:00:00Z"))!;
    expect(before).toContain("(sunset 2026-07-15)");
    expect(deprecationNotice(route("v2.projects.momentum"), undefined, now)).toContain("/v3/projects/{idOrSlug}/series/trend");
    expect(deprecationNotice(route("v2.projects.candles"), undefined, now)).toContain("no v3 successor");
  });
});
