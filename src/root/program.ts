// The root command: the program, its global options and help layout, the checks that run before
// every command (settings, option placement, the pager), and every command registered under it.
import { wrapProse } from "../output/prose.js";
import { Command, Help, Option } from "commander";
import type { Context } from "../context.js";
import { API_VERSIONS } from "../contract/routes.js";
import { OUTPUT_FORMATS } from "../config.js";
import { UsageError } from "../errors.js";
import { COMMANDS } from "../commands/registry.js";
import { usageErrorText } from "../commands/shared/usage-hints.js";
import { VERSION } from "../version.js";
import { checkChoice, joinRepeated } from "../util/flag-values.js";
import { GLOBAL_HELP, HelpProseCommand, addHelpCommand, boxWrapRoutes, describeItem, formatHelp, helpWidth, terminalWidth } from "./help.js";
import { applySettings } from "./settings.js";
import { colorWanted, stderrWrapWidth } from "../io.js";
import { paintError } from "./report-error.js";

/** The options of the root command, which every command takes. */
function addGlobalOptions(cmd: Command): Command {
  return cmd
    .option("--base-url <url>", "API base URL (env MIDS_BASE_URL)")
    .option("--api-key <key>", "API key (env MIDS_API_KEY); sent as x-api-key")
    .option("--profile <name>", "use this profile's settings from 'mids config' (env MIDS_PROFILE)")
    .addOption(new Option("--api <version>", "API version for commands that have both").choices([...API_VERSIONS]))
    .addOption(new Option("-o, --output <format>", "output format (default: table on a TTY, json when piped)").choices([...OUTPUT_FORMATS]))
    .option("--fields <paths>", "comma-separated fields (dotted paths) for columns or keys", joinRepeated)
    .option("--jq <expr>", "filter the JSON result with jq (implies -o json): strings print raw, other values as JSON")
    .option("--csv-raw", "CSV: do not prefix ' to text cells a spreadsheet would run as formulas")
    .option("--no-color", "disable colour (also NO_COLOR)")
    .option("--no-relative", "tables on a terminal: exact times, not ages like '2h ago'")
    .option("--no-pager", "no pager for long output on a terminal (also MIDS_PAGER=; never in CI; default $PAGER, else less -FRX)")
    .option("-q, --quiet", "no notices or warnings on stderr")
    .option("--verbose", "trace requests and responses on stderr (key redacted)")
    .option("--timeout <duration>", "request timeout: seconds or 1500ms, 2s, 1m (default 30s)")
    .option("--max-retries <n>", "retries for idempotent requests on 429/5xx/resets (default 3)")
    .option("--insecure", "allow sending the key over plain http to a non-loopback host")
    .option("--max-body-size <size>", "cap on one response body: bytes or 512KB, 64MB, 1GB (default 64MB; env MIDS_MAX_BODY_SIZE)")
    .option("--max-pages <n>", "--all and api --paginate stop after this many pages (default 1000; env MIDS_MAX_PAGES)")
    .option("--sandbox", "run against the bundled sandbox server, started in-process with a demo key");
}

/**
 * The top-level command a command line names (`migrate` in `mids -o json migrate scan .`), read
 * with the root's own options; undefined when it names none, or one that reads the whole tree
 * (completion), or the line does not parse (then every command is registered, and the program
 * says what is wrong).
 */
export function commandWord(argv: readonly string[]): string | undefined {
  const probe = addGlobalOptions(new Command("mids")).exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  let word: string | undefined;
  try {
    word = probe.parseOptions([...argv]).operands[0];
  } catch {
    return undefined;
  }
  return COMMANDS.some((c) => c.name === word && !c.needsAll) ? word : undefined;
}

