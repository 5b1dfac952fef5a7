// Bundle src/ into dist/ with esbuild: ESM, code-split so each command's run module and heavy
// dependencies load only when that command runs (start-up is a feature); and `mids migrate scan`
// again as one CommonJS module, dist/migrate-scan.cjs (see below).
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
// build beside dist/ and swap it in, so CLIs running from dist/ meanwhile keep working
const out = join(root, `dist.tmp-${process.pid}`);
const old = join(root, `dist.old-${process.pid}`);
rmSync(out, { recursive: true, force: true });
// Built-in modules that a bundled module imports at load time but calls only on a rare path load
// when first called: commander's child_process (executable subcommands, which mids has none of)
// and the GitLab format's crypto (fingerprints). Each costs a few ms of every start-up otherwise.
const LAZY_BUILTINS = [
  { module: "node:child_process", importer: /[\\/]node_modules[\\/]commander[\\/]/, names: ["spawn"] },
  { module: "node:crypto", importer: /[\\/]src[\\/]findings[\\/]gitlab\.ts$/, names: ["createHash"] },
];
const lazyBuiltins = {
  name: "lazy-builtins",
  setup(b) {
    b.onResolve({ filter: /^(node:)?(child_process|crypto)$/ }, (a) => {
      const lazy = LAZY_BUILTINS.find((l) => l.module === (a.path.startsWith("node:") ? a.path : `node:${a.path}`) && l.importer.test(a.importer));
      return lazy && a.kind !== "dynamic-import" ? { path: lazy.module, namespace: "lazy-builtin" } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, (a) => ({
      contents: LAZY_BUILTINS.find((l) => l.module === a.path).names
        .map((n) => `export function ${n}(...args) { return process.getBuiltinModule(${JSON.stringify(a.path)}).${n}(...args); }`).join("\n"),
      loader: "js",
    }));
  },
};
await build({
  // the worker threads of `mids migrate` on large inputs (src/migrate/parallel/pool.ts finds it beside cli.js)
  // and `import { startSandbox } from "mids/sandbox"` (package.json exports): its own entry, so it
  // loads the sandbox's chunks and nothing of the CLI (test/e2e/pack.test.ts); and the worker
  // thread that runs --jq (src/output/jq.ts finds it the same way)
  entryPoints: {
    cli: join(root, "src/cli.ts"),
    "migrate-worker": join(root, "src/migrate/parallel/worker.ts"),
    sandbox: join(root, "src/sandbox/public.ts"),
    "jq-worker": join(root, "src/output/jq-worker.ts"),
  },
  plugins: [lazyBuiltins],
  outdir: out,
  // every library is bundled (package.json keeps them in devDependencies; test/e2e/pack.test.ts
  // checks that any bare import left in dist/ is a runtime dependency)
  bundle: true,
  packages: "bundle",
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: false,
  minify: false,
  chunkNames: "chunks/[name]-[hash]",
  define: { __MIDS_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies bundled into ESM call require() for Node built-ins
  banner: { js: "import { createRequire as __midsCreateRequire } from 'node:module'; const require = __midsCreateRequire(import.meta.url);" },
  // jq-web loads jq.wasm from its own directory: it stays a runtime dependency (src/output/jq.ts)
  external: ["jq-web"],
  logLevel: "warning",
});
// `mids migrate scan` in one module (dist/migrate-scan.cjs): the split CLI above costs a scan ~37
// module loads and the whole command tree at start-up (~20 ms, a tenth of a 3,000-file scan).
// The same main() and program, with the `migrate` commands only (src/commands/registry-scan.ts
// replaces registry.ts) and no code splitting. bin/mids requires it for `mids migrate scan ...`.
// CommonJS: Node's CommonJS loader reads and compiles one file synchronously, where its ESM
// loader takes several trips through the thread pool and the event loop (and a facade module
// per imported built-in): ~5 ms less CPU, and 50+ ms less wall time on a loaded machine.
// Lazy imports stay lazy: those the scan may reach are bundled; the rest (other commands' run
// modules, the HTTP client, the sandbox: nothing `migrate scan` calls) become a module that
// throws, so nothing large is parsed at start-up and nothing is loaded twice from two bundles.
const SCAN_LAZY = /\/migrate\/scan\/command\.js$|\/output\/jq\.js$|\/output\/pager\.js$|\/output\/remembered\.js$|^(?:picomatch|chalk)$/;
await build({
  entryPoints: { "migrate-scan": join(root, "src/cli.ts") },
  outExtension: { ".js": ".cjs" },
  outdir: out,
  bundle: true,
  packages: "bundle",
  format: "cjs",
  platform: "node",
  target: "node20",
  sourcemap: false,
  minify: false,
  // src/output/jq.ts loads jq-web with createRequire(import.meta.url)
  define: { __MIDS_VERSION__: JSON.stringify(pkg.version), "import.meta.url": "__midsImportMetaUrl" },
  banner: { js: "const __midsImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  external: ["jq-web"],
  logLevel: "warning",
  plugins: [lazyBuiltins, {
    name: "migrate-scan",
    setup(b) {
      b.onResolve({ filter: /\/commands\/registry\.js$/ }, () => ({ path: join(root, "src/commands/registry-scan.ts") }));
      b.onResolve({ filter: /.*/ }, (a) => {
        if (a.kind !== "dynamic-import" || a.path.startsWith("node:")) return undefined;
        if (SCAN_LAZY.test(a.path.startsWith(".") ? join(a.resolveDir, a.path) : a.path)) return undefined;
        return { path: a.path, namespace: "not-in-migrate-scan", pluginData: a.importer };
      });
      b.onLoad({ filter: /.*/, namespace: "not-in-migrate-scan" }, (a) => ({
        contents: `throw new Error(${JSON.stringify(`${a.path} (imported by ${relative(root, a.pluginData)}) is not in dist/migrate-scan.cjs: add it to SCAN_LAZY in .ci/build.mjs`)});`,
        loader: "js",
      }));
    },
  }],
});
// the contract as OpenAPI 3.1 (openapi/mids-v2.json, mids-v3.json in the package): the generator of
// `mids contract export --openapi`, bundled on its own and run once per API version
{
  const gen = join(out, "openapi-gen.mjs");
  await build({
    entryPoints: [join(root, "src/contract/openapi/index.ts")], outfile: gen, bundle: true, format: "esm", platform: "node",
    target: "node20", logLevel: "warning",
  });
  const { openApiDocument } = await import(pathToFileURL(gen).href);
  mkdirSync(join(root, "openapi"), { recursive: true });
  for (const version of ["v2", "v3"]) {
    const file = join(root, "openapi", `mids-${version}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(openApiDocument({ version, midsVersion: pkg.version }), null, 2) + "\n");
    renameSync(`${file}.tmp`, file);
  }
  rmSync(gen);
}
// the hand-written types of mids/sandbox (checked against src/sandbox/public.ts by tsc)
copyFileSync(join(root, "types/sandbox.d.ts"), join(out, "sandbox.d.ts"));
try {
  renameSync(join(root, "dist"), old);
} catch {
  // first build: no dist/ yet
}
renameSync(out, join(root, "dist"));
rmSync(old, { recursive: true, force: true });
