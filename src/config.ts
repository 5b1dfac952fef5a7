// User config (~/.config/mids/config.json) and state (~/.local/state/mids) locations.
// The file holds the default profile's settings at the top level and named profiles under
// `profiles`: { "base-url": "...", "profiles": { "ci": { "api-key": "..." } } }.
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readFileSync, readlinkSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { EXIT, MidsError, UsageError } from "./errors.js";
import { API_VERSIONS } from "./contract/routes.js";
import { requireDurationMs } from "./util/time.js";
import { formatBytes, parseByteSize } from "./util/bytes.js";
import { checkChoice, checkWholeNumber, numberHint } from "./util/flag-values.js";
import { jsonSyntaxProblem } from "./util/json-error.js";
import { setOwn } from "./util/records.js";
import { editDistance } from "./util/edit-distance.js";
import { makeDirs } from "./util/make-dir.js";

export type OutputFormat = "table" | "json" | "ndjson" | "csv" | "yaml";
export const OUTPUT_FORMATS: readonly OutputFormat[] = ["table", "json", "ndjson", "csv", "yaml"];

export const CONFIG_KEYS = ["base-url", "api-key", "output", "api", "timeout", "max-retries", "max-body-size", "max-pages"] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];
const isSetting = (k: string) => (CONFIG_KEYS as readonly string[]).includes(k);
/** The values a setting takes when it is one of a few (`mids config set output <Tab>` offers them). */
export const CONFIG_CHOICES: Partial<Record<ConfigKey, readonly string[]>> = { output: OUTPUT_FORMATS, api: API_VERSIONS };
/**
 * A value in the config file that is not text (nor, for a number setting, a number): kept as found
 * (a rewrite by 'config set' keeps it) and refused where it is used, as a malformed string is.
 */
export interface WrongType { wrongType: unknown }
export type Config = Partial<Record<ConfigKey, string | WrongType>>;
export const isWrongType = (v: unknown): v is WrongType => typeof v === "object" && v !== null && "wrongType" in v;

/** Settings that are a number or a size: a JSON number in the file reads as its text (5 as "5"). */
const NUMBER_SETTINGS: ReadonlySet<ConfigKey> = new Set(["timeout", "max-retries", "max-body-size", "max-pages"]);

/** A JSON value's type, for errors: never the value itself (it may be a key). */
export function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

/** The refusal of a value of the wrong JSON type; `label` names the key and the file. */
export function wrongTypeMessage(key: ConfigKey, label: string, v: WrongType): string {
  return `${label} must be ${NUMBER_SETTINGS.has(key) ? "a string or a number" : "a string"} (got ${jsonType(v.wrongType)})`;
}

/** Each setting's flag and environment variable (README "Configuration"). */
export const SETTINGS: Record<ConfigKey, { flag: string; env: string }> = {
  "base-url": { flag: "--base-url", env: "MIDS_BASE_URL" },
  "api-key": { flag: "--api-key", env: "MIDS_API_KEY" },
  output: { flag: "--output", env: "MIDS_OUTPUT" },
  api: { flag: "--api", env: "MIDS_API" },
  timeout: { flag: "--timeout", env: "MIDS_TIMEOUT" },
  "max-retries": { flag: "--max-retries", env: "MIDS_MAX_RETRIES" },
  "max-body-size": { flag: "--max-body-size", env: "MIDS_MAX_BODY_SIZE" },
  "max-pages": { flag: "--max-pages", env: "MIDS_MAX_PAGES" },
};

/** The variables mids reads besides the settings' (docs/config.md "Environment variables"). */
export const OTHER_VARIABLES = [
  "MIDS_PROFILE", "MIDS_CONFIG_DIR", "MIDS_STATE_DIR", "MIDS_PAGER", "MIDS_JQ_TIMEOUT", "MIDS_JQ_MAX_MEMORY", "MIDS_JQ_MAX_OUTPUT",
  "MIDS_MIGRATE_STRATEGY", "MIDS_DEBUG",
] as const;

/**
 * The MIDS_* variables set that look like a misspelt one mids reads (MIDS_APIKEY, MIDS_TIMEOT),
 * each with the variable it likely means: their values are silently unused. A name of the user's
 * own (MIDS_CI_KEY, the docs' secret for 'config set api-key -') is none of mids's business. Names
 * only, never values (one may be a key).
 */
