// The one HTTP client under every command: undici with keep-alive, retries that honour
// rate limits, error mapping, deprecation notices and --verbose traces with the key redacted.
// undici's index loads every feature (fetch, websockets, mocks, caches): ~80 ms of start-up per
// command. The client needs only the Agent and the request API, so it loads just those modules.
import Agent from "undici/lib/dispatcher/agent.js";
import apiRequest from "undici/lib/api/api-request.js";
import { matchRoute, route as routeById, type Route } from "../contract/routes.js";
import { ApiError, MalformedResponseError, NetworkError, RateLimitError, TimeoutError, UsageError, MidsError, InterruptedError } from "../errors.js";
import { toApiError } from "./errormap.js";
import { normalizeHeaders, parseDeprecation, parseRateLimit, type Deprecation, type Headers, type RateLimit } from "./headers.js";
import { buildRaw, buildRequest, isLoopbackHost, redact, redactHeaders, type BuiltRequest, type Query } from "./request.js";
import { DEFAULT_RETRY, retryDelay, type RetryPolicy } from "./retry.js";
import { deprecationNotice } from "./notices.js";
import type { HistoryPolicy } from "../contract/schemas.js";

export interface ClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
  insecure: boolean;
  verbose: boolean;
  userAgent: string;
  signal?: AbortSignal;
  now: () => Date;
  /** stderr line writer for traces and notices */
  trace: (line: string) => void;
  notice: (message: string, key: string) => void;
  /** test hook: deterministic jitter */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallInput {
  pathParams?: Record<string, string>;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiResult<T = unknown> {
  route?: Route;
  method: string;
  url: string;
  status: number;
  headers: Headers;
  /** parsed JSON body (or text when not JSON) */
  body: unknown;
  /** `data` of the envelope, or the body when the route has none */
  data: T;
  meta: Record<string, unknown>;
  pagination?: { page: number; limit: number; totalCount: number; hasMore: boolean };
  nextCursor?: string | null;
  history?: HistoryPolicy;
  versions?: Record<string, string>;
  rateLimit?: RateLimit;
  keyType?: string;
  deprecation?: Deprecation;
}

function sleepDefault(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new InterruptedError("interrupted"));
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(new InterruptedError("interrupted"))), { once: true });
  });
}

