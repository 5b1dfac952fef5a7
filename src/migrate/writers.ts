// Writers: the rewritten requests back out as access log lines, JSON lines, curl commands, raw
// HTTP or HAR, each written by its codec (codecs/<format>/write.ts: a request read in the same
// format is written back around its own text). Secrets never leave: key headers become ***
// (curl: "$MIDS_API_KEY"), key query pairs and body fields are redacted.
import type { OutputTarget } from "./types.js";
import { writerKit, type Writer, type WriterOf, type WriterOptions } from "./codecs/write-kit.js";
import { accessWriter } from "./codecs/access/write.js";
import { ndjsonWriter } from "./codecs/ndjson/write.js";
import { curlWriter } from "./codecs/curl/write.js";
import { harWriter } from "./codecs/har/write.js";
import { httpWriter } from "./codecs/http.js";

export type { Writer, WriterOptions };

const WRITERS: Readonly<Record<OutputTarget, WriterOf>> = { access: accessWriter, ndjson: ndjsonWriter, curl: curlWriter, http: httpWriter, har: harWriter };

export function makeWriter(format: OutputTarget, opts: WriterOptions): Writer {
  return WRITERS[format](writerKit(opts));
}
