// Cassettes: answers of a real server recorded by `mids sandbox record`, replayed by `sandbox
// serve --replay`. JSON, one entry per answer, written only after the redaction module has
// removed every key, token and secret (src/contract/secrets.ts).
import { readFile, stat } from "node:fs/promises";
import { isSecretKey, jsonDepth, MAX_JSON_DEPTH, REDACTED, redactBody, redactText, redactUrl } from "../contract/secrets.js";
import { UsageError } from "../errors.js";
import { RATE_LIMIT_HEADERS } from "../contract/headers.js";
import type { Incoming, Outgoing } from "./dispatch.js";

export const CASSETTE_FORMAT = "mids-cassette";
export const CASSETTE_VERSION = 1;
/** Entries one cassette holds; recording stops adding entries past it. */
export const MAX_CASSETTE_ENTRIES = 10_000;
/** A cassette file larger than this is refused unread. */
export const MAX_CASSETTE_BYTES = 256 * 1024 * 1024;

/** The response headers a cassette keeps (the rest are transport details). */
export const RECORDED_HEADERS: readonly string[] = [
  "content-type", "retry-after", "deprecation", "sunset", "link", "x-api-key-type",
  ...RATE_LIMIT_HEADERS.map((h) => h.toLowerCase()),
];

export interface CassetteEntry {
  request: { method: string; path: string; query: string; keyed: boolean };
  response: { status: number; headers: Record<string, string>; body: string };
}
export interface Cassette { format: typeof CASSETTE_FORMAT; version: number; upstream: string; recordedAt: string; entries: CassetteEntry[] }

/**
 * A v3 paging cursor: the opaque token a page's `meta.nextCursor` hands the client to send back as
 * `cursor`. It is paging state, not a credential, and often base64 JSON (`eyJ...`, which the text
 * rules read as a cut JSON Web Token), so a cassette keeps it as sent: redacted, the replayed
 * pages would hand back `***` and a recorded `--all` could never be replayed. The recorder still
 * removes the key it saw from it, as from everything it writes.
 */
const CURSOR_PARAM = "cursor";
const CURSOR_FIELD = "nextCursor";

/** The query as a cassette stores it: parameters sorted, secret values redacted (the cursor kept). */
export function canonicalQuery(query: URLSearchParams): string {
  const pairs = [...query].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs
    .map(([k, v]) => {
      const one = new URLSearchParams([[k, v]]).toString();
      return k === CURSOR_PARAM ? one : redactUrl(`/?${one}`).slice(2);
    })
    .join("&");
}

export const entryKey = (method: string, path: string, query: string, keyed: boolean): string => `${method} ${path}?${query} ${keyed ? "key" : "nokey"}`;

/**
 * An API answer's body as a cassette keeps it. The redaction module's rules, with one difference
 * from redactBody (made for request logs): a secret name (`token`, `credential`, `key`) redacts a
 * string or number under it, but a list or an object under it is walked, not replaced, because
 * API data uses such names for data (v2 `tokens[]`, v3 `credential {id, name, ...}`).
 */
export function redactAnswerBody(body: string): string {
  const t = body.trimStart();
  if ((t.startsWith("{") || t.startsWith("[")) && jsonDepth(t) <= MAX_JSON_DEPTH) {
    try { return JSON.stringify(redactAnswer(JSON.parse(t), 0)); } catch { /* not JSON */ }
  }
  return redactBody(body);
}

function redactAnswer(v: unknown, depth: number): unknown {
  if (typeof v === "string") return redactText(v);
  if (!v || typeof v !== "object") return v;
  if (depth >= MAX_JSON_DEPTH) return REDACTED;
  if (Array.isArray(v)) return v.map((x) => redactAnswer(x, depth + 1));
  const o = v as Record<string, unknown>;
  // `{name, value}` / `{key, value}` pairs: the label is data, the value is secret when the label is
  const label = typeof o.name === "string" ? o.name : typeof o.key === "string" ? o.key : undefined;
  const secretPair = label !== undefined && "value" in o && isSecretKey(label);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) {
    const name = redactText(k) === k ? k : REDACTED;
    const scalar = typeof x === "string" || typeof x === "number";
    if (secretPair && k === "value") out[name] = REDACTED;
    else if (k === CURSOR_FIELD && typeof x === "string") out[name] = x;
    else if (scalar && isSecretKey(k) && !(x === label && "value" in o)) out[name] = REDACTED;
    else out[name] = redactAnswer(x, depth + 1);
  }
  return out;
}

