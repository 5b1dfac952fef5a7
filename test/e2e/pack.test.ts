// `npm pack` makes a tarball that installs globally and runs; it carries the LICENSE, installs
// nothing the bundle does not load, and its scripts do not point at files it lacks.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, baseEnv, runMids, tempDir } from "../helpers/cli.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies?: Record<string, string>; license: string };

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

describe("npm pack", () => {
  it("every bare import in dist/ is a runtime dependency, and every runtime dependency is imported", () => {
    const imports = [...bareImports().keys()].filter((s) => !builtin(s)).map(packageOf).filter((p) => !(p in OPTIONAL));
    const deps = Object.keys(pkg.dependencies ?? {});
    expect([...new Set(imports)].filter((p) => !deps.includes(p)), "bundled code loads these at run time: add them to dependencies").toEqual([]);
    // bundled libraries (chalk, commander, undici, zod, ...) are build-time only: a global install
    // downloads nothing it will not load
    expect(deps.filter((d) => !imports.includes(d)), "these are bundled: move them to devDependencies").toEqual([]);
  });

  it("produces a tarball that installs globally and answers a sandbox query", async () => {
    const dir = tempDir("pack-");
    const env = { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" };
    // dist/ is already built by `npm test`; --ignore-scripts keeps pack from rebuilding it under running tests
    execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", dir], { cwd: ROOT, env, stdio: "pipe" });
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"))!;
    expect(tarball).toMatch(/^mids-\d+\.\d+\.\d+\.tgz$/);
    const listing = execFileSync("tar", ["-tzf", join(dir, tarball)], { encoding: "utf8" });
    expect(listing).toContain("package/bin/mids");
    expect(listing).toContain("package/dist/cli.js");
    expect(listing).toContain("package/completions/mids.bash");
    expect(listing).toContain("package/LICENSE");
    expect(listing).not.toContain("package/src/");
    execFileSync("tar", ["-xzf", join(dir, tarball), "-C", dir]);
    expect(readFileSync(join(dir, "package/LICENSE"), "utf8")).toMatch(new RegExp(`^${pkg.license} License`));
    // the lifecycle scripts npm may run in the unpacked package find what they need (or do nothing)
    execFileSync("npm", ["run", "prepare"], { cwd: join(dir, "package"), env, stdio: "pipe" });
    const prefix = join(dir, "global");
    // --prefer-offline: the runtime dependencies' metadata may not be in a fresh machine's cache
    // (npm ci caches tarballs, not registry documents); the registry is reachable wherever npm ci ran
    execFileSync("npm", ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", join(dir, tarball)], { env, stdio: "pipe", timeout: 120_000 });
    // nothing downloaded that is not loaded: beside the package, only its runtime dependencies
    const installed = join(prefix, "lib/node_modules/mids/node_modules");
    const top = existsSync(installed) ? readdirSync(installed).filter((f) => !f.startsWith(".")) : [];
    expect(top.sort()).toEqual(Object.keys(pkg.dependencies ?? {}).sort());
    const bin = join(prefix, "bin", "mids");
    const version = execFileSync(bin, ["--version"], { encoding: "utf8" });
    const own = await runMids(["--version"]);
    expect(version).toBe(own.stdout);
    const out = execFileSync(bin, ["--sandbox", "projects", "list", "--limit", "1", "-o", "json"], { encoding: "utf8", env: baseEnv() });
    expect(JSON.parse(out)).toHaveLength(1);
  }, 150_000);
});
