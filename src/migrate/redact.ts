// The one place secrets leave a log entry (issue 10): every item a reader produces passes through
// redactItem before the rewriter, the report, the stderr listing or a writer sees it, so none of
// them can print what the rules of src/redact/ call a secret. The request is redacted here; what
// its source holds besides (an access line's text, a JSON line's object) by its codec's redact,
// called from here (codecs/codec.ts). Readers redact nothing. One RunRedaction per run: its memos
// are the run's.
import { REDACTED, Redactor, redactKeySegments } from "../redact/index.js";
import { charTableOf } from "../util/chars.js";
import { redactAccessPrefix as accessPrefixOf } from "./codecs/access/source.js";
import { SOURCES } from "./codecs/sources.js";
import type { Item, LogRequest } from "./types.js";

export class RunRedaction {
  /** The redacted value of each header pair a fast reader shares among requests (frozen: a curl form's). */
  private readonly sharedClean = new WeakMap<readonly [string, string], string>();

  constructor(readonly redactor: Redactor = new Redactor()) {}

  /** Redact a request in place: userinfo, secret query values, secret headers, the body. */
  redactRequest(req: LogRequest): LogRequest {
    const r = this.redactor;
    if (req.origin) req.origin = r.redactOrigin(req.origin);
    if (!isToken(req.method)) req.method = r.redactText(req.method);
    // (and a key where a project or topic id goes: no text rule looks there)
    req.path = redactKeySegments(r.redactText(req.path));
    const query = req.query;
    for (let i = 0; i < query.length; i++) {
      const p = query[i];
      const name = r.paramName(p[0]);
      p[0] = name.clean;
      p[1] = name.secret ? REDACTED : r.redactText(p[1]);
    }
    if (req.headers) req.headers = this.redactHeaders(req.headers);
    if (req.body !== undefined) req.body = r.redactBody(req.body);
    // (each form field as a body of its own: a secret field loses its value, as a -d pair does)
    if (req.form) for (let i = 0; i < req.form.length; i++) req.form[i] = r.redactBody(req.form[i]);
    return req;
  }

  /**
   * Headers redacted in place (a "name" that is no header name, `X-Foo: <key>`, is dropped with
   * its value). A pair a reader shares among requests (frozen: a curl form's) is replaced, not changed.
   */
  private redactHeaders(headers: [string, string][]): [string, string][] {
    const r = this.redactor;
    let tokens = true;
    for (let i = 0; i < headers.length && tokens; i++) tokens = isToken(headers[i][0]);
    const kept = tokens ? headers : headers.filter((h) => isToken(h[0]));
    for (let i = 0; i < kept.length; i++) {
      const h = kept[i];
      if (Object.isFrozen(h)) {
        let clean = this.sharedClean.get(h);
        if (clean === undefined) this.sharedClean.set(h, (clean = r.isSecretHeader(h[0]) ? REDACTED : r.redactText(h[1])));
        if (clean !== h[1]) kept[i] = [h[0], clean];
      } else h[1] = r.isSecretHeader(h[0]) ? REDACTED : r.redactText(h[1]);
    }
    return kept;
  }

  /** Redact an item in place and return it: the request, then what its source holds (its codec's redact). */
  redactItem<T extends Item>(item: T): T {
    if (item.kind === "invalid") {
      item.reason = this.redactor.redactText(item.reason);
      return item;
    }
    this.redactRequest(item.req);
    SOURCES[item.source.format].redact(item.source, this.redactor);
    return item;
  }
}

// an HTTP method and a header name are tokens (`/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/`); anything else is a log's free text
const TOKEN_CHAR = charTableOf("!#$%&'*+.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-");
function isToken(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c >= 128 || TOKEN_CHAR[c] === 0) return false; }
  return true;
}

/** One request redacted by the shipped rules, outside a run (a fresh RunRedaction each call: for one-off use and tests). */
export const redactRequest = (req: LogRequest): LogRequest => new RunRedaction().redactRequest(req);
/** One item redacted by the shipped rules, outside a run (see redactRequest). */
export const redactItem = <T extends Item>(item: T): T => new RunRedaction().redactItem(item);
/** An access line's prefix redacted by the shipped rules, outside a run (see redactRequest). */
export const redactAccessPrefix = (pre: string): string => accessPrefixOf(new Redactor(), pre);
