// What the reading side of the stages meets of a line format's codec (codecs/lines.ts finds it by
// format): its line sink, and the fast paths it keeps to itself. Apart from codec.ts (what every
// stage asks of a source) so that the writers, which reach codec.ts, reach nothing that reads.
import type { Redactor } from "../../redact/index.js";
import type { BlockLineSink, LineSink } from "../lines.js";
import type { Output } from "../output.js";
import type { Cached, Handler } from "../types.js";

/**
 * Access logs laid out otherwise, found per input (detect.ts): Docker's JSON log files (each line's
 * `log` an access line), CloudFront's standard logs (tab-separated, the `#Fields:` header's names).
 */
export interface LineVariant {
  docker?: boolean;
  cloudfront?: readonly string[];
}

/** What a run hands a line codec's whole-line fast path (fastLines). */
export interface FastLineParts {
  /** the codec's own rewrite cache (cacheKey), looked up by its key */
  cache: Pick<Map<string, Cached>, "get">;
  out: Output;
  /** the run's redaction: its prefilter says whether text the fast path copies is clean */
  redactor: Redactor;
  /** true when the stderr listing of left-out requests is full, so more need no text */
  listingFull: () => boolean;
  /** count one more left-out request */
  leaveOut: () => void;
}

/**
 * A line format's codec as the stages meet it (codecs/lines.ts): its line sink, and the fast
 * paths it keeps to itself. The stages never name one: they ask for the format's codec.
 */
export interface LineCodec {
  /** What the codec's fast reader learns in a run (one per run and thread); none: it has no fast reader. */
  fastReader?(redactor: Redactor): unknown;
  /**
   * The codec's line sink; `fast`: what fastReader made for this run (undefined: every line read
   * the general way). `finish` when the input ends (a command still open). `variant`: how an
   * access log's lines are laid out, when not as access lines (reader.ts InputInfo).
   */
  lines(handle: Handler, file: string | undefined, fast: unknown, variant?: LineVariant): { onLine: LineSink; finish: () => void | Promise<void> };
  /**
   * The layout the line sink is left in after the whole lines bytes[0, length), from `variant`
   * before them (a CloudFront `#Fields:` line among them names the columns from there on), so
   * that another thread reads the lines after them as this one would. Absent, or the same
   * variant back: lines laid out alike all along.
   */
  variantAfter?(variant: LineVariant | undefined, bytes: Uint8Array, length: number): LineVariant | undefined;
  /**
   * Whether a batch of lines handed to another thread may end after the line b[start, nl) (`nl`:
   * its newline): no curl command continued past it, no Docker line cut by Docker open. Absent:
   * after any line.
   */
  mayEndAfter?(variant: LineVariant | undefined, b: Uint8Array, start: number, nl: number): boolean;
  /**
   * A sink in front of the line sink when the run writes the codec's own format: it writes a
   * line whole when it can, and returns false to leave it to the line sink.
   */
  fastLines?(parts: FastLineParts): BlockLineSink;
}
