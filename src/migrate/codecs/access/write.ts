// Access log lines out: an access line's own text around the rewritten request field; a request
// from another format as a bare request line.
import type { Writer, WriterKit } from "../write-kit.js";
import { isAccessSource, redactAccessPrefix } from "./source.js";

export function accessWriter(kit: WriterKit): Writer {
  const { clean, redactor: r } = kit;
  return {
    begin: () => "",
    write(item, to, target) {
      const s = item.source;
      // the target is clean (built from the rewrite); the rest of the line may hold a key (referer)
      if (isAccessSource(s)) {
        const rest = (s.proto ? " " + s.proto : "") + (clean ? s.post : r.redactText(s.post));
        const line = (clean ? s.pre : redactAccessPrefix(r, s.pre)) + to.method + " " + target + rest;
        const w = s.wrap;
        if (w === undefined) return line + "\n";
        // a Docker JSON log line: the rewritten line as its `log` again, the rest as it was
        const around = clean ? w : { head: r.redactText(w.head), tail: r.redactText(w.tail) };
        return around.head + JSON.stringify(line + (w.eol ?? "")).slice(1, -1) + around.tail + "\n";
      }
      return `${to.method} ${target} HTTP/1.1\n`;
    },
    end: () => "",
  };
}
