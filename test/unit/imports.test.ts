// Imports point down (STYLE.md): the contract and the client never reach up into commands or the
// sandbox, the sandbox sits beside the client (what both need lives in src/contract), and no
// module imports itself back through a loop, static or lazy.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";

const SRC = join(ROOT, "src");

/** Every .ts file under src/, as a path relative to the repository root. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [relative(ROOT, join(dir, e.name))] : []));
}

/** The relative modules a file loads at run time: static imports/exports and import() (type-only imports erase). */
export function importsOf(file: string, text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s*["'](\.[^"']+)["']/gm)) if (!m[1]) specs.push(m[2]);
  for (const m of text.matchAll(/^\s*import\s*["'](\.[^"']+)["']/gm)) specs.push(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)) specs.push(m[1]);
  return specs.map((s) => normalize(join(dirname(file), s.replace(/\.js$/, ".ts"))));
}

const graph = new Map(sources().map((f) => [f, importsOf(f, readFileSync(join(ROOT, f), "utf8"))]));

/** Import edges that break a layering rule: files under `from` importing files under any of `to`. */
function violations(from: string, to: string[]): string[] {
  return [...graph].flatMap(([file, deps]) => (file.startsWith(from) ? deps.filter((d) => to.some((t) => d.startsWith(t))).map((d) => `${file} -> ${d}`) : []));
}

/** Strongly connected groups of more than one module (Tarjan). */
function cycles(g: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!g.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe("import direction", () => {
  it("reads the imports of every source file", () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get("src/root/program.ts")).toContain("src/commands/registry.ts");
    // lazy imports count: a command's index loads its run module with import()
    expect(graph.get("src/commands/api/index.ts")).toContain("src/commands/api/run.ts");
    // type-only imports do not
    expect(importsOf("src/x.ts", 'import type { A } from "./a.js";\nimport { b } from "./b.js";')).toEqual(["src/b.ts"]);
  });

  it("src/contract and src/client never import from src/commands or src/sandbox", () => {
    expect(violations("src/contract/", ["src/commands/", "src/sandbox/", "src/client/"])).toEqual([]);
    expect(violations("src/client/", ["src/commands/", "src/sandbox/"])).toEqual([]);
  });

  it("src/sandbox never imports from src/client or src/commands (shared shapes live in src/contract)", () => {
    expect(violations("src/sandbox/", ["src/client/", "src/commands/"])).toEqual([]);
  });

  it("no module imports itself back through a loop", () => {
    expect(cycles(graph)).toEqual([]);
    // the check itself finds the loop recipes/shared.ts <-> recipes/index.ts used to be
    expect(cycles(new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", ["a.ts"]]]))).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });
});
