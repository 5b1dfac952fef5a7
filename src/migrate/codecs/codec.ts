// What a codec (one per input format: codecs/<format>/) tells the shared stages about the sources
// it makes. A source holds what its codec's writer needs to write the request back in its own
// format (an access line around its request field, a JSON line's object or text); the stages
// never look inside one: they ask its codec through this interface. What a codec's fast path
// caches, and under which key, is the codec's business too (cacheKey, cacheExtra).
import type { Redactor } from "../../redact/index.js";
import type { Cached, Source } from "../types.js";

export interface SourceCodec<S extends Source = Source> {
  /**
   * Redact in place what the source holds that a writer may copy as it is (the text of an access
   * line around its request field, a JSON line's other values). The redaction stage (redact.ts)
   * calls it for every item, after redacting the request itself.
   */
  redact(source: S, redactor: Redactor): void;
  /** The request was read through JSON string escapes, so it may hold a lone surrogate. */
  escaped(source: S): boolean;
  /**
   * The rewrite cache's key for the request of this source, for a codec whose fast path looks its
   * input up in the cache by a key of its own (an access line's request field as written). A codec
   * with one gets a cache of its own (rewrite-stage.ts: `cacheOf`), since two kinds of key may
   * spell different requests alike; without one, requests are keyed by method and URL.
   */
  cacheKey?(source: S): string;
  /**
   * What the codec's fast path needs of a rewrite the cache now holds (Cached.extra), made from
   * the first source of that key: it must stand alone (no slice of the input) and hold for every
   * request of the same key. Called once per cached entry, never on an entry the cache declined.
   */
  cacheExtra?(source: S, c: Cached): unknown;
}

