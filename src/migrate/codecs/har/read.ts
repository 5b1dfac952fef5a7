// HAR 1.2 (one JSON document) streamed entry by entry: a small incremental scanner finds the
// `log.entries` array and hands each entry's text to JSON.parse, so memory stays at one entry.
import type { Item, LogRequest } from "../../types.js";
import { splitTarget } from "../../url.js";
import { MAX_JSON_DEPTH, jsonDepth } from "../../../redact/index.js";
import { harSource, type HarSource } from "./source.js";

export const MAX_ENTRY_CHARS = 32 * 1024 * 1024;
const BLOCK = 64 * 1024;

type Emit = (item: Item) => void | Promise<void>;

/**
 * Where entry texts go instead of being parsed here (worker threads parse them: parallel/pool.ts):
 * `depth` is the text's nesting depth, -1 for an entry over MAX_ENTRY_CHARS (its text is not kept).
 */
export type EntryTexts = (text: string, depth: number, entryNo: number) => void | Promise<void>;

export async function readHar(stream: AsyncIterable<Buffer | string>, emit: Emit, file?: string, onBytes?: (n: number, entryNo: number) => void, texts?: EntryTexts): Promise<void> {
  const decoder = new TextDecoder("utf-8");
  const stack: number[] = []; // char codes of open containers: { or [
  const keys: string[] = []; // last key seen in the object at each depth
  let inString = false;
  let escape = false;
  let expectKey = false;
  let keyBuf: string | null = null;
  let entriesDepth = -1; // stack length inside log.entries, once found
  let parts: string[] | null = null; // text of the entry being captured
  let size = 0;
  let tooBig = false;
  // the nesting depth the entry being captured reached (the scanner's stack: no second walk of its text)
  let entryDepth = 0;
  let entryNo = 0;
  let done = false;
  type Body = { kind: "invalid"; reason: string } | { kind: "request"; req: LogRequest; source: HarSource };
  const at = (f: Body, n: number) => ({ ...f, position: n, ...(file ? { file } : {}) }) as Item;

  // synchronous unless the consumer waits: no promise per entry
  const finish = (text: string): void | Promise<void> => {
    entryNo++;
    if (texts) return texts(tooBig ? "" : text, tooBig ? -1 : entryDepth, entryNo);
    return emit(harEntryItem(text, tooBig ? -1 : entryDepth, entryNo, file));
  };
  // an entry parsed whole by the fast path (entryNo already counted)
  const request = (obj: unknown): void | Promise<void> => {
    const r = entryRequest(obj);
    if (typeof r === "string") return emit(at({ kind: "invalid", reason: r }, entryNo));
    const item: Item = { kind: "request", position: entryNo, req: r, source: harSource(obj as Record<string, unknown>) };
    if (file) item.file = file;
    return emit(item);
  };

  for await (const whole of stream) {
    if (done) continue;
    onBytes?.(whole.length, entryNo);
    // decoded in 64 KB blocks: small strings die young instead of piling up in large-object space
    for (let off = 0; off < whole.length && !done; off += BLOCK) {
    const raw = typeof whole === "string" ? whole.slice(off, off + BLOCK) : whole.subarray(off, off + BLOCK);
    const s = typeof raw === "string" ? raw : decoder.decode(raw, { stream: true });
    let capStart = parts ? 0 : -1;
    // the fast path failed on a candidate ending here: entries starting before it are scanned
    let noFastUntil = 0;
    let nextNl = -1;
    // next '"' and '\\' at or after the last search (>>> 0: not found is past the end)
    let nextQ = -1;
    let nextB = -1;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (inString) {
        // inside a value (bodies can be megabytes): jump to the next quote or backslash natively
        if (!escape && keyBuf === null && c !== 34 && c !== 92) {
          // each searched once per chunk, however many escapes a value holds
          if (nextQ < i) nextQ = s.indexOf('"', i) >>> 0;
          if (nextB < i) nextB = s.indexOf("\\", i) >>> 0;
          const next = Math.min(nextQ, nextB, s.length);
          i = next - 1;
          continue;
        }
        if (escape) escape = false;
        else if (c === 92) escape = true;
        else if (c === 34) { inString = false; if (keyBuf !== null) { keys[stack.length] = keyBuf; keyBuf = null; } }
        else if (keyBuf !== null && keyBuf.length < 64) keyBuf += s[i];
        continue;
      }
      if (c === 34) { inString = true; keyBuf = expectKey ? "" : null; expectKey = false; continue; }
      if (c === 123 || c === 91) { // { [
        // an entry on its own line(s), as HAR writers lay them out: one JSON.parse, no scan
        if (c === 123 && parts === null && entriesDepth >= 0 && stack.length === entriesDepth && i >= noFastUntil) {
          // the next line break, searched once per block however many entries it holds (>>> 0: none is past the end)
          if (nextNl < i) nextNl = s.indexOf("\n", i) >>> 0;
          const k = nextNl < s.length ? entryEnd(s, i, nextNl) : -1;
          if (k > i) {
            // with worker threads, the text goes to them unparsed when it is the very span the
            // scanner would capture (they parse it once, and report what the scanner's entry would)
            const depth = texts ? spanDepth(s, i, k) : -1;
            const obj = texts ? undefined : parseWhole(s, i, k);
            if (depth >= 0 || obj !== undefined) {
              entryNo++;
              const p = texts ? texts(s.slice(i, k + 1), depth, entryNo) : request(obj);
              i = k;
              expectKey = false;
              if (p) await p;
              continue;
            }
            // not one entry after all (several on a line, odd layout): scanned, and not tried again before k
            noFastUntil = k;
          }
        }
        if (parts === null && entriesDepth >= 0 && stack.length === entriesDepth && c === 123) { parts = []; size = 0; tooBig = false; capStart = i; entryDepth = 0; }
        stack.push(c);
        if (parts !== null && stack.length - entriesDepth > entryDepth) entryDepth = stack.length - entriesDepth;
        expectKey = c === 123;
        if (c === 91 && entriesDepth < 0 && stack.length === 3 && keys[1] === "log" && keys[2] === "entries") entriesDepth = 3;
      } else if (c === 125 || c === 93) { // } ]
        stack.pop();
        expectKey = false;
        if (parts !== null && stack.length === entriesDepth) {
          if (!tooBig) parts.push(s.slice(capStart, i + 1));
          const text = parts.join("");
          parts = null;
          capStart = -1;
          const p = finish(text);
          if (p) await p;
        } else if (entriesDepth >= 0 && stack.length < entriesDepth) { done = true; break; }
      } else if (c === 44) expectKey = stack[stack.length - 1] === 123; // ,
    }
    if (parts !== null && capStart >= 0) {
      size += s.length - capStart;
      if (size > MAX_ENTRY_CHARS) tooBig = true;
      if (!tooBig) parts.push(s.slice(capStart));
      else parts.length = 0;
    }
    }
  }
  if (done) return;
  if (entriesDepth < 0) await emit(at({ kind: "invalid", reason: "not a HAR 1.2 file: no log.entries array found" }, 0));
  else if (parts !== null) await emit(at({ kind: "invalid", reason: `truncated HAR: entry ${entryNo + 1} is incomplete` }, entryNo + 1));
  else await emit(at({ kind: "invalid", reason: "truncated HAR: the entries array is not closed" }, entryNo + 1));
}

