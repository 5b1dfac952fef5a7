// Pagination as iterators over any list route (after Octokit's paginate): v3 cursors, v2 pages.
// The server is untrusted: a repeated cursor, an empty page that claims more, or more pages than
// --max-pages end the walk with a PaginationError (exit 7) instead of looping forever.
import { listItems } from "../contract/shapes/list.js";
import type { ApiResult, CallInput, Client } from "./client.js";
import { MalformedResponseError, PaginationError } from "../errors.js";
import { shellWord } from "../util/shell-word.js";
import { printsAsIs } from "../util/sanitize.js";
import { replacingGiven } from "../util/flag-values.js";

/** Default --max-pages: 1000 pages is 50,000 v3 items (100,000 v2) before mids asks for more. */
export const DEFAULT_MAX_PAGES = 1000;

/**
 * The longest `meta.nextCursor` mids follows (docs/security.md "limits"): a cursor goes back in the
 * query string, and no server takes a URL this long. A longer one is exit 7, never followed.
 */
export const MAX_CURSOR_CHARS = 8192;
/** A cursor longer than this is cut in a resume hint (the line stays readable). */
const HINT_CURSOR_CHARS = 120;

function oversizedCursorError(page: number, length: number): PaginationError {
  return new PaginationError(`page ${page} sent a meta.nextCursor of ${length} characters, over the ${MAX_CURSOR_CHARS}-character cap: mids does not follow it`, {
    hint: "the server's paging is broken; what came before is complete",
  });
}

/**
 * `--cursor C` (or `-f cursor=C`) for a resume hint (the server chose the cursor: shell-quoted); a
 * long cursor is cut and says so; one that cannot be printed as it is is not shown: the hint says
 * why and, `seen`, where it can be read (escaped, in JSON).
 */
export function cursorHint(flag: string, cursor: string, seen = "'mids api' prints it, escaped, in the page's JSON"): string {
  // printed changed, it would resume silently from another page than the server's
  if (!printsAsIs(cursor)) return `${flag}<the last page's meta.nextCursor: not shown, as it holds control or invisible characters that a terminal would not show as sent; ${seen}>`;
  if (cursor.length <= HINT_CURSOR_CHARS) return `${flag}${shellWord(cursor)}`;
  return `${flag}${shellWord(cursor.slice(0, HINT_CURSOR_CHARS))}… (a ${cursor.length}-character cursor, cut here: it is meta.nextCursor of the last page)`;
}

/**
 * The cursors seen on one walk, by digest: a walk of long cursors holds 32 bytes a page, not the
 * cursors (sha-256 loaded on first use: start-up never pays for node:crypto).
 */
function cursorDigests(): { has(c: string): boolean; add(c: string): void } {
  const digests = new Set<string>();
  const { createHash } = process.getBuiltinModule("node:crypto") as typeof import("node:crypto");
  const digest = (c: string) => createHash("sha256").update(c).digest("base64");
  return { has: (c) => digests.has(digest(c)), add: (c) => void digests.add(digest(c)) };
}

export interface PageOptions {
  /** stop once this many items were yielded (the last page is cut) */
  maxItems?: number;
  /** v2: pages fetched at once once totalCount is known */
  concurrency?: number;
  /** stop with exit 7 when more pages than this would be needed (default DEFAULT_MAX_PAGES) */
  maxPages?: number;
  onPage?: (page: Page, itemsSoFar: number) => void;
}

/** A page, and how to continue after it (`--cursor X` / `--page N`) when there is more. */
export type Page = ApiResult<unknown[]> & { resume?: string };

function items(res: ApiResult): unknown[] {
  // a list whose shape the spec does not show may come wrapped (the client lets only those through)
  return Array.isArray(res.data) ? res.data : listItems(res.data).items;
}

/** Cut the page to what --max-items still allows; returns whether more items are wanted. */
function cut(res: Page, seen: number, maxItems: number | undefined): number {
  let page = items(res);
  if (maxItems !== undefined && seen + page.length > maxItems) page = page.slice(0, Math.max(0, maxItems - seen));
  res.data = page;
  return seen + page.length;
}

