import { describe, expect, it } from "vitest";
import { hintStart, toApiError } from "../../src/client/errormap.js";
import { EXIT, exitForApi } from "../../src/errors.js";
import { ASSUMED } from "../../src/contract/assumed.js";

const now = new Date("2026-11-22T12:00:00Z");

describe("error mapping", () => {
  it("keys off the v3 code, not the status", () => {
    // a proxy could send any status; the code decides
    expect(toApiError(400, { code: "not_found", message: "m" }, {}, now, "GET /x").exitCode).toBe(EXIT.notFound);
    expect(toApiError(500, { code: "invalid_request", message: "m" }, {}, now, "GET /x").exitCode).toBe(EXIT.usage);
  });

  it("maps every fixed v3 code to its exit code, with the assumed statuses", () => {
    const want: Record<string, number> = {
      invalid_request: 2, credential_required: 3, entitlement_required: 3, not_found: 4, not_current: 4,
      rate_limited: 5, internal_error: 7, service_unavailable: 7,
    };
    for (const [code, exit] of Object.entries(want)) {
      expect(exitForApi(code, ASSUMED.v3ErrorStatus[code]), code).toBe(exit);
    }
  });

  it("every v3 code decides whatever status it comes with (each other code's status, and ones none has)", () => {
    const want: Record<string, number> = {
      invalid_request: 2, credential_required: 3, entitlement_required: 3, not_found: 4, not_current: 4,
      rate_limited: 5, internal_error: 7, service_unavailable: 7,
    };
    // the spec's fixed codes (7.1) are the assumed table's keys: none is left out here
    expect(Object.keys(want).sort()).toEqual(Object.keys(ASSUMED.v3ErrorStatus).sort());
    const statuses = [...new Set([...Object.values(ASSUMED.v3ErrorStatus), 200, 302, 409, 418, 502, 504])];
    for (const [code, exit] of Object.entries(want)) {
      for (const status of statuses) {
        // a status that maps to this exit anyway proves nothing about the code
        if (exitForApi(undefined, status) === exit) continue;
        expect(exitForApi(code, status), `${code} with HTTP ${status}`).toBe(exit);
        expect(toApiError(status, { code, message: "m" }, {}, now, "GET /x").exitCode, `${code} with HTTP ${status}`).toBe(exit);
      }
    }
  });

  it("falls back to the status for v2 bodies without a code", () => {
    expect(toApiError(400, { status: 400, error: "Bad" }, {}, now, "x").exitCode).toBe(EXIT.usage);
    expect(toApiError(401, { status: 401 }, {}, now, "x").exitCode).toBe(EXIT.credentials);
    expect(toApiError(403, {}, {}, now, "x").exitCode).toBe(EXIT.credentials);
    expect(toApiError(404, "not json", {}, now, "x").exitCode).toBe(EXIT.notFound);
    expect(toApiError(502, undefined, {}, now, "x").exitCode).toBe(EXIT.server);
  });

  it("names the subject of not_found and the missing entitlement", () => {
    const nf = toApiError(404, { code: "not_found", message: "m", details: { subject: { type: "alert", locator: "alr_9" } } }, {}, now, "x");
    expect(nf.message).toBe("alert 'alr_9' not found");
    const ent = toApiError(403, { code: "entitlement_required", message: "m", details: { entitlement: "topic-reports" } }, {}, now, "GET /v3/reports/{id}");
    expect(ent.message).toContain("'topic-reports'");
  });

  it("names the offending fields of invalid_request", () => {
    const e = toApiError(400, { code: "invalid_request", message: "minTrend must be numeric", details: { fields: ["minTrend"] } }, {}, now, "x");
    expect(e.message).toContain("minTrend");
    expect(e.details).toEqual({ fields: ["minTrend"] });
  });

  it("reports HISTORY_WINDOW_EXCEEDED with earliestAvailableAt as exit 6", () => {
    const body = { status: 403, code: "HISTORY_WINDOW_EXCEEDED", meta: { history: { earliestAvailableAt: "2026-10-23T12:00:00Z" } } };
    const e = toApiError(403, body, {}, now, "x");
    expect(e.exitCode).toBe(EXIT.historyWindow);
    expect(e.message).toContain("2026-10-23T12:00:00Z");
    expect(e.hint).toContain("--clamp");
  });

  it("reads Retry-After seconds, HTTP dates and v2 retryAfterMs", () => {
    expect(toApiError(429, {}, { "retry-after": "3" }, now, "x").retryAfterMs).toBe(3000);
    expect(toApiError(429, {}, { "retry-after": "Sun, 22 Nov 2026 12:00:05 GMT" }, now, "x").retryAfterMs).toBe(5000);
    expect(toApiError(429, { code: "RATE_LIMIT_EXCEEDED", retryAfterMs: 700 }, {}, now, "x").retryAfterMs).toBe(700);
  });

  it("a hint's start is an hour past earliestAvailableAt, up to the hour: still inside the window minutes later", () => {
    expect(hintStart("2026-10-29T04:17:21.104Z")).toBe("2026-10-29T06:00:00Z");
    expect(hintStart("2026-10-29T04:00:00Z")).toBe("2026-10-29T05:00:00Z");
    expect(hintStart("soon")).toBe("soon");
    expect(hintStart("+275760-09-13T00:00:00Z")).toBe("+275760-09-13T00:00:00Z");
  });

  it("entitlement_required without details.entitlement names no made-up entitlement", () => {
    const e = toApiError(403, { code: "entitlement_required", message: "reports need a plan upgrade" }, {}, now, "'mids reports get'");
    expect(e.exitCode).toBe(EXIT.credentials);
    expect(e.message).toBe("your key lacks an entitlement needed for 'mids reports get': reports need a plan upgrade");
    expect(e.hint).toMatch(/^ask for that access on your plan/);
    expect(`${e.message} ${e.hint}`).not.toMatch(/unknown/);
  });
});

