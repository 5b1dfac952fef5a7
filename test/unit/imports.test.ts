// Imports point down (STYLE.md). The layers, bottom up: src/util/, src/errors.ts, src/io.ts (pure
// pieces everyone shares); src/redact/, src/contract/ (the API as data), src/config.ts (the config
// file and each setting's checks); src/client/, src/output/, src/findings/, src/recipes/,
// src/migrate/, src/sandbox/ (the sandbox beside the client: what both need lives in src/contract;
// several take the Context, a type-only interface in src/context.ts); src/commands/; src/root/ (the
// root command, settings, factory, error printer); src/main.ts. No module imports itself back
// through a loop, static, lazy or type-only: a type import couples modules as much as a value one.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";

const SRC = join(ROOT, "src");

/** Every .ts file under src/, as a path relative to the repository root. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [relative(ROOT, join(dir, e.name))] : []));
}

/** The relative modules a file depends on: static imports/exports, import() and type-only imports (`import type`, `import("./x.js").T`). */
export function importsOf(file: string, text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?[^;'"]*?\bfrom\s*["'](\.[^"']+)["']/gm)) specs.push(m[1]);
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
    // type-only imports count too, and import("...") in a type
    expect(importsOf("src/x.ts", 'import type { A } from "./a.js";\nimport { b } from "./b.js";\nlet c: import("./c.js").C;')).toEqual(["src/a.ts", "src/b.ts", "src/c.ts"]);
    expect(importsOf("src/x.ts", 'export type { A } from "./a.js";')).toEqual(["src/a.ts"]);
  });

  it("src/contract and src/client never import from src/commands or src/sandbox", () => {
    expect(violations("src/contract/", ["src/commands/", "src/sandbox/", "src/client/"])).toEqual([]);
    expect(violations("src/client/", ["src/commands/", "src/sandbox/"])).toEqual([]);
  });

  it("src/sandbox never imports from src/client or src/commands (shared shapes live in src/contract)", () => {
    expect(violations("src/sandbox/", ["src/client/", "src/commands/"])).toEqual([]);
  });

  it("src/util/ is the bottom layer: it imports only src/util/ and src/errors.ts", () => {
    const out = [...graph].flatMap(([file, deps]) => (file.startsWith("src/util/") ? deps.filter((d) => !d.startsWith("src/util/") && d !== "src/errors.ts").map((d) => `${file} -> ${d}`) : []));
    expect(out).toEqual([]);
    expect(graph.get("src/errors.ts")).toEqual([]);
  });

  it("below the commands nothing imports src/commands, src/root or src/main.ts; only src/main.ts imports src/root", () => {
    const top = ["src/commands/", "src/root/", "src/main.ts", "src/cli.ts"];
    for (const layer of ["src/util/", "src/errors.ts", "src/redact/", "src/contract/", "src/client/", "src/output/", "src/findings/", "src/recipes/", "src/migrate/", "src/sandbox/", "src/config.ts", "src/io.ts", "src/context.ts", "src/keyerror.ts"]) {
      expect(violations(layer, top)).toEqual([]);
    }
    expect(violations("src/commands/", ["src/root/", "src/main.ts"])).toEqual([]);
  });

  it("src/client never imports src/output (what both print through lives in src/util), and the settings (src/config.ts) never import the context, the client or the output", () => {
    expect(violations("src/client/", ["src/output/"])).toEqual([]);
    expect(violations("src/config.ts", ["src/context.ts", "src/client/", "src/output/", "src/io.ts"])).toEqual([]);
    expect(violations("src/keyerror.ts", ["src/client/", "src/output/"])).toEqual([]);
  });

  it("src/recipes never imports src/migrate (the ignore rules both walk with live in src/util)", () => {
    expect(violations("src/recipes/", ["src/migrate/"])).toEqual([]);
  });

  it("no module imports itself back through a loop", () => {
    expect(cycles(graph)).toEqual([]);
    // the check itself finds the loop recipes/shared.ts <-> recipes/index.ts used to be
    expect(cycles(new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", ["a.ts"]]]))).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });
});
