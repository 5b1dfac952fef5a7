// Every example in every command's --help runs as written against one sandbox (a plain `mids ...`
// line through main() in this process, anything with pipes or expansions in bash, whose `mids`
// runs main() in this process too): the ids, slugs and times in them are the sandbox's own. Files
// the examples read are the test fixtures under the names the examples use; the few that cannot
// run here are listed below.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { ROOT, budgetFor, mapLimit, runMain, runMids, tempDir, useSandbox } from "../helpers/cli.js";
import { midsOnPath, plainMidsArgv, plainMidsCommand, runExample } from "../helpers/examples.js";
import { buildProgram, createContext } from "../../src/main.js";
import { testIO } from "../../src/io.js";

/** Examples that cannot run in a test, each with the reason. */
const EXCEPTIONS: Record<string, string> = {
  "mids sandbox serve --port 0": "serves until interrupted",
  "mids sandbox serve --faults 503:0.2,slow:200 &": "leaves a server running",
  "MIDS_BASE_URL=http://127.0.0.1:8787 MIDS_API_KEY=$(mids sandbox keys -o json | jq -r '.[0].key') mids me": "needs the server the serve example starts",
  "mids sandbox serve --port 0 --scenario outage.yaml": "serves until interrupted (scenarios: sandbox-control.test.ts)",
  "mids sandbox serve --port 0 --clock 2026-11-01T12:00:00Z": "serves until interrupted (--clock: sandbox-clock.test.ts)",
  "mids sandbox record --upstream https://api.example.com --out api.cassette.json --port 8788": "records a real server until interrupted (the round trip: sandbox-record.test.ts)",
  "MIDS_BASE_URL=http://127.0.0.1:8788 mids projects list --limit 5": "needs the recorder the record example starts",
  "mids sandbox serve --replay api.cassette.json --replay-missing 404": "serves until interrupted (replay: sandbox-record.test.ts)",
  "npx @stoplight/prism-cli mock mids-v3.json": "serves until interrupted (Prism on the export: contract-export.test.ts)",
};

interface Example { command: string; example: string; exit: number }

