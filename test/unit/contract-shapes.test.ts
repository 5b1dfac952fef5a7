// The shape language of src/contract/shapes (pure): how an answer departs from an assumed shape,
// and the observed shape `contract check --save` writes (names and types, never values).
import { describe, expect, it } from "vitest";
import { departures, departureText, mergeShapes, MORE_FIELDS, OBSERVE_MAX_FIELDS, OBSERVE_MAX_ITEMS, observe } from "../../src/contract/shapes/shape.js";
import { assumedDepartures, listItems } from "../../src/contract/shapes/list.js";

describe("departures", () => {
  const shape = { id: "string", "note?": "string", at: "timestamp", n: "integer", ref: { "|": [{ id: "string" }, "null"] }, points: [{ t: "timestamp", v: "number|null" }] };
  it("is empty for an answer of the shape, optional fields and either-shapes included", () => {
    expect(departures(shape, { id: "a", at: "2026-11-01T00:00:00Z", n: 1, ref: null, points: [{ t: "2026-11-01T00:00:00.000Z", v: null }] })).toEqual([]);
    expect(departures(shape, { id: "a", note: "x", at: "2026-11-01T00:00:00Z", n: 1, ref: { id: "r" }, points: [] })).toEqual([]);
  });
  it("an either-shape is matched by the value's type: an object with extra fields departs from the object, not as 'null expected'", () => {
    const report = { id: "r", title: "t", publishedAt: "2026-11-01T00:00:00Z", a: 1, b: true, c: "x" };
    const topic = { report: { "|": [{ id: "string", title: "string", publishedAt: "timestamp" }, "null"] } };
    expect(departures(topic, { report }).map(departureText)).toEqual(["report.a extra (integer)", "report.b extra (boolean)", "report.c extra (string)"]);
    expect(departures(topic, { report: 5 }).map(departureText)).toEqual(["report: object|null expected, got integer"]);
  });
  it("names missing, extra and other-typed fields, a list's items once", () => {
    const d = departures(shape, { at: "yesterday", n: 1.5, ref: { id: 3 }, points: [{ t: "2026-11-01T00:00:00Z", v: "1" }, { t: "2026-11-01T01:00:00Z", v: "2" }], extra: [1] });
    expect(d.map(departureText)).toEqual([
      "id missing", "at: timestamp expected, got string", "n: integer expected, got number", "ref.id: string expected, got integer",
      "points[].v: number|null expected, got string", "extra extra (array)",
    ]);
  });
  it("a wrapped list: the wrapping, then its items against the item shape", () => {
    const d = assumedDepartures([{ id: "string" }], { items: [{ id: 1 }], count: 1 });
    expect(d.map(departureText)).toEqual(["(data): array expected, got object", "[].id: string expected, got integer"]);
    expect(listItems({ results: [1, 2] })).toEqual({ items: [1, 2], wrapped: true });
    expect(listItems({ page: { things: [3] } })).toEqual({ items: [3], wrapped: true });
    expect(listItems([4])).toEqual({ items: [4], wrapped: false });
  });
});

describe("observe", () => {
  it("keeps field names and types, never a value; items merged, a field some lack marked optional", () => {
    const secret = "value-that-must-not-appear";
    const s = observe({ name: secret, when: "2026-11-01T00:00:00Z", list: [{ a: 1, b: secret }, { a: 1.5 }], none: null, empty: [] });
    expect(JSON.stringify(s)).not.toContain(secret);
    expect(s).toEqual({ name: "string", when: "timestamp", list: [{ a: "number", "b?": "string" }], none: "null", empty: [] });
    expect(mergeShapes({ x: "string" }, { x: { y: "integer" } })).toEqual({ x: "object|string" });
  });

  it("a hostile answer is read within bounds: a list's first items, an object's first fields, the rest said once (20,000 items of a field each took minutes)", () => {
    const items = Array.from({ length: 300 }, (_, i) => ({ id: `t${i}`, [`k${i}`]: i }));
    // (uncapped, each item's field was merged into all the others': 3,000 such items took 28 s)
    const [item] = observe(items) as [Record<string, unknown>];
    expect(item.id).toBe("string");
    expect(item["k0?"]).toBe("integer");
    expect(Object.keys(item)).toHaveLength(1 + OBSERVE_MAX_ITEMS);
    // items with as many fields as the cap, each its own: their merge is held to the cap too
    const many = Array.from({ length: 3 }, (_, i) => Object.fromEntries(Array.from({ length: OBSERVE_MAX_FIELDS }, (_, j) => [`f${i}_${j}`, j])));
    const [merged] = observe(many) as [Record<string, unknown>];
    expect(Object.keys(merged)).toHaveLength(OBSERVE_MAX_FIELDS + 1);
    expect(merged[MORE_FIELDS]).toMatch(/not recorded/);
    // lists nested in lists multiply: at most OBSERVE_MAX_NODES items and fields are read in all
    let c = 0;
    const nested = Array.from({ length: 12 }, () => ({ a: Array.from({ length: 12 }, () => ({ b: Array.from({ length: 12 }, () => ({ [`k${c++}`]: 1 })) })) }));
    // (30 x 30 x 30 of them, uncapped but for the caps above, took 5 s)
    expect(JSON.stringify(observe(nested))).not.toContain(`"k${c - 1}?"`);
    const wide = observe(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`f${i}`, i]))) as Record<string, unknown>;
    expect(Object.keys(wide)).toHaveLength(OBSERVE_MAX_FIELDS + 1);
    expect(wide[MORE_FIELDS]).toMatch(/not recorded/);
  });
});
