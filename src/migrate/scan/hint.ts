// A scan that finds no v2 usage but passed over strings that a --host would have it read: calls
// behind a gateway path (`"/api/v2/projects"`, `https://gw.example/api/v2/...`) and a base URL
// ending in /v2 on a host not given as the API's. One line on stderr says so, with the flag to
// pass. Only a run that found nothing pays for it: the files it reads again are those whose
// bytes held `/v2` and gave no usage (scan.ts keeps them while the run has found none).
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { Analyzer } from "./analyze.js";
import { passedOver } from "./extract.js";
import { SourceRedaction, type ScanRules } from "./redact.js";
import { oneLine } from "../../util/sanitize.js";
import { READ_FLAGS, sourceText, utf16Of } from "./scan.js";
import { fsPath, type FileEntry } from "./walk.js";

/** The v2 base URL rule (a string ending at /v2 given to a name): read on an own host only. */
const BASE_RULE = "v2-base-url";
/** How many --host flags the line names; the others are counted. */
const MAX_FLAGS = 3;

/** A file's text as the scan decodes it (scan.ts: sourceText), or undefined when it is no regular file under `max` bytes now. */
function readText(e: FileEntry, max: number): string | undefined {
  let fd: number;
  try { fd = openSync(fsPath(e), READ_FLAGS); } catch { return undefined; }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > max) return undefined;
    const buf = Buffer.allocUnsafe(st.size);
    let off = 0;
    for (let n; off < buf.length && (n = readSync(fd, buf, off, buf.length - off, off)) > 0;) off += n;
    const b = buf.subarray(0, off);
    return sourceText(b, utf16Of(b)).text;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

export interface HintOptions {
  now: Date;
  /** the API's own hosts (the run's): a host to name for strings that have none */
  hosts: readonly string[];
  maxBytes: number;
  /** the run's redaction rules (tests add generated ones) */
  rules?: ScanRules;
}

/**
 * The line for a run that found no usage, when strings in `files` would be v2 usages with a
 * --host (a host and the path before /v2), or undefined. Counted: strings and files, by flag.
 */
export function passedOverHint(files: readonly FileEntry[], opts: HintOptions): string | undefined {
  // every host is the API's here: which strings a --host would make usages is what is asked
  const analyzer = new Analyzer({ now: opts.now, ownHost: (h) => !!h, rules: opts.rules });
  // a host and a path come from the files: shown as scan shows their lines (a key in a path is not)
  const redaction = new SourceRedaction(opts.rules);
  const found: { host: string; prefix: string; file: string }[] = [];
  for (const e of files) {
    const text = readText(e, opts.maxBytes);
    if (text === undefined || text.indexOf("/v2") < 0) continue;
    for (const p of passedOver(text)) {
      const u = analyzer.usage(text, p.route);
      // a known route below the root (not one any API may have: `github.com/org/mod/v2` is the
      // root, on its own host), or a base URL the calls are built on
      if (!u || !(u.rules.includes(BASE_RULE) || (u.routeId !== undefined && u.from.path.length > 4))) continue;
      found.push({ host: p.host, prefix: p.prefix, file: e.file });
    }
  }
  if (!found.length) return undefined;
  // a string with no host is read under its path on any --host: the host most seen with that
  // path, else the run's own, else a word for it
  const hostsOf = new Map<string, Map<string, number>>();
  for (const f of found) if (f.host) { const m = hostsOf.get(f.prefix) ?? hostsOf.set(f.prefix, new Map()).get(f.prefix)!; m.set(f.host, (m.get(f.host) ?? 0) + 1); }
  const hostFor = (prefix: string): string => {
    const m = hostsOf.get(prefix);
    if (m) return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
    return opts.hosts[0] ?? "HOST";
  };
  const byFlag = new Map<string, number>();
  for (const f of found) {
    const flag = `--host ${oneLine(redaction.line(`${f.host || hostFor(f.prefix)}${f.prefix}`))}`;
    byFlag.set(flag, (byFlag.get(flag) ?? 0) + 1);
  }
  const rows = [...byFlag].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const flags = rows.slice(0, MAX_FLAGS).map(([f]) => f).join(" ");
  const more = rows.length > MAX_FLAGS ? ` (and ${rows.length - MAX_FLAGS} more hosts or paths)` : "";
  const why: string[] = [];
  if (found.some((f) => f.prefix)) why.push("calls under a path before /v2, a gateway's or a proxy's");
  if (found.some((f) => !f.prefix)) why.push("a base URL ending in /v2 on a host not given as the API's");
  if (flags.includes("--host HOST/")) why.push("HOST is the API's host");
  const s = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  const nFiles = new Set(found.map((f) => f.file)).size;
  return `mids: hint: ${s(found.length, "string")} in ${s(nFiles, "file")} would be read as v2 calls with ${flags}${more} (${why.join("; ")}): pass ${rows.length === 1 ? "it" : "them"} if that is the API\n`;
}
