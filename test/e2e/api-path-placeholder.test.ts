// A route's placeholder left in the path (completion offers /v3/projects/{idOrSlug}; the v2 docs
// write /v2/projects/:id): it was sent, and the 404 for a project named "{idOrSlug}" (exit 4)
// read as if an id had been looked up and was missing.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a {name} or :name segment is exit 2 with nothing sent and where the values are listed", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, { data: req.url, meta: {} }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0018" });
  const [braces, colon, noList] = await Promise.all([
    runMain(["api", "/v3/projects/{idOrSlug}/series/trend"], { env }),
    runMain(["api", "v2/projects/:id/momentum", "-f", "start=2026-11-01T00:00:00Z"], { env }),
    runMain(["api", `${server.url}/v3/alerts/{id}`], { env }),
  ]);
  expect(braces.stderr).toBe("mids: the path holds the placeholder {idOrSlug}: put a value in its place (nothing was sent)\n" +
    "hint: 'mids api /v3/projects' lists them, e.g. mids api /v3/projects --jq '.data[0].id'\n");
  expect(colon.stderr.split("\n")[0]).toBe("mids: the path holds the placeholder :id: put a value in its place (nothing was sent)");
  expect(colon.stderr.split("\n")[1]).toMatch(/^hint: 'mids api \/v2\/projects' lists them/);
  expect(noList.stderr.split("\n")[1]).toMatch(/^hint: check the id: the API lists no alert subscriptions/);
  for (const r of [braces, colon, noList]) expect(r.code).toBe(2);
  expect(server.seen).toEqual([]);
  // a value in its place is sent
  const ok = await runMain(["api", "/v3/projects/jutufi", "--jq", ".data"], { env });
  expect(ok.stdout).toBe("/v3/projects/jutufi\n");
});

// Every placeholder under a list was sent to that list's .data[0].id: {measure} to a project's id,
// a v2 recipe's {name} to an id it has not, v2's topics (in data.topics) to .data[0], and a path no
// route has (/v3/me/{x}) to 'mids api /v3/me lists them'.
it("the hint fits the placeholder: a route's fixed values, the member a list names it by, or no route", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, { data: req.url, meta: {} }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0018" });
  const runs = await Promise.all(["/v3/projects/bitcoin/series/{measure}", "/v2/recipes/:name", "/v2/topics/{id}/report", "/v3/me/{x}"].map((p) => runMain(["api", p], { env })));
  expect(runs.map((r) => r.stderr.split("\n")[1])).toEqual([
    "hint: {measure} is one of trend, rank: e.g. mids api /v3/projects/bitcoin/series/trend",
    "hint: 'mids api /v2/recipes' lists them, e.g. mids api /v2/recipes --jq '.data[0].name'",
    "hint: 'mids api /v2/topics' lists them, e.g. mids api /v2/topics --jq '.data.topics[0].id'",
    "hint: no route has this path: check it (TAB after 'mids api ' offers the routes, once 'mids completion' is set up)",
  ]);
  for (const r of runs) expect(r.code).toBe(2);
  expect(server.seen).toEqual([]);
});
