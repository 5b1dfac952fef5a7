// The one HTTP client under every command: undici with keep-alive, retries that honour
// rate limits, error mapping, deprecation notices and --verbose traces with the key redacted.
// undici's index loads every feature (fetch, websockets, mocks, caches), which would be most of
// a command's start-up (bench/RESULTS.md). The client needs only the Agent and the request API,
// so it loads just those modules.
import Agent from "undici/lib/dispatcher/agent.js";
import type { Dispatcher } from "undici";
import { onProxyLeg, proxyAuthFix, proxyName, proxyRouteFix, tunnelNotTlsFix, tunnelStatus, type Proxy } from "./proxy.js";
import apiRequest from "undici/lib/api/api-request.js";
import { matchRoute, route as routeById, type Route } from "../contract/routes.js";
import { ApiError, MalformedResponseError, NetworkError, TimeoutError, UsageError, MidsError, InterruptedError } from "../errors.js";
import { DEFAULT_MAX_BODY_BYTES, formatBytes, readCapped, scanJson } from "./body.js";
import { oneLine } from "../util/sanitize.js";
import { shellWord } from "../util/shell-word.js";
import { describeWait, type WaitNotice } from "./wait.js";
import { toApiError } from "./errormap.js";
import { normalizeHeaders, parseDeprecation, parseRateLimit, type Deprecation, type Headers, type RateLimit } from "./headers.js";
import { buildRaw, buildRequest, headerSecrets, isLoopbackHost, redactHeaders, type BuiltRequest, type Query } from "./request.js";
import { redact, redactInPlace } from "../util/known-secrets.js";
import { isSecretHeader, redactUrl } from "../contract/secrets.js";
import { DEFAULT_RETRY, answersWithoutTls, proxyRefusal, retryDelay, tlsFix, tlsReason, type RetryPolicy } from "./retry.js";
import { deprecationNotice, sunsetHint } from "./notices.js";
import { giveUpError } from "./giveup.js";
import type { Invocation } from "./invocation.js";
import { redactText } from "../contract/secrets.js";
import type { HistoryPolicy } from "../contract/schemas.js";
import { ASSUMED_SHAPES } from "../contract/shapes/assumed.js";

export interface ClientOptions {
  baseUrl: string;
  /** how a timeout's hint says to raise it, where the timeout was set (default: "raise --timeout (e.g. --timeout 60s)") */
  raiseTimeout?: string;
  /** how --max-pages' hint says to raise it, when a variable or the config file set it */
  raiseMaxPages?: string;
  /** how a body cap's hint says to raise it, when a variable or the config file set it */
  raiseBodyCap?: string;
  /** how hints name the base URL's setting (`--base-url`, `MIDS_BASE_URL`, the config file's): where it was set */
  baseUrlFrom?: string;
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
  insecure: boolean;
  verbose: boolean;
  userAgent: string;
  /** cap on one response body in bytes (--max-body-size; default 64 MB) */
  maxBodyBytes?: number;
  /** requests in flight at once (default DEFAULT_CONNECTIONS): the pool's size, sized to the work */
  connections?: number;
  /** told about every retry wait before it starts; returns a function that ends the notice */
  onWait?: (notice: WaitNotice) => (() => void) | void;
  signal?: AbortSignal;
  now: () => Date;
  /** stderr line writer for traces and notices */
  trace: (line: string) => void;
  notice: (message: string, key: string) => void;
  /** the command the user ran: notices and errors name it (absent: they name the API path) */
  invocation?: Invocation;
  /** test hook: deterministic jitter */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** the proxy every request goes through (proxy.ts), with the dispatcher that tunnels through it */
  proxy?: { proxy: Proxy; dispatcher: (agent: AgentOptions) => Dispatcher };
}

/** What the client sizes its connection pool with, whichever dispatcher holds it. */
export interface AgentOptions {
  keepAliveTimeout: number;
  connections: number;
  /** --timeout, which bounds opening a connection too (TCP, TLS, a proxy's tunnel); undici's own when absent */
  connectTimeoutMs?: number;
  /** the most an answer's status line and headers may weigh (MAX_HEADER_BYTES) */
  maxHeaderSize?: number;
}

