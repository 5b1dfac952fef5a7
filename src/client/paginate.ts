// Pagination as iterators over any list route (after Octokit's paginate): v3 cursors, v2 pages.
import type { ApiResult, CallInput, Client } from "./client.js";

export interface PageOptions {
  /** stop once this many items were yielded (the last page is cut) */
  maxItems?: number;
  /** v2: pages fetched at once once totalCount is known */
  concurrency?: number;
  onPage?: (page: ApiResult<unknown[]>, itemsSoFar: number) => void;
}

function items(res: ApiResult): unknown[] {
  return Array.isArray(res.data) ? res.data : [];
}

/** Follow meta.nextCursor to the end (spec 4.2). */
export async function* cursorPages(client: Client, routeId: string, input: CallInput, opts: PageOptions = {}): AsyncGenerator<ApiResult<unknown[]>> {
  let cursor = input.query?.cursor as string | undefined;
  let seen = 0;
  for (;;) {
    const res = (await client.call(routeId, { ...input, query: { ...input.query, cursor } })) as ApiResult<unknown[]>;
    let page = items(res);
    if (opts.maxItems !== undefined && seen + page.length > opts.maxItems) page = page.slice(0, opts.maxItems - seen);
    seen += page.length;
    res.data = page;
    opts.onPage?.(res, seen);
    yield res;
    if (!res.nextCursor || (opts.maxItems !== undefined && seen >= opts.maxItems)) return;
    cursor = res.nextCursor;
  }
}

/**
 * v2 page/limit: the first page tells totalCount; the rest are fetched concurrently (bounded,
 * and never more at once than the minute window has left), and yielded in order.
 */
export async function* pageNumberPages(client: Client, routeId: string, input: CallInput, opts: PageOptions = {}): AsyncGenerator<ApiResult<unknown[]>> {
  const firstPage = Number(input.query?.page ?? 1);
  const first = (await client.call(routeId, { ...input, query: { ...input.query, page: firstPage } })) as ApiResult<unknown[]>;
  let seen = 0;
  const emit = (res: ApiResult<unknown[]>): boolean => {
    let page = items(res);
    if (opts.maxItems !== undefined && seen + page.length > opts.maxItems) page = page.slice(0, opts.maxItems - seen);
    seen += page.length;
    res.data = page;
    opts.onPage?.(res, seen);
    return opts.maxItems === undefined || seen < opts.maxItems;
  };
  const more = emit(first);
  yield first;
  const p = first.pagination;
  if (!more || !p || !p.hasMore) return;
  const limit = p.limit || items(first).length || 1;
  let lastPage = Math.max(firstPage, Math.ceil(p.totalCount / limit));
  if (opts.maxItems !== undefined) lastPage = Math.min(lastPage, firstPage + Math.ceil((opts.maxItems - seen) / limit));
  const want = Math.max(1, opts.concurrency ?? 4);
  let next = firstPage + 1;
  const inflight = new Map<number, Promise<ApiResult<unknown[]>>>();
  let remaining = first.rateLimit?.minute.remaining;
  const fill = () => {
    const cap = remaining === undefined ? want : Math.max(1, Math.min(want, remaining));
    while (inflight.size < cap && next <= lastPage) {
      const n = next++;
      const pr = client.call(routeId, { ...input, query: { ...input.query, page: n, limit } }) as Promise<ApiResult<unknown[]>>;
      pr.catch(() => undefined); // surfaced when awaited in order
      inflight.set(n, pr);
    }
  };
  for (let n = firstPage + 1; n <= lastPage; n++) {
    fill();
    const res = await inflight.get(n)!;
    inflight.delete(n);
    remaining = res.rateLimit?.minute.remaining ?? remaining;
    const go = emit(res);
    yield res;
    if (!go || !res.pagination?.hasMore) break;
  }
}
