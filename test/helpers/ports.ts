// Ports for "nothing listens here": bound on loopback, then closed (never a fixed port number,
// which another process on the machine may hold). Several at once are distinct.
import { createServer, type Server } from "node:http";

export async function closedPorts(n: number): Promise<number[]> {
  const servers: Server[] = [];
  for (let i = 0; i < n; i++) {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    servers.push(s);
  }
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  return ports;
}

export async function closedPort(): Promise<number> {
  return (await closedPorts(1))[0];
}
