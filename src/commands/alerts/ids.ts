// Alert ids from arguments, or from stdin with `-` (one per line) so scripts can pipe them.
import { buildPath, matchPath, route } from "../../contract/routes.js";
import { UsageError } from "../../errors.js";
import { oneLine } from "../../util/sanitize.js";
import { noStdin } from "../shared/args.js";
import { pushAll } from "../../util/arrays.js";

export const STDIN_MARK = "-";

/** A bad value quoted in an error: short, so binary junk on stdin stays one readable line. */
const shorten = (s: string) => ([...s].length > 60 ? [...s].slice(0, 60).join("") + "…" : s);

/**
 * An id as given on the command line: one word, and not one that makes the alert path another
 * route (`destinations` would read GET /v3/alerts/destinations, the destination list).
 */
export function checkAlertId(raw: string, oneArgument = false): string {
  const id = raw.trim();
  // get and update take one id as typed: '-' (gh's stdin) is never sent as one
  if (oneArgument && id === STDIN_MARK) throw noStdin("alert id", "pass the id itself; 'mids alerts pause -' and 'resume -' read ids from stdin");
  // '.' and '..' are dot segments: URL normalisation would send them to another path
  // ... and control characters or U+FFFD (invalid UTF-8 on stdin) are never part of an id
  if (!id || /[\s\u0000-\u001f\u007f-\u009f\ufffd]/.test(id) || id === "." || id === "..") {
    throw new UsageError(`'${shorten(oneLine(raw))}' is not an alert id`, { hint: "pass ids such as alr_0123456789abcdef, or - to read them from stdin" });
  }
  const read = route("v3.alerts.get");
  const other = matchPath(buildPath(read, { id })).find((m) => m.route.path !== read.path && !("id" in m.params));
  if (other) {
    throw new UsageError(`'${id}' is not an alert id: ${other.route.method} ${other.route.path} is another call`, {
      hint: `did you mean 'mids alerts ${id}'?`,
    });
  }
  return id;
}

/** One id per line; blank lines and `#` comments are skipped. A line with inner spaces is not an id. */
export function parseIdLines(text: string): string[] {
  const ids: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    if (/\s/.test(line)) {
      throw new UsageError(`stdin line ${i + 1} is not an alert id: '${shorten(line)}'`, { hint: "pipe one id per line (e.g. jq -r '.[].id')" });
    }
    // JSON on stdin (`jq '.[].id'` without -r prints "alr_..."; `-o json` an array): each line
    // was sent as an id, read back as not found (exit 4); it is refused before anything is sent
    if (/^"[^"]*"$|^[[{]/.test(line)) {
      throw new UsageError(`stdin line ${i + 1} is JSON, not an alert id: '${shorten(oneLine(line))}'`, {
        hint: "pipe the ids raw, one per line: jq -r '.[].id', or mids' own --jq '.[].id', which prints strings raw",
      });
    }
    ids.push(checkAlertId(line));
  });
  return ids;
}

export interface CollectedIds {
  ids: string[];
  /** ids given more than once (sent once) */
  duplicates: string[];
  fromStdin: boolean;
}

/** Expand `-` into the ids read from stdin, drop duplicates, keep the order given. */
export async function collectIds(args: readonly string[], readStdin: () => Promise<string>): Promise<CollectedIds> {
  const marks = args.filter((a) => a === STDIN_MARK).length;
  if (marks > 1) throw new UsageError("'-' (read ids from stdin) may be given only once");
  const all: string[] = [];
  for (const a of args) {
    if (a === STDIN_MARK) {
      const fromStdin = parseIdLines(await readStdin());
      if (!fromStdin.length) throw new UsageError("no alert ids on stdin", { hint: "pipe one id per line, or pass the ids as arguments" });
      pushAll(all, fromStdin);
    } else {
      all.push(checkAlertId(a));
    }
  }
  const seen = new Set<string>();
  const duplicates: string[] = [];
  const ids = all.filter((id) => (seen.has(id) ? (duplicates.push(id), false) : (seen.add(id), true)));
  return { ids, duplicates, fromStdin: marks === 1 };
}
