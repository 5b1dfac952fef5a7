// `mids migrate` end to end: inputs -> readers -> rewrite -> writers/report, streaming with
// constant memory (one chunk of input and one output buffer at a time).
import { createReadStream, statSync } from "node:fs";
import { makeAccessFast, type AccessFast } from "./access-fast.js";
import { Output } from "./output.js";
import type { Readable } from "node:stream";
import type { IO } from "../io.js";
import { UsageError } from "../errors.js";
import { writeAsync } from "../io.js";
import { stripControl } from "../output/sanitize.js";
import { detectFormat } from "./detect.js";
import { splitLines } from "./lines.js";
import { fastScan, matchAccessLine, scan } from "./readers/access.js";
import { curlJoiner, type CurlEntry } from "./readers/curl.js";
import { parseJsonLine } from "./readers/jsonl.js";
import { readHar } from "./readers/har.js";
import { rewrite } from "./rewrite.js";
import { Tally, summaryText } from "./summary.js";
import { makeWriter, type Writer } from "./writers.js";
import { redactText, splitTarget, targetOf } from "./url.js";
import { migrationRule } from "../contract/migration.js";
import { redactAccessPrefix, redactItem, redactRequest } from "./redact.js";
import type { Cached, Handler, InputFormat, Item, LogRequest, Outcome, OutputTarget, RequestItem, Status } from "./types.js";

export interface MigrateOptions {
  /** file paths; "-" is stdin */
  files: string[];
  fromFormat?: InputFormat;
  to?: OutputTarget;
  /** -o json / -o ndjson: the report instead of the rewritten requests */
  report?: "json" | "ndjson";
  failOn: Status[];
  quiet: boolean;
  baseUrl?: string;
  version: string;
  now: Date;
  /** --resolve: finish pending work online */
  resolve?: (o: Outcome) => Promise<Outcome>;
  /** false: every access line through the line path (tests compare the two) */
  fastPath?: boolean;
}

export interface MigrateResult {
  tally: Tally;
  failed: number;
}

const ruleText = (id: string) => { const r = migrationRule(id); return `${r.message} ${r.action}`; };
// big reads; lines.ts decodes them in small blocks
const READ_CHUNK = 1024 * 1024;
const PROGRESS_MIN_BYTES = 64 * 1024 * 1024;
const CACHE_MAX = 20_000;

/** Peek the first chunk of a stream for detection, then replay it. */
async function peek(stream: Readable): Promise<{ head: string; chunks: AsyncIterable<Buffer> }> {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await it.next();
  const head = first.done ? "" : Buffer.from(first.value).subarray(0, 64 * 1024).toString("utf8");
  async function* replay() {
    if (!first.done) yield first.value as Buffer;
    for (;;) {
      const n = await it.next();
      if (n.done) return;
      yield n.value as Buffer;
    }
  }
  return { head, chunks: replay() };
}

class StdoutClosed extends Error {}

/** A file that fails while being read (EACCES, EIO, EISDIR) is the user's to fix: exit 2, not a bug. */
function readError(e: unknown, what: string): unknown {
  const err = e as NodeJS.ErrnoException;
  if (!what || !err || typeof err.code !== "string" || !err.syscall) return e;
  return new UsageError(`cannot read ${what}: ${err.code}`, { hint: "check the path and its permissions; - reads stdin" });
}

/** Text for a terminal: escapes and other controls dropped, line breaks kept. */
const ttySafe = (s: string): string => s.split(/(\r?\n)/).map((part, i) => (i % 2 ? part : stripControl(part))).join("");

const ASCII = /^[\x00-\x7f]*$/;
// A key built by concatenation is a tree of pieces that every lookup would walk again: store a
// fresh flat copy (JSON round-trips any string exactly, lone surrogates included)
const flat = (s: string): string => JSON.parse(JSON.stringify(s)) as string;

