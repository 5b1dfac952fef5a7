// A proxy that answered 407 to a URL that carried a user name and password: the hint said "put the
// proxy's user name and password in HTTPS_PROXY, before its host", which they already were. With
// credentials given, the hint says the proxy refused them; without, where to put them.
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { testProxy } from "../helpers/proxy.js";

it("a 407: check the credentials given, or add them when none were", async () => {
  const proxy = await testProxy({ auth: `Basic ${Buffer.from("bob:right-pw").toString("base64")}` });
  const run = (url: string) => runMain(["topics", "list", "--base-url", "https://api.mids.test"], { env: baseEnv({ HTTPS_PROXY: url, MIDS_API_KEY: "mids_test_key_0001" }) });
  const [wrong, none] = await Promise.all([run(`http://bob:wrong-pw-88@127.0.0.1:${proxy.port}`), run(proxy.url)]);
  expect([wrong.code, none.code]).toEqual([7, 7]);
  expect(wrong.stderr.split("\n")[1]).toBe("hint: the proxy refused the user name and password in HTTPS_PROXY: check them (a character such as @, : or / in them is written percent-encoded, %40 for @)");
  expect(none.stderr.split("\n")[1]).toBe("hint: put the proxy's user name and password in HTTPS_PROXY, before its host: user:password@host:port");
  expect(wrong.stderr).not.toContain("wrong-pw-88");
});
