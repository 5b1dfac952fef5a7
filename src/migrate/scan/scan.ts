// `migrate scan`: walk, read concurrently, reject non-candidates on the raw bytes (no `/v2`, NUL
// bytes = binary, over the size cap), and only then decode, extract and rewrite.
import { closeSync, constants, fstatSync, openSync, read, readSync, type Stats } from "node:fs";
import { isAscii, isUtf8 } from "node:buffer";
import { Analyzer, placedEdits, type Edit, type ScanStatus, type Usage } from "./analyze.js";
import { extractRoutes, type ApiPrefixes, type RouteText } from "./extract.js";
import { ApartPatterns, PAGE_SIZE_RULE, SIZE_PLAN, apartPlan, leftForParams, lineOf, notNoted, paramsSetNear, sizeSetApart, v3MaxSize } from "./paging.js";
import type { ParamSpec } from "../../contract/routes.js";
import { fsPath, walk, type FileEntry, type Picomatch } from "./walk.js";
import type { ScanRules } from "./redact.js";
import { monotonicMs } from "../../util/time.js";
import { detached } from "../../util/memo.js";
import { columnAt } from "../../findings/columns.js";
import { PassedTally } from "./hint.js";
import { FIELD_RULE, fieldReads, type FieldRead, type FieldRename } from "./fields.js";

/** Files over this size are skipped (named on stderr): generated bundles, data dumps. */
export const MAX_SCAN_FILE_BYTES = 2 * 1024 * 1024;
/**
 * Findings listed for one file, and for one run (in walk order): past them a usage is only
 * counted (the summary and --fail-on still see it, --fix still fixes it), so a minified bundle of
 * 100,000 usages or a tree of them cannot balloon memory or the output. Named on stderr when used.
 */
export const MAX_FINDINGS_PER_FILE = 10_000;
export const MAX_FINDINGS_PER_RUN = 50_000;

/** (no parameter found: frozen, shared) */
const NONE_SET: readonly { param: ParamSpec; at: number }[] = Object.freeze([]);

/** Files read at once (on libuv's pool, once reads are slow: Reads). */
export const SCAN_CONCURRENCY = 16;
/** How long reads made in place run before the event loop gets a turn. */
const YIELD_MS = 20;
/** git's test for binary content: a NUL byte in the first 8000 bytes. */
const BINARY_PROBE_BYTES = 8000;
const NEEDLE = Buffer.from("/v2");
/** A file that starts with a UTF-16 byte order mark (Windows PowerShell's `>`, some editors): its text and the needle in its code units. */
const UTF16: Readonly<Record<"le" | "be", { needle: Buffer }>> = { le: { needle: Buffer.from("/v2", "utf16le") }, be: { needle: Buffer.from("/v2", "utf16le").swap16() } };
export const utf16Of = (b: Buffer): "le" | "be" | undefined => (b.length >= 2 && b.length % 2 === 0 ? (b[0] === 0xff && b[1] === 0xfe ? "le" : b[0] === 0xfe && b[1] === 0xff ? "be" : undefined) : undefined);
/**
 * A file's bytes as the scan reads them: after a UTF-16 byte order
 * mark (`utf16`: utf16Of) UTF-16; else, past a UTF-8 byte order mark (`bom`), UTF-8, or latin1
 * where they are not UTF-8 (`latin1`: --fix writes them back so).
 */
export function sourceText(buf: Buffer, utf16: "le" | "be" | undefined): { text: string; bom: boolean; latin1: boolean } {
  const bom = !utf16 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
  const body = bom ? buf.subarray(3) : utf16 ? buf.subarray(2) : buf;
  // ASCII (most source) decodes as latin1 several times faster than through the UTF-8 decoder
  const ascii = !utf16 && isAscii(body);
  const latin1 = !utf16 && !ascii && !isUtf8(body);
  const text = utf16 ? (utf16 === "le" ? body : Buffer.from(body).swap16()).toString("utf16le") : body.toString(ascii || latin1 ? "latin1" : "utf8");
  return { text, bom, latin1 };
}

