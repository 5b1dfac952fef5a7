// curl commands out: the key comes from the environment ($MIDS_API_KEY), never from the log.
import { targetOf } from "../../url.js";
import { hasBody, pathOf, type Writer, type WriterKit } from "../write-kit.js";
import { shellQuote } from "./shell.js";

export function curlWriter(kit: WriterKit): Writer {
  const { redactor: r, memos } = kit;
  return {
    begin: () => "",
    write(item, to, target, rel) {
      let out = to.method !== "GET" ? "curl -X " + to.method + ' -H "x-api-key: $MIDS_API_KEY"' : 'curl -H "x-api-key: $MIDS_API_KEY"';
      const hs = item.req.headers;
      if (hs) {
        for (let i = 0; i < hs.length; i++) {
          const k = hs[i][0];
          const m = memos.names.get(k);
          if (m.kind === 0) out += memos.piece(k, m, hs[i][1]).curl;
        }
      }
      if (hasBody(item, to)) out += " --data-raw " + shellQuote(r.redactBody(item.req.body!));
      const head = kit.head(item);
      const path = target === undefined ? targetOf(to) : pathOf(item, to, target, rel);
      const u = !head ? shellQuote(path) : memos.quoteUrl(head, path);
      return out + ((head || path).charCodeAt(0) === 47 ? ' "$MIDS_BASE_URL"' : " ") + u + "\n";
    },
    end: () => "",
  };
}
