// How a setting's value is shown (config get and list, doctor): the key masked, a base URL without
// its credentials, durations and sizes as users write them.
import type { Context } from "../../context.js";
import { maskKey, type ConfigKey, type SettingSource } from "../../config.js";
import { redactUrl } from "../../contract/secrets.js";
import { formatBytes } from "../../util/bytes.js";

/** A stored value as config get|list show it: the key masked, a base URL without its credentials. */
export const shown = (key: string, v: string): string => (key === "api-key" ? maskKey(v) : key === "base-url" ? redactUrl(v) : v);

/** The value a setting has in this run, as shown (null: none). */
export const EFFECTIVE: Record<ConfigKey, (g: Context["globals"]) => string | null> = {
  "base-url": (g) => (g.sandbox ? "(a sandbox on a free loopback port)" : g.baseUrl === undefined ? null : shown("base-url", g.baseUrl)),
  "api-key": (g) => (g.apiKey ? maskKey(g.apiKey) : g.sandbox ? "(the sandbox demo key)" : null),
  output: (g) => g.output,
  api: (g) => g.api,
  timeout: (g) => `${g.timeoutMs / 1000}s`,
  "max-retries": (g) => String(g.maxRetries),
  "max-body-size": (g) => (g.maxBodyBytes === undefined ? null : formatBytes(g.maxBodyBytes).replace(" ", "")),
  "max-pages": (g) => (g.maxPages === undefined ? null : String(g.maxPages)),
};

/**
 * Where a setting comes from, as config get and list and doctor report it: for `output`, without
 * the command's own -o, which says how to print its answer (`config get output -o json`), not
 * which output the other commands use.
 */
export function sourceOf(g: Context["globals"], key: ConfigKey): SettingSource | undefined {
  if (key === "output" && g.sources?.output?.kind === "flag") return g.outputSetting?.source ?? { kind: "default" };
  return g.sources?.[key];
}

/** A setting's effective value, as sourceOf reads its source (`stdoutIsTTY`: the default output's terminal). */
export function effective(g: Context["globals"], key: ConfigKey, stdoutIsTTY: boolean): string | null {
  if (key === "output" && g.sources?.output?.kind === "flag") return g.outputSetting?.value ?? (stdoutIsTTY ? "table" : "json");
  return EFFECTIVE[key](g);
}

