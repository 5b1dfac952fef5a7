// The Context: everything a command may touch (IO, options, config, HTTP client, clock),
// built once in main.ts and handed to every run(opts, ctx).
import type { IO } from "./io.js";
import type { Client } from "./client/client.js";
import type { ApiVersion } from "./contract/routes.js";
import type { ConfigKey, OutputFormat, SettingSource } from "./config.js";
import type { Screen } from "./output/screen.js";

export type { OutputFormat } from "./config.js";

export interface GlobalOptions {
  baseUrl?: string;
  apiKey?: string;
  api: ApiVersion;
  /** explicit -o, else table on a TTY and json when piped */
  output: OutputFormat;
  outputExplicit: boolean;
  fields?: string[];
  /** --jq EXPR: a jq filter over the whole JSON result (src/output/jq.ts); implies -o json */
  jq?: string;
  /** set once --jq has been applied (a command that never prints through emitJson gets a warning) */
  jqApplied?: boolean;
  /** the --jq worker of this command, started by the first filter run (src/output/jq.ts) */
  jqSession?: import("./output/jq.js").JqSession;
  /** --csv-raw: no formula guard on CSV text cells */
  csvRaw?: boolean;
  /** what the command lists, for "no projects matched" (set from the command name) */
  resource?: string;
  color: boolean;
  /** colour on stderr (errors): --no-color, NO_COLOR, FORCE_COLOR and whether stderr is a terminal */
  colorStderr?: boolean;
  /** --no-relative: tables on a terminal print exact times, not ages (`2h ago`) */
  relative?: boolean;
  quiet: boolean;
  verbose: boolean;
  timeoutMs: number;
  maxRetries: number;
  insecure: boolean;
  /** cap on one response body, bytes (--max-body-size, MIDS_MAX_BODY_SIZE; default 64 MB) */
  maxBodyBytes?: number;
  /** --all / api --paginate stop (exit 7) after this many pages (--max-pages, MIDS_MAX_PAGES) */
  maxPages?: number;
  /** requests in flight at once, when a command sizes the client to its work (migrate verify) */
  connections?: number;
  /** set when --sandbox started an in-process sandbox for this command */
  sandbox: boolean;
  /** the selected profile (--profile or MIDS_PROFILE), when one is */
  profile?: string;
  /** where the selected profile was named: --profile or MIDS_PROFILE (doctor says so) */
  profileSource?: SettingSource;
  /** where each effective setting came from (flag, env, profile, config file, default) */
  sources?: Partial<Record<ConfigKey, SettingSource>>;
  /**
   * The `output` setting without this command line's -o (env, profile, config file), which `config
   * get` and `config list` report: their -o says how to print the answer, not which setting applies.
   */
  outputSetting?: { value: string; source: SettingSource };
  /** the command the user ran (set by main before its action), for notices that name it */
  invocation?: import("./client/invocation.js").Invocation;
  /** why the config file was not used, for the commands that run without it (doctor reports it) */
  configError?: Error;
}

export interface Context {
  io: IO;
  globals: GlobalOptions;
  client(): Promise<Client>;
  /** a notice on stderr (suppressed by --quiet), printed at most once per key */
  notice(message: string, key?: string): void;
  /** a warning on stderr (suppressed by --quiet), at most once per key */
  warn(message: string, key?: string): void;
  now(): Date;
  /** aborted on SIGINT */
  signal: AbortSignal;
  /** the status line on stderr (spinner, countdowns), erased on every exit path */
  screen?: Screen;
  /** where `migrate`'s worker threads load from (default: dist/migrate-worker.js beside the bundle) */
  migrateWorkerScript?: URL;
  /** run at the end of the command (close the sandbox, the connection pool) */
  onClose(fn: () => Promise<void> | void): void;
  /**
   * The command's work is done and what it writes now is whole (a report of every file or route):
   * a signal since, or from now on, stops nothing, and the run ends with its own exit code and
   * messages, as if the signal had not come (a second Ctrl-C still ends it at once). Before, a
   * whole report went out and the run ended 130, which says that none was written.
   */
  settle?(): void;
  /** settle() was called */
  settled?: boolean;
}
