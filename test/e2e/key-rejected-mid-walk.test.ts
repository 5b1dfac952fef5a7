// A key refused part-way through a walk (revoked on page 2 of --all or mids api --paginate): the
// error that names the key (whose key, the fix) was written anew, and lost how far the walk got and
// the cursor to go on from once the key is fixed, which every other error of a walk keeps.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a key refused on page 2 is named, with how far the walk got and the cursor to continue from", async () => {
  const server = await hostile((req, res) => {
    const cursor = new URL(req.url ?? "/", "http://x").searchParams.get("cursor");
    if (cursor) sendJson(res, 401, { code: "credential_required", message: "key revoked" });
    else sendJson(res, 200, { data: [{ id: "p1", slug: "one", name: "One" }], meta: { nextCursor: "cur_page_2" } });
  });
  const [list, given] = await Promise.all([
    runMain(["-q", "projects", "list", "--all", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_configured_key_0031" }) }),
    runMain(["api", "/v3/projects", "--paginate", "-H", "x-api-key: mids_given_key_0032"], { env: baseEnv({ MIDS_BASE_URL: server.url }) }),
  ]);
  expect(list.code).toBe(3);
  expect(list.stderr.split("\n").slice(0, 2)).toEqual([
    "mids: the API key mid...031 (from env MIDS_API_KEY) was rejected: key revoked (after 1 item from 1 page)",
    "hint: fix or unset MIDS_API_KEY; keys are created in the product's integrations settings (or try --sandbox); continue from where it stopped with --cursor cur_page_2",
  ]);
  expect(given.code).toBe(3);
  expect(given.stderr.split("\n").slice(0, 2)).toEqual([
    "mids: the key given with -H x-api-key was rejected: key revoked (after 1 page)",
    "hint: check the value given with -H x-api-key (keys are created in the product's integrations settings); continue from where it stopped with -f cursor=cur_page_2",
  ]);
});
