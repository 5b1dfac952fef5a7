// Input format detection from the first bytes of an input (--from-format overrides).
//
// Contract for the caller (pipeline.ts): pass the input's first bytes as text, ideally up to and
// including the end of its first non-blank line (a line can be up to MAX_LINE_BYTES long, so a
// fixed 64 KB peek may cut it). The head may end mid-line: the last, unterminated line is only
// trusted when it parses; a cut first line is decided from how it starts (`{"log"` is HAR, any
// other `{` a JSON line), never from its length.
import type { FromFormat } from "./types.js";
import { looksLikeAccess } from "./codecs/access/read.js";
import { cloudFrontFields } from "./codecs/access/cloudfront.js";

/** The first line that is neither blank nor a `#` comment, and whether a line break ends it in `head`. */
export function firstLine(head: string): { line: string; complete: boolean } {
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  let pos = 0;
  while (pos < text.length) {
    const nl = text.indexOf("\n", pos);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(pos, end).trim();
    if (line !== "" && !line.startsWith("#")) return { line, complete: nl >= 0 };
    if (nl < 0) break;
    pos = nl + 1;
  }
  return { line: "", complete: false };
}

/**
 * A Docker JSON log line (the json-file driver): `log` a string, with the `stream` and `time` it
 * always writes beside it. Its `log` is then an access line (a JSON line of another kind names a
 * request, not a container's output).
 */
function isDockerLine(o: Record<string, unknown>): boolean {
  return typeof o.log === "string" && typeof o.stream === "string" && typeof o.time === "string";
}

export function detectFormat(head: string): FromFormat {
  const text = (head.charCodeAt(0) === 0xfeff ? head.slice(1) : head).trimStart();
  // CloudFront's standard logs: `#Version: 1.0`, then `#Fields:` naming cs-method and cs-uri-stem
  if (text.startsWith("#") && cloudFrontFields(text)) return "cloudfront";
  const { line: first, complete } = firstLine(head);
  if (first.startsWith("{") || first.startsWith("[")) {
    // HAR: one JSON document whose first key is "log" (minified or pretty-printed)
    // (Docker's JSON lines start with a "log" string: `{"log":"...","stream":"stdout"}`)
    if (/^\{\s*"log"\s*:\s*\{/.test(text)) return "har";
    let parsed: unknown;
    try { parsed = JSON.parse(first); } catch { parsed = undefined; }
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const log = (parsed as Record<string, unknown>).log;
      if (isDockerLine(parsed as Record<string, unknown>)) return "docker";
      return log && typeof log === "object" ? "har" : "ndjson";
    }
    if (parsed !== undefined) return "har"; // a JSON array or scalar is no request log: HAR reports it
    // a first line cut by the end of the head: judged by its start, whatever its length
    if (!complete) return first.startsWith("{") ? "ndjson" : "har";
    // a complete line that is not JSON: a document spread over lines (HAR), or a broken JSON line
    const rest = text.slice(text.indexOf(first) + first.length).split(/\r?\n/).find((l) => l.trim() !== "")?.trim();
    if (first === "{" || first === "[" || /"entries"\s*:/.test(text)) return "har";
    return rest === undefined || rest.startsWith("{") ? "ndjson" : "har";
  }
  if (/^(?:\$\s+)?curl(?:\s|$)/.test(first)) return "curl";
  if (looksLikeAccess(first)) return "access";
  return "access";
}
