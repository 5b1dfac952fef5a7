// End-to-end harness: spawn the built bin/mids, and a sandbox server on a free loopback port.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll } from "vitest";
import type { Dataset, DatasetSource } from "../../src/sandbox/data.js";

export const ROOT = resolve(import.meta.dirname, "../..");
export const BIN = join(ROOT, "bin/mids");

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string | Buffer;
  cwd?: string;
  timeoutMs?: number;
}

/**
 * Every temporary directory of a test file lives under one directory, removed after the file's
 * tests (test/setup.ts), inside the run's root (test/global-setup.ts removes it at the end, so a
 * run leaves nothing in /tmp even when a file is cut short).
 */
let tempRoot: string | undefined;
export function tempDir(prefix = "tmp-"): string {
  tempRoot ??= mkdtempSync(join(process.env.MIDS_TEST_TMP ?? tmpdir(), "mids-test-"));
  return mkdtempSync(join(tempRoot, prefix));
}
/** A temporary directory holding `files` (paths relative to it, folders made as needed). */
export function fileTree(files: Record<string, string | Buffer>, prefix = "tree-"): string {
  const dir = tempDir(prefix);
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), body);
  }
  return dir;
}
export function removeTempDirs(): void {
  if (tempRoot) rmSync(tempRoot, { recursive: true, force: true });
  tempRoot = undefined;
}

/** A clean environment: no user config, no colour, no CI detection surprises. */
export function baseEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const home = tempDir("home-");
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: home,
    MIDS_CONFIG_DIR: join(home, "config"),
    MIDS_STATE_DIR: join(home, "state"),
    NO_COLOR: "1",
    ...extra,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

export function runMids(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? baseEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 30_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    // a child that exits before reading its stdin (a usage error) closes the pipe: not a test failure
    child.stdin.on("error", () => undefined);
    child.stdin.end(opts.input ?? "");
  });
}

export interface SandboxProcess {
  url: string;
  /** the `mids sandbox serve` process; absent when the sandbox runs in this process */
  child?: ChildProcess;
  /** env for runMids pointing at this sandbox with the given key */
  env(key?: string, extra?: Record<string, string | undefined>): Record<string, string>;
  /** admin endpoints: /_sandbox/requests etc. */
  admin<T = unknown>(path: string, method?: string): Promise<T>;
  /** a raw API call, for comparing the CLI's output with the server's data */
  api<T = unknown>(path: string, key?: string): Promise<{ status: number; body: T; headers: Headers }>;
  stop(): Promise<void>;
}

/**
 * The options of an in-process sandbox for `sandbox serve` flags that only shape its answers
 * (`-q`, `--faults`, `--rate-limit`); undefined for any other flag (a bind address, a scenario or
 * cassette file: what the serve command itself does with them is under test, so it runs).
 */
function inProcessOptions(args: string[]): { faults?: string; rateLimit?: number } | undefined {
  const opts: { faults?: string; rateLimit?: number } = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-q") continue;
    if (args[i] === "--faults" && i + 1 < args.length) opts.faults = args[++i];
    else if (args[i] === "--rate-limit" && i + 1 < args.length) opts.rateLimit = Number(args[++i]);
    else return undefined;
  }
  return opts;
}

/**
 * A sandbox on a free loopback port. One that only needs answers runs in this process (the same
 * server `mids sandbox serve` starts: its start-up, the serve command's own output, is tested where
 * it is the subject); a few hundred CLI runs per file make requests to it, and a process of its
 * own per test file cost seconds of CPU each. Other flags start `mids sandbox serve --port 0`.
 */
export async function startSandbox(args: string[] = []): Promise<SandboxProcess> {
  const own = inProcessOptions(args);
  if (own) {
    const { startSandbox: start } = await import("../../src/sandbox/index.js");
    const sb = await start({ port: 0, host: "127.0.0.1", quiet: true, datasets: await sharedDatasets(), ...own });
    return sandboxAt(sb.url, () => sb.close());
  }
  return serveProcess(args);
}

/**
 * The sandbox's dataset of an hour, made once in this test process and handed to every sandbox it
 * starts (in-process ones and `--sandbox` runs of main()): a dataset is never changed (a sandbox's
 * reset keeps its hour's), and making one costs 40-150 ms of CPU, some 200 times a suite run.
 * The last two are kept (a run may cross an hour; a clock may jump; a seed of its own).
 */
const datasetsKept = new Map<string, Dataset>();
async function sharedDatasets(): Promise<DatasetSource> {
  const { anchorOf, generate } = await import("../../src/sandbox/data.js");
  return (anchorMs, seed) => {
    const key = `${anchorOf(anchorMs)} ${seed ?? "default"}`;
    let ds = datasetsKept.get(key);
    if (!ds) {
      ds = generate(anchorMs, seed);
      if (datasetsKept.size >= 2) datasetsKept.delete(datasetsKept.keys().next().value!);
      datasetsKept.set(key, ds);
    }
    return ds;
  };
}

