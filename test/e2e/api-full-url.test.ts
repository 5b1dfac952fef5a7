// mids api with a full URL (gh api takes one; --verbose prints them): every URL was refused, the
// base URL's own too. A URL below the base URL is its path and query; any other stays refused,
// as the key goes to the base URL only.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a URL below the base URL is sent as its path; another host, port or path is exit 2 with nothing sent anywhere", async () => {
  const answer = (req: { url?: string }, res: Parameters<typeof sendJson>[0]) => sendJson(res, 200, { data: { url: req.url }, meta: {} });
  const api = await hostile((req, res) => answer(req, res));
  const other = await hostile((req, res) => answer(req, res));
  const env = baseEnv({ MIDS_BASE_URL: `${api.url}/base`, MIDS_API_KEY: "mids_test_key_0006" });
  const ok = await runMain(["api", `${api.url.replace("http://", "HTTP://")}/base/v3/projects?limit=2#top`, "-f", "minTrend=40", "--jq", ".data.url"], { env });
  expect(ok.code).toBe(0);
  expect(ok.stdout).toBe("/base/v3/projects?limit=2&minTrend=40\n");
  const refused = await Promise.all([
    runMain(["api", `${other.url}/base/v3/projects`], { env }),
    runMain(["api", `${api.url}/elsewhere/v3/projects`], { env }),
    runMain(["api", `${api.url.replace("http://", "http://u:pw@")}/base/v3/projects`], { env }),
  ]);
  for (const r of refused) {
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")[0]).toMatch(new RegExp(`is not below the base URL ${api.url}/base: mids api sends requests, and the key, there only \\(nothing was sent\\)$`));
    expect(r.stderr).not.toContain("pw@");
  }
  expect(other.seen).toEqual([]);
  expect(api.seen).toEqual(["/base/v3/projects?limit=2&minTrend=40"]);
});

// The same place given as a path, its .. segments (or %2e%2e) climbing out of the base URL's path:
// the URL parser resolved them, and the request, the key with it, went to /elsewhere, where the
// full URL above is refused.
it("a path whose .. segments climb out of the base URL's path is exit 2 with nothing sent; .. that stays below is sent", async () => {
  const api = await hostile((req, res) => sendJson(res, 200, { data: { url: req.url }, meta: {} }));
  const env = baseEnv({ MIDS_BASE_URL: `${api.url}/base`, MIDS_API_KEY: "mids_test_key_0006" });
  const refused = await Promise.all(["/../elsewhere/v3/projects", "/%2e%2E/elsewhere", "v3/../../elsewhere"].map((p) => runMain(["api", p], { env })));
  for (const r of refused) {
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.split("\n")[0]).toMatch(/^mids: the path \S+ climbs out of the base URL's path \/base \(it would go to \/elsewhere\S*\): mids api sends requests, and the key, below the base URL only \(nothing was sent\)$/);
  }
  expect(api.seen).toEqual([]);
  const inside = await runMain(["api", "/v3/x/../projects", "--jq", ".data.url"], { env });
  expect(inside.code).toBe(0);
  expect(inside.stdout).toBe("/base/v3/projects\n");
});
