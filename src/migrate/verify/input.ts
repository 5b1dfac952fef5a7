// The input of `mids migrate verify`: the same files as `mids migrate` (access, HAR, JSON lines,
// curl; stdin; gzip), read with migrate's readers, reduced to the distinct requests in first-seen
// order. One file on purpose: it can switch to migrate's shared reader stage in one place.
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import type { IO } from "../../io.js";
import { UsageError } from "../../errors.js";
import { detectFormat } from "../detect.js";
import { splitLines } from "../lines.js";
import { parseAccessLine } from "../readers/access.js";
import { curlJoiner, type CurlEntry } from "../readers/curl.js";
import { readHar } from "../readers/har.js";
import { notUnicode } from "../unicode.js";
import { parseJsonLine } from "../readers/jsonl.js";
import type { InputFormat, LogRequest } from "../types.js";
import { isSecretParam, redactText } from "../url.js";
import { redactRequest } from "../redact.js";

export interface DistinctRequest {
  /** method and target without key-like query parameters: two lines that differ only in a key are one request */
  key: string;
  /** where it was first seen: line (entry for HAR) and, with several inputs, the file */
  position: number;
  file?: string;
  /** the request without its headers and body (a log's keys are never sent anywhere) */
  req: LogRequest;
  count: number;
}

export interface NotARequest { position: number; file?: string; reason: string }

export interface VerifyInput {
  requests: DistinctRequest[];
  invalid: NotARequest[];
}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Query (and `;matrix`) parameter names that carry a credential: the shared secret rules, and any
 * name ending like one. No v2 or v3 route takes a parameter like these, so dropping them costs
 * nothing, and a replay sends the log's values to a server.
 */
const KEY_LIKE_END = /(apikey|secret|password|token|signature)$/;

export function isKeyLikeParam(name: string): boolean {
  if (isSecretParam(name)) return true;
  // beyond the shared rules (src/contract/secrets.ts), a replay also drops any name that ends like
  // a credential written without a separator (`sessiontoken`, `mysecret`)
  return KEY_LIKE_END.test(name.toLowerCase().replace(/\[\]$/, "").replace(/[-_.]/g, ""));
}

/** `;name=value` path parameters that carry a key are cut from the path. */
function dropKeyLikeMatrix(path: string): string {
  return path.indexOf(";") < 0 ? path : path.replace(/;([^/;=]*)(=[^/;]*)?/g, (m, k: string) => (isKeyLikeParam(k) ? "" : m));
}

/** The stream's chunks, gunzipped when it starts with the gzip magic bytes. */
async function* decoded(stream: Readable, label: string): AsyncGenerator<Buffer> {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await it.next();
  if (first.done) return;
  const head = Buffer.from(first.value);
  async function* replay(): AsyncGenerator<Buffer> {
    yield head;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value as Buffer;
  }
  if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) {
    try {
      for await (const c of Readable.from(replay()).pipe(createGunzip())) yield c as Buffer;
    } catch (e) {
      throw new UsageError(`cannot read ${label} as gzip: ${(e as Error).message}`, { hint: "check that the file is a complete .gz file" });
    }
    return;
  }
  yield* replay();
}

/** Peek the first decoded chunk for format detection, then replay it. */
async function peek(chunks: AsyncGenerator<Buffer>): Promise<{ head: string; all: AsyncGenerator<Buffer> }> {
  const first = await chunks.next();
  const head = first.done ? "" : first.value.subarray(0, 64 * 1024).toString("utf8");
  async function* all(): AsyncGenerator<Buffer> {
    if (!first.done) yield first.value;
    yield* chunks;
  }
  return { head, all: all() };
}

export async function readRequests(io: IO, files: string[], fromFormat?: InputFormat): Promise<VerifyInput> {
  const seen = new Map<string, DistinctRequest>();
  const invalid: NotARequest[] = [];
  const multi = files.length > 1;
  for (const file of files) {
    const stdin = file === "-";
    const name = multi ? (stdin ? "stdin" : file) : undefined;
    const at = name ? { file: name } : {};
    const onRequest = (req: LogRequest, position: number) => {
      const bad = notUnicode(req);
      if (bad) return onInvalid(position, bad);
      // a log's keys never leave it: no headers, no body, no key-like query parameter
      // what is left is redacted by the rules of migrate (src/migrate/redact.ts): a secret in a
      // path or in another parameter's value is neither sent nor printed
      const clean: LogRequest = redactRequest({ method: req.method.toUpperCase(), origin: "", path: dropKeyLikeMatrix(req.path), query: req.query.filter(([k]) => !isKeyLikeParam(k)).map(([k, v]) => [k, v]) });
      const key = `${clean.method} ${clean.path}?${clean.query.map((p) => p.join("=")).join("&")}`;
      const d = seen.get(key);
      if (d) d.count++;
      else seen.set(key, { key, position, ...at, req: clean, count: 1 });
    };
    const onInvalid = (position: number, reason: string) => void invalid.push({ position, ...at, reason: redactText(reason) });
    const stream = (stdin ? io.stdin : createReadStream(file)) as Readable;
    const { head, all } = await peek(decoded(stream, stdin ? "stdin" : `'${file}'`));
    const format = fromFormat ?? detectFormat(head);
    if (format === "har") {
      await readHar(all, (item) => (item.kind === "request" ? onRequest(item.req, item.position) : onInvalid(item.position, item.reason)));
      continue;
    }
    // line formats; curl commands may continue over lines with a trailing backslash, joined in
    // linear time as migrate joins them (readers/curl.ts)
    const joiner = curlJoiner();
    const curl = (e: CurlEntry | null) => {
      if (e === null) return;
      if (e.kind === "invalid") onInvalid(e.position, e.reason);
      else onRequest(e.req, e.position);
    };
    await splitLines(all, (line, n, bad) => {
      if (line === null) return onInvalid(n, bad ?? "unreadable line");
      if (format === "curl") return curl(joiner.line(line, n));
      const r = format === "ndjson" ? parseJsonLine(line) : parseAccessLine(line);
      if (r === null) return;
      if (typeof r === "string") onInvalid(n, r);
      else onRequest(r.req, n);
    });
    curl(joiner.end());
  }
  return { requests: [...seen.values()], invalid };
}
