// A scan whose formats show no source line (json, sarif, ... without --fix) lets each file's text
// go once its usages are found: the usages keep copies of their own route texts, never slices of
// the file (a slice keeps the whole text it was cut from alive). Held on the Analyzer (every kind
// of route text) and on whole scans, with the texts kept (stylish, --fix) as the contrast.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES as ROUTE_TABLE } from "../../src/contract/routes.js";
import { HeapTrim } from "../../src/migrate/parallel/heap.js";
import { Analyzer, type Usage } from "../../src/migrate/scan/analyze.js";
import { extractRoutes } from "../../src/migrate/scan/extract.js";
import { scan, type ScanResult } from "../../src/migrate/scan/scan.js";
import { routeCorpus } from "../helpers/route-corpus.js";
import { tempDir } from "../helpers/cli.js";

const heap = () => { new HeapTrim(undefined, 1).add(1); new HeapTrim(undefined, 1).add(1); const m = process.memoryUsage(); return m.heapUsed + m.external; };
const MB = 1024 * 1024;
const now = new Date("2026-11-27T12:00:00Z");

/** Route texts of every kind: literal ids (shapes), queries, placeholders, fixable, partial, unknown, on the API's host. */
const ROUTES = [
  ...routeCorpus(11, 300),
  ...ROUTE_TABLE.filter((r) => r.version === "v2").flatMap((r, i) => [
    `get("${r.path.replace(/\{\w+\}/g, () => `5f3a9c00e11e510a${(i * 7919).toString(16).padStart(8, "0")}`)}?limit=${i}")`,
    `get(\`/v2${r.path.slice(3)}\`)`,
    `curl https://api.mids.example${r.path.replace(/\{(\w+)\}/g, "$$$1")}`,
  ]),
  `get("/v2/projects/5f3a9c00e11e510a00000001/intel?limit=50&page=2")`,
  `fetch(\`\${base}/v2/projects/\${id}/momentum?start=\${a}&end=\${b}\`)`,
  `url = "https://api.mids.example/v2/nope/abc?x=1"`,
  `get("/v2/signals?api_key=sk_live_abc123&limit=1")`,
  `get("/v2/projects/int_9/neighbors?limit=13")`,
].join("\n");

/** A text of `bytes` on the heap (a flat string of its own) with the routes in its middle. */
function bigText(bytes: number, routes: string): string {
  const pad = JSON.parse(JSON.stringify(Buffer.alloc(bytes / 2, "x = 1;\n").toString("latin1"))) as string;
  // (joined and searched: one flat string the routes are cut from)
  const text = pad + "\n" + routes + "\n" + pad;
  text.indexOf("/v2");
  return text;
}

describe("the scan lets file texts go", () => {
  it("an Analyzer's usages keep no file text alive", () => {
    const a = new Analyzer({ now, ownHost: (h) => h === "api.mids.example" });
    const kept: Usage[] = [];
    const before = heap();
    (() => {
      const text = bigText(32 * MB, ROUTES);
      for (const r of extractRoutes(text)) { const u = a.usage(text, r); if (u) kept.push(u); }
    })();
    // (a regular expression keeps the text of its last match: one of another text, as the next file's would)
    /x/.test("x");
    const grew = heap() - before;
    expect(kept.length, "the routes were analysed").toBeGreaterThan(100);
    expect(kept.some((u) => u.replacement !== null) && kept.some((u) => u.status === "unrecognized"), "fixable and unknown routes among them").toBe(true);
    expect(grew, `${(grew / MB).toFixed(1)} MB kept`).toBeLessThan(8 * MB);
  });

  const dir = tempDir("scan-retention-");
  // (under the scan's 2 MB cap each)
  for (let i = 0; i < 8; i++) {
    mkdirSync(join(dir, `d${i}`), { recursive: true });
    writeFileSync(join(dir, `d${i}`, "a.ts"), bigText(1.5 * MB, ROUTES), "latin1");
  }
  const run = async (keepText: boolean): Promise<{ result: ScanResult; grew: number }> => {
    const before = heap();
    const result = await scan({ paths: [dir], cwd: dir, hosts: ["api.mids.example"], now, keepText });
    /x/.test("x");
    return { result, grew: heap() - before };
  };

  it("a scan that keeps no text holds less than a file's worth; one that keeps them holds them all", async () => {
    // (a first scan unmeasured: the code it compiles and the feedback it gathers are no file's text)
    await run(false);
    const dropped = await run(false);
    const kept = await run(true);
    expect(dropped.result.files.length).toBe(8);
    expect(dropped.result.files.every((f) => f.text === undefined)).toBe(true);
    expect(kept.result.files.every((f) => f.text !== undefined && f.text.length > MB)).toBe(true);
    // the same usages either way
    const strip = (r: ScanResult) => r.files.map((f) => ({ file: f.file, usages: f.usages.map(({ of: _, ...u }) => u) }));
    expect(strip(dropped.result)).toEqual(strip(kept.result));
    expect(kept.grew, `${(kept.grew / MB).toFixed(1)} MB with the texts`).toBeGreaterThan(10 * MB);
    expect(dropped.grew, `${(dropped.grew / MB).toFixed(1)} MB without them`).toBeLessThan(1.5 * MB);
  });
});
