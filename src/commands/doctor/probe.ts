// One unauthenticated GET with node:http(s): time to first byte, the server's Date, the TLS session.
import type { TLSSocket } from "node:tls";
import { Socket, isIP } from "node:net";
import { DEFAULT_RETRY, proxyRefusal } from "../../client/retry.js";
import type { Proxy } from "../../client/proxy.js";

export interface ProbeAnswer {
  ok: true;
  status: number;
  ttfbMs: number;
  date?: string;
  tls?: { protocol: string | null; validTo?: string; issuer?: string };
}
/** `proxy`: the failure is the proxy's (it could not be reached, or refused the tunnel) */
export interface ProbeFailure { ok: false; code: string; message: string; tls: boolean; timeout: boolean; proxy?: boolean }

/** Certificate and handshake failures: the host answered, TLS did not work out. */
export function isTlsError(code: string): boolean {
  return DEFAULT_RETRY.tlsFailure.test(code);
}

const bare = (host: string): string => host.replace(/^\[|\]$/g, "");

/**
 * A tunnel to the target's host and port through a proxy (CONNECT, as the client opens one), or
 * the failure: the proxy unreachable, or its answer other than 200 (`PROXY_407`).
 */
async function tunnel(u: URL, proxy: Proxy, signal: AbortSignal, timeoutMs: number): Promise<Socket | ProbeFailure> {
  const p = new URL(proxy.uri);
  const mod = p.protocol === "https:" ? await import("node:https") : await import("node:http");
  const port = u.port || (u.protocol === "https:" ? "443" : "80");
  const headers: Record<string, string> = { host: `${u.hostname}:${port}` };
  if (p.username || p.password) headers["proxy-authorization"] = `Basic ${Buffer.from(`${decodeURIComponent(p.username)}:${decodeURIComponent(p.password)}`).toString("base64")}`;
  return new Promise((resolve) => {
    const req = mod.request({ host: bare(p.hostname), port: p.port || (p.protocol === "https:" ? 443 : 80), method: "CONNECT", path: `${u.hostname}:${port}`, headers, signal, agent: false });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ ok: false, code: "ETIMEDOUT", message: `no answer within ${timeoutMs} ms`, tls: false, timeout: true, proxy: true });
    }, timeoutMs);
    req.on("connect", (res, socket, head) => {
      clearTimeout(timer);
      // (what the proxy sent after its 200, in the same packet, is the tunnel's first bytes: a block
      // page in the API's place; dropped, the TLS handshake waited for an answer to the timeout)
      if (head.length) socket.unshift(head);
      if (res.statusCode === 200) return resolve(socket);
      socket.destroy();
      resolve({ ok: false, code: proxyRefusal(res.statusCode ?? 0), message: `the proxy answered HTTP ${res.statusCode} to CONNECT`, tls: false, timeout: false, proxy: true });
    });
    req.on("error", (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // ("socket hang up": the proxy closed the connection before it answered CONNECT, as the
      // client names it; a reset is "read ECONNRESET")
      const code = e.code === "ECONNRESET" && e.message === "socket hang up" ? "PROXY_TUNNEL_CLOSED" : e.code ?? "ERROR";
      resolve({ ok: false, code, message: e.message, tls: false, timeout: false, proxy: true });
    });
    req.end();
  });
}

export async function probe(url: string, timeoutMs: number, signal: AbortSignal, userAgent: string, proxy?: Proxy): Promise<ProbeAnswer | ProbeFailure> {
  const u = new URL(url);
  const https = u.protocol === "https:";
  const mod = https ? await import("node:https") : await import("node:http");
  const t0 = performance.now();
  let via: Socket | undefined;
  if (proxy) {
    const t = await tunnel(u, proxy, signal, timeoutMs);
    if (!(t instanceof Socket)) return t;
    via = t;
  }
  // through a tunnel, TLS runs over it: the probe still sees the server's own certificate
  const tlsModule = https && via ? await import("node:tls") : undefined;
  const createConnection = via && (() => (tlsModule ? tlsModule.connect({ socket: via, servername: isIP(bare(u.hostname)) ? undefined : bare(u.hostname) }) : via));
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: ProbeAnswer | ProbeFailure) => {
      if (settled) return;
      settled = true;
      via?.destroy();
      resolve(r);
    };
    const req = mod.request(u, { method: "GET", headers: { accept: "application/json", "user-agent": userAgent }, signal, ...(createConnection ? { createConnection } : { agent: false }) }, (res) => {
      const ttfbMs = Math.round(performance.now() - t0);
      let tls: ProbeAnswer["tls"];
      if (https) {
        const sock = res.socket as TLSSocket;
        const cert = sock.getPeerCertificate?.();
        tls = { protocol: sock.getProtocol?.() ?? null, validTo: cert?.valid_to, issuer: [cert?.issuer?.O ?? cert?.issuer?.CN].flat()[0] };
      }
      const date = res.headers.date;
      res.destroy(); // the headers are all a probe needs
      done({ ok: true, status: res.statusCode ?? 0, ttfbMs, date, tls });
    });
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, code: "ETIMEDOUT", message: `no answer within ${timeoutMs} ms`, tls: false, timeout: true });
    }, timeoutMs);
    req.on("error", (e: NodeJS.ErrnoException) => {
      const code = e.code ?? "ERROR";
      done({ ok: false, code, message: e.message, tls: isTlsError(code), timeout: false });
    });
    req.on("close", () => clearTimeout(timer));
    req.end();
  });
}
