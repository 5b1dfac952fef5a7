// Notices said once and remembered in the state dir (like gh's update notice): a small JSON map of
// notice ids to when they were first said. A state dir that cannot be read or written only means
// the notice is said again, and a warning says why (once a run: the caller's warn key). The caller
// names the state dir (config.ts stateDir).
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeDirs } from "./make-dir.js";
import { oneLine } from "./sanitize.js";

const FILE = "notices.json";
/** a bound on the file: the oldest ids are forgotten past this many */
const MAX_IDS = 200;

/** An id for a credential that never holds it: the first 16 hex digits of its SHA-256. */
export function keyId(parts: (string | undefined)[]): string {
  return createHash("sha256").update(parts.map((p) => p ?? "").join("\n")).digest("hex").slice(0, 16);
}

/**
 * The first time `id` is asked for in this state dir: "kept" when it is now remembered, "not kept"
 * when the dir cannot be made or written (so a notice must not promise to be said once; `warn` is
 * told why); false after.
 */
export function firstTime(dir: string, id: string, now: Date, warn?: (message: string) => void): false | "kept" | "not kept" {
  const path = join(dir, FILE);
  let seen: Record<string, string> = {};
  try {
    const v = JSON.parse(readFileSync(path, "utf8"));
    if (v && typeof v === "object" && !Array.isArray(v)) seen = v as Record<string, string>;
  } catch {
    // absent or unreadable: nothing remembered yet
  }
  if (Object.hasOwn(seen, id)) return false;
  seen[id] = now.toISOString();
  const kept = Object.fromEntries(Object.entries(seen).slice(-MAX_IDS));
  try {
    makeDirs(dir, 0o700);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(kept) + "\n", { mode: 0o600 });
    renameSync(tmp, path);
  } catch (e) {
    // not remembered: said again next time
    warn?.(stateDirWarning(dir, (e as NodeJS.ErrnoException).code));
    return "not kept";
  }
  return "kept";
}

/** The one warning for a state dir that cannot be made or written (the run goes on without it). */
export function stateDirWarning(dir: string, code: string | undefined, lost = "notices repeat on every run"): string {
  return `the state directory ${oneLine(dir)} cannot be written (${code ?? "error"}): ${lost}; set MIDS_STATE_DIR to a directory mids can write`;
}

/** The warn key of that warning: said once a run, whichever use of the state dir met it first. */
export const STATE_DIR_WARNING = "state-dir";
