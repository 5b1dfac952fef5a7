// The JSON-lines codec as the stages meet it (line-codec.ts LineCodec): its line sink, with the run's
// flat reader (flat.ts: a line of a shape seen before read without JSON.parse).
import type { LineCodec } from "../line-codec.js";
import { FlatJsonReader } from "./flat.js";
import { jsonLines } from "./read.js";

export const JSON_LINES: LineCodec = {
  fastReader: (redactor) => new FlatJsonReader(redactor),
  lines: (handle, file, fast) => ({ onLine: jsonLines(handle, file, fast as FlatJsonReader | undefined), finish: () => undefined }),
};
