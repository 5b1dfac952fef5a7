// Docker's JSON log files (the json-file driver: /var/lib/docker/containers/*/*-json.log), one
// `{"log":"<the container's line>\n","stream":"stdout","time":"..."}` per line: each `log` is
// unwrapped and read as an access log line; the writer puts the rewritten line back in its place
// (write.ts), the rest of the JSON line as it was. Chosen per input (detect.ts), never per line.
import type { Handler, Item } from "../../types.js";
import type { LineSink } from "../../lines.js";
import { accessLines } from "./read.js";
import type { DockerWrap } from "./source.js";

/** Docker writes `log` first: the JSON text up to its value's characters. */
const HEAD = '{"log":"';

/** The end of the JSON string whose characters start at `from` (the index of its closing quote), or -1. */
function stringEnd(t: string, from: number): number {
  for (let i = t.indexOf('"', from); i >= 0; i = t.indexOf('"', i + 1)) {
    let k = i - 1;
    while (k >= from && t.charCodeAt(k) === 92) k--;
    if ((i - 1 - k) % 2 === 0) return i;
  }
  return -1;
}

/** A Docker JSON line's `log` and the JSON text around its characters, or why it is not one. */
export function unwrapDocker(line: string): { log: string; wrap: DockerWrap } | string {
  const t = line.trim();
  if (t.startsWith(HEAD)) {
    const end = stringEnd(t, HEAD.length);
    if (end > 0 && t.charCodeAt(t.length - 1) === 125) {
      let log: unknown;
      try { log = JSON.parse(t.slice(HEAD.length - 1, end + 1)); } catch { log = undefined; }
      if (typeof log === "string") return { log, wrap: { head: HEAD, tail: t.slice(end) } };
    }
  }
  // another layout (keys in another order, a log shipper's copy): the object, with its `log` replaced
  let obj: unknown;
  try { obj = JSON.parse(t); } catch { return "not a Docker JSON log line (not valid JSON)"; }
  if (!obj || typeof obj !== "object" || Array.isArray(obj) || typeof (obj as Record<string, unknown>).log !== "string") {
    return "not a Docker JSON log line (no \"log\" string)";
  }
  const o = obj as Record<string, unknown>;
  const log = o.log as string;
  // the JSON text around the value: a marker no log holds, split out
  o.log = "\u0000";
  const text = JSON.stringify(o);
  const at = text.indexOf('"\\u0000"');
  return { log, wrap: { head: text.slice(0, at + 1), tail: text.slice(at + 7) } };
}

/** A Docker JSON log's lines into items: each `log` read as an access log line. */
export function dockerLines(handle: Handler, file: string | undefined): LineSink {
  const base = file ? { file } : {};
  let wrap: DockerWrap | undefined;
  // the access reader's items, each given the JSON text it came in
  const inner = accessLines((it: Item) => {
    if (it.kind === "request") (it.source as { wrap?: DockerWrap }).wrap = wrap;
    return handle(it);
  }, file);
  return (line, lineNo, bad) => {
    if (line === null) return handle({ kind: "invalid", position: lineNo, reason: bad ?? "unreadable line", ...base });
    if (line.trim() === "") return;
    const u = unwrapDocker(line);
    if (typeof u === "string") return handle({ kind: "invalid", position: lineNo, reason: u, ...base });
    // the container's line ends with its newline (CRLF too), written back after the rewritten line
    let log = u.log;
    let eol = "";
    if (log.endsWith("\n")) { eol = log.endsWith("\r\n") ? "\r\n" : "\n"; log = log.slice(0, log.length - eol.length); }
    u.wrap.eol = eol;
    wrap = u.wrap;
    return inner(log, lineNo);
  };
}
