// Documented examples (--help and the docs) as a user types them. A plain `mids ...` line runs in
// this process through main() (no shell, no Node start-up: most examples are one such line), also
// with what the shell would only set up for it (`NAME=value` before it, `< file`, `> file`);
// anything else the shell must read (a pipe, `$VAR`, a glob, `&&`, `~`) runs in bash, where `mids`
// on PATH (midsOnPath) hands its argv, environment, directory and stdin to main() in this process
// too: bash, jq, grep and the files are real, only the Node start-up per `mids` is saved.
import { spawn } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { runMain, tempDir } from "./cli.js";

export interface ExampleResult { code: number | "timeout"; stderr: string }

/**
 * The argv of `script` when it is one plain `mids` command: words, maybe quoted ('...' or "..."
 * with nothing the shell expands inside), no operators, redirections, expansions or globs, no
 * variable assignments. Anything else: undefined (bash runs it).
 */
export function plainMidsArgv(script: string): string[] | undefined {
  const words: string[] = [];
  let i = 0;
  const s = script.trim();
  while (i < s.length) {
    while (s[i] === " " || s[i] === "\t") i++;
    if (i >= s.length) break;
    let word = "";
    let quoted = false;
    while (i < s.length && s[i] !== " " && s[i] !== "\t") {
      const c = s[i];
      if (c === "'" || c === '"') {
        const end = s.indexOf(c, i + 1);
        if (end < 0) return undefined;
        const inner = s.slice(i + 1, end);
        if (c === '"' && /[$`\\!]/.test(inner)) return undefined;
        word += inner;
        quoted = true;
        i = end + 1;
      } else if (/[|&;<>()$`\\*?[\]{}~#!=]/.test(c) && !(c === "=" && (word.startsWith("-") || words.length > 0))) {
        // `--opt=value` and any word after the command (`-f limit=5`) are words; `NAME=value`
        // before it (an assignment) and every operator go to bash
        return undefined;
      } else {
        word += c;
        i++;
      }
    }
    if (!quoted && word === "") continue;
    words.push(word);
  }
  return words[0] === "mids" && words.length > 1 ? words.slice(1) : undefined;
}

export interface ExampleOptions {
  cwd: string;
  env: Record<string, string>;
  /** what the example reads on stdin (a prompt for a key) */
  stdin?: string;
  /** kill a bash example after this long */
  timeoutMs: number;
  /** the test's signal: once aborted, a running bash example is killed */
  signal?: AbortSignal;
}

/** A file name the shell takes as it is: no expansion, no quoting, no operator. */
const PLAIN_FILE = /^[\w./-]+$/;
/** `NAME=value` before a command, with a value the shell takes as it is. */
const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=([\w./:-]*)\s+/;

export interface PlainCommand {
  argv: string[];
  /** variables the line sets for the command (`MIDS_PROFILE=ci mids doctor`) */
  env: Record<string, string>;
  /** `< file`: stdin from this file (relative to the example's directory) */
  stdinFile?: string;
  /** `> file`: stdout to this file */
  stdoutFile?: string;
}

/**
 * `script` as one plain mids command (plainMidsArgv) that the shell would only give variables and
 * redirect: `NAME=value ... mids ... [< file] [> file]`, plain file names. Anything else: undefined.
 */
export function plainMidsCommand(script: string): PlainCommand | undefined {
  let s = script.trim();
  const env: Record<string, string> = {};
  for (let m = ASSIGNMENT.exec(s); m; m = ASSIGNMENT.exec(s)) {
    env[m[1]] = m[2];
    s = s.slice(m[0].length);
  }
  let stdoutFile: string | undefined;
  let stdinFile: string | undefined;
  // redirections at the end, in either order: `> out`, `< in`
  for (;;) {
    const m = /\s([<>])\s*(\S+)$/.exec(s);
    if (!m || !PLAIN_FILE.test(m[2]) || /[<>]$/.test(s.slice(0, m.index).trimEnd())) break;
    if (m[1] === ">") { if (stdoutFile !== undefined) return undefined; stdoutFile = m[2]; }
    else { if (stdinFile !== undefined) return undefined; stdinFile = m[2]; }
    s = s.slice(0, m.index);
  }
  const argv = plainMidsArgv(s);
  return argv ? { argv, env, stdinFile, stdoutFile } : undefined;
}

/**
 * Run one documented example: in this process when it is a plain mids command, maybe with
 * variables and redirections (plainMidsCommand: the shell would only set them up), else in bash.
 */
export async function runExample(script: string, opts: ExampleOptions): Promise<ExampleResult> {
  const plain = plainMidsCommand(script);
  if (plain) {
    let input = opts.stdin ?? "";
    if (plain.stdinFile !== undefined) {
      try { input = readFileSync(join(opts.cwd, plain.stdinFile), "utf8"); } catch (e) { return { code: 1, stderr: `bash: ${plain.stdinFile}: ${(e as Error).message}` }; }
    }
    const r = await runMain(plain.argv, { env: { ...opts.env, ...plain.env }, input, cwd: opts.cwd });
    if (plain.stdoutFile !== undefined) writeFileSync(join(opts.cwd, plain.stdoutFile), r.stdout);
    return { code: r.code, stderr: r.stderr };
  }
  return bash(script, opts);
}

/** Run `script` in bash; a failure to start it is its result, never an uncaught error; on timeout its process group is killed. */
function bash(script: string, opts: ExampleOptions): Promise<ExampleResult> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["--norc", "-o", "pipefail", "-c", script], { cwd: opts.cwd, env: opts.env, detached: true, stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    let timedOut = false;
    const kill = () => {
      try { process.kill(-child.pid!, "SIGKILL"); } catch { /* already gone */ }
    };
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    child.stdin.on("error", () => undefined);
    child.stdin.end(opts.stdin ?? "");
    const timer = setTimeout(() => ((timedOut = true), kill()), opts.timeoutMs);
    opts.signal?.addEventListener("abort", kill, { once: true });
    child.on("error", (e) => {
      clearTimeout(timer);
      resolve({ code: -1, stderr: `cannot run bash: ${e.message}` });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", kill);
      resolve({ code: timedOut ? "timeout" : code ?? 128, stderr });
    });
  });
}

