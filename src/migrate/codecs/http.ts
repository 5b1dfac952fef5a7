// Raw HTTP requests out (`--to http`): an output format only, no codec reads it.
import { hasBody, type Writer, type WriterKit } from "./write-kit.js";

export function httpWriter(kit: WriterKit): Writer {
  const { redactor: r, memos } = kit;
  return {
    begin: () => "",
    write(item, to, target, rel) {
      const lines = [`${to.method} ${kit.url(item, to, target, rel)} HTTP/1.1`];
      for (const [k, v] of memos.headersOut(item)) lines.push(`${k}: ${v}`);
      let text = lines.join("\n") + "\n";
      if (hasBody(item, to)) text += "\n" + r.redactBody(item.req.body!) + "\n";
      return text + "\n";
    },
    end: () => "",
  };
}