/** The run reached --max-pages: its message already says how many pages were fetched. */
export class MaxPagesError extends PaginationError {}

/** `raise`: how to raise the cap where it was set (MIDS_MAX_PAGES, the config file), when no flag or default. */
export function maxPagesError(maxPages: number, resume: string | undefined, raise?: string): MaxPagesError {
  return new MaxPagesError(`stopped after ${maxPages} ${maxPages === 1 ? "page" : "pages"} (--max-pages) although the server says there are more`, {
    hint: `${raise ?? "raise --max-pages (or MIDS_MAX_PAGES)"}${resume ? `, or continue with ${resume}` : ""}`,
  });
}

/** `fewer`: the flag that fetches fewer pages (`mids api` has --max-pages, not --max-items). */
export function repeatedCursorError(page: number, fewer = "--max-items"): PaginationError {
  return new PaginationError(`the server sent the same nextCursor again on page ${page}: following it would never end`, {
    hint: `the server's paging is broken; report it, or fetch fewer pages with ${fewer}`,
  });
}

export function emptyPageError(page: number, claim: string): PaginationError {
  return new PaginationError(`page ${page} came back empty although the server says there are more (${claim})`, {
    hint: "the server's paging is broken; what came before is complete",
  });
}

/** Follow meta.nextCursor to the end (spec 4.2). */
export async function* cursorPages(client: Client, routeId: string, input: CallInput, opts: PageOptions = {}): AsyncGenerator<Page> {
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  let cursor = input.query?.cursor as string | undefined;
  const cursors = cursorDigests();
  if (cursor) cursors.add(cursor);
  let seen = 0;
  for (let n = 1; ; n++) {
    const res = (await client.call(routeId, { ...input, query: { ...input.query, cursor } })) as Page;
    const served = items(res).length;
    seen = cut(res, seen, opts.maxItems);
    const next = typeof res.nextCursor === "string" && res.nextCursor !== "" ? res.nextCursor : undefined;
    const done = !next || (opts.maxItems !== undefined && seen >= opts.maxItems);
    const oversized = !done && next.length > MAX_CURSOR_CHARS;
    if (!done && !oversized) res.resume = cursorHint("--cursor ", next);
    opts.onPage?.(res, seen);
    yield res;
    if (done) return;
    if (oversized) throw oversizedCursorError(n, next.length);
    if (served === 0) throw emptyPageError(n, "a nextCursor");
    if (cursors.has(next)) throw repeatedCursorError(n);
    if (n >= maxPages) throw maxPagesError(maxPages, res.resume, client.opts?.raiseMaxPages);
    cursors.add(next);
    cursor = next;
  }
}

/**
 * v2 page/limit: the first page tells totalCount; the rest are fetched concurrently (bounded,
 * and never more at once than the minute window has left), and yielded in order.
 */
