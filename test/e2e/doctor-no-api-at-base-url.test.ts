// doctor against a base URL that leads to no API (a gateway's path left out or mistyped): GET /v3/me
// answers 404. The key check said "fix: ... check the base URL ('mids doctor' checks it ...)", the
// command being run, and the report exited 4, a code doctor does not document; it now names the
// base URL and where requests go, exit 7 (an answer other than the key's description).
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

interface Check { check: string; status: string; detail: string; fix?: string; exitCode?: number }

it("a 404 for GET /v3/me is exit 7 with the base URL to check; a base URL ending in /v3 gets the fix that drops it", async () => {
  const server = await hostile((_req, res) => sendJson(res, 404, { error: "Not Found" }));
  const env = baseEnv({ MIDS_API_KEY: "mids_live_doctor_0123456789" });
  const [gw, versioned] = await Promise.all([`${server.url}/gw`, `${server.url}/api/v3`].map((u) => runMain(["--base-url", u, "doctor", "-o", "json"], { env })));
  const key = (r: { stdout: string }) => (JSON.parse(r.stdout).checks as Check[]).find((c) => c.check === "key")!;
  for (const r of [gw, versioned]) {
    expect(r.code, r.stdout + r.stderr).toBe(7);
    expect(JSON.parse(r.stdout).exitCode).toBe(7);
    expect(key(r)).toMatchObject({ status: "fail", exitCode: 7 });
    expect(key(r).fix).not.toContain("mids doctor");
  }
  expect(key(gw).fix).toBe(`no API answers under ${server.url}/gw (from flag --base-url): check the base URL's host and path; requests go to ${server.url}/gw/v3/...`);
  expect(key(versioned).fix).toBe(`drop the trailing /v3 from the base URL (flag --base-url): ${server.url}/api`);
});
