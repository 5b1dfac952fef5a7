// The stdout buffer of `mids migrate`: text appended by the writers, and runs of the input text
// (the access-log fast path copies each line around its rewritten request: the end of one line
// and the start of the next are one run). Written in ~64 KB chunks with back-pressure.

const FLUSH_AT = 64 * 1024;

export type ChunkWriter = (chunk: string | Buffer) => void | Promise<void>;
/** Takes the text itself, told whether it is ASCII (a worker copies it into a reused buffer). */
export type TextWriter = (text: string, ascii: boolean) => void | Promise<void>;

export class Output {
  private text = "";
  /** everything buffered is known to be ASCII: it is written as latin1, a plain copy */
  private ascii = true;
  // a pending run of input text, extended while the next run starts where it ends
  private runText: string | undefined;
  private runStart = 0;
  private runEnd = 0;

  constructor(private readonly write: ChunkWriter, private readonly text_?: TextWriter) {}

  /** Append text; `ascii` when the caller knows it is. */
  str(s: string, ascii = false): void | Promise<void> {
    if (this.runText !== undefined) this.settle();
    this.text += s;
    if (!ascii) this.ascii = false;
    return this.text.length >= FLUSH_AT ? this.flush() : undefined;
  }

  /** Append text.slice(start, end), lazily: adjacent runs of one text join into one slice. */
  run(text: string, start: number, end: number, ascii: boolean): void {
    if (!ascii) this.ascii = false;
    if (text === this.runText && start === this.runEnd) { this.runEnd = end; return; }
    if (this.runText !== undefined) this.settle();
    this.runText = text;
    this.runStart = start;
    this.runEnd = end;
  }

  /** Write out everything buffered. */
  flush(): void | Promise<void> {
    if (this.runText !== undefined) this.settle();
    if (!this.text) return;
    const t = this.text;
    const ascii = this.ascii;
    this.text = "";
    this.ascii = true;
    if (this.text_) return this.text_(t, ascii);
    return this.write(ascii ? Buffer.from(t, "latin1") : t);
  }

  private settle(): void {
    this.text += this.runText!.slice(this.runStart, this.runEnd);
    this.runText = undefined;
  }
}