function examples(): Example[] {
  const program = buildProgram(createContext(testIO(), new AbortController().signal, () => new Date()));
  const out: Example[] = [];
  const walk = (cmd: Command, path: string[]) => {
    let text = "";
    cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
    cmd.outputHelp();
    for (const m of text.matchAll(/^ {2}\$ (.+)$/gm)) {
      const [example, comment = ""] = m[1].split(/\s{2,}#\s*/);
      // an example documenting another exit code says so in its comment ("exit 8")
      out.push({ command: ["mids", ...path].join(" "), example: example.trim(), exit: Number(/\bexit (\d+)/.exec(comment)?.[1] ?? 0) });
    }
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return out;
}

// a few hundred examples (verify replays whole logs) in about a minute: past the demo key's 120
// requests a minute, so this sandbox allows more
const sb = useSandbox(["--rate-limit", "100000"]);

/** A working directory holding the files the examples name, and a HOME with completion dirs. */
async function workspace(bin: string): Promise<{ cwd: string; env: Record<string, string> }> {
  const cwd = tempDir("examples-");
  const fx = (p: string) => join(ROOT, "test/fixtures", p);
  mkdirSync(join(cwd, "logs"));
  mkdirSync(join(cwd, "recipes"));
  // `migrate scan` examples walk a small source tree
  for (const d of ["src", "scripts"]) mkdirSync(join(cwd, d));
  writeFileSync(join(cwd, "src/client.ts"), "export const url = `${BASE}/v2/projects/${id}/momentum?start=${s}`;\n");
  writeFileSync(join(cwd, "scripts/trending.sh"), "curl -s \"$API/v2/signals?limit=20\"\n");
  copyFileSync(fx("migrate/combined.log"), join(cwd, "access.log"));
  copyFileSync(fx("migrate/bare.log"), join(cwd, "logs/bare.log"));
  writeFileSync(join(cwd, "logs/bare.log.gz"), gzipSync(readFileSync(fx("migrate/bare.log"))));
  copyFileSync(fx("migrate/traffic.har"), join(cwd, "traffic.har"));
  copyFileSync(fx("migrate/requests.ndjson"), join(cwd, "requests.ndjson"));
  for (const f of ["digest.yaml", "my-recipe.yaml", "recipes/digest.yaml"]) copyFileSync(fx("recipes/valid.yaml"), join(cwd, f));
  const fixtures = await sb.admin<{ demoKey: string; alerts: Record<string, string[]> }>("/_sandbox/fixtures");
  writeFileSync(join(cwd, "ids.txt"), `# alerts to change\n${fixtures.alerts.A.slice(0, 2).join("\n")}\n`);
  const env = sb.env(fixtures.demoKey, { PATH: `${bin}:${process.env.PATH}` });
  for (const d of [".local/share/bash-completion/completions", ".zfunc", ".config/fish/completions"]) mkdirSync(join(env.HOME, d), { recursive: true });
  // `mids config get base-url` reads a stored setting; the `ci` profile examples read theirs (the
  // first through the built bin/mids: the file's one run of the binary)
  expect((await runMids(["config", "set", "base-url", sb.url], { env })).code).toBe(0);
  expect((await runMain(["config", "set", "--profile", "ci", "base-url", sb.url], { env })).code).toBe(0);
  for (const f of ["key.txt", "ci-key.txt"]) writeFileSync(join(cwd, f), `${fixtures.demoKey}\n`, { mode: 0o600 });
  return { cwd, env };
}

/** examples at a time: each is one CLI or a short pipe of them; more would only queue on 2 cores */
const LANES = 3;
/** one example's own limit: a `migrate verify` replays a whole log against the sandbox */
const EXAMPLE_MS = 30_000;

describe("--help examples", () => {
  const all = examples();

  it("finds the examples of every command, and every exception is still an example", () => {
    expect(all.length).toBeGreaterThan(100);
    for (const e of Object.keys(EXCEPTIONS)) expect(all.map((x) => x.example)).toContain(e);
  });

  it("a plain mids line runs in this process, anything the shell must read in bash", () => {
    expect(plainMidsArgv(`mids alerts update alr_1 --name "DeFi movers" --selector '{"a":true}' --limit=5`))
      .toEqual(["alerts", "update", "alr_1", "--name", "DeFi movers", "--selector", '{"a":true}', "--limit=5"]);
    expect(plainMidsArgv("mids recipes validate 'recipes/**/*.{yml,yaml}'")).toEqual(["recipes", "validate", "recipes/**/*.{yml,yaml}"]);
    expect(plainMidsArgv("mids api /v3/projects -f limit=5 -f minTrend=40")).toEqual(["api", "/v3/projects", "-f", "limit=5", "-f", "minTrend=40"]);
    for (const shell of ["mids me | jq .", "mids migrate a.log > b.log", "mids migrate logs/*.log", "mids x $(mids y)", "A=1 mids me",
      "mids a && mids b", "mids --name \"$USER\"", "cat f | mids x -", "mids serve &", "mids x ~/.zfunc", "jq . x", "mids"]) {
      expect(plainMidsArgv(shell), shell).toBeUndefined();
    }
    // variables and redirections of plain files are set up for an in-process run; `~`, `$`, pipes are bash's
    expect(plainMidsCommand("MIDS_PROFILE=ci mids doctor")).toEqual({ argv: ["doctor"], env: { MIDS_PROFILE: "ci" }, stdinFile: undefined, stdoutFile: undefined });
    expect(plainMidsCommand("mids alerts resume - -o ndjson < my-alerts.txt > out.ndjson")).toEqual({ argv: ["alerts", "resume", "-", "-o", "ndjson"], env: {}, stdinFile: "my-alerts.txt", stdoutFile: "out.ndjson" });
    for (const shell of ["mids completion zsh > ~/.zfunc/_mids", "mids me > $OUT", "mids me >> log", "mids me 2> err", "mids me | jq . > x", "A=$B mids me", "mids me > a > b"]) {
      expect(plainMidsCommand(shell), shell).toBeUndefined();
    }
    // most examples are plain: the in-process path carries the bulk of them
    expect(all.filter((x) => plainMidsArgv(x.example)).length).toBeGreaterThan(all.length / 2);
  });

  // a group's help repeats some of its commands' examples: each distinct one runs once
  const runnable = [...new Map(all.filter((x) => !(x.example in EXCEPTIONS)).map((x) => [x.example, x])).values()];

  it("every example runs as written against the sandbox", { timeout: budgetFor(runnable.length, LANES) }, async ({ signal }) => {
    if (spawnSync("sh", ["-c", "command -v jq"]).status !== 0) throw new Error("the examples pipe into jq: install it (CI does, in .ci/run)");
    const mids = await midsOnPath();
    try {
      await runAll(mids.bin, signal);
    } finally {
      await mids.close();
    }
  });

  async function runAll(bin: string, signal: AbortSignal): Promise<void> {
    const { cwd, env } = await workspace(bin);
    // each example starts from the stored settings above, in a config directory of its own: `config
    // unset --profile ci base-url` must not take the ci profile from a `--profile ci` example that
    // happens to run after it
    const template = readFileSync(join(env.MIDS_CONFIG_DIR, "config.json"));
    const ownConfig = () => {
      const dir = join(tempDir("config-"), "mids");
      mkdirSync(dir, { mode: 0o700 });
      writeFileSync(join(dir, "config.json"), template, { mode: 0o600 });
      return { ...env, MIDS_CONFIG_DIR: dir };
    };
    const results = await mapLimit(runnable, LANES, (x) => runExample(x.example, { cwd, env: ownConfig(), timeoutMs: EXAMPLE_MS, signal }), signal);
    const failures = runnable.flatMap((x, i) => {
      const r = results[i];
      return r && (r.code !== x.exit || /unexpected error|\n\s+at /.test(r.stderr)) ? [`${x.command}: ${x.example} -> exit ${r.code}: ${r.stderr.trim().split("\n").slice(0, 2).join(" / ")}`] : [];
    });
    expect(failures).toEqual([]);
    expect(results.filter(Boolean)).toHaveLength(runnable.length);
  }
});
