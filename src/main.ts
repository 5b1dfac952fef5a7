// The entry of a run (gh's cmd/gh/main.go): build the context and the program, run the command line,
// and return an exit code; bin/mids owns process.exit. The pieces live in src/root/: the root
// command (program.ts, help.ts), settings resolution (settings.ts), the dependency factory
// (factory.ts) and the error printer (report-error.ts).
import type { Command } from "commander";
import { processIO, STDOUT_CLOSED, watchStdout, type IO } from "./io.js";
import { EXIT } from "./errors.js";
import type { OnExit } from "./output/screen.js";
import type { DatasetSource } from "./sandbox/data.js";
import { buildProgram, commandWord } from "./root/program.js";
import { createContext } from "./root/factory.js";
import { printHelp } from "./root/help.js";
import { reportFailure } from "./root/report-error.js";

export { buildProgram } from "./root/program.js";
export { createContext } from "./root/factory.js";

export interface MainOptions {
  io?: IO;
  signal?: AbortSignal;
  now?: () => Date;
  /** bin/mids: run `fn` before process.exit (erase the status line); returns its removal */
  onExit?: OnExit;
  /** bin/mids: the command settled (Context.settle): a signal no longer decides the exit code */
  onSettle?: () => void;
  /** --sandbox: where its dataset comes from (default: made for the run; a test process keeps one an hour) */
  sandboxDatasets?: DatasetSource;
  /** where `migrate`'s worker threads load from (default: beside the bundle; main() run from the sources has none) */
  migrateWorkerScript?: URL;
}

/**
 * `mids --help projects list` (git --help log, gh --help pr), `mids --sandbox --help projects`: the
 * help of the command named, as `mids projects list --help`; commander showed the root's. A help
 * flag before the command's name (after global options too) is moved to the end.
 */
export function helpFirst(argv: readonly string[]): string[] {
  const isHelp = (a: string) => a === "--help" || a === "-h";
  // (the flag must come before the command's name: after it, commander reads it where it is)
  const at = argv.findIndex((a) => isHelp(a) || a === "--");
  if (at < 0 || argv[at] === "--") return [...argv];
  const rest = argv.filter((_, i) => i !== at);
  const word = commandWord(rest);
  if (word === undefined || rest.indexOf(word) < at) return [...argv];
  return [...rest, argv[at]];
}

export async function main(argvAsTyped: string[], opts: MainOptions = {}): Promise<number> {
  const argv = helpFirst(argvAsTyped);
  const io = opts.io ?? processIO();
  // the run stops on bin's signal (SIGINT, SIGTERM) or when stdout's reader goes away
  const stop = new AbortController();
  const outer = opts.signal;
  if (outer?.aborted) stop.abort(outer.reason);
  else outer?.addEventListener("abort", () => stop.abort(outer.reason), { once: true });
  const unwatch = opts.io ? undefined : watchStdout(() => stop.abort(STDOUT_CLOSED));
  const signal = stop.signal;
  const ctx = createContext(io, signal, opts.now ?? (() => new Date()), opts.onExit, opts.onSettle, opts.sandboxDatasets);
  if (opts.migrateWorkerScript) ctx.migrateWorkerScript = opts.migrateWorkerScript;
  let program: Command | undefined;
  try {
    program = buildProgram(ctx, commandWord(argv));
    await program.parseAsync(argv, { from: "user" });
    if (ctx.globals.jq !== undefined && !ctx.globals.jqApplied) {
      const cmd = ctx.globals.invocation?.command;
      ctx.warn(`--jq was not applied: ${cmd ? `'mids ${cmd}'` : "this command"} printed no JSON for it to filter`);
    }
    return EXIT.ok;
  } catch (err) {
    return reportFailure(ctx, err, program?.opts());
  } finally {
    await printHelp(ctx, argv).catch(() => undefined);
    await ctx.close().catch(() => undefined);
    unwatch?.();
  }
}
