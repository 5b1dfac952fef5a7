// The paging iterators against a fake client: every remainder of --max-items over the page size
// (v2 and v3), and the guards against servers whose paging lies.
import { describe, expect, it } from "vitest";
import { cursorPages, pageNumberPages, withQuery, type Page } from "../../src/client/paginate.js";
import type { CallInput, Client } from "../../src/client/client.js";
import { PaginationError } from "../../src/errors.js";

/** A v2 server of `total` items, `limit` a page (the limit asked for, else `defaultLimit`). */
function v2Server(total: number, defaultLimit: number) {
  const asked: number[] = [];
  const client = {
    call: async (_id: string, input: CallInput) => {
      const page = Number(input.query?.page ?? 1);
      const limit = Number(input.query?.limit ?? defaultLimit);
      asked.push(page);
      const from = (page - 1) * limit;
      const data = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => from + i);
      return { data, pagination: { page, limit, totalCount: total, hasMore: from + limit < total }, bytes: 0 } as unknown as Page;
    },
  } as unknown as Client;
  return { client, asked };
}

function v3Server(total: number, limit: number) {
  const asked: (string | undefined)[] = [];
  const client = {
    call: async (_id: string, input: CallInput) => {
      const cursor = input.query?.cursor as string | undefined;
      asked.push(cursor);
      const from = cursor ? Number(cursor.slice(1)) : 0;
      const data = Array.from({ length: Math.min(limit, total - from) }, (_, i) => from + i);
      return { data, nextCursor: from + limit < total ? `c${from + limit}` : null, bytes: 0 } as unknown as Page;
    },
  } as unknown as Client;
  return { client, asked };
}

async function collect(iter: AsyncIterable<Page>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const p of iter) out.push(...(p.data as unknown[]));
  return out;
}

describe("--max-items over pages", () => {
  // every remainder of maxItems modulo the page size, below, at and past the total
  const limits = [1, 3, 7, 20];
  const total = 47;
  for (const limit of limits) {
    it(`v2, limit ${limit}: exactly min(maxItems, total) items, in order, and no page more than needed`, async () => {
      for (let maxItems = 1; maxItems <= 2 * limit + total; maxItems++) {
        const { client, asked } = v2Server(total, limit);
        const items = await collect(pageNumberPages(client, "r", { query: { limit } }, { maxItems, concurrency: 4 }));
        const want = Math.min(maxItems, total);
        expect(items, `limit ${limit} maxItems ${maxItems}`).toEqual(Array.from({ length: want }, (_, i) => i));
        expect([...asked].sort((a, b) => a - b), `limit ${limit} maxItems ${maxItems}`).toEqual(Array.from({ length: Math.ceil(want / limit) }, (_, i) => i + 1));
      }
    });

    it(`v3, limit ${limit}: exactly min(maxItems, total) items, and no page more than needed`, async () => {
      for (let maxItems = 1; maxItems <= 2 * limit + total; maxItems++) {
        const { client, asked } = v3Server(total, limit);
        const items = await collect(cursorPages(client, "r", {}, { maxItems }));
        const want = Math.min(maxItems, total);
        expect(items, `limit ${limit} maxItems ${maxItems}`).toHaveLength(want);
        expect(asked, `limit ${limit} maxItems ${maxItems}`).toHaveLength(Math.ceil(want / limit));
      }
    });
  }

  it("--all --limit 20 --max-items 50 gives 50 (v2, the case a Math.floor let through)", async () => {
    const { client } = v2Server(520, 20);
    expect(await collect(pageNumberPages(client, "r", { query: { limit: 20 } }, { maxItems: 50 }))).toHaveLength(50);
  });

  it("without --max-items every item comes, v2 from a later first page too", async () => {
    expect(await collect(pageNumberPages(v2Server(total, 7).client, "r", { query: { limit: 7 } }))).toHaveLength(total);
    expect(await collect(pageNumberPages(v2Server(total, 7).client, "r", { query: { limit: 7, page: 3 } }))).toEqual(Array.from({ length: total - 14 }, (_, i) => i + 14));
    expect(await collect(cursorPages(v3Server(total, 7).client, "r", {}))).toHaveLength(total);
  });
});

