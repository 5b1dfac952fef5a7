// A base URL whose port another kind of server holds (ssh on 22, a database): the error was
// undici's words, "network error talking to HOST: Response does not match the HTTP/1.1 protocol
// (Expected HTTP/, RTSP/ or ICE/)", with "check --base-url and your network". It says what the
// answer was and that the host and port are the fix, named where the base URL was set.
import { createServer, type Socket } from "node:net";
import { afterEach, expect, it } from "vitest";
import { baseEnv, runMids } from "../helpers/cli.js";

const sockets: Socket[] = [];
const ssh = createServer((socket) => {
  sockets.push(socket);
  socket.on("error", () => undefined);
  socket.end("SSH-2.0-OpenSSH_9.6\r\n");
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await new Promise<void>((r) => ssh.close(() => r()));
});

it("an answer that is not HTTP: one line saying so, exit 7, the host and port as the fix", async () => {
  await new Promise<void>((r) => ssh.listen(0, "127.0.0.1", r));
  const port = (ssh.address() as { port: number }).port;
  const r = await runMids(["topics", "list", "--max-retries", "0"], { env: baseEnv({ MIDS_BASE_URL: `http://127.0.0.1:${port}` }) });
  expect(r.code, r.stderr).toBe(7);
  expect(r.stdout).toBe("");
  expect(r.stderr).toBe(`mids: 127.0.0.1:${port} answered with something that is not HTTP\n` +
    "hint: check the host and port in MIDS_BASE_URL: another kind of server answers there; --verbose shows the requests\n");
});

// (it was asked three times more, with backoff, before the same answer gave up: "...; gave up after 3 retries")
it("an answer that is not HTTP is not retried: the same server answers the same way", async () => {
  await new Promise<void>((r) => ssh.listen(0, "127.0.0.1", r));
  const port = (ssh.address() as { port: number }).port;
  const r = await runMids(["topics", "list", "--max-retries", "3"], { env: baseEnv({ MIDS_BASE_URL: `http://127.0.0.1:${port}` }) });
  expect(r.code, r.stderr).toBe(7);
  expect(sockets).toHaveLength(1);
  expect(r.stderr).toBe(`mids: 127.0.0.1:${port} answered with something that is not HTTP\n` +
    "hint: check the host and port in MIDS_BASE_URL: another kind of server answers there; --verbose shows the requests\n");
});
