// Settings resolution: each global setting from its flag, else its environment variable, else the
// selected profile, else the config file's default profile, else its default (README
// "Configuration"); a bad value is refused naming where it came from and how to fix it there.
import type { Context, GlobalOptions } from "../context.js";
import type { ApiVersion } from "../contract/routes.js";
import { colorWanted, type IO } from "../io.js";
import { MidsError, UsageError } from "../errors.js";
import {
  SETTINGS, configPath, isWrongType, layeredConfig, parseSetting, readConfigFile, settingFix, settingLabel, sourceText, wrongTypeMessage,
  type Config, type ConfigFile, type ConfigKey, type OutputFormat, type SettingSource,
} from "../config.js";
import { parseFields } from "../output/fields.js";
import { DEFAULT_MAX_BODY_BYTES } from "../client/body.js";
import { DEFAULT_MAX_PAGES } from "../client/paginate.js";

/**
 * Commands that still run when the config file is refused, broken, names no such profile or holds
 * a bad value: doctor reports it as its failing 'config' check; 'config set|unset' can repair a bad
 * value (they re-read the file, so a refused one stays refused); the rest use no setting.
 */
const CONFIG_TOLERANT: ReadonlySet<string> = new Set(["doctor", "config set", "config unset", "config path", "completion", "sandbox serve", "sandbox keys", "sandbox reset"]);

/**
 * The globals of the command about to run (`path`, e.g. "config set"), from its parsed options `o`
 * (with the root's), into ctx.globals. -o is resolved first from the flag alone, then with the
 * config, so that an error in any other setting still honours -o json.
 */
export function applySettings(ctx: Context, o: Record<string, unknown>, path: string): void {
  Object.assign(ctx.globals, resolveOutput(o, ctx.io, {}));
  const profile = selectedProfile(o, ctx.io);
  const resolve = (file: ConfigFile, selected: string | undefined) => {
    const { cfg, from } = layeredConfig(file, selected);
    // the output format first, so an error in another setting still honours -o json
    Object.assign(ctx.globals, resolveOutput(o, ctx.io, cfg, from, profile));
    const profileSource: SettingSource | undefined = profile === undefined ? undefined : typeof o.profile === "string" ? { kind: "flag", name: "--profile" } : { kind: "env", name: "MIDS_PROFILE" };
    Object.assign(ctx.globals, resolveGlobals(o, ctx.io, cfg, from, profile), { profile, profileSource });
  };
  try {
    const file = readConfigFile(ctx.io.env);
    // 'config set --profile NEW' creates the profile: it need not exist yet
    const creating = (path === "config set" || path === "config unset") && profile !== undefined && !Object.hasOwn(file.profiles, profile);
    resolve(file, creating ? undefined : profile);
  } catch (e) {
    // 'config list --profiles' lists the profiles a selected one that is not there could be (a stale MIDS_PROFILE)
    const tolerant = CONFIG_TOLERANT.has(path) || (path === "config list" && o.profiles === true);
    if (!(e instanceof MidsError) || !tolerant) throw e;
    // without the config file: an error that remains is the flags' or the environment's
    resolve({ settings: {}, profiles: {} }, undefined);
    ctx.globals.configError = e;
  }
}

/**
 * The output format a run whose flags were refused asked for, as -o json (or MIDS_OUTPUT) does:
 * none with --jq, else -o as typed, else MIDS_OUTPUT, else the config file's output for --profile
 * (or MIDS_PROFILE), else the default profile's. Where the file cannot tell (it cannot be read, or the profile named is
 * not in it) the answer is undefined: the refusal prints its plain lines only.
 */
