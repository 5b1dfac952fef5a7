// Shared request context, result shapes, error rendering and the history policy (spec 2.1, 2.2, 7, 8.2).
import { STATUS_CODES } from "node:http";
import { ASSUMED } from "../contract/assumed.js";
import type { ApiVersion, Route } from "../contract/routes.js";
import { DAY, type Dataset } from "./data.js";
import type { SandboxKey } from "./keys.js";
import type { AlertStore } from "./state.js";

export const ENFORCEMENT_AT = Date.parse("2026-08-17T00:00:00Z");
export const LOOKBACK_DAYS = 30;

export const iso = (ms: number): string => new Date(ms).toISOString();

export interface HistoryPolicy {
  archiveAccess: boolean; enforced: boolean; lookbackDays: number; earliestAvailableAt: string; enforcementAt: string;
}

/** spec 2.2/8.2: self-serve credentials read a rolling window once enforcement begins; archive is uncapped. */
export function historyPolicy(key: SandboxKey | undefined, nowMs: number): HistoryPolicy {
  const archiveAccess = !!key?.archiveAccess;
  return {
    archiveAccess, enforced: !archiveAccess && nowMs >= ENFORCEMENT_AT, lookbackDays: LOOKBACK_DAYS,
    earliestAvailableAt: iso(nowMs - LOOKBACK_DAYS * DAY), enforcementAt: iso(ENFORCEMENT_AT),
  };
}

export interface World {
  ds: Dataset;
  alerts: AlertStore;
  runCounter: { n: number };
}

export interface Ctx {
  route: Route;
  version: ApiVersion;
  path: string;
  pathParams: Record<string, string>;
  /** validated query values, defaults filled in */
  q: Record<string, unknown>;
  /** names of query parameters the caller actually sent */
  given: Set<string>;
  query: URLSearchParams;
  key?: SandboxKey;
  /** the caller's effective limits, as the X-RateLimit-Limit-* headers say them (`--rate-limit` included) */
  rateLimit: { perMinute: number; perDay: number };
  nowMs: number;
  history: HistoryPolicy;
  world: World;
  /** parsed JSON body (undefined when empty); throws ApiFail on invalid JSON */
  body(): unknown;
  rawBody: string;
}

export interface Result {
  status?: number;
  data?: unknown;
  meta?: Record<string, unknown>;
  pagination?: { page: number; limit: number; totalCount: number; hasMore: boolean };
  /** send this body as is (envelope "none" routes) */
  raw?: unknown;
}

export type Handler = (ctx: Ctx) => Result | Promise<Result>;

/** A failure with a v3 code; rendered per API version. */
export class ApiFail extends Error {
  constructor(
    public code: string,
    message: string,
    public details?: Record<string, unknown>,
    public opts: { status?: number; v2?: Record<string, unknown>; v2Message?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const invalid = (fields: string[], message?: string): ApiFail =>
  new ApiFail("invalid_request", message ?? `invalid parameter${fields.length > 1 ? "s" : ""}: ${fields.join(", ")}`, { fields });
export const notFound = (type: string, locator: string): ApiFail =>
  new ApiFail("not_found", `${type} ${locator} not found`, { subject: { type, locator } });

/** Earliest timestamp readable by default: the window start when enforced, else the archive. */
export function readableFrom(ctx: Ctx, archiveStartMs: number): number {
  return ctx.history.enforced ? Math.max(archiveStartMs, Date.parse(ctx.history.earliestAvailableAt)) : archiveStartMs;
}

const V2_CODES: Record<string, string> = { rate_limited: "RATE_LIMIT_EXCEEDED", HISTORY_WINDOW_EXCEEDED: "HISTORY_WINDOW_EXCEEDED" };

export function statusOf(f: ApiFail): number {
  return f.opts.status ?? ASSUMED.v3ErrorStatus[f.code] ?? (f.code === "HISTORY_WINDOW_EXCEEDED" ? 403 : 500);
}

/** The error body: v3 {code, message, details?}; v2 the generic body of spec 7.2. */
export function errorBody(f: ApiFail, version: ApiVersion): { status: number; body: Record<string, unknown> } {
  const status = statusOf(f);
  if (version === "v3") {
    return { status, body: { code: f.code, message: f.message, ...(f.details ? { details: f.details } : {}) } };
  }
  const body: Record<string, unknown> = {
    status, error: STATUS_CODES[status] ?? "Error", message: f.opts.v2Message ?? f.message, data: null,
  };
  if (V2_CODES[f.code]) body.code = V2_CODES[f.code];
  if (f.details && f.code !== "rate_limited") body.details = f.details;
  Object.assign(body, f.opts.v2);
  return { status, body };
}
