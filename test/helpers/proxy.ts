// A forward proxy on 127.0.0.1 for tests: it opens CONNECT tunnels (what mids' client sends
// through a proxy) to 127.0.0.1 at the port asked, whatever the host name, and logs what it was
// asked and the Proxy-Authorization it got. With `auth` set it answers 407 to any other; with
// `refuse` set it answers every CONNECT with that status. It reads at most a request head
// (8 KiB) and gives a client that sends nothing 5 s.
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach } from "vitest";

export interface TestProxy {
  url: string;
  port: number;
  /** the authorities asked for (`api.mids.test:1234`), in order */
  tunnels: string[];
  /** the Proxy-Authorization header of each CONNECT ("" for none) */
  auth: string[];
  close(): Promise<void>;
}

const open: TestProxy[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

/** Start a proxy for one test (closed after it); `auth`: the only Proxy-Authorization it lets through; `refuse`: the status of every CONNECT's answer. */
export async function testProxy(opts: { auth?: string; refuse?: number } = {}): Promise<TestProxy> {
  const tunnels: string[] = [];
  const auth: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer({ maxHeaderSize: 8 * 1024, requestTimeout: 5_000, headersTimeout: 5_000 }, (_req, res) => { res.statusCode = 405; res.end(); });
  server.on("connect", (req, client: Socket) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => undefined);
    tunnels.push(req.url ?? "");
    const given = String(req.headers["proxy-authorization"] ?? "");
    auth.push(given);
    if (opts.refuse !== undefined) {
      client.end(`HTTP/1.1 ${opts.refuse} Refused\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    if (opts.auth !== undefined && given !== opts.auth) {
      client.end("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const port = Number(/:(\d+)$/.exec(req.url ?? "")?.[1]);
    const up = connect(port, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      up.pipe(client);
      client.pipe(up);
    });
    sockets.add(up);
    up.on("close", () => { sockets.delete(up); client.destroy(); });
    up.on("error", () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const p: TestProxy = {
    url: `http://127.0.0.1:${port}`,
    port,
    tunnels,
    auth,
    close: () => new Promise((r) => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
  open.push(p);
  return p;
}