export function misspeltVariables(env: Record<string, string | undefined>): string[] {
  const known: string[] = [...Object.values(SETTINGS).map((s) => s.env), ...OTHER_VARIABLES];
  const bare = (v: string) => v.replace(/_/g, "");
  return Object.keys(env).filter((v) => v.startsWith("MIDS_") && !known.includes(v) && env[v] !== undefined).sort().flatMap((v) => {
    const meant = known.find((k) => editDistance(bare(v), bare(k)) <= 1);
    return meant ? [`${v} (did you mean ${meant}?)`] : [];
  });
}

/** A key is one token of printable ASCII: `-`, blanks, control and other characters are mistakes. */
export function checkApiKey(value: string): void {
  if (value.trim() === "") throw new UsageError("the API key is empty", { hint: "pass the key on stdin: mids config set api-key - (or < key.txt)" });
  if (value === "-") throw new UsageError("'-' is not an API key", { hint: "mids config set api-key - reads the key from stdin" });
  if (/[^\x21-\x7e]/.test(value)) throw new UsageError("the API key contains blanks, control characters or characters other than ASCII", { hint: "give one key, on one line, with nothing else" });
}

/** The checks every setting's value passes, whatever its source; `label` names where it came from. */
const PARSE: Partial<Record<ConfigKey, (label: string, v: string) => unknown>> = {
  output: (label, v) => checkChoice(label, v, OUTPUT_FORMATS),
  api: (label, v) => checkChoice(label, v, API_VERSIONS),
  timeout: (label, v) => requireDurationMs(label, v),
  "max-retries": (label, v) => checkWholeNumber(label, v, 0, 20),
  "max-body-size": (label, v) => {
    const n = parseByteSize(v);
    if (n === undefined || n < 1024) throw new UsageError(`${label} must be a size of at least 1KB such as 64MB, 512KB or 1GB (got '${v}')`, { hint: numberHint(label, "64MB", "size") });
    return n;
  },
  "max-pages": (label, v) => checkWholeNumber(label, v, 1, 1_000_000),
};

/** A setting's value checked and converted (a number for timeout in ms, sizes in bytes, counts). */
export function parseSetting(key: ConfigKey, value: string, label: string = key): unknown {
  return PARSE[key] ? PARSE[key](label, value) : value;
}

/** The name of the top-level settings when profiles are listed or selected. */
export const DEFAULT_PROFILE = "default";
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export interface ConfigFile {
  /** the default profile: top-level settings */
  settings: Config;
  profiles: Record<string, Config>;
  /**
   * The file as parsed: what mids does not read (keys of its own, another tool's, a profile whose
   * name mids refuses) is written back as it was by 'config set|unset', in its place.
   */
  raw?: Record<string, unknown>;
}

/** A config file that others could read (with a key) or write: refused, as ssh does (exit 3). */
export class ConfigPermissionError extends MidsError {
  exitCode = EXIT.credentials;
  code = "config_permissions";
}

/**
 * An XDG base directory: the variable's value when it is an absolute path, else the default. The
 * XDG spec has a relative one ignored: it would put the config (and the key) under whatever
 * directory mids runs in, a repository's maybe.
 */
function xdgDir(value: string | undefined, fallback: () => string): string {
  return value && isAbsolute(value) ? value : fallback();
}

/** The home of a user who has none (Debian's word for it, `nobody`'s home): nothing is found there. */
export const NO_HOME = "/nonexistent";

/**
 * HOME, else the user's home in the system's user database. A container run under a uid the
 * database does not hold (OpenShift, `docker run --user 12345`) without HOME has none, and every
 * command, `completion` too, failed as a bug (exit 1, "uv_os_homedir returned ENOENT"): its home is
 * NO_HOME, where no config file is found and `config set` names the directory it cannot make.
 */
export function homeDir(env: Record<string, string | undefined>, userHome: () => string = homedir): string {
  if (env.HOME) return env.HOME;
  try {
    return userHome();
  } catch {
    return NO_HOME;
  }
}

/**
 * A directory variable with a leading `~` (MIDS_CONFIG_DIR=~/.mids) is under the home directory:
 * no shell expanded it where it was set (a GitHub Actions `env:` block, a Dockerfile's ENV, a .env
 * file), and taken as written it made a directory named `~` in the working directory, a
 * checkout's maybe, with the config file and the key in it.
 */
function expandHome(dir: string, env: Record<string, string | undefined>): string {
  return dir === "~" ? homeDir(env) : dir.startsWith("~/") ? join(homeDir(env), dir.slice(2)) : dir;
}

