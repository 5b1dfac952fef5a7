// The bundled sandbox server: a deterministic, offline stand-in for the v2 and v3 API,
// with fault injection for testing clients. See README "Sandbox".
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { generate } from "./data.js";
import { baseHeaders, dispatch, identify, MAX_BODY_BYTES, rateLimitFail, reason, renderFail, takeLimit, type Incoming, type Outgoing } from "./dispatch.js";
import { driftBody, FaultPlan, parseFaults, type FaultSpec } from "./faults.js";
import { ApiFail, iso, type World } from "./http.js";
import { shapeVariantBody } from "./shape-variants.js";
import { SANDBOX_DEMO_KEY, SANDBOX_KEYS } from "./keys.js";
import { RateLimiter } from "./limits.js";
import { AlertStore } from "./state.js";
import { topicsOf } from "./topics.js";

export { parseFaults, SANDBOX_DEMO_KEY, SANDBOX_KEYS };
export type { FaultSpec };
export type { SandboxKey } from "./keys.js";

export interface SandboxOptions {
  port?: number; host?: string; faults?: string; stateFile?: string; now?: () => Date; quiet?: boolean;
  /** one per-minute rate limit for every key instead of each key's documented one */
  rateLimit?: number;
  /** where the request log lines go (default stderr); none when quiet */
  log?: (line: string) => void;
}
export interface Sandbox {
  /** http://ADDRESS:PORT with the address actually bound (0.0.0.0 stays 0.0.0.0) */
  url: string;
  port: number;
  /** the bound address, e.g. 127.0.0.1, 0.0.0.0, :: */
  address: string;
  close(): Promise<void>;
}

export interface RequestLogEntry { method: string; path: string; query: Record<string, string>; at: string }

const MAX_LOG = 10_000;

/** The whole body, or `tooLarge` once it passes the cap (the rest is drained, not kept). */
function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
      else chunks.length = 0;
    });
    req.on("end", () => resolve(size > MAX_BODY_BYTES ? { text: "", tooLarge: true } : { text: Buffer.concat(chunks).toString("utf8"), tooLarge: false }));
    req.on("error", reject);
  });
}

/**
 * Path and query of a request target, without resolving it as a URL: `//x` is not a host,
 * absolute-form targets lose their scheme and authority, runs of slashes collapse.
 */
function splitTarget(raw: string): { path: string; query: URLSearchParams } {
  let target = raw.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  const hash = target.indexOf("#");
  if (hash >= 0) target = target.slice(0, hash);
  const q = target.indexOf("?");
  const path = ("/" + (q >= 0 ? target.slice(0, q) : target)).replace(/\/{2,}/g, "/");
  return { path, query: new URLSearchParams(q >= 0 ? target.slice(q + 1) : "") };
}

function send(res: ServerResponse, out: Outgoing, truncate = false): void {
  const body = Buffer.from(out.body, "utf8");
  const headers = { ...out.headers, "Content-Type": out.contentType ?? "application/json; charset=utf-8" };
  if (truncate) {
    // spec'd fault: half the body, then the response ends (no Content-Length, so the body is just short)
    res.writeHead(out.status, headers);
    res.end(body.subarray(0, Math.floor(body.length / 2)));
    return;
  }
  res.writeHead(out.status, { ...headers, "Content-Length": String(body.length) });
  res.end(body);
}

