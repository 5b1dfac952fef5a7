// A key the server refused: say so, which key (masked) and where it came from (issue 15), instead
// of the server's "needs an API key".
import { DEFAULT_PROFILE, maskKey, sourceText, type SettingSource } from "./config.js";
import { ApiError } from "./errors.js";
import { redact } from "./client/request.js";
import type { GlobalOptions } from "./context.js";

function fixFor(source: SettingSource | undefined, selected: string | undefined): string {
  switch (source?.kind) {
    case "flag": return "check the key passed to --api-key";
    case "env": return `check ${source.name}, or unset it to use the configured key`;
    case "profile": return `replace it with 'mids config set --profile ${source.name} api-key -'`;
    // with a profile selected, a plain 'config set' would write into that profile instead
    case "file": return selected && selected !== DEFAULT_PROFILE
      ? `replace it with 'mids config set --profile ${DEFAULT_PROFILE} api-key -', or give profile '${selected}' its own key`
      : "replace it with 'mids config set api-key -'";
    default: return "check the key";
  }
}

/** The error to report: a rejected key is named (masked) with its source; anything else unchanged. */
export function explainRejectedKey(err: unknown, g: Pick<GlobalOptions, "apiKey" | "sources" | "profile">): unknown {
  const key = g.apiKey;
  if (!(err instanceof ApiError) || !key) return err;
  if (err.code !== "credential_required" && err.status !== 401) return err;
  const source = g.sources?.["api-key"];
  const body = err.body && typeof err.body === "object" ? (err.body as Record<string, unknown>) : {};
  // the server's words may quote the key back
  const said = typeof body.message === "string" && body.message.trim() ? redact(body.message.trim(), [key]) : undefined;
  const e = new ApiError(`the API key ${maskKey(key)} (from ${sourceText(source)}) was rejected${said ? `: ${said}` : ""}`, {
    code: err.code, status: err.status ?? 401, details: err.details, headers: err.headers, body: err.body,
    hint: `${fixFor(source, g.profile)}; keys are created in the product's integrations settings (or try --sandbox)`,
  });
  e.exitCode = err.exitCode;
  return e;
}
