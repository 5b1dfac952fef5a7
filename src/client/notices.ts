// Deprecation notices (spec 4.1 aliases, 9.3): one stderr line naming the v3 successor.
import { route as routeById, type Route } from "../contract/routes.js";
import type { Deprecation } from "./headers.js";
import type { Invocation } from "./invocation.js";

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

/** Successors addressed by another id than the v2 command took (a migrate rule): what to pass, and where it is. */
const SUCCESSOR_ID: Record<string, { arg: string; from: string }> = {
  "topic-id-to-report-id": { arg: "<reportId>", from: "the report id is in 'mids topics get <topicId>'" },
};

export function deprecationNotice(r: Route | undefined, dep: Deprecation | undefined, now: Date, invocation?: Invocation): string | undefined {
  const sunsetDate = dep?.sunset ?? (r?.sunset ? new Date(`${r.sunset}T00:00:00Z`) : undefined);
  const sunset = !sunsetDate ? "" : sunsetDate.getTime() <= now.getTime() ? ` (sunset ${day(sunsetDate)} has passed)` : ` (sunset ${day(sunsetDate)})`;
  const removed = r?.v3 && r.v3.route === null;
  const ran = invocation?.command;
  // a command other than the raw `mids api`: name it, and the command to use instead
  if (ran && ran !== "api" && r) {
    const next = r.v3?.route ? V3_COMMANDS[r.v3.route] : undefined;
    if (removed || !r.v3?.route) return `'mids ${ran}' uses a deprecated v2 route that has no v3 successor${sunset}`;
    if (next === ran) return `'mids ${ran}' used the deprecated v2 API; without ${invocation?.apiFlag ? "--api v2" : "its v2-only flags"} it uses v3${sunset}`;
    if (next) {
      const id = r.v3.rules?.map((rule) => SUCCESSOR_ID[rule]).find(Boolean);
      return `'mids ${ran}' is deprecated (v2 API); use 'mids ${next}${id ? ` ${id.arg}'; ${id.from}` : "'"}${sunset}`;
    }
  }
  const path = r?.path ?? "this route";
  const successor = v3SuccessorPath(r) ?? dep?.successor;
  let msg = `${path} is deprecated`;
  if (successor) msg += `; use ${successor}`;
  else if (removed) msg += " and has no v3 successor";
  return msg + sunset;
}
