// The response map decides what `mids migrate verify` compares: renamed fields are read where v3
// keeps them, removed ones are ignored and listed, list items are matched on their key.
import { describe, expect, it } from "vitest";
import { FIELD_RENAMES, RESPONSE_MAPS, responseMap } from "../../src/contract/migration.js";
import { ROUTES } from "../../src/contract/routes.js";
import { compare } from "../../src/migrate/verify/compare.js";
import { sampleIndices } from "../../src/migrate/verify/replay.js";

const project = responseMap("v2.projects.get")!;
const v2Project = {
  id: "p1", name: "One", trendScore: 52.5, trendScoreDelta: -1.25, xHandle: "one", rationale: "why", marketData: { symbol: "one" },
  tokens: [{ chain: "ethereum", address: "0xa", source: "market", primary: true }],
  signals: [{ id: "i1", headline: "h1", detectedAt: "2026-11-01T00:00:00Z", sentiment: -1 }, { id: "i2", headline: "h2", detectedAt: "2026-10-01T00:00:00Z" }],
};
const v3Project = {
  id: "p1", slug: "one", name: "One", trend: 52.5, trendDelta: { value: -1.25, window: "PT24H" }, identifiers: { x: "one", market: "m" },
  assets: [{ type: "token", chain: "ethereum", address: "0xa", primary: true }],
  intel: [{ id: "i1", headline: "h1", grade: "polished", detectedAt: "2026-11-01T00:00:00Z" }],
};
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe("the response map", () => {
  it("maps every v2 route that has a v3 successor answering with the same information, and only v2 routes", () => {
    const v2 = new Set(ROUTES.filter((r) => r.version === "v2").map((r) => r.id));
    for (const m of RESPONSE_MAPS) for (const id of m.routes) expect(v2.has(id), id).toBe(true);
    // the project renames of FIELD_RENAMES are the project map's, not a second list
    for (const f of FIELD_RENAMES.filter((x) => x.scope === "project")) {
      expect(project.fields.some((x) => x.v2 === f.from && x.v3 === (f.to === null ? null : f.compareAt ?? f.to)), f.from).toBe(true);
    }
  });
});

