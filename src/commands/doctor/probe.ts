// One unauthenticated GET with node:http(s): time to first byte, the server's Date, the TLS session.
import type { TLSSocket } from "node:tls";
import { DEFAULT_RETRY } from "../../client/retry.js";

export interface ProbeAnswer {
  ok: true;
  status: number;
  ttfbMs: number;
  date?: string;
  tls?: { protocol: string | null; validTo?: string; issuer?: string };
}
export interface ProbeFailure { ok: false; code: string; message: string; tls: boolean; timeout: boolean }

/** Certificate and handshake failures: the host answered, TLS did not work out. */
export function isTlsError(code: string): boolean {
  return DEFAULT_RETRY.tlsFailure.test(code);
}

export async function probe(url: string, timeoutMs: number, signal: AbortSignal, userAgent: string): Promise<ProbeAnswer | ProbeFailure> {
  const u = new URL(url);
  const https = u.protocol === "https:";
  const mod = https ? await import("node:https") : await import("node:http");
  return new Promise((resolve) => {
    const t0 = performance.now();
    let settled = false;
    const done = (r: ProbeAnswer | ProbeFailure) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const req = mod.request(u, { method: "GET", headers: { accept: "application/json", "user-agent": userAgent }, signal, agent: false }, (res) => {
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
