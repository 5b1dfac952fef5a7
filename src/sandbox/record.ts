// `mids sandbox record`: a loopback proxy in front of a real server. Each GET is sent upstream with
// the caller's key, its answer passed back and written to a cassette (redacted first); anything
// else is refused. The upstream is untrusted: no redirect elsewhere, a cap on each body, a timeout.
import { renameSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import { isV2Path } from "../contract/routes.js";
import { makeDirs } from "../util/make-dir.js";
import { formatBytes } from "../util/bytes.js";
import { redactHeaderValue, redactText, REDACTED, redactUrl } from "../contract/secrets.js";
import { CASSETTE_FORMAT, CASSETTE_VERSION, canonicalQuery, keyed, MAX_CASSETTE_ENTRIES, RECORDED_HEADERS, redactAnswerBody, type Cassette } from "./cassette.js";

/** Request headers passed upstream (the caller's credential among them); nothing else is forwarded. */
const FORWARDED: readonly string[] = ["x-api-key", "authorization", "accept", "accept-language", "user-agent"];

export interface RecorderOptions {
  upstream: string;
  out: string;
  port?: number;
  host?: string;
  /** cap on one upstream answer's body */
  maxBodyBytes: number;
  timeoutMs: number;
  /** a key for requests that bring none (the user's configured key) */
  apiKey?: string;
  now?: () => Date;
  /** one line per request and per refusal */
  log: (line: string) => void;
  /** the way to the upstream through a proxy (HTTPS_PROXY, HTTP_PROXY): the dispatcher, and how messages name the proxy */
  proxy?: { dispatcher: object; name: string };
}

export interface Recorder { url: string; address: string; entries(): number; close(): Promise<void> }

class Refused extends Error {}

/** The upstream base URL, checked: http(s), no query or fragment; the path is a prefix. */
export function parseUpstream(text: string): URL {
  let u: URL;
  try { u = new URL(text); } catch { throw new Error(`--upstream ${JSON.stringify(redactUrl(text))} is not a URL (e.g. https://api.example.com)`); }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error(`--upstream must be an http or https URL (got ${u.protocol})`);
  if (u.search || u.hash) throw new Error("--upstream takes a base URL without a query or fragment");
  // fetch refuses a URL with credentials: every request would fail, after the recorder had started
  if (u.username || u.password) throw new Error(`--upstream takes a base URL without credentials (got ${JSON.stringify(redactUrl(text))}): the key your client sends goes upstream with each request`);
  return u;
}

export async function startRecorder(opts: RecorderOptions): Promise<Recorder> {
  const upstream = parseUpstream(opts.upstream);
  const base = upstream.href.replace(/\/$/, "");
  const now = opts.now ?? (() => new Date());
  const cassette: Cassette = { format: CASSETTE_FORMAT, version: CASSETTE_VERSION, upstream: redactUrl(base), recordedAt: now().toISOString(), entries: [] };
  // every credential seen, replaced wherever it appears (a server may echo one where no rule looks)
  const seen = new Set<string>(opts.apiKey ? [opts.apiKey] : []);
  const scrub = (s: string) => { for (const k of seen) if (k.length >= 4) s = s.split(k).join(REDACTED); return s; };
  let full = false;

  function save(): void {
    // written whole after each answer: an interrupted recording leaves a valid cassette
    const tmp = `${opts.out}.${process.pid}.tmp`;
    makeDirs(dirname(opts.out));
    writeFileSync(tmp, JSON.stringify(cassette, null, 1) + "\n");
    renameSync(tmp, opts.out);
  }
  save();

  const reply = (res: ServerResponse, status: number, code: string, message: string) => {
    const body = JSON.stringify({ code, message });
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(Buffer.byteLength(body)) });
    res.end(body);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? "GET").toUpperCase();
    const target = new URL(req.url ?? "/", "http://recorder.invalid");
    const shown = redactUrl(target.pathname + target.search);
    req.resume();
    if (method !== "GET") {
      opts.log(`mids: refused ${method} ${shown}: mids sandbox record only sends GET requests upstream\n`);
      return reply(res, 405, "invalid_request", `mids sandbox record only sends GET requests upstream; ${method} ${shown} was not sent`);
    }
    const headers: Record<string, string> = {};
    for (const h of FORWARDED) {
      const v = req.headers[h];
      if (typeof v === "string") headers[h] = v;
    }
    // the recorder's key goes upstream unless the client sent its own: x-api-key, or on v3 Authorization
    // (v2 reads x-api-key alone, spec 5.1: there a client's Authorization carries no key, and the call failed)
    const own = headers["x-api-key"] !== undefined || (headers.authorization !== undefined && !isV2Path(target.pathname));
    if (!own && opts.apiKey) headers["x-api-key"] = opts.apiKey;
    for (const h of ["x-api-key", "authorization"]) {
      const v = headers[h];
      if (v) { seen.add(v); const m = /^\S+\s+(\S{4,})$/.exec(v); if (m) seen.add(m[1]); }
    }
    const url = base + target.pathname + target.search;
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), opts.timeoutMs);
    try {
      const up = await fetch(url, { headers, redirect: "manual", signal: ac.signal, ...(opts.proxy ? { dispatcher: opts.proxy.dispatcher } : {}) } as RequestInit);
      let location = up.headers.get("location");
      if (up.status >= 300 && up.status < 400 && location) {
        const to = new URL(location, url);
        if (to.origin !== upstream.origin) throw new Refused(`the upstream redirected ${shown} to another host (${redactUrl(to.origin)}): not followed, not recorded`);
        location = to.pathname.slice(upstream.pathname.replace(/\/$/, "").length) + to.search;
      }
      const body = await readCapped(up, opts.maxBodyBytes, ac, shown);
      // the caller gets the answer as the upstream sent it (decoded); the cassette a redacted copy
      const passed: Record<string, string> = {};
      for (const h of RECORDED_HEADERS) {
        const v = up.headers.get(h);
        if (v !== null) passed[h] = v;
      }
      if (location) passed.location = location;
      res.writeHead(up.status, { ...passed, "Content-Length": String(Buffer.byteLength(body)) });
      res.end(body);
      const kept = Object.fromEntries(Object.entries(passed).map(([h, v]) => [h, scrub(h === "location" ? redactText(v) : redactHeaderValue(h, v))]));
      if (cassette.entries.length >= MAX_CASSETTE_ENTRIES) {
        if (!full) opts.log(`mids: warning: the cassette holds ${MAX_CASSETTE_ENTRIES} answers (the limit); later answers are passed on, not recorded\n`);
        full = true;
        return;
      }
      cassette.entries.push({
        request: { method, path: scrub(redactText(target.pathname)), query: scrub(canonicalQuery(target.searchParams)), keyed: keyed(headers) },
        response: { status: up.status, headers: kept, body: scrub(redactAnswerBody(body)) },
      });
      save();
      opts.log(`record: ${method} ${shown} -> ${up.status}\n`);
    } catch (e) {
      const why = e instanceof Refused ? e.message
        : ac.signal.aborted ? `the upstream did not answer ${shown} within ${opts.timeoutMs} ms: not recorded`
        : `the upstream request for ${shown} failed${opts.proxy ? ` through ${opts.proxy.name}` : ""} (${redactText((e as Error).cause ? String(((e as Error).cause as Error).message ?? (e as Error).cause) : (e as Error).message)}): not recorded`;
      opts.log(`mids: ${why}\n`);
      if (!res.headersSent) reply(res, 502, "upstream_refused", `mids sandbox record: ${why}`);
      else res.destroy();
    } finally {
      clearTimeout(timer);
    }
  }

  const server = createServer((req, res) => { void handle(req, res); });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => { server.off("error", reject); resolve(); });
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${port}`,
    address,
    entries: () => cassette.entries.length,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

/** The body as text, the request aborted as soon as it passes the cap. */
async function readCapped(up: Response, cap: number, ac: AbortController, shown: string): Promise<string> {
  const tooBig = () => new Refused(`the upstream answer to ${shown} passed the ${formatBytes(cap)} cap (--max-body-size): not recorded`);
  const declared = up.headers.get("content-length");
  if (declared && /^\d+$/.test(declared) && Number(declared) > cap) { ac.abort(); throw tooBig(); }
  if (!up.body) return "";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of up.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > cap) { ac.abort(); throw tooBig(); }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString("utf8");
}
