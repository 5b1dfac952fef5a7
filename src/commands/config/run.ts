import type { Context } from "../../context.js";
import {
  CONFIG_KEYS, DEFAULT_PROFILE, checkApiKey, meantSetting, checkProfileName, configPath, isWrongType, jsonType, parseSetting, profileNames, profileSettings,
  readConfigFile, settingFix, settingLabel, sourceText, updateConfigFile, wrongTypeMessage, type Config, type ConfigFile, type ConfigKey, type SettingSource,
} from "../../config.js";
import { MidsError, UsageError } from "../../errors.js";
import { joinUrl, unsentParts } from "../../client/request.js";
import { redactUrl } from "../../contract/secrets.js";
import { BASE_URL_VERSION_END, versionDoubled } from "../../contract/routes.js";
import { emitJson, printList } from "../../output/render.js";
import { loadYaml } from "../../util/yaml.js";
import { displayWidth, fitWidth } from "../../output/width.js";
import { readSecret } from "./secret.js";
import { effective, shown, sourceOf } from "../shared/settings-view.js";
import { oneLine } from "../../util/sanitize.js";

function checkKey(key: string): ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
    const meant = meantSetting(key);
    throw new UsageError(`unknown setting '${key}'`, { hint: meant ? `did you mean '${meant}'? (settings: ${CONFIG_KEYS.join(", ")})` : `settings: ${CONFIG_KEYS.join(", ")}` });
  }
  return key as ConfigKey;
}

/** The same checks as the value gets when it is used (README "Configuration"). */
function checkValue(key: ConfigKey, value: string): void {
  if (key === "base-url") {
    try {
      joinUrl(value, "/");
    } catch (e) {
      // the fix is this command's, not a flag's
      if (e instanceof UsageError) throw new UsageError(e.message, { hint: "give a full URL: mids config set base-url https://api.example.com" });
      throw e;
    }
  }
  else if (key === "api-key") checkApiKey(value);
  else parseSetting(key, value);
}

const profileOf = (ctx: Context) => ctx.globals.profile ?? DEFAULT_PROFILE;
const where = (ctx: Context) => (profileOf(ctx) === DEFAULT_PROFILE ? "" : ` in profile '${profileOf(ctx)}'`);

/** Change the profile's settings under the config lock; a path that cannot be written is the user's to fix. */
async function change(ctx: Context, fn: (settings: Config, file: ConfigFile) => void): Promise<void> {
  const name = profileOf(ctx);
  try {
    await updateConfigFile(ctx.io.env, (file) => {
      if (name === DEFAULT_PROFILE) return fn(file.settings, file);
      if (!Object.hasOwn(file.profiles, checkProfileName(name))) file.profiles[name] = {};
      fn(file.profiles[name], file);
      if (!Object.keys(file.profiles[name]).length) delete file.profiles[name];
    });
  } catch (e) {
    if (e instanceof MidsError) throw e;
    const err = e as NodeJS.ErrnoException;
    throw new UsageError(`cannot write the config file ${configPath(ctx.io.env)}: ${err.code ?? err.message}`, {
      hint: "check that its directory can be created and written, or set MIDS_CONFIG_DIR to another directory",
    });
  }
}


/**
 * The value a profile gives a setting: its own, else the default profile's (as it is used, and as
 * `gh config get` answers). Where it came from goes to stderr when inherited, or with --show-source
 * before the value (`SOURCE<tab>VALUE`, as git config --show-origin).
 */
/** The flag or variable that gives `key` in this run instead of the file (flag > env > profile), if any. */
function overriddenBy(ctx: Context, key: ConfigKey): string | undefined {
  const s = sourceOf(ctx.globals, key);
  return s?.kind === "flag" || s?.kind === "env" ? s.name : undefined;
}

