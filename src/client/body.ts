// The server is untrusted: response bodies are read with a byte cap, and JSON is checked for
// depth (and numbers a double cannot hold) in one linear pass before JSON.parse sees it.
// No documented field holds an integer past 2^53 (spec part 2: ids are strings; integers are
// counts, ranks, limits): one in an answer is an id of a record whose fields the spec does not
// show, which a double would print with other digits, so it is kept as its text too.
import { isUtf8 } from "node:buffer";
import { MalformedResponseError, ResponseTooLargeError } from "../errors.js";
import { formatBytes } from "../util/bytes.js";

// (the byte sizes live below the client: the config, jq and the sandbox read them too)
export { formatBytes, parseByteSize } from "../util/bytes.js";

/** Default cap on one response body (README "Untrusted servers"). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;
/** Deepest nesting of arrays/objects accepted in a JSON body; the API's own shapes are < 10 deep. */
export const MAX_JSON_DEPTH = 256;


/** The example a cap's hint offers: four times the cap (`4MB`). */
export const biggerCap = (cap: number): string => formatBytes(cap * 4).replace(" ", "");

/** `raise`: how to raise the cap where it was set (MIDS_MAX_BODY_SIZE, the config file), when it was not a flag or the default. */
export function tooLarge(what: string, cap: number, subject = "response body", raise?: string): ResponseTooLargeError {
  return new ResponseTooLargeError(`${what}: the ${subject} passed the ${formatBytes(cap)} cap, so mids stopped reading it`, {
    hint: `${raise ?? `raise the cap with --max-body-size (e.g. --max-body-size ${biggerCap(cap)}) or MIDS_MAX_BODY_SIZE`} if you trust the server`,
  });
}

interface Body extends AsyncIterable<Buffer | Uint8Array | string> {
  destroy?(err?: Error): unknown;
  on?(event: "error", listener: (err: Error) => void): unknown;
}

/** Abort the body: undici emits the abort as an 'error' nobody else listens for once we stop reading. */
function abandon(body: Body): void {
  body.on?.("error", () => undefined);
  body.destroy?.();
}

/**
 * Read a body as text, stopping (and destroying the stream, which aborts the request) as soon as
 * it passes `maxBytes`. A declared content-length above the cap fails before reading anything.
 * `skipOver`: a body over the cap is not an error but left unread (`overCap`, empty text): an
 * error answer's status says what happened, whatever its page weighs.
 */
export async function readCapped(body: Body, maxBytes: number, contentLength: string | undefined, what: string, opts: { skipOver?: boolean; raise?: string } = {}): Promise<{ text: string; bytes: number; overCap?: boolean; raw?: Buffer }> {
  if (contentLength !== undefined && /^\d+$/.test(contentLength) && Number(contentLength) > maxBytes) {
    abandon(body);
    if (opts.skipOver) return { text: "", bytes: 0, overCap: true };
    throw tooLarge(what, maxBytes, undefined, opts.raise);
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    bytes += buf.length;
    if (bytes > maxBytes) {
      abandon(body);
      if (opts.skipOver) return { text: "", bytes, overCap: true };
      throw tooLarge(what, maxBytes, undefined, opts.raise);
    }
    chunks.push(buf);
  }
  const all = Buffer.concat(chunks, bytes);
  // bytes that are no UTF-8 (an image, a gzip the server did not label): the text is a lossy
  // reading of them, so the bytes come along for mids api to write as they came
  return isUtf8(all) ? { text: all.toString("utf8"), bytes } : { text: all.toString("utf8"), bytes, raw: all };
}

export interface JsonScan {
  /** the text, with numbers a double cannot hold (past its range, or integers past 2^53 it would round) turned into JSON strings of their digits */
  text: string;
  /** those numbers, as written */
  hugeNumbers: string[];
}

const isNumberStart = (c: number) => c === 45 || (c >= 48 && c <= 57);
const isNumberChar = (c: number) => (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 69 || c === 101;

/** An integer literal (no fraction, no exponent) a double would print with other digits: 12345678901234567890, 9007199254740993. */
const roundedInteger = (lit: string): boolean => /^-?(0|[1-9]\d*)$/.test(lit) && String(Number(lit)) !== lit;

/**
 * One pass over JSON text outside strings: refuse nesting deeper than `maxDepth` (JSON.stringify
 * and the renderers recurse, and 100,000 levels overflow the stack), and keep the text of numbers
 * that would parse to Infinity (`1e400` would otherwise print as null) or, integers past 2^53, to
 * other digits (an id of 20 digits) by quoting them.
 */
export function scanJson(text: string, what: string, maxDepth = MAX_JSON_DEPTH): JsonScan {
  let depth = 0;
  const huge: [number, number][] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // jump to the closing quote: one not preceded by an odd number of backslashes
      let j = i;
      for (;;) {
        j = text.indexOf('"', j + 1);
        if (j < 0) return { text, hugeNumbers: [] }; // unterminated: JSON.parse reports it
        let k = j - 1;
        while (text.charCodeAt(k) === 92) k--;
        if ((j - 1 - k) % 2 === 0) break;
      }
      i = j;
    } else if (c === 91 || c === 123) {
      if (++depth > maxDepth) {
        throw new MalformedResponseError(`${what} returned JSON nested deeper than ${maxDepth} levels`, {
          hint: "the API's data is never that deep; the server (or something between) is misbehaving",
        });
      }
    } else if (c === 93 || c === 125) depth--;
    else if (isNumberStart(c)) {
      let j = i + 1;
      while (j < text.length && isNumberChar(text.charCodeAt(j))) j++;
      // only long numbers or exponents can overflow or round (2^53 has 16 digits); most numbers skip the conversion
      if (j - i > 15 || /[eE]/.test(text.slice(i, j))) {
        const lit = text.slice(i, j);
        if (Math.abs(Number(lit)) === Infinity || roundedInteger(lit)) huge.push([i, j]);
      }
      i = j - 1;
    }
  }
  if (huge.length === 0) return { text, hugeNumbers: [] };
  let out = "";
  let last = 0;
  for (const [a, b] of huge) out += `${text.slice(last, a)}"${text.slice(a, b)}"`, (last = b);
  return { text: out + text.slice(last), hugeNumbers: huge.map(([a, b]) => text.slice(a, b)) };
}
