// Writers: the rewritten requests back out as access log lines, JSON lines, curl commands,
// raw HTTP or HAR. Secrets never leave: key headers become *** (curl: "$MIDS_API_KEY"),
// key query pairs and body fields are redacted.
import type { OutputTarget, RequestItem, Shape } from "./types.js";
import { isSecretHeader, redactBody, redactHeaderValue, redactJson, redactOrigin, redactText } from "../contract/secrets.js";
import { redactAccessPrefix, redactedObjects } from "./redact.js";
import { targetOf } from "./url.js";
import { shellQuote } from "./readers/shell.js";

export interface Writer {
  begin(): string;
  /** `to` is the request to write (the v3 one, or the original when unchanged); `target` its origin + path + query */
  write(item: RequestItem, to: Shape, target: string): string;
  end(): string;
  /** documents with separators between records (HAR): the records written so far, which a worker's part of the output resets */
  records?: number;
}

export interface WriterOptions {
  /** used for absolute URLs when the input had only a path */
  baseUrl?: string;
  version: string;
  /** every item was redacted before it reached the writer (redact.ts redactItem): access lines are not redacted twice */
  itemsRedacted?: boolean;
}

const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?$/;
const DROP_HEADERS = new Set(["host", "content-length", "connection"]);
const headersOut = (item: RequestItem) =>
  (item.req.headers ?? []).filter(([k]) => !DROP_HEADERS.has(k.toLowerCase())).map(([k, v]): [string, string] => [k, redactHeaderValue(k, v)]);
const hasBody = (item: RequestItem, to: Shape) => item.req.body !== undefined && to.method !== "GET" && to.method !== "HEAD";

const S = JSON.stringify;
const EPOCH = new Date(0).toISOString();
const NOT_MADE = S({ status: 0, statusText: "", httpVersion: "", cookies: [], headers: [], content: { size: 0, mimeType: "" }, redirectURL: "", headersSize: -1, bodySize: -1 });

/**
 * targetOf(to), taken from `target` (the request's origin + targetOf(to), built once by the
 * rewrite stage) when it holds it: no second query encoding per request.
 */
const pathOf = (item: RequestItem, to: Shape, target: string): string => {
  const origin = item.req.origin;
  return target.length > origin.length && target.charCodeAt(origin.length) === 47 && target.startsWith(origin) ? target.slice(origin.length) : targetOf(to);
};

export function makeWriter(format: OutputTarget, opts: WriterOptions): Writer {
  const clean = opts.itemsRedacted === true;
  const base = opts.baseUrl?.replace(/\/+$/, "");
  const url = (item: RequestItem, to: Shape, target?: string) => (redactOrigin(item.req.origin) || base || "") + (target === undefined ? targetOf(to) : pathOf(item, to, target));
  switch (format) {
    case "access":
      return {
        begin: () => "",
        write(item, to, target) {
          const s = item.source;
          // the target is clean (built from the rewrite); the rest of the line may hold a key (referer)
          if (s.format === "access") {
            const tail = (s.proto ? " " + s.proto : "") + (clean ? s.post : redactText(s.post)) + "\n";
            return (clean ? s.pre : redactAccessPrefix(s.pre)) + to.method + " " + target + tail;
          }
          return `${to.method} ${target} HTTP/1.1\n`;
        },
        end: () => "",
      };
    case "ndjson":
      return {
        begin: () => "",
        write(item, to, target) {
          const s = item.source;
          if (s.format === "ndjson") {
            const old = String(s.holder[s.urlKey]);
            const path = pathOf(item, to, target);
            s.holder[s.urlKey] = /^https?:\/\//i.test(old) ? item.req.origin + path : path;
            s.holder[s.methodKey] = to.method;
            return JSON.stringify(redactedObjects.has(s.obj) ? s.obj : redactJson(s.obj)) + "\n";
          }
          const o: Record<string, unknown> = { method: to.method, url: url(item, to, target) };
          const h = headersOut(item);
          if (h.length) o.headers = Object.fromEntries(h);
          if (hasBody(item, to)) o.body = redactBody(item.req.body!);
          return JSON.stringify(o) + "\n";
        },
        end: () => "",
      };
    case "curl":
      return {
        begin: () => "",
        write(item, to, target) {
          const words = ["curl"];
          if (to.method !== "GET") words.push("-X", to.method);
          // the key comes from the environment, never from the log
          words.push("-H", '"x-api-key: $MIDS_API_KEY"');
          for (const [k, v] of headersOut(item)) if (!isSecretHeader(k)) words.push("-H", shellQuote(`${k}: ${v}`));
          if (hasBody(item, to)) words.push("--data-raw", shellQuote(redactBody(item.req.body!)));
          const u = url(item, to, target);
          words.push(u.startsWith("/") ? `"$MIDS_BASE_URL"${shellQuote(u)}` : shellQuote(u));
          return words.join(" ") + "\n";
        },
        end: () => "",
      };
    case "http":
      return {
        begin: () => "",
        write(item, to, target) {
          const lines = [`${to.method} ${url(item, to, target)} HTTP/1.1`];
          for (const [k, v] of headersOut(item)) lines.push(`${k}: ${v}`);
          let text = lines.join("\n") + "\n";
          if (hasBody(item, to)) text += "\n" + redactBody(item.req.body!) + "\n";
          return text + "\n";
        },
        end: () => "",
      };
    case "har": {
      const w: Writer = {
        records: 0,
        begin: () => `{"log":{"version":"1.2","creator":{"name":"mids migrate","version":${JSON.stringify(opts.version)}},"entries":[\n`,
        write(item, to) {
          const src = item.source.format === "har" ? item.source.entry : undefined;
          // serialised by hand, in the key order of a HAR 1.2 entry (one JSON.stringify per value)
          let headers = "";
          for (const [name, value] of headersOut(item)) headers += `${headers ? "," : ""}{"name":${S(name)},"value":${S(value)}}`;
          let queryString = "";
          for (const [name, value] of Object.entries(to.query)) queryString += `${queryString ? "," : ""}{"name":${S(name)},"value":${S(value)}}`;
          const postData = hasBody(item, to) ? `,"postData":{"mimeType":"application/json","text":${S(redactBody(item.req.body!))}}` : "";
          // the logged response belongs to the v2 call: a not-yet-made request has status 0
          // copied only when it is a date: the entry's other text is anyone's
          const started = typeof src?.startedDateTime === "string" && ISO_DATE.test(src.startedDateTime) ? src.startedDateTime : EPOCH;
          return `${w.records!++ ? ",\n" : ""}{"startedDateTime":${S(started)},"time":0,"request":{"method":${S(to.method)},"url":${S(url(item, to))},"httpVersion":"HTTP/1.1","cookies":[],"headers":[${headers}],"queryString":[${queryString}],"headersSize":-1,"bodySize":-1${postData}},"response":${NOT_MADE},"cache":{},"timings":{"send":0,"wait":0,"receive":0}}`;
        },
        end: () => (w.records ? "\n" : "") + "]}}\n",
      };
      return w;
    }
  }
}
