// mids api -H 'Authorization: Bearer ...' (v3's other carrier of a key) with a configured key: both
// went out, and the server chose between them unsaid (the sandbox answered for the configured key).
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
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
