// The bundled sandbox server: a deterministic, offline stand-in for the v2 and v3 API,
// with fault injection for testing clients. See README "Sandbox".
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { anchorOf, generate, type Dataset, type DatasetSource } from "./data.js";
import { dispatch, identify, MAX_BODY_BYTES, rateLimitFail, renderFail, takeLimit, usualHeaders, type Incoming, type Outgoing } from "./dispatch.js";
import { RATE_LIMIT_HEADERS } from "../contract/headers.js";
import { applyDirective, parsePrefer, statusAnswer, type Directive, type FaultContext } from "./answers.js";
import { checkFaultSpecs, FaultPlan, parseFaults, type FaultSpec } from "./faults.js";
import { ApiFail, invalid, iso, type World } from "./http.js";
import { ScenarioRun, type Scenario } from "./scenario.js";
import { CassettePlayer, type Cassette } from "./cassette.js";
import { shapeVariantBody } from "./shape-variants.js";
import { SANDBOX_DEMO_KEY, SANDBOX_KEYS } from "./keys.js";
import { limitHeaders, RateLimiter } from "./limits.js";
import { AlertStore } from "./state.js";
import { topicsOf } from "./topics.js";

export { parseFaults, SANDBOX_DEMO_KEY, SANDBOX_KEYS };
export type { FaultSpec };
export type { SandboxKey } from "./keys.js";
import type { SandboxKeyName } from "../../types/sandbox.js";

export interface SandboxOptions {
  port?: number; host?: string; faults?: string | readonly FaultSpec[]; stateFile?: string; now?: () => Date; quiet?: boolean;
  /** the time rate-limit windows are counted on (epoch ms), when not `now`'s (a fixed clock: limits.ts) */
  windowsNow?: () => number;
  /** another generated dataset (the default seed gives the documented one) */
  seed?: number;
  /**
   * Where the hour's dataset comes from (default: `generate`, one per server). Datasets are never
   * changed, so a caller that starts many servers (a test process) may hand them one per hour.
   */
  datasets?: DatasetSource;
  /** admin endpoints and the Prefer header also on a non-loopback bind */
  remoteControl?: boolean;
  /** per route, answers given in turn before the normal ones */
  scenario?: Scenario;
  /** answer from these recorded answers; what it lacks: the generated data, or 404 (`replayMissing`) */
  replay?: Cassette;
  replayMissing?: "generate" | "404";
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
  /** the documented keys by short name (`keys.demo`, `keys.ratelimited`, ...) */
  keys: Readonly<Record<SandboxKeyName, string>>;
  /** whether admin endpoints (/_sandbox/...) and the Prefer header are answered */
  control: boolean;
  /** back to the state at start: alerts, rate limits, fault counters, scenario, request log */
  reset(): void;
  /** replace the --faults plan (same syntax), counters start again */
  setFaults(spec: string | readonly FaultSpec[]): void;
  close(): Promise<void>;
}

export interface RequestLogEntry { method: string; path: string; query: Record<string, string>; at: string }

const MAX_LOG = 10_000;
/**
 * How long an idle keep-alive connection stays open (the `Keep-Alive: timeout=` a client reads).
 * Node's 5 s let the server close a connection a client in the same process (a test suite; `mids
 * --sandbox`) was about to reuse after its event loop had been busy a few seconds (another
 * sandbox's dataset being built): that request failed with ECONNRESET. Told a longer time, the
 * client closes its idle connections first (undici: a second before the server's time).
 */
export const KEEP_ALIVE_MS = 65_000;

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

/**
 * `date`: the sandbox's time (a fixed clock's: `--clock`), as the `Date` header, which Node would
 * otherwise fill with the real time: a script comparing it with the dates in the data saw two times.
 */
function send(res: ServerResponse, out: Outgoing, date: Date, truncate = false): void {
  const body = Buffer.from(out.body, "utf8");
  const headers = { Date: date.toUTCString(), ...out.headers, "Content-Type": out.contentType ?? "application/json; charset=utf-8" };
  if (truncate) {
    // spec'd fault: half the body, then the response ends (no Content-Length, so the body is just short)
    res.writeHead(out.status, headers);
    res.end(body.subarray(0, Math.floor(body.length / 2)));
    return;
  }
  res.writeHead(out.status, { ...headers, "Content-Length": String(body.length) });
  res.end(body);
}

const RATE_LIMIT_NAMES: ReadonlySet<string> = new Set(RATE_LIMIT_HEADERS.map((h) => h.toLowerCase()));

/**
 * The answer from the cassette (`replay`), or undefined when the sandbox's generated data answers
 * (which counts the request itself). A replayed answer counts toward the rate limit as a generated
 * one does (docs/sandbox.md): past the limit the sandbox's 429, and the X-RateLimit-* of a
 * replayed answer are the sandbox's counts, not the recording's, so they agree with its 429s and
 * with `--rate-limit`. A request the cassette lacks under `--replay-missing 404` counts too.
 */
