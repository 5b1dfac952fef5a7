// A scan that finds no v2 usage but passed over strings that a --host would have it read: calls
// behind a gateway path (`"/api/v2/projects"`, `https://gw.example/api/v2/...`) and a base URL
// ending in /v2 on a host not given as the API's. One line on stderr says so, with the flag to
// pass. What it needs is counted as the scan reads each file (scan.ts: a file whose bytes held
// `/v2` and gave no usage, while the run has found none): no file is read twice, and a run that
// finds a usage stops counting.
import type { Analyzer } from "./analyze.js";
import { passedOver } from "./extract.js";
import { SourceRedaction, type ScanRules } from "./redact.js";
import { oneLine } from "../../util/sanitize.js";
import { detached } from "../../util/memo.js";

/** How many --host flags the line names; the others are counted. */
const MAX_FLAGS = 3;

/**
 * The strings of the files a run passed over that a --host would read as v2 usages: how many, in
 * how many files, and by the path before /v2 and the host ("" for none) they are under.
 */
export class PassedTally {
  strings = 0;
  files = 0;
  /** path before /v2 -> host -> strings (copies: a slice would keep a file's text alive) */
  readonly byPrefix = new Map<string, Map<string, number>>();

  /** Count the strings of `text`, a file's that held `/v2` and gave no usage. */
  add(text: string, analyzer: Analyzer): void {
    const before = this.strings;
    for (const p of passedOver(text)) {
      // a known route below the root (not one any API may have: `github.com/org/mod/v2` is the
      // root, on its own host), or a base URL the calls are built on: every host is the API's
      // here, since which strings a --host would make usages is what is asked
      if (!analyzer.readsAsCall(text, p.route, !!p.host)) continue;
      let hosts = this.byPrefix.get(p.prefix);
      if (!hosts) this.byPrefix.set(detached(p.prefix), (hosts = new Map()));
      const n = hosts.get(p.host);
      hosts.set(n === undefined ? detached(p.host) : p.host, (n ?? 0) + 1);
      this.strings++;
    }
    if (this.strings > before) this.files++;
  }
}

export interface HintOptions {
  /** the API's own hosts (the run's): a host to name for strings that have none */
  hosts: readonly string[];
  /** the run's redaction rules (tests add generated ones) */
  rules?: ScanRules;
}

/**
 * The line for a run that found no usage, when strings it passed over would be v2 usages with a
 * --host (a host and the path before /v2), or undefined. Counted: strings and files, by flag.
 */
export function passedOverHint(tally: PassedTally, opts: HintOptions): string | undefined {
  if (!tally.strings) return undefined;
  // a host and a path come from the files: shown as scan shows their lines (a key in a path is not)
  const redaction = new SourceRedaction(opts.rules);
  // a string with no host is read under its path on any --host: the host most seen with that
  // path, else the run's own, else a word for it
  const hostFor = (prefix: string): string => {
    const seen = [...(tally.byPrefix.get(prefix) ?? [])].filter(([h]) => h);
    if (seen.length) return seen.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
    return opts.hosts[0] ?? "HOST";
  };
  const byFlag = new Map<string, number>();
  let underPath = false;
  let onHost = false;
  for (const [prefix, hosts] of tally.byPrefix) {
    if (prefix) underPath = true; else onHost = true;
    for (const [host, n] of hosts) {
      const flag = `--host ${oneLine(redaction.line(`${host || hostFor(prefix)}${prefix}`))}`;
      byFlag.set(flag, (byFlag.get(flag) ?? 0) + n);
    }
  }
  const rows = [...byFlag].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const flags = rows.slice(0, MAX_FLAGS).map(([f]) => f).join(" ");
  const more = rows.length > MAX_FLAGS ? ` (and ${rows.length - MAX_FLAGS} more hosts or paths)` : "";
  const why: string[] = [];
  if (underPath) why.push("calls under a path before /v2, a gateway's or a proxy's");
  if (onHost) why.push("a base URL ending in /v2 on a host not given as the API's");
  if (flags.includes("--host HOST/")) why.push("HOST is the API's host");
  const s = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  return `mids: hint: ${s(tally.strings, "string")} in ${s(tally.files, "file")} would be read as v2 calls with ${flags}${more} (${why.join("; ")}): pass ${rows.length === 1 ? "it" : "them"} if that is the API\n`;
}