/** The test's handle on a sandbox at `url`. */
function sandboxAt(url: string, stop: () => Promise<void>, child?: ChildProcess): SandboxProcess {
  return {
    url,
    child,
    env: (key, extra = {}) => baseEnv({ MIDS_BASE_URL: url, MIDS_API_KEY: key, ...extra }),
    admin: async (path, method = "GET") => (await fetch(url + path, { method })).json(),
    api: async (path, key) => {
      const res = await fetch(url + path, { headers: key ? { "x-api-key": key } : {} });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined), headers: res.headers };
    },
    stop,
  };
}

/** Start `mids sandbox serve --port 0` and wait for its "listening on" line. */
async function serveProcess(args: string[]): Promise<SandboxProcess> {
  const child = spawn(process.execPath, [BIN, "sandbox", "serve", "--port", "0", ...args], {
    env: baseEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (d) => (stderr += d));
  const rl = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((res, rej) => {
    const t = setTimeout(() => rej(new Error(`sandbox did not start: ${stderr}`)), 15_000);
    rl.once("line", (line) => {
      clearTimeout(t);
      const m = /^listening on (http:\/\/\S+)$/.exec(line);
      m ? res(m[1]) : rej(new Error(`unexpected first line: ${line}`));
    });
    child.once("exit", (code) => rej(new Error(`sandbox exited ${code}: ${stderr}`)));
  });
  return sandboxAt(url, () => new Promise((res) => {
    if (child.exitCode !== null) return res();
    child.once("exit", () => res());
    child.kill("SIGINT");
  }), child);
}

/** One sandbox for a test file: started before its tests, stopped after them. */
export function useSandbox(args: string[] = []): SandboxProcess {
  let sb: SandboxProcess | undefined;
  beforeAll(async () => {
    sb = await startSandbox(args);
  });
  afterAll(async () => {
    await sb?.stop();
  });
  return new Proxy({} as SandboxProcess, {
    get: (_, key) => {
      if (!sb) throw new Error("the sandbox is used before beforeAll started it");
      return sb[key as keyof SandboxProcess];
    },
  });
}

/**
 * `fn` over `items`, at most `limit` at a time, results in input order: a test that spawns dozens
 * of CLIs must not start them all at once on a 2-core machine (each start-up then takes seconds).
 * Once `signal` is aborted no further item starts (the results of those are left undefined).
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    // a test that timed out (vitest aborts its context's signal) starts nothing more
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** One run of the built CLI (~0.2 s of CPU) on a 2-core machine shared ten ways or more. */
export const CLI_RUN_MS = 6_000;

/**
 * A test's time budget from the CLI runs it makes, `lanes` at a time, plus 5 s for its own work.
 * It only bounds a hang: each run has its own kill timer too.
 */
export function budgetFor(runs: number, lanes = 1): number {
  return Math.ceil(runs / lanes) * CLI_RUN_MS + 5_000;
}

/**
 * mids in this process: main(argv) with in-memory streams and `env`, the exit code it returns
 * (what bin/mids exits with). For many cases of one behaviour whose path through the built CLI a
 * few runMids cases already cover. Calls made together run one after another (main sets per-run
 * module state), so `Promise.all` of them is safe.
 */
let mainQueue: Promise<unknown> = Promise.resolve();
export function runMain(args: string[], opts: { env?: Record<string, string>; input?: string; cwd?: string; migrateWorkers?: boolean } = {}): Promise<RunResult> {
  const run = mainQueue.then(async () => {
    const [{ main }, { testIO }] = await Promise.all([import("../../src/main.js"), import("../../src/io.js")]);
    const io = testIO({ env: opts.env ?? baseEnv(), input: opts.input, ...(opts.cwd ? { cwd: opts.cwd } : {}) });
    // `migrateWorkers`: migrate's worker threads load the built dist/migrate-worker.js (from the
    // sources there is none beside the module, and --jobs would stay on one thread); their output
    // comes as bytes written with a callback, which testIO's stdout does not call
    if (opts.migrateWorkers) {
      const { write } = io.stdout;
      // (a worker's part is a Uint8Array: text as a Buffer's, UTF-8, is what a string sink keeps)
      const text = (c: string | Uint8Array) => (typeof c === "string" ? c : Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString("utf8"));
      io.stdout = { ...io.stdout, write: ((chunk: string | Uint8Array, done?: () => void) => (write(text(chunk)), done?.(), true)) as typeof write };
    }
    const migrateWorkerScript = opts.migrateWorkers ? pathToFileURL(join(ROOT, "dist/migrate-worker.js")) : undefined;
    const code = await main(args, { io, sandboxDatasets: await sharedDatasets(), migrateWorkerScript });
    return { code, stdout: io.out(), stderr: io.err() };
  });
  mainQueue = run.catch(() => undefined);
  return run;
}

/**
 * Run the built CLI and send it `signal` once `ready()` says so (asked every 20 ms: a request of
 * the run has reached the sandbox, say); its output and exit code. A run that ignores the signal
 * is killed after 20 s (then `code` is null).
 */
export async function interruptWhen(args: string[], env: Record<string, string>, ready: () => Promise<boolean>, signal: NodeJS.Signals = "SIGINT"): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  while (!(await ready())) await new Promise((r) => setTimeout(r, 20));
  child.kill(signal);
  const code = await exited;
  clearTimeout(timer);
  return { code, stdout, stderr };
}
