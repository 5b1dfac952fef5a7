// A proxy that takes the connection and never answers CONNECT held the run past --timeout: the
// tunnel was opened outside the request's timer, under undici's 300 s headers timeout, so
// '--timeout 1s' ended after 5 minutes. The way to the proxy, its CONNECT answer and the TLS
// through the tunnel are held to --timeout. (The run's own 30 s kill timer stands for "never".)
import { createServer, type Socket } from "node:net";
import { afterEach, expect, it } from "vitest";
import { baseEnv, runMids } from "../helpers/cli.js";

const sockets: Socket[] = [];
const silent = createServer((socket) => {
  sockets.push(socket);
  socket.on("error", () => undefined);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await new Promise<void>((r) => silent.close(() => r()));
});

it("a proxy that never answers CONNECT: --timeout ends the request, as a timeout", async () => {
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const port = (silent.address() as { port: number }).port;
  const env = baseEnv({ HTTPS_PROXY: `http://127.0.0.1:${port}`, MIDS_API_KEY: "mids_test_key_0001" });
  const r = await runMids(["topics", "list", "--base-url", "https://api.mids.test", "--max-retries", "0", "--timeout", "1s"], { env });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stderr.split("\n")[0]).toBe("mids: 'mids topics list' timed out after 1000 ms");
  expect(sockets.length).toBe(1);
});
