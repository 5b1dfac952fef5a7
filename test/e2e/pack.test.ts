// `npm pack` makes a tarball that installs globally and runs; it carries the LICENSE, installs
// nothing the bundle does not load, and its scripts do not point at files it lacks.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { basename, join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ROOT, baseEnv, tempDir } from "../helpers/cli.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies?: Record<string, string>; license: string; version: string };

/** Every module specifier in the built bundle that is not a relative path. */
function bareImports(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".js")) {
        const text = readFileSync(p, "utf8");
        // import ... from "x", import "x", import("x"), require("x"), createRequire(u)("x") with x a package name
        for (const m of text.matchAll(/(?:^\s*import\b[^;'"]*?\bfrom\s*|^\s*(?:export\b[^;'"]*?\bfrom|import)\s*|\bimport\s*\(\s*|(?<![\w$])(?:__)?require\s*\(\s*|\bcreateRequire\([^)]*\)\s*\(\s*)["']((?:node:)?(?:@[\w.-]+\/)?[\w.-]+(?:\/[\w./-]+)?)["']/gm)) {
          if (!m[1].startsWith(".")) found.set(m[1], relative(ROOT, p));
        }
      }
    }
  };
  walk(join(ROOT, "dist"));
  // the scan must see the bundle's imports at all (node:fs is always among them)
  if (![...found.keys()].some((k) => k.startsWith("node:"))) throw new Error("no imports found in dist/: is it built?");
  return found;
}
/** Bare requires that the bundle guards with try/catch and that work without the package. */
const OPTIONAL: Record<string, string> = {
  // fdir (under tinyglobby) tries `require("picomatch")` for a glob filter mids never passes it
  picomatch: "fdir's optional require, inside try/catch",
};
const builtin = (spec: string) => spec.startsWith("node:") || builtinModules.includes(spec.split("/")[0]) || builtinModules.includes(spec);
/** `@scope/name/sub` and `name/sub` belong to the package `@scope/name` and `name`. */
const packageOf = (spec: string) => spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1).join("/");