describe("guards", () => {
  it("--max-pages stops with a PaginationError naming the cap and the resume point", async () => {
    const err = await collect(cursorPages(v3Server(100, 5).client, "r", {}, { maxPages: 3 })).catch((e) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect(err.hint).toMatch(/continue with --cursor c15$/);
    const v2 = await collect(pageNumberPages(v2Server(100, 5).client, "r", { query: { limit: 5 } }, { maxPages: 3 })).catch((e) => e);
    expect(v2).toBeInstanceOf(PaginationError);
    expect(v2.hint).toMatch(/continue with --page 4$/);
    // exactly enough pages is no error
    expect(await collect(cursorPages(v3Server(15, 5).client, "r", {}, { maxPages: 3 }))).toHaveLength(15);
  });

  /** A v3 server answering each cursor ("" for the first page) with its page: [items, nextCursor]. */
  const scripted = (pages: Record<string, [number[], string | null]>) => {
    const asked: string[] = [];
    const client = {
      call: async (_id: string, input: CallInput) => {
        const cursor = (input.query?.cursor as string | undefined) ?? "";
        asked.push(cursor);
        const [data, nextCursor] = pages[cursor];
        return { data, nextCursor, bytes: 0 } as unknown as Page;
      },
    } as unknown as Client;
    return { client, asked };
  };

  it("v3: a cursor cycle longer than one page (A -> B -> A) stops where it closes, keeping what came before", async () => {
    const s = scripted({ "": [[1, 2], "A"], A: [[3, 4], "B"], B: [[5, 6], "A"] });
    const got: unknown[] = [];
    const err = await (async () => { for await (const p of cursorPages(s.client, "r", {})) got.push(...(p.data as unknown[])); })().catch((e) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect(err.message).toBe("the server sent the same nextCursor again on page 3: following it would never end");
    expect(got).toEqual([1, 2, 3, 4, 5, 6]);
    expect(s.asked).toEqual(["", "A", "B"]);
  });

  it("v3: an empty page that still has a nextCursor stops (new cursors every time would page on to --max-pages)", async () => {
    const s = scripted({ "": [[1, 2], "A"], A: [[], "B"], B: [[], "C"], C: [[], "D"], D: [[3], null] });
    const got: unknown[] = [];
    const err = await (async () => { for await (const p of cursorPages(s.client, "r", {})) got.push(...(p.data as unknown[])); })().catch((e) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect(err.message).toBe("page 2 came back empty although the server says there are more (a nextCursor)");
    expect(got).toEqual([1, 2]);
    expect(s.asked).toEqual(["", "A"]);
  });

  it("v2: an empty first page that says it has more stops at once, naming the claim", async () => {
    const asked: number[] = [];
    const client = {
      call: async (_id: string, input: CallInput) => {
        asked.push(Number(input.query?.page ?? 1));
        return { data: [], pagination: { page: 1, limit: 5, totalCount: 40, hasMore: true }, bytes: 0 } as unknown as Page;
      },
    } as unknown as Client;
    const err = await collect(pageNumberPages(client, "r", { query: { limit: 5 } })).catch((e) => e);
    expect(err).toBeInstanceOf(PaginationError);
    expect(err.message).toBe("page 1 came back empty although the server says there are more (totalCount 40)");
    expect(asked).toEqual([1]);
  });

  it("withQuery sets one parameter and keeps the others", () => {
    expect(withQuery("/v3/x", "cursor", "a b")).toBe("/v3/x?cursor=a+b");
    expect(withQuery("/v2/x?limit=5&page=2", "page", "3")).toBe("/v2/x?limit=5&page=3");
  });
});
