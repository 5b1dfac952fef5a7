// --resolve: finish partial rewrites online through the API client. Walks cursors to reach
// page N of a v3 list, and looks up a topic's report id (via the topic detail route).
import { matchRoute } from "../contract/routes.js";
import type { Client } from "../client/client.js";
import { migrationRule } from "../contract/migration.js";
import type { Note, Outcome, Shape } from "./types.js";
import { note } from "./rewrite.js";

/** The page walk stops here: a page beyond this many cursors is left partial. */
export const RESOLVE_MAX_PAGES = 100;

export function makeResolver(client: () => Promise<Client>) {
  const done = new Map<string, Promise<Outcome>>();
  return (o: Outcome): Promise<Outcome> => {
    const key = JSON.stringify([o.from, o.to]);
    let p = done.get(key);
    if (!p) done.set(key, (p = resolveOne(o, client)));
    return p;
  };
}

async function resolveOne(o: Outcome, client: () => Promise<Client>): Promise<Outcome> {
  if (!o.to || !o.pending) return o;
  const to: Shape = { ...o.to, query: { ...o.to.query } };
  let notes: Note[] = [...o.notes];
  const c = await client();
  for (const p of o.pending) {
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
      if (!m || m.route.pagination !== "cursor" || p.page > RESOLVE_MAX_PAGES) continue;
      let cursor: string | null | undefined;
      let reached = 1;
      for (; reached < p.page; reached++) {
        const q = { ...to.query, ...(cursor ? { cursor } : {}) };
        const res = await c.call(m.route.id, { pathParams: m.params, query: q });
        cursor = res.nextCursor;
        if (!cursor) break;
      }
      if (cursor && reached === p.page) {
        to.query.cursor = cursor;
        notes = notes.filter((n) => n.rule !== "page-to-cursor");
        notes.push(note("resolved", `page ${p.page} is cursor ${cursor} (walked ${p.page - 1} page${p.page === 2 ? "" : "s"})`));
      } else {
        notes.push({ rule: "page-to-cursor", message: `--resolve: page ${p.page} is past the last page today (${reached} page${reached === 1 ? "" : "s"}).` });
      }
    }
  }
  const partial = notes.some((n) => migrationRule(n.rule).effect === "partial");
  return { ...o, status: partial ? "partial" : "rewritten", to, notes, pending: undefined };
}
