// A POST whose answer came (HTTP 200) but could not be read, past --max-body-size or no JSON, was
// told "raise the cap ... if you trust the server" or "try again": the server had answered, so the
// POST had run, and running it again runs it twice. The hint now says it was carried out.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

it("a POST answered with a body past the cap or no JSON: carried out, check before running it again", async () => {
  const server = await hostile((req, res) => sendJson(res, 200, req.url!.includes("big=1") ? `{"data":"${"x".repeat(2048)}"}` : '{"state": "done", '));
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0001" });
  const [big, cut] = await Promise.all([
    runMain(["api", "-X", "POST", "/v2/recipes/execute?big=1", "-f", "name=x", "--max-body-size", "1KB"], { env }),
    runMain(["api", "-X", "POST", "/v2/recipes/execute", "-f", "name=x"], { env }),
  ]);
  expect([big.code, cut.code], big.stderr + cut.stderr).toEqual([7, 7]);
  const said = "hint: the server answered the POST, so it was carried out, and mids never repeats it: check the result before running it again";
  expect(big.stderr).toMatch(new RegExp(`^${said.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}; to read such an answer, raise the cap with --max-body-size .* if you trust the server$`, "m"));
  expect(cut.stderr).toContain(`\n${said}\n`);
  expect(big.stderr + cut.stderr).not.toMatch(/try again/);
});
