// v3 alert subscriptions and destinations (spec 2.14, 2.15, 3): owner-scoped, PATCH validated.
import { ASSUMED } from "../contract/assumed.js";
import { ApiFail, invalid, notFound, type Ctx, type Handler } from "./http.js";
import { publicAlert, type Alert, type Owner } from "./state.js";

export const CADENCES = ["realtime", "hourly", "daily", "weekly"] as const;
const STATUSES = ["paused", ASSUMED.alertResumeStatus] as const;
const FIELDS: readonly string[] = ["status", ASSUMED.alertNameField, "cadence", "selector", ASSUMED.alertThresholdField, "destinationIds"];

const ownerOf = (ctx: Ctx): Owner => ctx.key!.owner;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const destinations: Handler = (ctx) => ({
  data: ctx.world.alerts.destinationsOf(ownerOf(ctx)).map(({ owner: _o, ...d }) => d),
  meta: {},
});

function load(ctx: Ctx): Alert {
  const a = ctx.world.alerts.get(ownerOf(ctx), ctx.pathParams.id);
  if (!a) throw notFound("alert", ctx.pathParams.id);
  return a;
}

const get: Handler = (ctx) => ({ data: publicAlert(load(ctx)), meta: {} });

/** Validate a partial update; every offending field is named in details.fields. */
function validatePatch(ctx: Ctx, body: unknown): Partial<Alert> {
  if (!isObject(body)) throw invalid(["body"], "the request body must be a JSON object");
  const keys = Object.keys(body);
  if (!keys.length) throw invalid(["body"], `the body must set at least one of ${FIELDS.join(", ")}`);
  const bad: string[] = [];
  const why: string[] = [];
  const flag = (f: string, m: string) => { bad.push(f); why.push(m); };
  const patch: Record<string, unknown> = {};
  const mine = new Set(ctx.world.alerts.destinationsOf(ownerOf(ctx)).map((d) => d.id));
  for (const k of keys) {
    const v = body[k];
    switch (k) {
      case "status":
        if (!STATUSES.includes(v as never)) flag(k, `status must be one of ${STATUSES.join(", ")}`); else patch.status = v;
        break;
      case ASSUMED.alertNameField:
        if (typeof v !== "string" || !v.trim() || v.length > 120) flag(k, `${k} must be a non-empty string of at most 120 characters`); else patch.name = v;
        break;
      case "cadence":
        if (!CADENCES.includes(v as never)) flag(k, `cadence must be one of ${CADENCES.join(", ")}`); else patch.cadence = v;
        break;
      case "selector":
        if (!isObject(v)) flag(k, "selector must be an object"); else patch.selector = v;
        break;
      case ASSUMED.alertThresholdField:
        if (!(ASSUMED.grades as readonly unknown[]).includes(v) && !(typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= 100)) {
          flag(k, `${k} must be a grade (${ASSUMED.grades.join(", ")}) or a number 0..100`);
        } else patch.threshold = v;
        break;
      case "destinationIds":
        if (!Array.isArray(v) || !v.length || v.some((d) => typeof d !== "string" || !mine.has(d))) {
          flag(k, "destinationIds must be a non-empty list of your destination ids (GET /v3/alerts/destinations)");
        } else patch.destinationIds = [...new Set(v as string[])];
        break;
      default:
        flag(k, `unknown field ${k} (updatable: ${FIELDS.join(", ")})`);
    }
  }
  if (bad.length) throw invalid(bad, why.join("; "));
  return patch as Partial<Alert>;
}

const update: Handler = (ctx) => {
  load(ctx);
  const patch = validatePatch(ctx, ctx.body());
  const a = ctx.world.alerts.update(ownerOf(ctx), ctx.pathParams.id, patch, ctx.nowMs);
  if (!a) throw new ApiFail("internal_error", "alert vanished during update");
  return { data: publicAlert(a), meta: {} };
};

export const alertHandlers: Record<string, Handler> = {
  "v3.alerts.destinations": destinations,
  "v3.alerts.get": get,
  "v3.alerts.update": update,
};
