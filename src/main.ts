// Builds the commander program and runs it. Returns an exit code; bin/mids owns process.exit.
import { Command, CommanderError, Option, type Help } from "commander";
import type { Context, GlobalOptions, OutputFormat } from "./context.js";
import { API_VERSIONS, type ApiVersion } from "./contract/routes.js";
import { OUTPUT_FORMATS } from "./context.js";
import { processIO, colorWanted, writeAsync, type IO } from "./io.js";
import { ApiError, EXIT, EXIT_SUMMARY, MidsError, UsageError, exitCodeFor } from "./errors.js";
import {
  DEFAULT_PROFILE, SETTINGS, checkApiKey, configPath, layeredConfig, parseSetting, readConfigFile, settingFix, settingLabel, sourceText, stateDir,
  type Config, type ConfigFile, type ConfigKey, type SettingSource,
} from "./config.js";
import { parseFields } from "./output/fields.js";
import { DEFAULT_MAX_BODY_BYTES } from "./client/body.js";
import { DEFAULT_MAX_PAGES } from "./client/paginate.js";
import { waitNotifier } from "./client/wait.js";
import { redact } from "./client/request.js";
import { redactText } from "./contract/secrets.js";
import { escapeC1Json, oneLine, stripControl } from "./output/sanitize.js";
import type { Client } from "./client/client.js";
import { COMMANDS } from "./commands/registry.js";
import { usageErrorText } from "./commands/shared/usage-hints.js";
import { explainRejectedKey } from "./keyerror.js";
import { VERSION } from "./version.js";
import { makeScreen, type OnExit } from "./output/screen.js";

export interface MainOptions {
  io?: IO;
  signal?: AbortSignal;
  now?: () => Date;
  /** bin/mids: run `fn` before process.exit (erase the status line); returns its removal */
  onExit?: OnExit;
}

/** Words joined into lines of at most `width` characters, each after `indent`. */
export function wrapWords(text: string, width: number, indent = ""): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.join("\n");
}

export const GLOBAL_HELP = `
Examples:
  $ mids --sandbox projects list      # offline, against the bundled sandbox
  $ mids projects list --min-trend 50 -o json
  $ mids me
  $ mids api /v3/topics

Environment:
  MIDS_API_KEY, MIDS_BASE_URL   credentials and API address
                                (flags win, then env, then the profile, then the
                                default profile in 'mids config')
  MIDS_PROFILE                  the config profile to use (like --profile)
  MIDS_OUTPUT, MIDS_API, MIDS_TIMEOUT, MIDS_MAX_RETRIES, MIDS_MAX_BODY_SIZE,
  MIDS_MAX_PAGES                the other settings, in that order of precedence
  NO_COLOR, FORCE_COLOR         colour control; MIDS_DEBUG=1 prints stack traces

Exit codes:
${wrapWords(Object.entries(EXIT_SUMMARY).map(([code, what]) => `${code} ${what}`).join(", "), 78, "  ")}`;

