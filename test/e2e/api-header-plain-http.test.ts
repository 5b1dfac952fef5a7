// A key given with -H to a plain-http base URL off loopback: the configured key is refused there,
// but with none configured the -H key (or token) went out in the clear without a word.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";

it("-H x-api-key or -H Authorization over plain http off loopback is exit 2, nothing sent, as the configured key is", async () => {
  // TEST-NET-1 (RFC 5737): nothing answers there, so only a refusal before sending ends the run at once
  const env = baseEnv({ MIDS_BASE_URL: "http://192.0.2.1:9" });
  const flags = ["--timeout", "2s", "--max-retries", "0"];
  const runs = await Promise.all([
    runMain(["api", "/v3/me", "-H", "x-api-key: mids_given_key_0004", ...flags], { env }),
    runMain(["api", "/v3/me", "-H", "Authorization: Bearer tok_0005", ...flags], { env }),
  ]);
  expect(runs.map((r) => r.code)).toEqual([2, 2]);
  expect(runs[0].stderr.split("\n")[0]).toBe("mids: refusing to send the API key over plain http to 192.0.2.1:9");
  expect(runs[1].stderr.split("\n")[0]).toBe("mids: refusing to send the authorization header over plain http to 192.0.2.1:9");
  for (const r of runs) expect(r.stderr.split("\n")[1]).toMatch(/^hint: use an https:\/\/ base URL, or pass --insecure/);
});
