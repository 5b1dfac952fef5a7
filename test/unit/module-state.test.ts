// No module-level mutable state in the CLI's code (issue 24; DEVELOPERS.md): a run's
// memos, learned forms and caches live in objects the run makes, so runs (and tests) cannot see
// each other's. The rule, checked on the source with the TypeScript parser:
//  - module scope holds only imports, exports, declarations of functions, classes and types, and
//    `const`s; no `let`/`var`, no statement that runs (a loop filling a table, an assignment);
//  - a module-level Map, Set or array is declared read-only (ReadonlyMap, ReadonlySet,
//    `readonly T[]`, `as const` or Object.freeze), so the compiler refuses any write to it;
//  - a module-level typed array is a lookup table made by charTable() (src/util/chars.ts);
//  - no module-level WeakMap/WeakSet, memo (BoundedMemo, LastMemo) or gate (HitRateGate).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
// (TypeScript 7 has no JavaScript API: the oxc parser that vitest's bundler ships reads TypeScript)
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
// all of src/, the sandbox too (startSandbox() serves in other people's test processes, many at once)
const DIRS = ["src"];
// (a worker thread's entry module is the thread itself, so its scope is the thread's run)
const SKIP = new Set(["src/migrate/parallel/worker.ts", "src/output/jq-worker.ts",
  // zod's one global setting (no code generation through new Function), made where zod is loaded
  "src/contract/schemas.ts"]);

const files = (dir: string): string[] => (dir.endsWith(".ts") ? [dir] : readdirSync(join(ROOT, dir))).flatMap((f) => {
  const rel = f === dir ? dir : `${dir}/${f}`;
  if (SKIP.has(rel)) return [];
  if (statSync(join(ROOT, rel)).isDirectory()) return files(rel);
  return rel.endsWith(".ts") ? [rel] : [];
});

// (StaticMemo, src/util/memo.ts, is the one memo allowed in module scope: keyed by the program's
// own constant data, the same for every run)
const MUTABLE_CLASSES = /^(?:Map|Set|WeakMap|WeakSet|Array|BoundedMemo|LastMemo|HitRateGate|(?:Int|Uint|Float|BigInt|BigUint)(?:8|16|32|64)(?:Clamped)?Array)$/;
const READONLY_TYPE = /^(?:Readonly(?:Map|Set|Array)<|readonly )/;
const DECLARATIONS = new Set(["ImportDeclaration", "FunctionDeclaration", "ClassDeclaration", "TSInterfaceDeclaration", "TSTypeAliasDeclaration",
  "TSEnumDeclaration", "ExportAllDeclaration", "TSDeclareFunction", "TSModuleDeclaration"]);
const FUNCTIONS = new Set(["FunctionExpression", "ArrowFunctionExpression", "FunctionDeclaration", "ClassBody"]);

type Node = { type: string; start: number; end: number; [k: string]: unknown };
const isNode = (x: unknown): x is Node => !!x && typeof x === "object" && typeof (x as Node).type === "string";

/** What is wrong with one module-level statement, or undefined. */
function problem(st: Node, text: string): string | undefined {
  const show = () => text.slice(st.start, st.end).split("\n")[0].slice(0, 70);
  if (DECLARATIONS.has(st.type)) return undefined;
  if (st.type === "ExportNamedDeclaration" || st.type === "ExportDefaultDeclaration") {
    const d = st.declaration;
    return isNode(d) ? problem(d, text) : undefined;
  }
  if (st.type !== "VariableDeclaration") return `a statement that runs at load: ${show()}`;
  if (st.kind !== "const") return `a module-level ${String(st.kind)}: ${show()}`;
  for (const d of st.declarations as Node[]) {
    const name = text.slice((d.id as Node).start, (d.id as Node).end);
    const typeNode = (d.id as Node).typeAnnotation as Node | undefined;
    const type = typeNode ? text.slice(typeNode.start, typeNode.end).replace(/^:\s*/, "") : "";
    let init = d.init as Node | null;
    if (!init) continue;
    let frozen = false;
    // `Object.freeze(x)` and `x as const` make what they wrap read-only
    if (init.type === "CallExpression" && text.slice((init.callee as Node).start, (init.callee as Node).end) === "Object.freeze") { init = (init.arguments as Node[])[0]; frozen = true; }
    if (init.type === "TSAsExpression" && text.slice((init.typeAnnotation as Node).start, (init.typeAnnotation as Node).end) === "const") continue;
    let bad: string | undefined;
    // look through the initializer, but not into functions (what they make is made per call)
    const visit = (n: Node, top: boolean): void => {
      if (bad || FUNCTIONS.has(n.type)) return;
      if (n.type === "NewExpression" && (n.callee as Node).type === "Identifier" && MUTABLE_CLASSES.test(String((n.callee as Node).name))) {
        const cls = String((n.callee as Node).name);
        const ok = top && (cls === "Map" || cls === "Set") && READONLY_TYPE.test(type);
        if (!ok) bad = `${name}: a module-level ${cls}${cls === "Map" || cls === "Set" ? " not declared Readonly" : ""}`;
      }
      if (n.type === "ArrayExpression" && top && !frozen && !READONLY_TYPE.test(type)) bad = `${name}: a module-level array not declared readonly`;
      for (const v of Object.values(n)) {
        if (Array.isArray(v)) for (const c of v) { if (isNode(c)) visit(c, false); }
        else if (isNode(v)) visit(v, false);
      }
    };
    visit(init, true);
    if (bad) return bad;
  }
  return undefined;
}

function problems(text: string): string[] {
  const ast = parseAst(text, { lang: "ts" }) as unknown as { body: Node[] };
  return ast.body.flatMap((st) => { const p = problem(st, text); return p ? [p] : []; });
}

// (the sandbox, src/sandbox, keeps its generated datasets between servers of one process: a memo of
// data that never changes once made, outside the CLI's runs)
describe("module-level state in the CLI's code", () => {
  it("there is none: every memo, cache, learned form and scratch buffer belongs to an object a run makes", () => {
    const found = DIRS.flatMap(files).flatMap((f) => problems(readFileSync(join(ROOT, f), "utf8")).map((p) => `${f}: ${p}`));
    expect(found).toEqual([]);
  });

  it("the check itself catches each kind (a planted let, cache, scratch array, table loop)", () => {
    expect(problems("let last = '';")).toHaveLength(1);
    expect(problems("const memo = new Map<string, string>();")).toHaveLength(1);
    expect(problems("const memo: ReadonlyMap<string, string> = new Map();")).toEqual([]);
    expect(problems("const seen = new WeakSet<object>();")).toHaveLength(1);
    expect(problems("const forms: Form[] = [];")).toHaveLength(1);
    expect(problems("const KEYS: readonly string[] = ['a'];")).toEqual([]);
    expect(problems("const KEYS = ['a'] as const;")).toEqual([]);
    expect(problems("const buf = new Int32Array(256);")).toHaveLength(1);
    expect(problems("const T = charTable((c) => c > 64);")).toEqual([]);
    expect(problems("for (const c of 'ab') T[c.charCodeAt(0)] = 1;")).toHaveLength(1);
    expect(problems("const gate = new HitRateGate({ window: 1, minRate: 1, idle: 1 });")).toHaveLength(1);
    expect(problems("const m = { cache: new Map() };")).toHaveLength(1);
    expect(problems("const f = () => new Map();")).toEqual([]);
  });
});
