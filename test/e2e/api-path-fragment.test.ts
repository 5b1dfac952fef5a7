// mids api '/v3/projects#top' -f limit=2: the -f query went after the fragment, which is never
// sent, so the server read no limit (50 projects instead of 2), without a word.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a fragment in the path is dropped with a warning, and the -f parameters are sent", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, { data: req.url, meta: {} }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0013" });
  const r = await runMain(["api", "/v3/projects#top", "-f", "limit=2", "--jq", ".data"], { env });
  expect(r.code).toBe(0);
  expect(server.seen).toEqual(["/v3/projects?limit=2"]);
  expect(r.stdout).toBe("/v3/projects?limit=2\n");
  expect(r.stderr).toBe("mids: warning: the path's fragment (#top) is not sent: a fragment stays with the client\n");
});
