import type { Context } from "../../context.js";
import { CONFIG_KEYS, configPath, readConfig, writeConfig, type Config, type ConfigKey } from "../../config.js";
import { UsageError } from "../../errors.js";
import { OUTPUT_FORMATS } from "../../context.js";
import { requireDurationMs } from "../../util/time.js";
import { joinUrl } from "../../client/request.js";
import { parseIntFlag } from "../shared/options.js";

function checkKey(key: string): ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(key)) throw new UsageError(`unknown setting '${key}'`, { hint: `settings: ${CONFIG_KEYS.join(", ")}` });
  return key as ConfigKey;
}

function checkValue(key: ConfigKey, value: string): void {
  if (key === "output" && !(OUTPUT_FORMATS as readonly string[]).includes(value)) throw new UsageError(`output must be one of ${OUTPUT_FORMATS.join(", ")}`);
  if (key === "api" && value !== "v2" && value !== "v3") throw new UsageError("api must be v2 or v3");
  if (key === "timeout") requireDurationMs("timeout", value);
  if (key === "max-retries") parseIntFlag("max-retries", value, 0, 20);
  if (key === "base-url") joinUrl(value, "/");
}

/** Write the config file; a path that cannot be written is the user's to fix, not a bug. */
function save(ctx: Context, cfg: Config): void {
  try {
    writeConfig(ctx.io.env, cfg);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new UsageError(`cannot write the config file ${configPath(ctx.io.env)}: ${err.code ?? err.message}`, {
      hint: "check that its directory can be created and written, or set MIDS_CONFIG_DIR to another directory",
    });
  }
}

const shown = (key: string, v: string) => (key === "api-key" ? `${v.slice(0, 4)}…(redacted)` : v);

export async function get(key: string, ctx: Context): Promise<void> {
  const k = checkKey(key);
  const v = readConfig(ctx.io.env)[k];
  if (v === undefined) throw new UsageError(`'${k}' is not set`, { hint: `mids config set ${k} VALUE` });
  ctx.io.stdout.write(`${k === "api-key" ? shown(k, v) : v}\n`);
}

export async function set(key: string, value: string, ctx: Context): Promise<void> {
  const k = checkKey(key);
  checkValue(k, value);
  const cfg = readConfig(ctx.io.env);
  cfg[k] = value;
  save(ctx, cfg);
}

export async function unset(key: string, ctx: Context): Promise<void> {
  const k = checkKey(key);
  const cfg = readConfig(ctx.io.env);
  delete cfg[k];
  save(ctx, cfg);
}

export async function list(ctx: Context): Promise<void> {
  const cfg = readConfig(ctx.io.env);
  for (const k of CONFIG_KEYS) if (cfg[k] !== undefined) ctx.io.stdout.write(`${k}=${shown(k, cfg[k]!)}\n`);
}

export async function path(ctx: Context): Promise<void> {
  ctx.io.stdout.write(configPath(ctx.io.env) + "\n");
}
