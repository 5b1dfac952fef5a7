// The request pipeline: rate limit, route match, auth and entitlements, params, history window,
// handler, envelope and headers (spec 2.1, 5, 7, 8, 9.3). Pure apart from the shared world state.
import { STATUS_CODES } from "node:http";
import { ASSUMED } from "../contract/assumed.js";
import { buildPath, canonical, matchPath, matchRoute, route as routeById, type ApiVersion, type Route } from "../contract/routes.js";
import { alertHandlers } from "./alerts.js";
import { ApiFail, errorBody, historyPolicy, invalid, iso, type Ctx, type Handler, type Result, type World } from "./http.js";
import { intelHandlers } from "./intel.js";
import { ANONYMOUS_LIMITS, keyFromHeaders, lookupKey, type SandboxKey } from "./keys.js";
import { limitHeaders, type LimitState, type RateLimiter } from "./limits.js";
import { miscHandlers } from "./misc.js";
import { validateParams } from "./params.js";
import { projectHandlers } from "./projects.js";
import { recipeHandlers } from "./recipes.js";
import { seriesHandlers } from "./timeseries.js";
import { topicHandlers } from "./topics.js";

/** Handler registry keyed by route id; aliases fall back to the route they answer like. */
export const HANDLERS: Record<string, Handler> = {
  ...miscHandlers, ...projectHandlers, ...seriesHandlers, ...intelHandlers, ...topicHandlers, ...alertHandlers, ...recipeHandlers,
};

/** RFC 9745 deprecation date of the deprecated v2 aliases (not shown in the spec). */
export const DEPRECATED_AT = Date.parse("2026-01-01T00:00:00Z");
export const UPGRADE = { description: "Create an API key for history, projects and intel; v3 is the current API.", url: "https://sandbox.mids.dev/settings/integrations" };

export interface Incoming {
  method: string; path: string; query: URLSearchParams; headers: Record<string, string | string[] | undefined>; rawBody: string; ip: string;
  /** the body went over the sandbox's size cap and was not kept */
  bodyTooLarge?: boolean;
}
export interface Outgoing { status: number; headers: Record<string, string>; body: string; contentType?: string }

/**
 * Request bodies above this size are refused with 413. The largest body mids sends is a recipe
 * file at its own cap (1 MiB: recipes validate, execute) as a JSON string, where each `"` and `\`
 * takes two bytes: under this cap whatever the file holds.
 */
export const MAX_BODY_BYTES = 4 << 20;

export interface Identity { version: ApiVersion; keyString?: string; key?: SandboxKey }

export function identify(inc: Incoming): Identity {
  const version: ApiVersion = inc.path === "/v2" || inc.path.startsWith("/v2/") ? "v2" : "v3";
  const keyString = keyFromHeaders(inc.headers, version === "v3");
  return { version, keyString, key: keyString ? lookupKey(keyString) : undefined };
}

export function takeLimit(limiter: RateLimiter, id: Identity, ip: string, nowMs: number, consume: boolean): LimitState {
  return id.key
    ? limiter.take(id.key.id, id.key.perMinute, id.key.perDay, nowMs, consume)
    : limiter.take("ip:" + ip, ANONYMOUS_LIMITS.perMinute, ANONYMOUS_LIMITS.perDay, nowMs, consume);
}

export function rateLimitFail(s: LimitState): ApiFail {
  const window = s.limited ?? "minute";
  const w = s[window];
  const limits = {
    minute: { limit: s.minute.limit, remaining: s.minute.remaining, resetAt: iso(s.minute.resetAt * 1000) },
    day: { limit: s.day.limit, remaining: s.day.remaining, resetAt: iso(s.day.resetAt * 1000) },
  };
  return new ApiFail("rate_limited", `rate limit of ${w.limit} requests per ${window} reached; retry in ${s.retryAfterSec}s`,
    { limit: w.limit, window }, { v2: { retryAfterMs: s.retryAfterSec * 1000, limitType: window, limits }, headers: { "Retry-After": String(s.retryAfterSec) } });
}

/** Headers every API response carries: rate limits (spec 8.1) and, on v3, the key type (spec 5.1). */
export function baseHeaders(id: Identity, limits: LimitState): Record<string, string> {
  const headers = limitHeaders(limits);
  if (id.key && id.version === "v3") headers["X-API-Key-Type"] = id.key.type;
  return headers;
}

