// What a codec (one per input format: codecs/<format>/) tells the shared stages about the sources
// it makes. A source holds what its codec's writer needs to write the request back in its own
// format (an access line around its request field, a JSON line's object or text); the stages
// never look inside one: they ask its codec through this interface.
import type { Redactor } from "../../redact/index.js";
import type { Source } from "../types.js";

export interface SourceCodec<S extends Source = Source> {
  /**
   * Redact in place what the source holds that a writer may copy as it is (the text of an access
   * line around its request field, a JSON line's other values). The redaction stage (redact.ts)
   * calls it for every item, after redacting the request itself.
   */
  redact(source: S, redactor: Redactor): void;
  /** The request was read through JSON string escapes, so it may hold a lone surrogate. */
  escaped(source: S): boolean;
}