function replayed(inc: Incoming, player: CassettePlayer, missing404: boolean, limiter: RateLimiter, nowMs: number): Outgoing | undefined {
  const has = player.has(inc);
  if (!has && !missing404) return undefined;
  const id = identify(inc);
  const limits = takeLimit(limiter, id, inc.ip, nowMs, true);
  const usual = usualHeaders(inc, id, limits);
  if (limits.limited) return renderFail(rateLimitFail(limits), id.version, usual);
  if (!has) {
    const f = new ApiFail("not_found", `${inc.method} ${inc.path} is not in the cassette`, { subject: { type: "recording", locator: inc.path } }, { v2Message: "Not found" });
    return renderFail(f, id.version, usual);
  }
  const out = player.answer(inc)!;
  const kept = Object.fromEntries(Object.entries(out.headers).filter(([k]) => !RATE_LIMIT_NAMES.has(k.toLowerCase())));
  return { ...out, headers: { ...kept, ...limitHeaders(limits) } };
}

/** A bound address that only this machine reaches. */
export function isLoopbackAddress(address: string): boolean {
  return address === "::1" || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address);
}

/** The documented keys by short name: `demo`, `selfserve`, `archive`, ... (the key minus its prefix). */
export const KEYS_BY_NAME = Object.fromEntries(SANDBOX_KEYS.map((k) => [k.key.replace(/^mids_sandbox_/, ""), k.key])) as Readonly<Record<SandboxKeyName, string>>;

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const now = opts.now ?? (() => new Date());
  // the Date header's time: the clock's, or the real time when a clock function fails (that request's 500 says why)
  const dateNow = (): Date => {
    try {
      const d = now();
      if (Number.isFinite(d.getTime())) return d;
    } catch { /* below */ }
    return new Date();
  };
  // the plan given at start: a reset() puts it back (a setFaults() lasts until the next reset)
  const startFaults = typeof opts.faults === "string" ? parseFaults(opts.faults) : checkFaultSpecs(opts.faults ?? []);
  let faultSpecs = startFaults;
  // everything a reset() puts back: built per server, never shared between servers
  // (a reset in the same hour keeps the hour's dataset: datasets are never changed)
  let hourDs: Dataset | undefined;
  const fresh = (loadState: boolean) => {
    const ds = hourDs?.anchor === anchorOf(now().getTime()) ? hourDs : (hourDs = (opts.datasets ?? generate)(now().getTime(), opts.seed));
    return {
      ds,
      world: { ds, alerts: new AlertStore(ds.anchor, opts.stateFile, loadState), runCounter: { n: 0 } } as World,
      limiter: new RateLimiter(opts.rateLimit, opts.windowsNow),
      plan: new FaultPlan(faultSpecs),
      scenario: opts.scenario ? new ScenarioRun(opts.scenario) : undefined,
      player: opts.replay ? new CassettePlayer(opts.replay) : undefined,
      log: [] as RequestLogEntry[],
    };
  };
  let st = fresh(true);
  // whether admin endpoints and Prefer work: on loopback, or when asked for (`--remote-control`)
  let control = false;
  // when each request arrived, for the request log's time and latency
  const arrival = new WeakMap<ServerResponse, { at: string; t0: number }>();

  function reset(): void {
    faultSpecs = startFaults;
    st = fresh(false);
  }
  function setFaults(spec: string | readonly FaultSpec[]): void {
    faultSpecs = typeof spec === "string" ? parseFaults(spec) : checkFaultSpecs(spec);
    st.plan = new FaultPlan(faultSpecs);
  }

  function admin(method: string, path: string, rawBody: string, res: ServerResponse): void {
    const ok = (body: unknown) => send(res, { status: 200, headers: {}, body: JSON.stringify(body) }, dateNow());
    const { ds, world, log } = st;
    if (method === "GET" && path === "/_sandbox/requests") return ok(log);
    if (method === "POST" && path === "/_sandbox/requests/clear") { const n = log.length; log.length = 0; return ok({ cleared: n }); }
    if (method === "POST" && path === "/_sandbox/reset") { reset(); return ok({ reset: true }); }
    if (method === "PUT" && path === "/_sandbox/faults") {
      try { setFaults(rawBody.trim()); } catch (e) { return send(res, { status: 400, headers: {}, body: JSON.stringify({ code: "invalid_request", message: (e as Error).message }) }, dateNow()); }
      return ok({ faults: faultSpecs });
    }
    if (method === "GET" && path === "/_sandbox/faults") return ok({ faults: faultSpecs });
    if (method === "GET" && path === "/_sandbox/alerts") return ok({ destinations: world.alerts.destinations, alerts: world.alerts.alerts });
    if (method === "GET" && path === "/_sandbox/fixtures") {
      return ok({
        ...ds.fixtures, keys: SANDBOX_KEYS, demoKey: SANDBOX_DEMO_KEY,
        alerts: { A: world.alerts.alerts.filter((a) => a.owner === "A").map((a) => a.id), B: world.alerts.alerts.filter((a) => a.owner === "B").map((a) => a.id) },
        topics: topicsOf(ds).map((t) => ({ id: t.id, reportId: t.report.id })),
      });
    }
    send(res, { status: 404, headers: {}, body: JSON.stringify({ code: "not_found", message: `no sandbox admin route ${method} ${path}` }) }, dateNow());
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    arrival.set(res, { at: iso(now().getTime()), t0: performance.now() });
    const { path, query } = splitTarget(req.url ?? "/");
    const body = await readBody(req);
    const method = (req.method ?? "GET").toUpperCase();
    if (control && path.startsWith("/_sandbox/")) return admin(method, path, body.text, res);
    const nowMs = now().getTime();
    const { log } = st;
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
      finish(res, method, path, renderFail(f, id.version, usualHeaders(inc, id, takeLimit(st.limiter, id, inc.ip, nowMs, false))));
    }
  }

  /** Which directive applies: the request's Prefer header, then the scenario, then --faults. */
  function decide(inc: Incoming): { directive?: Directive; applied?: string[]; error?: string } {
    if (control) {
      const p = parsePrefer(inc.headers["prefer"]);
      if (p.error || p.directive) return p;
    }
    const next = st.scenario?.next(inc.method, inc.path);
    if (next) return { directive: next };
    const { delayMs, fault, shapes } = st.plan.decide(inc.path);
    return delayMs || fault || shapes ? { directive: { delayMs, fault: fault?.kind, ...(shapes ? { shapes } : {}) } } : {};
  }

  async function answer(req: IncomingMessage, res: ServerResponse, inc: Incoming, nowMs: number): Promise<void> {
    const { method, path } = inc;
    const { world, limiter } = st;
    const { directive, applied, error } = decide(inc);
    if (error) {
      const id = identify(inc);
      return finish(res, method, path, renderFail(invalid(["Prefer"], error), id.version, usualHeaders(inc, id, takeLimit(limiter, id, inc.ip, nowMs, false))));
    }
    const extra: Record<string, string> = applied?.length ? { "Preference-Applied": applied.join(", ") } : {};
    const { player } = st;
    const gone = new AbortController();
    res.once("close", () => gone.abort());
    const c: FaultContext = {
      gone: gone.signal,
      normal: async () => {
        const out = (player && replayed(inc, player, opts.replayMissing === "404", limiter, nowMs)) || (await dispatch(inc, world, limiter, nowMs));
        // `shapes` combines with the other faults: a successful answer in another legal shape
        if ((directive?.shapes || directive?.fault === "shapes") && out.status < 300) out.body = shapeVariantBody(method, path, out.body);
        return out;
      },
      status: (code) => statusAnswer(code, inc, limiter, nowMs),
      usualHeaders: () => { const id = identify(inc); return usualHeaders(inc, id, takeLimit(limiter, id, inc.ip, nowMs, false)); },
      send: (out, truncate) => finish(res, method, path, { ...out, headers: { ...out.headers, ...extra } }, truncate),
      drop: () => req.socket.destroy(),
    };
    await applyDirective(directive ?? {}, c);
  }

  function finish(res: ServerResponse, method: string, path: string, out: Outgoing, truncate = false): void {
    if (!opts.quiet) {
      const a = arrival.get(res);
      const ms = a ? `${Math.round(performance.now() - a.t0)}ms` : "";
      (opts.log ?? ((l: string) => process.stderr.write(l)))(`sandbox: ${a?.at ?? iso(now().getTime())} ${method} ${path} -> ${out.status} ${ms}${truncate ? " (truncated)" : ""}\n`);
    }
    send(res, out, dateNow(), truncate);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (res.headersSent) { res.destroy(); return; }
      const body = { code: "internal_error", message: "sandbox failure: " + ((e as Error)?.message ?? String(e)) };
      send(res, { status: 500, headers: {}, body: JSON.stringify(body) }, dateNow());
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  server.on("clientError", (_e, socket) => { if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\n\r\n"); else socket.destroy(); });
  // an IPv6 address as URLs write it ([::1]) is the address inside the brackets
  const host = (opts.host ?? "127.0.0.1").replace(/^\[(.*)\]$/, "$1");
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => { server.off("error", reject); resolve(); });
  });
  const { port, address } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  control = isLoopbackAddress(address) || !!opts.remoteControl;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${port}`,
    port,
    address,
    keys: KEYS_BY_NAME,
    control,
    reset,
    setFaults,
    // once: a second close() (a test's own, then its after hook) waits for the first instead of throwing
    close: () => (closing ??= new Promise<void>((resolve, reject) => {
      server.close((e) => (e ? reject(e) : resolve()));
      server.closeAllConnections();
    })),
  };
}
