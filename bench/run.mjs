#!/usr/bin/env node
// Benchmarks, ratios against a baseline measured in the same run (absolute numbers vary by machine).
//  1. `mids migrate` on a generated 1,000,000-line combined log vs a Node script that only reads
//     and splits the same file: lines/s within 1.5x of the baseline, peak RSS under 150 MB.
//  2. start-up: `mids --version` and `mids --help` vs `node -e 0`.
// Usage: npm run bench   (or: node bench/run.mjs [--lines N])
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { generateLog } from "./gen-log.mjs";

const probe = pathToFileURL(join(import.meta.dirname, "rss-probe.mjs")).href;
const root = resolve(import.meta.dirname, "..");
const bin = join(root, "bin/mids");
const argLines = process.argv.indexOf("--lines");
const LINES = argLines > 0 ? Number(process.argv[argLines + 1]) : 1_000_000;
const TARGET_RATIO = 1.5;
const TARGET_RSS_MB = 150;

const dir = mkdtempSync(join(tmpdir(), "mids-bench-"));
let failed = false;
try {
  const log = join(dir, "combined.log");
  await generateLog(log, LINES);
  const mb = statSync(log).size / 1048576;
  console.log(`input: ${LINES.toLocaleString("en")} lines, ${mb.toFixed(0)} MB combined log`);

  // each measurement: best of 5 wall times (this machine is noisy), peak RSS from the child's resource usage
  const measure = (args) => {
    let best = Infinity;
    let rss = 0;
    for (let i = 0; i < 5; i++) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, ["--import", probe, ...args], { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, NO_COLOR: "1" }, maxBuffer: 64 << 20 });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
      best = Math.min(best, ms);
      rss = Math.max(rss, maxRssMb(r));
    }
    return { ms: best, rss };
  };

  const base = measure([join(import.meta.dirname, "baseline-split.mjs"), log]);
  const mig = measure([bin, "migrate", "--quiet", log]);
  const ratio = mig.ms / base.ms;
  const rateOk = ratio <= TARGET_RATIO;
  const rssOk = mig.rss < TARGET_RSS_MB;
  console.log(`baseline read+split: ${(LINES / base.ms * 1000).toFixed(0)} lines/s (${base.ms.toFixed(0)} ms, peak RSS ${base.rss.toFixed(0)} MB)`);
  console.log(`mids migrate:        ${(LINES / mig.ms * 1000).toFixed(0)} lines/s (${mig.ms.toFixed(0)} ms, peak RSS ${mig.rss.toFixed(0)} MB)`);
  console.log(`  time ratio ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x): ${rateOk ? "ok" : "MISSED"}`);
  console.log(`  peak RSS ${mig.rss.toFixed(0)} MB (target < ${TARGET_RSS_MB} MB): ${rssOk ? "ok" : "MISSED"}`);
  failed ||= !rateOk || !rssOk;

  // start-up is a feature: how much slower than an empty node process
  const startup = (args) => {
    const times = [];
    for (let i = 0; i < 15; i++) {
      const t0 = process.hrtime.bigint();
      spawnSync(process.execPath, args, { stdio: "ignore" });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  };
  const empty = startup(["-e", "0"]);
  const version = startup([bin, "--version"]);
  const help = startup([bin, "--help"]);
  console.log(`start-up (median of 15): node -e 0 ${empty.toFixed(0)} ms; mids --version ${version.toFixed(0)} ms (${(version / empty).toFixed(2)}x); mids --help ${help.toFixed(0)} ms (${(help / empty).toFixed(2)}x)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
if ((await import("./scan.mjs")).failed) process.exitCode = 1; // 3. migrate scan (bench/scan.mjs)

/** Peak RSS of a finished child in MB, printed on stderr by rss-probe.mjs at exit. */
function maxRssMb(r) {
  const m = /__maxrss_kb=(\d+)/.exec(String(r.stderr));
  return m ? Number(m[1]) / 1024 : NaN;
}
