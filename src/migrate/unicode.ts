// A request whose URL holds a lone surrogate (a `\ud800` escape in a JSON line or a HAR entry)
// has no UTF-8 form: no v3 URL can be written for it and no replay sent. The readers of migrate
// and migrate verify report it as invalid instead of failing the run.
import type { LogRequest } from "./types.js";

type WellFormed = { isWellFormed(): boolean };
const wellFormed = (s: string): boolean => (s as unknown as WellFormed).isWellFormed();

export const NOT_UNICODE = "the request URL is not valid Unicode (it holds a lone surrogate escape)";

/** NOT_UNICODE when the request's origin, path or a query name or value holds a lone surrogate. */
export function notUnicode(req: Pick<LogRequest, "origin" | "path" | "query">): string | undefined {
  let ok = wellFormed(req.origin) && wellFormed(req.path);
  for (let i = 0; ok && i < req.query.length; i++) ok = wellFormed(req.query[i][0]) && wellFormed(req.query[i][1]);
  return ok ? undefined : NOT_UNICODE;
}
