// Notices said once and remembered in the state dir (like gh's update notice): a small JSON map of
// notice ids to when they were first said. A state dir that cannot be read or written only means
// the notice is said again. The caller names the state dir (config.ts stateDir).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FILE = "notices.json";
/** a bound on the file: the oldest ids are forgotten past this many */
const MAX_IDS = 200;

/** An id for a credential that never holds it: the first 16 hex digits of its SHA-256. */
export function keyId(parts: (string | undefined)[]): string {
  return createHash("sha256").update(parts.map((p) => p ?? "").join("\n")).digest("hex").slice(0, 16);
}

/**
 * The first time `id` is asked for in this state dir: "kept" when it is now remembered, "not kept"
 * when the dir cannot be written (so a notice must not promise to be said once); false after.
 */
export function firstTime(dir: string, id: string, now: Date): false | "kept" | "not kept" {
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
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(kept) + "\n", { mode: 0o600 });
    renameSync(tmp, path);
  } catch {
    // not remembered: said again next time
    return "not kept";
  }
  return "kept";
}
