// An answer whose head is not HTTP: headers without end, or a control character in a header value.
// Before, both were "network error talking to HOST: Headers Overflow Error" (or the parser's
// "Response does not match the HTTP/1.1 protocol"), retried three times (the same answer came
// each time), with a hint to check the network. Now: exit 7 at once, naming the cap or the fault.
import { createServer, type Socket } from "node:net";
import { afterEach, expect, it } from "vitest";
import { baseEnv, runMain } from "../helpers/cli.js";
import { MAX_HEADER_BYTES } from "../../src/client/client.js";

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A raw server: `answer` writes to each connection after its request arrives; counts the requests. */
async function raw(answer: (s: Socket) => void): Promise<{ url: string; requests: () => number }> {
  let n = 0;
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    sockets.add(s);
    s.on("error", () => undefined).on("close", () => sockets.delete(s));
    s.once("data", () => { n++; answer(s); });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push({ close: () => { for (const s of sockets) s.destroy(); server.close(); } });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests: () => n };
}

it("headers past the cap, and a header value holding a control character: exit 7, one line, not retried", async () => {
  // headers that never end: written up to four times the cap, then the connection is left open
  const endless = await raw((s) => {
    s.write("HTTP/1.1 200 OK\r\n");
    for (let sent = 0; sent < 4 * MAX_HEADER_BYTES; sent += 1024) s.write(`X-Pad: ${"a".repeat(1014)}\r\n`);
  });
  const control = await raw((s) => s.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Evil: a\u001b[2Jb\r\nContent-Length: 2\r\n\r\n{}'));
  const host = (u: string) => new URL(u).host;
  for (const [server, first, hint] of [
    [endless, `mids: 'mids me': the answer's headers passed the 16 KB cap, so mids stopped reading them`,
      "hint: check the host and port in MIDS_BASE_URL: the API does not send such headers; --verbose shows the request sent"],
    [control, `mids: ${host(control.url)} answered with something that is not HTTP (`,
      "hint: check the host and port in MIDS_BASE_URL: another kind of server answers there; --verbose shows the requests"],
  ] as const) {
    const r = await runMain(["me"], { env: baseEnv({ MIDS_BASE_URL: server.url, MIDS_API_KEY: "k_test_1234", MIDS_MAX_RETRIES: "3" }) });
    expect(r.code, r.stderr).toBe(7);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0].startsWith(first), lines[0]).toBe(true);
    expect(lines.slice(1)).toEqual([hint]);
    expect(server.requests()).toBe(1);
  }
});
