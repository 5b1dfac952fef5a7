// The write stage of `mids migrate`: rewritten requests out in the output format (writers.ts: each
// format's codec writes its own) or as report records (-o json/ndjson), requests without a v3
// request into the stderr listing.
// Output goes out in large chunks (output.ts) with back-pressure honoured; a reader that went
// away (`| head`) stops the run quietly.
import type { IO } from "../io.js";
import { writeAsync } from "../io.js";
import { escapeC1Json, stripControl } from "../util/sanitize.js";
import type { InputInfo } from "./reader.js";
import { Output, type ChunkWriter, type TextWriter } from "./output.js";
import type { Tally } from "./summary.js";
import { targetOf } from "./url.js";
import { RunRedaction } from "./redact.js";
import { makeWriter, type Writer } from "./writers.js";
import { cloudFrontHeader } from "./codecs/access/source.js";
import type { Cached, Note, OutputTarget, RequestItem } from "./types.js";

export class StdoutClosed extends Error {}

/** Items reach the write stage redacted (pipeline.ts calls redactItem on each first). */
export interface WriteStageOptions {
  to?: OutputTarget;
  report?: "json" | "ndjson";
  baseUrl?: string;
  version: string;
  /**
   * false: a part of the output (a worker thread's batch) without the document's start and end,
   * whose first report record has no separator before it (the main thread joins the parts)
   */
  frame?: boolean;
  /** where output text goes instead of io.stdout (a worker collects its batch) */
  sink?: TextWriter;
  /** the run's redaction (the items' own); default: one of the writer's own */
  redaction?: RunRedaction;
}

/** Text for a terminal: escapes and other controls dropped, line breaks kept. */
const ttySafe = (s: string): string => s.split(/(\r?\n)/).map((part, i) => (i % 2 ? part : stripControl(part))).join("");

/**
 * The report record without its position: `"status":...,"from":...,"to":...,"notes":[...]}`.
 * `jsonOfNote`: a run's serialised notes. The log's invisible characters (a bidi override, a
 * zero-width space in a filter value) are written as \u escapes, as in every JSON mids writes
 * (escapeC1Json: the parsed value is the same); once per distinct request (the caller caches it).
 */
function recordJson(c: Cached, jsonOfNote: (n: Note) => string): string {
  const o = c.o;
  let notes = "";
  for (let i = 0; i < o.notes.length; i++) notes += (i ? "," : "") + jsonOfNote(o.notes[i]);
  return escapeC1Json(`"status":${JSON.stringify(o.status)},"from":${JSON.stringify(o.from)},"to":${JSON.stringify(o.to)},"notes":[${notes}]}`);
}

export class WriteStage {
  readonly out: Output;
  closed = false;
  private chunk: ChunkWriter | undefined;
  private readonly closedP: Promise<never>;
  private writer: Writer | undefined;
  private writerFormat: OutputTarget | undefined;
  private begun = false;
  /** the input's CloudFront header, written before the first text of its records (none written: none) */
  private header: string | undefined;
  /** report records written so far (-o json puts a comma between them) */
  private reported = 0;
  private readonly redaction: RunRedaction;
  // a note is serialised once: rule notes are shared objects (rewrite.ts), prefixed ones are not
  private readonly noteJson = new WeakMap<Note, string>();
  private readonly jsonOfNote = (n: Note): string => {
    let s = this.noteJson.get(n);
    if (s === undefined) this.noteJson.set(n, (s = JSON.stringify(n)));
    return s;
  };

  /**
   * Records written so far in an output that separates them (-o json, HAR); 0 otherwise. A
   * worker sets it to 0 before each batch, so that the batch's first record has no separator.
   */
  get records(): number {
    return this.opts.report === "json" ? this.reported : this.writer?.records ?? 0;
  }

  set records(n: number) {
    if (this.opts.report === "json") this.reported = n;
    else if (this.writer?.records !== undefined) this.writer.records = n;
  }
  private input: InputInfo | undefined;

  /** `tally` may be swapped between parts of the input (a worker counts each batch apart) */
  constructor(private readonly io: IO, public tally: Tally, private readonly opts: WriteStageOptions) {
    this.redaction = opts.redaction ?? new RunRedaction();
    if (opts.sink) {
      this.closedP = new Promise<never>(() => undefined);
      this.out = new Output(() => undefined, opts.sink);
      return;
    }
    let onClosed: (e: Error) => void = () => undefined;
    this.closedP = new Promise<never>((_, reject) => (onClosed = reject));
    this.closedP.catch(() => undefined);
    const stdout = io.stdout as { on?: (ev: "error", cb: (e: Error) => void) => unknown };
    stdout.on?.("error", () => { this.closed = true; onClosed(new StdoutClosed()); });
    this.out = new Output((this.chunk = (chunk) => {
      if (this.closed) throw new StdoutClosed();
      // logs and HAR files carry text from anyone (user agents, bodies, headers, --resolve cursors):
      // on a terminal, no control sequence of theirs may reach it (piped output stays byte-exact)
      if (io.stdoutIsTTY) chunk = ttySafe(typeof chunk === "string" ? chunk : chunk.toString("latin1"));
      // Out is typed for text; the process's stdout and testIO take a Buffer too
      const w = writeAsync(io.stdout, chunk as string);
      return w && Promise.race([w, this.closedP]);
    }));
  }

