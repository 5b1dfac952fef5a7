// Inputs for the migrate benchmark, generated per run and never checked in: v2 traffic where
// every request has its own 24-hex project id and varied query strings (a realistic route mix),
// written as a combined access log, JSON lines, curl commands or a HAR document.
import { createWriteStream } from "node:fs";
import { once } from "node:events";

// a cheap deterministic generator: the same input on every run and machine
const mix = (x) => { x = Math.imul(x ^ (x >>> 16), 0x45d9f3b); x = Math.imul(x ^ (x >>> 16), 0x45d9f3b); return (x ^ (x >>> 16)) >>> 0; };
/** A 24-hex id, a different one for every i (its last 8 digits are i). */
const hex24 = (i) => mix(i).toString(16).padStart(8, "0") + mix(i + 0x9e3779b9).toString(16).padStart(8, "0") + (i >>> 0).toString(16).padStart(8, "0");
const day = (i) => `2026-${String(1 + (i % 11)).padStart(2, "0")}-${String(1 + (i % 27)).padStart(2, "0")}T00:00:00Z`;
const pick = (a, i) => a[i % a.length];
const SORTS = ["trendScore", "rank", "name", "marketCap"];
const CHAINS = ["ethereum", "solana", "base", "arbitrum"];

/** The i-th request target: [method, target]. Unique id per line, query strings that vary. */
export function target(i) {
  const id = hex24(i);
  switch (i % 16) {
    case 0: case 1: case 2: return ["GET", `/v2/projects/${id}`];
    case 3: return ["GET", `/v2/projects/${id}?intelActivity=none`];
    case 4: return ["GET", `/v2/projects?page=${1 + (i % 7)}&limit=${10 + (i % 5) * 10}&sort=${pick(SORTS, i)}&chain=${pick(CHAINS, i >> 2)}`];
    case 5: return ["GET", `/v2/projects?projectIds=${id},${hex24(i + 1)}&limit=50`];
    case 6: return ["GET", `/v2/projects/${id}/momentum?start=${day(i)}&end=${day(i + 3)}`];
    case 7: return ["GET", `/v2/projects/${id}/rank?at=${day(i)}`];
    case 8: return ["GET", `/v2/signals?page=1&limit=${20 + (i % 4) * 10}&project=${id}`];
    case 9: return ["GET", `/v2/intel?project=${id}&limit=${10 + (i % 9)}`];
    case 10: return ["GET", `/v2/intel/int_${id}`];
    case 11: return ["GET", `/v2/projects/${id}/neighbors?limit=${5 + (i % 10)}`];
    case 12: return ["GET", `/v2/projects/${id}/candles?interval=1h&start=${day(i)}`];
    case 13: return ["GET", `/v2/topics?limit=${10 + (i % 3) * 5}`];
    case 14: return ["GET", `/v2/topics/topic_${id.slice(0, 20)}/report`];
    default: return ["GET", "/v2/api-keys/info"];
  }
}

/** A repetitive log: the same 8,000 targets (500 projects x 16 routes) again and again. */
export function repetitiveTarget(i) {
  return target((((i >> 4) % 500) << 4) + (i % 16));
}

/**
 * A production-like line's extras: several query parameters beside the route's own (tracking,
 * a session id, field lists), a referrer of the app's page with its own query, and one of many
 * long browser or SDK user agents (with the build numbers that make each one distinct).
 */
const UTM = ["newsletter", "dashboard", "alerts-email", "slack", "api-console", "partner-widget"];
const FIELDS = ["name,symbol,chain", "trendScore,rank,momentum", "id,name,marketCap,volume24h,holders", "signals,intel"];
const BROWSERS = [
  (i) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${110 + (i % 21)}.0.${5000 + (i % 997)}.${i % 211} Safari/537.36`,
  (i) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_${i % 8}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${i % 6} Safari/605.1.15`,
  (i) => `Mozilla/5.0 (X11; Linux x86_64; rv:${115 + (i % 13)}.0) Gecko/20100101 Firefox/${115 + (i % 13)}.0`,
  (i) => `mids-sdk-python/2.${i % 17}.${i % 5} (CPython 3.${8 + (i % 5)}.${i % 19}; Linux 6.${i % 9}.0-${100 + (i % 50)}-generic x86_64) integration/${(i * 2654435761) >>> 20}`,
  (i) => `okhttp/4.${i % 12}.${i % 4} MidsAndroid/5.${i % 30}.${i % 100} (Pixel ${6 + (i % 3)}; Android ${12 + (i % 3)}; build ${hex24(i + 7).slice(0, 10)})`,
];
/** The i-th request target with production-like extras in its query (a unique session id each). */
export function richTarget(i) {
  const [m, t] = target(i);
  const sep = t.includes("?") ? "&" : "?";
  return [m, `${t}${sep}utm_source=${pick(UTM, i)}&utm_medium=web&session=${hex24(i * 31 + 5).slice(0, 16)}&fields=${encodeURIComponent(pick(FIELDS, i >> 1))}&lang=en-${pick(["US", "GB", "DE", "IN", "BR"], i >> 3)}`];
}
const referrer = (i) => `https://app.example.com/projects/${hex24(i + 3)}/overview?tab=${pick(["momentum", "signals", "intel", "neighbors"], i)}&range=${1 + (i % 90)}d&ref=${pick(UTM, i >> 2)}`;

