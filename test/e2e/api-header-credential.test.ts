// mids api -H 'Authorization: Bearer ...' (v3's other carrier of a key) with a configured key: both
// went out, and the server chose between them unsaid (the sandbox answered for the configured key).
import { expect, it } from "vitest";
import { baseEnv, runMain, runMids } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("-H Authorization is the credential sent: the configured key does not go beside it", async () => {
  const configured = "mids_configured_key_0001";
  const server = await hostile((req, res) => sendJson(res, 200, { data: { key: req.headers["x-api-key"] ?? null, auth: req.headers.authorization ?? null }, meta: {} }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: configured });
  const r = await runMain(["api", "/v3/me", "-H", "Authorization: Bearer tok_other_0002", "--jq", ".data", "-o", "ndjson"], { env });
  expect(r.code).toBe(0);
  // the header comes back as ***, as every -H secret does: what matters is the key that was not sent
  expect(JSON.parse(r.stdout)).toEqual({ key: null, auth: "***" });
  const plain = await runMain(["api", "/v3/me", "--jq", ".data.key"], { env });
  expect(plain.stdout).toBe("***\n");
});

// A key given with -H that the server refused: the error blamed the configured key ("fix or unset
// MIDS_API_KEY", a good key), or with none configured said the request needed one, and quoted
// the server's words with the -H key whole in them.
it("a refused -H key is named by its header, hidden in the server's words; the configured key is not blamed", async () => {
  const given = "mids_given_key_0003";
  const server = await hostile((req, res) => sendJson(res, 401, { code: "credential_required", message: `key ${String(req.headers["x-api-key"] ?? req.headers.authorization)} is not recognised` }));
  const runs = await Promise.all([
    runMain(["api", "/v3/me", "-H", `x-api-key: ${given}`], { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_configured_key_0001" }) }),
    runMain(["api", "/v3/me", "-H", `Authorization: Bearer ${given}`, "--paginate"], { env: baseEnv({ MIDS_BASE_URL: server.url }) }),
  ]);
  for (const [r, header] of [[runs[0], "x-api-key"], [runs[1], "Authorization"]] as const) {
    expect(r.code).toBe(3);
    expect(r.stderr.split("\n")[0]).toMatch(new RegExp(`^mids: the key given with -H ${header} was rejected: key (Bearer )?\\*\\*\\* is not recognised$`));
    expect(r.stderr.split("\n")[1]).toMatch(new RegExp(`^hint: check the value given with -H ${header} `));
    expect(r.stdout + r.stderr).not.toContain(given);
    expect(r.stderr).not.toMatch(/MIDS_API_KEY|needs an API key/);
  }
  expect(runs[0].stderr).toMatch(/without it, mids sends the configured key/);
});

// v2 reads a key from x-api-key only (spec 5.1): -H Authorization on a v2 path was "rejected" as if
// the key were wrong, when the header is one v2 does not read.
it("-H Authorization on a v2 path with no key configured: the error says v2 takes the key from x-api-key only", async () => {
  const server = await hostile((req, res) => req.headers["x-api-key"] ? sendJson(res, 200, { status: 200, data: [] }) : sendJson(res, 401, { status: 401, error: "Unauthorized", message: "API key required", data: null }));
  const r = await runMain(["api", "/v2/projects", "-H", "Authorization: Bearer mids_given_key_0003"], { env: baseEnv({ MIDS_BASE_URL: server.url }) });
  expect(r.code).toBe(3);
  expect(r.stderr).toBe("mids: the v2 API takes no key from -H Authorization (only the x-api-key header carries one there): API key required\n" +
    "hint: give it as -H 'x-api-key: KEY'\n");
});

// With a key configured, -H Authorization on a v2 path (a gateway's token, a header kept from a v3
// call) dropped the configured key: the call that worked without it failed, exit 3. v2 does not
// read Authorization, so the server never chose between the two: the configured key goes, said.
it("-H Authorization on a v2 path with a key configured: the configured key is sent beside it, with a warning", async () => {
  const configured = "mids_configured_key_0001";
  const server = await hostile((req, res) => req.headers["x-api-key"] === configured ? sendJson(res, 200, { status: 200, data: [{ slug: "a" }] }) : sendJson(res, 401, { status: 401, error: "Unauthorized", message: "API key required", data: null }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: configured });
  const [r, v3] = await Promise.all([
    runMain(["api", "/v2/projects", "-H", "Authorization: Bearer gateway_token_0004", "--jq", ".data[0].slug"], { env }),
    runMain(["api", "/v3/me", "-H", "Authorization: Bearer gateway_token_0004"], { env }),
  ]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toBe("a\n");
  expect(r.stderr).toBe("mids: warning: -H Authorization carries no key on v2, which reads x-api-key only: the configured key is sent, as x-api-key beside it\n");
  // on v3 Authorization is the key: the configured one stays home, and the warning is v2's alone
  expect(v3.code).toBe(3);
  expect(v3.stderr).not.toContain("warning");
});

// -H 'x-api-key:' with nothing after it (a script's unset variable, or a call made without the key
// on purpose) sends no key: the error said 'the key given with -H x-api-key was rejected' and to
// check its value, when there was none.
it("an empty -H x-api-key or Authorization: the error says no key was sent, not that one was rejected", async () => {
  const server = await hostile((_req, res) => sendJson(res, 401, { code: "credential_required", message: "this route needs an API key" }));
  const [key, auth] = await Promise.all([
    runMain(["api", "/v3/me", "-H", "x-api-key:"], { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_configured_key_0001" }) }),
    runMain(["api", "/v3/me", "-H", "Authorization: "], { env: baseEnv({ MIDS_BASE_URL: server.url }) }),
  ]);
  expect(key.code).toBe(3);
  // (the server's "this route needs an API key" says what "no key was sent" does: not repeated)
  expect(key.stderr).toBe("mids: no key was sent: -H x-api-key was given empty\n" +
    "hint: put the key in it, -H 'x-api-key: KEY', or drop it to send the configured key\n");
  expect(auth.code).toBe(3);
  expect(auth.stderr).toBe("mids: no key was sent: -H Authorization was given empty\n" +
    "hint: put the key in it, -H 'Authorization: Bearer KEY'\n");
});

// credential_required's line repeated the server: "GET /v3/me needs an API key: this route needs an
// API key (x-api-key header)". Its words are kept when they say something else.
it("credential_required is one line that says it once; the server's words stay when they add something", async () => {
  const said = ["this route needs an API key (x-api-key header)", "API key required", "sign up at https://example.test/keys"];
  const server = await hostile((req, res) => sendJson(res, 401, { code: "credential_required", message: said[Number(new URL(req.url!, "http://x").searchParams.get("n"))] }));
  const runs = await Promise.all(said.map((_, n) => runMids(["api", `/v3/me?n=${n}`], { env: baseEnv({ MIDS_BASE_URL: server.url }) })));
  expect(runs.map((r) => r.code)).toEqual([3, 3, 3]);
  expect(runs.map((r) => r.stderr.split("\n")[0])).toEqual([
    "mids: GET /v3/me needs an API key",
    "mids: GET /v3/me needs an API key",
    "mids: GET /v3/me needs an API key: sign up at https://example.test/keys",
  ]);
});
