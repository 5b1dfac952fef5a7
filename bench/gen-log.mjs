// Generate a combined-format access log of v2 traffic for the migrate benchmark: a realistic mix
// of routes over a bounded set of project ids (real logs repeat targets), some v3 and junk lines.
import { createWriteStream } from "node:fs";
import { once } from "node:events";

const hex = (n, seed) => { let s = ""; let x = seed * 2654435761 >>> 0; for (let i = 0; i < n; i++) { x = (x * 1103515245 + 12345) >>> 0; s += (x >>> 16 & 15).toString(16); } return s; };
const ids = Array.from({ length: 500 }, (_, i) => hex(24, i + 1));
const topics = Array.from({ length: 50 }, (_, i) => `topic_${hex(20, i + 1000)}`);
const targets = [
  (i) => `/v2/projects?page=${1 + (i % 5)}&limit=20`,
  (i) => `/v2/projects/${ids[i % ids.length]}`,
  (i) => `/v2/projects/${ids[i % ids.length]}?intelActivity=none`,
  (i) => `/v2/projects/${ids[i % ids.length]}/momentum?start=2026-10-01T00:00:00Z&end=2026-10-08T00:00:00Z`,
  (i) => `/v2/projects/${ids[i % ids.length]}/rank`,
  (i) => `/v2/projects/${ids[i % ids.length]}/neighbors?since=7d`,
  (i) => `/v2/projects/${ids[i % ids.length]}/candles`,
  () => `/v2/signals?page=1`,
  (i) => `/v2/intel/${hex(24, i % 2000)}`,
  () => `/v2/topics`,
  (i) => `/v2/topics/${topics[i % topics.length]}/report`,
  () => `/v2/grounding`,
  () => `/v2/clusters`,
  () => `/v3/topics`,
  () => `/v1/projects`,
];

export async function generateLog(path, lines) {
  const out = createWriteStream(path);
  let buf = "";
  for (let i = 0; i < lines; i++) {
    const t = targets[i % targets.length](Math.floor(i / targets.length));
    const ip = `10.0.${(i >> 8) & 255}.${i & 255}`;
    const sec = String(i % 60).padStart(2, "0");
    buf += `${ip} - - [22/Nov/2026:10:15:${sec} +0000] "GET ${t} HTTP/1.1" 200 ${1000 + (i % 5000)} "-" "client/1.${i % 9} (integration)"\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, "drain");
      buf = "";
    }
  }
  out.end(buf);
  await once(out, "finish");
}
