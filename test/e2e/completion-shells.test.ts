// The scripts from `mids completion` driven in the real shells: bash through COMP_WORDS/COMPREPLY,
// zsh on a pseudo-terminal (zpty) with compinit and a TAB, fish through `complete -C`.
// A shell that is missing skips these tests on a workstation and FAILS them in CI (CI=true).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, ROOT, baseEnv, budgetFor, runMain, tempDir } from "../helpers/cli.js";
import { CONFIG_CHOICES, CONFIG_KEYS } from "../../src/config.js";

const CI = process.env.CI === "true";
const has = (shell: string) => spawnSync("sh", ["-c", `command -v ${shell}`]).status === 0;

interface Case {
  line: string;
  /** the exact candidates, sorted */
  exactly?: string[];
  /** candidates that must be offered */
  includes?: string[];
  /** candidates that must not be offered */
  excludes?: string[];
  /** only these shells (the issue's: zsh offers the parent's values there, a known gap) */
  shells?: string[];
}

/** The profiles of the config file the shells' mids reads. */
const PROFILES = ["default", "ci", "stag-1.x"];

/**
 * The shells' environment: the built mids first on PATH (the scripts run it for profile names),
 * and a config file with PROFILES; MIDS_PROFILE names one that does not exist.
 */
let env: Record<string, string> | undefined;
function shellEnv(): Record<string, string> {
  if (env) return env;
  env = baseEnv({ PATH: `${join(BIN, "..")}:${process.env.PATH}`, MIDS_PROFILE: "gone" });
  mkdirSync(env.MIDS_CONFIG_DIR, { recursive: true, mode: 0o700 });
  const profiles = Object.fromEntries(PROFILES.filter((p) => p !== "default").map((p) => [p, { output: "csv" }]));
  writeFileSync(join(env.MIDS_CONFIG_DIR, "config.json"), JSON.stringify({ output: "json", profiles }), { mode: 0o600 });
  return env;
}

