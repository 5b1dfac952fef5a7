// --jq EXPR: the real jq (jq-web: jq's C source compiled to WebAssembly), applied to the whole
// result as `gh --jq` does. It runs in a worker thread (jq-worker.ts), loaded only when the flag
// is given, so start-up and every other command never pay for the 2.7 MB engine or the thread.
// A filter can loop or grow without end (`last(range(1e12))`, `repeat(.)`): in the worker it
// stays within documented caps (docs/security.md "limits") and stops on Ctrl-C or SIGTERM.
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { UsageError } from "../errors.js";
import { workingDir } from "../io.js";
import { redactText } from "../redact/index.js";
import { redact } from "../util/known-secrets.js";
import { formatBytes, parseByteSize } from "../util/bytes.js";
import { parseDurationMs } from "../util/time.js";

/** The caps of one --jq run, each changed by an environment variable (docs/security.md "limits"). */
export interface JqLimits {
  /** wall time of one filter run, from dispatch (MIDS_JQ_TIMEOUT) */
  timeMs: number;
  /** jq's WebAssembly memory (MIDS_JQ_MAX_MEMORY) */
  memoryBytes: number;
  /** what jq writes, stdout and stderr together (MIDS_JQ_MAX_OUTPUT) */
  outputBytes: number;
}

export const JQ_LIMITS: JqLimits = { timeMs: 60_000, memoryBytes: 1024 ** 3, outputBytes: 256 * 1024 ** 2 };
/** The worker's own JavaScript heap (jq's data lives in its WebAssembly memory, capped above). */
const WORKER_HEAP_MB = 256;
/** jq needs some memory to start at all: a smaller MIDS_JQ_MAX_MEMORY is a usage error. */
const MIN_MEMORY_BYTES = 32 * 1024 ** 2;

export const JQ_LIMIT_ENV = { timeMs: "MIDS_JQ_TIMEOUT", memoryBytes: "MIDS_JQ_MAX_MEMORY", outputBytes: "MIDS_JQ_MAX_OUTPUT" } as const;

/** The caps, with the environment's overrides checked (a bad value is exit 2 naming the variable). */
export function jqLimits(env: Record<string, string | undefined>): JqLimits {
  const limits = { ...JQ_LIMITS };
  const time = env[JQ_LIMIT_ENV.timeMs];
  if (time) {
    const ms = parseDurationMs(time);
    if (ms === undefined || ms < 1) throw new UsageError(`${JQ_LIMIT_ENV.timeMs} must be a duration such as 30s, 1500ms or 2m (got '${time}')`, { hint: `fix or unset ${JQ_LIMIT_ENV.timeMs}` });
    limits.timeMs = ms;
  }
  for (const [key, min] of [["memoryBytes", MIN_MEMORY_BYTES], ["outputBytes", 1024]] as const) {
    const v = env[JQ_LIMIT_ENV[key]];
    if (!v) continue;
    const n = parseByteSize(v);
    if (n === undefined || n < min) throw new UsageError(`${JQ_LIMIT_ENV[key]} must be a size of at least ${formatBytes(min)} such as 256MB or 1GB (got '${v}')`, { hint: `fix or unset ${JQ_LIMIT_ENV[key]}` });
    limits[key] = n;
  }
  return limits;
}

/** One jq result: a string (printed raw) or the JSON text of any other value. */
export type JqResult = { string: string } | { json: string };

/** What the main thread sends the worker, and what comes back (jq-worker.ts). */
export interface JqWorkerData { memoryBytes: number; outputBytes: number; env: readonly string[] }
export interface JqRequest { id: number; input: Uint8Array; filter: string }
export type JqReply =
  | { id: number; ok: true; stdout: Uint8Array; stderr: string }
  | { id: number; ok: false; limit?: "memory" | "output"; message: string; stderr: string; stdout?: Uint8Array };

