// The codec of each input format's sources, as the shared stages ask it (codec.ts).
import type { InputFormat } from "../types.js";
import type { SourceCodec } from "./codec.js";
import { ACCESS_SOURCES } from "./access/source.js";
import { JSON_SOURCES } from "./ndjson/source.js";
import { CURL_SOURCES } from "./curl/source.js";
import { HAR_SOURCES } from "./har/source.js";

export const SOURCES: Readonly<Record<InputFormat, SourceCodec>> = Object.freeze({ access: ACCESS_SOURCES, ndjson: JSON_SOURCES, curl: CURL_SOURCES, har: HAR_SOURCES });