const GRADES = ["chipped", "cut", "flawless", "polished", "rough"];
const CASES: Case[] = [
  { line: "mids pro", exactly: ["projects"] },
  { line: "mids projects ", exactly: ["candles", "chains", "get", "list", "metrics", "related"] },
  { line: "mids --sandbox projects list --so", exactly: ["--sort"] },
  { line: "mids projects list --universe ", exactly: ["crypto", "tradfi"] },
  { line: "mids alerts update alr_0001 --status ", exactly: ["active", "paused"] },
  { line: "mids migrate x.log --to ", exactly: ["curl", "har", "http", "ndjson"] },
  { line: "mids migrate --from-format ", exactly: ["access", "cloudfront", "curl", "docker", "har", "ndjson"] },
  { line: "mids intel list --grade polished,f", exactly: ["polished,flawless"] },
  { line: "mids intel list --grade ", exactly: GRADES },
  { line: "mids migrate --fail-on removed,un", exactly: ["removed,unchanged", "removed,unrecognized"] },
  // migrate scan's own --fail-on (its statuses), and a list never offers a value it already holds
  { line: "mids migrate scan --fail-on ", exactly: ["partial", "removed", "rewritten", "unrecognized"], shells: ["bash", "zsh", "fish"] },
  { line: "mids migrate scan --fail-on partial,", exactly: ["partial,removed", "partial,rewritten", "partial,unrecognized"], shells: ["bash", "zsh", "fish"] },
  { line: "mids intel list --grade polished,", exactly: ["polished,chipped", "polished,cut", "polished,flawless", "polished,rough"] },
  // global flags after a subcommand, and each list's own flags only
  { line: "mids projects list -o ", exactly: ["csv", "json", "ndjson", "table", "yaml"] },
  // a global flag between a command and its subcommand, or after the subcommand before its own flag
  { line: "mids projects -q list --sort ", exactly: ["createdAt", "reinforcedAt", "trend"] },
  { line: "mids projects list --sandbox --sort ", exactly: ["createdAt", "reinforcedAt", "trend"] },
  { line: "mids migrate --profile ci scan --fail-on ", exactly: ["partial", "removed", "rewritten", "unrecognized"] },
  { line: "mids topics list --f", exactly: ["--fields"] },
  { line: "mids topics list --g", exactly: [] },
  { line: "mids intel list --", includes: ["--grade", "--search", "--limit", "--fields", "--output", "--sandbox"], excludes: ["--universe"] },
  { line: "mids config set ", exactly: [...CONFIG_KEYS].sort() },
  // a setting's values, after its name (and after a global flag that takes a value)
  { line: "mids config set output ", exactly: [...CONFIG_CHOICES.output!].sort() },
  { line: "mids --profile ci config set api v", exactly: [...CONFIG_CHOICES.api!].sort() },
  { line: "mids config set timeout ", exactly: [] },
  { line: "mids completion ", exactly: ["bash", "fish", "zsh"] },
  { line: "mids migrate ex", exactly: ["explain"] },
  { line: "mids migrate explain -o ", exactly: ["csv", "json", "ndjson", "table", "yaml"] },
  { line: "mids doctor --fi", exactly: ["--fields"] },
  { line: "mids doctor --fields check -o ", exactly: ["csv", "json", "ndjson", "table", "yaml"] },
  // the config file's profiles (shellEnv's), asked of mids at the TAB; MIDS_PROFILE names none of them
  { line: "mids --profile ", exactly: [...PROFILES].sort() },
  { line: "mids config get --profile s", exactly: ["stag-1.x"] },
  { line: "mids help ", includes: ["projects", "alerts", "migrate", "sandbox", "config"] },
  // after a command named to help, its subcommands (they were the top-level commands again)
  { line: "mids help projects ", exactly: ["candles", "chains", "get", "list", "metrics", "related"] },
  { line: "mids help migrate s", exactly: ["scan"] },
  { line: "mids api /v3/alerts/d", exactly: ["/v3/alerts/destinations"] },
  { line: "mids migrate test/fixtures/migrate/ba", exactly: ["test/fixtures/migrate/bare.log"] },
  { line: "mids recipes validate test/fixtures/recipes/va", exactly: ["test/fixtures/recipes/valid.yaml"] },
];

function check(shell: string, c: Case, got: string[]) {
  if (c.shells && !c.shells.includes(shell)) return;
  const label = `${shell}: ${JSON.stringify(c.line)}`;
  if (c.exactly) expect([...new Set(got)].sort(), label).toEqual(c.exactly);
  for (const want of c.includes ?? []) expect(got, label).toContain(want);
  for (const not of c.excludes ?? []) expect(got, label).not.toContain(not);
}

/**
 * The script `mids completion SHELL` prints, in a temp dir (zsh: as _mids, for $fpath); from main()
 * in this process (the script is the subject; the shells still run the built mids for profiles).
 */
async function script(shell: string, file: string): Promise<string> {
  const r = await runMain(["completion", shell]);
  expect(r.code, r.stderr).toBe(0);
  const dir = tempDir(`${shell}-`);
  writeFileSync(join(dir, file), r.stdout);
  return join(dir, file);
}

/**
 * How long one answer of a shell may take: a completion function's candidates (bash, fish), or
 * the zsh driver's next marker after a TAB (the first loads compinit). Well under a second on an
 * idle machine; 20 s bounds a stuck shell on a shared one, so a missing completion fails with what
 * was awaited instead of hanging the run (a synchronous spawn also blocks vitest's own timeout).
 */
const ANSWER_MS = 20_000;
/** The zsh session: a TAB's work is less than a CLI run's, plus one answer's deadline, so a stuck read fails with the driver's own message first. */
const sessionMs = (lines: number) => budgetFor(lines) + ANSWER_MS;

