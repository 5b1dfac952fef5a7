// A HAR entry's source: the parsed entry, read back for its startedDateTime only (the request is
// written from the redacted request, never from the entry's text).
import type { Source } from "../../types.js";
import type { SourceCodec } from "../codec.js";

export interface HarSource extends Source {
  readonly format: "har";
  entry: Record<string, unknown>;
}

export const isHarSource = (s: Source): s is HarSource => s.format === "har";

export const HAR_SOURCES: SourceCodec<HarSource> = {
  redact: () => undefined,
  escaped: () => true,
};

export const harSource = (entry: Record<string, unknown>): HarSource => ({ format: "har", entry });
