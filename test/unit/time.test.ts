import { describe, expect, it } from "vitest";
import { parseDurationMs, parsePastTime, parseTime, requireDurationMs } from "../../src/util/time.js";

const now = new Date("2026-11-22T12:00:00Z");

describe("time parsing", () => {
  it("parses durations with units, bare numbers as seconds", () => {
    expect(parseDurationMs("1500ms")).toBe(1500);
    expect(parseDurationMs("2s")).toBe(2000);
    expect(parseDurationMs("30")).toBe(30_000);
    expect(parseDurationMs("1m")).toBe(60_000);
    expect(parseDurationMs("soon")).toBeUndefined();
    expect(() => requireDurationMs("--timeout", "0")).toThrow(/--timeout must be a positive duration/);
  });

  it("parses ISO, bare dates and relative ages", () => {
    expect(parseTime("--from", "2026-11-01", now).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(parseTime("--from", "2026-11-01T10:00:00+02:00", now).toISOString()).toBe("2026-11-01T08:00:00.000Z");
    expect(parseTime("--from", "7d", now).toISOString()).toBe("2026-11-15T12:00:00.000Z");
    expect(parseTime("--from", "48h", now).toISOString()).toBe("2026-11-20T12:00:00.000Z");
    expect(parseTime("--from", "now", now).toISOString()).toBe(now.toISOString());
    expect(() => parseTime("--from", "yesterday", now)).toThrow(/--from must be an ISO 8601 time/);
  });

  it("refuses a future at", () => {
    expect(() => parsePastTime("--at", "2027-01-01", now)).toThrow(/--at must lie in the past/);
    expect(parsePastTime("--at", "1d", now).toISOString()).toBe("2026-11-21T12:00:00.000Z");
  });
});
