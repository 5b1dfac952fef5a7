// Start-up is a feature: every command line first loads the root (the program, settings, the
// commands' declarations), so the build puts all of it in one chunk (.ci/build.mjs rootFirst); split
// the way esbuild splits by default it was some 25 modules, ~0.4 ms of CPU each to load.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, tempDir } from "../helpers/cli.js";

/** The files a module loads before it runs: its static imports, followed through the build. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:^|\n)\s*import\s[^;]*?from\s*"(\.[^"]+)"|(?:^|\n)\s*import\s*"(\.[^"]+)"/g)) visit(join(file, "..", m[1] ?? m[2]));
  };
  visit(entry);
  return seen;
}

describe("start-up", () => {
  it("the built CLI's entry loads the root in one chunk (and esbuild's shared runtime), not one chunk per module", () => {
    const files = staticClosure(join(ROOT, "dist/cli.js"));
    expect(files.size).toBeGreaterThan(1);
    expect(files.size).toBeLessThanOrEqual(3);
    // the root is really there: the program and commander
    const text = [...files].map((f) => readFileSync(f, "utf8")).join("\n");
    expect(text).toMatch(/node_modules\/commander\/lib\/command\.js/);
    expect(text).toContain("function buildProgram(");
  });

  it("bin/mids loads the one bundle for every command line: no second bundle", () => {
    const bin = readFileSync(join(ROOT, "bin/mids"), "utf8");
    expect([...bin.matchAll(/import\(|require\(/g)].length).toBe(1);
    expect(bin).toContain('import("../dist/cli.js")');
  });
});

/** What a run of the built CLI loaded: its source modules, its built-in modules, and its stdout. */
interface Loads { modules: Set<string>; builtins: string[]; stdout: string }

/**
 * A run of the built CLI in `cwd` (an empty directory by default), and what it loaded: a resolve
 * hook names every file of the build that Node loads, and each file's module comments name what
 * it holds (`src/...`, `node_modules/...`); at exit, the built-in modules it loaded.
 */
function loads(args: string[], env: Record<string, string> = { NO_COLOR: "1" }, cwd = tempDir("empty-"), { modules: hook = true } = {}): Loads {
  const dir = tempDir("loads-");
  writeFileSync(join(dir, "hooks.mjs"), 'export async function resolve(s, c, next) { const r = await next(s, c); if (r.url.startsWith("file:")) process._rawDebug("mids-loaded " + r.url); return r; }\n');
  // (the hook runs on a thread of its own: a run asked for its built-ins only goes without it)
  writeFileSync(join(dir, "register.mjs"), (hook ? 'import { register } from "node:module"; register("./hooks.mjs", import.meta.url);\n' : "")
    + 'process.on("exit", () => process._rawDebug("mids-builtins " + process.moduleLoadList.filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice(13)).join(" ")));\n');
  // (the colour settings are the test's own)
  const base = { ...process.env };
  delete base.NO_COLOR;
  delete base.FORCE_COLOR;
  const r = spawnSync(process.execPath, ["--import", pathToFileURL(join(dir, "register.mjs")).href, BIN, ...args], {
    cwd, encoding: "utf8", env: { ...base, ...env, HOME: dir, MIDS_CONFIG_DIR: dir, XDG_STATE_HOME: dir },
  });
  expect(r.status, r.stderr).toBe(0);
  const files = [...r.stderr.matchAll(/^mids-loaded file:\/\/(\S+)$/gm)].map((m) => decodeURIComponent(m[1])).filter((f) => f.includes("/dist/"));
  if (hook) expect(files.length).toBeGreaterThan(1);
  const modules = new Set<string>();
  for (const f of files) {
    for (const m of readFileSync(f, "utf8").matchAll(/^\/\/ (\S+)$/gm)) modules.add(m[1].replace(/^.*?(?=node_modules\/|src\/)/, ""));
  }
  return { modules, builtins: /^mids-builtins (.*)$/m.exec(r.stderr)?.[1].split(" ") ?? [], stdout: r.stdout };
}
const loadedModules = (args: string[], env?: Record<string, string>) => loads(args, env).modules;

/**
 * One `migrate scan --format json` over a tree of one file with a usage, for both what it loads
 * and its built-ins (a run of the built CLI costs more than a test's own work).
 */
