// What the sandbox answers instead of (or around) the normal answer of a request: a fault, a
// status, a delay or a fixture. One `Directive` shape for the three sources that pick one:
// the `Prefer` request header (one request), a scenario (per route, in turn) and `--faults`.
import { ASSUMED } from "../contract/assumed.js";
import { identify, rateLimitFail, reason, renderFail, takeLimit, usualHeaders, type Incoming, type Outgoing } from "./dispatch.js";
import { driftBody, FAULT_KINDS, type FaultKind } from "./faults.js";
import { ApiFail } from "./http.js";
import { forcedLimit, type RateLimiter } from "./limits.js";

/** A canned answer: status (default 200), headers, and a JSON body (a string is sent as is). */
export interface Fixture { status?: number; headers?: Record<string, string>; body: unknown }

export interface Directive {
  fault?: FaultKind;
  /** answer with this status (an error body of the API version; 200 is the normal answer) */
  status?: number;
  delayMs?: number;
  fixture?: Fixture;
  /** a successful answer of an unshown payload in another legal shape (`--faults shapes`) */
  shapes?: boolean;
}

/** `Prefer: fault=slow` without `delay=`: this many milliseconds. */
export const DEFAULT_SLOW_MS = 1000;
/** The longest delay a Prefer header or a scenario may ask for. */
export const MAX_DELAY_MS = 60_000;

/** The statuses `code=` and a scenario's `status` can pick: the v3 error statuses, 502, 504 and 200. */
export const ANSWER_STATUSES: readonly number[] = [200, ...Object.values(ASSUMED.v3ErrorStatus), 502, 504].filter((x, i, all) => all.indexOf(x) === i).sort((a, b) => a - b);

const CODE_OF_STATUS: Record<number, string> = Object.fromEntries(Object.entries(ASSUMED.v3ErrorStatus).map(([code, s]) => [s, code]));
const MESSAGES: Record<string, string> = {
  internal_error: "sandbox fault: internal error",
  service_unavailable: "sandbox fault: service temporarily unavailable",
};

/** The error answer for `status` (not 200), in the request's API version, with the usual headers. */
export function statusAnswer(status: number, inc: Incoming, limiter: RateLimiter, nowMs: number): Outgoing {
  const id = identify(inc);
  const taken = takeLimit(limiter, id, inc.ip, nowMs, false);
  const s = status === 429 ? forcedLimit(taken) : taken;
  const headers = usualHeaders(inc, id, s);
  // 502/504 come from a proxy in front of the API: an HTML page, not the API's error body
  if (status === 502 || status === 504) {
    return { status, headers, body: `<html><head><title>${status} ${reason(status)}</title></head><body><h1>${status} ${reason(status)}</h1></body></html>\n`, contentType: "text/html; charset=utf-8" };
  }
  if (status === 429) return renderFail(rateLimitFail(s), id.version, headers);
  const code = CODE_OF_STATUS[status] ?? "internal_error";
  const details = code === "invalid_request" ? { fields: [] } : code === "not_found" ? { subject: { type: "route", locator: inc.path } }
    : code === "entitlement_required" ? { entitlement: "api" } : undefined;
  return renderFail(new ApiFail(code, MESSAGES[code] ?? `sandbox fault: ${status} ${reason(status)}`, details, { status }), id.version, headers);
}

/** A fixture's answer: the usual headers (rate limits, key type) unless the fixture sets its own. */
export function fixtureAnswer(f: Fixture, usual: Record<string, string>): Outgoing {
  const body = typeof f.body === "string" ? f.body : JSON.stringify(f.body);
  const own = new Set(Object.keys(f.headers ?? {}).map((k) => k.toLowerCase()));
  const kept = Object.fromEntries(Object.entries(usual).filter(([k]) => !own.has(k.toLowerCase())));
  return { status: f.status ?? 200, headers: { ...kept, ...f.headers }, body };
}

/** What a fault's effect may do with the request in hand. */
export interface FaultContext {
  /** the normal answer (the request takes effect) */
  normal(): Promise<Outgoing>;
  /** the error answer of a status */
  status(code: number): Outgoing;
  /** the headers every answer carries (rate limits, key type), without counting the request */
  usualHeaders(): Record<string, string>;
  send(out: Outgoing, truncate?: boolean): void;
  /** drop the connection without an answer */
  drop(): void;
  /** aborted when the request's connection ends (the client went away, the sandbox closed) */
  gone: AbortSignal;
}

