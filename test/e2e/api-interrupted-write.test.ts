// Ctrl-C or a CI timeout's SIGTERM while mids api's PATCH (or POST) was out: "mids: interrupted"
// alone, so a script's author could not tell that it may have been carried out.
import { expect, it } from "vitest";
import { baseEnv, interruptWhen } from "../helpers/cli.js";
import { hostile } from "../helpers/hostile.js";

it("an interrupted write says it may have been carried out; an interrupted GET does not", async () => {
  // the answer never comes: the run ends by the signal alone
  const server = await hostile(() => undefined);
  const env = baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "mids_test_key_0011" });
  const write = await interruptWhen(["api", "-X", "PATCH", "/v3/alerts/a1", "-f", "status=paused"], env, async () => server.seen.length >= 1, "SIGTERM");
  expect(write.code).toBe(143);
  expect(write.stdout).toBe("");
  expect(write.stderr).toBe("mids: interrupted\nhint: the PATCH may have reached the server and been carried out before the interrupt: check the result before running it again\n");
  const read = await interruptWhen(["api", "/v3/alerts/a1"], env, async () => server.seen.length >= 2, "SIGINT");
  expect(read.code).toBe(130);
  expect(read.stderr).toBe("mids: interrupted\n");
});