export function configDir(env: Record<string, string | undefined>): string {
  if (env.MIDS_CONFIG_DIR) return expandHome(env.MIDS_CONFIG_DIR, env);
  return join(xdgDir(env.XDG_CONFIG_HOME, () => join(homeDir(env), ".config")), "mids");
}

export function stateDir(env: Record<string, string | undefined>): string {
  if (env.MIDS_STATE_DIR) return expandHome(env.MIDS_STATE_DIR, env);
  return join(xdgDir(env.XDG_STATE_HOME, () => join(homeDir(env), ".local", "state")), "mids");
}

export function configPath(env: Record<string, string | undefined>): string {
  return join(configDir(env), "config.json");
}

function settingsOf(v: Record<string, unknown>): Config {
  const out: Config = {};
  for (const [k, x] of Object.entries(v)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(k)) continue;
    const key = k as ConfigKey;
    out[key] = typeof x === "string" ? x : typeof x === "number" && Number.isFinite(x) && NUMBER_SETTINGS.has(key) ? String(x) : { wrongType: x };
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

const holdsKey = (f: ConfigFile) => f.settings["api-key"] !== undefined || Object.values(f.profiles).some((p) => p["api-key"] !== undefined);

/**
 * Refuse a file group or others can write (anyone could point mids, and the key, at their
 * server) or, when it holds a key, read. POSIX only: Windows modes say nothing about this.
 */
export function checkPermissions(path: string, mode: number, hasKey: boolean, platform = process.platform): void {
  if (platform === "win32") return;
  const perm = (mode & 0o777).toString(8).padStart(4, "0");
  const fix = `chmod 600 '${path}'`;
  if (mode & 0o022) {
    throw new ConfigPermissionError(`config file ${path} is writable by ${mode & 0o002 ? "others" : "group"} (mode ${perm}): refusing to use it`, { hint: `anyone who can write it can redirect your key; run: ${fix}` });
  }
  if (hasKey && mode & 0o044) {
    throw new ConfigPermissionError(`config file ${path} holds an API key and is readable by ${mode & 0o004 ? "others" : "group"} (mode ${perm}): refusing to use it`, { hint: `run: ${fix} (and consider replacing the key)` });
  }
}

/**
 * Refuse a config file in a directory group or others can write (unless sticky, like /tmp): they
 * could rename their own file over it, with their base URL.
 */
export function checkDirPermissions(dir: string, mode: number, platform = process.platform): void {
  if (platform === "win32" || !(mode & 0o022) || mode & 0o1000) return;
  const perm = (mode & 0o777).toString(8).padStart(4, "0");
  throw new ConfigPermissionError(`config directory ${dir} is writable by ${mode & 0o002 ? "others" : "group"} (mode ${perm}): refusing to use the config file in it`, {
    hint: `anyone who can write it can replace the file and redirect your key; run: chmod 700 '${dir}'`,
  });
}

/** Whom a file must belong to: the user or root (as ssh has it); undefined where there are no uids. */
function trustedOwner(uid: number): boolean {
  const me = process.getuid?.();
  return me === undefined || uid === me || uid === 0;
}

function checkOwner(what: string, path: string, uid: number, platform: NodeJS.Platform): void {
  if (platform === "win32" || trustedOwner(uid)) return;
  throw new ConfigPermissionError(`${what} ${path} is owned by another user (uid ${uid}): refusing to use it`, {
    hint: `whoever owns it can redirect your key; use a config of your own, or run: sudo chown ${process.getuid?.() ?? "$(id -u)"} '${path}'`,
  });
}

/**
 * Trust as ssh grants it: the config file and its directory belong to the user (or root) and no one
 * else can write them; a symlinked file is held to the same rules where it really lives (the
 * directory of its target), so a link into a shared, writable place is refused too.
 */
export function checkConfigTrust(path: string, hasKey: boolean, platform = process.platform): void {
  if (platform === "win32") return;
  const dir = dirname(path);
  const dirStat = statSync(dir);
  checkOwner("config directory", dir, dirStat.uid, platform);
  checkDirPermissions(dir, dirStat.mode, platform);
  if (lstatSync(path).isSymbolicLink()) {
    const real = realpathSync(path);
    const realDir = dirname(real);
    const st = statSync(realDir);
    const what = `config file ${path} is a link to ${real}, in directory ${realDir}`;
    if (!trustedOwner(st.uid)) {
      throw new ConfigPermissionError(`${what}, owned by another user (uid ${st.uid}): refusing to use it`, {
        hint: `whoever owns that directory can replace the file and redirect your key; keep the config in a directory of your own`,
      });
    }
    if (st.mode & 0o022 && !(st.mode & 0o1000)) {
      throw new ConfigPermissionError(`${what}, writable by ${st.mode & 0o002 ? "others" : "group"} (mode ${(st.mode & 0o777).toString(8).padStart(4, "0")}): refusing to use it`, {
        hint: `anyone who can write that directory can replace the file and redirect your key; move the file into a directory only you can write, or run: chmod go-w '${realDir}'`,
      });
    }
  }
  const st = statSync(path);
  checkOwner("config file", path, st.uid, platform);
  checkPermissions(path, st.mode, hasKey, platform);
}

/** Settings are two levels deep (profiles, a profile's settings); keys of the user's own may nest, to this. */
export const MAX_CONFIG_DEPTH = 64;

/** Whether a parsed JSON value nests objects or arrays more than `max` deep (without recursion). */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth >= max) return true;
    for (const x of Object.values(v)) if (x !== null && typeof x === "object") stack.push([x, depth + 1]);
  }
  return false;
}

