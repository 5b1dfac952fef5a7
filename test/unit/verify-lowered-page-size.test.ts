// verify reads a v2 page whose size v3 lowered (`limit=100` -> pages of 50) from every v3 page that
// holds it. How many it reads comes from the rewrite's structured result (`loweredPageSize`), not
// from the words of the limit-over-v3-max note: before, verify parsed `limit=100 -> limit=50` out of
// the note, so a reworded note read one v3 page and compared v2's 100 items with 50 of them.
import { describe, expect, it } from "vitest";
import type { Client } from "../../src/client/client.js";
import { rewrite } from "../../src/migrate/rewrite.js";
import type { Outcome } from "../../src/migrate/types.js";
import { pageSkip, v3Answer } from "../../src/migrate/verify/replay.js";

const now = new Date("2026-11-22T12:00:00Z");
const ITEMS = Array.from({ length: 400 }, (_, i) => ({ id: `p${i}` }));

/** A v3 list served by offset cursors; counts the requests it answers. */
function fakeClient(): { c: Client; sent: string[] } {
  const sent: string[] = [];
  const raw = async (_m: string, target: string) => {
    sent.push(target);
    const q = new URLSearchParams(target.slice(target.indexOf("?") + 1));
    const limit = Number(q.get("limit") ?? 50);
    const at = Number(q.get("cursor") ?? 0);
    const data = ITEMS.slice(at, at + limit);
    return { method: "GET", url: target, data, nextCursor: at + limit < ITEMS.length ? String(at + limit) : null };
  };
  return { c: { raw } as unknown as Client, sent };
}

const rewritten = (query: [string, string][]): Outcome => rewrite({ method: "GET", origin: "", path: "/v2/projects", query }, { now });
/** The same outcome with every note in other words. */
const reworded = (o: Outcome): Outcome => ({ ...o, notes: o.notes.map((n) => ({ ...n, message: "(reworded)" })) });

describe("verify reads a lowered page size from the rewrite, not from its note", () => {
  it("the rewrite says v2's size and the v3 one it sends", () => {
    expect(rewritten([["limit", "100"]]).loweredPageSize).toEqual({ v2: 100, v3: 50 });
    expect(rewritten([["limit", "60"], ["page", "2"]]).loweredPageSize).toEqual({ v2: 60, v3: 30 });
    expect(rewritten([["limit", "53"], ["page", "3"]]).loweredPageSize).toEqual({ v2: 53, v3: 50 });
    expect(rewritten([["limit", "20"]]).loweredPageSize).toBeUndefined();
  });

  for (const [query, first, pages] of [
    [[["limit", "100"]], 0, 2],
    [[["limit", "53"], ["page", "3"]], 106, 2],
  ] as [[string, string][], number, number][]) {
    it(`${query.map((p) => p.join("=")).join("&")}: every v3 page holding the v2 page, whatever the note says`, async () => {
      const o = reworded(rewritten(query));
      // the walk to v3 page N is --resolve's (not here): start the read at the page it finds
      const start = o.pending?.find((p) => p.kind === "page");
      const per = Number(o.to!.query.limit);
      const at = start?.kind === "page" ? (start.page - 1) * per : 0;
      const to = { ...o.to!, query: { ...o.to!.query, ...(at ? { cursor: String(at) } : {}) } };
      const { c, sent } = fakeClient();
      const size = Number(query.find(([k]) => k === "limit")![1]);
      const got = (await v3Answer(c, { ...o, to }, pageSkip(o))).data as { id: string }[];
      expect(got).toEqual(ITEMS.slice(first, first + size));
      expect(sent.length).toBe(pages);
    });
  }
});
