// Raw HTTP requests out (`--to http`): an output format only, no codec reads it.
import { hasBody, pathOf, withoutUserinfo, type Writer, type WriterKit } from "./write-kit.js";
import { targetOf } from "../url.js";

export function httpWriter(kit: WriterKit): Writer {
  const { redactor: r, memos } = kit;
  return {
    begin: () => "",
    write(item, to, target, rel) {
      // (the origin without its userinfo, as --to curl writes it: v3 takes the key in a header)
      const path = target === undefined ? targetOf(to) : pathOf(item, to, target, rel);
      const lines = [`${to.method} ${withoutUserinfo(kit.head(item, path))}${path} HTTP/1.1`];
      for (const [k, v] of memos.headersOut(item)) lines.push(`${k}: ${v}`);
      let text = lines.join("\n") + "\n";
      if (hasBody(item, to)) text += "\n" + r.redactBody(item.req.body!) + "\n";
      return text + "\n";
    },
    end: () => "",
  };
}