describe("compare", () => {
  it("finds a project equivalent through its renames and lists the removed fields it ignored", () => {
    const r = compare(project, v2Project, v3Project);
    expect(r.differences).toEqual([]);
    expect(r.ignored.sort()).toEqual(["marketData", "rationale", "signals[].*", "tokens[].source"]);
  });

  it("names each differing field with both values, under its v2 and v3 names", () => {
    const v3 = clone(v3Project);
    v3.trend = 53.5;
    v3.identifiers.x = "uno";
    v3.intel[0].headline = "other";
    const r = compare(project, v2Project, v3);
    expect(r.differences).toEqual([
      { field: "trendScore", v3Field: "trend", v2: 52.5, v3: 53.5 },
      { field: "xHandle", v3Field: "identifiers.x", v2: "one", v3: "uno" },
      { field: "signals[id=i1].headline", v3Field: "intel[id=i1].headline", v2: "h1", v3: "other" },
    ]);
  });

  it("compares numbers exactly unless a tolerance is given", () => {
    const v3 = { ...clone(v3Project), trend: 52.5004 };
    expect(compare(project, v2Project, v3).differences).toHaveLength(1);
    expect(compare(project, v2Project, v3, { tolerance: 0.001 }).differences).toEqual([]);
  });

  it("a difference of exactly the tolerance is within it; just over it is not", () => {
    // (differences a double holds exactly: 0.25, 1)
    const v3 = { ...clone(v3Project), trend: 52.75 };
    expect(compare(project, v2Project, v3, { tolerance: 0.25 }).differences).toEqual([]);
    expect(compare(project, v2Project, v3, { tolerance: 0.125 }).differences).toHaveLength(1);
    expect(compare(project, v2Project, { ...clone(v3Project), trend: 51.5 }, { tolerance: 1 }).differences).toEqual([]);
  });

  it("reports a v2 field that v3 lacks, and a v2 item missing from the v3 list", () => {
    const v3 = clone(v3Project) as Record<string, unknown>;
    delete v3.name;
    (v3.assets as unknown[]).length = 0;
    const r = compare(project, v2Project, v3);
    expect(r.differences).toEqual([
      { field: "name", v2: "One", v3: null, missing: "v3" },
      { field: "tokens[address=0xa,chain=ethereum]", v3Field: "assets[address=0xa,chain=ethereum]", v2: "0xa", v3: null, missing: "v3" },
    ]);
  });

  it("matches series points by timestamp: a point on one side only differs", () => {
    const map = responseMap("v2.projects.momentum")!;
    const v2 = { projectId: "p1", projectName: "One", data: [{ timestamp: "t1", trendScore: 1, clusters: [] }, { timestamp: "t2", trendScore: 2 }] };
    const v3 = { projectId: "p1", name: "One", measure: "trend", points: [{ timestamp: "t2", value: 2 }, { timestamp: "t3", value: 3 }] };
    expect(compare(map, v2, v3).differences).toEqual([
      { field: "data[timestamp=t1]", v3Field: "points[timestamp=t1]", v2: "t1", v3: null, missing: "v3" },
      { field: "data[timestamp=t3]", v3Field: "points[timestamp=t3]", v2: null, v3: "t3", missing: "v2" },
    ]);
  });

  it("a timestamp written another way (milliseconds, +00:00) is the same instant: the point matches and the value is equal", () => {
    const map = responseMap("v2.projects.momentum")!;
    const v2 = { projectId: "p1", projectName: "One", data: [{ timestamp: "2026-11-01T00:00:00Z", trendScore: 1 }, { timestamp: "2026-11-01T01:00:00Z", trendScore: 2 }] };
    const v3 = { projectId: "p1", name: "One", points: [{ timestamp: "2026-11-01T00:00:00.000Z", value: 1 }, { timestamp: "2026-11-01T01:00:00+00:00", value: 2 }] };
    expect(compare(map, v2, v3).differences).toEqual([]);
    // another instant, or one finer than a millisecond, still differs
    const list = responseMap("v2.clusters")!;
    expect(compare(list, [{ id: "a", at: "2026-11-01T00:00:00Z" }], [{ id: "a", at: "2026-11-01T00:00:01Z" }]).differences).toHaveLength(1);
    expect(compare(list, [{ id: "a", at: "2026-11-01T00:00:00Z" }], [{ id: "a", at: "2026-11-01T00:00:00.0001Z" }]).differences).toHaveLength(1);
  });

  it("names the answer's data itself `data` when it differs (a v2 null where v3 has a list)", () => {
    const list = responseMap("v2.clusters")!;
    expect(compare(list, null, []).differences).toEqual([{ field: "data", v2: null, v3: [] }]);
    expect(compare(project, "x", "y").differences).toEqual([{ field: "data", v2: "x", v3: "y" }]);
  });

  it("a list an assumed v3 answer wraps in an object is unconfirmed; a documented v3 side that does so differs", () => {
    const list = responseMap("v2.clusters")!;
    const v2 = [{ id: "a", name: "A" }];
    const wrapped = { items: [{ id: "a", name: "A" }] };
    expect(compare(list, v2, wrapped, { v3Assumed: true })).toEqual({ differences: [], unconfirmed: [{ field: "data", v2: null, v3: null, missing: "v3" }], ignored: [] });
    expect(compare(list, v2, wrapped).differences).toEqual([{ field: "data", v2, v3: wrapped }]);
    // the list of a v2 object (a topic snapshot's topics) as well
    const topics = responseMap("v2.grounding")!;
    const cmp = compare(topics, { completedAt: "t", topics: [{ id: "t1", name: "N" }] }, { topics: [{ id: "t1", name: "N" }] }, { v3Assumed: true });
    expect(cmp.differences).toEqual([]);
    expect(cmp.unconfirmed.map((u) => u.field)).toEqual(["topics"]);
  });

  it("looks up a v2 page among the v3 items (a longer v3 page is fine) and reads neighbors from relatedProjects", () => {
    const list = responseMap("v2.clusters")!;
    expect(compare(list, [{ id: "a" }], [{ id: "b" }, { id: "a" }]).differences).toHaveLength(1); // same: b is extra
    const page = responseMap("v2.intel.list")!;
    expect(compare(page, [{ id: "a", headline: "x" }], [{ id: "b" }, { id: "a", headline: "x" }]).differences).toEqual([]);
    const nb = responseMap("v2.projects.neighbors")!;
    const v2 = [{ projectId: "q", projectName: "Q", joiningSignals: 2, joiningReinforcements: 9 }];
    const v3 = { id: "p", relatedProjects: [{ project: { id: "q", slug: "q", name: "Q" }, sharedIntel: 3 }] };
    expect(compare(nb, v2, v3)).toEqual({
      differences: [{ field: "data[projectId=q].joiningSignals", v3Field: "relatedProjects[project.id=q].sharedIntel", v2: 2, v3: 3 }],
      unconfirmed: [],
      ignored: ["[].joiningReinforcements"],
    });
  });

  it("an item without its key is named and matched by position, never as `[id=undefined]` nor paired with another keyless item", () => {
    const page = responseMap("v2.projects.list")!;
    // both sides keyless at the same position: compared there
    expect(compare(page, [{ name: "nid" }], [{ name: "other" }]).differences).toEqual([{ field: "data[0].name", v2: "nid", v3: "other" }]);
    // two keyless v2 items do not both read the one keyless v3 item
    const r = compare(page, [{ id: "a" }, { name: "x" }, { name: "y" }], [{ id: "a" }, { name: "x" }]);
    expect(r.differences).toEqual([{ field: "data[2]", v2: { name: "y" }, v3: null, missing: "v3" }]);
    // a keyless v3 item v2 does not have, in a list that must match
    const list = responseMap("v2.clusters")!;
    expect(compare(list, [{ id: "a" }], [{ id: "a" }, { name: "z" }]).differences).toEqual([{ field: "data[1]", v2: null, v3: { name: "z" }, missing: "v2" }]);
    expect(JSON.stringify(compare(list, [{ id: null }], [{ id: "a" }]))).not.toContain("undefined");
  });

  it("pairs items with the same key in order: an item v3 holds twice is one too many", () => {
    const list = responseMap("v2.clusters")!;
    expect(compare(list, [{ id: "a", name: "x" }], [{ id: "a", name: "y" }, { id: "a", name: "x" }]).differences).toEqual([
      { field: "data[id=a].name", v2: "x", v3: "y" },
      { field: "data[id=a]", v2: null, v3: "a", missing: "v2" },
    ]);
    expect(compare(list, [{ id: "a" }, { id: "a" }], [{ id: "a" }]).differences).toEqual([{ field: "data[id=a]", v2: "a", v3: null, missing: "v3" }]);
    expect(compare(list, [{ id: "a" }, { id: "a" }], [{ id: "a" }, { id: "a" }]).differences).toEqual([]);
  });

  it("matches tokens on address and chain: one address on two chains, listed in another order, is equivalent", () => {
    const v2 = { ...clone(v2Project), tokens: [{ chain: "ethereum", address: "0xa", primary: true }, { chain: "base", address: "0xa", primary: false }] };
    const v3 = { ...clone(v3Project), assets: [{ type: "token", chain: "base", address: "0xa", primary: false }, { type: "token", chain: "ethereum", address: "0xa", primary: true }] };
    expect(compare(project, v2, v3).differences).toEqual([]);
    v3.assets[0].primary = true;
    expect(compare(project, v2, v3).differences).toEqual([
      { field: "tokens[address=0xa,chain=base].primary", v3Field: "assets[address=0xa,chain=base].primary", v2: false, v3: true },
    ]);
  });

  it("reads a field whose name holds a dot, is empty or is an Object method by that name alone", () => {
    // names a server chose (a map keyed by domain, say): "x.com" is one field, not x then com
    const links = { "x.com": "one", "": 1, constructor: "c", toString: "t" };
    const same = compare(project, { ...v2Project, links }, { ...v3Project, links: { ...links } });
    expect(same.differences).toEqual([]);
    const gone = compare(project, { ...v2Project, links }, { ...v3Project, links: { "x.com": "two" } });
    expect(gone.differences).toEqual([
      { field: "links.x.com", v2: "one", v3: "two" },
      { field: "links.", v2: 1, v3: null, missing: "v3" },
      { field: "links.constructor", v2: "c", v3: null, missing: "v3" },
      { field: "links.toString", v2: "t", v3: null, missing: "v3" },
    ]);
  });

  it("reads v2 key info from the credential capabilities, `never` being null", () => {
    const map = responseMap("v2.apiKeys.info")!;
    const v2 = { id: "k", name: "K", type: "full", scopes: ["projects"], expiresAt: "never" };
    const v3 = { credential: { id: "k", name: "K", type: "full", expiresAt: null }, entitlements: ["api"] };
    expect(compare(map, v2, v3)).toEqual({ differences: [], unconfirmed: [], ignored: ["scopes"] });
  });
});

describe("sampleIndices", () => {
  it("draws the same sample for the same seed, in log order, and the first n with first", () => {
    const a = sampleIndices(100, 5, false, 7);
    expect(a).toEqual(sampleIndices(100, 5, false, 7));
    expect(a).toHaveLength(5);
    expect([...a].sort((x, y) => x - y)).toEqual(a);
    expect(new Set(a).size).toBe(5);
    expect(sampleIndices(100, 3, true, 7)).toEqual([0, 1, 2]);
    expect(sampleIndices(2, 5, false, 1)).toEqual([0, 1]);
  });
});