/** The answer of an injected status fault. 502/504 look like a proxy's HTML page. */
function faultResponse(kind: string, inc: Incoming, limiter: RateLimiter, nowMs: number): Outgoing {
  const id = identify(inc);
  const s = takeLimit(limiter, id, inc.ip, nowMs, false);
  const headers = baseHeaders(id, s);
  if (kind === "502" || kind === "504") {
    const status = Number(kind);
    return { status, headers, body: `<html><head><title>${status} ${reason(status)}</title></head><body><h1>${status} ${reason(status)}</h1></body></html>\n`, contentType: "text/html; charset=utf-8" };
  }
  if (kind === "429") {
    const f = rateLimitFail({ ...s, limited: "minute", retryAfterSec: 1 });
    return renderFail(f, id.version, headers);
  }
  const f = kind === "500"
    ? new ApiFail("internal_error", "sandbox fault: internal error")
    : new ApiFail("service_unavailable", "sandbox fault: service temporarily unavailable");
  return renderFail(f, id.version, headers);
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const now = opts.now ?? (() => new Date());
  const plan = new FaultPlan(opts.faults ? parseFaults(opts.faults) : []);
  const ds = generate(now().getTime());
  const world: World = { ds, alerts: new AlertStore(ds.anchor, opts.stateFile), runCounter: { n: 0 } };
  const limiter = new RateLimiter(opts.rateLimit);
  const log: RequestLogEntry[] = [];
  // when each request arrived, for the request log's time and latency
  const arrival = new WeakMap<ServerResponse, { at: string; t0: number }>();

  function admin(method: string, path: string, res: ServerResponse): void {
    const ok = (body: unknown) => send(res, { status: 200, headers: {}, body: JSON.stringify(body) });
    if (method === "GET" && path === "/_sandbox/requests") return ok(log);
    if (method === "POST" && path === "/_sandbox/requests/clear") { const n = log.length; log.length = 0; return ok({ cleared: n }); }
    if (method === "GET" && path === "/_sandbox/alerts") return ok({ destinations: world.alerts.destinations, alerts: world.alerts.alerts });
    if (method === "GET" && path === "/_sandbox/fixtures") {
      return ok({
        ...ds.fixtures, keys: SANDBOX_KEYS, demoKey: SANDBOX_DEMO_KEY,
        alerts: { A: world.alerts.alerts.filter((a) => a.owner === "A").map((a) => a.id), B: world.alerts.alerts.filter((a) => a.owner === "B").map((a) => a.id) },
        topics: topicsOf(ds).map((t) => ({ id: t.id, reportId: t.report.id })),
      });
    }
    send(res, { status: 404, headers: {}, body: JSON.stringify({ code: "not_found", message: `no sandbox admin route ${method} ${path}` }) });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    arrival.set(res, { at: iso(now().getTime()), t0: performance.now() });
    const { path, query } = splitTarget(req.url ?? "/");
    const body = await readBody(req);
    const method = (req.method ?? "GET").toUpperCase();
    if (path.startsWith("/_sandbox/")) return admin(method, path, res);
    const nowMs = now().getTime();
    log.push({ method, path, query: Object.fromEntries(query), at: iso(nowMs) });
    if (log.length > MAX_LOG) log.shift();
    const inc: Incoming = {
      method, path, query, headers: req.headers, rawBody: body.text, bodyTooLarge: body.tooLarge, ip: req.socket.remoteAddress ?? "unknown",
    };
    try {
      await answer(req, res, inc, nowMs);
    } catch (e) {
      // a sandbox bug still answers like the API: the version's error body and the usual headers
      if (res.headersSent) { res.destroy(); return; }
      const id = identify(inc);
      const f = new ApiFail("internal_error", "sandbox failure: " + ((e as Error)?.message ?? String(e)));
      finish(res, method, path, renderFail(f, id.version, baseHeaders(id, takeLimit(limiter, id, inc.ip, nowMs, false))));
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse, inc: Incoming, nowMs: number): Promise<void> {
    const { method, path } = inc;
    const { delayMs, fault, shapes } = plan.decide(path);
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (fault?.kind === "reset") { req.socket.destroy(); return; }
    if (fault && ["500", "502", "503", "504", "429"].includes(fault.kind)) return finish(res, method, path, faultResponse(fault.kind, inc, limiter, nowMs));
    const out = await dispatch(inc, world, limiter, nowMs);
    // 503after: the request took effect, but the client only sees an outage
    if (fault?.kind === "503after") return finish(res, method, path, faultResponse("503", inc, limiter, nowMs));
    if (fault?.kind === "drift" && out.status < 300) out.body = driftBody(out.body);
    if (shapes && out.status < 300) out.body = shapeVariantBody(method, path, out.body);
    finish(res, method, path, out, fault?.kind === "truncate");
  }

  function finish(res: ServerResponse, method: string, path: string, out: Outgoing, truncate = false): void {
    if (!opts.quiet) {
      const a = arrival.get(res);
      const ms = a ? `${Math.round(performance.now() - a.t0)}ms` : "";
      (opts.log ?? ((l: string) => process.stderr.write(l)))(`sandbox: ${a?.at ?? iso(now().getTime())} ${method} ${path} -> ${out.status} ${ms}${truncate ? " (truncated)" : ""}\n`);
    }
    send(res, out, truncate);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (res.headersSent) { res.destroy(); return; }
      const body = { code: "internal_error", message: "sandbox failure: " + ((e as Error)?.message ?? String(e)) };
      send(res, { status: 500, headers: {}, body: JSON.stringify(body) });
    });
  });
  server.on("clientError", (_e, socket) => { if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\n\r\n"); else socket.destroy(); });
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => { server.off("error", reject); resolve(); });
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${port}`,
    port,
    address,
    close: () => new Promise<void>((resolve, reject) => {
      server.close((e) => (e ? reject(e) : resolve()));
      server.closeAllConnections();
    }),
  };
}