/** Whether a file's bytes may hold a v2 route: `/v2` in them, or in its code units after a UTF-16 byte order mark. */
function mayHoldV2(b: Buffer): boolean {
  if (b.indexOf(NEEDLE) >= 0) return true;
  const utf16 = b[0] >= 0xfe ? utf16Of(b) : undefined;
  return utf16 !== undefined && b.indexOf(UTF16[utf16].needle) >= 0;
}

export interface Located extends Usage {
  /** the usage this places: one object for every place its text is (Analyzer.usage) */
  of: Usage;
  /** offset of the start of the usage's (first) line in the file's text */
  lineStart: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** What a file was when it was read: --fix writes it only if it is still that file, unchanged. */
export interface Identity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

export const identity = (st: Stats): Identity => ({ dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs });
export const sameFile = (st: Stats, id: Identity): boolean =>
  st.isFile() && st.dev === id.dev && st.ino === id.ino && st.size === id.size && st.mtimeMs === id.mtimeMs && st.ctimeMs === id.ctimeMs;

/**
 * Opened for reading: never through a symbolic link (one swapped in after the walk), never
 * waiting (a FIFO swapped in would block open() until a writer comes).
 */
export const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Test seams (tests only): called at fixed points of a run, to change the tree deterministically. */
export interface ScanHooks {
  /** after the walk, before any file is read */
  afterWalk?(files: readonly FileEntry[]): void;
  /** --fix: before a file is opened again to be replaced */
  beforeFix?(file: ScannedFile): void;
  /** --fix: after the new text is written to its temporary file, before the rename */
  beforeRename?(file: ScannedFile): void;
  /** redaction rules added to the shipped ones (generated rules: every output must apply them) */
  rules?: ScanRules;
}

export interface ScannedFile extends FileEntry {
  /** the file as read */
  id: Identity;
  /**
   * decoded text, without the BOM; none when the run keeps no text (ScanOptions.keepText: every
   * run but --fix's and the general path's stylish): read it through fileText()
   */
  text?: string;
  /**
   * without the text (ScanOptions.keepLines): the lines the usages are on, by their start in the
   * text, each with its newline when one ends it: read them through lineAt()
   */
  lines?: ReadonlyMap<number, string>;
  bom: boolean;
  /** not valid UTF-8: read and written back byte for byte as latin1 */
  latin1: boolean;
  /** UTF-16 with its byte order mark (little or big endian): read and written back as such */
  utf16?: "le" | "be";
  /** the usages listed (at most MAX_FINDINGS_PER_FILE) */
  usages: Located[];
  /** the usages past the cap: counted by status, with the edits of the fixable ones */
  unlisted?: Unlisted;
}

export interface Unlisted {
  count: number;
  byStatus: Record<ScanStatus, number>;
  /** fixable usages (rewritten, with edits) and their edits */
  fixable: number;
  edits: Edit[];
}

const noneByStatus = (): Record<ScanStatus, number> => ({ rewritten: 0, partial: 0, removed: 0, unrecognized: 0, field: 0 });

/** The usage `u` (of the text at `r`) with its place in the file: one object literal, all its fields at once. */
function located(u: Usage, r: RouteText, pos: Positions): Located {
  const a = pos.position(r.start);
  const lineStart = pos.lineStart;
  const b = pos.position(r.end);
  return {
    start: r.start, end: r.end, status: u.status, routeId: u.routeId, rules: u.rules, notes: u.notes, from: u.from, to: u.to,
    text: u.text, replacement: u.replacement, manual: u.manual, edits: placedEdits(u, r.start),
    shownText: u.shownText, shownReplacement: u.shownReplacement,
    lineStart, line: a.line, column: a.column, endLine: b.line, endColumn: b.column, of: u,
  };
}

/** The usage of a field read's text (`.trendScore`), one per run and text. */
function fieldUsage(text: string, rename: FieldRename, memo: Map<string, Usage>): Usage {
  let u = memo.get(text);
  if (u === undefined) {
    u = {
      start: 0, end: text.length, status: "field", routeId: undefined, rules: [FIELD_RULE], notes: [rename.note], from: null, to: null,
      field: { v2: rename.v2, v3: rename.v3 }, text, replacement: null, manual: undefined, edits: [], shownText: text, shownReplacement: null,
    };
    memo.set(text, u);
  }
  return u;
}

/** The field reads of a file among its usages, in the order of the text (past the file's cap: counted). */
function addFieldReads(usages: Located[], over: { unlisted?: Unlisted }, reads: readonly FieldRead[], text: string, perFile: number, memo: Map<string, Usage>, keepEdits: boolean): void {
  const calls = usages.slice();
  usages.length = 0;
  const pos = new Positions(text);
  let k = 0;
  for (const f of reads) {
    while (k < calls.length && calls[k].start <= f.start) usages.push(calls[k++]);
    const u = fieldUsage(detached(text.slice(f.start, f.end)), f.rename, memo);
    if (calls.length + usages.length - k >= perFile) { unlist(over, u, keepEdits); continue; }
    usages.push(located(u, { start: f.start, end: f.end } as RouteText, pos));
  }
  while (k < calls.length) usages.push(calls[k++]);
}

/** A Postman request's parsed path that names v2 (`"path": ["v2", "clusters"]`), which Postman and Newman send by. */
const POSTMAN_V2_PATH = /"path"\s*:\s*\[\s*"v2"/;
const POSTMAN_URL_SPAN = 8000;

/**
 * In a Postman collection a request's `url` holds its `raw` text and the same URL parsed
 * (`host`, `path`, `query`), which is what Postman and Newman send: a fix of `raw` alone would
 * leave the request calling v2 while the scan reports nothing left. A rewritten usage in a `url`
 * whose `path` array names v2 is left (partial, with the reason).
 */
function leavePostmanPaths(text: string, usages: Located[]): void {
  for (let k = 0; k < usages.length; k++) {
    const u = usages[k];
    if (u.status !== "rewritten" || !u.edits.length) continue;
    const from = Math.max(text.lastIndexOf('"url"', u.start), u.start - POSTMAN_URL_SPAN, 0);
    const next = text.indexOf('"url"', u.end);
    const to = Math.min(next < 0 ? text.length : next, u.end + POSTMAN_URL_SPAN);
    if (!POSTMAN_V2_PATH.test(text.slice(from, to))) continue;
    const of: Usage = { ...u.of, status: "partial", edits: [], replacement: null, shownReplacement: null, manual: "a Postman request: its url.path array names v2 too (edit the request's URL in Postman, or raw and path together)" };
    usages[k] = { ...u, status: of.status, edits: [], replacement: null, shownReplacement: null, manual: of.manual, of };
  }
}

/** The text of a file a run kept (ScanOptions.keepText). */
export function fileText(f: ScannedFile): string {
  if (f.text === undefined) throw new Error(`internal: the scan kept no text of ${f.file} (keepText)`);
  return f.text;
}

/** A line of a file a run kept (its text, or the lines its usages are on): the line at `start` up to its newline, and whether a newline ends it. */
export function lineAt(f: ScannedFile, start: number): { text: string; newline: boolean } {
  if (f.text !== undefined) {
    const end = f.text.indexOf("\n", start);
    return end < 0 ? { text: f.text.slice(start), newline: false } : { text: f.text.slice(start, end), newline: true };
  }
  const kept = f.lines?.get(start);
  if (kept === undefined) throw new Error(`internal: the scan kept no line at ${start} of ${f.file} (keepLines)`);
  return kept.endsWith("\n") ? { text: kept.slice(0, -1), newline: true } : { text: kept, newline: false };
}

/** The lines `usages` are on, each a copy (a slice would keep the whole text alive), with its newline. */
function linesOf(text: string, usages: readonly Located[]): Map<number, string> {
  const lines = new Map<number, string>();
  for (const u of usages) {
    if (lines.has(u.lineStart)) continue;
    const end = text.indexOf("\n", u.lineStart);
    lines.set(u.lineStart, detached(text.slice(u.lineStart, end < 0 ? text.length : end + 1)));
  }
  return lines;
}

/** Count `u` past the cap. */
export function unlist(f: { unlisted?: Unlisted }, u: Pick<Usage, "status" | "edits">, keepEdits: boolean): void {
  const x = (f.unlisted ??= { count: 0, byStatus: noneByStatus(), fixable: 0, edits: [] });
  x.count++;
  x.byStatus[u.status]++;
  if (u.status === "rewritten" && u.edits.length) {
    x.fixable++;
    if (keepEdits) for (const e of u.edits) x.edits.push(e);
  }
}

/** List at most `keep` of the file's usages; the others are counted (the run's cap, applied in walk order). */
export function capListed(f: ScannedFile, keep: number, keepEdits: boolean): void {
  if (f.usages.length <= keep) return;
  for (let i = keep; i < f.usages.length; i++) unlist(f, f.usages[i], keepEdits);
  f.usages.length = keep;
}

export interface ScanOptions {
  paths: readonly string[];
  cwd: string;
  include?: readonly string[];
  exclude?: readonly string[];
  /** the API's own hosts, lower case, with or without a port */
  hosts: readonly string[];
  /** the path prefixes the API is served under (a base URL's path, `/mids`): `/mids/v2/...` on its hosts (or with none) is a v2 call */
  prefixes?: readonly string[];
  now: Date;
  maxBytes?: number;
  maxFindingsPerFile?: number;
  /** keep the edits of usages past the caps (--fix applies them) */
  keepEdits?: boolean;
  signal?: AbortSignal;
  hooks?: ScanHooks;
  /** the bytes of a path argument that was not UTF-8 (walk.ts) */
  rawArg?: (arg: string) => Buffer | undefined;
  /** read every file on libuv's pool from the start (tests: the two ways give the same result) */
  concurrentReads?: boolean;
  /**
   * keep each reported file's text (default true): --fix edits it (and the general path's
   * stylish splits it); without it a file's text is let go once its usages are found (the usages
   * hold copies of their own route texts, not slices of it, and keepLines copies of their lines)
   */
  keepText?: boolean;
  /**
   * without keepText: keep the lines the usages are on (stylish shows them), copies, so the
   * file's text is let go all the same
   */
  keepLines?: boolean;
  /** the general path everywhere (MIDS_MIGRATE_STRATEGY=general): routes through matchPath, each text rewritten by itself, reads on the pool */
  general?: boolean;
  /** a file the walk passes over (its absolute path, directory a real path): the run's own --output-file, a report of an earlier run */
  skipPath?: string;
  /** count what the --host hint needs of the files passed over while no usage is found (default true; --quiet prints no hint) */
  countPassed?: boolean;
  /** the files begun of all the walk found: after the walk, then each time the event loop gets a turn (a progress line) */
  onProgress?: (begun: number, of: number) => void;
}

export interface ScanResult {
  /** files with usages, in walk order */
  files: ScannedFile[];
  /** files read (candidates or not) */
  scanned: number;
  binary: string[];
  tooLarge: { file: string; size: number }[];
  ignored: number;
  /** named directories never walked (node_modules, vendor, .git) */
  skippedDirs: string[];
  /** ignore files over MAX_GITIGNORE_BYTES, whose rules were not applied */
  largeIgnores: { file: string; size: number }[];
  /** ignore rules too costly to match, not applied */
  costlyRules: { file: string; line: number }[];
  /** files that were no regular file any more when read (a symbolic link or FIFO swapped in) */
  changed: string[];
  /**
   * a run that found no usage: the strings of the files whose bytes held `/v2` and gave none that
   * a --host would make usages (hint.ts), counted as each file was read; none once a usage is found
   */
  passed?: PassedTally;
}

/**
 * Is a URL's host one of the API's own? A name given without a port matches it on any port; a
 * name given with 443 or 80 (the https and http defaults) also matches it written without one.
 */
export function hostMatcher(hosts: readonly string[]): (host: string | undefined) => boolean {
  const set = new Set(hosts.map((h) => h.toLowerCase()));
  const defaults = new Set([...set].filter((h) => /:(443|80)$/.test(h)).map((h) => h.replace(/:\d+$/, "")));
  return (host) => !!host && (set.has(host) || set.has(host.replace(/:\d+$/, "")) || defaults.has(host));
}

/** The offsets at which the lines of `text` start. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line and column (findings/columns.ts: the one unit) of an offset; `starts` holds the line start offsets. */
export function position(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
  }
  return { line: lo + 1, column: columnAt(starts[lo], offset) };
}

/**
 * Positions of increasing offsets in one text: each call counts lines on from the last offset, so
 * a file costs one pass up to its last usage. Offsets may also go back (a fresh count from the
 * start). A column is the distance from the line's start (findings/columns.ts: the one unit).
 */
export class Positions {
  /** the offset counted up to, its line and that line's start offset */
  private at = 0;
  private line = 1;
  private start = 0;
  constructor(private readonly text: string) {}

