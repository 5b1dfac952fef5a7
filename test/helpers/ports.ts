// Ports for "nothing listens here". A port bound with listen(0) and closed again is free for the
// next listen(0): a sandbox started by a parallel test can take it before the test connects, and the
// test then talks to that sandbox (seen in CI). Every server in the suite listens on port 0, which
// the kernel draws from its ephemeral range, so these ports are drawn from below that range and
// checked free by binding them (never a fixed number, which another process may hold). Several at
// once are distinct.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";

/** The low end of the kernel's ephemeral port range (Linux); 32768 where it cannot be read. */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 2048) return low;
  } catch { /* not Linux */ }
  return 32768;
}

async function bindable(port: number): Promise<boolean> {
  const s: Server = createServer();
  const ok = await new Promise<boolean>((r) => {
    s.once("error", () => r(false));
    s.listen(port, "127.0.0.1", () => r(true));
  });
  if (ok) await new Promise<void>((r) => s.close(() => r()));
  return ok;
}

export async function closedPorts(n: number): Promise<number[]> {
  const low = 1024, high = ephemeralLow() - 1;
  const ports: number[] = [];
  for (let tries = 0; ports.length < n; tries++) {
    if (tries > 200) throw new Error(`closedPorts: no free port found between ${low} and ${high}`);
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (!ports.includes(port) && (await bindable(port))) ports.push(port);
  }
  return ports;
}

export async function closedPort(): Promise<number> {
  return (await closedPorts(1))[0];
}
