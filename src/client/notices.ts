// Deprecation notices (spec 4.1 aliases, 9.3): one stderr line naming the v3 successor.
import { route as routeById, type Route } from "../contract/routes.js";
import { ApiError } from "../errors.js";
import { parseDeprecation, type Deprecation } from "./headers.js";
import type { Invocation } from "./invocation.js";
import { redactUrl } from "../redact/index.js";

function day(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The v3 successor path of a v2 route, from the route table. */
export function v3SuccessorPath(r: Route | undefined): string | undefined {
  const id = r?.v3?.route;
  if (!id) return undefined;
  const s = routeById(id);
  const fixed = r?.v3?.pathParams ?? {};
  return s.path.replace(/\{(\w+)\}/g, (m, k: string) => fixed[k] ?? m);
}

/** The mids command that calls each v3 route: the successor a notice names. */
const V3_COMMANDS: Record<string, string> = {
  "v3.projects.list": "projects list", "v3.projects.get": "projects get", "v3.projects.series": "series",
  "v3.topics.list": "topics list", "v3.topics.get": "topics get", "v3.reports.get": "reports get",
  "v3.intel.list": "intel list", "v3.intel.get": "intel get", "v3.clusters.list": "clusters list",
  "v3.vocabulary": "vocabulary", "v3.me": "me", "v3.alerts.destinations": "alerts destinations",
  "v3.alerts.get": "alerts get", "v3.alerts.update": "alerts update",
};

/** Successors that are one kind of a v3 command's output (a migrate rule): the command with that kind. */
const SUCCESSOR_KIND: Record<string, string> = {
  "vocabulary-chains": "vocabulary chains",
  "vocabulary-intel-categories": "vocabulary intel-categories",
};

/** Successors addressed by another id than the v2 command took (a migrate rule): what to pass, and where it is. */
const SUCCESSOR_ID: Record<string, { arg: string; from: string }> = {
  "topic-id-to-report-id": { arg: "<reportId>", from: "the report id is in 'mids topics get <topicId>'" },
};

/** The successor a server's Link header names, as a notice may show it: its secrets (`?api_key=...`) redacted, as `mids api -i` shows the header. */
const shownSuccessor = (dep: Deprecation | undefined): string | undefined => (dep?.successor === undefined ? undefined : redactUrl(dep.successor));

/**
 * The notice for a deprecated route. `path` is the path requested, named when it matches no route
 * of the table (a v2 route the table lacks, or any route the server marks with Deprecation).
 */
export function deprecationNotice(r: Route | undefined, dep: Deprecation | undefined, now: Date, invocation?: Invocation, path?: string): string | undefined {
  const sunsetDate = dep?.sunset ?? (r?.sunset ? new Date(`${r.sunset}T00:00:00Z`) : undefined);
  const sunset = !sunsetDate ? "" : sunsetDate.getTime() <= now.getTime() ? ` (sunset ${day(sunsetDate)} has passed)` : ` (sunset ${day(sunsetDate)})`;
  const removed = r?.v3 && r.v3.route === null;
  const ran = invocation?.command;
  // a v3 route the server marks deprecated: the API moved on past this mids, not the user to v3
  if (ran && ran !== "api" && r && r.version !== "v2") {
    const next = shownSuccessor(dep);
    return `'mids ${ran}' calls ${r.path}, which the API marks deprecated${sunset}; a newer mids may use its successor${next ? ` (${next})` : ""}`;
  }
  // a v2 command other than the raw `mids api`: name it, and the command to use instead
  if (ran && ran !== "api" && r) {
    const next = r.v3?.route ? r.v3.rules?.map((rule) => SUCCESSOR_KIND[rule]).find(Boolean) ?? V3_COMMANDS[r.v3.route] : undefined;
    if (removed || !r.v3?.route) return `'mids ${ran}' uses a deprecated v2 route that has no v3 successor${sunset}`;
    if (next === ran || next?.startsWith(`${ran} `)) return `'mids ${ran}' used the deprecated v2 API; without ${invocation?.apiFlag ? "--api v2" : "its v2-only flags"} it uses v3${sunset}`;
    if (next) {
      const id = r.v3.rules?.map((rule) => SUCCESSOR_ID[rule]).find(Boolean);
      return `'mids ${ran}' is deprecated (v2 API); use 'mids ${next}${id ? ` ${id.arg}'; ${id.from}` : "'"}${sunset}`;
    }
  }
  const named = r?.path ?? path ?? "this route";
  const successor = v3SuccessorPath(r) ?? shownSuccessor(dep);
  let msg = `${named} is deprecated`;
  if (successor) msg += `; use ${successor}`;
  else if (removed) msg += " and has no v3 successor";
  return msg + sunset;
}

/**
 * A route gone after its sunset (spec 4.1: the signals aliases, 2026-07-15) answers 404 or 410:
 * the hint is the deprecation notice, naming the successor, which the user never saw on success.
 * `path` names a route the table lacks.
 */
export function sunsetHint(err: unknown, r: Route | undefined, path: string, now: Date, invocation?: Invocation): unknown {
  if (!(err instanceof ApiError) || (err.status !== 404 && err.status !== 410)) return err;
  const dep = parseDeprecation(err.headers);
  const sunset = dep?.sunset ?? (r?.sunset ? new Date(`${r.sunset}T00:00:00Z`) : undefined);
  if (!sunset || sunset.getTime() > now.getTime()) return err;
  const note = deprecationNotice(r, dep, now, invocation, path);
  // the route is gone, not the id: the notice replaces the hint that says where ids are listed
  if (note) err.hint = note;
  return err;
}
