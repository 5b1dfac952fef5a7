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
