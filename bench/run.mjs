#!/usr/bin/env node
// Benchmarks, as ratios against baselines measured in the same run (absolute numbers vary by
// machine and load). Inputs are generated into a temporary directory and deleted afterwards.
//  1. `mids migrate` per input format (access, ndjson, curl, HAR) on LINES requests, each with
//     its own 24-hex project id and varied query strings (bench/gen-inputs.mjs), against
//     bench/baseline.mjs (readline + split + `new URL` per line): default output, and `-o ndjson`
//     against the baseline plus JSON.stringify({method, path, query}) per line written in batches.
//     Second row: a repetitive log (the same few thousand targets), labelled as such.
//  2. peak RSS of the default output on access logs at LINES and at BIG lines (10x), and on
//     production-like rich logs (access and JSON lines) at LINES.
//  3. `.gz` input against `zcat | baseline`.
//  4. start-up: `mids --version` and `mids --help` against `node -e 0`.
// Wall times are medians of 3 (runs interleaved); the results are printed and written to
// bench/RESULTS.md. Usage: npm run bench   (or node bench/run.mjs [--lines N] [--big N] [--quick])
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir, cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { generate } from "./gen-inputs.mjs";

/** mids migrate's default cap on worker threads, read from its source (the runs below use the default) */
const JOBS_MAX = Number(/export const JOBS_MAX = (\d+);/.exec(readFileSync(new URL("../src/migrate/parallel/defaults.ts", import.meta.url), "utf8"))?.[1] ?? NaN);
if (!Number.isInteger(JOBS_MAX)) throw new Error("bench: no `export const JOBS_MAX = N;` in src/migrate/parallel/defaults.ts");

const root = resolve(import.meta.dirname, "..");
const bin = join(root, "bin/mids");
const baseline = join(import.meta.dirname, "baseline.mjs");
const probe = pathToFileURL(join(import.meta.dirname, "rss-probe.mjs")).href;
const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i > 0 ? Number(process.argv[i + 1]) : dflt; };
const quick = process.argv.includes("--quick");
const LINES = arg("--lines", quick ? 200_000 : 1_000_000);
const BIG = arg("--big", LINES * 10);
const RUNS = 3;
const TARGET_RATIO = 1.5;
const TARGET_RSS_MB = 150;
const TARGET_FLAT = 0.15;
const FORMATS = ["access", "ndjson", "curl", "har"];

// /usr/bin/time -f %M when installed; else the probe preloaded into node (same figure: the process's max RSS)
const gnuTime = existsSync("/usr/bin/time") && spawnSync("/usr/bin/time", ["-f", "%M", "true"]).status === 0;

const dir = mkdtempSync(join(tmpdir(), "mids-bench-"));
const report = [];
const say = (s = "") => { console.log(s); report.push(s); };
let failed = false;

/**
 * Run `sh -c cmd` (stdout to /dev/null): wall ms, CPU ms (user + system, every process of the
 * command) and peak RSS in MB (the largest process). CPU time is far less sensitive than wall
 * time to other work on the machine.
 */
