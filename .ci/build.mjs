// Bundle src/ into dist/ with esbuild: ESM, code-split so each command's run module and heavy
// dependencies load only when that command runs (start-up is a feature): the root loads the one
// command a command line names (src/commands/registry.ts).
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
// build beside dist/ and swap it in, so CLIs running from dist/ meanwhile keep working
const out = join(root, `dist.tmp-${process.pid}`);
const old = join(root, `dist.old-${process.pid}`);
rmSync(out, { recursive: true, force: true });
// Built-in modules that a bundled module imports at load time but calls only on a rare path load
// when first called: commander's child_process (executable subcommands, which mids has none of),
// the GitLab format's crypto (fingerprints) and undici's http2 (HTTP/2, which mids never asks
// for: every API command loaded it). Each costs start-up otherwise (figures: bench/RESULTS.md).
// `values`: what the importer reads at load (undici destructures http2's constants), taken from
// the real module when building.
const LAZY_BUILTINS = [
  { module: "node:child_process", importer: /[\\/]node_modules[\\/]commander[\\/]/, names: ["spawn"] },
  { module: "node:crypto", importer: /[\\/]src[\\/]findings[\\/]gitlab\.ts$/, names: ["createHash"] },
  { module: "node:http2", importer: /[\\/]node_modules[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/, names: ["connect"], values: ["constants"] },
];
const lazyBuiltins = {
  name: "lazy-builtins",
  setup(b) {
    b.onResolve({ filter: /^(node:)?(child_process|crypto|http2)$/ }, (a) => {
      const lazy = LAZY_BUILTINS.find((l) => l.module === (a.path.startsWith("node:") ? a.path : `node:${a.path}`) && l.importer.test(a.importer));
      return lazy && a.kind !== "dynamic-import" ? { path: lazy.module, namespace: "lazy-builtin" } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, async (a) => {
      const lazy = LAZY_BUILTINS.find((l) => l.module === a.path);
      const real = lazy.values ? await import(a.path) : undefined;
      return {
        contents: [
          ...lazy.names.map((n) => `export function ${n}(...args) { return process.getBuiltinModule(${JSON.stringify(a.path)}).${n}(...args); }`),
          ...(lazy.values ?? []).map((n) => `export const ${n} = ${JSON.stringify(real[n])};`),
        ].join("\n"),
        loader: "js",
      };
    });
  },
};
// esbuild gives each set of entry points (a dynamic import() is one) that reach a module a chunk of
// its own, so the modules the root loads at start-up (src/main.ts and what it imports) were split
// into some 25 chunks by which lazy modules share them: ~0.4 ms of CPU each to load. Every lazy
// module runs after the root has loaded, so each one declaring the root as a dependency changes
// nothing at run time, but puts the root's modules in one chunk. Not for the sandbox's own lazy
// modules: the mids/sandbox entry loads nothing of the CLI.
const ROOT_MODULE = join(root, "src/main.ts");
const rootFirst = {
  name: "root-first",
  setup(b) {
    b.onResolve({ filter: /^\./ }, async (a) => {
      if (a.kind !== "dynamic-import" || a.namespace !== "file" || /[\\/]src[\\/]sandbox[\\/]/.test(a.importer)) return undefined;
      const r = await b.resolve(a.path, { kind: "import-statement", resolveDir: a.resolveDir, importer: a.importer });
      return r.errors.length ? undefined : { path: r.path, namespace: "root-first" };
    });
    b.onLoad({ filter: /.*/, namespace: "root-first" }, (a) => ({
      contents: `import ${JSON.stringify(ROOT_MODULE)};\nexport * from ${JSON.stringify(a.path)};\n`,
      loader: "js",
      resolveDir: root,
    }));
  },
};
const common = {
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
  // esbuild's syntax rewrites only (names and line layout stay: traces and dist/ remain readable, and
  // the tests that read dist/ still find its imports and module comments): less code to parse and
  // run for code that runs un-optimised (start-up, a scan). Figures: bench/RESULTS-scan.md.
  minify: false,
  minifySyntax: true,
  chunkNames: "chunks/[name]-[hash]",
  define: { __MIDS_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies bundled into ESM call require() for Node built-ins
  banner: { js: "import { createRequire as __midsCreateRequire } from 'node:module'; const require = __midsCreateRequire(import.meta.url);" },
  // jq-web loads jq.wasm from its own directory: it stays a runtime dependency (src/output/jq.ts)
  external: ["jq-web"],
  logLevel: "warning",
};
// the CLI: its own build, so no chunk of its start-up is split off by what other entries share
await build({ ...common, entryPoints: { cli: join(root, "src/cli.ts") }, plugins: [lazyBuiltins, rootFirst] });
// the worker threads of `mids migrate` on large inputs (src/migrate/parallel/pool.ts finds it beside cli.js)
// and `import { startSandbox } from "mids/sandbox"` (package.json exports): its own entry, so it
// loads the sandbox's chunks and nothing of the CLI (test/e2e/pack.test.ts); and the worker
// thread that runs --jq (src/output/jq.ts finds it the same way). Threads and the sandbox's users
// load their own copy of what they share with the CLI.
await build({
  ...common,
  entryPoints: {
    "migrate-worker": join(root, "src/migrate/parallel/worker.ts"),
    sandbox: join(root, "src/sandbox/public.ts"),
    "jq-worker": join(root, "src/output/jq-worker.ts"),
  },
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