export interface CallInput {
  pathParams?: Record<string, string>;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Per-call options of a raw request. */
export interface RawOptions {
  /** print the deprecation notice of a deprecated route (default true); migrate verify replays v2 on purpose */
  deprecationNotices?: boolean;
  /** the query written in the path given to mids api (`?limit=5`; not its -f fields): a mistyped route's hint keeps it */
  typedQuery?: string;
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
  /** size of the body as received, in bytes */
  bytes: number;
  /** the body's bytes, when they are no UTF-8 text (`body` is then a lossy reading of them) */
  raw?: Buffer;
  /** the body is no JSON (an HTML page, plain text, bytes): `body` is its text, not a JSON string */
  notJson?: boolean;
}

function sleepDefault(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new InterruptedError("interrupted"));
    // the listener goes when the wait ends: one per retry would pile up on the run's signal
    const onAbort = () => (clearTimeout(t), reject(new InterruptedError("interrupted")));
    const t = setTimeout(() => (signal?.removeEventListener("abort", onAbort), resolve()), ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Connections (and so requests in flight) of one client, unless a command sizes it to its work. */
export const DEFAULT_CONNECTIONS = 8;

/**
 * At most `size` holders at once, the others waiting in order. A request holds a slot from
 * dispatch to the end of its body, so none waits in the pool's queue with its timeout running.
 */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async take(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((r) => this.waiting.push(r));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

export class Client {
  readonly opts: ClientOptions;
  readonly retry: RetryPolicy;
  private readonly agent: Dispatcher;
  private readonly slots: Slots;

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.retry = { ...DEFAULT_RETRY, limit: opts.maxRetries };
    const connections = Math.max(1, opts.connections ?? DEFAULT_CONNECTIONS);
    const agent: AgentOptions = { keepAliveTimeout: 10_000, connections, connectTimeoutMs: opts.timeoutMs, maxHeaderSize: MAX_HEADER_BYTES };
    // a connection (TCP and TLS) is held to --timeout too: undici's own 10 s connect timeout held a
    // stalled TLS handshake past a --timeout of 2 s (exit after 11 s), and cut one off at 10 s,
    // as a raw "Connect Timeout Error", under a --timeout of 60 s
    this.agent = opts.proxy ? opts.proxy.dispatcher(agent) : new Agent({ keepAliveTimeout: agent.keepAliveTimeout, connections, maxHeaderSize: agent.maxHeaderSize, connect: { timeout: opts.timeoutMs } });
    this.slots = new Slots(connections);
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
    const res = await this.send<T>(req, r, r.idempotent);
    if (r.pagination) checkListShape(res, `${r.method} ${r.path}`, r.id in ASSUMED_SHAPES, this.place);
    // a list read in one answer (no paging in the route table) whose answer says there is more:
    // what is printed is its first page only, which is said rather than passed off as the whole list
    else if (r.method === "GET" && ((typeof res.nextCursor === "string" && res.nextCursor !== "") || res.pagination?.hasMore === true)) {
      // the request as sent (its path parameters and query filled in), for mids api
      const u = new URL(req.url);
      const sent = u.pathname.slice(new URL(this.opts.baseUrl).pathname.replace(/\/+$/, "").length) + u.search;
      const arg = u.search ? `"${redactText(sent)}"` : redactText(sent);
      this.opts.notice(`${requestLabel(r, req, this.opts.invocation)}: the server says there are more results than this answer holds (${res.pagination?.hasMore === true ? "pagination.hasMore" : "meta.nextCursor"}), and this command reads one answer: only the first page is shown; 'mids api ${arg} --paginate' reads every page`, `unpaged:${r.id}`);
    }
    return res;
  }

  /** A raw request (mids api); the route, when the path matches one, still decides retries and notices. */
  async raw(method: string, pathAndQuery: string, body: unknown, headers?: Record<string, string>, opts: RawOptions = {}): Promise<ApiResult> {
    const req: BuiltRequest = { ...buildRaw(method, pathAndQuery, body, headers, this.buildOpts()), typedQuery: opts.typedQuery };
    const m = matchRoute(req.method, this.apiPath(req.url));
    const idempotent = m ? m.route.idempotent : req.method === "GET" || req.method === "HEAD";
    return this.send(req, m?.route, idempotent, opts.deprecationNotices ?? true);
  }

  /** How hints name the base URL's setting: where it was set (`--base-url` in library use). */
  get place(): string {
    return this.opts.baseUrlFrom ?? "--base-url";
  }

  /** The path of a request URL below the base URL's path: `/v2/signals`, never its query. */
  private apiPath(url: string): string {
    return new URL(url).pathname.slice(new URL(this.opts.baseUrl).pathname.replace(/\/+$/, "").length);
  }

  private checkTransportSecurity(req: BuiltRequest): void {
    const u = new URL(req.url);
    if (u.protocol !== "http:" || isLoopbackHost(u.hostname) || this.opts.insecure) return;
    // a key or token given as a header (mids api -H 'x-api-key: ...', -H 'Authorization: ...') is
    // held to the configured key's rule: without a configured key it went out in the clear unsaid
    const header = Object.keys(req.headers).find((k) => k !== "x-api-key" && isSecretHeader(k));
    const what = req.headers["x-api-key"] !== undefined ? "the API key" : header ? `the ${header} header` : this.opts.apiKey ? "the API key" : undefined;
    if (what) {
      throw new UsageError(`refusing to send ${what} over plain http to ${u.host}`, {
        hint: "use an https:// base URL, or pass --insecure if you really mean it",
      });
    }
  }

  private async send<T>(req: BuiltRequest, r: Route | undefined, idempotent: boolean, notices = true): Promise<ApiResult<T>> {
    this.checkTransportSecurity(req);
    const sleep = this.opts.sleep ?? sleepDefault;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.once<T>(req, r);
        if (notices) this.deprecated(req, r, res.deprecation);
        return res;
      } catch (err) {
        const wait = retryDelay(err, attempt, idempotent, this.retry, this.opts.random);
        if (wait === undefined) {
          const now = this.opts.now();
          const path = r ? r.path : redactText(this.apiPath(req.url));
          const given = giveUpError(err, attempt, this.retry, now, idempotent ? undefined : req.method);
          const hint = given instanceof MidsError ? given.hint : undefined;
          const out = sunsetHint(given, r, path, now, this.opts.invocation);
          // an error answer of a deprecated route says so as a success does (a 401 or a 500 of
          // /v2/signals said nothing of it), unless its hint is that notice already (after a sunset)
          if (notices && out instanceof ApiError && out.hint === hint) this.deprecated(req, r, parseDeprecation(out.headers));
          throw out;
        }
        if (this.opts.verbose) this.trace(`* retry ${attempt + 1}/${this.retry.limit} in ${wait} ms (${(err as Error).message})`);
        const notice = describeWait(err, wait, attempt + 1, this.retry.limit, this.opts.now());
        const done = notice ? this.opts.onWait?.(notice) : undefined;
        try {
          await sleep(wait, this.opts.signal);
        } finally {
          done?.();
        }
      }
    }
  }