let scanned: Loads | undefined;
function scanLoads(): Loads {
  if (scanned) return scanned;
  const tree = tempDir("scan-tree-");
  writeFileSync(join(tree, "client.ts"), 'export const url = `${BASE}/v2/projects/${id}/momentum?start=${s}`;\n');
  return (scanned = loads(["migrate", "scan", ".", "--format", "json"], undefined, tree));
}

/** What no command that neither calls the API nor runs the sandbox, pager or jq should load. */
const NOT_OFFLINE = [
  /^src\/client\/(?!body\.ts$|paginate\.ts$)/, /^src\/sandbox\//, /^src\/recipes\//, /^src\/output\/(pager|jq)\.ts$/,
  // (chalk: only a run that paints stylish output)
  /^node_modules\/(?!commander\/|ignore\/)/,
];

describe("start-up: what a command line loads", () => {
  it("migrate scan loads its own run module and what it needs: no other command's, no client, sandbox, pager or jq", () => {
    // (a tree with a usage: the scan finds and reports it)
    const { modules, stdout } = scanLoads();
    expect(JSON.parse(stdout).findings).toHaveLength(1);
    const loaded = [...modules];
    expect(loaded).toContain("src/commands/migrate/scan/run.ts");
    expect(loaded).toContain("src/migrate/scan/extract.ts");
    const unneeded = loaded.filter((m) => NOT_OFFLINE.some((re) => re.test(m))
      // a command's run module (and migrate's own pipeline): only the scan's
      || (/^src\/commands\/.*\/(?!index\.ts$)[^/]+\.ts$/.test(m) && !/^src\/commands\/(shared\/|migrate\/scan\/run\.ts$|alerts\/body\.ts$|contract\/(check|export)\.ts$|recipes\/discontinued\.ts$|api\/methods\.ts$|completion\/shells\.ts$|migrate\/verify\/concurrency\.ts$)/.test(m))
      || /^src\/migrate\/(pipeline|reader|parallel\/pool)\.ts$/.test(m));
    expect(unneeded).toEqual([]);
  });

  it("chalk is loaded only by a run that paints stylish output", () => {
    const painted = loadedModules(["migrate", "scan", ".", "--format", "stylish"], { FORCE_COLOR: "1" });
    expect([...painted].some((m) => m.startsWith("node_modules/chalk/"))).toBe(true);
    for (const env of [{ NO_COLOR: "1" }, { FORCE_COLOR: "0" }] as Record<string, string>[]) {
      expect([...loadedModules(["migrate", "scan", ".", "--format", "stylish"], env)].filter((m) => m.startsWith("node_modules/chalk/"))).toEqual([]);
    }
  });

  it("--help loads the root only: no command's run module, migrate, findings or client", () => {
    const loaded = [...loadedModules(["--help"])];
    expect(loaded).toContain("src/root/help.ts");
    const unneeded = loaded.filter((m) => NOT_OFFLINE.some((re) => re.test(m)) || /^src\/(migrate\/(?!types\.ts$|verify\/verdicts\.ts$|parallel\/defaults\.ts$)|findings\/(?!formats\.ts$))/.test(m)
      || /^src\/commands\/.*\/run\.ts$/.test(m) || /^node_modules\/(?!commander\/)/.test(m));
    expect(unneeded).toEqual([]);
  });
});

describe("start-up: the built-in modules a command loads", () => {
  it("an API command never loads node:http2 (undici's HTTP/2 client, which mids does not use)", () => {
    const { stdout, builtins } = loads(["--sandbox", "me", "-o", "json", "-q"], undefined, undefined, { modules: false });
    // (the request was made: undici's HTTP/1.1 client, over node:net)
    expect(JSON.parse(stdout)).toHaveProperty("entitlements");
    expect(builtins).toContain("net");
    expect(builtins.filter((m) => /http2/.test(m))).toEqual([]);
  });

  it("migrate scan times its reads without the global performance (its first use loads node:perf_hooks)", () => {
    const { stdout, builtins } = scanLoads();
    expect(JSON.parse(stdout).findings).toHaveLength(1);
    // (the list is real: the scan's own built-ins are in it)
    expect(builtins).toContain("fs");
    expect(builtins.filter((m) => m === "perf_hooks" || m === "internal/perf/performance")).toEqual([]);
  });
});