  /** The start offset of the line of the last offset asked. */
  get lineStart(): number { return this.start; }

  position(offset: number): { line: number; column: number } {
    const text = this.text;
    if (offset < this.at) { this.at = 0; this.line = 1; this.start = 0; }
    let nl = text.indexOf("\n", this.at);
    if (nl >= 0 && nl < offset) {
      let line = this.line;
      let start: number;
      do { line++; start = nl + 1; nl = text.indexOf("\n", start); } while (nl >= 0 && nl < offset);
      this.line = line; this.start = start;
    }
    this.at = offset;
    return { line: this.line, column: columnAt(this.start, offset) };
  }
}

/** Positions (see Positions) as a function. */
export function positioner(text: string): (offset: number) => { line: number; column: number } {
  const p = new Positions(text);
  return (offset) => p.position(offset);
}

/** The first read of each file: most source files fit, so most files cost open, read, close. */
const CHUNK = 64 * 1024;

const NOT_REGULAR: ReadonlySet<string> = new Set(["EISDIR", "ESPIPE", "EAGAIN", "ENXIO"]);

type Read = { buf: Buffer; st?: Stats } | { size: number } | { changed: true };

/**
 * A read that takes longer than this (ms) did not come from the page cache (a cold or network
 * disk), or the thread was descheduled: after SLOW_READS of them the run reads concurrently.
 */
export const SLOW_READ_MS = 2;
export const SLOW_READS = 8;

/**
 * How a run reads its files. From the page cache a read is a copy, and one made in place costs
 * less than a round trip through libuv's thread pool (most of a scan's files are small); so files
 * are read in place until reads are slow, and from then on 16 at a time on the pool, where a cold
 * or network disk serves them in parallel.
 */
export class Reads {
  /** slow reads seen so far */
  slow = 0;
  constructor(public concurrent = false) {}