describe("a 429's wait to X-RateLimit-Reset-Minute", () => {
  const headers = (minuteReset: number) => ({
    "x-ratelimit-limit-minute": "60", "x-ratelimit-remaining-minute": "0", "x-ratelimit-reset-minute": String(minuteReset),
    "x-ratelimit-limit-day": "1000", "x-ratelimit-remaining-day": "500", "x-ratelimit-reset-day": String(minuteReset + 80_000),
  });
  it("runs to the reset when it is within the minute", () => {
    const e = toApiError(429, { code: "rate_limited" }, headers(now.getTime() / 1000 + 20), now, "x");
    expect([e.retryAfterMs, e.retryAfterFrom]).toEqual([20_000, "X-RateLimit-Reset-Minute"]);
  });
  // (a server whose clock is 5 minutes ahead: every 429 was an exit 5 'the limit resets in 4m 58s',
  // longer than mids waits, of a window that resets within the minute)
  it("is held to a minute when the reset is further off (a server clock ahead of this one)", () => {
    const e = toApiError(429, { code: "rate_limited" }, headers(now.getTime() / 1000 + 300), now, "x");
    expect([e.retryAfterMs, e.retryAfterFrom]).toEqual([60_000, "X-RateLimit-Reset-Minute"]);
  });
});

// A 401, 403 or 5xx whose body is no JSON is not the API's error (spec 7: JSON bodies): what came is
// said for what it is, a page by its type, a JSON-typed body that does not parse as such.
describe("an error answer that is not the API's JSON", () => {
  it("says what came: a page of its type, or a body that does not parse", () => {
    const said = (status: number, type: string | undefined) => toApiError(status, "Unauthorized", type ? { "content-type": type } : {}, now, "GET /v3/me", "/v3/me", "/v3/me").message;
    expect(said(401, "text/html; charset=utf-8")).toBe("GET /v3/me failed with HTTP 401: the answer is a text/html page, not the API's error (JSON)");
    expect(said(403, "application/json")).toBe("GET /v3/me failed with HTTP 403: the answer is a body that does not parse as JSON, not the API's error (JSON)");
    expect(said(502, undefined)).toBe("GET /v3/me failed with HTTP 502: the answer is text, not the API's error (JSON)");
    // the API's own JSON error is read as before
    expect(toApiError(401, { message: "bad key" }, {}, now, "GET /v3/me").message).toBe("GET /v3/me failed with HTTP 401: bad key");
  });
});