/** A compile or runtime error of the filter; `results` are those jq gave before it (printed first, as jq does). */
export class JqFilterError extends UsageError {
  constructor(message: string, readonly results: JqResult[]) {
    // the fix: a filter jq cannot read (syntax, shell quoting), or one that does not fit the result's
    // shape ("Cannot index object with number"); the filter's own error("...") is the user's words alone
    super(message, {
      hint: /syntax error|is not defined|compile error/i.test(message) ? "check the filter's jq syntax and quote it for the shell, e.g. --jq '.[0].name'"
        : /\bcannot\b/i.test(message) ? "the filter gets the whole result as its one input: -o json shows its shape"
        : undefined,
    });
  }
}

export interface JqSessionOptions {
  limits?: JqLimits;
  /** Ctrl-C / SIGTERM: a run that starts before the abort is stopped by it */
  signal?: AbortSignal;
  /** what the filter reads as `$ENV` and `env` (jqEnvironment): none when not given */
  env?: readonly string[];
}

/** A variable whose name says it holds a secret (MIDS_API_KEY, GITHUB_TOKEN, PGPASSWORD, MIDS_CI_KEY). */
const SECRET_VARIABLE = /(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|PASSPHRASE|AUTH|AUTHORIZATION|CREDENTIALS?|COOKIE|SIGNATURE|SESSION)$/i;

/**
 * The environment a --jq filter reads as `$ENV` and `env`, as gh's --jq does (`env.SLUG`), as
 * NAME=value strings. Secrets never reach the output: a variable named like one
 * (SECRET_VARIABLE, word by word: `MIDS_API_KEY`, `KEY_FILE`) reads `***`, and a value quoting
 * the key in use or a URL's password has it replaced by `***`.
 */
export function jqEnvironment(env: Record<string, string | undefined>, secrets: readonly (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || name === "" || name.includes("=")) continue;
    const secret = name.split(/[_\-.]/).some((word) => SECRET_VARIABLE.test(word));
    out.push(`${name}=${secret ? "***" : redactText(redact(value, secrets))}`);
  }
  return out;
}

/** jq runs for one command: one worker, started on the first run, ended by close(). */
export interface JqSession {
  run(value: unknown, filter: string, stderr?: (text: string) => void): Promise<JqResult[]>;
  close(): Promise<void>;
}

/** The worker script beside the bundle (dist/jq-worker.js); from source, the built one in dist/. */
function workerScript(): URL {
  const here = import.meta.url;
  const candidates = ["./jq-worker.js", "../jq-worker.js", "../../dist/jq-worker.js"].map((p) => new URL(p, here));
  const found = candidates.find((u) => u.protocol === "file:" && existsSync(u));
  if (!found) throw new Error("the --jq worker (dist/jq-worker.js) is missing: run 'npm run build'");
  return found;
}

function limitError(what: "time" | "memory" | "output", limits: JqLimits): UsageError {
  const [message, env] = what === "time" ? [`ran past its time limit (${limits.timeMs / 1000} s) and was stopped`, JQ_LIMIT_ENV.timeMs]
    : what === "memory" ? [`needed more than its memory cap (${formatBytes(limits.memoryBytes)}) and was stopped`, JQ_LIMIT_ENV.memoryBytes]
    : [`wrote more than its output cap (${formatBytes(limits.outputBytes)}) and was stopped`, JQ_LIMIT_ENV.outputBytes];
  return new UsageError(`--jq: the filter ${message}`, { code: "jq_limit", hint: `simplify the filter, or raise the cap with ${env}` });
}