/**
 * A directory to put first on PATH: its `mids` is a bash script that runs main() in this process
 * (runMain) with the argv, environment, working directory and stdin it was given, writes what
 * main() wrote to its stdout and stderr, and exits with main()'s code. It reads all of its stdin
 * before main() starts (the examples' stdin is a file, a pipe or empty). close() stops the server.
 */
export async function midsOnPath(): Promise<{ bin: string; close(): Promise<void> }> {
  const runs = tempDir("mids-runs-");
  const server = createServer((socket) => {
    let request = "";
    socket.setEncoding("utf8").on("data", async (d) => {
      request += d;
      if (!request.endsWith("\n")) return;
      socket.removeAllListeners("data");
      // one line: the run's directory (argv, env and stdin in it; stdout and stderr go there)
      const dir = request.trim();
      const file = (name: string) => readFileSync(join(dir, name), "utf8");
      let r: { code: number; stdout: string; stderr: string };
      try {
        const argv = file("argv").split("\0").slice(0, -1);
        const env = Object.fromEntries(file("env").split("\0").filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));
        r = await runMain(argv, { env, input: file("stdin"), cwd: file("cwd") });
      } catch (e) {
        // main() never throws; a failure here is the harness's, and fails the example
        r = { code: 125, stdout: "", stderr: `mids (in-process): ${(e as Error).stack}` };
      }
      try {
        writeFileSync(join(dir, "stdout"), r.stdout);
        writeFileSync(join(dir, "stderr"), r.stderr);
        socket.end(`${r.code}\n`);
      } catch { socket.destroy(); /* the example was killed and its directory removed */ }
    }).on("error", () => undefined);
  });
  await new Promise<void>((res) => server.listen(0, "127.0.0.1", res));
  const port = (server.address() as { port: number }).port;
  const bin = tempDir("bin-");
  writeFileSync(join(bin, "mids"), `#!/bin/bash
# mids for the documented examples: main() in the test's process (test/helpers/examples.ts)
d=$(mktemp -d "${runs}/run-XXXXXX") || exit 125
: > "$d/argv"; [ $# -eq 0 ] || printf '%s\\0' "$@" > "$d/argv"
printf '%s' "$PWD" > "$d/cwd"
env -0 > "$d/env"
cat > "$d/stdin"
exec 3<>/dev/tcp/127.0.0.1/${port} || exit 125
printf '%s\\n' "$d" >&3
read -r code <&3
exec 3<&-
cat "$d/stdout"
cat "$d/stderr" >&2
rm -rf "$d"
exit "\${code:-125}"
`);
  chmodSync(join(bin, "mids"), 0o755);
  return { bin, close: () => new Promise((res) => server.close(() => res())) };
}
