// The v3 series payload is not shown (spec 2.17): the chart's points are found in any list of
// items that carry a time and a number, wherever the answer puts them.
import { describe, expect, it } from "vitest";
import { findPoints, normalize } from "../../src/commands/series/run.js";

const T = ["2026-11-01T00:00:00Z", "2026-11-01T01:00:00Z"];

describe("series points wherever they are", () => {
  it("reads other names, pairs, nesting, and the measure's own name", () => {
    expect(findPoints({ points: [{ timestamp: T[0], value: 1 }, { timestamp: T[1], value: null }] }, "trend").points).toEqual([{ timestamp: T[0], value: 1 }, { timestamp: T[1], value: null }]);
    expect(findPoints({ data: [[T[0], 2], [T[1], 3]] }, "trend").points).toEqual([{ timestamp: T[0], value: 2 }, { timestamp: T[1], value: 3 }]);
    expect(findPoints({ series: { values: [{ at: T[0], rank: 4, quality: "ok" }] } }, "rank").points).toEqual([{ timestamp: T[0], value: 4 }]);
    expect(findPoints([{ time: T[0], v: 5 }], "trend").points).toEqual([{ timestamp: T[0], value: 5 }]);
  });
  it("prefers the list that carries numbers over another timed list", () => {
    const data = { annotations: [{ at: T[0], note: "listing" }], history: [{ t: T[0], score: 7 }] };
    expect(findPoints(data, "trend")).toMatchObject({ raw: data.history, points: [{ timestamp: T[0], value: 7 }] });
  });
  it("a point whose time no date holds (or that has none) costs that point, not the series", () => {
    const points = [{ timestamp: T[0], value: 1 }, { timestamp: "bad", value: 2 }, { timestamp: "+275760-09-13T00:00:00Z", value: 3 }, { value: 4 }, { timestamp: T[1], value: 5 }];
    const found = findPoints({ points }, "trend");
    expect(found.raw).toBe(points);
    expect(found.points).toEqual([{ timestamp: T[0], value: 1 }, { timestamp: T[1], value: 5 }]);
    expect(found.timed).toEqual([points[0], points[4]]);
    // a list whose every point is timed is still preferred, and says nothing was left out
    const whole = findPoints({ points, data: [{ timestamp: T[0], value: 9 }] }, "trend");
    expect(whole).toMatchObject({ points: [{ timestamp: T[0], value: 9 }] });
    expect(whole.timed).toBeUndefined();
  });
  it("no list of timed items: no points", () => {
    expect(findPoints({ name: "x", tags: ["a"] }, "trend").points).toEqual([]);
  });
});

describe("the series' name (the chart's title)", () => {
  it("is the first of its candidates that is text, else the first as JSON, never '[object Object]'", () => {
    expect(normalize("v3.projects.series", { name: { en: "X" }, slug: "x-slug", points: [] }).name).toBe("x-slug");
    expect(normalize("v3.projects.series", { name: { en: "X" }, points: [] }).name).toBe('{"en":"X"}');
    expect(normalize("v3.projects.series", { name: "Plain", points: [] }).name).toBe("Plain");
  });
});