/** A config file holds a few settings: past this it is the wrong file (a log, a disk image), not read. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * The config file's text: a regular file, at most MAX_CONFIG_BYTES; one that cannot be read (its
 * mode, a directory or a FIFO in its place, a wrong file) is the user's to fix, exit 2.
 */
function readConfigText(p: string): string {
  const fix = `move it away ('mids config set' then writes a new one), or set MIDS_CONFIG_DIR to another directory`;
  let fd: number;
  try {
    // non-blocking: a FIFO in its place is refused, not waited on for a writer
    fd = openSync(p, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new UsageError(`cannot read the config file ${p} (${code})`, { hint: code === "EACCES" ? `make it readable: chmod 600 '${p}'` : fix });
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UsageError(`config file ${p} is not a file (${st.isDirectory() ? "a directory" : "a device, FIFO or socket"})`, { hint: fix });
    if (st.size > MAX_CONFIG_BYTES) throw new UsageError(`config file ${p} holds ${formatBytes(st.size)}, over the ${formatBytes(MAX_CONFIG_BYTES)} a config file may hold: not read`, { hint: `is it the right file? ${fix}` });
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

/** Whether `p` is a symbolic link; false when there is nothing there (ENOENT, or a file where a directory on the path should be: ENOTDIR). */
function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Read and check the whole file (both the default settings and the profiles). */
export function readConfigFile(env: Record<string, string | undefined>): ConfigFile {
  const p = configPath(env);
  if (!existsSync(p)) {
    // a link whose file is gone (a dotfiles checkout moved or not mounted) is no missing config:
    // read as none, every setting in it went unused without a word, and 'config set' replaced the link
    if (isLink(p)) {
      throw new UsageError(`config file ${p} is a link to ${resolve(dirname(p), readlinkSync(p))}, which does not exist`, {
        hint: "restore the file it points to, or remove the link ('mids config set' then writes a new file)",
      });
    }
    return { settings: {}, profiles: {} };
  }
  let parsed: unknown;
  // a byte order mark (Windows editors write one) is no part of the JSON
  const text = readConfigText(p).replace(/^\uFEFF/, "");
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    // never the parser's own message: it quotes the text around the error, part of a key maybe
    throw new UsageError(`config file ${p} is not valid JSON (${jsonSyntaxProblem(text, e as Error)})`, { hint: `fix it, or remove it and run 'mids config set'` });
  }
  if (!isObject(parsed)) throw new UsageError(`config file ${p} must hold a JSON object`, { hint: `fix it, or remove it and run 'mids config set'` });
  // what mids does not read is written back as it was: a value nested past what JSON.stringify's
  // recursion can write would make every 'config set' fail
  if (nestedDeeperThan(parsed, MAX_CONFIG_DEPTH)) throw new UsageError(`config file ${p} nests values more than ${MAX_CONFIG_DEPTH} levels deep`, { hint: `fix it, or remove it and run 'mids config set'` });
  const raw = parsed.profiles;
  const profiles: Record<string, Config> = {};
  const fix = { hint: `edit ${p}: 'profiles' maps each profile's name to an object of its settings` };
  if (raw !== undefined && !isObject(raw)) throw new UsageError(`'profiles' in ${p} must be an object (got ${jsonType(raw)})`, fix);
  for (const [name, v] of Object.entries(raw ?? {})) {
    if (!PROFILE_NAME.test(name) || name === DEFAULT_PROFILE) continue;
    if (!isObject(v)) throw new UsageError(`profile '${name}' in ${p} must be an object of settings (got ${jsonType(v)})`, fix);
    profiles[name] = settingsOf(v);
  }
  const file = { settings: settingsOf(parsed), profiles, raw: parsed };
  checkConfigTrust(p, holdsKey(file));
  return file;
}

/**
 * A key in the file that mids ignores but that looks like a setting (base_url, apiKey, timout): the
 * setting it likely means. Other keys ("$comment", another tool's) are the user's own business.
 */
export function meantSetting(key: string): ConfigKey | undefined {
  const k = key.replace(/([a-z\d])([A-Z])/g, "$1-$2").toLowerCase().replace(/[_\s.]+/g, "-");
  if (isSetting(k)) return k as ConfigKey;
  if (key.length < 4) return undefined;
  return CONFIG_KEYS.map((c) => ({ c, d: editDistance(k, c) })).filter((x) => x.d <= 2).sort((a, b) => a.d - b.d)[0]?.c;
}

/**
 * What in the file mids reads as nothing though it was surely meant as something (doctor warns):
 * a misspelt setting, at the top level or in a profile, and a profile whose name cannot be selected.
 */
export function ignoredInFile(raw: Record<string, unknown> | undefined): string[] {
  const out: string[] = [];
  const keys = (o: Record<string, unknown>, where: string) => {
    for (const k of Object.keys(o)) {
      const meant = isSetting(k) || (where === "" && k === "profiles") ? undefined : meantSetting(k);
      if (meant) out.push(`'${k}'${where} (did you mean '${meant}'?)`);
    }
  };
  keys(raw ?? {}, "");
  const profiles = isObject(raw?.profiles) ? raw.profiles : {};
  for (const [name, v] of Object.entries(profiles)) {
    if (!PROFILE_NAME.test(name) || name === DEFAULT_PROFILE) out.push(`profile '${name}' (${name === DEFAULT_PROFILE ? "the default profile is the top-level settings" : "not a name a profile can have"})`);
    else if (isObject(v)) keys(v, ` in profile '${name}'`);
  }
  return out;
}

/**
 * A key of the config file read as nothing that means `setting` (`base_url`, `apiKey`), in the
 * selected profile or at the top level: a "not set" error names it, as the file seems to set it.
 * Undefined when there is none, or the file cannot be read (its own error says so elsewhere).
 */
export function misspeltSetting(setting: ConfigKey, env: Record<string, string | undefined>, profile?: string): string | undefined {
  let raw: Record<string, unknown> | undefined;
  try {
    raw = readConfigFile(env).raw;
  } catch {
    return undefined;
  }
  const profiles = isObject(raw?.profiles) ? raw.profiles : {};
  const places: [unknown, string][] = [[profile && profile !== DEFAULT_PROFILE ? profiles[profile] : undefined, ` of profile '${profile}'`], [raw, ""]];
  for (const [o, where] of places) {
    if (!isObject(o)) continue;
    const k = Object.keys(o).find((key) => !isSetting(key) && key !== "profiles" && meantSetting(key) === setting);
    if (k !== undefined) return `the config file's '${k}'${where} is no setting: rename it '${setting}'`;
  }
  return undefined;
}

/** The default profile's settings (kept for callers that know no profiles). */
export function readConfig(env: Record<string, string | undefined>): Config {
  return readConfigFile(env).settings;
}

export function profileNames(file: ConfigFile): string[] {
  return [DEFAULT_PROFILE, ...Object.keys(file.profiles).sort()];
}

export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) throw new UsageError(`invalid profile name '${name}'`, { hint: "use letters, digits, '.', '_' and '-' (up to 64, starting with a letter or digit)" });
  return name;
}