export class Client {
  readonly opts: ClientOptions;
  readonly retry: RetryPolicy;
  private readonly agent: Agent;

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.retry = { ...DEFAULT_RETRY, limit: opts.maxRetries };
    this.agent = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
  }

  async close(): Promise<void> {
    await this.agent.close().catch(() => undefined);
  }

  private buildOpts() {
    return { baseUrl: this.opts.baseUrl, apiKey: this.opts.apiKey, userAgent: this.opts.userAgent };
  }

  /** Call a route of the contract by id. */
  async call<T = unknown>(routeId: string, input: CallInput = {}): Promise<ApiResult<T>> {
    const r = routeById(routeId);
    const req = buildRequest(r, input, this.buildOpts());
    return this.send<T>(req, r, r.idempotent);
  }

  /** A raw request (mids api); the route, when the path matches one, still decides retries and notices. */
  async raw(method: string, pathAndQuery: string, body: unknown, headers?: Record<string, string>): Promise<ApiResult> {
    const req = buildRaw(method, pathAndQuery, body, headers, this.buildOpts());
    const pathname = new URL(req.url).pathname.slice(new URL(this.opts.baseUrl).pathname.replace(/\/+$/, "").length);
    const m = matchRoute(req.method, pathname);
    const idempotent = m ? m.route.idempotent : req.method === "GET" || req.method === "HEAD";
    return this.send(req, m?.route, idempotent);
  }

  private checkTransportSecurity(req: BuiltRequest): void {
    const u = new URL(req.url);
    if (this.opts.apiKey && u.protocol === "http:" && !isLoopbackHost(u.hostname) && !this.opts.insecure) {
      throw new UsageError(`refusing to send the API key over plain http to ${u.host}`, {
        hint: "use an https:// base URL, or pass --insecure if you really mean it",
      });
    }
  }

  private async send<T>(req: BuiltRequest, r: Route | undefined, idempotent: boolean): Promise<ApiResult<T>> {
    this.checkTransportSecurity(req);
    const sleep = this.opts.sleep ?? sleepDefault;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.once<T>(req, r);
        if (r?.deprecated || res.deprecation) {
          const note = deprecationNotice(r, res.deprecation, this.opts.now());
          if (note) this.opts.notice(note, `deprecation:${r?.id ?? req.url}`);
        }
        return res;
      } catch (err) {
        const wait = retryDelay(err, attempt, idempotent, this.retry, this.opts.random);
        if (wait === undefined) throw this.finalError(err, attempt);
        if (this.opts.verbose) this.opts.trace(`* retry ${attempt + 1}/${this.retry.limit} in ${wait} ms (${(err as Error).message})`);
        await sleep(wait, this.opts.signal);
      }
    }
  }

  /** Rate limited with no retries left: exit 5 and say when the limit resets. */
  private finalError(err: unknown, attempt: number): unknown {
    if (err instanceof ApiError && err.exitCode === 5 && !(err instanceof RateLimitError)) {
      const rl = parseRateLimit(err.headers, this.opts.now());
      const reset = [rl?.minute, rl?.day].find((w) => w && w.remaining === 0 && w.resetAt)?.resetAt ?? rl?.minute.resetAt;
      const tries = attempt > 0 ? ` after ${attempt} ${attempt === 1 ? "retry" : "retries"}` : "";
      const e = new RateLimitError(`${err.message}${tries}`, {
        code: err.code, status: err.status ?? 429, details: err.details, headers: err.headers, body: err.body,
        hint: reset ? `the limit resets at ${reset.toISOString()}; wait, or raise --max-retries` : "wait a minute and try again",
      });
      return e;
    }
    return err;
  }

  private async once<T>(req: BuiltRequest, r: Route | undefined): Promise<ApiResult<T>> {
    const { verbose } = this.opts;
    const secrets = [this.opts.apiKey];
    if (verbose) {
      this.opts.trace(redact(`> ${req.method} ${req.url}`, secrets));
      for (const [k, v] of Object.entries(redactHeaders(req.headers))) this.opts.trace(redact(`> ${k}: ${v}`, secrets));
    }
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    const signal = this.opts.signal ? AbortSignal.any([timeout, this.opts.signal]) : timeout;
    const what = r ? `${r.method} ${r.path}` : `${req.method} ${new URL(req.url).pathname}`;
    let status: number;
    let headers: Headers;
    let text: string;
    const started = Date.now();
    try {
      const u = new URL(req.url);
      const res = await apiRequest.call(this.agent, {
        origin: u.origin,
        path: u.pathname + u.search,
        method: req.method as "GET",
        headers: req.headers,
        body: req.body,
        signal,
      });
      status = res.statusCode;
      headers = normalizeHeaders(res.headers as Record<string, string | string[] | undefined>);
      text = await res.body.text();
    } catch (err) {
      if (this.opts.signal?.aborted) throw new InterruptedError("interrupted");
      if (timeout.aborted) {
        throw new TimeoutError(`${what} timed out after ${this.opts.timeoutMs} ms`, { hint: "raise --timeout (e.g. --timeout 60s) or try again" });
      }
      throw networkError(err, req.url, secrets);
    }
    if (verbose) {
      this.opts.trace(`< HTTP ${status} (${Date.now() - started} ms)`);
      for (const [k, v] of Object.entries(redactHeaders(headers))) this.opts.trace(redact(`< ${k}: ${v}`, secrets));
    }
    let body: unknown = text;
    const isJson = /\bjson\b/i.test(headers["content-type"] ?? "") || /^\s*[[{]/.test(text);
    if (isJson && text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        if (status < 400) {
          throw new MalformedResponseError(`${what} returned a malformed JSON body (${text.length} bytes)`, { hint: "the response was cut short or is not JSON; try again, or use --verbose" });
        }
      }
    }
    const now = this.opts.now();
    if (status >= 400) throw toApiError(status, body, headers, now, what);
    return this.shape<T>(req, r, status, headers, body, now, what);
  }

  private shape<T>(req: BuiltRequest, r: Route | undefined, status: number, headers: Headers, body: unknown, now: Date, what: string): ApiResult<T> {
    const version = r?.version ?? (/\/v2(\/|$|\?)/.test(req.url) ? "v2" : /\/v3(\/|$|\?)/.test(req.url) ? "v3" : undefined);
    const envelope = r ? r.envelope : version === "v2" || version === "v3" ? version : "none";
    const result: ApiResult<T> = {
      route: r, method: req.method, url: req.url, status, headers, body, data: body as T, meta: {},
      rateLimit: parseRateLimit(headers, now),
      keyType: headers["x-api-key-type"],
      deprecation: parseDeprecation(headers),
    };
    if (envelope === "none" || status === 204) return result;
    const b = body as Record<string, unknown> | null;
    if (!b || typeof b !== "object" || Array.isArray(b) || !("data" in b)) {
      if (r) throw new MalformedResponseError(`${what} returned a body without the ${envelope} envelope`, { hint: "is --base-url pointing at the API?" });
      return result;
    }
    result.data = b.data as T;
    const meta = b.meta && typeof b.meta === "object" ? (b.meta as Record<string, unknown>) : {};
    result.meta = meta;
    if (meta.history && typeof meta.history === "object") result.history = meta.history as HistoryPolicy;
    if (meta.versions && typeof meta.versions === "object") result.versions = meta.versions as Record<string, string>;
    if ("nextCursor" in meta) result.nextCursor = (meta.nextCursor as string | null) ?? null;
    if (b.pagination && typeof b.pagination === "object") result.pagination = b.pagination as ApiResult["pagination"];
    return result;
  }
}

function networkError(err: unknown, url: string, secrets: (string | undefined)[]): MidsError {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e?.code ?? e?.cause?.code ?? "";
  const host = (() => { try { return new URL(url).host; } catch { return url; } })();
  const reason =
    code === "ECONNREFUSED" ? `connection refused by ${host}` :
    code === "ENOTFOUND" || code === "EAI_AGAIN" ? `cannot resolve ${host}` :
    code === "ECONNRESET" || code === "UND_ERR_SOCKET" ? `connection to ${host} was reset` :
    `network error talking to ${host}: ${e?.message ?? String(err)}`;
  return new NetworkError(redact(reason, secrets), { hint: "check --base-url and your network; --verbose shows the requests", code: "network_error" });
}

export { routeById };