export function jqSession(opts: JqSessionOptions = {}): JqSession {
  const limits = opts.limits ?? JQ_LIMITS;
  let worker: Worker | undefined;
  let ids = 0;
  const spawn = (): Worker => {
    // a worker thread starts in the working directory: one removed under the run fails its start
    // ("uv_cwd"), which is said as the usage error it is, not as a bug
    workingDir();
    const w = new Worker(workerScript(), {
      workerData: { memoryBytes: limits.memoryBytes, outputBytes: limits.outputBytes, env: opts.env ?? [] } satisfies JqWorkerData,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      // stdout carries data only: nothing of the worker's reaches it (jq's output comes by message)
      stdout: true,
    });
    w.stdout.resume();
    // a worker between runs never keeps the process alive (a run holds its own timer)
    w.unref();
    return w;
  };
  const end = (w: Worker | undefined) => {
    if (worker === w) worker = undefined;
    void w?.terminate();
  };
  return {
    run: (value, filter, stderr) => new Promise<JqResult[]>((resolve, reject) => {
      const w = (worker ??= spawn());
      const id = ++ids;
      const signal = opts.signal?.aborted ? undefined : opts.signal;
      const finish = (fn: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        w.off("message", onMessage).off("error", onError).off("exit", onExit);
        fn();
      };
      const fail = (err: Error) => finish(() => (end(w), reject(err)));
      const timer = setTimeout(() => fail(limitError("time", limits)), limits.timeMs);
      // Ctrl-C or SIGTERM during the run: the worker is stopped at once (main.ts says "interrupted")
      const onAbort = () => fail(new Error("--jq was interrupted"));
      const onMessage = (m: JqReply) => {
        if (m.id !== id) return;
        if (m.ok) {
          finish(() => {
            if (m.stderr) stderr?.(m.stderr);
            resolve(results(new TextDecoder().decode(m.stdout)));
          });
        } else if (m.limit) fail(limitError(m.limit, limits));
        else finish(() => reject(new JqFilterError(`--jq: ${jqMessage({ message: m.message, stderr: m.stderr })}`, m.stdout ? results(new TextDecoder().decode(m.stdout)) : [])));
      };
      // the JS heap cap (resourceLimits) ends the thread with ERR_WORKER_OUT_OF_MEMORY
      const onError = (e: Error & { code?: string }) => fail(e.code === "ERR_WORKER_OUT_OF_MEMORY" ? limitError("memory", limits) : new Error(`the --jq worker failed: ${e.message}`));
      const onExit = (code: number) => fail(new Error(`the --jq worker exited (${code})`));
      signal?.addEventListener("abort", onAbort, { once: true });
      w.on("message", onMessage).on("error", onError).on("exit", onExit);
      const input = new TextEncoder().encode(JSON.stringify(value) ?? "null");
      w.postMessage({ id, input, filter } satisfies JqRequest, [input.buffer]);
    }),
    close: async () => {
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}

/** -c prints one result per line; a string result is a JSON string literal on its line. */
function results(out: string): JqResult[] {
  return out.split("\n").filter((l) => l !== "").map((line) => (line.startsWith('"') ? { string: JSON.parse(line) as string } : { json: line }));
}

/**
 * Run `filter` over `value` in a worker of its own. Each result is one entry. A compile or runtime
 * error is a UsageError (exit 2) carrying jq's own message on one line; so is a filter past a cap.
 */
export async function runJq(value: unknown, filter: string, stderr?: (text: string) => void, opts: JqSessionOptions = {}): Promise<JqResult[]> {
  const session = jqSession(opts);
  try {
    return await session.run(value, filter, stderr);
  } finally {
    await session.close();
  }
}

/** jq's message on one line: without the exit-code preamble, the "jq: error:" prefix and the error count. */
export function jqMessage(err: unknown): string {
  const e = err as { stderr?: string; message?: string };
  const text = typeof e?.stderr === "string" && e.stderr.trim() ? e.stderr : String(e?.message ?? err);
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !/^Non-zero exit code: \d+$/.test(l) && !/^jq: \d+ compile errors?$/.test(l) && l !== "undefined");
  // each error (a filter may have several: two undefined functions) without jq's "jq: error:" prefix
  const errors = lines.join(" ").split(/(?:^|\s)jq: error(?: \(at [^)]*\))?:?\s/).map((e) => e.trim()).filter(Boolean);
  const message = errors.join("; ").replace(/\s+/g, " ").trim();
  // jq-web reports `input` past the one input as a bare "break"
  if (message === "break") return "no more inputs: --jq gets one input, the whole result (use . rather than input/inputs)";
  return message || "jq failed";
}
