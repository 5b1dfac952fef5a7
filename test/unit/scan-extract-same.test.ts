// The scan's route reader, rewritten for speed (native matches in place of loops over
// characters), reads exactly what it read before: the same RouteTexts (offsets, host, pieces with
// their kinds, texts and names, in the same key order) as the frozen copy of the earlier reader,
// on the bench's dense tree, on random texts built from every form it reads, and on hostile ones.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateDense } from "../../bench/scan-dense.mjs";
import { extractRoutes } from "../../src/migrate/scan/extract.js";
import { extractRoutes as frozen } from "../fixtures/scan/extract-frozen.js";
import { hostileRouteTexts, routeCorpus } from "../helpers/route-corpus.js";

/** The texts on which the two readers differ (at most a few, shown whole up to 200 characters). */
function differences(texts: readonly string[]): { text: string; now: string; before: string }[] {
  const out: { text: string; now: string; before: string }[] = [];
  for (const text of texts) {
    const now = JSON.stringify(extractRoutes(text));
    const before = JSON.stringify(frozen(text));
    if (now !== before && out.push({ text: text.slice(0, 200), now: now.slice(0, 400), before: before.slice(0, 400) }) >= 3) break;
  }
  return out;
}

describe("the route reader reads what the earlier reader read", () => {
  const dir = mkdtempSync(join(tmpdir(), "mids-extract-same-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("on the dense bench tree (every language and form it writes)", () => {
    generateDense(dir, 140);
    const texts: string[] = [];
    const walk = (d: string): void => {
      for (const name of readdirSync(d).sort()) {
        const p = join(d, name);
        if (statSync(p).isDirectory()) walk(p); else texts.push(readFileSync(p, "utf8"));
      }
    };
    walk(dir);
    expect(texts.length).toBe(140);
    expect(differences(texts)).toEqual([]);
  });

  it("on random texts of every form, broken ones too", () => {
    const texts = routeCorpus(24, 12_000);
    // the corpus reaches every kind of piece, hosts and routes cut at the end of the text
    const routes = texts.flatMap((t) => frozen(t));
    expect(new Set(routes.flatMap((r) => r.pieces.map((p) => p.kind)))).toEqual(new Set(["lit", "ph", "join"]));
    expect(routes.some((r) => r.host)).toBe(true);
    expect(differences(texts)).toEqual([]);
  });

  it("on hostile texts: 100 KB runs, brackets left open, spans at their limits, surrogate pairs, CRLF", () => {
    expect(differences(hostileRouteTexts())).toEqual([]);
  });

  it("keeps each piece's keys in their order (what JSON output shows)", () => {
    const [r] = extractRoutes('get("https://API.example.com/v2/projects/" + id + "/rank?x=%s")');
    expect(Object.keys(r)).toEqual(["start", "end", "pieces", "host"]);
    expect(r.pieces.map((p) => Object.keys(p).join())).toEqual(["kind,text,start,end", "kind,name,start,end", "kind,text,start,end", "kind,name,start,end"]);
  });
});