/**
 * The headers of every answer to `inc`, whoever gives it (the handler, a fault, `Prefer`, a
 * scenario, a cassette): baseHeaders, and on a deprecated alias its Deprecation, Link and Sunset
 * (spec 4.1, 9.3).
 */
export function usualHeaders(inc: Incoming, id: Identity, limits: LimitState): Record<string, string> {
  const m = matchRoute(inc.method, inc.path);
  return { ...baseHeaders(id, limits), ...(m ? deprecationHeaders(m.route, m.params) : {}) };
}

function json(status: number, headers: Record<string, string>, body: unknown): Outgoing {
  return { status, headers, body: JSON.stringify(body) };
}

export function renderFail(f: ApiFail, version: ApiVersion, headers: Record<string, string>, extraMeta?: Record<string, unknown>): Outgoing {
  const { status, body } = errorBody(f, version);
  if (extraMeta && version === "v2") body.meta = { ...(body.meta as object), ...extraMeta };
  return json(status, { ...headers, ...f.opts.headers }, body);
}

export function deprecationHeaders(r: Route, pathParams: Record<string, string>): Record<string, string> {
  if (!r.deprecated) return {};
  const h: Record<string, string> = { Deprecation: `@${Math.floor(DEPRECATED_AT / 1000)}` };
  const succ = r.v3?.route ? routeById(r.v3.route) : undefined;
  if (succ) {
    let p = succ.path;
    try { p = buildPath(succ, { ...pathParams, ...r.v3?.pathParams }); } catch { /* template stays */ }
    h.Link = `<${p}>; rel="successor-version"`;
  }
  if (r.sunset) h.Sunset = new Date(`${r.sunset}T00:00:00Z`).toUTCString();
  return h;
}

