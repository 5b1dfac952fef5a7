// Errors pass the secret rules too: a token typed into a path, echoed back by the server in its
// error, never reaches stderr.
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

describe("error messages", () => {
  it("redact a token the user typed into a path, in mids' words and the server's", async () => {
    const token = "tok_" + "9f8e7d6c5b4a".repeat(2);
    for (const path of [`/v3/nosuch;token=${token}`, `/v2/nosuch;token=${token}`]) {
      // v3 through the built binary (the e2e proof), v2 in-process
      const r = await (path.startsWith("/v3/") ? runMids : runMain)(["--sandbox", "api", path], { env: baseEnv() });
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/token=\*\*\*/);
      expect(r.stderr).not.toContain(token);
    }
  });
});

// A secret header named in the server's prose before a plain word ("x-api-key: missing") lost the
// word: "failed with HTTP 401: x-api-key: ***" said nothing. Values are redacted, not names with words.
describe("a secret header's name in a server's sentence", () => {
  it("keeps the word after it, and still hides a value, a scheme's credential, a cookie", async () => {
    const said = [
      "x-api-key: missing", "header x-api-key: is required", "Authorization: expected a Bearer token",
      "x-api-key: mids_live_0a1b2c3d4e rejected", "authorization: bearer tok9f8e7d6c", "Cookie: sid=abc; theme=dark",
      // a lower-case word that is no prose may be the value itself (a password, a short token)
      "password: hunterthree", "x-api-key: qwertyzxcv",
    ];
    const server = await hostile((req, res) => {
      const n = Number(new URL(req.url!, "http://x").searchParams.get("n"));
      sendJson(res, 401, { message: said[n] });
    });
    const runs = await Promise.all(said.map((_, n) => runMain(["api", `/v3/me?n=${n}`], { env: baseEnv({ MIDS_BASE_URL: server.url }) })));
    expect(runs.map((r) => r.stderr.split("\n")[0])).toEqual([
      "mids: GET /v3/me failed with HTTP 401: x-api-key: missing",
      "mids: GET /v3/me failed with HTTP 401: header x-api-key: is required",
      "mids: GET /v3/me failed with HTTP 401: Authorization: expected a Bearer token",
      "mids: GET /v3/me failed with HTTP 401: x-api-key: *** rejected",
      "mids: GET /v3/me failed with HTTP 401: authorization: ***",
      "mids: GET /v3/me failed with HTTP 401: Cookie: ***",
      "mids: GET /v3/me failed with HTTP 401: password: ***",
      "mids: GET /v3/me failed with HTTP 401: x-api-key: ***",
    ]);
  });
});