export async function get(key: string, ctx: Context, opts: { showSource?: boolean } = {}): Promise<void> {
  const k = checkKey(key);
  const over = overriddenBy(ctx, k);
  const file = readConfigFile(ctx.io.env);
  const name = profileOf(ctx);
  const own = profileSettings(file, name)[k];
  const inherited = own === undefined && name !== DEFAULT_PROFILE ? file.settings[k] : undefined;
  const v = own ?? inherited;
  if (v === undefined) {
    // exit 2 as git config: nothing is stored; the value that applies instead is said, with where it comes from
    const applies = !over && ctx.globals.sources?.[k]?.kind !== "sandbox" ? effective(ctx.globals, k, ctx.io.stdoutIsTTY) : null;
    const fallback = over ? ` in the config file (${over} gives it here)` : applies !== null ? ` (the default, ${oneLine(applies)}, applies)` : "";
    throw new UsageError(`'${k}' is not set${where(ctx)}${fallback}`, {
      // the key is never typed on the command line (ps, the shell history): set prompts for it, or reads stdin
      hint: `mids config set ${name === DEFAULT_PROFILE ? "" : `--profile ${name} `}${k === "api-key" ? "api-key (prompts for it; - reads it from stdin)" : `${k} VALUE`}; 'mids config list' shows every effective value`,
    });
  }
  if (isWrongType(v)) {
    // as where the value is used: named by its key in the file (and profile), with the fix
    const from: SettingSource = inherited !== undefined || name === DEFAULT_PROFILE ? { kind: "file" } : { kind: "profile", name };
    throw new UsageError(wrongTypeMessage(k, settingLabel(k, from, configPath(ctx.io.env)), v), { hint: settingFix(k, from, name) });
  }
  const source = inherited !== undefined ? `profile ${DEFAULT_PROFILE}` : `profile ${name}`;
  if (inherited !== undefined && !opts.showSource) ctx.notice(`'${k}' is not set in profile '${name}': this is the ${DEFAULT_PROFILE} profile's value, which it inherits`);
  // the stored value is printed; a flag or variable that other commands use instead is said beside it
  if (over) ctx.notice(`${over} wins over the config file here: commands use its value for '${k}', not this one ('mids config list' shows the effective values)`);
  // -o json|yaml|ndjson on this command line (or --jq): the answer as a record; a stored `output`
  // setting leaves it the plain value, which scripts read with $(mids config get KEY)
  const g = ctx.globals;
  if (g.sources?.output?.kind === "flag" || g.jq !== undefined) {
    const record = { key: k, value: shown(k, v), profile: inherited !== undefined ? DEFAULT_PROFILE : name, file: configPath(ctx.io.env) };
    if (g.output === "json") return emitJson(ctx, record);
    if (g.output === "ndjson") return void ctx.io.stdout.write(JSON.stringify(record) + "\n");
    if (g.output === "yaml") return void ctx.io.stdout.write((await loadYaml()).stringify(record));
  }
  // a terminal gets no control sequences from a (hand-edited, shared) file, as config list's table; a pipe the value
  const text = ctx.io.stdoutIsTTY ? oneLine(shown(k, v)) : shown(k, v);
  ctx.io.stdout.write(`${opts.showSource ? `${source}\t` : ""}${text}\n`);
}

export async function set(key: string, value: string | undefined, withToken: boolean, ctx: Context): Promise<void> {
  const k = checkKey(key);
  if (withToken && value !== undefined && value !== "-") throw new UsageError("give the value or --with-token, not both");
  let v = value;
  if (v === "-" || withToken || (v === undefined && k === "api-key")) {
    // a key read from stdin never shows in `ps` or the shell history
    const text = await readSecret(ctx, `${k}${where(ctx)}: `);
    v = text.replace(/\r?\n$/, "").trim();
    const what = k === "api-key" ? "API key" : "value";
    // at the prompt nothing was typed (Enter alone); piped, the input was empty
    if (v === "") {
      throw ctx.io.stdinIsTTY
        ? new UsageError(`no ${what} was typed`, { hint: `type or paste it at the prompt (it is not shown), then Enter; or pass it on stdin: mids config set ${k} - < file` })
        : new UsageError(`stdin held no ${what}`, { hint: `mids config set ${k} - < file, or run it at a terminal to type it at the prompt` });
    }
  } else if (v === undefined) {
    throw new UsageError(`missing value for '${k}'`, { hint: `mids config set ${k} VALUE (or - to read it from stdin)` });
  } else if (k === "api-key") {
    checkValue(k, v);
    ctx.warn("a key on the command line is visible in 'ps' and the shell history; prefer 'mids config set api-key -'");
  }
  checkValue(k, v);
  const final = v;
  await change(ctx, (settings) => void (settings[k] = final));
  // every path mids sends starts with its version: a base URL ending in one doubles it (/v3/v3/me),
  // and every command would answer 'not found'; said now, not at the first command (doctor says it too)
  const version = k === "base-url" ? BASE_URL_VERSION_END.exec(new URL(final).pathname)?.[1] : undefined;
  if (version) {
    // a URL with a password is not quoted back: the command would store its mask
    const without = redactUrl(final) === final ? `: mids config set base-url ${final.replace(BASE_URL_VERSION_END, "")}` : "";
    ctx.warn(`the base URL ${versionDoubled(version)} (${new URL(final).pathname.replace(/\/+$/, "")}/v3/me): set it without the trailing /${version}${without}`);
  }
  // as gh with GH_TOKEN set: a variable that wins over the file keeps what was just saved from use
  const env = ctx.globals.sources?.[k];
  if (env?.kind === "env") ctx.notice(`${env.name} is set and wins over the config file: commands use its value for '${k}', not the one saved here; unset ${env.name} to use this one`);
  // requests go to the URL's origin and path: a user and password or a query in it are never sent
  const unsent = k === "base-url" ? unsentParts(final) : [];
  if (unsent.length) ctx.warn(`mids does not send the base URL's ${unsent.join(" or ")}: requests go to its scheme, host, port and path only (the API key is sent as the x-api-key header)`);
  // as gh auth login: a person at a terminal sees what was saved where (never the key itself)
  if (ctx.io.stderrIsTTY && !ctx.globals.quiet) {
    const { Chalk } = await import("chalk");
    const tick = new Chalk({ level: ctx.globals.color ? 1 : 0 }).green("✓");
    const profile = profileOf(ctx) === DEFAULT_PROFILE ? "the default profile" : `profile ${profileOf(ctx)}`;
    // as config get shows it: a base URL's password or token is no more printed than the key
    const what = k === "api-key" ? `${k} saved to ${profile}` : `${k} set to ${oneLine(shown(k, final))} in ${profile}`;
    ctx.io.stderr.write(`${tick} ${what} (${configPath(ctx.io.env)})\n`);
  }
}

