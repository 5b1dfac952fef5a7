#!/usr/bin/env node
// Benchmark of `mids migrate scan` (issue 12): a generated tree of 3,000 files and 900,000 lines
// in several languages, plus a node_modules/ of 4,000 files, scanned in at most 2x the time of a
// minimal Node script that walks the same tree (skipping node_modules) and searches each file
// with indexOf('/v2/') (bench/scan-baseline.mjs). Medians of 3 wall times, interleaved, same run;
// CPU times (user + system) are printed too, as they suffer less from a busy machine, and the
// start-up share: an empty-tree scan against `node -e 0`.
// Then the dense tree (issue 24, bench/scan-dense.mjs): 3,000 files of 300 lines with 3 v2 calls
// each (9,000 usages, most of them distinct route texts), where the analysis and the output of
// the findings are most of the work: at most 2x the same baseline, and the default stylish output
// no slower than --format json. Medians of 3, interleaved, same run.
// Usage: node bench/scan.mjs   (also run by npm run bench)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { DENSE_FILES, DENSE_LINES, generateDense } from "./scan-dense.mjs";

const root = resolve(import.meta.dirname, "..");
const bin = join(root, "bin/mids");
const FILES = 3000;
const LINES_PER_FILE = 300;
const NODE_MODULES_FILES = 4000;
const TARGET_RATIO = 2;
/** The default (stylish) output of the dense tree against --format json. */
const STYLISH_TARGET = 1;

const EXT = ["ts", "py", "go", "sh", "yaml", "md"];
// one in 10 files calls the API (several routes, placeholders, concatenations); one in 20 names another API's /v2/
const USAGES = [
  (i) => `  const r${i} = await fetch(\`\${BASE}/v2/projects/\${id}/momentum?start=\${s}\`);`,
  (i) => `    r${i} = requests.get(f"{BASE}/v2/projects?page={p}&limit=20")`,
  (i) => `\treturn fmt.Sprintf("%s/v2/intel/%s?activity=none", base, id${i})`,
  (i) => `curl -s "$MIDS_BASE_URL/v2/topics/$TOPIC/report" # ${i}`,
  (i) => `  url_${i}: https://api.mids.example/v2/clusters`,
  (i) => `See \`GET /v2/projects/{id}/candles\` (${i}).`,
];
const OTHER = (i) => `  const other${i} = "https://api.stripe.com/v2/core/events/${i}";`;
const filler = (i, j) => `  const value${j} = compute(input${i}, ${j}) + offset; // line ${j}`;

function generate(dir) {
  let lines = 0;
  for (let f = 0; f < FILES; f++) {
    const sub = join(dir, `pkg${f % 30}`, `mod${f % 7}`);
    mkdirSync(sub, { recursive: true });
    const body = [];
    for (let j = 0; j < LINES_PER_FILE; j++) {
      if (f % 10 === 0 && j % 50 === 25) body.push(USAGES[(f / 10 + j) % USAGES.length](j));
      else if (f % 20 === 5 && j === 100) body.push(OTHER(j));
      else body.push(filler(f, j));
    }
    lines += body.length;
    writeFileSync(join(sub, `file${f}.${EXT[f % EXT.length]}`), body.join("\n") + "\n");
  }
  for (let f = 0; f < NODE_MODULES_FILES; f++) {
    const sub = join(dir, "node_modules", `lib${f % 200}`, "dist");
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `index${f}.js`), `module.exports = fetch("https://api.mids.example/v2/projects/${f}");\n`.repeat(20));
  }
  return lines;
}

const GITIGNORE_RULES = 2000;
/** A .gitignore as generators write them: names, directories, extensions, rooted paths, a few globs. */
function largeGitignore() {
  const kinds = [
    (i) => `cache-${i}`, (i) => `build-${i}/`, (i) => `*.ext${i}`, (i) => `/out-${i}`, (i) => `.tool${i}rc`,
    (i) => `dist-${i}/`, (i) => `**/tmp-${i}/`, (i) => `docs/_gen${i}/*.html`, (i) => `# section ${i}`, () => "",
  ];
  return Array.from({ length: GITIGNORE_RULES }, (_, i) => kinds[i % kinds.length](i)).join("\n") + "\n";
}

/** A copy of the tree at `from` with every `a` in its files written `b`. */
function copyReplacing(from, to, a, b) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.isDirectory()) copyReplacing(join(from, e.name), join(to, e.name), a, b);
    else writeFileSync(join(to, e.name), readFileSync(join(from, e.name), "latin1").replaceAll(a, b), "latin1");
  }
}

const probe = pathToFileURL(join(import.meta.dirname, "cpu-probe.mjs")).href;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Run each command 3 times, interleaved (so both see the same load on a shared machine): median wall and CPU times. */
function measure(commands) {
  const runs = commands.map(() => ({ wall: [], cpu: [], out: "" }));
  for (let i = 0; i < 3; i++) {
    commands.forEach((args, k) => {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, ["--import", probe, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, maxBuffer: 256 << 20 });
      runs[k].wall.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
      runs[k].cpu.push(Number(/__cpu_ms=([\d.]+)/.exec(r.stderr)?.[1]));
      runs[k].out = r.stderr.replace(/__cpu_ms=.*\n?/, "").trim() || r.stdout.trim();
    });
  }
  return runs.map((r) => ({ ms: median(r.wall), cpu: median(r.cpu), out: r.out }));
}

