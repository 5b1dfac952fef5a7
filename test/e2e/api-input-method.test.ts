// mids api PATH --input FILE without -X (gh api's habit: gh makes it a POST): the body went out on
// a GET, unread, and the GET's answer stood for it (exit 4, "recipe validate not found").
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("--input on a GET or HEAD is exit 2 with nothing sent and the -X to add; with -X POST it is sent", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, { valid: true, method: req.method }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0001" });
  const body = JSON.stringify({ yaml: "name: x\n" });
  const refused = await Promise.all([
    runMain(["api", "/v2/recipes/validate", "--input", "-"], { env, input: body }),
    runMain(["api", "-X", "head", "/v2/recipes/validate", "--input", "-"], { env, input: body }),
  ]);
  for (const [r, method] of [[refused[0], "GET"], [refused[1], "HEAD"]] as const) {
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")[0]).toBe(`mids: --input sends a request body, and a ${method} has none: nothing was sent`);
    expect(r.stderr.split("\n")[1]).toMatch(/^hint: .*-X POST PATH --input FILE/);
  }
  expect(server.seen).toEqual([]);
  const sent = await runMain(["api", "-X", "POST", "/v2/recipes/validate", "--input", "-", "--jq", ".method"], { env, input: body });
  expect(sent.code).toBe(0);
  expect(sent.stdout).toBe("POST\n");
});

// --input with -f on a POST (gh api sends the fields in the query string then): the refusal had no
// hint, so the way to send both was left to guess.
it("--input with -f is exit 2 with nothing sent and a hint that writes the field as a query parameter", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, { method: req.method }));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMain(["api", "-X", "patch", "/v3/alerts/a1?dry=1", "--input", "-", "-f", "status=paused"], { env, input: "{}" });
  expect(r.code).toBe(2);
  expect(r.stderr.split("\n")[0]).toBe("mids: --input and -f both give the PATCH's body: nothing was sent");
  expect(r.stderr.split("\n")[1]).toBe("hint: put the fields in the --input body, or a query parameter in the path: mids api -X PATCH '/v3/alerts/a1?dry=1&status=...' --input -");
  expect(server.seen).toEqual([]);
});