/** One `npm pack` for the whole file (a pack and an install cost seconds each). */
let packed: Promise<{ dir: string; tarball: string }> | undefined;
const npmEnv = { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" };
function pack(): Promise<{ dir: string; tarball: string }> {
  return (packed ??= (async () => {
    const dir = tempDir("pack-");
    // dist/ is already built by `npm test`; --ignore-scripts keeps pack from rebuilding it under running tests
    execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", dir], { cwd: ROOT, env: npmEnv, stdio: "pipe" });
    return { dir, tarball: join(dir, readdirSync(dir).find((f) => f.endsWith(".tgz"))!) };
  })());
}

/**
 * One global install of the packed tarball for the whole file (`npm install -g --prefix`): the
 * project test uses the same installed package (linked into its node_modules, as `npm link mids`
 * would) instead of a second `npm install` of the same tarball.
 */
let installed: Promise<{ dir: string; tarball: string; prefix: string }> | undefined;
function install(): Promise<{ dir: string; tarball: string; prefix: string }> {
  return (installed ??= (async () => {
    const { dir, tarball } = await pack();
    const prefix = join(dir, "global");
    // --prefer-offline: the runtime dependencies' metadata may not be in a fresh machine's cache
    // (npm ci caches tarballs, not registry documents); the registry is reachable wherever npm ci ran
    execFileSync("npm", ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", tarball], { env: npmEnv, stdio: "pipe", timeout: 120_000 });
    return { dir, tarball, prefix };
  })());
}

/** The code blocks of a docs page that follow `<!-- example-file: NAME -->`, by name. */
function docExamples(page: string): Map<string, string> {
  const text = readFileSync(join(ROOT, page), "utf8");
  return new Map([...text.matchAll(/<!-- example-file: (\S+) -->\n```\w*\n([\s\S]*?)\n```/g)].map((m) => [m[1], m[2] + "\n"]));
}

describe("npm pack", () => {
  it("every bare import in dist/ is a runtime dependency, and every runtime dependency is imported", () => {
    const imports = [...bareImports().keys()].filter((s) => !builtin(s)).map(packageOf).filter((p) => !(p in OPTIONAL));
    const deps = Object.keys(pkg.dependencies ?? {});
    expect([...new Set(imports)].filter((p) => !deps.includes(p)), "bundled code loads these at run time: add them to dependencies").toEqual([]);
    // bundled libraries (chalk, commander, undici, zod, ...) are build-time only: a global install
    // downloads nothing it will not load
    expect(deps.filter((d) => !imports.includes(d)), "these are bundled: move them to devDependencies").toEqual([]);
  });

  it("a TypeScript project whose resolution reads no exports (moduleResolution node10, TypeScript 5's default for module commonjs) finds the types of mids/sandbox: typesVersions leads where exports does", () => {
    const manifest = pkg as unknown as { exports: Record<string, { types?: string }>; typesVersions?: Record<string, Record<string, string[]>> };
    const subpaths = Object.entries(manifest.exports).filter(([, v]) => typeof v === "object" && v.types);
    expect(subpaths.map(([k]) => k)).toContain("./sandbox");
    for (const [sub, target] of subpaths) {
      const name = sub.replace(/^\.\//, "");
      // node10: typesVersions' mapping for the subpath (the "*" range applies to every TypeScript), else NAME.d.ts or NAME/index.d.ts
      const mapped = manifest.typesVersions?.["*"]?.[name]?.[0];
      const found = (mapped ? [mapped] : [`${name}.d.ts`, `${name}/index.d.ts`]).map((f) => posix.normalize(f)).find((f) => existsSync(join(ROOT, f)));
      expect(found, sub).toBe(posix.normalize(target.types!));
    }
  });

  it("npm pack and npm publish in a checkout without dist/ build it first (prepack), and no install script does", () => {
    // before: the build ran in postprepare alone, which npm ci and npm install run but npm pack and
    // npm publish do not (they run prepack and prepare): a fresh checkout packed a tarball without
    // dist/, whose mids could not start. The project's scripts, with a build that writes dist/cli.js.
    const dir = tempDir("prepack-");
    const { scripts, files } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string>; files: string[] };
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "prepack-check", version: "1.0.0", files, scripts }));
    mkdirSync(join(dir, ".ci"));
    writeFileSync(join(dir, ".ci/build.mjs"), 'import { mkdirSync, writeFileSync } from "node:fs";\nmkdirSync("dist", { recursive: true });\nwriteFileSync("dist/cli.js", "");\n');
    const out = execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: dir, env: npmEnv, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const listed = (JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
    expect(listed).toContain("dist/cli.js");
    expect(Object.keys(scripts).filter((s) => ["preinstall", "install", "postinstall", "prepare"].includes(s))).toEqual([]);
  });

  it("produces a tarball that installs globally and answers a sandbox query", async () => {
    const { dir, tarball: tgz } = await pack();
    const env = npmEnv;
    const tarball = basename(tgz);
    expect(tarball).toMatch(/^mids-\d+\.\d+\.\d+\.tgz$/);
    const listing = execFileSync("tar", ["-tzf", join(dir, tarball)], { encoding: "utf8" });
    expect(listing).toContain("package/bin/mids");
    expect(listing).toContain("package/dist/cli.js");
    expect(listing).toContain("package/completions/mids.bash");
    // the contract as OpenAPI (written by the build) and the types of mids/sandbox
    expect(listing).toContain("package/openapi/mids-v2.json");
    expect(listing).toContain("package/openapi/mids-v3.json");
    expect(listing).toContain("package/dist/sandbox.d.ts");
    expect(listing).toContain("package/LICENSE");
    expect(listing).not.toContain("package/src/");
    // the README's links to the docs lead somewhere in the installed package too
    const linked = [...readFileSync(join(ROOT, "README.md"), "utf8").matchAll(/\]\((docs\/[^)#\s]+)/g)].map((m) => m[1]);
    expect(linked.length).toBeGreaterThan(0);
    for (const path of new Set(linked)) expect(listing, path).toContain(`package/${path}`);
    execFileSync("tar", ["-xzf", join(dir, tarball), "-C", dir]);
    // every page the package ships links only to what it ships: an installed copy (or the
    // registry's page) has no broken link to a contributor's page or the benchmark figures
    const shipped = new Set(listing.split("\n").filter(Boolean));
    const pages = [...shipped].filter((f) => f.endsWith(".md"));
    expect(pages.length).toBeGreaterThan(1);
    const broken = pages.flatMap((page) => [...readFileSync(join(dir, page), "utf8").matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)]
      .map((m) => m[1]).filter((link) => !/^[a-z][\w+.-]*:/i.test(link))
      .filter((link) => !shipped.has(posix.normalize(posix.join(posix.dirname(page), link))))
      .map((link) => `${page} -> ${link}`));
    expect(broken).toEqual([]);
    expect(readFileSync(join(dir, "package/LICENSE"), "utf8")).toMatch(new RegExp(`^${pkg.license} License`));
    // no install script (the scripts npm runs when the package is installed as a dependency, which
    // npm 11 lists as "not yet covered by allowScripts" on every install of the tarball): the
    // checkout's build runs in postprepare, which npm ci and npm install run in the project alone
    const scripts = (JSON.parse(readFileSync(join(dir, "package/package.json"), "utf8")) as { scripts?: Record<string, string> }).scripts ?? {};
    expect(Object.keys(scripts).filter((s) => ["preinstall", "install", "postinstall", "prepare"].includes(s))).toEqual([]);
    // the lifecycle scripts npm may run in the unpacked package find what they need (or do nothing)
    for (const s of ["preprepare", "prepare", "postprepare"].filter((s) => s in scripts)) {
      execFileSync("npm", ["run", s], { cwd: join(dir, "package"), env, stdio: "pipe" });
    }
    const { prefix } = await install();
    // nothing downloaded that is not loaded: beside the package, only its runtime dependencies
    const installed = join(prefix, "lib/node_modules/mids/node_modules");
    const top = existsSync(installed) ? readdirSync(installed).filter((f) => !f.startsWith(".")) : [];
    expect(top.sort()).toEqual(Object.keys(pkg.dependencies ?? {}).sort());
    const bin = join(prefix, "bin", "mids");
    // (the version the build writes in: the package's)
    expect(execFileSync(bin, ["--version"], { encoding: "utf8" })).toBe(`${pkg.version}\n`);
    const out = execFileSync(bin, ["--sandbox", "projects", "list", "--limit", "1", "-o", "json"], { encoding: "utf8", env: baseEnv() });
    expect(JSON.parse(out)).toHaveLength(1);
  }, 150_000);

  it("installed, used by a project where `import { startSandbox } from \"mids/sandbox\"` is typed, loads none of the CLI, and runs the docs' node:test (with a scenario) and vitest examples", async () => {
    const { prefix } = await install();
    const project = tempDir("user-project-");
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "user-project", version: "1.0.0", type: "module", private: true }));
    // the installed package (with its runtime dependencies), linked in as `npm link mids` does
    mkdirSync(join(project, "node_modules"));
    symlinkSync(join(prefix, "lib/node_modules/mids"), join(project, "node_modules/mids"), "dir");
    const examples = docExamples("docs/sandbox.md");
    expect([...examples.keys()]).toEqual(expect.arrayContaining(["sandbox.node.test.mjs", "sandbox.vitest.test.mjs", "sandbox.scenario.test.mjs", "scenario.yaml", "sandbox.types.cts"]));
    for (const [name, code] of examples) writeFileSync(join(project, name), code);

    // the docs' node:test examples (the second with the docs' scenario file), as a user runs them
    const nodeTest = spawnSync(process.execPath, ["--test", "sandbox.node.test.mjs", "sandbox.scenario.test.mjs"], { cwd: project, encoding: "utf8", timeout: 60_000 });
    expect(nodeTest.stdout + nodeTest.stderr).toMatch(/# pass 3\n# fail 0/);
    expect(nodeTest.status).toBe(0);

    // the vitest example, with this repository's vitest (linked in, as if installed)
    symlinkSync(join(ROOT, "node_modules/vitest"), join(project, "node_modules/vitest"), "dir");
    const vitest = spawnSync(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--root", project, "sandbox.vitest.test.mjs"],
      { cwd: project, encoding: "utf8", timeout: 60_000, env: { ...process.env, CI: "true", NO_COLOR: "1" } });
    expect(vitest.stdout + vitest.stderr).toMatch(/Tests\s+2 passed \(2\)/);
    expect(vitest.status).toBe(0);

    // what importing mids/sandbox loads: a module hook logs every file; none is the CLI or commander
    writeFileSync(join(project, "hooks.mjs"), `import { appendFileSync } from "node:fs";
export async function load(url, context, next) { if (url.startsWith("file:")) appendFileSync(process.env.LOAD_LOG, url + "\\n"); return next(url, context); }\n`);
    writeFileSync(join(project, "probe.mjs"), `import { register } from "node:module";
register("./hooks.mjs", import.meta.url);
const { startSandbox } = await import("mids/sandbox");
const sb = await startSandbox();
const res = await fetch(sb.url + "/v3/me", { headers: { "x-api-key": sb.keys.demo } });
await sb.close();
console.log(res.status);\n`);
    const loadLog = join(project, "loaded.txt");
    const probe = spawnSync(process.execPath, ["probe.mjs"], { cwd: project, encoding: "utf8", timeout: 30_000, env: { ...process.env, LOAD_LOG: loadLog } });
    expect(probe.stderr).toBe("");
    expect(probe.stdout).toBe("200\n");
    const loaded = readFileSync(loadLog, "utf8").trim().split("\n").map((u) => fileURLToPath(u)).filter((f) => f.includes("/node_modules/mids/"));
    expect(loaded.map((f) => basename(f))).toContain("sandbox.js");
    expect(loaded.map((f) => basename(f))).not.toContain("cli.js");
    // commander is in the package, so the marker is real, and in no module that was loaded; nor are
    // the other CLI libraries. The build's syntax minification drops esbuild's `// node_modules/NAME/`
    // lines, so each is known by text of its own that the bundle keeps: commander's error codes,
    // undici's, chalk's ansi-styles and ora's spinners
    const cliOnly = /commander\.unknownOption|UND_ERR_|\bansiStyles\b|\bspinners\b/;
    const installedDist = join(project, "node_modules/mids/dist");
    const all = readdirSync(join(installedDist, "chunks")).map((f) => join(installedDist, "chunks", f));
    expect(all.filter((f) => cliOnly.test(readFileSync(f, "utf8"))).length).toBeGreaterThan(0);
    expect(loaded.filter((f) => cliOnly.test(readFileSync(f, "utf8")))).toEqual([]);

    // the package's types: a TypeScript user's test typechecks against "mids/sandbox" and a misuse does not
    // (skipLibCheck false: the package's .d.ts is checked too; TypeScript's own lib files, some
    // 60,000 lines that two thirds of each tsc run went to, are not: skipDefaultLibCheck)
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "nodenext", moduleResolution: "nodenext", strict: true, noEmit: true, skipLibCheck: false, skipDefaultLibCheck: true, types: [] }, files: ["use.ts"] }));
    writeFileSync(join(project, "use.ts"), `import { startSandbox, type SandboxServer } from "mids/sandbox";
const sb: SandboxServer = await startSandbox({ port: 0, seed: 7, clock: new Date(), faults: "503:x1", scenario: { routes: { "GET /v3/me": [{ status: 503 }] } } });
const demo: string | undefined = sb.keys.demo;
sb.reset(); sb.setFaults([{ kind: "reset", firstN: 1 }]); await sb.close();
// @ts-expect-error: not a fault kind
sb.setFaults([{ kind: "418" }]);
export { demo };\n`);
    const tsc = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", project], { cwd: project, encoding: "utf8", timeout: 60_000 });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);

    // a CommonJS file under module node16, where TypeScript refuses a static import of an ES
    // module (TS1479, as the docs say): the docs' CommonJS example (import type, import()) compiles
    writeFileSync(join(project, "static.cts"), `import { startSandbox } from "mids/sandbox";\nexport { startSandbox };\n`);
    writeFileSync(join(project, "tsconfig.node16.json"), JSON.stringify({ compilerOptions: { module: "node16", moduleResolution: "node16", strict: true, noEmit: true, skipLibCheck: false, skipDefaultLibCheck: true, types: [] }, files: ["sandbox.types.cts", "static.cts"] }));
    const node16 = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(project, "tsconfig.node16.json")], { cwd: project, encoding: "utf8", timeout: 60_000 });
    expect((node16.stdout + node16.stderr).trim().split("\n").filter((l) => /error TS/.test(l)).map((l) => l.replace(/\(.*/, "") + " " + /TS\d+/.exec(l)![0])).toEqual(["static.cts TS1479"]);
  }, 180_000);
});