/** Whether a request carries a credential (x-api-key, or Authorization). */
export function keyed(headers: Incoming["headers"]): boolean {
  return !!(headers["x-api-key"] || headers["authorization"]);
}

/** Replays a cassette: each request's recorded answers in turn, the last one repeating. */
export class CassettePlayer {
  private answers = new Map<string, { list: CassetteEntry["response"][]; next: number }>();
  constructor(readonly cassette: Cassette) {
    for (const e of cassette.entries) {
      const k = entryKey(e.request.method, e.request.path, e.request.query, e.request.keyed);
      const a = this.answers.get(k) ?? { list: [], next: 0 };
      a.list.push(e.response);
      this.answers.set(k, a);
    }
  }

  private recorded(inc: Incoming) {
    const q = canonicalQuery(inc.query);
    const has = keyed(inc.headers);
    return this.answers.get(entryKey(inc.method, inc.path, q, has)) ?? this.answers.get(entryKey(inc.method, inc.path, q, !has));
  }

  /** Whether the cassette holds an answer to this request (without taking it). */
  has(inc: Incoming): boolean { return this.recorded(inc) !== undefined; }

  /** The recorded answer; one recorded with or without a key stands in when only the other was recorded. */
  answer(inc: Incoming): Outgoing | undefined {
    const a = this.recorded(inc);
    if (!a) return undefined;
    const r = a.list[Math.min(a.next, a.list.length - 1)];
    a.next++;
    const { "content-type": contentType, ...headers } = r.headers;
    return { status: r.status, headers, body: r.body, contentType };
  }

  reset(): CassettePlayer { return new CassettePlayer(this.cassette); }
}

/** What is wrong with a parsed value as a cassette, or undefined. */
export function cassetteProblem(v: unknown): string | undefined {
  const c = v as Partial<Cassette> | null;
  if (!c || typeof c !== "object" || Array.isArray(c)) return "it is not a JSON object";
  if (c.format !== CASSETTE_FORMAT) return `"format" is not "${CASSETTE_FORMAT}"`;
  if (c.version !== CASSETTE_VERSION) return `version ${JSON.stringify(c.version)} is not one this mids reads (${CASSETTE_VERSION})`;
  if (!Array.isArray(c.entries)) return `"entries" is not a list`;
  if (c.entries.length > MAX_CASSETTE_ENTRIES) return `more than ${MAX_CASSETTE_ENTRIES} entries`;
  for (const [i, e] of c.entries.entries()) {
    const q = e?.request;
    const r = e?.response;
    const ok = q && typeof q.method === "string" && typeof q.path === "string" && q.path.startsWith("/") && typeof q.query === "string" && typeof q.keyed === "boolean"
      && r && Number.isInteger(r.status) && r.status >= 100 && r.status <= 599 && typeof r.body === "string"
      && r.headers && typeof r.headers === "object" && Object.values(r.headers).every((h) => typeof h === "string" && !/[\r\n]/.test(h));
    if (!ok) return `entries[${i}] is not {request: {method, path, query, keyed}, response: {status, headers, body}}`;
  }
  return undefined;
}

/** The cassette in `file`, named `shown` in messages (as the user typed it). */
export async function loadCassette(file: string, shown = file): Promise<Cassette> {
  const refuse = (why: string) => new UsageError(`${shown} is not a mids cassette: ${why}`, { hint: "record one with 'mids sandbox record --upstream URL --out FILE'" });
  let text: string;
  try {
    const st = await stat(file);
    if (st.isDirectory()) throw refuse("it is a directory");
    if (st.size > MAX_CASSETTE_BYTES) throw refuse(`${st.size} bytes, over the ${MAX_CASSETTE_BYTES}-byte limit`);
    text = await readFile(file, "utf8");
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read cassette ${shown}: ${code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (e as Error).message}`, {
      hint: code === "ENOENT" ? "check the path (relative to the current directory), or record one with 'mids sandbox record --upstream URL --out FILE'" : "check the file's permissions, or record another with 'mids sandbox record --upstream URL --out FILE'",
    });
  }
  let v: unknown;
  try { v = JSON.parse(text); } catch (e) { throw refuse(`not JSON (${(e as Error).message.split("\n")[0]})`); }
  const why = cassetteProblem(v);
  if (why) throw refuse(why);
  return v as Cassette;
}
