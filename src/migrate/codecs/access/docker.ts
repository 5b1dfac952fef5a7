// Docker's JSON log files (the json-file driver: /var/lib/docker/containers/*/*-json.log), one
// `{"log":"<the container's line>\n","stream":"stdout","time":"..."}` per line: each `log` is
// unwrapped and read as an access log line; the writer puts the rewritten line back in its place
// (write.ts), the rest of the JSON line as it was. Chosen per input (detect.ts), never per line.
import type { Handler, Item } from "../../types.js";
import { MAX_LINE_BYTES, type LineSink } from "../../lines.js";
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

/** The `stream` a Docker line's JSON text around its `log` names (stdout, stderr), if any. */
const streamOf = (w: DockerWrap): string | undefined => /"stream"\s*:\s*"([^"\\]*)"/.exec(w.head + w.tail)?.[1];

/**
 * Is a Docker JSON line one part of a longer line? Docker cuts a container's line past 16 KB into
 * entries whose `log` ends without the newline; the line sink joins them (dockerLines), so a batch
 * of lines for another thread must not end after one (codecs/access/lines.ts).
 */
export function isDockerPart(line: string): boolean {
  if (line.trim() === "") return false;
  const u = unwrapDocker(line);
  return typeof u !== "string" && !u.log.endsWith("\n");
}

/**
 * A Docker JSON log's lines into items: each `log` read as an access log line. The parts of a line
 * Docker cut (isDockerPart) are joined, up to the next entry of the same stream whose `log` ends
 * the line, and read as one line at the first part's position, written back as one entry (the
 * first part's JSON around it). An entry of another stream, a blank or unreadable line, or the
 * input's end reads a line left open as it stands.
 */
export function dockerLines(handle: Handler, file: string | undefined): { onLine: LineSink; finish: () => void | Promise<void> } {
  const base = file ? { file } : {};
  let wrap: DockerWrap | undefined;
  // the access reader's items, each given the JSON text it came in
  const inner = accessLines((it: Item) => {
    if (it.kind === "request") (it.source as { wrap?: DockerWrap }).wrap = wrap;
    return handle(it);
  }, file);
  // a line cut by Docker, its parts so far
  let open: { parts: string[]; length: number; wrap: DockerWrap; stream: string | undefined; lineNo: number } | undefined;
  const read = (log: string, w: DockerWrap, lineNo: number): void | Promise<void> => {
    // the container's line ends with its newline (CRLF too), written back after the rewritten line
    let eol = "";
    if (log.endsWith("\n")) { eol = log.endsWith("\r\n") ? "\r\n" : "\n"; log = log.slice(0, log.length - eol.length); }
    w.eol = eol;
    wrap = w;
    return inner(log, lineNo);
  };
  const close = (): void | Promise<void> => {
    if (!open) return;
    const o = open;
    open = undefined;
    if (o.length > MAX_LINE_BYTES) return handle({ kind: "invalid", position: o.lineNo, reason: `line longer than ${MAX_LINE_BYTES / 1024} KiB (joined from ${o.parts.length} Docker log entries)`, ...base });
    return read(o.parts.join(""), o.wrap, o.lineNo);
  };
  const after = (p: void | Promise<void>, next: () => void | Promise<void>) => (p ? p.then(next) : next());
  const onLine: LineSink = (line, lineNo, bad) => {
    if (line === null) return after(close(), () => handle({ kind: "invalid", position: lineNo, reason: bad ?? "unreadable line", ...base }));
    if (line.trim() === "") return close();
    const u = unwrapDocker(line);
    if (typeof u === "string") return after(close(), () => handle({ kind: "invalid", position: lineNo, reason: u, ...base }));
    const part = !u.log.endsWith("\n");
    if (open) {
      const stream = streamOf(u.wrap);
      if (stream === open.stream) {
        // (past the cap the parts are only counted: the joined line is one invalid entry)
        if (open.length <= MAX_LINE_BYTES) open.parts.push(u.log);
        open.length += u.log.length;
        return part ? undefined : close();
      }
      return after(close(), () => onLine(line, lineNo));
    }
    if (part) {
      open = { parts: [u.log], length: u.log.length, wrap: u.wrap, stream: streamOf(u.wrap), lineNo };
      return;
    }
    return read(u.log, u.wrap, lineNo);
  };
  return { onLine, finish: close };
}