/** The profile's settings, or exit 2 naming the profiles there are. */
export function profileSettings(file: ConfigFile, name: string): Config {
  if (name === DEFAULT_PROFILE) return file.settings;
  // a name no profile can have: said so, not 'unknown' with a hint to create it, which would fail
  checkProfileName(name);
  // own names only: "constructor" or "toString" are profiles only when the file has them
  const p = Object.hasOwn(file.profiles, name) ? file.profiles[name] : undefined;
  if (!p) {
    const names = Object.keys(file.profiles).sort();
    // a misspelt name (MIDS_PROFILE=cii) is not one to create: the hint names the one meant
    const near = profileNames(file).map((n) => ({ n, d: editDistance(name, n) })).filter((x) => x.d <= 2 && x.d < name.length).sort((a, b) => a.d - b.d)[0]?.n;
    throw new UsageError(`unknown profile '${name}'`, {
      hint: near ? `did you mean '${near}'? (profiles: ${profileNames(file).join(", ")})`
        : names.length
          ? `profiles: ${profileNames(file).join(", ")} (create one with 'mids config set --profile ${name} KEY VALUE')`
          : `no profiles are set up; create one with 'mids config set --profile ${name} KEY VALUE'`,
    });
  }
  return p;
}

/** Where a setting's value came from (README "Configuration": flag > env > profile > file > default). */
export type SettingSource = { kind: "flag"; name: string } | { kind: "env"; name: string } | { kind: "profile"; name: string } | { kind: "file" } | { kind: "default" } | { kind: "sandbox" };

