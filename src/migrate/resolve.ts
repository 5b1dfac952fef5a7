// --resolve: finish partial rewrites online through the API client. Walks cursors to reach
// page N of a v3 list, and looks up a topic's report id (via the topic detail route).
import { matchRoute } from "../contract/routes.js";
import type { Client } from "../client/client.js";
import { ApiError, EXIT, MidsError, NetworkError, UsageError } from "../errors.js";
import { migrationRule } from "../contract/migration.js";
import { RESOLVE_MAX_PAGES, type Note, type Outcome, type Pending, type Shape } from "./types.js";
import { note, pageWindow } from "./rewrite.js";
import { printsAsIs } from "../util/sanitize.js";

export { RESOLVE_MAX_PAGES };

/** The key is refused (or missing): every other request would fail the same way, so the run stops. */
const badCredential = (e: unknown): boolean => e instanceof ApiError && (e.code === "credential_required" || e.status === 401);

/**
 * Errors that end a run rather than one request's look-up (`migrate --resolve`, `migrate verify`):
 * a refused key, Ctrl-C, a bug, a base URL mids refuses (ftp://, a key over plain http: the same
 * for every request; a 400 answer is an ApiError with exit 2 too, but it is about one request);
 * and, on the first request sent, an API that cannot be reached (every other would fail the same way).
 */
export const stopsTheRun = (e: unknown, first: boolean): boolean =>
  badCredential(e) || !(e instanceof MidsError) || e.exitCode === EXIT.interrupted || (first && e instanceof NetworkError) ||
  e instanceof UsageError;

/** `not_found (404)`: an error as a request's report shows it (its code and status; no server text). */
export const errorBrief = (e: unknown): string => {
  const m = e as MidsError;
  return `${m.code}${m.status !== undefined ? ` (${m.status})` : ""}`;
};

export interface ResolverOptions {
  /**
   * `migrate --resolve`: a look-up that fails for this request alone (stopsTheRun says no) leaves
   * it partial with a note saying why, and `failed` counts it; without it every error is thrown
   * (verify reports it as the request's verdict).
   */
  keepGoing?: boolean;
}

export interface Resolver {
  (o: Outcome): Promise<Outcome>;
  /** look-ups that failed, each distinct request once (keepGoing) */
  failed: number;
}

export function makeResolver(client: () => Promise<Client>, opts: ResolverOptions = {}): Resolver {
  const done = new Map<string, Promise<Outcome>>();
  // until a look-up has answered or failed, the next is the first: it decides whether the API can be reached at all
  const state = { first: true };
  const hooks: LookupHooks | undefined = opts.keepGoing ? {
    answered: () => { state.first = false; },
    failed: (e) => {
      const first = state.first;
      state.first = false;
      if (stopsTheRun(e, first)) return false;
      resolver.failed++;
      return true;
    },
  } : undefined;
  const resolver = ((o: Outcome): Promise<Outcome> => {
    const key = JSON.stringify([o.from, o.to]);
    let p = done.get(key);
    if (!p) done.set(key, (p = resolveOne(o, client, hooks)));
    return p;
  }) as Resolver;
  resolver.failed = 0;
  return resolver;
}

interface LookupHooks {
  answered(): void;
  /** true: the error is this request's alone (noted, the run goes on); false: thrown */
  failed(e: unknown): boolean;
}

/**
 * A page to walk to, as notes name it: when v3's pages are smaller, `v3 page 3 (where v2's page 3
 * starts: skip 6 items and keep 53, over 2 v3 pages)`, the window that is v2's page from its cursor on.
 */
const pageLabel = (p: Extract<Pending, { kind: "page" }>): string =>
  p.v2Page !== undefined ? `v3 page ${p.page} (where v2's page ${p.v2Page} starts: ${pageWindow(p)})` : `page ${p.page}`;

/** What a pending look-up looks up (explain says it; a failed one's note names it). */
export const pendingWhat = (p: Pending): string => (p.kind === "report" ? `the report id of topic ${p.topicId}` : `the cursor of ${pageLabel(p)}`);

/** The rule a pending look-up finishes, and what it looks up (for the note when it fails). */
function lookupOf(p: Pending): { rule: string; what: string } {
  return { rule: p.kind === "report" ? "topic-id-to-report-id" : "page-to-cursor", what: pendingWhat(p) };
}