/** The item of an entry's text: `depth` its nesting depth, -1 when it was too large to keep. */
export function harEntryItem(text: string, depth: number, entryNo: number, file: string | undefined): Item {
  const r = depth < 0 ? `HAR entry larger than ${MAX_ENTRY_CHARS / 1048576} MB` : parseEntry(text, depth);
  const item: Item = typeof r === "string" ? { kind: "invalid", position: entryNo, reason: r } : { kind: "request", position: entryNo, req: r.req, source: harSource(r.entry) };
  if (file) item.file = file;
  return item;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * Where the entry opening at s[i] most likely closes, from the layout alone (-1: no guess, in
 * this block; `nl`: the first line break after i): the last `}` of its line when the line has one (an entry per line), else the
 * first `}` at the line start indented as the opening brace (pretty-printed). Only a guess:
 * parseWhole checks it (raw line breaks never sit inside a JSON string).
 */
export function entryEnd(s: string, i: number, nl = s.indexOf("\n", i)): number {
  if (nl < 0) return -1;
  const k = s.lastIndexOf("}", nl);
  if (k > i) return k;
  // pretty-printed: the `{` ends its line and only blanks come before it on its line
  for (let j = i + 1; j < nl; j++) { const c = s.charCodeAt(j); if (c !== 32 && c !== 9 && c !== 13) return -1; }
  let b = i;
  while (b > 0 && (s.charCodeAt(b - 1) === 32 || s.charCodeAt(b - 1) === 9)) b--;
  if (b === 0 || s.charCodeAt(b - 1) !== 10) return -1;
  const close = s.indexOf("\n" + s.slice(b, i) + "}", nl);
  return close < 0 ? -1 : close + 1 + (i - b);
}

/**
 * s[i..k] parsed, when it is one JSON value no deeper than MAX_JSON_DEPTH; else undefined.
 * JSON reads left to right, so a text that starts with `{` and parses ends at that brace's match.
 */
export function parseWhole(s: string, i: number, k: number): unknown {
  const text = s.slice(i, k + 1);
  let obj: unknown;
  try { obj = JSON.parse(text); } catch { return undefined; }
  // no more `{` and `[` in all than the limit: no deeper (two native searches); else measured as the scanner would
  let n = 0;
  for (let j = text.indexOf("{"); j >= 0 && n <= MAX_JSON_DEPTH; j = text.indexOf("{", j + 1)) n++;
  for (let j = text.indexOf("["); j >= 0 && n <= MAX_JSON_DEPTH; j = text.indexOf("[", j + 1)) n++;
  return n <= MAX_JSON_DEPTH || jsonDepth(text) <= MAX_JSON_DEPTH ? obj : undefined;
}

/**
 * The nesting depth of the entry opening at s[i] if its brackets (outside strings) first close
 * at s[k], else -1: then s[i..k] is exactly the text readHar's scanner would capture as the
 * entry, valid JSON or not. One pass, strings skipped by native searches.
 */
export function spanDepth(s: string, i: number, k: number): number {
  let depth = 0;
  let max = 0;
  for (let j = i; j <= k; j++) {
    const c = s.charCodeAt(j);
    if (c === 34) {
      // to the closing quote: one with an even number of backslashes before it
      for (let q = j + 1; ;) {
        const e = s.indexOf('"', q);
        if (e < 0 || e > k) return -1;
        let b = e - 1;
        while (s.charCodeAt(b) === 92) b--;
        if ((e - 1 - b) % 2 === 0) { j = e; break; }
        q = e + 1;
      }
    } else if (c === 123 || c === 91) { if (++depth > max) max = depth; }
    else if (c === 125 || c === 93) { if (--depth === 0) return j === k ? max : -1; }
  }
  return -1;
}

/**
 * A URL of another scheme than http(s) (a browser's `data:`, `blob:`, `ws:` entries): its scheme as
 * the origin, nothing else of it kept (a data: URL may hold anything); the rewrite skips it.
 */
function otherScheme(url: string): { origin: string; path: string; query: [string, string][] } | undefined {
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  return m && !/^https?$/i.test(m[1]) ? { origin: m[1].toLowerCase() + ":", path: "/", query: [] } : undefined;
}

/** `depth`: the text's nesting depth (jsonDepth) when the caller already knows it. */
export function parseEntry(text: string, depth?: number): { req: LogRequest; entry: Record<string, unknown> } | string {
  let entry: unknown;
  // hostile depth would overflow the stack of String()/JSON walks after the parse (issue 10)
  if ((depth ?? jsonDepth(text)) > MAX_JSON_DEPTH) return `HAR entry nested deeper than ${MAX_JSON_DEPTH} levels`;
  try { entry = JSON.parse(text); } catch { return "HAR entry is not valid JSON"; }
  const req = entryRequest(entry);
  return typeof req === "string" ? req : { req, entry: entry as Record<string, unknown> };
}

/** The request of a parsed entry (no deeper than MAX_JSON_DEPTH), or why there is none. */
function entryRequest(entry: unknown): LogRequest | string {
  if (!isObj(entry) || !isObj(entry.request)) return "HAR entry without a request";
  const r = entry.request;
  if (typeof r.method !== "string" || typeof r.url !== "string") return "HAR request without a method and url";
  const target = splitTarget(r.url, false) ?? otherScheme(r.url);
  if (!target) return `HAR request url is not a URL: ${r.url.slice(0, 40)}`;
  const req: LogRequest = { method: r.method.toUpperCase(), origin: target.origin, path: target.path, query: target.query };
  const hs = r.headers;
  if (Array.isArray(hs)) {
    const headers: [string, string][] = [];
    for (let i = 0; i < hs.length; i++) {
      const h = hs[i];
      if (isObj(h)) headers.push([String(h.name ?? ""), String(h.value ?? "")]);
    }
    req.headers = headers;
  }
  if (isObj(r.postData) && typeof r.postData.text === "string") req.body = r.postData.text;
  return req;
}
