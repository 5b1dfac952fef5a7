// curl commands out: the key comes from the environment ($MIDS_API_KEY), never from the log.
import { targetOf } from "../../url.js";
import { hasBody, pathOf, withoutUserinfo, type Writer, type WriterKit } from "../write-kit.js";
import { shellQuote } from "./shell.js";

// a variable as the rewrite percent-encodes it: `%24ID`, `%24%7BID%7D`
const ENCODED_VAR = /%24(?:%7B([A-Za-z_][A-Za-z0-9_]*)%7D|([A-Za-z_][A-Za-z0-9_]*))/g;

/** The URL with the command's own shell variables put back as the shell reads them, double-quoted so they expand. */
function withShellVars(url: string, vars: readonly string[]): string {
  const back = url.replace(ENCODED_VAR, (m, braced: string | undefined, plain: string | undefined) =>
    vars.includes(braced ?? plain!) ? (braced ? "${" + braced + "}" : "$" + plain) : m);
  return shellQuote(back, true);
}

/** Whether curl reads part of `s` as a URL glob (`{a,b}`, `[1-9]`): a placeholder such as `{reportId}` is sent as it stands only with -g. */
const hasGlob = (s: string): boolean => s.indexOf("{") !== -1 || s.indexOf("[") !== -1;
/** A braced shell variable (`${ID}`), as withShellVars puts it back. */
const SHELL_VAR = /\$\{[A-Za-z_][A-Za-z0-9_]*\}/g;

export function curlWriter(kit: WriterKit): Writer {
  const { redactor: r, memos } = kit;
  return {
    begin: () => "",
    write(item, to, target, rel) {
      // HEAD is -I: with -X HEAD curl would wait for a body that never comes
      let out = to.method === "GET" ? 'curl -H "x-api-key: $MIDS_API_KEY"' : (to.method === "HEAD" ? "curl -I" : "curl -X " + to.method) + ' -H "x-api-key: $MIDS_API_KEY"';
      const hs = item.req.headers;
      if (hs) {
        for (let i = 0; i < hs.length; i++) {
          const k = hs[i][0];
          const m = memos.names.get(k);
          if (m.kind === 0) out += memos.piece(k, m, hs[i][1]).curl;
        }
      }
      if (hasBody(item, to)) {
        // a multipart form goes back as one, field by field (curl -F); other data as it was sent
        const form = item.req.form;
        if (form) for (const f of form) out += " -F " + shellQuote(r.redactBody(f));
        else out += " --data-raw " + shellQuote(r.redactBody(item.req.body!));
      }
      const path = target === undefined ? targetOf(to) : pathOf(item, to, target, rel);
      const head = withoutUserinfo(kit.head(item, path));
      const vars = item.req.shellVars;
      // (with variables the base URL's is one of them, inside the same double quotes)
      if (vars) {
        const url = withShellVars((head || path).charCodeAt(0) === 47 ? "$MIDS_BASE_URL" + head + path : head + path, vars);
        // (the shell takes the braces of ${NAME}: curl never sees them)
        return (hasGlob(url.replace(SHELL_VAR, "")) ? "curl -g" + out.slice(4) : out) + " " + url + "\n";
      }
      if (hasGlob(path) || hasGlob(head)) out = "curl -g" + out.slice(4);
      const u = !head ? shellQuote(path) : memos.quoteUrl(head, path);
      return out + ((head || path).charCodeAt(0) === 47 ? ' "$MIDS_BASE_URL"' : " ") + u + "\n";
    },
    end: () => "",
  };
}
