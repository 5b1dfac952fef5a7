// A rejected key whose server says where keys are made ("check the key or create one in
// integrations settings", as the sandbox says it) had a hint saying it again: "keys are created in
// the product's integrations settings". The hint says it only when the server's words did not.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const count = (text: string, word: RegExp) => (text.match(word) ?? []).length;

it("a rejected key (configured or -H) names where keys are made once", async () => {
  const server = await hostile((_req, res) => sendJson(res, 401, { code: "credential_required", message: "the API key is not recognised; check the key or create one in integrations settings" }));
  const runs = await Promise.all([
    runMain(["projects", "list"], { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_wrong_key_0001" }) }),
    runMain(["api", "/v3/projects", "-H", "x-api-key: mids_wrong_key_0002"], { env: baseEnv({ MIDS_BASE_URL: server.url }) }),
  ]);
  for (const r of runs) {
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^mids: .* was rejected: the API key is not recognised; check the key or create one in integrations settings$/m);
    expect(count(r.stderr, /settings/g), r.stderr).toBe(1);
  }
  expect(runs[0].stderr).toContain("hint: fix or unset MIDS_API_KEY (or try --sandbox)\n");
  expect(runs[1].stderr).toContain("hint: check the value given with -H x-api-key\n");
});

it("a server that does not say it: the hint does", async () => {
  const server = await hostile((_req, res) => sendJson(res, 401, { code: "credential_required", message: "invalid key" }));
  const r = await runMain(["projects", "list"], { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_wrong_key_0001" }) });
  expect(r.code, r.stderr).toBe(3);
  expect(r.stderr).toContain("hint: fix or unset MIDS_API_KEY; keys are created in the product's integrations settings (or try --sandbox)\n");
});
