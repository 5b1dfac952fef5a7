// The input of `mids migrate verify`: the same files as `mids migrate` (access, HAR, JSON lines,
// curl; stdin; gzip), read by migrate's own reader (reader.ts readRequests: the same detection,
// errors and abort signal), reduced to the distinct requests in first-seen order.
import type { IO } from "../../io.js";
import { InterruptedError } from "../../errors.js";
import { readRequests as readLog, ReadInterrupted } from "../reader.js";
import { RunRedaction } from "../redact.js";
import { notUnicode } from "../unicode.js";
import type { FromFormat, LogRequest } from "../types.js";
import { isSecretParam } from "../url.js";

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

/**
 * Query (and `;matrix`) parameter names that carry a credential: the shared secret rules, and any
 * name ending like one. No v2 or v3 route takes a parameter like these, so dropping them costs
 * nothing, and a replay sends the log's values to a server.
 */
const KEY_LIKE_END = /(apikey|secret|password|token|signature)$/;

export function isKeyLikeParam(name: string): boolean {
  if (isSecretParam(name)) return true;
  // beyond the shared rules (src/redact/), a replay also drops any name that ends like
  // a credential written without a separator (`sessiontoken`, `mysecret`)
  return KEY_LIKE_END.test(name.toLowerCase().replace(/\[\]$/, "").replace(/[-_.]/g, ""));
}

/** `;name=value` path parameters that carry a key are cut from the path. */
function dropKeyLikeMatrix(path: string): string {
  return path.indexOf(";") < 0 ? path : path.replace(/;([^/;=]*)(=[^/;]*)?/g, (m, k: string) => (isKeyLikeParam(k) ? "" : m));
}

/** The distinct requests of the logs. Stops with InterruptedError when `signal` is aborted. */
export async function readRequests(io: IO, files: string[], fromFormat?: FromFormat, signal?: AbortSignal): Promise<VerifyInput> {
  const seen = new Map<string, DistinctRequest>();
  const invalid: NotARequest[] = [];
  const redaction = new RunRedaction();
  const r = redaction.redactor;
  try {
    for await (const item of readLog(io, files, { fromFormat, signal })) {
      const at = item.input.name ? { file: item.input.name } : {};
      const bad = item.kind === "invalid" ? item.reason : notUnicode(item.req);
      if (bad !== undefined) {
        invalid.push({ position: item.position, ...at, reason: r.redactText(bad) });
        continue;
      }
      const req = (item as Extract<typeof item, { kind: "request" }>).req;
      // a log's keys never leave it: no headers, no body, no key-like query parameter; what is
      // left is redacted by the rules of migrate (src/migrate/redact.ts): a secret in a path or
      // in another parameter's value is neither sent nor printed
      const clean = redaction.redactRequest({
        method: req.method.toUpperCase(), origin: "", path: dropKeyLikeMatrix(req.path), query: req.query.filter(([k]) => !isKeyLikeParam(k)).map(([k, v]) => [k, v]),
      });
      const key = `${clean.method} ${clean.path}?${clean.query.map((p) => p.join("=")).join("&")}`;
      const d = seen.get(key);
      if (d) d.count++;
      else seen.set(key, { key, position: item.position, ...at, req: clean, count: 1 });
    }
  } catch (e) {
    if (e instanceof ReadInterrupted) throw new InterruptedError("interrupted while reading the logs; nothing was replayed");
    throw e;
  }
  return { requests: [...seen.values()], invalid };
}
