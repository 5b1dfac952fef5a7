// A server's message `x-api-key: invalid k_123` printed `k_123`: the prose word after a secret
// header's name was kept (PROSE_AFTER_SECRET), and the value after it then had no name before it
// for the secret rules to see. Now, in the rest of that sentence, prose stays and no key-shaped
// word (letters with digits, an underscore, a capital inside lower case, base64) survives.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("after a secret header's name and a prose word, values are hidden and prose is kept", async () => {
  const said = [
    // values: hidden
    "x-api-key: invalid k_123",
    "x-api-key: is not valid: abcdEFGH1234",
    "x-api-key: invalid, got mids_live_abc123 (key rejected)",
    "Authorization: was Zm9vOmJhcg== and expired",
    // prose: kept, as before
    "x-api-key: missing",
    "Authorization: expected a Bearer token",
    "x-api-key: invalid key format. See k_docs_v3 elsewhere",
  ];
  const server = await hostile((req, res) => {
    const n = Number(new URL(req.url!, "http://x").searchParams.get("n"));
    sendJson(res, 401, { message: said[n] });
  });
  const env = baseEnv({ MIDS_BASE_URL: server.url });
  const runs = await Promise.all(said.map((_, n) => runMain(["api", `/v3/me?n=${n}`], { env })));
  expect(runs.map((r) => r.code)).toEqual(said.map(() => 3));
  expect(runs.map((r) => r.stderr.split("\n")[0])).toEqual([
    "mids: GET /v3/me failed with HTTP 401: x-api-key: invalid ***",
    "mids: GET /v3/me failed with HTTP 401: x-api-key: is not valid: ***",
    "mids: GET /v3/me failed with HTTP 401: x-api-key: invalid, got *** (key rejected)",
    "mids: GET /v3/me failed with HTTP 401: Authorization: was *** and expired",
    "mids: GET /v3/me failed with HTTP 401: x-api-key: missing",
    "mids: GET /v3/me failed with HTTP 401: Authorization: expected a Bearer token",
    // (a sentence of its own names no value of the header)
    "mids: GET /v3/me failed with HTTP 401: x-api-key: invalid key format. See k_docs_v3 elsewhere",
  ]);
});

// (the -o json error's details went through the JSON rules alone, which hid the word after the
// header's name and kept the value after it: `"x-api-key: *** k_123"`)
it("-o json: the same value in the error's details is hidden too", async () => {
  const said = "x-api-key: invalid k_123";
  const server = await hostile((_req, res) => sendJson(res, 401, { code: "credential_required", message: said, details: { reason: said, list: [said] } }));
  const r = await runMain(["me", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: server.url }) });
  expect(r.code, r.stderr).toBe(3);
  const error = JSON.parse(r.stderr.trim().split("\n").at(-1)!).error;
  expect(error.message).toBe("'mids me' needs an API key: x-api-key: invalid ***");
  expect(JSON.stringify(error.details)).not.toContain("k_123");
  expect(error.details.reason).toMatch(/^x-api-key: .*\*\*\*$/);
});
