// Alert ids from arguments, or from stdin with `-` (one per line) so scripts can pipe them.
import { UsageError } from "../../errors.js";

export const STDIN_MARK = "-";

/** One id per line; blank lines and `#` comments are skipped. A line with inner spaces is not an id. */
export function parseIdLines(text: string): string[] {
  const ids: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    if (/\s/.test(line)) {
      throw new UsageError(`stdin line ${i + 1} is not an alert id: '${line.slice(0, 60)}'`, { hint: "pipe one id per line (e.g. jq -r '.[].id')" });
    }
    ids.push(line);
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
      all.push(...fromStdin);
    } else {
      const id = a.trim();
      if (!id || /\s/.test(id)) throw new UsageError(`'${a}' is not an alert id`, { hint: "pass ids such as alr_0123456789abcdef, or - to read them from stdin" });
      all.push(id);
    }
  }
  const seen = new Set<string>();
  const duplicates: string[] = [];
  const ids = all.filter((id) => (seen.has(id) ? (duplicates.push(id), false) : (seen.add(id), true)));
  return { ids, duplicates, fromStdin: marks === 1 };
}
