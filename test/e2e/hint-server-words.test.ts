// A server's `details` quoted in a hint went out as they came: the error line hid the value of
// `x-api-key: invalid k_123` (a field named in an invalid_request, an entitlement's name) and the
// hint under it, `check x-api-key: invalid k_123`, and mids doctor's fix printed it. The hint now
// quotes them through the error line's rule.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a server's field or entitlement named in a hint shows no value after a secret header's name", async () => {
  const said = "x-api-key: invalid k_123";
  const server = await hostile((req, res) => req.url!.includes("/v3/topics")
    ? sendJson(res, 403, { code: "entitlement_required", message: "no", details: { entitlement: said } })
    : sendJson(res, 400, { code: "invalid_request", message: "bad", details: { fields: [said] } }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0001" });
  const [list, topics, doctor] = await Promise.all([runMain(["projects", "list"], { env }), runMain(["topics", "list"], { env }), runMain(["doctor", "-o", "json"], { env })]);
  expect([list.code, topics.code, doctor.code], list.stderr + topics.stderr + doctor.stderr).toEqual([2, 3, 2]);
  expect(list.stderr).toMatch(/^hint: check x-api-key: invalid \*\*\*;/m);
  expect(topics.stderr).toMatch(/^hint: ask for 'x-api-key: invalid \*\*\*' access/m);
  expect(JSON.parse(doctor.stdout).checks.find((c: { check: string }) => c.check === "key").fix).toMatch(/^check x-api-key: invalid \*\*\*;/);
  for (const r of [list, topics, doctor]) expect(r.stdout + r.stderr).not.toContain("k_123");
});