function run(cmd) {
  const full = gnuTime ? `/usr/bin/time -f "__rusage %U %S %M" sh -c '${cmd} > /dev/null'` : `${cmd} > /dev/null`;
  const t0 = process.hrtime.bigint();
  const r = spawnSync("sh", ["-c", full], { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, NO_COLOR: "1", CI: "1" }, maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} exited ${r.status}: ${String(r.stderr).slice(-500)}`);
  const err = String(r.stderr);
  const t = /__rusage ([\d.]+) ([\d.]+) (\d+)/.exec(err);
  if (t) return { ms, cpu: (Number(t[1]) + Number(t[2])) * 1000, rss: Number(t[3]) / 1024 };
  const p = /__maxrss_kb=(\d+) __cpu_ms=(\d+)/.exec(err);
  return { ms, cpu: p ? Number(p[2]) : NaN, rss: p ? Number(p[1]) / 1024 : NaN };
}
// without /usr/bin/time the probe preloaded into node reports RSS and CPU (zcat's CPU is then not counted)
const node = (args) => gnuTime ? `${process.execPath} ${args}` : `${process.execPath} --import ${probe} ${args}`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Interleaved runs of each command: median wall and CPU times. */
function measure(cmds) {
  const runs = cmds.map(() => []);
  for (let i = 0; i < RUNS; i++) cmds.forEach((c, j) => runs[j].push(run(c)));
  return runs.map((rs) => ({ ms: median(rs.map((r) => r.ms)), cpu: median(rs.map((r) => r.cpu)) }));
}
const verdict = (ok) => { failed ||= !ok; return ok ? "ok" : "MISSED"; };
const fmtRatio = (r, target = TARGET_RATIO) => `${r.toFixed(2)}x (<= ${target}x: ${verdict(r <= target)})`;
const secs = (m) => `${(m.ms / 1000).toFixed(2)} s (cpu ${(m.cpu / 1000).toFixed(2)})`;
const cpuRatio = (a, b) => `${(a.cpu / b.cpu).toFixed(2)}x`;

try {
  say(`# mids migrate benchmark`);
  say();
  say(`${new Date().toISOString().slice(0, 16)}Z, node ${process.version}, ${cpus().length} cores, load average at start ${loadavg()[0].toFixed(1)} (other work on the machine inflates every figure; ratios compare runs interleaved in the same minute). Wall times are medians of ${RUNS}.`);
  say();
  say(`## Speed: ${LINES.toLocaleString("en")} requests, a new 24-hex project id on every line`);
  say();
  say(`Times: median wall (and CPU, user + system) seconds. Ratio: wall-time ratio against the target; cpu ratio: the same on CPU time. \`mids migrate\` runs as users run it: files this large are read with ${Math.max(0, Math.min(cpus().length - 1, JOBS_MAX))} worker thread(s) on this machine beside the main thread (one per core but one, up to ${JOBS_MAX}), so its CPU time is spread over the cores and its CPU ratio is above its wall ratio. The one-thread column (\`--jobs 0\`) shows the same run without workers, for comparison (no target).`);
  say();
  say("| input | size | baseline | mids migrate | ratio | cpu ratio | one thread (--jobs 0) | baseline + ndjson | mids -o ndjson | ratio | cpu ratio |");
  say("|---|---|---|---|---|---|---|---|---|---|---|");
  const row = (label, format, file) => {
    const mb = statSync(file).size / 1048576;
    const [b, m, m0, bn, mn] = measure([
      node(`${baseline} ${format} ${file}`), node(`${bin} migrate --quiet ${file}`), node(`${bin} migrate --quiet --jobs 0 ${file}`),
      node(`${baseline} ${format} ${file} --ndjson`), node(`${bin} migrate --quiet -o ndjson ${file}`),
    ]);
    say(`| ${label} | ${mb.toFixed(0)} MB | ${secs(b)} | ${secs(m)} | ${fmtRatio(m.ms / b.ms)} | ${cpuRatio(m, b)} | ${secs(m0)}, ${(m0.ms / b.ms).toFixed(2)}x | ${secs(bn)} | ${secs(mn)} | ${fmtRatio(mn.ms / bn.ms)} | ${cpuRatio(mn, bn)} |`);
  };
  const inputs = {};
  for (const format of FORMATS) {
    inputs[format] = join(dir, `unique.${format}`);
    await generate(inputs[format], format, LINES);
    row(format, format, inputs[format]);
    if (format !== "access") rmSync(inputs[format]);
  }
  const rep = join(dir, "repetitive.log");
  await generate(rep, "access", LINES, { repetitive: true });
  row("access, repetitive log (8,000 distinct targets)", "access", rep);
  rmSync(rep);

  say();
  say(`## .gz input (${LINES.toLocaleString("en")}-line access log)`);
  say();
  const gz = `${inputs.access}.gz`;
  spawnSync("sh", ["-c", `gzip -c ${inputs.access} > ${gz}`]);
  const [zb, zm] = measure([`zcat ${gz} | ${node(`${baseline} access -`)}`, node(`${bin} migrate --quiet ${gz}`)]);
  say(`| input | zcat \\| baseline | mids migrate FILE.gz | ratio | cpu ratio |`);
  say("|---|---|---|---|---|");
  say(`| ${(statSync(gz).size / 1048576).toFixed(0)} MB gzip | ${secs(zb)} | ${secs(zm)} | ${fmtRatio(zm.ms / zb.ms)} | ${cpuRatio(zm, zb)} |`);
  rmSync(gz);

  say();
  say(`## Peak RSS, default output, access log (${gnuTime ? "/usr/bin/time -f %M" : "process.resourceUsage().maxRSS"})`);
  say();
  const rss1 = run(node(`${bin} migrate --quiet ${inputs.access}`)).rss;
  rmSync(inputs.access);
  const big = join(dir, "big.log");
  await generate(big, "access", BIG);
  const rssBig = run(node(`${bin} migrate --quiet ${big}`)).rss;
  rmSync(big);
  say("| lines | peak RSS | target |");
  say("|---|---|---|");
  say(`| ${LINES.toLocaleString("en")} | ${rss1.toFixed(0)} MB | < ${TARGET_RSS_MB} MB: ${verdict(rss1 < TARGET_RSS_MB)} |`);
  say(`| ${BIG.toLocaleString("en")} | ${rssBig.toFixed(0)} MB | < ${TARGET_RSS_MB} MB and within ${TARGET_FLAT * 100}% of ${LINES.toLocaleString("en")}: ${verdict(rssBig < TARGET_RSS_MB && Math.abs(rssBig - rss1) <= rss1 * TARGET_FLAT)} |`);

  // production-like logs: several query parameters, headers, user agents and referrers per line
  // (bench/gen-inputs.mjs access-rich, ndjson-rich, curl-rich), a new id on every line
  say();
  say(`## Peak RSS, default output, rich logs (${LINES.toLocaleString("en")} lines)`);
  say();
  // (and with the worker threads a larger machine runs by default: JOBS_MAX, each with memory of its own)
  say(`The last column runs \`--jobs ${JOBS_MAX}\`, the default on a machine of ${JOBS_MAX + 1} cores or more.`);
  say();
  say(`| input | size | peak RSS | target | with --jobs ${JOBS_MAX} |`);
  say("|---|---|---|---|---|");
  for (const [label, format] of [["access, rich (combined + request id, timings)", "access-rich"], ["JSON lines, rich (6 headers each)", "ndjson-rich"], ["curl, rich (user agent, referrer, 4 headers each)", "curl-rich"]]) {
    const rich = join(dir, `${format}.log`);
    await generate(rich, format, LINES);
    const rss = run(node(`${bin} migrate --quiet ${rich}`)).rss;
    const rssJobs = run(node(`${bin} migrate --quiet --jobs ${JOBS_MAX} ${rich}`)).rss;
    say(`| ${label} | ${(statSync(rich).size / 1048576).toFixed(0)} MB | ${rss.toFixed(0)} MB | < ${TARGET_RSS_MB} MB: ${verdict(rss < TARGET_RSS_MB)} | ${rssJobs.toFixed(0)} MB: ${verdict(rssJobs < TARGET_RSS_MB)} |`);
    rmSync(rich);
  }

  // start-up is a feature: how much slower than an empty node process
  const startup = (args) => median(Array.from({ length: 15 }, () => run(node(args)).ms));
  const empty = startup("-e 0");
  const version = startup(`${bin} --version`);
  const help = startup(`${bin} --help`);
  say();
  say(`## Start-up (median of 15)`);
  say();
  say(`node -e 0 ${empty.toFixed(0)} ms; mids --version ${version.toFixed(0)} ms (${(version / empty).toFixed(2)}x); mids --help ${help.toFixed(0)} ms (${(help / empty).toFixed(2)}x)`);

  // further benchmarks: one line each below
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// the hand-written history below HISTORY in RESULTS.md survives a new run
const HISTORY = "\n## History of earlier runs\n";
if (!quick) {
  const file = join(import.meta.dirname, "RESULTS.md");
  const old = existsSync(file) ? readFileSync(file, "utf8") : "";
  const kept = old.includes(HISTORY) ? old.slice(old.indexOf(HISTORY)) : "";
  writeFileSync(file, report.join("\n") + "\n" + kept);
}
process.exitCode = failed ? 1 : 0;
if ((await import("./scan.mjs")).failed) process.exitCode = 1; // 3. migrate scan (bench/scan.mjs)

/** Peak RSS of a finished child in MB, printed on stderr by rss-probe.mjs at exit. */
function maxRssMb(r) {
  const m = /__maxrss_kb=(\d+)/.exec(String(r.stderr));
  return m ? Number(m[1]) / 1024 : NaN;
}