export async function* pageNumberPages(client: Client, routeId: string, input: CallInput, opts: PageOptions = {}): AsyncGenerator<Page> {
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  const firstPage = Number(input.query?.page ?? 1);
  const first = (await client.call(routeId, { ...input, query: { ...input.query, page: firstPage } })) as Page;
  let seen = 0;
  const p = first.pagination;
  const limit = Number(p?.limit) || items(first).length || 1;
  const total = Number(p?.totalCount);
  // the page numbers are ours: a server that repeats `page: 1` cannot mislead the resume hint
  let lastPage = p?.hasMore && Number.isFinite(total) ? Math.max(firstPage + 1, Math.ceil(total / limit)) : firstPage;
  if (opts.maxItems !== undefined) lastPage = Math.min(lastPage, firstPage - 1 + Math.ceil(opts.maxItems / limit));
  if (lastPage > firstPage - 1 + maxPages) lastPage = firstPage - 1 + maxPages;
  const emit = (res: Page, n: number): boolean => {
    seen = cut(res, seen, opts.maxItems);
    const more = !!res.pagination?.hasMore && (opts.maxItems === undefined || seen < opts.maxItems);
    if (more) res.resume = `--page ${n + 1}`;
    opts.onPage?.(res, seen);
    return more;
  };
  let more = emit(first, firstPage);
  yield first;
  if (more && items(first).length === 0) throw emptyPageError(firstPage, `totalCount ${p?.totalCount}`);
  const want = Math.max(1, opts.concurrency ?? 4);
  let next = firstPage + 1;
  const inflight = new Map<number, Promise<Page>>();
  let remaining = first.rateLimit?.minute.remaining;
  const fill = () => {
    const cap = remaining === undefined ? want : Math.max(1, Math.min(want, remaining));
    while (inflight.size < cap && next <= lastPage) {
      const n = next++;
      const pr = client.call(routeId, { ...input, query: { ...input.query, page: n, limit } }) as Promise<Page>;
      pr.catch(() => undefined); // surfaced when awaited in order
      inflight.set(n, pr);
    }
  };
  let n = firstPage;
  // the items of the page before, by digest: a server (or a proxy) that does not read `page`
  // answers the first page again, which no count or hasMore would end before --max-pages
  let before = pageDigest(items(first));
  // hasMore decides, not totalCount: past the pages totalCount promised (a missing, garbled or
  // understated count) the walk goes on one page at a time under the same guards
  while (more) {
    n++;
    if (n > firstPage - 1 + maxPages) throw maxPagesError(maxPages, `--page ${n}`, client.opts?.raiseMaxPages);
    fill();
    const res = await (inflight.get(n) ?? (client.call(routeId, { ...input, query: { ...input.query, page: n, limit } }) as Promise<Page>));
    inflight.delete(n);
    remaining = res.rateLimit?.minute.remaining ?? remaining;
    const served = items(res).length;
    const digest = pageDigest(items(res));
    if (served && digest === before) throw repeatedPageError(n);
    before = digest;
    more = emit(res, n);
    yield res;
    if (more && served === 0) {
      // past the pages totalCount promised, an empty page proves the count right: the end
      if (n > lastPage) return;
      throw emptyPageError(n, `totalCount ${res.pagination?.totalCount ?? p?.totalCount}`);
    }
  }
}