export function requestedOutput(typed: { output?: unknown; profile?: unknown; jq?: unknown }, env: Record<string, string | undefined>): string | undefined {
  // --jq's errors are the plain lines, as jq's are (docs/scripting.md), whatever asks for JSON
  if (typeof typed.jq === "string") return undefined;
  if (typeof typed.output === "string" && typed.output !== "") return typed.output;
  if (env.MIDS_OUTPUT) return env.MIDS_OUTPUT;
  try {
    const profile = typeof typed.profile === "string" ? typed.profile : env.MIDS_PROFILE || undefined;
    const stored = layeredConfig(readConfigFile(env), profile === "" ? undefined : profile).cfg.output;
    return typeof stored === "string" ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The hint of a flag given as '': in a script, most often a variable that was not set (--base-url "$URL"). */
function emptyFlagHint(flag: string): string {
  return `give ${flag} a value, or leave it out for the default (is a shell variable in it unset, as in ${flag} "$VAR"?)`;
}

/** --profile, else MIDS_PROFILE; "" is a mistake, not "no profile". */
function selectedProfile(o: Record<string, unknown>, io: IO): string | undefined {
  if (o.profile === "") throw new UsageError("--profile must not be empty", { hint: emptyFlagHint("--profile") });
  const p = typeof o.profile === "string" ? o.profile : io.env.MIDS_PROFILE || undefined;
  return p;
}

/**
 * A setting's value and where it came from: flag > environment > selected profile > default profile.
 * A file's value of the wrong JSON type is refused here, where it would be used, like a malformed one.
 */
function settingSource(key: ConfigKey, flag: unknown, env: Record<string, string | undefined>, cfg: Config, from: Partial<Record<ConfigKey, SettingSource>>, profile?: string): { value: string; source: SettingSource } | undefined {
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  const { flag: flagName, env: envName } = SETTINGS[key];
  if (str(flag)) return { value: str(flag)!, source: { kind: "flag", name: flagName } };
  if (str(env[envName])) return { value: str(env[envName])!, source: { kind: "env", name: envName } };
  const v = cfg[key];
  const source = from[key] ?? { kind: "file" };
  if (isWrongType(v)) throw new UsageError(wrongTypeMessage(key, settingLabel(key, source, configPath(env)), v), { hint: settingFix(key, source, profile) });
  if (str(v)) return { value: str(v)!, source };
  return undefined;
}

function requireJq(expr: string): string {
  if (expr.trim() === "") throw new UsageError("--jq must not be empty", { hint: "give a jq filter, e.g. --jq '.[].id'" });
  return expr;
}

/** The value checked, an error naming its source (flag, variable, or key in the file) and the fix. */
function checkedSetting(key: ConfigKey, value: string, source: SettingSource, env: Record<string, string | undefined>, profile?: string): unknown {
  try {
    return parseSetting(key, value, settingLabel(key, source, configPath(env)));
  } catch (e) {
    const hint = settingFix(key, source, profile);
    // where to fix it comes first: the message already names what is allowed; the value meant
    // (MIDS_OUTPUT=JSON: 'json'), as -o's hint has it, leads it
    const meant = e instanceof UsageError ? /^did you mean '([^']*)'\?/.exec(e.hint ?? "")?.[1] : undefined;
    if (e instanceof UsageError && hint) throw new UsageError(e.message, { hint: meant === undefined ? hint : `did you mean '${meant}'? ${hint.replace(/ VALUE'/, ` ${meant}'`)}` });
    throw e;
  }
}

/** -o (or MIDS_OUTPUT, or the config's output): explicit, else table on a TTY and json when piped. */
export function resolveOutput(o: Record<string, unknown>, io: IO, cfg: Config, from: Partial<Record<ConfigKey, SettingSource>> = {}, profile?: string): Pick<GlobalOptions, "output" | "outputExplicit" | "jq"> {
  if (typeof o.jq === "string") {
    // as gh: --jq works on JSON; an explicit other format is a contradiction, not a preference
    if (typeof o.output === "string" && o.output !== "json" && o.output !== "ndjson") {
      throw new UsageError(`--jq filters JSON and cannot be combined with -o ${o.output}`, { hint: "drop -o (--jq implies -o json), or drop --jq" });
    }
    // (--jq as given: an error found before it is checked prints as with --jq, without the JSON error object)
    return { output: "json", outputExplicit: true, jq: o.jq };
  }
  const s = settingSource("output", o.output, io.env, cfg, from, profile);
  if (s) checkedSetting("output", s.value, s.source, io.env, profile);
  return { output: (s?.value as OutputFormat | undefined) ?? (io.stdoutIsTTY ? "table" : "json"), outputExplicit: s !== undefined };
}

export function resolveGlobals(o: Record<string, unknown>, io: IO, cfg: Config, from: Partial<Record<ConfigKey, SettingSource>> = {}, profile?: string): GlobalOptions {
  const env = io.env;
  // an explicitly empty flag is a mistake, not "use the default"
  for (const [key, flag] of [["baseUrl", "--base-url"], ["apiKey", "--api-key"], ["timeout", "--timeout"], ["maxRetries", "--max-retries"], ["fields", "--fields"], ["maxBodySize", "--max-body-size"], ["maxPages", "--max-pages"]] as const) {
    if (o[key] === "") throw new UsageError(`${flag} must not be empty`, { hint: emptyFlagHint(flag) });
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
    const s = settingSource(key, flags[key], env, cfg, from, profile);
    sources[key] = s?.source ?? { kind: "default" };
    return s;
  };
  const value = <T>(key: ConfigKey, fallback: T): T => {
    const s = pick(key);
    return s ? (checkedSetting(key, s.value, s.source, env, profile) as T) : fallback;
  };
  const { output, outputExplicit } = resolveOutput(o, io, cfg, from, profile);
  // --jq stands for -o json: a stored output of the wrong type that it overrides is not used, so
  // not refused (as under -o; a stored 'xml' was not either)
  if (typeof o.jq === "string") try { pick("output"); } catch { sources.output = { kind: "default" }; }
  else pick("output");
  // (only needed when -o is on the command line; a stored value of the wrong type that -o
  // overrides is not used, so not refused here: config get output names it)
  let outputSetting: ReturnType<typeof settingSource>;
  if (sources.output?.kind === "flag") try { outputSetting = settingSource("output", undefined, env, cfg, from, profile); } catch { /* as above */ }
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
    ...(outputSetting ? { outputSetting } : {}),
  };
}