  /** The deprecation notice of an answer (its Deprecation headers, or a route the table marks deprecated). */
  private deprecated(req: BuiltRequest, r: Route | undefined, dep: Deprecation | undefined): void {
    if (!r?.deprecated && !dep) return;
    // a path no route matches is named by its path (a typed token redacted), once for every page of it
    const path = r ? r.path : redactText(this.apiPath(req.url));
    const note = deprecationNotice(r, dep, this.opts.now(), this.opts.invocation, path);
    if (note) this.opts.notice(note, `deprecation:${r?.id ?? path}`);
  }

  /** Server text in a trace line: one line, no terminal controls. */
  private trace(line: string): void {
    this.opts.trace(oneLine(line));
  }

  private async once<T>(req: BuiltRequest, r: Route | undefined): Promise<ApiResult<T>> {
    // --timeout runs from dispatch: a request waiting for a free connection is not timed
    const release = await this.slots.take();
    try {
      return await this.dispatch<T>(req, r);
    } finally {
      release();
    }
  }

  private async dispatch<T>(req: BuiltRequest, r: Route | undefined): Promise<ApiResult<T>> {
    const { verbose } = this.opts;
    const proxy = this.opts.proxy?.proxy;
    // (a credential given as a header, -H 'Cookie: ...', is hidden as the configured key is)
    const secrets = [this.opts.apiKey, ...(proxy?.secrets ?? []), ...headerSecrets(Object.entries(req.headers))];
    if (verbose) {
      this.trace(redact(`> ${req.method} ${redactUrl(req.url)}${proxy ? ` (through the proxy ${proxy.shown}, ${proxy.from})` : ""}`, secrets));
      for (const [k, v] of Object.entries(redactHeaders(req.headers))) this.trace(redact(`> ${k}: ${v}`, secrets));
    }
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    const signal = this.opts.signal ? AbortSignal.any([timeout, this.opts.signal]) : timeout;
    const what = requestLabel(r, req, this.opts.invocation);
    let status: number;
    let headers: Headers;
    let text: string;
    let bytes: number;
    let raw: Buffer | undefined;
    const started = Date.now();
    // the status of an answer whose body is being read: a connection lost then cut the answer short
    let answered: number | undefined;
    try {
      const u = new URL(req.url);
      const res = await orAbort(apiRequest.call(this.agent, {
        origin: u.origin,
        path: u.pathname + u.search,
        method: req.method as "GET",
        headers: req.headers,
        body: req.body,
        signal,
      }), signal);
      status = res.statusCode;
      answered = status;
      headers = normalizeHeaders(res.headers as Record<string, string | string[] | undefined>);
      // an error answer over the cap is still that error (a 503 is retried), its body left unread
      const cap = this.opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      let overCap: boolean | undefined;
      ({ text, bytes, overCap, raw } = await readCapped(res.body, cap, headers["content-length"], what, { skipOver: status >= 400, raise: this.opts.raiseBodyCap }));
      if (overCap) this.opts.notice(`${what}: the body of its HTTP ${status} answer passed the ${formatBytes(cap)} cap and was not read`, `error-body:${what}:${status}`);
    } catch (err) {
      if (err instanceof MidsError) throw err;
      if (this.opts.signal?.aborted) throw new InterruptedError("interrupted");
      if (timeout.aborted) {
        // through a proxy the time may have gone there (a CONNECT never answered): the error names
        // it and its variable, as a refused or reset connection through it does; before, the user
        // was pointed at the API alone
        const via = proxy ? ` through ${proxyName(proxy)}` : "";
        const proxyFix = proxy ? `; if the proxy is what is slow, ${proxyRouteFix(proxy, new URL(req.url).hostname)}` : "";
        throw new TimeoutError(`${what} timed out after ${this.opts.timeoutMs} ms${via}`, { hint: `${this.opts.raiseTimeout ?? "raise --timeout (e.g. --timeout 60s)"}, or try again${proxyFix}` });
      }
      const overflow = headersOverflow(err, what, this.place);
      if (overflow) throw overflow;
      throw networkError(err, req.url, secrets, this.place, proxy, answered);
    }
    if (verbose) {
      this.trace(`< HTTP ${status} (${Date.now() - started} ms)`);
      for (const [k, v] of Object.entries(redactHeaders(headers))) this.trace(redact(`< ${k}: ${v}`, secrets));
    }
    // bytes that are no UTF-8, in a charset the answer names (charset=iso-8859-1): read in it;
    // before, UTF-8's lossy reading printed 'Café' as 'Caf\ufffd', exit 0, without a word
    const charset = raw ? /;\s*charset\s*=\s*"?([\w.:-]{1,40})"?/i.exec(headers["content-type"] ?? "")?.[1] : undefined;
    const decoded = raw && charset && !/^utf-?8$/i.test(charset) ? decodeIn(raw, charset) : undefined;
    if (decoded !== undefined) text = decoded;
    // a byte order mark before the JSON (some servers and proxies write one): RFC 8259 lets a
    // reader ignore it, and JSON.parse would refuse the whole answer as malformed
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    let body: unknown = text;
    let parsed = false;
    const isJson = /\bjson\b/i.test(headers["content-type"] ?? "") || /^\s*[[{]/.test(text);
    if (isJson && text.trim() !== "") {
      try {
        const scan = scanJson(text, what);
        if (scan.hugeNumbers.length) {
          const n = scan.hugeNumbers.length;
          this.opts.notice(`${what}: ${n} ${n === 1 ? "number" : "numbers"} too large for a double (${scan.hugeNumbers[0].slice(0, 40)}) kept as ${n === 1 ? "its" : "their"} text (a JSON string)`, `huge:${what}`);
        }
        body = JSON.parse(scan.text);
        parsed = true;
        if (raw && decoded === undefined) {
          this.opts.notice(`${what}: the body is not UTF-8 text${charset ? ` and its charset (${oneLine(charset)}) is none mids reads` : " and names no charset"}: characters that could not be read show as \ufffd`, `not-utf8:${what}`);
        }
        // a server may echo the key into its answer (a name, a cursor, an error's details): no
        // command prints it, as `mids api` never did (a JSON escape may spell it: any \ walks too)
        const key = this.opts.apiKey;
        if (key && key.length >= 4 && (scan.text.includes(key) || scan.text.includes("\\"))) body = redactInPlace(body, [key]);
      } catch (err) {
        // an error answer nested too deep to read is still that error, its status deciding (a 429
        // or 503 retried), as one over the body cap is; before, exit 7 'nested deeper than 256 levels'
        if (err instanceof MidsError && status < 400) throw err;
        if (status < 400) {
          const e = raw ? notText(what, headers, bytes) : new MalformedResponseError(`${what} returned a malformed JSON body (${Buffer.byteLength(text)} bytes)`, { hint: "the response was cut short or is not JSON; try again, or use --verbose" });
          // (bytes that are no UTF-8 come along, for mids api to write as they came)
          e.received = raw ? { status, headers, body: text, raw } : { status, headers, body: text };
          throw e;
        }
      }
    }
    const now = this.opts.now();
    if (status >= 400) throw toApiError(status, body, headers, now, what, r?.path ?? new URL(req.url).pathname, this.apiPath(req.url), req.typedQuery, this.place);
    if (status >= 300 && status < 400 && status !== 304) throw redirectError(status, headers, body, what, secrets, this.place, req.url, this.apiPath(req.url), this.opts.baseUrl);
    const result = this.shape<T>(req, r, status, headers, body, now, what, bytes, parsed);
    if (raw && typeof body === "string") result.raw = raw;
    if (!parsed && text !== "") result.notJson = true;
    return result;
  }

  private shape<T>(req: BuiltRequest, r: Route | undefined, status: number, headers: Headers, body: unknown, now: Date, what: string, bytes: number, parsed = true): ApiResult<T> {
    const version = r?.version ?? (/\/v2(\/|$|\?)/.test(req.url) ? "v2" : /\/v3(\/|$|\?)/.test(req.url) ? "v3" : undefined);
    const envelope = r ? r.envelope : version === "v2" || version === "v3" ? version : "none";
    const result: ApiResult<T> = {
      route: r, method: req.method, url: req.url, status, headers, body, data: body as T, meta: {},
      rateLimit: parseRateLimit(headers, now),
      keyType: headers["x-api-key-type"],
      deprecation: parseDeprecation(headers),
      bytes,
    };
    // HEAD has no body, whatever the route's GET sends: there is no envelope to check
    if (envelope === "none" || status === 204 || req.method === "HEAD") return result;
    const b = body as Record<string, unknown> | null;
    if (!b || typeof b !== "object" || Array.isArray(b) || !("data" in b)) {
      if (r) {
        // what came instead, when it is no JSON at all: an HTML page is most often a login page or
        // a proxy's, an empty body a gateway's (before, the hint said neither)
        const type = /^[\w.+-]+\/[\w.+-]+/.exec(headers["content-type"] ?? "")?.[0].slice(0, 60);
        const instead = body === "" ? `it is empty (HTTP ${status})` : !parsed ? `it is ${type ? `a ${type} page` : "text"}, not JSON (${formatBytes(bytes)}): a login page, a proxy's or another server's may have answered` : undefined;
        const e = new MalformedResponseError(`${what} returned a body without the ${envelope} envelope`, { hint: `${instead ? `${instead}; ` : ""}is ${this.place} pointing at the API?${what.startsWith("'mids ") ? ` (mids api ${shellWord(oneLine(redactText(this.apiPath(req.url))))} shows the body)` : ""}` });
        e.received = { status, headers, body };
        throw e;
      }
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

/**
 * How errors name a request: the command the user ran (`'mids projects list'`), which is what they
 * can act on; the API path for `mids api` (the path is what they typed), `migrate verify` and
 * `contract check` (each request has its own answer, not the command's) and library use.
 */
function requestLabel(r: Route | undefined, req: BuiltRequest, invocation: Invocation | undefined): string {
  // a path the user typed may carry a token (`/v3/x;token=...`): the secret rules apply to it too.
  // The method sent (a HEAD matches its GET route); the path `mids api` was given as typed (a
  // bodiless HEAD 404 names no subject, so the path is all that says which id), else the route's
  // template
  const cmd = invocation?.command;
  const path = r && cmd !== "api" ? `${req.method} ${r.path}` : `${req.method} ${redactText(new URL(req.url).pathname)}`;
  // migrate verify replays a log's requests and contract check calls every route, each with its
  // own answer: the request is what failed
  return cmd && cmd !== "api" && cmd !== "migrate verify" && cmd !== "contract check" ? `'mids ${cmd}'` : path;
}

/**
 * A list page must hold a list, and a cursor must be a string: anything else read as "no items" or
 * "no more pages" would cut the result short without a word.
 */
function checkListShape(res: ApiResult, what: string, assumed: boolean, place: string): void {
  const bad = res.body === "" ? `it has no body (HTTP ${res.status})`
    // a list whose items the spec does not show may come wrapped in an object (the command finds it)
    : !Array.isArray(res.data) && !(assumed && res.data !== null && typeof res.data === "object") ? `its data is ${res.data === null ? "null" : typeof res.data === "object" ? "an object" : `a ${typeof res.data}`}, not a list`
    : "nextCursor" in res.meta && res.meta.nextCursor !== null && typeof res.meta.nextCursor !== "string" ? `its meta.nextCursor is ${Array.isArray(res.meta.nextCursor) ? "an array" : typeof res.meta.nextCursor === "object" ? "an object" : `a ${typeof res.meta.nextCursor}`}, not a string`
    : undefined;
  if (bad) throw new MalformedResponseError(`${what} returned a page the API never sends: ${bad}`, { hint: `is ${place} pointing at the API? mids api shows the raw body` });
}

/** Redirects are never followed (the key would go along): say where the server pointed, not "no envelope". */
function redirectError(status: number, headers: Headers, body: unknown, what: string, secrets: (string | undefined)[], place: string, sent: string, below: string, baseUrl: string): ApiError {
  const raw = headers.location;
  let where = raw === undefined ? "" : oneLine(redact(redactUrl(raw), secrets));
  if (where.length > 200) where = `${where.slice(0, 200)}…`;
  const base = raw === undefined ? undefined : movedBase(raw, sent, below, baseUrl);
  return new ApiError(`${what}: the server redirected (HTTP ${status}) ${where ? `to ${where}` : "without a Location"}; mids does not follow redirects`, {
    code: "redirect", status, headers, body,
    hint: base ? `if that is the API's new address, set ${place} to ${oneLine(redact(redactUrl(base), secrets)).slice(0, 200)}` : where ? `if that is the API's new address, point ${place} at it` : `check ${place}`,
  });
}

/**
 * The base URL a redirect points at: its Location (relative ones resolved) less the path asked for
 * below the base URL (`https://new.example/api` for `https://new.example/api/v3/topics`). Before,
 * the hint said to point the base URL at the whole Location, which would double the path. Undefined
 * when the Location does not end in that path, carries credentials or is the base URL itself.
 */
function movedBase(location: string, sent: string, below: string, baseUrl: string): string | undefined {
  let to: URL;
  try { to = new URL(location, sent); } catch { return undefined; }
  if ((to.protocol !== "https:" && to.protocol !== "http:") || to.username || to.password || !below.startsWith("/") || !to.pathname.endsWith(below)) return undefined;
  const base = to.origin + to.pathname.slice(0, to.pathname.length - below.length);
  return base.replace(/\/+$/, "") === baseUrl.replace(/\/+$/, "") ? undefined : base;
}

/** The most the status line and headers of one answer may weigh (what undici reads of them). */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * An answer whose headers pass MAX_HEADER_BYTES (headers without end): exit 7 naming the cap, not
 * retried, as it would come again. Before, it was a "network error" with undici's words ("Headers
 * Overflow Error"), retried three times, with a hint to check the network.
 */
function headersOverflow(err: unknown, what: string, place: string): MalformedResponseError | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (String(e?.code ?? e?.cause?.code ?? "") !== "UND_ERR_HEADERS_OVERFLOW") return undefined;
  return new MalformedResponseError(`${what}: the answer's headers passed the ${formatBytes(MAX_HEADER_BYTES)} cap, so mids stopped reading them`, {
    hint: `check the host and port in ${place}: the API does not send such headers; --verbose shows the request sent`,
  });
}

/**
 * What undici's parser found, when it is more than "no HTTP at all" (a control character in a
 * header value: "Invalid header value char"), in parentheses; nothing for a server of another
 * protocol ("Expected HTTP/, RTSP/ or ICE/").
 */
function parserWhy(message: string | undefined): string {
  const why = oneLine(String(message ?? "")).replace(/^Response does not match the HTTP\/1\.1 protocol \((.*)\)$/, "$1").slice(0, 120);
  return !why || /^Expected HTTP\//.test(why) || /does not match/.test(why) ? "" : ` (${why})`;
}

/** The fix of a TLS failure whose cause is known (a plain-http port, an expired or untrusted certificate), as `mids doctor` gives it. */
function tlsFixed(code: string, message: string | undefined, host: string, place: string): string | undefined {
  const fix = tlsFix(code, tlsReason(message ?? ""), host, place);
  return fix ? `${fix}; 'mids doctor' checks TLS` : undefined;
}

function networkError(err: unknown, url: string, secrets: (string | undefined)[], place: string, proxy?: Proxy, answered?: number): MidsError {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e?.code ?? e?.cause?.code ?? "";
  // (undici's HTTPParserError may carry no code)
  const notHttp = /^HPE_/.test(code) || (err as Error)?.name === "HTTPParserError";
  const host = (() => { try { return new URL(url).host; } catch { return url; } })();
  // through a proxy, mids connects to the proxy only: a refused or unresolved connection is the proxy's
  const via = proxy ? proxyName(proxy) : undefined;
  const tunnel = proxy ? tunnelStatus(err) : undefined;
  // a TLS failure with the proxy itself, not the API through it
  const tlsProxy = via !== undefined && DEFAULT_RETRY.tlsFailure.test(code) && onProxyLeg(err);
  // the connection lost while the body came: the answer was cut short, which the base URL and
  // the network at large do not explain (before: "was reset", "check --base-url and your network")
  const lost = answered !== undefined && (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE");
  const reason =
    lost ? `the answer from ${host}${via ? ` through ${via}` : ""} was cut short: the connection ${code === "UND_ERR_SOCKET" ? "closed" : "was reset"} partway through its body (HTTP ${answered})` :
    tunnel ? `${via} refused to open a tunnel to ${host}: HTTP ${tunnel}${tunnel === 407 ? " (proxy authentication required)" : ""}` :
    code === "ECONNREFUSED" ? `connection refused by ${via ?? host}` :
    code === "PROXY_TUNNEL_CLOSED" && via ? `${via} closed the connection without answering the tunnel request (CONNECT) to ${host}` :
    code === "ENOTFOUND" || code === "EAI_AGAIN" ? `cannot resolve ${via ? `the host of ${via}` : host}` :
    // (undici's "other side closed": no reset, the server hung up before it answered)
    code === "UND_ERR_SOCKET" ? `${host}${via ? ` through ${via}` : ""} closed the connection without an answer` :
    code === "ECONNRESET" ? `connection to ${host}${via ? ` through ${via}` : ""} was reset` :
    DEFAULT_RETRY.tlsFailure.test(code) ? `TLS with ${tlsProxy ? via : `${host}${via ? ` through ${via}` : ""}`} failed: ${tlsReason(e?.message ?? code)}` :
    // undici's parser on an answer that is no HTTP ("Response does not match the HTTP/1.1 protocol
    // (Expected HTTP/, RTSP/ or ICE/)"): said as what it means for the user
    notHttp ? `${host}${via ? ` through ${via}` : ""} answered with something that is not HTTP${parserWhy(e?.message)}` :
    `network error talking to ${host}${via ? ` through ${via}` : ""}: ${e?.message ?? String(err)}`;
  const hint = lost ? `try again; if it keeps happening, the server${via ? `, ${via}` : ""} or something on the way cuts long answers short (--verbose shows the exchange)`
    : proxy && tunnel === 407 ? proxyAuthFix(proxy)
    : proxy && !DEFAULT_RETRY.tlsFailure.test(code) ? `${proxyRouteFix(proxy, new URL(url).hostname)}; 'mids doctor' checks the way there`
    : notHttp && !proxy ? `check the host and port in ${place}: another kind of server answers there; --verbose shows the requests`
    : tlsProxy && proxy
    // (an https:// proxy URL for a plain http proxy; the proxy's certificate)
    ? (tlsFixed(code, e?.message, new URL(proxy.uri).host, proxy.from) ?? `check ${proxy.from}, the system clock and the CA certificates (NODE_EXTRA_CA_CERTS for a private CA)`)
    // an answer without TLS inside the tunnel: most often the proxy's own (a block page), which
    // the port in the base URL does not mend
    : proxy && answersWithoutTls(tlsReason(e?.message ?? ""))
    ? tunnelNotTlsFix(proxy, place, new URL(url).hostname)
    // (a host name that does not resolve: its spelling, not the network at large)
    : !proxy && (code === "ENOTFOUND" || code === "EAI_AGAIN") ? `check the host name in ${place}${code === "EAI_AGAIN" ? " and the DNS resolver (it could not answer now)" : ""}; 'mids doctor' checks it`
    : DEFAULT_RETRY.tlsFailure.test(code)
    ? (tlsFixed(code, e?.message, host, place) ?? `check ${place}, the system clock and the CA certificates (NODE_EXTRA_CA_CERTS for a private CA); 'mids doctor' checks them`)
    : `check ${place} and your network; --verbose shows the requests`;
  const out = new NetworkError(redact(reason, secrets), { hint, code: "network_error" });
  if (tunnel) out.reason = proxyRefusal(tunnel);
  else if (code) out.reason = code;
  // (a parser error without its code still says what it is: retryDelay does not repeat it)
  if (notHttp && !tunnel && !/^HPE_/.test(out.reason ?? "")) out.reason = "HPE_NOT_HTTP";
  return out;
}

export { routeById };

/** `bytes` read in the charset an answer names, or undefined when there is no such decoder here. */
function decodeIn(bytes: Buffer, charset: string): string | undefined {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * `answer`, or the signal's reason as soon as it aborts. undici (7.30) aborts a request still
 * waiting for its connection (a SYN the server's full backlog drops, a proxy slow to take the
 * connection) only once it has one: --timeout 1s ended after 2 s, on undici's coarse connect
 * timer, and never where no connect timeout runs. undici still drops the request when it is
 * dispatched (its signal has aborted); an answer that comes anyway is let go unread.
 */
function orAbort<T extends { body: { destroy(): unknown } }>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    answer.then(
      (res) => (signal.removeEventListener("abort", onAbort), signal.aborted ? void res.body.destroy() : resolve(res)),
      (err) => (signal.removeEventListener("abort", onAbort), reject(err)),
    );
  });
}

/**
 * A JSON answer whose bytes are no UTF-8 text: compressed (mids does not decompress, so a gzip
 * bomb costs only its compressed bytes) or in another encoding. Before, it
 * was "a malformed JSON body" of the lossy text's size, which named neither.
 */
function notText(what: string, headers: Headers, bytes: number): MalformedResponseError {
  const encoding = oneLine(headers["content-encoding"] ?? "").slice(0, 40);
  if (encoding && !/^identity$/i.test(encoding)) {
    return new MalformedResponseError(`${what} returned a body compressed with Content-Encoding: ${encoding} (${formatBytes(bytes)}): mids does not decompress answers`, {
      hint: "the server (or a proxy before it) compressed it unasked; mids api PATH > file keeps the bytes as they came",
    });
  }
  return new MalformedResponseError(`${what} returned a body that is not UTF-8 text (${formatBytes(bytes)}), so not the JSON it claims to be`, {
    hint: "is --base-url pointing at the API? mids api PATH > file keeps the bytes as they came",
  });
}
