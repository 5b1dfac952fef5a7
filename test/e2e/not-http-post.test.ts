// A POST to a port where another kind of server answers (an SSH banner: no HTTP at all) was told "the
// POST may have been carried out before it failed ... check the result", in place of the fix, the host
// and port in the base URL: a server that speaks no HTTP is not the API and ran nothing.
import { createServer, type Socket } from "node:net";
import { expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";

it("a POST answered by a server that speaks no HTTP gets the base URL's fix, not 'may have been carried out'", async () => {
  const sockets: Socket[] = [];
  const ssh = createServer((s) => (sockets.push(s), s.on("error", () => undefined), s.end("SSH-2.0-OpenSSH_9.6\r\n")));
  await new Promise<void>((r) => ssh.listen(0, "127.0.0.1", r));
  try {
    const at = `127.0.0.1:${(ssh.address() as { port: number }).port}`;
    const r = await runMain(["api", "-X", "POST", "/v2/recipes/execute", "-f", "name=x"], { env: baseEnv({ MIDS_BASE_URL: `http://${at}`, MIDS_API_KEY: "mids_test_key_0001" }) });
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toBe(`mids: ${at} answered with something that is not HTTP\n` +
      "hint: check the host and port in MIDS_BASE_URL: another kind of server answers there; --verbose shows the requests\n");
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise((r) => ssh.close(r));
  }
});
