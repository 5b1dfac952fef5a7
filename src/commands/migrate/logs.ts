// The log files `migrate` and `migrate verify` read: none given and stdin piped means stdin; a
// missing file or a directory is the user's to fix (exit 2) before anything is read.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
import { nearestChoice } from "../../util/flag-values.js";

/** `subcommands`: the names a mistyped first file may be near (migrate's subcommands). */
export function logInputs(ctx: Context, files: string[], verb: string, subcommands: readonly string[] = []): string[] {
  if (!files.length) {
    if (ctx.io.stdinIsTTY) throw new UsageError(`no log to ${verb}`, { hint: "give one or more log files, or pipe a log in (- reads stdin)" });
    return ["-"];
  }
  for (const f of files) {
    if (f === "-") continue;
    let why: string | undefined;
    try {
      if (statSync(resolve(ctx.io.cwd, f)).isDirectory()) why = "it is a directory (name the log files in it)";
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      why = code === "ENOENT" ? "no such file" : (code ?? "not a file");
    }
    if (why) {
      // `mids migrate scna`: a slip of a subcommand's name is read as a log file
      const near = f === files[0] && why === "no such file" ? nearestChoice(subcommands, f) : undefined;
      const command = ctx.globals.invocation?.command ?? verb;
      const hint = near ? `did you mean 'mids ${command} ${near}'? ('${f}' was read as a log file)`
        : f === files[0] && f === "help" && why === "no such file" ? `for help: mids ${command} --help ('help' was read as a log file)`
        : "check the path; - reads stdin";
      throw new UsageError(`cannot read '${f}': ${why}`, { hint });
    }
  }
  // `-` at a terminal: the log is typed (or pasted); say so, and how to end it, instead of a
  // progress line drawn over what is typed (the progress stays off for a terminal's stdin)
  if (files.includes("-") && ctx.io.stdinIsTTY && !ctx.globals.quiet) {
    ctx.io.stderr.write(`mids: ${verb}: reading a log from the terminal (stdin); end it with Ctrl-D on a line of its own, or Ctrl-C to stop\n`);
  }
  return files;
}
