// The codec of each line format (access, JSON lines, curl), as the stages ask it (line-codec.ts LineCodec).
import type { LineFormat } from "../types.js";
import type { LineCodec } from "./line-codec.js";
import { ACCESS_LINES } from "./access/lines.js";
import { JSON_LINES } from "./ndjson/lines.js";
import { CURL_LINES } from "./curl/lines.js";

export const LINE_CODECS: Readonly<Record<LineFormat, LineCodec>> = Object.freeze({ access: ACCESS_LINES, ndjson: JSON_LINES, curl: CURL_LINES });
export const LINE_FORMATS = Object.keys(LINE_CODECS) as LineFormat[];
