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
import { lineAt, scan, type ScanResult } from "../../src/migrate/scan/scan.js";
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
  const run = async (keepText: boolean, keepLines = false): Promise<{ result: ScanResult; grew: number }> => {
    const before = heap();
    const result = await scan({ paths: [dir], cwd: dir, hosts: ["api.mids.example"], now, keepText, keepLines });
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

  it("a scan that keeps the lines its usages are on (stylish) holds those lines, not the texts", async () => {
    // (many texts the size of source files, a few routes in each: a slice of a text this size keeps
    // it whole, which a slice of a large one, in a space of its own, does not)
    const small = tempDir("scan-retention-lines-");
    for (let i = 0; i < 400; i++) {
      mkdirSync(join(small, `d${i}`), { recursive: true });
      const routes = [`get("/v2/projects/5f3a9c00e11e510a${String(i).padStart(8, "0")}?limit=${i}")`, `fetch(\`\${base}/v2/topics/\${id}/report\`)`, `curl https://api.mids.example/v2/signals?page=${i}`];
      writeFileSync(join(small, `d${i}`, "a.ts"), bigText(32 * 1024, routes.join("\n")), "latin1");
    }
    const scanLines = async (keepText: boolean, keepLines: boolean) => {
      const before = heap();
      const result = await scan({ paths: [small], cwd: small, hosts: ["api.mids.example"], now, keepText, keepLines });
      /x/.test("x");
      return { result, grew: heap() - before };
    };
    // (a first scan unmeasured, keeping nothing: the code it compiles is no file's text, and nothing
    // of it is left to be collected while the next is measured)
    await scanLines(false, false);
    const withLines = await scanLines(false, true);
    const kept = await scanLines(true, false);
    expect(withLines.result.files.length).toBe(400);
    expect(withLines.result.files.every((f) => f.text === undefined && f.lines !== undefined)).toBe(true);
    let chars = 0;
    for (const [i, f] of withLines.result.files.entries()) {
      const text = kept.result.files[i].text!;
      for (const u of f.usages) {
        const end = text.indexOf("\n", u.lineStart);
        expect(lineAt(f, u.lineStart)).toEqual(lineAt(kept.result.files[i], u.lineStart));
        expect(lineAt(f, u.lineStart).text).toBe(text.slice(u.lineStart, end < 0 ? text.length : end));
      }
      for (const l of f.lines!.values()) chars += l.length;
    }
    console.log("GREW", withLines.grew, kept.grew, chars, withLines.result.files.length);
    expect(chars, "the lines are kept").toBeGreaterThan(20_000);
    expect(kept.grew, `${(kept.grew / MB).toFixed(1)} MB with the texts`).toBeGreaterThan(10 * MB);
    // (the 400 files' entries and 1,200 usages hold 1.5-1.8 MB whatever is kept of the texts)
    expect(withLines.grew, `${(withLines.grew / MB).toFixed(1)} MB with the lines (${(chars / MB).toFixed(2)} MB of them), ${(kept.grew / MB).toFixed(1)} MB with the texts`).toBeLessThan(kept.grew / 4);
  });
});
