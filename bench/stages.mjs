// Bundle bench/stages.ts with esbuild and run it: node bench/stages.mjs read|rewrite|all FILE
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
const out = join(tmpdir(), `mids-stages-${process.pid}.mjs`);
await build({ entryPoints: [join(import.meta.dirname, "stages.ts")], outfile: out, bundle: true, format: "esm", platform: "node", target: "node20",
  define: { __MIDS_VERSION__: '"bench"' }, logLevel: "warning",
  banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" } });
const r = spawnSync(process.execPath, [...process.execArgv, out, ...process.argv.slice(2)], { stdio: "inherit" });
rmSync(out, { force: true });
process.exitCode = r.status ?? 1;