export async function dispatch(inc: Incoming, world: World, limiter: RateLimiter, nowMs: number): Promise<Outgoing> {
  const id = identify(inc);
  const { version, key } = id;
  const limits = takeLimit(limiter, id, inc.ip, nowMs, true);
  const headers = baseHeaders(id, limits);
  const m = matchRoute(inc.method, inc.path);
  // an alias says so on every answer, refusals included (spec 4.1, 9.3)
  if (m) Object.assign(headers, deprecationHeaders(m.route, m.params));
  if (limits.limited) return renderFail(rateLimitFail(limits), version, headers);
  if (inc.bodyTooLarge) {
    return renderFail(new ApiFail("invalid_request", `the request body is larger than ${MAX_BODY_BYTES} bytes`, { fields: ["body"] }, { status: 413 }), version, headers);
  }
  if (!m) {
    const others = matchPath(inc.path);
    if (others.length) {
      const allow = [...new Set(others.map((o) => o.route.method))].join(", ");
      const f = new ApiFail("invalid_request", `method ${inc.method} is not allowed on ${inc.path} (allowed: ${allow})`, { fields: ["method"] }, { status: 405 });
      return renderFail(f, version, { ...headers, Allow: allow });
    }
    const f = new ApiFail("not_found", `no route ${inc.method} ${inc.path}`, { subject: { type: "route", locator: inc.path } }, { v2Message: "Not found" });
    if (version === "v2") delete f.details;
    return renderFail(f, version, headers);
  }
  const r = m.route;
  const history = historyPolicy(key, nowMs);
  const historyMeta = r.history ? { history } : undefined;
  try {
    // spec 5: unknown keys, missing keys, missing entitlements. An unknown key is no credential:
    // a public route answers it as keyless (ASSUMED.unrecognisedKeyOnPublicRoute), a key route refuses it
    const unrecognised = !!id.keyString && !key;
    if (unrecognised && (r.auth === "key" || ASSUMED.unrecognisedKeyOnPublicRoute === "refused")) throw notRecognised();
    if (r.auth === "key" && !key) throw new ApiFail("credential_required", "this route needs an API key (x-api-key header)", undefined, { v2Message: "API key required" });
    if (r.auth === "key" && !key!.entitlements.includes("api")) throw entitlement("api");
    if (r.entitlement && !key!.entitlements.includes(r.entitlement)) throw entitlement(r.entitlement);
    if (r.entitlement && version === "v2" && !(key!.scopes.includes("projects") && key!.accountBacked)) {
      throw new ApiFail("entitlement_required", "Frontier Reports need an account-backed key with the `projects` scope", { entitlement: r.entitlement });
    }
    for (const [name, re] of Object.entries(r.pathPatterns ?? {})) if (!re.test(m.params[name] ?? "")) throw invalid([name], `path parameter \`${name}\` does not match ${re}`);

    const v = validateParams(r, inc.query, nowMs, !!key);
    const needsKey = v.problems.find((p) => p.kind === "needsKey");
    if (needsKey) {
      const message = unrecognised ? `${needsKey.message}, and the key sent is not recognised` : needsKey.message;
      if (version === "v2") throw new ApiFail("entitlement_required", message, undefined, { status: 403 });
      throw new ApiFail("credential_required", message);
    }
    if (key && v.given.size && paramsNeedingKey(r, v.given) && !key.entitlements.includes("api")) throw entitlement("api");
    if (v.problems.length) throw invalid(v.problems.map((p) => p.name), v.problems.map((p) => p.message).join("; "));

    // spec 8.2: an explicit start before earliestAvailableAt is refused, never clamped
    const earliest = Date.parse(history.earliestAvailableAt);
    const early = v.historyStarts.find((s) => s.ms < earliest);
    if (early && history.enforced) {
      throw new ApiFail("HISTORY_WINDOW_EXCEEDED", `\`${early.name}\` lies before the earliest available time ${history.earliestAvailableAt} (${history.lookbackDays}-day window)`,
        { earliestAvailableAt: history.earliestAvailableAt, lookbackDays: history.lookbackDays }, { status: 403 });
    }

    const handler = HANDLERS[r.id] ?? HANDLERS[canonical(r).id];
    if (!handler) throw new ApiFail("internal_error", `route ${r.id} is not implemented by the sandbox`);
    let parsed: { v: unknown } | undefined;
    const ctx: Ctx = {
      route: r, version, path: inc.path, pathParams: m.params, q: v.values, given: v.given, query: inc.query, key, nowMs, history, world,
      rateLimit: { perMinute: limits.minute.limit, perDay: limits.day.limit },
      rawBody: inc.rawBody,
      body() {
        if (!parsed) {
          if (!inc.rawBody.trim()) parsed = { v: undefined };
          else try { parsed = { v: JSON.parse(inc.rawBody) }; } catch { throw invalid(["body"], "the request body is not valid JSON"); }
        }
        return parsed.v;
      },
    };
    const res = await handler(ctx);
    return render(r, version, res, headers, historyMeta, !key);
  } catch (e) {
    const f = e instanceof ApiFail ? e : new ApiFail("internal_error", "unexpected sandbox failure: " + ((e as Error)?.message ?? String(e)));
    return renderFail(f, version, headers, f.code === "HISTORY_WINDOW_EXCEEDED" ? historyMeta ?? { history } : undefined);
  }
}

const notRecognised = (): ApiFail =>
  new ApiFail("credential_required", "the API key is not recognised; check the key or create one in integrations settings", undefined, { v2Message: "Invalid API key" });

function entitlement(name: string): ApiFail {
  return new ApiFail("entitlement_required", `the credential lacks the \`${name}\` entitlement`, { entitlement: name });
}

function paramsNeedingKey(r: Route, given: Set<string>): boolean {
  return r.params.some((p) => p.needsKey && given.has(p.name));
}

function render(r: Route, version: ApiVersion, res: Result, headers: Record<string, string>, historyMeta: Record<string, unknown> | undefined, keyless: boolean): Outgoing {
  const status = res.status ?? 200;
  if (res.raw !== undefined || r.envelope === "none") return json(status, headers, res.raw ?? res.data);
  if (version === "v3") return json(status, headers, { data: res.data, meta: { ...res.meta, ...historyMeta } });
  const meta = { ...res.meta, ...historyMeta, ...(keyless && r.auth !== "key" ? { upgrade: UPGRADE } : {}) };
  return json(status, headers, {
    status, data: res.data, ...(res.pagination ? { pagination: res.pagination } : {}), ...(Object.keys(meta).length ? { meta } : {}),
  });
}

export const reason = (status: number): string => STATUS_CODES[status] ?? "Error";
