// The history window rules of spec 2.2/8.2 as the CLI applies them: when to warn, the notice
// before enforcement, where --clamp moves a start, and the default windows read from the table.
import { describe, expect, it } from "vitest";
import { clampedStart, CLAMP_MARGIN_MS, defaultWindowMs, enforcementNotice, historyWarning, unreadableHistory, windowStart } from "../../src/client/history.js";

const DAY = 86_400_000;
const now = new Date("2026-11-22T12:00:00Z");
const earliest = new Date(now.getTime() - 30 * DAY).toISOString();
const policy = (o: Partial<{ enforced: boolean; archiveAccess: boolean; enforcementAt: string }> = {}) => ({
  archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: earliest, enforcementAt: "2026-08-17T00:00:00Z", ...o,
});

describe("history warning", () => {
  it("says so when earliestAvailableAt is no time and the request reaches back, rather than dropping the warning", () => {
    const start = new Date(now.getTime() - 40 * DAY);
    for (const bad of ["soon", 12, null]) {
      const p = { ...policy(), earliestAvailableAt: bad } as unknown as ReturnType<typeof policy>;
      expect(historyWarning(p, { start }, now)).toBeUndefined();
      expect(unreadableHistory(p, { start }, now)).toContain(`earliestAvailableAt (${JSON.stringify(bad)}) is no time`);
      // a current-state read, an archive key, a window not enforced: nothing to decide
      expect(unreadableHistory(p, {}, now)).toBeUndefined();
      expect(unreadableHistory({ ...p, archiveAccess: true }, { start }, now)).toBeUndefined();
      expect(unreadableHistory({ ...p, enforced: false }, { start }, now)).toBeUndefined();
    }
    expect(unreadableHistory(policy(), { start }, now)).toBeUndefined();
  });

  it("warns when an explicit start reaches before earliestAvailableAt", () => {
    const w = historyWarning(policy(), { start: new Date(now.getTime() - 40 * DAY) }, now, "Returned 3 points.");
    expect(w).toMatch(/reads history only from 2026-10-23T12:00:00Z on \(the last 30 days\)/);
    expect(w).toMatch(/reaches back from 2026-10-13T12:00:00Z/);
    expect(w).toMatch(/archive-history entitlement/);
    expect(w).toMatch(/Returned 3 points\.$/);
  });

  it("is silent inside the window, with archive access, or when not enforced", () => {
    const inside = { start: new Date(now.getTime() - 10 * DAY) };
    const outside = { start: new Date(now.getTime() - 40 * DAY) };
    expect(historyWarning(policy(), inside, now)).toBeUndefined();
    expect(historyWarning(policy({ archiveAccess: true }), outside, now)).toBeUndefined();
    expect(historyWarning(policy({ enforced: false }), outside, now)).toBeUndefined();
    expect(historyWarning(undefined, outside, now)).toBeUndefined();
  });

  it("uses the route's default window when no start is given", () => {
    // 7 days before an end 25 days ago reaches 32 days back
    expect(historyWarning(policy(), { end: new Date(now.getTime() - 25 * DAY), defaultMs: 7 * DAY }, now)).toBeDefined();
    expect(historyWarning(policy(), { defaultMs: 7 * DAY }, now)).toBeUndefined();
    expect(historyWarning(policy(), { defaultMs: Infinity }, now)).toMatch(/to the start of the archive/);
    // a current-state read has no window
    expect(historyWarning(policy(), {}, now)).toBeUndefined();
    expect(windowStart({}, now)).toBeUndefined();
  });

  it("reads default windows from the route table", () => {
    expect(defaultWindowMs("v2.projects.neighbors")).toBe(14 * DAY);
    expect(defaultWindowMs("v2.projects.momentum")).toBe(7 * DAY);
    expect(defaultWindowMs("v3.projects.series")).toBe(7 * DAY);
    expect(defaultWindowMs("v3.intel.list")).toBe(Infinity);
    expect(defaultWindowMs("v3.projects.list")).toBeUndefined();
  });
});

describe("enforcement notice", () => {
  it("before enforcementAt names the date and the lookback", () => {
    const before = new Date("2026-08-01T00:00:00Z");
    expect(enforcementNotice(policy({ enforced: false }), before)).toBe(
      "from 2026-08-17 this key reads only the last 30 days of history; older data will need the archive-history entitlement");
  });
  it("is silent once enforced, after the date, or with archive access", () => {
    expect(enforcementNotice(policy(), new Date("2026-08-01T00:00:00Z"))).toBeUndefined();
    expect(enforcementNotice(policy({ enforced: false }), now)).toBeUndefined();
    expect(enforcementNotice(policy({ enforced: false, archiveAccess: true }), new Date("2026-08-01T00:00:00Z"))).toBeUndefined();
  });
});

describe("--clamp", () => {
  it("moves an early start just inside the window (whole seconds, with margin)", () => {
    const moved = clampedStart(policy(), new Date(now.getTime() - 45 * DAY))!;
    const e = Date.parse(earliest);
    expect(moved.getTime()).toBeGreaterThanOrEqual(e + CLAMP_MARGIN_MS);
    expect(moved.getTime()).toBeLessThan(e + CLAMP_MARGIN_MS + 1000);
    expect(moved.getTime() % 1000).toBe(0);
  });
  it("leaves a start inside the window, and archive keys, alone", () => {
    expect(clampedStart(policy(), new Date(now.getTime() - 5 * DAY))).toBeUndefined();
    expect(clampedStart(policy({ archiveAccess: true }), new Date(now.getTime() - 45 * DAY))).toBeUndefined();
  });
});