const dir = mkdtempSync(join(tmpdir(), "mids-bench-scan-"));
export let failed = false;
export let figure = "";
try {
  const lines = generate(dir);
  console.log(`scan input: ${FILES.toLocaleString("en")} files, ${lines.toLocaleString("en")} lines, node_modules/ of ${NODE_MODULES_FILES.toLocaleString("en")} files`);
  const [base, scan] = measure([[join(import.meta.dirname, "scan-baseline.mjs"), dir], [bin, "migrate", "scan", dir, "--format", "json"]]);
  const ratio = scan.ms / base.ms;
  failed = ratio > TARGET_RATIO;
  figure = `mids migrate scan ${scan.ms.toFixed(0)} ms vs baseline walk+indexOf ${base.ms.toFixed(0)} ms: ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x)`;
  console.log(`baseline walk + indexOf('/v2/'): ${base.ms.toFixed(0)} ms, CPU ${base.cpu.toFixed(0)} ms (${base.out})`);
  console.log(`mids migrate scan --format json: ${scan.ms.toFixed(0)} ms, CPU ${scan.cpu.toFixed(0)} ms (${scan.out.split("\n").pop()})`);
  console.log(`  time ratio ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x, medians of 3, interleaved): ${failed ? "MISSED" : "ok"}; CPU ratio ${(scan.cpu / base.cpu).toFixed(2)}x`);
  // a large .gitignore (templates pasted together, as generators make them: mostly names,
  // directories and extensions, some globs, no negation), against the scan above without one
  // (run after it, not interleaved: the tree is the same directory)
  writeFileSync(join(dir, ".gitignore"), largeGitignore());
  const [big] = measure([[bin, "migrate", "scan", dir, "--format", "json"]]);
  rmSync(join(dir, ".gitignore"));
  console.log(`  with a ${GITIGNORE_RULES.toLocaleString("en")}-rule .gitignore: ${big.ms.toFixed(0)} ms, CPU ${big.cpu.toFixed(0)} ms (${(big.ms / scan.ms).toFixed(2)}x the scan without one; no target)`);
  // the share of start-up in the figure: an empty tree against `node -e 0`
  const empty = join(dir, "empty");
  mkdirSync(empty);
  const [node0, start] = measure([["-e", "0"], [bin, "migrate", "scan", empty, "--format", "json"]]);
  console.log(`  start-up: mids migrate scan of an empty directory ${start.ms.toFixed(0)} ms, CPU ${start.cpu.toFixed(0)} ms; node -e 0 ${node0.ms.toFixed(0)} ms, CPU ${node0.cpu.toFixed(0)} ms`);
  // the dense tree: every file a candidate, 9,000 usages to analyse and report
  const dense = join(dir, "dense");
  const d = generateDense(dense);
  console.log(`dense tree: ${DENSE_FILES.toLocaleString("en")} files of ${DENSE_LINES} lines, ${d.usages.toLocaleString("en")} v2 calls`);
  const [dBase, dJson, dStylish] = measure([[join(import.meta.dirname, "scan-baseline.mjs"), dense], [bin, "migrate", "scan", dense, "--format", "json"], [bin, "migrate", "scan", dense]]);
  const dRatio = dJson.ms / dBase.ms;
  const sRatio = dStylish.ms / dJson.ms;
  const dFailed = dRatio > TARGET_RATIO || dStylish.ms / dBase.ms > TARGET_RATIO || sRatio > STYLISH_TARGET;
  failed ||= dFailed;
  figure += `; dense tree: --format json ${dRatio.toFixed(2)}x, stylish ${(dStylish.ms / dBase.ms).toFixed(2)}x the baseline (target <= ${TARGET_RATIO}x), stylish/json ${sRatio.toFixed(2)} (target <= ${STYLISH_TARGET})`;
  console.log(`  baseline walk + indexOf('/v2/'): ${dBase.ms.toFixed(0)} ms, CPU ${dBase.cpu.toFixed(0)} ms (${dBase.out})`);
  console.log(`  mids migrate scan --format json: ${dJson.ms.toFixed(0)} ms, CPU ${dJson.cpu.toFixed(0)} ms: ${dRatio.toFixed(2)}x (CPU ${(dJson.cpu / dBase.cpu).toFixed(2)}x)`);
  console.log(`  mids migrate scan (stylish): ${dStylish.ms.toFixed(0)} ms, CPU ${dStylish.cpu.toFixed(0)} ms: ${(dStylish.ms / dBase.ms).toFixed(2)}x (CPU ${(dStylish.cpu / dBase.cpu).toFixed(2)}x); stylish/json ${sRatio.toFixed(2)} (CPU ${(dStylish.cpu / dJson.cpu).toFixed(2)})`);
  console.log(`  (${dJson.out.split("\n").pop()})`);
  console.log(`  dense tree targets (<= ${TARGET_RATIO}x the baseline, stylish <= json): ${dFailed ? "MISSED" : "ok"}`);
  // what is left without the analysis: the same tree with every call written /v2_/ (not a route),
  // so each file is still read, decoded and searched, and nothing is analysed or reported
  const floor = join(dir, "dense-floor");
  copyReplacing(dense, floor, "/v2/", "/v2_/");
  const [fBase, fScan] = measure([[join(import.meta.dirname, "scan-baseline.mjs"), dense], [bin, "migrate", "scan", floor, "--format", "json"]]);
  console.log(`  the same tree without calls (/v2_/: read, decoded, searched, nothing analysed): ${fScan.ms.toFixed(0)} ms, CPU ${fScan.cpu.toFixed(0)} ms: ${(fScan.ms / fBase.ms).toFixed(2)}x the baseline of the dense tree (no target)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = failed ? 1 : 0;
