// Bundle src/ into dist/ with esbuild: ESM, code-split so each command's run module and heavy
// dependencies load only when that command runs (start-up is a feature).
import { build } from "esbuild";
import { readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
// build beside dist/ and swap it in, so CLIs running from dist/ meanwhile keep working
const out = join(root, `dist.tmp-${process.pid}`);
const old = join(root, `dist.old-${process.pid}`);
rmSync(out, { recursive: true, force: true });
await build({
  // the worker threads of `mids migrate` on large inputs (src/migrate/parallel/pool.ts finds it beside cli.js)
  entryPoints: { cli: join(root, "src/cli.ts"), "migrate-worker": join(root, "src/migrate/parallel/worker.ts") },
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
try {
  renameSync(join(root, "dist"), old);
} catch {
  // first build: no dist/ yet
}
renameSync(out, join(root, "dist"));
rmSync(old, { recursive: true, force: true });