export async function unset(key: string, ctx: Context): Promise<void> {
  const k = checkKey(key);
  if (profileOf(ctx) !== DEFAULT_PROFILE) profileSettings(readConfigFile(ctx.io.env), profileOf(ctx));
  let had = false;
  await change(ctx, (settings) => {
    had = settings[k] !== undefined;
    delete settings[k];
  });
  // nothing to remove is fine (a script may unset twice), but a profile's unset leaves the default's value in force
  if (!had) ctx.notice(`'${k}' was not set${where(ctx)}; nothing changed`);
}

/** The effective value of each setting, as text (the key masked). */
export async function list(profiles: boolean, ctx: Context): Promise<void> {
  const g = ctx.globals;
  if (profiles) {
    const file = readConfigFile(ctx.io.env);
    const selected = profileOf(ctx);
    if (!profileNames(file).includes(selected)) {
      const by = g.profileSource?.kind === "flag" ? "--profile" : "MIDS_PROFILE";
      ctx.warn(`the selected profile '${selected}' (${by}) is not in the config file, so commands refuse it: pick one of these, or create it with 'mids config set --profile ${selected} KEY VALUE'`);
    }
    const rows = profileNames(file).map((name) => {
      const s = profileSettings(file, name);
      return {
        profile: name,
        selected: profileOf(ctx) === name,
        settings: Object.fromEntries(Object.entries(s).map(([k, v]) => [k, isWrongType(v) ? `(invalid: ${jsonType(v.wrongType)})` : shown(k, v)])),
      };
    });
    await printList(ctx, [rows], {
      columns: [
        { path: "profile" },
        { path: "selected", format: (v) => (v ? "*" : "") },
        { path: "settings", format: (v) => Object.keys(v as object).join(", ") },
      ],
    });
    return;
  }
  const rows = CONFIG_KEYS.map((k) => {
    const src = sourceOf(g, k) ?? { kind: "default" as const };
    return { key: k, value: effective(ctx.globals, k, ctx.io.stdoutIsTTY), source: src.kind, from: "name" in src ? src.name : src.kind === "file" ? configPath(ctx.io.env) : null };
  });
  // the value is what a user came for: on a terminal too narrow for the table, each setting is its
  // key and source on one line and its value whole on the next (a URL cut with … is of no use)
  if (g.output === "table" && !g.fields && ctx.io.stdoutIsTTY && ctx.io.columns) {
    const text = rows.map((r) => ({ key: r.key, value: oneLine(r.value === null ? "(not set)" : String(r.value)), source: oneLine(sourceText(sourceOf(g, r.key))) }));
    const w = (f: "key" | "value" | "source") => Math.max(f.length, ...text.map((t) => displayWidth(t[f])));
    if (w("key") + w("value") + w("source") + 4 > ctx.io.columns) {
      const kw = w("key");
      ctx.io.stdout.write(text.map((t) => `${fitWidth(t.key, kw)}  (${t.source})\n  ${t.value}\n`).join(""));
      return;
    }
  }
  await printList(ctx, [rows], {
    columns: [
      { path: "key" },
      { path: "value", format: (v) => (v === null ? "(not set)" : String(v)) },
      { path: "source", format: (_v, row) => sourceText(sourceOf(g, (row as { key: ConfigKey }).key)) },
      // the table's SOURCE names the flag, variable, profile or file; a CSV cell is data, so that is a column of its own
      ...(g.output === "csv" ? [{ path: "from" }] : []),
    ],
  });
}

export async function path(ctx: Context): Promise<void> {
  ctx.io.stdout.write(configPath(ctx.io.env) + "\n");
}
