// `npm test` after the build: the typecheck and vitest side by side (tsc is one thread for ~10 s;
// vitest has idle moments to give it), vitest's output first, then tsc's. Arguments go to vitest.
// Exit code: vitest's, or 1 when only the typecheck failed.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (pkg, file) => join(root, "node_modules", pkg, file);

const tsc = spawn(process.execPath, [bin("typescript", "bin/tsc"), "--noEmit", "--pretty", "false"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
let typeErrors = "";
tsc.stdout.setEncoding("utf8").on("data", (d) => (typeErrors += d));
tsc.stderr.setEncoding("utf8").on("data", (d) => (typeErrors += d));
const tscDone = new Promise((res) => tsc.on("close", (code) => res(code ?? 1)));

const vitest = spawn(process.execPath, [bin("vitest", "vitest.mjs"), "run", "--config", "test/vitest.config.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
const vitestCode = await new Promise((res) => vitest.on("close", (code) => res(code ?? 1)));

const tscCode = await tscDone;
if (tscCode !== 0) process.stderr.write(`\ntypecheck (tsc --noEmit) failed:\n${typeErrors}`);
else process.stderr.write("typecheck (tsc --noEmit): no errors\n");
process.exitCode = vitestCode !== 0 ? vitestCode : tscCode !== 0 ? 1 : 0;