/** Wait `ms`; false at once when `gone` aborts first (no timer outlives the request). */
function waited(ms: number, gone: AbortSignal): Promise<boolean> {
  if (gone.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const stop = () => { clearTimeout(t); resolve(false); };
    const t = setTimeout(() => { gone.removeEventListener("abort", stop); resolve(true); }, ms);
    gone.addEventListener("abort", stop, { once: true });
  });
}

/**
 * The effect of each fault kind, once its delay has passed. A new kind is a FAULT_KINDS entry
 * (faults.ts) plus one line here.
 */
export const FAULT_EFFECTS: Record<FaultKind, (c: FaultContext) => Promise<void> | void> = {
  "500": (c) => c.send(c.status(500)),
  "502": (c) => c.send(c.status(502)),
  "503": (c) => c.send(c.status(503)),
  "504": (c) => c.send(c.status(504)),
  "429": (c) => c.send(c.status(429)),
  reset: (c) => c.drop(),
  // half the body, then the response ends
  truncate: async (c) => c.send(await c.normal(), true),
  // the delay is the fault
  slow: async (c) => c.send(await c.normal()),
  // the request took effect, but the client only sees an outage
  "503after": async (c) => { await c.normal(); c.send(c.status(503)); },
  // the normal answer, reshaped by normal() itself (shapes combines with the other faults)
  shapes: async (c) => c.send(await c.normal()),
  drift: async (c) => {
    const out = await c.normal();
    if (out.status < 300) out.body = driftBody(out.body);
    c.send(out);
  },
};

/** Carry out a directive: its delay, then its fixture, status or fault, else the normal answer. */
export async function applyDirective(d: Directive, c: FaultContext): Promise<void> {
  // a delay ends with the request: a client that gave up or a close() leaves no timer behind
  if (d.delayMs && !(await waited(d.delayMs, c.gone))) return;
  if (d.fixture) return c.send(fixtureAnswer(d.fixture, c.usualHeaders()));
  if (d.status !== undefined && d.status !== 200) return c.send(c.status(d.status));
  if (d.fault) return FAULT_EFFECTS[d.fault](c);
  c.send(await c.normal());
}

export function checkStatus(n: number): string | undefined {
  return ANSWER_STATUSES.includes(n) ? undefined : `status ${n} is not one the sandbox answers (one of ${ANSWER_STATUSES.join(", ")})`;
}

export function checkDelay(n: number): string | undefined {
  return Number.isInteger(n) && n >= 0 && n <= MAX_DELAY_MS ? undefined : `delay must be whole milliseconds from 0 to ${MAX_DELAY_MS}`;
}

/**
 * The `Prefer` request header in Prism's convention (RFC 7240 preferences): `code=429`,
 * `fault=reset`, `fault=slow, delay=300`. Preferences the sandbox does not know are ignored (RFC
 * 7240); a known one with a bad value is an error (so a typo is not silently a normal answer).
 */
export function parsePrefer(header: string | string[] | undefined): { directive?: Directive; applied: string[]; error?: string } {
  const text = Array.isArray(header) ? header.join(",") : header;
  if (!text) return { applied: [] };
  const d: Directive = {};
  const applied: string[] = [];
  for (const part of text.split(/[,;]/).map((s) => s.trim()).filter(Boolean)) {
    const eq = part.indexOf("=");
    const name = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? "" : part.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
    if (name === "code") {
      const n = Number(value);
      const bad = /^\d{3}$/.test(value) ? checkStatus(n) : `code must be an HTTP status, e.g. code=429`;
      if (bad) return { applied, error: `Prefer: ${bad}` };
      d.status = n;
    } else if (name === "fault") {
      if (!(FAULT_KINDS as readonly string[]).includes(value)) return { applied, error: `Prefer: unknown fault "${value}" (faults: ${FAULT_KINDS.join(", ")})` };
      d.fault = value as FaultKind;
    } else if (name === "delay") {
      const bad = /^\d+$/.test(value) ? checkDelay(Number(value)) : checkDelay(NaN);
      if (bad) return { applied, error: `Prefer: ${bad}` };
      d.delayMs = Number(value);
    } else continue;
    applied.push(`${name}=${value}`);
  }
  if (d.fault === "slow" && d.delayMs === undefined) { d.delayMs = DEFAULT_SLOW_MS; applied.push(`delay=${DEFAULT_SLOW_MS}`); }
  return applied.length ? { directive: d, applied } : { applied };
}