export function sourceText(s: SettingSource | undefined): string {
  if (!s) return "default";
  switch (s.kind) {
    case "flag": return `flag ${s.name}`;
    case "env": return `env ${s.name}`;
    case "profile": return `profile ${s.name}`;
    case "file": return "config file";
    case "sandbox": return "--sandbox";
    default: return "default";
  }
}

/**
 * Whether -o was typed on this command line (or --jq, which implies -o json): MIDS_OUTPUT and a
 * stored output are a default for the resource commands, no request of a command that prints
 * something else (a recipe's YAML, findings, a report).
 */
export function outputTyped(g: { jq?: string; outputExplicit: boolean; sources?: Partial<Record<ConfigKey, SettingSource>> }): boolean {
  return g.jq !== undefined || (g.outputExplicit && (g.sources?.output === undefined || g.sources.output.kind === "flag"));
}

/**
 * The output of a command that prints a report in only some formats (`allowed`): -o typed as it
 * is (the command refuses one it cannot print), MIDS_OUTPUT or a stored output when it is one of
 * them, else the default (a table on a terminal, JSON piped). A job's MIDS_OUTPUT=csv is a default
 * for the resource commands and must not stop such a command.
 */
export function reportOutput(g: { output: OutputFormat; jq?: string; outputExplicit: boolean; sources?: Partial<Record<ConfigKey, SettingSource>> }, stdoutIsTTY: boolean, allowed: readonly OutputFormat[]): OutputFormat {
  if (outputTyped(g) || allowed.includes(g.output)) return g.output;
  return stdoutIsTTY ? "table" : "json";
}

/** How an error names a setting's value: the flag, the variable, or the key in the file (and profile). */
export function settingLabel(key: ConfigKey, s: SettingSource | undefined, path: string): string {
  switch (s?.kind) {
    case "flag": return s.name;
    case "env": return s.name;
    case "profile": return `'${key}' in profile '${s.name}' of ${path}`;
    case "file": return `'${key}' in ${path}`;
    default: return key;
  }
}

/**
 * The fix for a bad value, where it came from (`selected`: the profile in use, if any): the one
 * hint for a malformed setting, a malformed key and a key the server refused. A key is given on
 * stdin (`api-key -`); its flag and "no source" get a hint too, other settings' flags name themselves.
 */
export function settingFix(key: ConfigKey, s: SettingSource | undefined, selected?: string): string | undefined {
  // with another profile selected, a plain 'config set' would write there, not over the bad value
  const p = s?.kind === "profile" ? `--profile ${s.name} ` : selected && selected !== DEFAULT_PROFILE ? `--profile ${DEFAULT_PROFILE} ` : "";
  const isKey = key === "api-key";
  switch (s?.kind) {
    case "flag": return isKey ? `check the key passed to ${s.name}` : undefined;
    case "env": return `fix or unset ${s.name}`;
    case "profile":
    case "file":
      if (!isKey) return `run 'mids config set ${p}${key} VALUE' or 'mids config unset ${p}${key}'`;
      return `replace it with 'mids config set ${p}api-key -'${s.kind === "file" && p ? `, or give profile '${selected}' its own key` : ""}`;
    default: return isKey ? "check the key" : undefined;
  }
}

/**
 * How a hint names the base URL to check or change, where it was set: `--base-url`,
 * `MIDS_BASE_URL`, or the config file's (a profile's) setting with the command that changes it.
 * Before, every network error said "check --base-url" whatever had set it.
 */
