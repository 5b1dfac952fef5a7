// How to leave v2 for a v3-only command or flag: where `api v2` came from decides. A flag is
// dropped; a setting (MIDS_API, a profile, the config file) is overridden with --api v3, as the
// flag wins over it (docs/config.md). "drop --api v2" with no such flag on the line helps nobody.
import type { Context } from "../../context.js";
import { sourceText } from "../../config.js";

export function backToV3(ctx: Pick<Context, "globals">): string {
  const s = ctx.globals.sources?.api;
  return !s || s.kind === "flag" ? "drop --api v2" : `add --api v3: api v2 comes from ${sourceText(s)}`;
}
