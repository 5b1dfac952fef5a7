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

  it("gives a refused time a hint with the flag and the forms it takes", () => {
    for (const [flag, v] of [["--from", "yesterday"], ["--at", "2026-02-30"], ["--to", "1969-12-31"]]) {
      let hint: string | undefined;
      try { parseTime(flag, v, now); } catch (e) { hint = (e as { hint?: string }).hint; }
      expect(hint, `${flag} ${v}`).toMatch(new RegExp(`^e\\.g\\. ${flag} 7d .*${flag} 2026-11-01\\b`));
    }
  });

  it("refuses a future at", () => {
    expect(() => parsePastTime("--at", "2027-01-01", now)).toThrow(/--at must lie in the past/);
    expect(parsePastTime("--at", "1d", now).toISOString()).toBe("2026-11-21T12:00:00.000Z");
  });
});

describe("time parsing: ranges", () => {
  it("refuses dates that do not exist instead of rolling them over", () => {
    expect(() => parseTime("--from", "2026-02-30", now)).toThrow(/--from must be an ISO 8601 time/);
    expect(() => parseTime("--from", "2026-13-01", now)).toThrow(/--from must be an ISO 8601 time/);
    expect(() => parseTime("--from", "2026-11-01T24:00:00Z", now)).toThrow(/--from must be an ISO 8601 time/);
    expect(parseTime("--from", "2028-02-29", now).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(parseTime("--from", "2026-11-01 10:30", now).toISOString()).toBe("2026-11-01T10:30:00.000Z");
  });

  it("refuses times outside 1970..9999 and durations past setTimeout's ceiling", () => {
    expect(() => parseTime("--from", "99999999d", now)).toThrow(/--from must fall between 1970 and 9999/);
    expect(() => requireDurationMs("--timeout", "99999999999999999999")).toThrow(/--timeout must be at most 24 days/);
  });
});
