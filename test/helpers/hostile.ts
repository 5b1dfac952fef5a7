// Small hostile HTTP servers on 127.0.0.1 for tests: each answers with a scripted handler, logs
// the requests it saw, and is bounded by the handler (never more than a few MB, never open-ended).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
import { afterEach } from "vitest";

export interface Hostile {
  url: string;
  /** request paths with their query, in arrival order */
  seen: string[];
  /** resolves when the nth request (1-based) has arrived */
  arrived(n: number): Promise<void>;
  close(): Promise<void>;
}

const open: Hostile[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

/** Start a server for one test; it is closed after the test. */
export async function hostile(handler: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<Hostile> {
  const seen: string[] = [];
  const waiters: { n: number; resolve(): void }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? "");
    for (const w of waiters.filter((x) => x.n <= seen.length)) w.resolve();
    handler(req, res, seen.length);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const h: Hostile = {
    url: `http://127.0.0.1:${port}`,
    seen,
    arrived: (n) => (seen.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
  open.push(h);
  return h;
}

/**
 * A TCP server that takes every connection and never says a word (a firewall, a TLS handshake or a
 * proxy's CONNECT that is never answered): counts the connections; closed after the test.
 */
export async function silentServer(): Promise<{ port: number; connections: () => number }> {
  const sockets: Socket[] = [];
  const server = createTcpServer((socket) => {
    sockets.push(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  open.push({ url: "", seen: [], arrived: () => Promise.resolve(), close: () => new Promise((r) => {
    for (const s of sockets) s.destroy();
    server.close(() => r());
  }) });
  return { port: (server.address() as { port: number }).port, connections: () => sockets.length };
}

/** Send a JSON body (already serialized text is sent as is). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(typeof body === "string" ? body : JSON.stringify(body));
}

/** A v3 list page of `n` items starting at `from`. */
export function v3Page(from: number, n: number, nextCursor: string | null): unknown {
  return { data: Array.from({ length: n }, (_, i) => ({ id: `p${from + i}`, slug: `p${from + i}`, name: `P ${from + i}` })), meta: { nextCursor } };
}

/** One v3 project with every documented field (spec 2.11), so a list of them departs from nothing. */
export function v3Project(i: number): Record<string, unknown> {
  const at = "2026-11-01T00:00:00Z";
  return {
    id: `p${i}`, slug: `p${i}`, name: `P ${i}`, universe: "crypto", symbol: `P${i}`, description: `Project ${i}`,
    identifiers: {}, image: `https://example.test/p${i}.png`, trend: 50, rank: i, categories: [], assets: [], intel: [],
    createdAt: at, updatedAt: at, reinforcedAt: at,
  };
}

/** v3Page with documented projects (`projects list` says when a page departs from spec 2.11). */
export function v3ProjectPage(from: number, n: number, nextCursor: string | null): unknown {
  return { data: Array.from({ length: n }, (_, i) => v3Project(from + i)), meta: { nextCursor } };
}