const ip = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const FORMATS = {
  access: {
    line: (i, [m, t]) => `${ip(i)} - - [22/Nov/2026:10:${String((i >> 6) % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")} +0000] "${m} ${t} HTTP/1.1" 200 ${1000 + (i % 5000)} "-" "client/1.${i % 9} (integration)"\n`,
  },
  // combined format plus the request id and timing fields nginx setups log after it
  "access-rich": {
    line: (i, [m, t]) => `${ip(i)} - - [22/Nov/2026:10:${String((i >> 6) % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")} +0000] "${m} ${t} HTTP/1.1" 200 ${1000 + (i % 50000)} "${referrer(i)}" "${pick(BROWSERS, i)(i)}" "${hex24(i * 13 + 1)}" rt=0.${String(i % 1000).padStart(3, "0")} uct="0.00${i % 10}" cache=${pick(["HIT", "MISS", "BYPASS"], i)}\n`,
    target: richTarget,
  },
  // a JSON log that records request headers (user agent, referrer, request id, the key) beside the URL
  "ndjson-rich": {
    line: (i, [m, t]) => `{"ts":"2026-11-22T10:15:${String(i % 60).padStart(2, "0")}.${String(i % 1000).padStart(3, "0")}Z","level":"info","method":"${m}","url":"https://api.example.com${t}","status":200,"ms":${i % 900},"bytes":${1000 + (i % 50000)},"remote":"${ip(i)}","headers":{"user-agent":"${pick(BROWSERS, i)(i)}","referer":"${referrer(i)}","accept":"application/json","accept-language":"en-US,en;q=0.9","x-request-id":"${hex24(i * 13 + 1)}","x-api-key":"sk_live_${(i * 7).toString(36)}"}}\n`,
    target: richTarget,
  },
  // a curl command per request as scripts write them: user agent, referrer, request id, the key and two more headers
  "curl-rich": {
    line: (i, [m, t]) => `curl -s -X ${m} -A '${pick(BROWSERS, i)(i)}' -e '${referrer(i)}' -H 'x-api-key: sk_live_${(i * 7).toString(36)}' -H 'Accept: application/json' -H 'X-Request-Id: ${hex24(i * 13 + 1)}' -H 'Accept-Language: en-US,en;q=0.9' 'https://api.example.com${t}'\n`,
    target: richTarget,
  },
  ndjson: {
    line: (i, [m, t]) => `{"ts":"2026-11-22T10:15:${String(i % 60).padStart(2, "0")}Z","method":"${m}","url":"https://api.example.com${t}","status":200,"ms":${i % 900}}\n`,
  },
  curl: {
    line: (i, [m, t]) => `curl -s -H 'x-api-key: sk_live_${(i * 7).toString(36)}' -H 'Accept: application/json' 'https://api.example.com${t}'\n`,
  },
  har: {
    begin: `{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[\n`,
    line: (i, [m, t]) => `${i ? ",\n" : ""}{"startedDateTime":"2026-11-22T10:15:${String(i % 60).padStart(2, "0")}.000Z","time":${i % 900},"request":{"method":"${m}","url":"https://api.example.com${t}","httpVersion":"HTTP/1.1","cookies":[],"headers":[{"name":"x-api-key","value":"sk_live_${(i * 7).toString(36)}"},{"name":"Accept","value":"application/json"}],"queryString":[],"headersSize":-1,"bodySize":0},"response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"headers":[],"content":{"size":2,"mimeType":"application/json","text":"{}"},"redirectURL":"","headersSize":-1,"bodySize":2},"cache":{},"timings":{"send":0,"wait":${i % 900},"receive":0}}`,
    end: "\n]}}\n",
  },
};

/** Write n requests in `format` (access, access-rich, ndjson, ndjson-rich, curl, curl-rich, har) to path; `repetitive`: the old repetitive mix instead of unique ids. */
export async function generate(path, format, n, { repetitive = false } = {}) {
  const f = FORMATS[format];
  const pickTarget = repetitive ? repetitiveTarget : f.target ?? target;
  const out = createWriteStream(path);
  let buf = f.begin ?? "";
  for (let i = 0; i < n; i++) {
    buf += f.line(i, pickTarget(i));
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, "drain");
      buf = "";
    }
  }
  out.end(buf + (f.end ?? ""));
  await once(out, "finish");
}

// node bench/gen-inputs.mjs FORMAT N PATH [--repetitive]
if (import.meta.url === `file://${process.argv[1]}`) {
  const [format, n, path] = process.argv.slice(2);
  await generate(path, format, Number(n), { repetitive: process.argv.includes("--repetitive") });
}
