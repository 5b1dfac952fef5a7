// A JSON line's source: the parsed object (the general path), or the line's own text and where
// its URL and method are in it (a flat line read without JSON.parse: flat.ts).
import { isHttpUrl } from "../../url.js";
import type { Redactor } from "../../../redact/index.js";
import type { Source } from "../../types.js";
import type { SourceCodec } from "../codec.js";

/** A line parsed by JSON.parse: the writer sets the new URL and method in `holder` and serialises `obj`. */
export interface ParsedJsonSource extends Source {
  readonly format: "ndjson";
  readonly flat: false;
  obj: Record<string, unknown>;
  holder: Record<string, unknown>;
  urlKey: string;
  methodKey: string;
  /** the URL was absolute (http:// or https://): set as the redaction blanks it (the writer puts the new one in its place) */
  absolute: boolean | undefined;
  /** `holder[urlKey]` is a whole request line (`GET /v2/x HTTP/1.1`): its protocol ("" for none); the method is written in it */
  requestLine?: { proto: string };
}

/** Where the writer puts the new URL and method in a flat line's text. */
export interface FlatLine {
  /** the line, trimmed */
  text: string;
  /** the URL value's text, inside its quotes: [urlStart, urlEnd) */
  urlStart: number;
  urlEnd: number;
  /** the whole value (quotes included) the method goes in: [methodStart, methodEnd); -1: no such key, one is added at the end */
  methodStart: number;
  methodEnd: number;
}

/** A flat line read without JSON.parse (flat.ts): none of its values is one a rule would change. */
export interface FlatJsonSource extends Source {
  readonly format: "ndjson";
  readonly flat: true;
  line: FlatLine;
  absolute: boolean;
}

export type JsonSource = ParsedJsonSource | FlatJsonSource;

export const isJsonSource = (s: Source): s is JsonSource => s.format === "ndjson";

export const JSON_SOURCES: SourceCodec<JsonSource> = {
  redact(s, r) {
    // a flat line's values were found clean by the run's prefilter as it was read (flat.ts)
    if (s.flat) return;
    // the writer puts the rewritten URL in its place (write.ts), made of the request redacted
    // before this, and nothing else reads it: its old text need not be redacted too
    s.absolute ??= isHttpUrl(String(s.holder[s.urlKey]));
    s.holder[s.urlKey] = "";
    r.redactJsonInPlace(s.obj);
  },
  // JSON escapes can make lone surrogates; a flat line has no escapes
  escaped: (s) => !s.flat,
};
