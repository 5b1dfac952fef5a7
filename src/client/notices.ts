// Deprecation notices (spec 4.1 aliases, 9.3): one stderr line naming the v3 successor.
import { route as routeById, type Route } from "../contract/routes.js";
import type { Deprecation } from "./headers.js";

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

export function deprecationNotice(r: Route | undefined, dep: Deprecation | undefined, now: Date): string | undefined {
  const path = r?.path ?? "this route";
  const successor = v3SuccessorPath(r) ?? dep?.successor;
  const sunsetDate = dep?.sunset ?? (r?.sunset ? new Date(`${r.sunset}T00:00:00Z`) : undefined);
  let msg = `${path} is deprecated`;
  if (successor) msg += `; use ${successor}`;
  else if (r?.v3 && r.v3.route === null) msg += " and has no v3 successor";
  if (sunsetDate) {
    msg += sunsetDate.getTime() <= now.getTime() ? ` (sunset ${day(sunsetDate)} has passed)` : ` (sunset ${day(sunsetDate)})`;
  }
  return msg;
}
