// The baseline of the migrate benchmark: a minimal Node program that reads a log with readline,
// splits out each request (JSON.parse for JSON lines and HAR entries, which a reader must do),
// and parses its URL with `new URL`. `--ndjson`: also JSON.stringify {method, path, query} per
// request and write the lines to stdout in batches. `mids migrate` is measured against this.
// Usage: node bench/baseline.mjs access|ndjson|curl|har FILE [--ndjson]   (FILE "-": stdin)
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

const [format, file] = process.argv.slice(2);
const ndjson = process.argv.includes("--ndjson");
const input = file === "-" ? process.stdin : createReadStream(file);
const extract = {
  access: (l) => { const r = l.split('"')[1]; if (!r) return null; const p = r.split(" "); return [p[0], p[1]]; },
  ndjson: (l) => { const o = JSON.parse(l); return [o.method, o.url]; },
  curl: (l) => { const p = l.split("'"); return ["GET", p[p.length - 2]]; },
  har: (l) => { if (!l.startsWith("{\"start")) return null; const o = JSON.parse(l.endsWith(",") ? l.slice(0, -1) : l); return [o.request.method, o.request.url]; },
}[format];
let n = 0;
let buf = "";
for await (const line of createInterface({ input, crlfDelay: Infinity })) {
  const r = extract(line);
  if (!r) continue;
  const u = new URL(r[1], "http://h");
  n++;
  if (ndjson) {
    buf += JSON.stringify({ method: r[0], path: u.pathname, query: Object.fromEntries(u.searchParams) }) + "\n";
    if (buf.length > 65536) { if (!process.stdout.write(buf)) await new Promise((res) => process.stdout.once("drain", res)); buf = ""; }
  }
}
if (ndjson) process.stdout.write(buf);
else process.stdout.write(`${n}\n`);