/** A shell's stdout; a shell that fails or outlives `timeout` throws, naming `what` it was asked, with its output. */
function answer(shell: string, args: string[], what: string, opts: { env?: Record<string, string>; timeout?: number } = {}): string {
  const timeout = opts.timeout ?? ANSWER_MS;
  const r = spawnSync(shell, args, { cwd: ROOT, encoding: "utf8", env: opts.env, timeout, killSignal: "SIGKILL" });
  if (!r.error && r.status === 0) return r.stdout;
  const why = (r.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT" ? `no answer within ${timeout} ms` : r.error ? String(r.error) : `exit ${r.status ?? r.signal}`;
  throw new Error(`${what}: ${why}\nstderr: ${r.stderr}\nstdout (end): ${(r.stdout ?? "").slice(-2000)}`);
}

function requireShell(shell: string) {
  if (!has(shell)) throw new Error(`${shell} is not installed (CI installs it in .ci/run: apt-get install ${shell})`);
}

/** A word for bash, single-quoted. */
const quote = (w: string) => `'${w.replaceAll("'", "'\\''")}'`;

interface Answer { status: number; stderr: string; words: string[] }

/**
 * Each line completed by `_mids` in one bash (`-u`: nounset), in a subshell of its own (a fork:
 * nothing a completion sets reaches the next line), as bash's completion calls it: COMP_WORDS,
 * COMP_CWORD and COMP_LINE set, COMPREPLY printed. Each line's exit status and stderr are its own.
 */
function bashAnswers(file: string, lines: readonly string[], opts: { nounset?: boolean } = {}): Answer[] {
  const errs = tempDir("bash-errs-");
  const body = lines.map((line, i) => {
    // bash splits --flag=value at '=' (COMP_WORDBREAKS); these lines have none
    const words = line.split(" ");
    return `printf '@@case %s\\n' ${i}; ( COMP_WORDS=(${words.map(quote).join(" ")}); COMP_CWORD=${words.length - 1}; COMP_LINE=${quote(line)}; _mids; printf '%s\\n' "\${COMPREPLY[@]}" ) 2>"$2/${i}"; printf '@@status %s\\n' $?`;
  });
  const out = answer("bash", ["--norc", opts.nounset ? "-uc" : "-c", `source "$1"\n${body.join("\n")}`, "bash", file, errs], `bash completion of ${lines.length} lines`, { env: shellEnv(), timeout: sessionMs(lines.length) });
  return parseAnswers(out, lines.length, (i) => readFileSync(join(errs, String(i)), "utf8"));
}

/** `@@case N`, the candidates, `@@status S` for each line, in order. */
function parseAnswers(out: string, n: number, stderr: (i: number) => string): Answer[] {
  const answers: Answer[] = [];
  for (const l of out.split("\n")) {
    const m = /^@@(case|status)(?: (\d+))?$/.exec(l);
    if (m?.[1] === "case") answers.push({ status: -1, stderr: "", words: [] });
    else if (m) answers.at(-1)!.status = Number(m[2]);
    else if (l) answers.at(-1)?.words.push(l);
  }
  expect(answers, out.slice(-2000)).toHaveLength(n);
  return answers.map((a, i) => ({ ...a, stderr: stderr(i) }));
}

describe.skipIf(!CI && !has("bash"))("bash", () => {
  let file = "";
  let answers: Answer[] = [];
  beforeAll(async () => {
    requireShell("bash");
    file = await script("bash", "mids.bash");
    answers = bashAnswers(file, CASES.map((c) => c.line));
  }, sessionMs(CASES.length) + 5_000);
  for (const [i, c] of CASES.entries()) {
    it(`completes ${JSON.stringify(c.line)}`, () => {
      expect(answers[i].status, answers[i].stderr).toBe(0);
      check("bash", c, answers[i].words);
    });
  }
  it("completes under set -u (nounset), where a line with no value to complete was an 'unbound variable' error", { timeout: sessionMs(3) + 5_000 }, () => {
    const cases = [["mids pro", ["projects"]], ["mids config set timeout ", []], ["mids projects list -o ", ["csv", "json", "ndjson", "table", "yaml"]]] as const;
    const got = bashAnswers(file, cases.map(([line]) => line), { nounset: true });
    for (const [i, [line, want]] of cases.entries()) {
      expect(got[i].status, `${line}: ${got[i].stderr}`).toBe(0);
      expect(got[i].words.sort(), line).toEqual(want);
    }
  });
  it("completes a value written as --flag=value", () => {
    const out = answer("bash", ["--norc", "-c", `source "$1"; COMP_WORDS=(mids projects list --sort = ""); COMP_CWORD=5; _mids; printf '%s\\n' "\${COMPREPLY[@]}"`, "bash", file], "bash completion of 'mids projects list --sort='");
    expect(out.split("\n").filter(Boolean).sort()).toEqual(["createdAt", "reinforcedAt", "trend"]);
  });
});

describe.skipIf(!CI && !has("fish"))("fish", () => {
  // every line's `complete -C` in one fish (the script's functions keep nothing between calls:
  // `set -l` only), with each line's status; stderr is the shell's
  const DESCRIBED = ["mids m", "mids migrate --fail"];
  let answers = new Map<string, Answer & { pairs: [string, string?][] }>();
  beforeAll(async () => {
    requireShell("fish");
    const file = await script("fish", "mids.fish");
    const lines = [...CASES.map((c) => c.line), ...DESCRIBED];
    const r = spawnSync("fish", ["--no-config", "-c", "source $argv[1]; for line in $argv[2..-1]; echo @@case; complete -C $line; echo \"@@status $status\"; end", file, ...lines],
      { cwd: ROOT, encoding: "utf8", env: shellEnv(), timeout: sessionMs(lines.length), killSignal: "SIGKILL" });
    if (r.error || r.status !== 0) throw new Error(`fish completion of ${lines.length} lines: ${r.error ?? `exit ${r.status ?? r.signal}`}\nstderr: ${r.stderr}\nstdout (end): ${(r.stdout ?? "").slice(-2000)}`);
    answers = new Map(parseAnswers(r.stdout, lines.length, () => r.stderr).map((a, i) => [lines[i], { ...a, pairs: a.words.map((l) => l.split("\t") as [string, string?]) }]));
  }, sessionMs(CASES.length + 2) + 5_000);
  const complete = (line: string) => {
    const a = answers.get(line)!;
    expect(a.status, `fish completion of ${JSON.stringify(line)}: ${a.stderr}`).toBe(0);
    return a.pairs;
  };
  for (const c of CASES) {
    it(`completes ${JSON.stringify(c.line)}`, () => {
      check("fish", c, complete(c.line).map(([w]) => w.replace(/\/$/, "")));
    });
  }
  it("shows whole descriptions, never cut mid-word", () => {
    const got = Object.fromEntries(complete("mids m"));
    expect(got.me).toBe("Show the credential's capabilities: entitlements, rate limits, history window (v3 /v3/me; --api v2: /v2/api-keys/info)");
    expect(Object.fromEntries(complete("mids migrate --fail"))["--fail-on"]).toBe("exit 8 when any request has one of these statuses (comma-separated)");
  });
});

// zsh: one interactive `zsh -f` on a zpty, compinit over an $fpath holding _mids; the first line
// is the first TAB of the new shell, the others follow on the same shell (the line is cleared with
// ^U in between). compadd is wrapped to print every candidate (and _describe's descriptions) it
// is given. Markers are printed as computed text, so the terminal's echo of a command never
// matches them. Every read has a deadline (await): a marker that never comes ends the driver with
// what it awaited and what it read, never a hang. Reads use sysread on the pty's descriptor, which
// waits with a timeout and takes what is there (zpty -r blocks until a line or the pattern is
// complete, and a non-blocking zpty -b pty made the first TAB fail about every other run).
const ZSH_DRIVER = String.raw`
zmodload zsh/zpty zsh/system zsh/datetime
read_ms=$1 dir=$2; shift 2
fail() { print -u2 -r -- "zsh driver: $1"; zpty -d z; exit 1 }
# await PATTERN WHAT: read the pty's output into $got until it matches PATTERN, for at most
# $read_ms (sysread -t: a tenth of a second at a time, returning as soon as there is output)
await() {
  local deadline=$(( EPOCHREALTIME + read_ms / 1000.0 )) chunk st
  got=
  until [[ $got == $~1 ]]; do
    (( EPOCHREALTIME < deadline )) || fail "no $1 within $read_ms ms after $2; read $\{#got} characters: $\{(V)got[-2000,-1]}"
    sysread -t 0.1 -i $fd chunk && { got+=$chunk; continue }
    st=$?
    (( st == 4 )) || fail "the shell on the pty is gone (sysread status $st) while awaiting $1 after $2; read: $\{(V)got[-2000,-1]}"
  done
}
zpty z zsh -f -i
fd=$REPLY
zpty -w z "PS1=''; COLUMNS=400; LISTMAX=100000; fpath=($dir \$fpath); autoload -Uz compinit; compinit -u -D -d $dir/zcompdump"
zpty -w z 'zstyle ":completion:*" list-grouped false; zstyle ":completion:*" insert-tab false'
zpty -w z 'compadd() { if [[ $\{@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi; typeset -a __h __d; if (( $@[(I)-d] )); then __d=( "$\{(@P)$\{@[$(( $\{@[(i)-d]} + 1 ))]}}" ); fi; builtin compadd -A __h "$@"; local x; for x in $__h; do print -r -- "CAND:$IPREFIX$x"; done; for x in $__d; do print -r -- "DESC:$x"; done; builtin compadd "$@" }'
zpty -w z 'comppostfuncs=( _zt_end ); _zt_end() { print -r -- "ZT-END-$((6*7))"; comppostfuncs+=( _zt_end ) }; bindkey "^I" complete-word'
zpty -w z 'print "ZT-READY-$((6*7))"'
await '*ZT-READY-42*' "the shell's start-up (compinit)"
for line in "$@"; do
  zpty -w -n z "$line"$'\t'
  await '*ZT-END-42*' "TAB on '$line'"
  print -r -- "=== $line"
  print -r -- "$got" | tr -d '\r' | grep -ao 'CAND:[^[:space:]]*\|DESC:.*'
  zpty -w -n z $'\C-u'
done
zpty -d z
`.replace(/\$\\\{/g, "${");

describe.skipIf(!CI && !has("zsh"))("zsh", () => {
  const results = new Map<string, { cands: string[]; descs: string[] }>();
  // compinit writes its dump file by renaming over the path it is given: as root, '-d /dev/null'
  // left a regular file where /dev/null was, for every process on the machine after it
  const nullDevice = () => { try { return statSync("/dev/null").isCharacterDevice(); } catch { return false; } };
  let nullBefore = false;
  let nullAfter = false;
  beforeAll(async () => {
    requireShell("zsh");
    nullBefore = nullDevice();
    const file = await script("zsh", "_mids");
    const driver = join(tempDir("zsh-driver-"), "driver.zsh");
    writeFileSync(driver, ZSH_DRIVER);
    // the first line is the new shell's first TAB
    const lines = [...CASES.map((c) => c.line), "mids m"];
    // the pty's shells find mids on PATH: the built bin
    const out = answer("zsh", ["-f", driver, String(ANSWER_MS), join(file, ".."), ...lines], `zsh completion of ${lines.length} lines`, { env: shellEnv(), timeout: sessionMs(lines.length) });
    let current: { cands: string[]; descs: string[] } | undefined;
    for (const l of out.split("\n")) {
      if (l.startsWith("=== ")) results.set(l.slice(4), (current = { cands: [], descs: [] }));
      else if (l.startsWith("CAND:")) current?.cands.push(l.slice(5));
      else if (l.startsWith("DESC:")) current?.descs.push(l.slice(5));
    }
    nullAfter = nullDevice();
  }, sessionMs(CASES.length + 1) + 5_000);
  it("leaves /dev/null the device it was", () => {
    if (nullBefore) expect(nullAfter).toBe(true);
  });
  for (const c of CASES) {
    it(`completes ${JSON.stringify(c.line)}${c === CASES[0] ? " on a new shell's first TAB" : ""}`, () => {
      const r = results.get(c.line);
      expect(r, c.line).toBeDefined();
      // _files offers the name within its directory: compare with the line's directory added back
      const dir = /\S+\/(?=[^/\s]*$)/.exec(c.line)?.[0] ?? "";
      check("zsh", c, r!.cands.map((x) => (dir && !x.startsWith(dir) && !x.startsWith("/") ? dir + x : x)));
    });
  }
  it("keeps colons and apostrophes in descriptions", () => {
    const descs = results.get("mids m")!.descs.join("\n");
    expect(descs).toMatch(/^me +-- Show the credential's capabilities: entitlements/m);
    expect(descs).toMatch(/^grounding +-- \[deprecated: v2 alias; v3: 'mids topics list'\] Top 10/m);
  });
});

describe.skipIf(!CI && !has("zsh"))("zsh, the script sourced", () => {
  // `source <(mids completion zsh)` a line too early in ~/.zshrc, before compinit: zsh said
  // 'command not found: compdef', which names nothing a user set up
  it("before compinit: one line saying to load compinit first, no 'command not found'; after it: mids is registered", async () => {
    const file = await script("zsh", "_mids");
    const before = spawnSync("zsh", ["-f", "-c", `source '${file}'`], { encoding: "utf8", timeout: ANSWER_MS });
    expect(before.stderr).not.toContain("command not found");
    expect(before.stderr.trim()).toBe("mids completion: zsh's completion system is not loaded yet: run 'autoload -Uz compinit && compinit' before sourcing this script");
    const after = answer("zsh", ["-f", "-c", `autoload -Uz compinit && compinit -D && source '${file}' && print -r -- \$_comps[mids]`], "zsh sourcing after compinit");
    expect(after.trim()).toBe("_mids");
  });
});

describe("install lines", () => {
  // bash reads ~/.local/share/bash-completion/completions only through the bash-completion package;
  // a machine without it (a container, a minimal install) got no completion from the help's one
  // bash line, and no error either
  it.skipIf(!CI && !has("bash"))("the help's bash line for a bash without the bash-completion package: a new interactive bash completes mids", { timeout: budgetFor(2) + ANSWER_MS }, async () => {
    const help = await runMain(["completion", "--help"]);
    const line = help.stdout.split("\n").find((l) => l.includes(">> ~/.bashrc"))?.replace(/^\s*\$ /, "").replace(/\s+#.*$/, "");
    expect(line).toBeDefined();
    const home = tempDir("bashrc-home-");
    const env = baseEnv({ HOME: home, PATH: `${join(BIN, "..")}:${process.env.PATH}` });
    execFileSync("sh", ["-c", line!], { env, timeout: budgetFor(1) });
    // an interactive bash reads ~/.bashrc: the function is registered and answers
    const out = answer("bash", ["-i", "-c", "complete -p mids && COMP_WORDS=(mids pro) COMP_CWORD=1 && _mids mids pro mids && printf '%s\\n' \"${COMPREPLY[@]}\""], "bash -i with the ~/.bashrc line", { env });
    expect(out).toMatch(/^complete -F _mids mids$/m);
    expect(out.trim().split("\n").pop()).toBe("projects");
  });

  it("the lines in 'mids completion --help' work on a fresh home (the directories are created)", { timeout: budgetFor(4) }, async () => {
    const help = await runMain(["completion", "--help"]);
    const lines = help.stdout.split("\n").filter((l) => l.includes("$ mkdir -p")).map((l) => l.replace(/^\s*\$ /, "").replace(/\s+#.*$/, ""));
    expect(lines).toHaveLength(3);
    const home = tempDir("fresh-home-");
    // each line runs mids once (a synchronous spawn: its own timeout bounds it)
    for (const l of lines) execFileSync("sh", ["-c", `mids() { '${process.execPath}' '${BIN}' "$@"; }; ${l}`], { env: baseEnv({ HOME: home }), timeout: budgetFor(1) });
    for (const f of [".local/share/bash-completion/completions/mids", ".zfunc/_mids", ".config/fish/completions/mids.fish"]) {
      expect(readFileSync(join(home, f), "utf8")).toMatch(/completion for mids/);
    }
  });
});