export async function migrate(io: IO, opts: MigrateOptions): Promise<MigrateResult> {
  const tally = new Tally();
  const multi = opts.files.length > 1;
  // a reader that went away (| head) closes stdout: stop quietly instead of crashing on EPIPE
  let closed = false;
  let onClosed: (e: Error) => void = () => undefined;
  const closedP = new Promise<never>((_, reject) => (onClosed = reject));
  closedP.catch(() => undefined);
  const stdout = io.stdout as { on?: (ev: "error", cb: (e: Error) => void) => unknown };
  stdout.on?.("error", () => { closed = true; onClosed(new StdoutClosed()); });
  const out = new Output((chunk) => {
    if (closed) throw new StdoutClosed();
    // logs and HAR files carry text from anyone (user agents, bodies, headers, --resolve cursors):
    // on a terminal, no control sequence of theirs may reach it (piped output stays byte-exact)
    if (io.stdoutIsTTY) chunk = ttySafe(typeof chunk === "string" ? chunk : chunk.toString("latin1"));
    // Out is typed for text; the process's stdout and testIO take a Buffer too
    const w = writeAsync(io.stdout, chunk as string);
    return w && Promise.race([w, closedP]);
  });
  const push = (s: string): void | Promise<void> => out.str(s);
  const flush = (): void | Promise<void> => out.flush();
  let writer: Writer | undefined;
  let writerFormat: OutputTarget | undefined;
  let reported = 0;
  // real logs repeat the same few thousand targets: rewrite each distinct one once, count lazily
  // (access lines are keyed by their raw request field, other requests by method and URL)
  const cache = new Map<string, Cached>();
  const accessCache = new Map<string, Cached>();
  let accessFast: AccessFast | undefined;
  const fold = (c: Cached) => {
    if (!c.n) return;
    tally.add(c.o.status, c.o.routeId, c.n);
    for (const n of c.o.notes) tally.rule(n.rule, n.rule === "signals-sunset" ? n.message : ruleText(n.rule), c.n);
    c.n = 0;
  };
  const remember = (map: Map<string, Cached>, key: string, req: LogRequest, o: Outcome): Cached => {
    if (map.size >= CACHE_MAX) { for (const c of map.values()) fold(c); map.clear(); }
    // every field set up front: one object shape keeps the hot loop's property reads fast
    const c: Cached = { req, o, target: o.to ? req.origin + targetOf(o.to) : "", json: undefined, n: 0, request: undefined, ascii: false };
    map.set(flat(key), c);
    return c;
  };

  const progress = makeProgress(io, opts);
  let begun = false;
  if (opts.report === "json") await push(`{"requests":[\n`);
  let reading = "";
  try {
    await readAll();
  } catch (e) {
    if (!(e instanceof StdoutClosed)) throw readError(e, reading);
    return { tally, failed: 0 };
  }
  for (const c of cache.values()) fold(c);
  for (const c of accessCache.values()) fold(c);
  try {
    if (writer) await push(writer.end());
    await flush();
  } catch (e) {
    if (!(e instanceof StdoutClosed)) throw e;
  }
  progress.done();
  if (opts.report === "json" || opts.report === "ndjson") {
    const summary = JSON.stringify(opts.report === "json" ? tally.summary() : { summary: tally.summary() });
    if (!closed) await writeAsync(io.stdout, opts.report === "json" ? `${reported ? "\n" : ""}],\n"summary":${summary}}\n` : summary + "\n");
  }
  if (!opts.quiet) io.stderr.write(summaryText(tally, { listLeftOut: !opts.report }));
  const failed = opts.failOn.reduce((n, s) => n + tally.byStatus[s], 0);
  return { tally, failed };

  async function readAll(): Promise<void> {
  for (const file of opts.files) {
    const stdin = file === "-";
    reading = stdin ? "stdin" : `'${file}'`;
    const stream = (stdin ? io.stdin : createReadStream(file, { highWaterMark: READ_CHUNK })) as Readable;
    if (!stdin) progress.expect(statSync(file).size);
    const { head, chunks } = await peek(stream);
    const format = opts.fromFormat ?? detectFormat(head);
    // the first input's format is the output's (several inputs: one output format)
    writerFormat ??= opts.to ?? format;
    writer ??= opts.report ? undefined : makeWriter(writerFormat, { baseUrl: opts.baseUrl, version: opts.version });
    if (writer && !begun) { begun = true; await push(writer.begin()); }
    const name = multi ? (stdin ? "stdin" : file) : undefined;
    const where = (n: number) => `${name ? `${name}:` : ""}${format === "har" ? "entry " : "line "}${n}`;

    const invalid = (position: number, reason0: string): void | Promise<void> => {
      const reason = redactText(reason0);
      tally.add("invalid");
      tally.rule("invalid-input", ruleText("invalid-input"));
      if (opts.report) return push(reportLine(position, name, JSON.stringify({ status: "invalid", from: null, to: null, notes: [{ rule: "invalid-input", message: reason }] }).slice(1)));
      if (tally.full()) return void tally.leave("");
      tally.leave(`${where(position)}: invalid: ${stripControl(reason)}`);
    };
    const request = (c: Cached, item: RequestItem): void | Promise<void> => {
      if (opts.resolve && c.o.pending) {
        return opts.resolve(c.o).then((o) => {
          fold(c);
          c.o = o;
          c.target = o.to ? c.req.origin + targetOf(o.to) : "";
          c.json = undefined;
          c.request = undefined;
          return request(c, item);
        });
      }
      c.n++;
      const o = c.o;
      if (opts.report) return push(reportLine(item.position, name, (c.json ??= JSON.stringify({ status: o.status, from: o.from, to: o.to, notes: o.notes }).slice(1))));
      if (o.to) return push(writer!.write(item, o.to, c.target));
      if (tally.full()) return void tally.leave("");
      tally.leave(`${where(item.position)}: ${o.status}: ${stripControl(`${o.from.method} ${targetOf(o.from)}`)}${o.notes[0] ? ` (${o.notes[0].rule})` : ""}`);
    };
    const handle: Handler = (item: Item) => {
      if (item.kind === "invalid") return invalid(item.position, item.reason);
      const req = redactItem(item).req;
      const key = req.method + " " + req.origin + req.path + "?" + req.query.map((p) => p.join("=")).join("&");
      const c = cache.get(key) ?? remember(cache, key, { method: req.method, origin: req.origin, path: req.path, query: req.query }, rewrite(req, { now: opts.now }));
      return request(c, item);
    };
    // access logs, the big ones: look the raw request up before parsing it; when writing access
    // lines back, splice the cached rewritten request into the line without building an item
    const direct = opts.fastPath !== false && !opts.report && !opts.resolve && writerFormat === "access" && format === "access";
    const accessLine = (line: string | null, lineNo: number, bad?: string): void | Promise<void> => {
      if (line === null) return invalid(lineNo, bad ?? "unreadable line");
      if (direct && fastScan(line)) {
        const c = accessCache.get(line.slice(scan.q1 + 1, scan.q2));
        if (c && !c.o.to && tally.full()) { c.n++; tally.leave(""); return; }
        if (c && c.o.to) {
          c.n++;
          // the request is clean (built from the rewrite); the rest of the line may hold a key
          return push(redactAccessPrefix(line.slice(0, scan.q1 + 1)) + c.request + redactText(line.slice(scan.q2)) + "\n");
        }
      }
      const m = matchAccessLine(line);
      if (m === null) return;
      if (typeof m === "string") return invalid(lineNo, m);
      const key = m.method + " " + m.target + (m.proto ? " " + m.proto : "");
      let c = accessCache.get(key);
      if (!c) {
        const t = splitTarget(m.target);
        if (!t) return invalid(lineNo, `not a request target: ${m.target.slice(0, 40)}`);
        const req: LogRequest = redactRequest({ method: m.method, ...t });
        c = remember(accessCache, key, req, rewrite(req, { now: opts.now }));
        if (c.o.to) {
          c.request = c.o.to.method + " " + c.target + (m.proto ? " " + m.proto : "");
          c.ascii = ASCII.test(c.request);
        }
      }
      return request(c, { kind: "request", position: lineNo, req: c.req, source: { format: "access", pre: m.pre, post: m.post, proto: m.proto }, ...(name ? { file: name } : {}) });
    };
    if (direct) accessFast ??= makeAccessFast({ cache: accessCache, out, listingFull: () => tally.full(), leaveOut: () => tally.leave("") });
    const onBytes = (n: number) => progress.bytes(n);

    if (format === "har") await readHar(chunks, handle, name, onBytes);
    else if (format === "access") await splitLines(chunks, accessLine, onBytes, direct ? accessFast : undefined);
    else {
      const lines = lineHandler(format, handle, name);
      await splitLines(chunks, lines.onLine, onBytes);
      await lines.finish();
    }
  }
  }

  function reportLine(position: number, file: string | undefined, rest: string): string {
    const text = `{"position":${position},${file ? `"file":${JSON.stringify(file)},` : ""}${rest}`;
    if (opts.report === "ndjson") return text + "\n";
    return (reported++ ? ",\n" : "") + text;
  }
}