/** What the actions of the look-up rules offer (src/contract/migration.ts), dropped from their notes once --resolve has run. */
export const OR_RESOLVE = " (or run with --resolve)";

async function resolveOne(o: Outcome, client: () => Promise<Client>, hooks?: LookupHooks): Promise<Outcome> {
  if (!o.to || !o.pending) return o;
  const to: Shape = { ...o.to, query: { ...o.to.query } };
  let notes: Note[] = [...o.notes];
  const c = await client();
  for (const p of o.pending) {
    try {
      notes = await resolvePending(p, c, to, notes);
      hooks?.answered();
    } catch (e) {
      if (!hooks?.failed(e)) throw e;
      const { rule, what } = lookupOf(p);
      notes.push({ rule, message: `--resolve: ${what} could not be looked up: ${errorBrief(e)}.` });
    }
  }
  // this is the --resolve run: a look-up it could not finish leaves its rule's note, whose action
  // no longer offers --resolve (before: "... (or run with --resolve)" beside "--resolve: ... past the last page")
  notes = notes.map((n) => (n.message.indexOf(OR_RESOLVE) >= 0 && o.pending!.some((p) => lookupOf(p).rule === n.rule) ? { rule: n.rule, message: n.message.replace(OR_RESOLVE, "") } : n));
  const partial = notes.some((n) => migrationRule(n.rule).effect === "partial");
  return { ...o, status: partial ? "partial" : "rewritten", to, notes, pending: undefined };
}

/** One pending look-up: `to` finished in place; the notes after it. */
async function resolvePending(p: Pending, c: Client, to: Shape, notes: Note[]): Promise<Note[]> {
  if (p.kind === "report") {
    const res = await c.call("v3.topics.get", { pathParams: { id: p.topicId } });
    const report = (res.data as { report?: { id?: unknown } | null } | undefined)?.report;
    if (report && typeof report.id === "string") {
      const placeholder = migrationRule("topic-id-to-report-id").pathPlaceholder!;
      to.path = to.path.replace(placeholder, encodeURIComponent(report.id));
      notes = notes.filter((n) => n.rule !== "topic-id-to-report-id");
      notes.push(note("resolved", `report id ${report.id} of topic ${p.topicId}`));
    } else {
      notes.push({ rule: "topic-id-to-report-id", message: `--resolve: topic ${p.topicId} has no report reference.` });
    }
  } else {
    const m = matchRoute(to.method, to.path);
    if (!m || m.route.pagination !== "cursor") return notes;
    if (p.page > RESOLVE_MAX_PAGES) {
      // the page-to-cursor note says "run with --resolve": this is that run, so say why it stopped
      notes.push({ rule: "page-to-cursor", message: `--resolve: ${pageLabel(p)} is past the ${RESOLVE_MAX_PAGES} pages mids walks to find a cursor; request the first page and follow meta.nextCursor.` });
      return notes;
    }
    let cursor: string | null | undefined;
    let reached = 1;
    // the cursors followed so far: one sent again (the same page's, or an earlier one's) leads
    // back to a page already read, and the walk would name a page that is not page N
    const seen = new Set<string>();
    let again = false;
    for (; reached < p.page; reached++) {
      const q = { ...to.query, ...(cursor ? { cursor } : {}) };
      const res = await c.call(m.route.id, { pathParams: m.params, query: q });
      cursor = res.nextCursor;
      if (!cursor) break;
      if (seen.has(cursor)) { again = true; break; }
      seen.add(cursor);
    }
    if (again) {
      notes.push({ rule: "page-to-cursor", message: `--resolve: ${pageLabel(p)} cannot be reached: page ${reached} sent a meta.nextCursor it had sent before, so following it leads back to a page already read (the server's paging is broken).` });
    } else if (cursor && reached === p.page) {
      to.query.cursor = cursor;
      notes = notes.filter((n) => n.rule !== "page-to-cursor");
      // (a cursor that would not print as sent is not shown: the request holds it as the server sent it)
      const shown = printsAsIs(cursor) ? `cursor ${cursor}` : "the cursor now in the request's query (not shown: it holds control or invisible characters)";
      notes.push(note("resolved", `${pageLabel(p)} is ${shown} (walked ${p.page - 1} page${p.page === 2 ? "" : "s"})`));
    } else {
      notes.push({ rule: "page-to-cursor", message: `--resolve: ${pageLabel(p)} is past the last page today (${reached} page${reached === 1 ? "" : "s"}).` });
    }
  }
  return notes;
}
