// Each stage of `mids migrate` timed alone on one input (node bench/stages.mjs FORMAT FILE):
// read (reader stage, items dropped), read+rewrite (rewrite stage, outcomes dropped), and the
// whole pipeline to /dev/null. Bundled on the fly by bench/stages.mjs.
import { readInputs } from "../src/migrate/reader.js";
import { RewriteStage } from "../src/migrate/rewrite-stage.js";
import { Tally } from "../src/migrate/summary.js";
import { migrate } from "../src/migrate/pipeline.js";
import { processIO } from "../src/io.js";
import { createWriteStream } from "node:fs";

const [, , stage, file] = process.argv;
const io = processIO();
const t0 = performance.now();
let n = 0;
if (stage === "read") {
  await readInputs(io, [file], {}, { item: () => void n++ });
} else if (stage === "rewrite") {
  const rs = new RewriteStage(new Tally(), { now: new Date("2026-11-22T00:00:00Z") });
  await readInputs(io, [file], {}, { item: (it) => { n++; if (it.kind === "request") rs.outcome(it); } });
} else {
  const devnull = createWriteStream("/dev/null");
  await migrate({ ...io, stdout: devnull as never, stdoutIsTTY: false }, { files: [file], failOn: [], quiet: true, version: "b", now: new Date("2026-11-22T00:00:00Z") });
}
process.stderr.write(`${stage}: ${(performance.now() - t0).toFixed(0)} ms ${n || ""}\n`);