/** The program: the root's options and help, and under it the command `only` names, else every command. */
export function buildProgram(ctx: Context & { help?: string; usageLine?: string; missingCommandOf?: string }, only?: string): Command {
  // commander's refusals in the house style; the line is kept for the -o json error object
  const refusal = (c: Command, s: string) => {
    const line = usageErrorText(c, s);
    ctx.usageLine = line.split("\n")[0].replace(/^mids: /, "");
    // on a terminal each line wraps at word boundaries under a two-space indent (as reportError's)
    const width = stderrWrapWidth(ctx.io);
    const text = line.split("\n").flatMap((l) => (l ? wrapProse(l, width, 2) : [l])).join("\n");
    // painted as every other error on a terminal (report-error.ts): red mids:, cyan hint:
    return program.opts().color !== false && colorWanted(ctx.io.env, ctx.io.stderrIsTTY) ? paintError(text) : text;
  };
  // hand-written help is fitted to the terminal as the lists are (COLUMNS when piped)
  const program = addGlobalOptions(new HelpProseCommand("mids", () => terminalWidth(ctx.io))
    .description("Command-line tool for the Market Intelligence Data Service API (v3, and deprecated v2)")
    .version(VERSION, "-V, --version", "print the version"))
    .addHelpText("after", GLOBAL_HELP)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      // help is held and printed at the end, through the pager on a terminal (main)
      writeOut: (s) => void (ctx.help = (ctx.help ?? "") + s),
      writeErr: (s) => void ctx.io.stderr.write(s),
      outputError: (s, write) => write(refusal(program, s)),
      // wrap help to the terminal (COLUMNS when piped); subcommands inherit this
      getOutHelpWidth: () => helpWidth(ctx.io),
      getErrHelpWidth: () => helpWidth(ctx.io),
    })
    // subcommand help lists the global flags too; wrap even beside long command names
    .configureHelp({
      minWidthToWrap: 20,
      formatHelp: (cmd, helper) => formatHelp(cmd, helper),
      optionDescription: describeItem,
      argumentDescription: describeItem,
      // (a method: commander calls it as helper.boxWrap)
      boxWrap(str: string, width: number) { return boxWrapRoutes(this as Help, str, width, (t, w) => Help.prototype.boxWrap.call(this, t, w)); },
      // command lists show each command's arguments, not "[options]": the column stays narrow
      subcommandTerm: (c) => [c.name(), ...c.registeredArguments.map((a) => {
        const n = a.name() + (a.variadic ? "..." : "");
        return a.required ? `<${n}>` : `[${n}]`;
      })].join(" "),
    })
    .helpCommand(false);
  program.hook("preAction", async (_this, action) => {
    // `mids help` prints help only: no config or credentials to resolve
    if (action.parent === program && action.name() === "help") return;
    rejectParentOptions(action);
    const o = action.optsWithGlobals();
    const path = commandPath(action);
    // notices name the command the user ran (`projects list`), not the API path behind it
    ctx.globals.invocation = { command: path, apiFlag: o.api === "v2" };
    applySettings(ctx, o, path);
    ctx.globals.resource = resourceName(action);
    // long reports on a terminal go through the pager (loaded only then)
    if (PAGED.has(path) && ctx.io.stdoutIsTTY && ctx.io.canPage) {
      const { pagerCommand, startPager } = await import("../output/pager.js");
      const argv = pagerCommand(ctx.io, o.pager !== false);
      if (argv) {
        const pager = startPager(argv, ctx.io, ctx.io.stdout, ctx.io.stderr);
        ctx.io.stdout = pager.stdout;
        ctx.io.stderr = pager.stderr;
        ctx.onClose(() => pager.close());
      }
    }
  });
  // a run registers only the command it names: the others' options and help cost start-up time
  for (const c of COMMANDS) if (only === undefined || c.name === only) c.register(program, ctx);
  addHelpCommand(program);
  // every subcommand shares the root's error handling
  const walk = (c: Command) => {
    c.exitOverride();
    const root = program.configureOutput();
    c.configureOutput({
      ...root, outputError: (s, write) => write(refusal(c, s)),
      // a command that only groups others, run without one (mids projects): commander writes its
      // help here and throws; the run is then a usage error (exit 2), not a success
      ...(c.commands.length ? { writeErr: (s: string) => { ctx.missingCommandOf = commandPath(c); root.writeErr!(s); } } : {}),
    });
    c.showSuggestionAfterError(true);
    c.commands.forEach(walk);
  };
  program.commands.forEach(walk);
  return program;
}

/**
 * Options belong to the command that declares them and (for the root's) to every command. Commander
 * hands an option written after a subcommand to the parent that declares it (`migrate scan --to
 * curl` sets migrate's --to): one the subcommand declares too goes back to it; any other is exit 2.
 */
function rejectParentOptions(action: Command): void {
  for (let c = action.parent; c && c.parent; c = c.parent) {
    for (const o of c.options) {
      const key = o.attributeName();
      if (c.getOptionValueSource(key) !== "cli") continue;
      const own = action.options.find((x) => x.long === o.long);
      if (own) {
        if (action.getOptionValueSource(own.attributeName()) !== "cli") {
          // checked by the subcommand's own rules (its choices differ: verify's verdicts, scan's statuses)
          let value = c.getOptionValue(key);
          if (typeof value === "string" && own.parseArg) {
            try {
              value = own.parseArg(value, undefined);
            } catch (e) {
              // the subcommand's own check names the flag already
              throw e instanceof UsageError ? e : new UsageError(`${own.long}: ${(e as Error).message}`);
            }
          } else if (typeof value === "string" && own.argChoices) {
            checkChoice(own.long ?? own.flags, value, own.argChoices);
          }
          action.setOptionValueWithSource(own.attributeName(), value, "cli");
        }
        continue;
      }
      const path = commandPath(action);
      throw new UsageError(`${o.long ?? o.flags} does not apply to 'mids ${path}' (it is an option of 'mids ${commandPath(c)}')`, {
        hint: `drop it, or run 'mids ${path} --help' for the options that apply`,
      });
    }
  }
}

/** Commands whose output is long (a report, the v2 -> v3 map): paged on a terminal. */
const PAGED: ReadonlySet<string> = new Set(["migrate explain", "migrate scan"]);

function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c && c.parent; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** What a command lists, in words, where the command's own name does not say it. */
const RESOURCE_NAMES: Record<string, string> = {
  "projects related": "related projects", "grounding history": "grounding entries", "intel list": "intel items",
  "vocabulary": "vocabulary entries", "alerts destinations": "alert destinations", "series": "points",
  "sandbox keys": "sandbox keys", "recipes list": "recipes", "grounding": "grounding topics",
  // one resource (a --fields warning names it): the singular, never the verb
  "projects get": "project", "intel get": "intel item", "topics get": "topic", "topics report": "report",
  "reports get": "report", "alerts get": "alert", "alerts pause": "alerts", "alerts resume": "alerts",
  "alerts update": "alert", "recipes get": "recipe", "recipes execute": "recipe result", "me": "credential",
  "config list": "settings", "projects metrics": "metrics", "doctor": "checks",
};

/** `projects list` -> projects, `projects candles` -> candles, `projects related` -> related projects. */
export function resourceName(action: Command): string {
  const path: string[] = [];
  for (let c: Command | null = action; c && c.parent; c = c.parent) path.unshift(c.name());
  const known = RESOURCE_NAMES[path.slice(0, 2).join(" ")] ?? RESOURCE_NAMES[path[0]];
  if (known) return known;
  return path.length > 1 && path[path.length - 1] !== "list" ? path[path.length - 1] : path[0] ?? "results";
}