export function buildProgram(ctx: Context & { help?: string; usageLine?: string }): Command {
  // commander's refusals in the house style; the line is kept for the -o json error object
  const refusal = (c: Command, s: string) => {
    const text = usageErrorText(c, s);
    ctx.usageLine = text.split("\n")[0].replace(/^mids: /, "");
    return text;
  };
  const program = new Command("mids")
    .description("Command-line tool for the Market Intelligence Data Service API (v3, and deprecated v2)")
    .version(VERSION, "-V, --version", "print the version")
    .option("--base-url <url>", "API base URL (env MIDS_BASE_URL)")
    .option("--api-key <key>", "API key (env MIDS_API_KEY); sent as x-api-key")
    .option("--profile <name>", "use this profile's settings from 'mids config' (env MIDS_PROFILE)")
    .addOption(new Option("--api <version>", "API version for commands that have both").choices([...API_VERSIONS]))
    .addOption(new Option("-o, --output <format>", "output format (default: table on a TTY, json when piped)").choices([...OUTPUT_FORMATS]))
    .option("--fields <paths>", "comma-separated fields (dotted paths) for columns or keys")
    .option("--jq <expr>", "filter the JSON result with jq (implies -o json): strings print raw, other values as JSON")
    .option("--csv-raw", "CSV: do not prefix ' to text cells a spreadsheet would run as formulas")
    .option("--no-color", "disable colour (also NO_COLOR)")
    .option("--no-relative", "tables on a terminal: exact times, not ages like '2h ago'")
    .option("--no-pager", "no pager for long output on a terminal (also MIDS_PAGER=; default $PAGER, else less -FRX)")
    .option("-q, --quiet", "no notices or warnings on stderr")
    .option("--verbose", "trace requests and responses on stderr (key redacted)")
    .option("--timeout <duration>", "request timeout: seconds or 1500ms, 2s, 1m (default 30s)")
    .option("--max-retries <n>", "retries for idempotent requests on 429/5xx/resets (default 3)")
    .option("--insecure", "allow sending the key over plain http to a non-loopback host")
    .option("--max-body-size <size>", "cap on one response body: bytes or 512KB, 64MB, 1GB (default 64MB; env MIDS_MAX_BODY_SIZE)")
    .option("--max-pages <n>", "--all and api --paginate stop after this many pages (default 1000; env MIDS_MAX_PAGES)")
    .option("--sandbox", "run against the bundled sandbox server, started in-process with a demo key")
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
    // -o from the flag before anything can fail, so a config error still honours -o json
    Object.assign(ctx.globals, resolveOutput(o, ctx.io, {}));
    const path = commandPath(action);
    // notices name the command the user ran (`projects list`), not the API path behind it
    ctx.globals.invocation = { command: path, apiFlag: o.api === "v2" };
    const profile = selectedProfile(o, ctx.io);
    const resolve = (file: ConfigFile, selected: string | undefined) => {
      const { cfg, from } = layeredConfig(file, selected);
      // the output format first, so an error in another setting still honours -o json
      Object.assign(ctx.globals, resolveOutput(o, ctx.io, cfg, from, profile));
      Object.assign(ctx.globals, resolveGlobals(o, ctx.io, cfg, from, profile), { profile });
    };
    try {
      const file = loadConfig(ctx.io);
      // 'config set --profile NEW' creates the profile: it need not exist yet
      const creating = (path === "config set" || path === "config unset") && profile !== undefined && !Object.hasOwn(file.profiles, profile);
      resolve(file, creating ? undefined : profile);
    } catch (e) {
      if (!(e instanceof MidsError) || !CONFIG_TOLERANT.has(path)) throw e;
      // without the config file: an error that remains is the flags' or the environment's
      resolve({ settings: {}, profiles: {} }, undefined);
      ctx.globals.configError = e;
    }
    ctx.globals.resource = resourceName(action);
    // long reports on a terminal go through the pager (loaded only then)
    if (PAGED.has(path) && ctx.io.stdoutIsTTY && ctx.io.canPage) {
      const { pagerCommand, startPager } = await import("./output/pager.js");
      const argv = pagerCommand(ctx.io, o.pager !== false);
      if (argv) {
        const pager = startPager(argv, ctx.io, ctx.io.stdout);
        ctx.io.stdout = pager.stdout;
        ctx.onClose(() => pager.close());
      }
    }
  });
  for (const reg of COMMANDS) reg(program, ctx);
  addHelpCommand(program);
  // every subcommand shares the root's error handling
  const walk = (c: Command) => {
    c.exitOverride();
    c.configureOutput({ ...program.configureOutput(), outputError: (s, write) => write(refusal(c, s)) });
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
          } else if (typeof value === "string" && own.argChoices && !own.argChoices.includes(value)) {
            throw new UsageError(`${own.long} must be one of ${own.argChoices.join(", ")} (got '${value}')`);
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

/** The help layout (as gh): usage, description, commands, the command's own options, then the inherited ones, short. */
function formatHelp(cmd: Command, helper: Help): string {
  const width = helper.helpWidth ?? 80;
  const args = helper.visibleArguments(cmd);
  const commands = helper.visibleCommands(cmd);
  const own = helper.visibleOptions(cmd);
  const termWidth = Math.max(0, ...args.map((a) => helper.displayWidth(helper.argumentTerm(a))),
    ...commands.map((c) => helper.displayWidth(helper.subcommandTerm(c))), ...own.map((o) => helper.displayWidth(helper.optionTerm(o))));
  const item = (term: string, description: string) => helper.formatItem(term, termWidth, description, helper);
  let out = [`Usage: ${helper.commandUsage(cmd)}`, ""];
  const description = helper.commandDescription(cmd);
  if (description) out.push(helper.boxWrap(description, width), "");
  out = out.concat(helper.formatItemList("Arguments:", args.map((a) => item(helper.argumentTerm(a), helper.argumentDescription(a))), helper));
  out = out.concat(helper.formatItemList("Commands:", commands.map((c) => item(helper.subcommandTerm(c), helper.subcommandDescription(c))), helper));
  out = out.concat(helper.formatItemList("Options:", own.map((o) => item(helper.optionTerm(o), helper.optionDescription(o))), helper));
  // the root's options apply everywhere: named, not explained again (an intermediate parent's do not apply)
  let root = cmd;
  while (root.parent) root = root.parent;
  if (root !== cmd) {
    const inherited = root.options.filter((o) => !o.hidden && o.long !== "--version" && o.long !== "--help" && !own.some((x) => x.long === o.long)).map((o) => o.flags);
    const lines: string[] = [];
    let line = "";
    for (const t of inherited) {
      if (line && 2 + line.length + 3 + t.length > width) (lines.push(`  ${line}`), (line = t));
      else line = line ? `${line}   ${t}` : t;
    }
    if (line) lines.push(`  ${line}`);
    out.push("Global options (what they do: 'mids --help'):", ...lines, "");
  }
  return out.join("\n");
}

function helpWidth(io: IO): number {
  const cols = io.columns || Number(io.env.COLUMNS) || 80;
  return Math.max(40, Math.min(cols, 200));
}

/** `mids help [command...]`: the help of any command path; an unknown name is exit 2. */
function addHelpCommand(program: Command): void {
  program.command("help").description("display help for a command, e.g. 'mids help projects list'")
    .argument("[command...]", "a command path")
    .addHelpText("after", "\nExamples:\n  $ mids help\n  $ mids help projects list")
    .action((names: string[]) => {
      let cmd = program;
      for (const [i, name] of names.entries()) {
        const next = cmd.commands.find((c) => c.name() === name || c.aliases().includes(name));
        if (!next) {
          const where = ["mids", ...names.slice(0, i)].join(" ");
          throw new UsageError(`unknown command '${names.slice(0, i + 1).join(" ")}'`, { hint: `run '${where} --help' for the commands` });
        }
        cmd = next;
      }
      cmd.outputHelp();
    });
}

/** Commands whose output is long (a report, the v2 -> v3 map): paged on a terminal. */
const PAGED = new Set(["migrate explain", "migrate scan"]);

/** Help (held while commander writes it): through the pager on a terminal, else as it is. */
async function printHelp(ctx: MainContext, argv: string[]): Promise<void> {
  const text = ctx.help;
  if (!text) return;
  ctx.help = undefined;
  const env = ctx.io.env;
  const wanted = ctx.io.stdoutIsTTY && ctx.io.canPage && !argv.includes("--no-pager") && env.MIDS_PAGER !== "";
  if (!wanted) return void (await writeAsync(ctx.io.stdout, text));
  const { pagerCommand, startPager } = await import("./output/pager.js");
  const cmd = pagerCommand(ctx.io, true);
  if (!cmd) return void (await writeAsync(ctx.io.stdout, text));
  const pager = startPager(cmd, ctx.io, ctx.io.stdout);
  pager.stdout.write(text);
  await pager.close();
}

/**
 * Commands that still run when the config file is refused, broken, names no such profile or holds
 * a bad value: doctor reports it as its failing 'config' check; 'config set|unset' can repair a bad
 * value (they re-read the file, so a refused one stays refused); the rest use no setting.
 */
const CONFIG_TOLERANT = new Set(["doctor", "config set", "config unset", "config path", "completion", "sandbox serve", "sandbox keys", "sandbox reset"]);

function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c && c.parent; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** The config file, read once per run: keyed by the run's IO, so a second main() in one process (runMain in tests, an embedder) reads its own config, not the first run's. */
const configOfRun = new WeakMap<IO, ConfigFile>();
function loadConfig(io: IO): ConfigFile {
  let cfg = configOfRun.get(io);
  if (!cfg) configOfRun.set(io, (cfg = readConfigFile(io.env)));
  return cfg;
}

/** --profile, else MIDS_PROFILE; "" is a mistake, not "no profile". */
function selectedProfile(o: Record<string, unknown>, io: IO): string | undefined {
  if (o.profile === "") throw new UsageError("--profile must not be empty");
  const p = typeof o.profile === "string" ? o.profile : io.env.MIDS_PROFILE || undefined;
  return p;
}

/** A setting's value and where it came from: flag > environment > selected profile > default profile. */
function settingSource(key: ConfigKey, flag: unknown, env: Record<string, string | undefined>, cfg: Config, from: Partial<Record<ConfigKey, SettingSource>>): { value: string; source: SettingSource } | undefined {
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  const { flag: flagName, env: envName } = SETTINGS[key];
  if (str(flag)) return { value: str(flag)!, source: { kind: "flag", name: flagName } };
  if (str(env[envName])) return { value: str(env[envName])!, source: { kind: "env", name: envName } };
  if (str(cfg[key])) return { value: str(cfg[key])!, source: from[key] ?? { kind: "file" } };
  return undefined;
}

function requireJq(expr: string): string {
  if (expr.trim() === "") throw new UsageError("--jq must not be empty", { hint: "give a jq filter, e.g. --jq '.[].id'" });
  return expr;
}

function intOption(flag: string, v: string, min: number, max: number): number {
  if (!/^\d+$/.test(v.trim()) || Number(v) < min || Number(v) > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got '${v}')`);
  return Number(v);
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
  "config list": "settings", "projects metrics": "metrics",
};

/** `projects list` -> projects, `projects candles` -> candles, `projects related` -> related projects. */
export function resourceName(action: Command): string {
  const path: string[] = [];
  for (let c: Command | null = action; c && c.parent; c = c.parent) path.unshift(c.name());
  const known = RESOURCE_NAMES[path.slice(0, 2).join(" ")] ?? RESOURCE_NAMES[path[0]];
  if (known) return known;
  return path.length > 1 && path[path.length - 1] !== "list" ? path[path.length - 1] : path[0] ?? "results";
}

/** The value checked, an error naming its source (flag, variable, or key in the file) and the fix. */
function checkedSetting(key: ConfigKey, value: string, source: SettingSource, env: Record<string, string | undefined>, profile?: string): unknown {
  try {
    return parseSetting(key, value, settingLabel(key, source, configPath(env)));
  } catch (e) {
    const hint = settingFix(key, source, profile);
    if (e instanceof UsageError && hint && !e.hint) throw new UsageError(e.message, { hint });
    throw e;
  }
}

/** -o (or MIDS_OUTPUT, or the config's output): explicit, else table on a TTY and json when piped. */
export function resolveOutput(o: Record<string, unknown>, io: IO, cfg: Config, from: Partial<Record<ConfigKey, SettingSource>> = {}, profile?: string): Pick<GlobalOptions, "output" | "outputExplicit"> {
  if (typeof o.jq === "string") {
    // as gh: --jq works on JSON; an explicit other format is a contradiction, not a preference
    if (typeof o.output === "string" && o.output !== "json" && o.output !== "ndjson") {
      throw new UsageError(`--jq filters JSON and cannot be combined with -o ${o.output}`, { hint: "drop -o (--jq implies -o json), or drop --jq" });
    }
    return { output: "json", outputExplicit: true };
  }
  const s = settingSource("output", o.output, io.env, cfg, from);
  if (s) checkedSetting("output", s.value, s.source, io.env, profile);
  return { output: (s?.value as OutputFormat | undefined) ?? (io.stdoutIsTTY ? "table" : "json"), outputExplicit: s !== undefined };
}

export function resolveGlobals(o: Record<string, unknown>, io: IO, cfg: Config, from: Partial<Record<ConfigKey, SettingSource>> = {}, profile?: string): GlobalOptions {
  const env = io.env;
  // an explicitly empty flag is a mistake, not "use the default"
  for (const [key, flag] of [["baseUrl", "--base-url"], ["apiKey", "--api-key"], ["timeout", "--timeout"], ["maxRetries", "--max-retries"], ["fields", "--fields"], ["maxBodySize", "--max-body-size"], ["maxPages", "--max-pages"]] as const) {
    if (o[key] === "") throw new UsageError(`${flag} must not be empty`);
  }
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  if (o.sandbox && str(o.baseUrl)) {
    throw new UsageError("--sandbox and --base-url cannot be used together", { hint: "--sandbox starts its own server; drop one of them" });
  }
  const sources: Partial<Record<ConfigKey, SettingSource>> = {};
  const flags: Record<ConfigKey, unknown> = {
    "base-url": o.baseUrl, "api-key": o.apiKey, output: o.output, api: o.api, timeout: o.timeout,
    "max-retries": o.maxRetries, "max-body-size": o.maxBodySize, "max-pages": o.maxPages,
  };
  // flag > environment > selected profile > default profile (config file) > default
  const pick = (key: ConfigKey) => {
    const s = settingSource(key, flags[key], env, cfg, from);
    sources[key] = s?.source ?? { kind: "default" };
    return s;
  };
  const value = <T>(key: ConfigKey, fallback: T): T => {
    const s = pick(key);
    return s ? (checkedSetting(key, s.value, s.source, env, profile) as T) : fallback;
  };
  const { output, outputExplicit } = resolveOutput(o, io, cfg, from, profile);
  pick("output");
  const api = value<ApiVersion>("api", "v3");
  const timeoutMs = value("timeout", 30_000);
  const maxRetries = value("max-retries", 3);
  const maxBodyBytes = value("max-body-size", DEFAULT_MAX_BODY_BYTES);
  const maxPages = value("max-pages", DEFAULT_MAX_PAGES);
  let baseUrl: string | undefined;
  let apiKey: string | undefined;
  if (o.sandbox) {
    // --sandbox brings its own server and demo key: only --api-key overrides the key, never the env or a profile
    sources["base-url"] = { kind: "sandbox" };
    // blanks around a key (a secret pasted with its newline) are dropped; the rest is checked when it is sent
    apiKey = str(o.apiKey)?.trim();
    sources["api-key"] = apiKey ? { kind: "flag", name: "--api-key" } : { kind: "sandbox" };
  } else {
    baseUrl = pick("base-url")?.value;
    const k = pick("api-key");
    apiKey = k?.value.trim();
  }
  return {
    baseUrl,
    apiKey,
    api,
    output,
    outputExplicit,
    fields: parseFields(str(o.fields)),
    jq: typeof o.jq === "string" ? requireJq(o.jq) : undefined,
    csvRaw: !!o.csvRaw,
    color: o.color !== false && colorWanted(env, io.stdoutIsTTY),
    relative: o.relative !== false,
    colorStderr: o.color !== false && colorWanted(env, io.stderrIsTTY),
    quiet: !!o.quiet,
    verbose: !!o.verbose,
    timeoutMs,
    maxRetries,
    insecure: !!o.insecure,
    maxBodyBytes,
    maxPages,
    sandbox: !!o.sandbox,
    sources,
  };
}

/**
 * A key with blanks, control or non-ASCII characters inside is refused before it is sent, naming
 * its source, rather than failing as a bad header. Only commands that send it check it.
 */
function checkedKey(key: string, source: SettingSource | undefined, profile?: string): string {
  try {
    checkApiKey(key);
  } catch (e) {
    const fix = source?.kind === "flag" ? "check the key passed to --api-key" : source?.kind === "env" ? `fix or unset ${source.name}` : `run 'mids config set ${source?.kind === "profile" ? `--profile ${source.name} ` : profile && profile !== DEFAULT_PROFILE ? `--profile ${DEFAULT_PROFILE} ` : ""}api-key -'`;
    throw new UsageError((e as Error).message.replace(/^the API key/, `the API key (from ${sourceText(source)})`), { hint: fix });
  }
  return key;
}

/** The context main() builds: a Context, the help text commander wrote (printed at the end), close(). */
type MainContext = Context & { close(): Promise<void>; help?: string; usageLine?: string };

export function createContext(io: IO, signal: AbortSignal, now: () => Date, onExit?: OnExit): MainContext {
  const seen = new Set<string>();
  const closers: (() => Promise<void> | void)[] = [];
  let client: Promise<Client> | undefined;
  const globals: GlobalOptions = {
    api: "v3", output: io.stdoutIsTTY ? "table" : "json", outputExplicit: false, color: false, quiet: false,
    verbose: false, timeoutMs: 30_000, maxRetries: 3, insecure: false, sandbox: false, sources: {},
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES, maxPages: DEFAULT_MAX_PAGES,
  };
  const say = (prefix: string) => (message: string, key?: string) => {
    if (globals.quiet) return;
    const k = key ?? message;
    if (seen.has(k)) return;
    seen.add(k);
    // notices may quote server text: never let it drive the terminal
    io.stderr.write(`${prefix}${oneLine(message)}\n`);
  };
  const ctx: MainContext = {
    io,
    globals,
    signal,
    now,
    notice: say("mids: notice: "),
    warn: say("mids: warning: "),
    onClose: (fn) => void closers.push(fn),
    screen: makeScreen(io, onExit),
    client: () => (client ??= makeClient(ctx)),
    close: async () => {
      for (const fn of closers.reverse()) await fn();
    },
  };
  return ctx;
}

async function makeClient(ctx: Context): Promise<Client> {
  const g = ctx.globals;
  let baseUrl = g.baseUrl;
  let apiKey = g.apiKey;
  if (g.sandbox) {
    const { startSandbox, SANDBOX_DEMO_KEY } = await import("./sandbox/index.js");
    const { join } = await import("node:path");
    const sb = await startSandbox({ port: 0, host: "127.0.0.1", stateFile: join(stateDir(ctx.io.env), "sandbox-state.json"), quiet: true });
    ctx.onClose(() => sb.close());
    baseUrl = sb.url;
    apiKey = g.apiKey ?? SANDBOX_DEMO_KEY;
  }
  if (apiKey) checkedKey(apiKey, g.sources?.["api-key"], g.profile);
  if (!baseUrl) {
    throw new UsageError("no API base URL is set", {
      hint: "pass --base-url, set MIDS_BASE_URL, or run 'mids config set base-url URL' (or try --sandbox)",
    });
  }
  const { Client } = await import("./client/client.js");
  const client = new Client({
    baseUrl,
    apiKey,
    timeoutMs: g.timeoutMs,
    maxRetries: g.maxRetries,
    insecure: g.insecure,
    verbose: g.verbose,
    maxBodyBytes: g.maxBodyBytes,
    connections: g.connections,
    onWait: waitNotifier(ctx.io.stderr, { tty: ctx.io.stderrIsTTY && !ctx.io.env.CI, quiet: g.quiet, screen: ctx.screen }),
    userAgent: `mids/${VERSION} node/${process.versions.node}`,
    invocation: g.invocation,
    signal: ctx.signal,
    now: ctx.now,
    // traces quote response headers (server text): never let them drive the terminal
    trace: (line) => ctx.io.stderr.write(stripControl(line) + "\n"),
    notice: (m, k) => ctx.notice(m, k),
  });
  ctx.onClose(() => client.close());
  return client;
}

/** Print an error: one line, a hint, JSON on stderr for json/ndjson output. Returns the exit code. */
export function reportError(ctx: Context, thrown: unknown): number {
  const err = explainRejectedKey(thrown, ctx.globals);
  const code = exitCodeFor(err);
  const io = ctx.io;
  const secrets = [ctx.globals.apiKey];
  if (err instanceof CommanderError) return code; // commander already printed it
  // error messages may quote the server: one line, no control sequences, no key
  // the configured key; in a server's words also anything the secret rules call a secret (a token
  // typed into a path and echoed back). Not in mids' own words: cursors look like tokens to them.
  const raw = redact(err instanceof Error ? err.message : String(err), secrets);
  const message = oneLine(err instanceof ApiError ? redactText(raw) : raw);
  // on a terminal the error stands out (red) and its hint is set apart (cyan); NO_COLOR, --no-color: plain
  const paint = (code: string, s: string) => (ctx.globals.colorStderr ? `\u001b[${code}m${s}\u001b[0m` : s);
  if (err instanceof MidsError) {
    io.stderr.write(`${paint("1;31", "mids:")} ${message}\n`);
    if (err.hint) io.stderr.write(`${paint("36", "hint:")} ${oneLine(redact(err.hint, secrets))}\n`);
    if (ctx.globals.outputExplicit && ctx.globals.jq === undefined && (ctx.globals.output === "json" || ctx.globals.output === "ndjson")) {
      // details may quote the server: C1 controls are escaped, as in every JSON output
      io.stderr.write(escapeC1Json(JSON.stringify({ error: { code: err.code, message, status: err.status ?? null, details: err.details ?? null } })) + "\n");
    }
  } else {
    io.stderr.write(`mids: unexpected error: ${message}\n`);
    io.stderr.write("hint: this is a bug; rerun with MIDS_DEBUG=1 and report the trace\n");
  }
  if (io.env.MIDS_DEBUG === "1" && err instanceof Error && err.stack) io.stderr.write(redact(err.stack, secrets) + "\n");
  return code;
}

export async function main(argv: string[], opts: MainOptions = {}): Promise<number> {
  const io = opts.io ?? processIO();
  const signal = opts.signal ?? new AbortController().signal;
  const ctx = createContext(io, signal, opts.now ?? (() => new Date()), opts.onExit);
  let program: Command | undefined;
  try {
    program = buildProgram(ctx);
    await program.parseAsync(argv, { from: "user" });
    if (ctx.globals.jq !== undefined && !ctx.globals.jqApplied) ctx.warn("--jq was not applied: this command prints no JSON result through the JSON printer");
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.code === "commander.help") return EXIT.ok;
      if (err.code === "commander.executeSubCommandAsync") return EXIT.ok;
      if (err.exitCode === 0) return EXIT.ok;
      // commander printed the line; scripts asking for -o json/ndjson also get the JSON object
      const out = program?.opts().output;
      if (out === "json" || out === "ndjson") {
        const message = oneLine(redact(ctx.usageLine ?? err.message.replace(/^error: /, ""), [ctx.globals.apiKey]));
        io.stderr.write(JSON.stringify({ error: { code: "usage", message, status: null, details: null } }) + "\n");
      }
      return EXIT.usage;
    }
    if (signal.aborted) {
      // an interrupted --all says how far it got and where to continue
      if (err instanceof MidsError && err.exitCode === EXIT.interrupted) return reportError(ctx, err);
      io.stderr.write("mids: interrupted\n");
      return EXIT.interrupted;
    }
    // a bad enum value is refused while commander parses, before preAction: -o json still holds
    const out = program?.opts().output;
    if (!ctx.globals.outputExplicit && (out === "json" || out === "ndjson")) Object.assign(ctx.globals, { output: out, outputExplicit: true });
    return reportError(ctx, err);
  } finally {
    await printHelp(ctx, argv).catch(() => undefined);
    await ctx.close().catch(() => undefined);
  }
}
