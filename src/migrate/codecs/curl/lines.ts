// The curl codec as the stages meet it (line-codec.ts LineCodec): its line sink, with the run's learned
// command forms (form.ts: a command of a form seen before read by finding its key and URL).
import type { LineCodec } from "../line-codec.js";
import { CurlForms } from "./form.js";
import { curlLines } from "./read.js";
import { MAX_LINE_BYTES } from "../../lines.js";

/** Is the line b[start, nl) one after which no curl command can be open (not continued with a backslash)? */
function closesCurl(b: Uint8Array, start: number, nl: number): boolean {
  // a line the reader would not pass on as text (binary, not ASCII, too long) proves nothing
  if (nl - start > MAX_LINE_BYTES) return false;
  for (let i = start; i < nl; i++) {
    const c = b[i];
    if ((c < 32 && c !== 9 && c !== 13) || c >= 127) return false;
  }
  let end = nl;
  while (end > start && (b[end - 1] === 32 || b[end - 1] === 9 || b[end - 1] === 13)) end--;
  return !(end > start && b[end - 1] === 92);
}

export const CURL_LINES: LineCodec = {
  fastReader: (redactor) => new CurlForms(redactor),
  lines: (handle, file, fast) => curlLines(handle, file, fast as CurlForms | undefined),
  mayEndAfter: (_v, b, start, nl) => closesCurl(b, start, nl),
};