/** Set one query parameter of a path (`/v3/x?a=1`, cursor, C) -> `/v3/x?a=1&cursor=C`. */
export function withQuery(path: string, name: string, value: string): string {
  const i = path.indexOf("?");
  const sp = new URLSearchParams(i >= 0 ? path.slice(i + 1) : "");
  sp.set(name, value);
  return `${i >= 0 ? path.slice(0, i) : path}?${sp.toString()}`;
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** A page that holds the items of the page before: the server does not read `page`. */
function repeatedPageError(page: number): PaginationError {
  return new PaginationError(`page ${page} came back with the items of page ${page - 1}: the server does not read 'page', and following it would never end`, {
    hint: "the server's paging is broken (a proxy that drops the query string?); what came before is complete",
  });
}

/** A page's items as a digest (sha-256 of their JSON): two pages compared without holding either. */
function pageDigest(data: unknown): string | undefined {
  if (!Array.isArray(data)) return undefined;
  const { createHash } = process.getBuiltinModule("node:crypto") as typeof import("node:crypto");
  return createHash("sha256").update(JSON.stringify(data)).digest("base64");
}

/**
 * `mids api --paginate`: follow a raw GET through v3 `meta.nextCursor` or v2 `pagination`
 * (page + 1 while `hasMore`), one request at a time, with the same guards as --all. Each page's
 * `resume` is the -f flag that continues after it.
 */
export async function* rawPages(client: Client, path: string, headers: Record<string, string>, opts: { maxPages?: number; typedQuery?: string } = {}): AsyncGenerator<Page> {
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  const cursors = cursorDigests();
  // a walk that starts at a cursor (`-f cursor=C`) has followed it already: a server that leads
  // back to it is caught before its page comes twice
  const given = new URLSearchParams(path.split("?")[1]?.split("#")[0] ?? "");
  const start = given.get("cursor");
  if (start) cursors.add(start);
  // the -f to continue with: where the request already gave that parameter (in the path, or
  // with -f), one more of it is sent beside the first, which the server reads: it names the one to
  // replace (before, `-f page=3` on '/v2/projects?page=1' read page 1 again)
  const resumeWith = (name: string, flag: string): string => replacingGiven(given, name, flag);
  let url = path;
  // how the page before said there was more: the page asked for must carry the same member
  let followed: "meta" | "pagination" | undefined;
  // the items of the page before, by digest: a server that does not read `page` answers page 1 again
  let before: string | undefined;
  for (let n = 1; ; n++) {
    // (the first page's path is the one typed: a mistyped route's hint keeps its query)
    const res = (await client.raw("GET", url, undefined, headers, n === 1 ? { typedQuery: opts.typedQuery } : {})) as Page;
    const b = obj(res.body);
    const served = Array.isArray(b?.data) ? b.data.length : undefined;
    const meta = obj(b?.meta);
    const cursor = meta?.nextCursor;
    const pg = obj(b?.pagination);
    // a route mids does not know is not held to the envelope, but a page asked for by the last
    // one's cursor or page that is no page (a proxy's HTML, JSON of another shape) is no last page:
    // ending the walk there would pass for a complete one
    if (followed && !(followed === "meta" ? meta : pg)) {
      yield res;
      throw new MalformedResponseError(`page ${n} is not a page the API sends: ${b ? `it has no ${followed} object` : "its body is not JSON"}, although page ${n - 1} said there was more`, {
        hint: `is ${client.place ?? "--base-url"} pointing at the API? what came before is complete`,
      });
    }
    let next: string | undefined;
    let claim = "";
    // the guards of --all (client.ts checkListShape): a cursor that is not a string is no "end"
    if (meta && "nextCursor" in meta && cursor !== null && typeof cursor !== "string") {
      yield res;
      throw new MalformedResponseError(`page ${n} is not a page the API sends: its meta.nextCursor is ${Array.isArray(cursor) ? "an array" : cursor === undefined ? "undefined" : typeof cursor === "object" ? "an object" : `a ${typeof cursor}`}, not a string`, {
        hint: `is ${client.place ?? "--base-url"} pointing at the API? what came before is complete`,
      });
    }
    // (a cursor it ignored repeats the cursor, found below; a page number it ignores repeats the items)
    const items = followed === "pagination" || pg?.hasMore === true ? pageDigest(b?.data) : undefined;
    if (followed === "pagination" && served && items === before) {
      yield res;
      throw repeatedPageError(n);
    }
    before = items;
    if (typeof cursor === "string" && cursor !== "") {
      if (cursor.length > MAX_CURSOR_CHARS) {
        yield res;
        throw oversizedCursorError(n, cursor.length);
      }
      if (cursors.has(cursor)) {
        yield res;
        throw repeatedCursorError(n, "--max-pages");
      }
      cursors.add(cursor);
      next = withQuery(url, "cursor", cursor);
      res.resume = resumeWith("cursor", cursorHint("-f cursor=", cursor, "the last page printed holds it, escaped"));
      claim = "a nextCursor";
      followed = "meta";
    } else if (pg?.hasMore === true) {
      const page = Number(new URLSearchParams(url.split("?")[1] ?? "").get("page") ?? 1) || 1;
      next = withQuery(url, "page", String(page + 1));
      res.resume = resumeWith("page", `-f page=${page + 1}`);
      claim = `totalCount ${pg.totalCount}`;
      followed = "pagination";
    }
    yield res;
    if (!next) return;
    if (served === 0) throw emptyPageError(n, claim);
    if (n >= maxPages) throw maxPagesError(maxPages, res.resume, client.opts?.raiseMaxPages);
    url = next;
  }
}
