// A key the server refused: say so, which key (masked) and where it came from (issue 15), instead
// of the server's "needs an API key".
import { DEFAULT_PROFILE, checkApiKey, maskKey, misspeltSetting, settingFix, sourceText, type SettingSource } from "./config.js";
import { ApiError, EXIT, UsageError, rehinted, restated } from "./errors.js";
import { redact } from "./util/known-secrets.js";
import type { GlobalOptions } from "./context.js";

/** Where keys come from (spec 5.2), as hints say it. */
export const WHERE_KEYS_ARE_MADE = "keys are created in the product's integrations settings";

/**
 * Whether a server's message already says where keys are made ("check the key or create one in
 * integrations settings"): a hint saying "keys are created in the product's integrations
 * settings" after it said it twice.
 */
export function saysWhereKeysAreMade(message: string): boolean {
  return /\bcreate\b/i.test(message) && /\bsettings?\b/i.test(message);
}

/**
 * How to give mids a key: the config first, read from stdin (as doctor says it), into the profile in
 * use; a key on the command line (--api-key) shows in 'ps' and the shell history.
 */
export function noKeyFix(profile: string | undefined): string {
  const p = profile && profile !== DEFAULT_PROFILE ? `--profile ${profile} ` : "";
  return `run 'mids config set ${p}api-key -' (reads it from stdin), set MIDS_API_KEY or pass --api-key (${WHERE_KEYS_ARE_MADE}; try --sandbox for a demo)`;
}

/** The error to report: a rejected key is named (masked) with its source; anything else unchanged. */
export function explainRejectedKey(err: unknown, g: Pick<GlobalOptions, "apiKey" | "sources" | "profile">, env?: Record<string, string | undefined>): unknown {
  const key = g.apiKey;
  // the request did not send the configured key (mids api -H): its error already names the one sent
  if (!(err instanceof ApiError) || err.credentialFrom) return err;
  // a page, not the API's error JSON (a proxy's block page): no word on the key (errormap.ts says what answered)
  if (typeof err.body === "string" && err.body.trim() !== "") return err;
  if (!key) {
    // a v2 401/403 sent without a key: there is no key to check, one is missing
    if (err.exitCode === EXIT.credentials && err.code !== "entitlement_required") {
      // (a hand-edited file's 'apiKey' looks set to its author: the likely cause comes first)
      const misspelt = env && misspeltSetting("api-key", env, g.profile);
      const fix = noKeyFix(g.profile);
      rehinted(err, `${err.code === "credential_required" ? "" : "no API key is set: "}${misspelt ? `${misspelt}; or ${fix}` : fix}`);
    }
    return err;
  }
  // a missing entitlement is the key's, not a rejected key, whatever the status (the spec gives none)
  if (err.code === "entitlement_required" || (err.code !== "credential_required" && err.status !== 401)) return err;
  const source = g.sources?.["api-key"];
  const body = err.body && typeof err.body === "object" ? (err.body as Record<string, unknown>) : {};
  // the server's words may quote the key back
  const said = typeof body.message === "string" && body.message.trim() ? redact(body.message.trim(), [key]) : undefined;
  const e = new ApiError(`the API key ${maskKey(key)} (from ${sourceText(source)}) was rejected${said ? `: ${said}` : ""}`, {
    code: err.code, status: err.status ?? 401, details: err.details, headers: err.headers, body: err.body,
    // (the server's words may say where keys are made already: said once)
    hint: `${settingFix("api-key", source, g.profile)}${said && saysWhereKeysAreMade(said) ? "" : `; ${WHERE_KEYS_ARE_MADE}`} (or try --sandbox)`,
  });
  e.exitCode = err.exitCode;
  // (a key refused on page 3 of --all: how far the walk got, and the cursor to go on from once it is fixed)
  return restated(e, err);
}

/**
 * A key with blanks, control or non-ASCII characters inside is refused before it is sent, naming
 * its source, rather than failing as a bad header. Only commands that send it check it.
 */
export function checkedKey(key: string, source: SettingSource | undefined, profile?: string): string {
  try {
    checkApiKey(key);
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/^the API key/, `the API key (from ${sourceText(source)})`), { hint: settingFix("api-key", source, profile) });
  }
  return key;
}

