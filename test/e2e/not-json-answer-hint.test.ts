// A command whose answer is an HTML page (a login page, a proxy's) or empty: "returned a body without
// the v3 envelope", hint "is --base-url pointing at the API?", said nothing of what came instead nor
// how to see it. The hint now says what it is and the mids api call that shows it.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

it("an HTML page or an empty body where the API's JSON goes: the hint says which, and how to see it", async () => {
  const server = await hostile((req, res) => {
    if (req.url!.startsWith("/empty")) return res.writeHead(200, { "content-type": "application/json" }).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<html>sign in</html>");
  });
  const env = (base: string) => baseEnv({ MIDS_BASE_URL: base, MIDS_API_KEY: "mids_test_key_0001" });
  const [page, empty] = await Promise.all([runMain(["me"], { env: env(server.url) }), runMain(["me"], { env: env(`${server.url}/empty`) })]);
  expect([page.code, empty.code]).toEqual([7, 7]);
  expect(page.stderr).toBe("mids: 'mids me' returned a body without the v3 envelope\n" +
    "hint: it is a text/html page, not JSON (20 bytes): a login page, a proxy's or another server's may have answered; is MIDS_BASE_URL pointing at the API? (mids api /v3/me shows the body)\n");
  expect(empty.stderr).toBe("mids: 'mids me' returned a body without the v3 envelope\n" +
    "hint: it is empty (HTTP 200); is MIDS_BASE_URL pointing at the API? (mids api /v3/me shows the body)\n");
});

// An HTML 401 or 403 (a corporate proxy's or firewall's block page, not the API's error JSON) said
// "the API key ... was rejected", or "check the API key", and the key was not what was refused.
// It now says what came and how to see it; the API's own JSON 401 still names the key.
it("an HTML 401 or 403: not the API's answer, so no word on the key, and how to see the page", async () => {
  const server = await hostile((req, res) => {
    if (req.url!.startsWith("/json")) return res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ code: "credential_required", message: "invalid key" }));
    res.writeHead(req.url!.startsWith("/s403") ? 403 : 401, { "content-type": "text/html; charset=utf-8" }).end("<html>Blocked by policy</html>");
  });
  const run = (base: string, key: string | undefined, args = ["me"]) => runMain(args, { env: baseEnv({ MIDS_BASE_URL: `${server.url}${base}`, MIDS_API_KEY: key }) });
  const [withKey, noKey, api, json] = await Promise.all([run("", "mids_test_key_0001"), run("/s403", undefined), run("", "mids_test_key_0001", ["api", "/v3/me"]), run("/json", "mids_test_key_0001")]);
  expect([withKey.code, noKey.code, api.code, json.code]).toEqual([3, 3, 3, 3]);
  const page = "the answer is a text/html page, not the API's error (JSON)";
  const inFront = "something in front of the API (a proxy, firewall or gateway) answered, not the API";
  expect(withKey.stderr).toBe(`mids: 'mids me' failed with HTTP 401: ${page}\nhint: ${inFront}; mids api /v3/me -i shows the page\n`);
  expect(noKey.stderr).toBe(`mids: 'mids me' failed with HTTP 403: ${page}\nhint: ${inFront}; mids api /v3/me -i shows the page\n`);
  expect(api.stderr).toBe(`mids: GET /v3/me failed with HTTP 401: ${page}\nhint: ${inFront}; mids api /v3/me -i shows the page\n`);
  expect(json.stderr.split("\n")[0]).toMatch(/^mids: the API key \S+ \(from env MIDS_API_KEY\) was rejected: invalid key$/);
});
