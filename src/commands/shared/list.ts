// One list runner for every list command: one page, or --all across pages (cursor or page
// number), streamed to the renderer, with an ora progress line on a TTY only.
import type { Context } from "../../context.js";
import type { ApiResult, CallInput } from "../../client/client.js";
import { route as routeById } from "../../contract/routes.js";
import { printList, type View } from "../../output/render.js";
import { cursorHint, cursorPages, MaxPagesError, pageNumberPages } from "../../client/paginate.js";
import { DEFAULT_MAX_BODY_BYTES, tooLarge } from "../../client/body.js";
import { MidsError, PaginationError, stoppedAfter } from "../../errors.js";
import { oneLine } from "../../util/sanitize.js";
import { stderrWrapWidth } from "../../io.js";
import { wrapProse } from "../../output/prose.js";
import { progressLine } from "../../output/progress.js";
import { documentedCheck } from "./validate.js";
import { assumedShape } from "../../contract/shapes/assumed.js";

/** The parameters that page a list (and order it): the others filter it. */
const PAGING: readonly string[] = ["page", "limit", "cursor", "sort"];

export interface ListOptions {
  all?: boolean;
  maxItems?: number;
  /** called with each page's result (history warnings, alias notices) */
  onPage?: (res: ApiResult) => void;
  /** map the page data to the items to print (e.g. unwrap a nested array) */
  items?: (res: ApiResult) => unknown[];
  /** one page in json/yaml: the data to print as received instead of the items (a list the server wraps) */
  asReceived?: (res: ApiResult) => unknown;
  /** the view for the items printed (extra columns for fields the view does not place): see View.forItems */
  forItems?: View["forItems"];
}

export async function runList(ctx: Context, routeId: string, input: CallInput, view: View, opts: ListOptions = {}): Promise<number> {
  const client = await ctx.client();
  const r = routeById(routeId);
  if (opts.forItems) view = { ...view, forItems: opts.forItems };
  // a filter given (any parameter but the paging ones): an empty list "matched" nothing
  view = { ...view, filtered: view.filtered ?? Object.entries(input.query ?? {}).some(([k, v]) => !PAGING.includes(k) && v !== undefined && v !== "") };
  const pick = opts.items ?? ((res: ApiResult) => (Array.isArray(res.data) ? res.data : []));
  // each page is compared with the documented shape: a list still prints what it got (a field
  // the view cannot read shows empty), and says once which documented field did not hold
  // (a route with an assumed payload, v3 intel, says so through its own notice: noteAssumed)
  const documented = await documentedCheck(routeId);
  const assumed = assumedShape(routeId) !== undefined;
  const check = (data: unknown): void => {
    if (assumed) return;
    try {
      documented.check(data);
    } catch (err) {
      if (!(err instanceof MidsError)) throw err;
      ctx.notice(`${err.message}; shown as received ('mids api' shows the raw body)`, `documented:${routeId}`);
    }
  };
  if (!opts.all || !r.pagination) {
    const res = await client.call(routeId, input);
    check(res.data);
    opts.onPage?.(res);
    const whole = opts.asReceived && (ctx.globals.output === "json" || ctx.globals.output === "yaml" || ctx.globals.jq !== undefined) ? opts.asReceived(res) : undefined;
    if (whole !== undefined) {
      const { printItem } = await import("../../output/render.js");
      await printItem(ctx, whole);
      return pick(res).length;
    }
    const page = pick(res);
    const items = opts.maxItems !== undefined ? page.slice(0, opts.maxItems) : page;
    const n = await printList(ctx, [items], view);
    // piped or in CI too (stderr is not data): a run cut to one page says so, unless -q
    if (!opts.all && r.pagination && !ctx.globals.quiet) {
      // on a terminal wrapped at word boundaries, as notices are (a cursor is never cut); piped, one line
      const say = (line: string) => ctx.io.stderr.write(wrapProse(line, stderrWrapWidth(ctx.io), 2).join("\n") + "\n");
      // the page numbers are ours, as --all's are: the page asked for plus one (a server's `page: "1"`,
      // a string, read '--page 11'; a server repeating page 1 would name page 2 again and again)
      const next = Number(input.query?.page ?? 1) + 1;
      const more = r.pagination === "cursor" ? res.nextCursor : res.pagination?.hasMore ? `page ${next}` : undefined;
      if (items.length < page.length) {
        // the next cursor or page starts after the whole page: naming it would skip the items cut here
        say(`mids: more results: --max-items ${opts.maxItems} showed ${items.length} of this page's ${page.length}; to page on without a gap, use --limit ${opts.maxItems} (its hint names the next page) or --all`);
      } else if (more) {
        // the cursor is server text: one that a terminal would not show as sent is not shown, a
        // long one is cut (docs/security.md "limits")
        say(`mids: more results: ${r.pagination === "cursor" ? cursorHint("--cursor ", more) : `--page ${next}`} or --all`);
      }
    }
    return n;
  }
  const spinner = await progressLine(ctx);
  let pages = 0;
  const pageOpts = { maxItems: opts.maxItems, maxPages: ctx.globals.maxPages };
  const iter = r.pagination === "cursor"
    ? cursorPages(client, routeId, input, pageOpts)
    : pageNumberPages(client, routeId, input, { ...pageOpts, concurrency: 4 });
  let seen = 0;
  let resume: string | undefined;
  // table and yaml hold every page before printing: together they get one body's cap
  const held = ctx.globals.output === "table" || ctx.globals.output === "yaml";
  let heldBytes = 0;
  const maxBody = ctx.globals.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  async function* source(): AsyncGenerator<unknown[]> {
    for await (const res of iter) {
      check(res.data);
      pages++;
      opts.onPage?.(res);
      const items = pick(res);
      seen += items.length;
      spinner?.update(`${seen} items, ${pages} ${pages === 1 ? "page" : "pages"}`);
      if (held && (heldBytes += res.bytes ?? 0) > maxBody) {
        seen -= items.length;
        pages--;
        const e = tooLarge(`${r.method} ${r.path}`, maxBody, `${pages + 1} pages held for ${ctx.globals.output} output`, client.opts.raiseBodyCap);
        e.hint = `use -o ndjson, json or csv (they stream), or ${e.hint}`;
        throw e;
      }
      resume = res.resume;
      yield items;
    }
  }
  try {
    return await printList(ctx, source(), view);
  } catch (err) {
    // nothing is lost: say what was printed and how to pick up from there (never along a broken paging)
    if (err instanceof MidsError && pages > 0) {
      // (--max-pages' own message says how many pages)
      stoppedAfter(err, err instanceof MaxPagesError ? ` (${seen} ${seen === 1 ? "item" : "items"} printed)` : ` (after ${seen} ${seen === 1 ? "item" : "items"} from ${pages} ${pages === 1 ? "page" : "pages"})`,
        err instanceof PaginationError ? undefined : resume);
    }
    throw err;
  } finally {
    spinner?.stop();
  }
}
