// Access log lines out: an access line's own text around the rewritten request field; a request
// from another format as a bare request line.
import type { Writer, WriterKit } from "../write-kit.js";
import { cloudFrontField, isAccessSource, redactAccessPrefix, type CloudFrontLine } from "./source.js";
import { REDACTED, type Redactor } from "../../../redact/index.js";

/**
 * A CloudFront record with the rewritten request in its method, stem and query fields (written as
 * CloudFront writes them), every other field as it was; `r`: its fields are not redacted yet.
 */
function cloudFrontRecord(cf: CloudFrontLine, method: string, rel: string, r: Redactor | undefined): string {
  const f = cf.fields.slice();
  if (r) for (let i = 0; i < f.length; i++) f[i] = i === cf.cookie && f[i] !== "-" ? REDACTED : r.redactText(f[i]);
  const q = rel.indexOf("?");
  f[cf.method] = method;
  f[cf.stem] = cloudFrontField(q < 0 ? rel : rel.slice(0, q));
  if (cf.query >= 0) f[cf.query] = q < 0 || q === rel.length - 1 ? "-" : cloudFrontField(rel.slice(q + 1));
  return f.join("\t") + "\n";
}

export function accessWriter(kit: WriterKit): Writer {
  const { clean, redactor: r } = kit;
  return {
    begin: () => "",
    write(item, to, target) {
      const s = item.source;
      // the target is clean (built from the rewrite); the rest of the line may hold a key (referer)
      if (isAccessSource(s)) {
        if (s.cloudfront) return cloudFrontRecord(s.cloudfront, to.method, target.slice(item.req.origin.length), clean ? undefined : r);
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
    lead: (item) => (isAccessSource(item.source) ? item.source.cloudfront?.lead : undefined),
  };
}
