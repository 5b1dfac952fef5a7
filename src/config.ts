// User config (~/.config/mids/config.json) and state (~/.local/state/mids) locations.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { UsageError } from "./errors.js";

export const CONFIG_KEYS = ["base-url", "api-key", "output", "api", "timeout", "max-retries"] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];
export type Config = Partial<Record<ConfigKey, string>>;

export function configDir(env: Record<string, string | undefined>): string {
  if (env.MIDS_CONFIG_DIR) return env.MIDS_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config"), "mids");
}

export function stateDir(env: Record<string, string | undefined>): string {
  if (env.MIDS_STATE_DIR) return env.MIDS_STATE_DIR;
  return join(env.XDG_STATE_HOME || join(env.HOME || homedir(), ".local", "state"), "mids");
}

export function configPath(env: Record<string, string | undefined>): string {
  return join(configDir(env), "config.json");
}

export function readConfig(env: Record<string, string | undefined>): Config {
  const p = configPath(env);
  if (!existsSync(p)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(p, "utf8"));
  } catch (e) {
    throw new UsageError(`config file ${p} is not valid JSON (${(e as Error).message})`, { hint: `fix it, or remove it and run 'mids config set'` });
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new UsageError(`config file ${p} must hold a JSON object`);
  const out: Config = {};
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if ((CONFIG_KEYS as readonly string[]).includes(k) && typeof v === "string") out[k as ConfigKey] = v;
  }
  return out;
}

/** Atomic write (tmp + rename), mode 0600: the file may hold the key. */
export function writeJsonAtomic(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value, null, 2) + "\n", { mode: 0o600 });
  renameSync(tmp, path);
}

export function writeConfig(env: Record<string, string | undefined>, cfg: Config): void {
  writeJsonAtomic(configPath(env), cfg);
}
