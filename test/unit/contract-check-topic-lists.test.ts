// `contract check` holds each topic list to its own contract (spec 4.1, 8.5; the reading is the
// assumption groundingAliasContract): /v2/topics to the ranked top 25, of which it checked nothing
// (30 topics passed as "not shown"); the grounding alias to its top 10 in attention-rank order and,
// answered without a key, meta.upgrade; a history snapshot to its 10 in that order. The order and
// meta.upgrade were not checked either. /v2/topics' items were then held to the order of a `rank`
// the spec does not show on them (a server whose `rank` meant something else was flagged): no more.
import { describe, expect, it } from "vitest";
import { judge } from "../../src/contract/check/index.js";
import { route } from "../../src/contract/routes.js";

const topic = (rank: number) => ({ id: `topic_${String(rank).padStart(20, "0")}`, rank, name: `t${rank}`, summary: "s", score: 100 - rank, tweetCount: 1, authorCount: 1, lastSeenAt: "2026-11-01T11:00:00Z" });
const ranks = (n: number) => Array.from({ length: n }, (_, i) => topic(i + 1));
const snapshot = (topics: unknown[]) => ({ completedAt: "2026-11-01T12:00:00Z", windowStartedAt: "2026-10-30T12:00:00Z", topics });
const fields = (r: ReturnType<typeof judge>) => r.violations.map((v) => `${v.field}: ${v.expected} / ${v.got}`);

describe("contract check: the topic lists, each to its own contract", () => {
  it("/v2/topics: at most the top 25 (a bare list or data.topics); its items' rank is not held to an order", () => {
    const r = route("v2.topics.list");
    expect(judge(r, snapshot(ranks(25)), r.path).violations).toEqual([]);
    expect(judge(r, ranks(25), r.path).violations).toEqual([]);
    const over = judge(r, snapshot(ranks(30)), r.path);
    expect([over.documented, ...fields(over)]).toEqual(["violated", "topics: at most 25 items (the top 25) / 30 items"]);
    // spec 4.1, 8.5 show "ranked", "top 25", and no field of a v2 topics item: a server whose `rank`
    // means something else (a score's position, a previous hour's place) holds the contract
    for (const items of [[topic(1), topic(3), topic(2)], [topic(25), topic(1)], [{ rank: "b" }, { rank: 0 }, { rank: -4 }]]) {
      for (const data of [items, { topics: items }]) {
        const res = judge(r, data, r.path);
        expect([res.documented, ...fields(res)]).toEqual(["not-shown"]);
      }
    }
    // its payload is not shown: a list elsewhere than data or data.topics is not counted (the
    // count would be a guess at which list holds the topics), and that is a note, not a pass in silence
    const body = { status: 200, data: { items: ranks(30) } };
    const wrapped = judge(r, body.data, r.path, { body, status: 200 });
    expect([wrapped.documented, wrapped.assumed, ...wrapped.departures.map((d) => `${d.path} ${d.kind}`)]).toEqual(["not-shown", "departs", "topics missing"]);
    expect(judge(r, ranks(3), r.path, { body: { status: 200, data: ranks(3) }, status: 200 }).departures).toEqual([]);
    // its items' shape is not shown: items without a rank are no violation
    expect(judge(r, [{ name: "a" }, { name: "b" }], r.path).violations).toEqual([]);
  });

  it("/v2/grounding: the top 10 in attention-rank order; answered without a key, with meta.upgrade", () => {
    const r = route("v2.grounding");
    const order = judge(r, snapshot([topic(2), topic(1)]), r.path);
    expect([order.documented, ...fields(order)]).toEqual(["violated", "topics.1.rank: at least 2 (topics in rank order) / 1"]);
    const data = snapshot(ranks(10));
    const meta = { upgrade: { description: "Create an API key", url: "https://example.test/settings" } };
    expect(judge(r, data, r.path, { body: { status: 200, data, meta }, status: 200 }, true).violations).toEqual([]);
    expect(fields(judge(r, data, r.path, { body: { status: 200, data, meta: {} }, status: 200 }, true))).toEqual(["meta.upgrade: object / missing"]);
    // with a key, none is due
    expect(judge(r, data, r.path, { body: { status: 200, data, meta: {} }, status: 200 }, false).violations).toEqual([]);
  });

  it("/v2/grounding/history: each snapshot's topics in attention-rank order", () => {
    const r = route("v2.grounding.history");
    expect(judge(r, [snapshot(ranks(10)), snapshot(ranks(3))], r.path).violations).toEqual([]);
    expect(fields(judge(r, [snapshot(ranks(3)), snapshot([topic(1), topic(5), topic(4)])], r.path))).toEqual(["1.topics.2.rank: at least 5 (topics in rank order) / 4"]);
  });
});
