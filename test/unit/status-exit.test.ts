// Exit code by HTTP status when the error body has no `code` (v2 bodies, proxies, text): every
// status from 400 to 599, as the README's exit code table documents it.
import { describe, expect, it } from "vitest";
import { toApiError } from "../../src/client/errormap.js";
import { EXIT, exitForApi } from "../../src/errors.js";

/** README "Exit codes": 2 usage (v2 400 and the other request-shape statuses), 3 credentials, 4 not found or gone, 5 rate limited, 7 the rest. */
const documented: Record<number, number> = {
  400: EXIT.usage, 405: EXIT.usage, 409: EXIT.usage, 413: EXIT.usage, 414: EXIT.usage, 415: EXIT.usage, 422: EXIT.usage,
  401: EXIT.credentials, 403: EXIT.credentials,
  404: EXIT.notFound, 410: EXIT.notFound,
  429: EXIT.rateLimited,
};
const expected = (status: number) => documented[status] ?? EXIT.server;

const bodies: [string, unknown][] = [
  ["no body", undefined],
  ["empty object", {}],
  ["v2 error without code", { success: false, error: "nope" }],
  ["text", "<html>bad gateway</html>"],
  ["unknown code", { code: "something_new", message: "?" }],
];

describe("exit code by status without a known code", () => {
  it("every status 400..599, every body shape", () => {
    const wrong: string[] = [];
    for (let status = 400; status <= 599; status++) {
      const want = expected(status);
      for (const [what, body] of bodies) {
        const got = toApiError(status, body, {}, new Date(), "GET /v3/x").exitCode;
        if (got !== want) wrong.push(`${status} (${what}): ${got}, want ${want}`);
      }
      const code = exitForApi(undefined, status);
      if (code !== want) wrong.push(`${status} (exitForApi): ${code}, want ${want}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a known code wins over the status", () => {
    expect(toApiError(500, { code: "not_found" }, {}, new Date(), "x").exitCode).toBe(EXIT.notFound);
    expect(toApiError(400, { code: "rate_limited" }, {}, new Date(), "x").exitCode).toBe(EXIT.rateLimited);
    expect(toApiError(200, { code: "HISTORY_WINDOW_EXCEEDED" }, {}, new Date(), "x").exitCode).toBe(EXIT.historyWindow);
  });
});