export function baseUrlPlace(s: SettingSource | undefined): string {
  switch (s?.kind) {
    case "flag":
    case "env": return s.name;
    case "profile": return `the base URL of profile ${s.name} ('mids config set --profile ${s.name} base-url URL')`;
    case "file": return "the base URL in the config file ('mids config set base-url URL')";
    case "sandbox": return "--sandbox";
    default: return "the base URL";
  }
}

/**
 * How a hint says to raise a limit (`timeout`), where it was set: the variable, or the config
 * file's (a profile's) setting with the command that changes it, and the flag that overrides it
 * for one run. Before, a timeout set in MIDS_TIMEOUT or the config file was "raise --timeout".
 */
export function raiseHint(key: ConfigKey, s: SettingSource | undefined, example: string): string {
  return raisedWhereSet(key, s, example) ?? `raise ${SETTINGS[key].flag} (e.g. ${SETTINGS[key].flag} ${example})`;
}

/** How a timeout's hint says to raise it, where it was set (the client's error and doctor's fix alike). */
export const raiseTimeoutHint = (s: SettingSource | undefined, timeoutMs: number): string => raiseHint("timeout", s, `${Math.max(60, Math.ceil((2 * timeoutMs) / 1000))}s`);

/** raiseHint for a limit set in a variable, the config file or a profile; undefined for a flag or the default. */
export function raisedWhereSet(key: ConfigKey, s: SettingSource | undefined, example: string): string | undefined {
  const { flag } = SETTINGS[key];
  switch (s?.kind) {
    case "env": return `raise ${s.name} (e.g. ${s.name}=${example}), or pass ${flag} ${example} for one run`;
    case "profile": return `raise it with 'mids config set --profile ${s.name} ${key} ${example}' (profile ${s.name} sets it), or pass ${flag} ${example} for one run`;
    case "file": return `raise it with 'mids config set ${key} ${example}' (the config file sets it), or pass ${flag} ${example} for one run`;
    default: return undefined;
  }
}

/** The fix for a base URL that does not parse, where it came from (a flag, a variable, the file, 'config set'). */
export function baseUrlFix(s: SettingSource | undefined, selected?: string): string {
  const fix = settingFix("base-url", s, selected);
  const where = fix ? `: ${fix}` : s?.kind === "flag" ? ` to ${s.name}` : ", to --base-url, MIDS_BASE_URL or 'mids config set base-url'";
  return `give a full URL such as https://api.example.com${where}`;
}

/** Selected profile over the default profile: the merged settings and where each came from. */
export function layeredConfig(file: ConfigFile, profile: string | undefined): { cfg: Config; from: Partial<Record<ConfigKey, SettingSource>> } {
  const cfg: Config = { ...file.settings };
  const from: Partial<Record<ConfigKey, SettingSource>> = {};
  for (const k of Object.keys(file.settings) as ConfigKey[]) from[k] = { kind: "file" };
  if (profile && profile !== DEFAULT_PROFILE) {
    for (const [k, v] of Object.entries(profileSettings(file, profile)) as [ConfigKey, string | WrongType][]) {
      cfg[k] = v;
      from[k] = { kind: "profile", name: profile };
    }
  }
  return { cfg, from };
}

/**
 * A key for display: up to four characters of each end, never more than a quarter of the key in
 * all (`mids...ab12` for a 32-character key, `mi...12` for 16, `***` under 8).
 */
export function maskKey(key: string): string {
  const n = Math.min(4, Math.floor(key.length / 8));
  if (n === 0) return "***";
  return `${key.slice(0, n)}...${key.slice(-n)}`;
}

/** Atomic write (tmp + rename), mode 0600: the file may hold the key. */
export function writeJsonAtomic(path: string, value: unknown): void {
  makeDirs(dirname(path), 0o700);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value, null, 2) + "\n", { mode: 0o600 });
  renameSync(tmp, path);
}

/** Settings as written: a value of the wrong type is written back as it was found. */
const asWritten = (c: Config) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, isWrongType(v) ? v.wrongType : v]));

/**
 * Settings `c` over `raw` (the object as read): its other keys kept where they were, a setting
 * still there in its place, one removed gone, a new one at the end.
 */
