// A curl command's source says only what it is: the writer builds a command from the request.
import type { Source } from "../../types.js";
import type { SourceCodec } from "../codec.js";

export const CURL_SOURCE: Source = Object.freeze({ format: "curl" as const });

export const CURL_SOURCES: SourceCodec = { redact: () => undefined, escaped: () => false };
