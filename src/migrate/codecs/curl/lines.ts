// The curl codec as the stages meet it (line-codec.ts LineCodec): its line sink, with the run's learned
// command forms (form.ts: a command of a form seen before read by finding its key and URL).
import type { LineCodec } from "../line-codec.js";
import { CurlForms } from "./form.js";
import { curlLines } from "./read.js";

export const CURL_LINES: LineCodec = {
  fastReader: (redactor) => new CurlForms(redactor),
  lines: (handle, file, fast) => curlLines(handle, file, fast as CurlForms | undefined),
};