function over(raw: Record<string, unknown> | undefined, c: Config, skip?: string): Record<string, unknown> {
  const settings = asWritten(c);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (k === skip) continue;
    if (!isSetting(k)) setOwn(out, k, v);
    else if (Object.hasOwn(settings, k)) out[k] = settings[k];
  }
  return Object.assign(out, settings);
}

/** A profile's own keys that are no setting (they keep a profile that 'unset' empties). */
export const hasOtherKeys = (v: unknown) => isObject(v) && Object.keys(v).some((k) => !isSetting(k));

function serialize(f: ConfigFile): Record<string, unknown> {
  const out = over(f.raw, f.settings, "profiles");
  const raw = isObject(f.raw?.profiles) ? f.raw.profiles : {};
  const profiles: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(raw)) {
    // a name mids does not read is kept as it is; a profile removed keeps what is not its settings
    if (!PROFILE_NAME.test(name) || name === DEFAULT_PROFILE) setOwn(profiles, name, v);
    else if (Object.hasOwn(f.profiles, name)) profiles[name] = over(v as Record<string, unknown>, f.profiles[name]);
    else if (hasOtherKeys(v)) profiles[name] = over(v as Record<string, unknown>, {});
  }
  for (const [name, c] of Object.entries(f.profiles)) if (!Object.hasOwn(profiles, name)) profiles[name] = asWritten(c);
  if (Object.keys(profiles).length) out.profiles = profiles;
  return out;
}

export function writeConfig(env: Record<string, string | undefined>, cfg: Config): void {
  writeJsonAtomic(configPath(env), cfg);
}

/** A lock older than this, or whose process is gone, is left over from a crash. */
export const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 10_000;

function lockIsStale(text: string, mtimeMs: number, nowMs: number): boolean {
  if (nowMs - mtimeMs > LOCK_STALE_MS) return true;
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) return nowMs - mtimeMs > 2_000; // being written, or garbage
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Take `<file>.lock` with O_EXCL; a stale lock is moved aside (and checked again) before retrying. */
async function acquireLock(lock: string): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(lock, "wx", 0o600);
      try { writeSync(fd, `${process.pid}\n`); } finally { closeSync(fd); }
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    let text = "";
    let mtimeMs = Date.now();
    try {
      text = readFileSync(lock, "utf8");
      mtimeMs = statSync(lock).mtimeMs;
    } catch (e) {
      // released meanwhile (unless a dangling symlink stands there, which O_EXCL never gets past)
      if ((e as NodeJS.ErrnoException).code === "ENOENT" && !lstatSync(lock, { throwIfNoEntry: false })) continue;
      // a directory or an unreadable file in its place: retrying would spin forever
      throw new UsageError(`the config lock ${lock} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { hint: "no 'mids config' should be running: remove it" });
    }
    if (lockIsStale(text, mtimeMs, Date.now())) {
      // rename is atomic: of two processes breaking the same stale lock only one moves it
      const aside = `${lock}.stale.${process.pid}`;
      try {
        renameSync(lock, aside);
        // if a live lock was taken between our read and the rename, put it back
        if (readFileSync(aside, "utf8") !== text) renameSync(aside, lock);
        else unlinkSync(aside);
      } catch { /* someone else broke it */ }
      continue;
    }
    if (Date.now() > deadline) {
      throw new UsageError(`the config file is locked by process ${text.trim() || "?"} (${lock})`, { hint: "wait for the other 'mids config' to finish; if none is running, delete the lock file" });
    }
    await new Promise((r) => setTimeout(r, 10 + Math.floor(Math.random() * 30)));
  }
}

/**
 * Read-modify-write under `config.json.lock`, so concurrent `mids config set` lose nothing.
 * MIDS_TEST_CONFIG_HOLD_MS (tests only) widens the read-to-write window to make races certain.
 */
export async function updateConfigFile(env: Record<string, string | undefined>, change: (f: ConfigFile) => void): Promise<void> {
  const path = configPath(env);
  makeDirs(dirname(path), 0o700);
  const lock = `${path}.lock`;
  await acquireLock(lock);
  try {
    const file = readConfigFile(env);
    const hold = Number(env.MIDS_TEST_CONFIG_HOLD_MS);
    if (hold > 0) await new Promise((r) => setTimeout(r, hold));
    change(file);
    // a symlinked config (dotfiles) stays a symlink: the file it points to is replaced
    writeJsonAtomic(existsSync(path) ? realpathSync(path) : path, serialize(file));
  } finally {
    try { unlinkSync(lock); } catch { /* already gone */ }
  }
}