  /** A read in place took `ms`. */
  took(ms: number): void {
    if (ms > SLOW_READ_MS && ++this.slow >= SLOW_READS) this.concurrent = true;
  }
}

/** The outcome of the first read of `n` bytes (or of `err`) into `chunk`. The caller closes fd. */
function settle(fd: number, chunk: Buffer, max: number, err: unknown, n: number): Read {
  // a directory, a FIFO or a socket swapped in (a read at an offset fails on them): no regular file
  if (err) {
    if (NOT_REGULAR.has((err as NodeJS.ErrnoException).code ?? "")) return { changed: true };
    throw err;
  }
  if (n < chunk.length) {
    if (n > max) return { size: n };
    const buf = chunk.subarray(0, n);
    if (!mayHoldV2(buf)) return { buf };
    const st = fstatSync(fd);
    return st.isFile() ? { buf, st } : { changed: true };
  }
  const st = fstatSync(fd);
  if (!st.isFile()) return { changed: true };
  const size = st.size;
  if (size > max) return { size };
  const buf = Buffer.allocUnsafe(Math.max(size, n));
  chunk.copy(buf, 0, 0, n);
  let off = n;
  while (off < buf.length) {
    const m = readSync(fd, buf, off, buf.length - off, off);
    if (m === 0) break; // it shrank while being read
    off += m;
  }
  return { buf: buf.subarray(0, off), st };
}

/**
 * Read a whole file unless it is over `max` bytes, into the worker's own buffer when it fits
 * (no allocation for the many files that are rejected at once), with its identity (fstat) when
 * it holds the needle: in place or on libuv's pool, as `reads` says. Open and close are cheap
 * system calls made in place. The result is valid until the worker's next read.
 */
function readCapped(path: string | Buffer, max: number, chunk: Buffer, reads: Reads): Read | Promise<Read> {
  const fd = openSync(path, READ_FLAGS);
  if (!reads.concurrent) {
    let n = 0;
    let err: unknown = null;
    const t0 = monotonicMs();
    try { n = readSync(fd, chunk, 0, chunk.length, 0); } catch (e) { err = e; }
    reads.took(monotonicMs() - t0);
    try { return settle(fd, chunk, max, err, n); } finally { closeSync(fd); }
  }
  return new Promise((resolve, reject) => {
    read(fd, chunk, 0, chunk.length, 0, (err, n) => {
      try { resolve(settle(fd, chunk, max, err, n)); } catch (e) { reject(e); } finally { closeSync(fd); }
    });
  });
}

/**
 * Ctrl-C or SIGTERM stopped the scan: how far it got (`of` is undefined while the tree was still
 * being walked), for the line that says so.
 */
export class ScanInterrupted extends Error {
  constructor(readonly read: number, readonly of: number | undefined, readonly usages: number, readonly files: number) {
    super("interrupted");
  }
}

export async function scan(opts: ScanOptions): Promise<ScanResult> {
  const picomatch = opts.include?.length || opts.exclude?.length ? (await import("picomatch")).default as unknown as Picomatch : undefined;
  let walked: Awaited<ReturnType<typeof walk>>;
  try {
    walked = await walk(opts.paths, { ...opts, picomatch });
  } catch (e) {
    if (opts.signal?.aborted) throw new ScanInterrupted(0, undefined, 0, 0);
    throw e;
  }
  const { ignored, skippedDirs, largeIgnores, costlyRules } = walked;
  const entries = opts.skipPath === undefined ? walked.files : walked.files.filter((e) => e.path !== opts.skipPath);
  opts.hooks?.afterWalk?.(entries);
  const max = opts.maxBytes ?? MAX_SCAN_FILE_BYTES;
  const perFile = opts.maxFindingsPerFile ?? MAX_FINDINGS_PER_FILE;
  const ownHost = hostMatcher(opts.hosts);
  const under: ApiPrefixes | undefined = opts.prefixes?.length ? { prefixes: opts.prefixes, ownHost } : undefined;
  const analyzer = new Analyzer({ now: opts.now, ownHost, general: opts.general, rules: opts.hooks?.rules });
  // the patterns that find parameters set apart from the URL (paging.ts): this run's own
  const patterns = new ApartPatterns();
  const reads = new Reads(!!opts.concurrentReads || !!opts.general);
  const keepText = opts.keepText !== false;
  const keepLines = !keepText && !!opts.keepLines;
  const found: (ScannedFile | undefined)[] = new Array(entries.length);
  const binary: string[] = [];
  const tooLarge: { file: string; size: number }[] = [];
  const changed: string[] = [];
  // a field read's usage by its text (`.trendScore`, `["xHandle"]`): one object for every place it is
  const fieldUsages = new Map<string, Usage>();
  // the strings of the files with `/v2` that gave no usage, counted while the run has found none (ScanResult.passed)
  let passed: PassedTally | undefined = opts.countPassed === false ? undefined : new PassedTally();

  const one = async (i: number, chunk: Buffer) => {
    const e = entries[i];
    const r = await readCapped(fsPath(e), max, chunk, reads);
    if (!("buf" in r)) { if ("changed" in r) changed.push(e.file); else tooLarge.push({ file: e.file, size: r.size }); return; }
    const { buf, st } = r;
    if (!st) return;
    const utf16 = buf[0] >= 0xfe ? utf16Of(buf) : undefined;
    if (buf.indexOf(utf16 ? UTF16[utf16].needle : NEEDLE) < 0) return;
    if (!utf16 && buf.subarray(0, BINARY_PROBE_BYTES).indexOf(0) >= 0) { binary.push(e.file); return; }
    const { text, bom, latin1 } = sourceText(buf, utf16);
    const routes = extractRoutes(text, under);
    if (!routes.length) { passed?.add(text, analyzer); return; }
    const usages: Located[] = [];
    const over: { unlisted?: Unlisted } = {};
    let pos: Positions | undefined;
    for (let k = 0; k < routes.length; k++) {
      const r = routes[k];
      let u: Usage | undefined = analyzer.usage(text, r);
      if (!u) continue;
      // a read whose page, or another parameter v3 takes otherwise, the code sets apart from the URL (paging.ts)
      // (a partial one too: what the code sets apart is as much to change there, `start` beside a momentum read)
      const plan = u.status === "rewritten" || u.status === "partial" ? apartPlan(u.routeId) : undefined;
      let set = plan?.params.length ? paramsSetNear(text, r.start, r.end, plan, k ? routes[k - 1].end : 0, k + 1 < routes.length ? routes[k + 1].start : text.length, patterns.of(plan), k ? routes[k - 1].start : 0, k + 1 < routes.length ? routes[k + 1].end : text.length) : NONE_SET;
      if (set.length && u.status === "partial") set = notNoted(set, u.rules);
      // a list read without a page size in its URL, whose code sets one apart (paging.ts)
      const size = u.rules.includes(PAGE_SIZE_RULE) ? paramsSetNear(text, r.start, r.end, SIZE_PLAN, k ? routes[k - 1].end : 0, k + 1 < routes.length ? routes[k + 1].start : text.length, patterns.of(SIZE_PLAN), k ? routes[k - 1].start : 0, k + 1 < routes.length ? routes[k + 1].end : text.length)[0] : undefined;
      if (usages.length >= perFile) {
        unlist(over, !set.length ? { status: u.status, edits: placedEdits(u, r.start) } : { status: "partial", edits: [] }, !!opts.keepEdits);
        continue;
      }
      pos ??= new Positions(text);
      if (set.length) {
        const line = pos.position(r.start).line;
        u = leftForParams(u, set.map((f) => ({ param: f.param, line: lineOf(text, r.start, f.at, line) })));
      }
      if (size) u = sizeSetApart(u, size.at, lineOf(text, r.start, size.at, pos.position(r.start).line), text, v3MaxSize(u.routeId));
      usages.push(located(u, r, pos));
    }
    if (usages.length && e.file.endsWith(".json") && text.indexOf('"v2"') >= 0) leavePostmanPaths(text, usages);
    if (!usages.length) { passed?.add(text, analyzer); return; }
    // a file that calls v2 reads its answers: the reads of fields v3 renamed or removed (fields.ts)
    const fieldsRead = fieldReads(text, usages);
    if (fieldsRead.length) addFieldReads(usages, over, fieldsRead, text, perFile, fieldUsages, !!opts.keepEdits);
    passed = undefined;
    found[i] = { ...e, id: identity(st), text: keepText ? text : undefined, lines: keepLines ? linesOf(text, usages) : undefined, bom, latin1, ...(utf16 ? { utf16 } : {}), usages, ...over };
  };

  let next = 0;
  let done = 0;
  const interrupted = () => {
    let usages = 0;
    let files = 0;
    for (const f of found) if (f) { files++; usages += f.usages.length + (f.unlisted?.count ?? 0); }
    return new ScanInterrupted(done, entries.length, usages, files);
  };
  opts.onProgress?.(0, entries.length);
  // reads made in place never leave the event loop a turn: one is given every YIELD_MS, so a signal gets in
  let since = monotonicMs();
  const worker = async () => {
    const chunk = Buffer.allocUnsafe(CHUNK);
    while (next < entries.length) {
      if (monotonicMs() - since > YIELD_MS) {
        opts.onProgress?.(next, entries.length);
        await new Promise<void>((r) => setImmediate(r));
        since = monotonicMs();
        continue;
      }
      if (opts.signal?.aborted) throw interrupted();
      const i = next++;
      try {
        await one(i, chunk);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        // a file that vanished between the walk and the read has nothing left to migrate
        // a symbolic link swapped in after the walk is not followed
        if (code === "ELOOP") changed.push(entries[i].file);
        else if (code !== "ENOENT") throw Object.assign(err as Error, { scanFile: entries[i].file });
      }
      done++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SCAN_CONCURRENCY, entries.length) }, worker));
  binary.sort();
  changed.sort();
  tooLarge.sort((a, b) => (a.file < b.file ? -1 : 1));
  return { files: found.filter((f): f is ScannedFile => !!f), scanned: entries.length, binary, tooLarge, ignored, skippedDirs, largeIgnores, costlyRules, changed, passed };
}