/** Line-based formats: parse each line; curl commands may continue over lines (readers/curl.ts joins them). */
function lineHandler(format: Exclude<InputFormat, "har" | "access">, handle: Handler, file: string | undefined) {
  const parse = format === "ndjson" ? parseJsonLine : null;
  const base = file ? { file } : {};
  const joiner = curlJoiner();
  const curl = (e: CurlEntry | null): void | Promise<void> => {
    if (e === null) return;
    if (e.kind === "invalid") return handle({ ...e, ...base });
    return handle({ ...e, source: { format: "curl" }, ...base });
  };
  const finish = () => curl(joiner.end());
  const onLine = (line: string | null, lineNo: number, bad?: string): void | Promise<void> => {
    if (line === null) return handle({ kind: "invalid", position: lineNo, reason: bad ?? "unreadable line", ...base });
    if (parse) {
      const r = parse(line);
      if (r === null) return;
      if (typeof r === "string") return handle({ kind: "invalid", position: lineNo, reason: r, ...base });
      return handle({ kind: "request", position: lineNo, req: r.req, source: r.source, ...base });
    }
    return curl(joiner.line(line, lineNo));
  };
  return { onLine, finish };
}

function makeProgress(io: IO, opts: MigrateOptions) {
  const on = io.stderrIsTTY && !opts.quiet;
  let total = 0;
  let seen = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let shown = false;
  const mb = (n: number) => (n / 1048576).toFixed(0);
  return {
    expect(n: number) { total += n; },
    bytes(n: number) {
      seen += n;
      if (!on || timer || (total && total < PROGRESS_MIN_BYTES) || (!total && seen < PROGRESS_MIN_BYTES)) return;
      timer = setInterval(() => {
        shown = true;
        io.stderr.write(`\rmigrate: ${mb(seen)}${total ? ` of ${mb(total)}` : ""} MB read`);
      }, 500);
      timer.unref?.();
    },
    done() {
      if (timer) clearInterval(timer);
      if (shown) io.stderr.write("\r\u001b[K");
    },
  };
}