  /**
   * A part of the output made by a worker thread (frame: false), in input order, with the
   * number of report records it holds.
   */
  async part(bytes: Uint8Array, records: number): Promise<void> {
    await this.out.flush();
    // -o json and HAR put a separator between records: the part's first has none
    if (records && this.records) await this.chunk!(",\n");
    this.records += records;
    if (!bytes.length) return;
    if (this.closed) throw new StdoutClosed();
    if (this.header !== undefined) {
      await this.out.str(this.header);
      await this.out.flush();
      this.header = undefined;
    }
    // resolved once the stream is done with the bytes (the caller reuses the buffer)
    const stdout = this.io.stdout as unknown as { write(b: Uint8Array, cb: (e?: Error | null) => void): boolean };
    await Promise.race([new Promise<void>((res) => stdout.write(bytes, () => res())), this.closedP]);
  }

  /** The output format: the first input's, or --to (several inputs: one output format). */
  get format(): OutputTarget | undefined {
    return this.writerFormat;
  }

  /** Called before the first item of each input. */
  begin(input: InputInfo): void | Promise<void> {
    this.input = input;
    this.writerFormat ??= this.opts.to ?? input.format;
    this.header = this.cloudFrontHeader(input);
    if (this.begun) return;
    this.begun = true;
    if (this.opts.frame === false) {
      if (!this.opts.report) this.writer = makeWriter(this.writerFormat, { baseUrl: this.opts.baseUrl, version: this.opts.version, itemsRedacted: true, redactor: this.redaction.redactor });
      return;
    }
    if (this.opts.report === "json") return this.out.str(`{"requests":[\n`);
    if (this.opts.report) return;
    this.writer = makeWriter(this.writerFormat, { baseUrl: this.opts.baseUrl, version: this.opts.version, itemsRedacted: true, redactor: this.redaction.redactor });
    return this.out.str(this.writer.begin());
  }

  /**
   * A CloudFront log written back as one (the records in its own fields) starts with its header,
   * as CloudFront writes it: once per input, from the main thread (workers write records only),
   * before the input's first record or header written (a file with no record gets none).
   */
  private cloudFrontHeader(input: InputInfo): string | undefined {
    if (!input.cloudfront || this.opts.frame === false || this.opts.report || this.writerFormat !== "access") return undefined;
    return cloudFrontHeader(input.cloudfront);
  }

  private where(n: number): string {
    const i = this.input!;
    return `${i.name ? `${i.name}:` : ""}${i.format === "har" ? "entry " : "line "}${n}`;
  }

  invalid(position: number, reason: string): void | Promise<void> {
    if (this.opts.report) return this.out.str(this.reportLine(position, escapeC1Json(JSON.stringify({ status: "invalid", from: null, to: null, notes: [{ rule: "invalid-input", message: reason }] }).slice(1))));
    if (this.tally.full()) return void this.tally.leave("");
    this.tally.leave(`${this.where(position)}: invalid: ${stripControl(this.redaction.redactor.redactText(reason))}`);
  }

  request(item: RequestItem, c: Cached): void | Promise<void> {
    const o = c.o;
    if (this.opts.report) return this.out.str(this.reportLine(item.position, (c.json ??= recordJson(c, this.jsonOfNote))));
    let lead = this.writer!.lead?.(item);
    if (this.header !== undefined) {
      lead = this.header + (lead ?? "");
      this.header = undefined;
    }
    if (o.to) return this.out.str(lead === undefined ? this.writer!.write(item, o.to, c.target, c.rel) : lead + this.writer!.write(item, o.to, c.target, c.rel));
    const wrote = lead === undefined ? undefined : this.out.str(lead);
    // not the API's (a page's assets, another host): counted, not listed
    if (o.status === "skipped") return wrote;
    if (this.tally.full()) this.tally.leave("");
    else this.tally.leave(`${this.where(item.position)}: ${o.status}: ${stripControl(`${o.from.method} ${targetOf(o.from)}`)}${o.notes[0] ? ` (${o.notes[0].rule})` : ""}`);
    return wrote;
  }

  private reportLine(position: number, rest: string): string {
    const file = this.input?.name;
    const text = `{"position":${position},${file ? `"file":${escapeC1Json(JSON.stringify(file))},` : ""}${rest}`;
    if (this.opts.report === "ndjson") return text + "\n";
    return (this.reported++ ? ",\n" : "") + text;
  }

  /** Close the document (HAR, -o json) and write out what is buffered. */
  async end(): Promise<void> {
    try {
      if (this.writer) await this.out.str(this.writer.end());
      await this.out.flush();
    } catch (e) {
      if (!(e instanceof StdoutClosed)) throw e;
    }
  }

  /** -o json/ndjson: the summary closes the report. */
  async summary(): Promise<void> {
    if (!this.opts.report || this.closed) return;
    const s = this.tally.summary();
    if (this.opts.report === "json") {
      if (!this.begun) await writeAsync(this.io.stdout, `{"requests":[\n`);
      await writeAsync(this.io.stdout, `${this.reported ? "\n" : ""}],\n"summary":${JSON.stringify(s)}}\n`);
    } else await writeAsync(this.io.stdout, JSON.stringify({ summary: s }) + "\n");
  }
}
