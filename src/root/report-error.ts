// The error printer (gh's internal/ghcmd): whatever a run threw becomes one line, a hint, a JSON
// error object for -o json/ndjson, and the exit code. Nothing else decides an exit code.
import { CommanderError } from "commander";
import type { Context } from "../context.js";
import { ApiError, EXIT, MidsError, exitCodeFor } from "../errors.js";
import { explainRejectedKey } from "../keyerror.js";
import { STDOUT_CLOSED, colorWanted } from "../io.js";
import { redactOwnWords } from "../redact/index.js";
import { redactServerDetails } from "../redact/server-words.js";
import { redact, redactDeep } from "../util/known-secrets.js";
import { clipMiddle, escapeC1Json, oneLine } from "../util/sanitize.js";
import { MAX_ERROR_LINE, detailsForLine, errorLine, sayOnStderr } from "../output/error-line.js";
import { requestedOutput } from "./settings.js";


/**
 * The exit code of a run that threw `err`, after saying why on stderr. `typed` is the root's
 * options as commander parsed them, -o and --profile (a refusal while parsing comes before the
 * settings are resolved).
 */
export function reportFailure(ctx: Context & { usageLine?: string; missingCommandOf?: string }, err: unknown, typed: { output?: unknown; profile?: unknown; jq?: unknown; color?: unknown } = {}): number {
  const io = ctx.io;
  // -o as typed, else MIDS_OUTPUT, else the config's output: a job that sets the variable once, or
  // stores 'output json', asks for the JSON error object as the flag does, also for a flag refused
  // while parsing (before, the stored setting gave only the plain lines)
  const outputFlag = requestedOutput(typed, io.env);
  if (err instanceof CommanderError) {
    // a group run without its command (mids projects): its help is on stderr; a script's empty
    // variable (mids projects $CMD) is no success. Bare `mids` shows the help and exits 0.
    if (err.code === "commander.help" && err.exitCode !== 0 && ctx.missingCommandOf) {
      const message = `'mids ${ctx.missingCommandOf}' needs a command (listed above)`;
      const line = `mids: ${message}\n`;
      io.stderr.write(typed.color !== false && colorWanted(io.env, io.stderrIsTTY) ? paintError(line) : line);
      if (outputFlag === "json" || outputFlag === "ndjson") io.stderr.write(JSON.stringify({ error: { code: "usage", message, status: null, details: null } }) + "\n");
      return EXIT.usage;
    }
    if (err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.code === "commander.help") return EXIT.ok;
    if (err.code === "commander.executeSubCommandAsync") return EXIT.ok;
    if (err.exitCode === 0) return EXIT.ok;
    // commander printed the line; scripts asking for -o json/ndjson also get the JSON object
    if (outputFlag === "json" || outputFlag === "ndjson") {
      const message = oneLine(redact(ctx.usageLine ?? err.message.replace(/^error: /, ""), [ctx.globals.apiKey]));
      io.stderr.write(JSON.stringify({ error: { code: "usage", message, status: null, details: null } }) + "\n");
    }
    return EXIT.usage;
  }
  if (ctx.signal.aborted && ctx.signal.reason === STDOUT_CLOSED) {
    // the reader went away (`| head`): the work it stopped ends quietly; a failure the run had
    // already reached (findings, a server error) keeps its exit code and says so on stderr
    if (!(err instanceof MidsError) || err.exitCode === EXIT.interrupted || err.exitCode === EXIT.bug) return EXIT.ok;
    return reportError(ctx, err);
  }
  if (ctx.signal.aborted && !ctx.settled) {
    // an interrupted --all says how far it got and where to continue
    if (err instanceof MidsError && err.exitCode === EXIT.interrupted) return reportError(ctx, err);
    io.stderr.write("mids: interrupted\n");
    return EXIT.interrupted;
  }
  // a bad enum value is refused while commander parses, before preAction: -o json still holds
  if (!ctx.globals.outputExplicit && (outputFlag === "json" || outputFlag === "ndjson")) Object.assign(ctx.globals, { output: outputFlag, outputExplicit: true });
  return reportError(ctx, err);
}

/** An error's `mids:` and `hint:` lines as a terminal shows them: the prefixes red and cyan. */
export function paintError(text: string): string {
  return text.replace(/^mids:/, "\u001b[1;31mmids:\u001b[0m").replace(/^hint:/m, "\u001b[36mhint:\u001b[0m");
}

/** Print an error: one line, a hint, JSON on stderr for json/ndjson output. Returns the exit code. */
export function reportError(ctx: Context, thrown: unknown): number {
  const err = explainRejectedKey(thrown, ctx.globals, ctx.io.env);
  const code = exitCodeFor(err);
  const io = ctx.io;
  const secrets = [ctx.globals.apiKey];
  if (err instanceof CommanderError) return code; // commander already printed it
  // error messages may quote the server: one line, no control sequences, no key, cut
  const message = errorLine(err, secrets);
  // on a terminal the error stands out (red) and its hint is set apart (cyan); NO_COLOR, --no-color: plain
  if (err instanceof MidsError) {
    sayOnStderr(ctx, "mids:", "1;31", message);
    if (err.hint) sayOnStderr(ctx, "hint:", "36", clipMiddle(oneLine(redactOwnWords(redact(err.hint, secrets))), MAX_ERROR_LINE));
    if (ctx.globals.outputExplicit && ctx.globals.jq === undefined && (ctx.globals.output === "json" || ctx.globals.output === "ndjson")) {
      // details may quote the server: C1 controls are escaped, as in every JSON output
      // details too: the key nowhere, and in a server's words whatever the secret rules call a secret
      const details = err.details === undefined ? null : detailsForLine(err instanceof ApiError ? redactServerDetails(redactDeep(err.details, secrets)) : redactDeep(err.details, secrets));
      io.stderr.write(escapeC1Json(JSON.stringify({ error: { code: err.code, message, status: err.status ?? null, details } })) + "\n");
    }
  } else {
    io.stderr.write(`mids: unexpected error: ${message}\n`);
    io.stderr.write("hint: this is a bug; rerun with MIDS_DEBUG=1 and report the trace\n");
  }
  if (io.env.MIDS_DEBUG === "1" && err instanceof Error && err.stack) io.stderr.write(redact(err.stack, secrets) + "\n");
  return code;
}

