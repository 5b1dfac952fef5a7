// Inputs for the `mids migrate --jobs` tests (unit: the pool in-process with tiny batches; e2e:
// the built CLI): generated v2 traffic in every input format, with the fixtures' lines and
// hostile lines spread through it, and secrets that must never come out.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./cli.js";
// the benchmark's request mix: a new 24-hex id per request, varied routes and query strings
import { target } from "../../bench/gen-inputs.mjs";

export { target };
const FIX = join(ROOT, "test/fixtures/migrate");
const fixtureLines = (name: string) => readFileSync(join(FIX, name), "utf8").split("\n").filter(Boolean);

/** what must never appear in any output of these inputs */
export const LEAKS = /sk_live_|hunter2PARALLEL|tok_B\d/;

/** Generated lines, with `extra` lines (the fixture's and hostile ones) spread through them. */
function mixed(n: number, gen: (i: number) => string, extra: string[], every: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    lines.push(gen(i));
    if (i % every === every >> 3) lines.push(extra[(i / every | 0) % extra.length]);
  }
  return lines.join("\n") + "\n";
}

/** Lines that must stay invalid or be neutralised; `long`: with a line over the reader's 256 KiB limit. */
export function hostileLines(long: boolean): string[] {
  return [
    "",
    "binary \u0001\u0002 data",
    ...(long ? ["x".repeat(300 * 1024)] : []),
    "203.0.113.9 - - [01/Oct/2026:09:00:01 +0000] \"GET /v2/projects/64b7f0c2a1b2c3d4e5f60718 HTTP/1.1\" 200 1 \"https://x.example/?password=hunter2PARALLEL\" \"ua\"\r",
    "203.0.113.9 - - [01/Oct/2026:09:00:01 +0000] \"GET /v2/projects/64b7f0c2a1b2c3d4e5f60718/momentum HTTP/1.1\" 200 1 \"-\" \"ünïcödé \u202e agent\"",
  ];
}

/** `n` requests of each line format; an extra line every `every` requests. */
export function lineInputs(n: number, { every = 17, long = true } = {}): Record<"access" | "ndjson" | "curl", string> {
  const hostile = hostileLines(long);
  return {
    access: mixed(n, (i) => { const [m, t] = target(i); return `10.1.${(i >> 8) & 255}.${i & 255} - - [22/Nov/2026:10:15:00 +0000] "${m} ${t} HTTP/1.1" 200 ${i % 900} "-" "bench/${i % 7}"`; }, [...hostile, ...fixtureLines("combined.log")], every),
    ndjson: mixed(n, (i) => { const [m, t] = target(i); return JSON.stringify({ ts: "2026-11-22T10:15:00Z", method: m, url: `https://api.example.com${t}`, headers: { "x-api-key": `sk_live_PAR${i}` } }); }, [...hostile, ...fixtureLines("requests.ndjson")], every),
    // three commands in four are continued over three lines: batch edges must fall between commands
    curl: mixed(n, (i) => { const [, t] = target(i); return i % 4 === 0 ? `curl -s -H 'x-api-key: sk_live_C${i}' 'https://api.example.com${t}'` : `curl -s \\\n  -H 'Authorization: Bearer tok_B${i}' \\\n  'https://api.example.com${t}'`; }, [...hostile.filter((l) => l.length < 1000), "curl -s \\\n\u0001binary continuation \\\n 'https://api.example.com/v2/topics'", "curl 'https://api.example.com/v2/projects' \\"], every),
  };
}

/** A HAR document of `n` entries with odd entries (no URL, deep nesting, not a URL) between them. */
export function harInput(n: number, every = 23): string {
  const entry = (i: number) => { const [m, t] = target(i); return JSON.stringify({ startedDateTime: "2026-11-22T10:15:00.000Z", time: i, request: { method: m, url: `https://api.example.com${t}`, httpVersion: "HTTP/1.1", headers: [{ name: "x-api-key", value: `sk_live_H${i}` }], queryString: [] }, response: { status: 200, content: { text: "{\"a\":\"}{\"}" } } }); };
  const odd = ['{"request":{"method":"GET"}}', '{"no":"request"}', "[".repeat(300) + "]".repeat(300), '{"request":{"method":"GET","url":"not a url"}}'];
  const entries: string[] = [];
  for (let i = 0; i < n; i++) { entries.push(entry(i)); if (i % every === 7) entries.push(odd[(i / every | 0) % odd.length]); }
  return `{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[\n${entries.join(",\n")}\n]}}\n`;
}
