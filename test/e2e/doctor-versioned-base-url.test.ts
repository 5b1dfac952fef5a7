// doctor says when the base URL ends in an API version: mids adds the version to every path, so
// https://host/v3 sends /v3/v3/me, and doctor's only failure was the key check's "route
// '/v3/v3/me' not found -- fix: try again".
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

interface Check { check: string; status: string; detail: string; fix?: string }

it("a base URL ending in /v3 or /v2/ is a warning naming the doubled path and the URL to use", async () => {
  const server = await hostile((_req, res) => sendJson(res, 404, { code: "not_found", message: "no route" }));
  const env = baseEnv({ MIDS_API_KEY: "mids_live_doctor_0123456789" });
  const [v3, v2, plain] = await Promise.all([`${server.url}/api/v3`, `${server.url}/v2/`, `${server.url}/v30`].map((u) =>
    runMain(["--base-url", u, "doctor", "-o", "json"], { env })));
  const baseCheck = (r: { stdout: string }) => (JSON.parse(r.stdout).checks as Check[]).find((c) => c.check === "base-url")!;
  expect(baseCheck(v3)).toMatchObject({ status: "warn", fix: `drop the trailing /v3 from the base URL (flag --base-url): ${server.url}/api` });
  expect(baseCheck(v3).detail).toContain("/api/v3/v3/me");
  expect(baseCheck(v2)).toMatchObject({ status: "warn", fix: `drop the trailing /v2 from the base URL (flag --base-url): ${server.url}` });
  expect(baseCheck(plain).status).toBe("ok");
});
