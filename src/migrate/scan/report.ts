// migrate scan findings in the shared findings module's terms, and the command's own json shape.
import { type FileFindings, type Finding, type FindingsSet, type Rendering, type Severity } from "../../findings/index.js";
import { escapeC1Json } from "../../util/sanitize.js";
import { countText } from "../../output/prose.js";
import { columnsIn } from "../../findings/columns.js";
import { SourceRedaction, type ScanRules } from "./redact.js";
import { SCAN_STATUSES, type ScanStatus, type Usage } from "./analyze.js";
import type { Note, Shape } from "../types.js";
import { fileText, lineAt, lineStarts, type Located, type ScanResult, type ScannedFile } from "./scan.js";

export const SCAN_RULES: Record<ScanStatus, { id: string; text: string; help: string }> = {
  rewritten: { id: "migrate/rewritten", text: "A v2 API call with a v3 equivalent that returns the same information.",
    help: "Call the v3 route shown; mids migrate scan --fix rewrites literal URLs in place." },
  partial: { id: "migrate/partial", text: "A v2 API call whose v3 request cannot carry everything over.",
    help: "Read each note: it says what was lost or changed and what to do." },
  removed: { id: "migrate/removed", text: "A v2 API call with no v3 successor.",
    help: "Drop the call or replace it as the note says." },
  unrecognized: { id: "migrate/unrecognized", text: "A /v2 path on the API's host, or one whose route the code picks at run time, that is not a known v2 route.",
    help: "Check the path against mids migrate explain." },
  field: { id: "migrate/field", text: "A read of a v2 response field that v3 renamed or removed, in a file that calls v2.",
    help: "Read the v3 field the note names once the call is v3 (mids migrate explain lists the response fields)." },
};

export interface Summary {
  files: number;
  filesWithUsages: number;
  usages: number;
  rewritten: number;
  partial: number;
  removed: number;
  unrecognized: number;
  /** reads of v2 response fields v3 renamed or removed (not counted in usages) */
  field: number;
  /** rewritten usages --fix can replace literally */
  fixable: number;
  /** usages --fix replaced (0 unless --fix) */
  fixed: number;
  skipped: { ignored: number; binary: number; tooLarge: number };
}

export function summarize(r: ScanResult, files: readonly ScannedFile[], fixed: number): Summary {
  const by: Record<ScanStatus, number> = { rewritten: 0, partial: 0, removed: 0, unrecognized: 0, field: 0 };
  let usages = 0;
  let fixable = 0;
  // (loops: a run may count hundreds of thousands of usages)
  for (const f of files) {
    for (const u of f.usages) {
      by[u.status]++;
      if (u.status === "rewritten" && u.edits.length) fixable++;
    }
    usages += f.usages.length;
    if (f.unlisted) {
      for (const k of SCAN_STATUSES) by[k] += f.unlisted.byStatus[k];
      usages += f.unlisted.count;
      fixable += f.unlisted.fixable;
    }
  }
  return {
    files: r.scanned, filesWithUsages: files.filter((f) => f.usages.length || f.unlisted?.count).length, usages: usages - by.field,
    rewritten: by.rewritten, partial: by.partial, removed: by.removed, unrecognized: by.unrecognized, field: by.field,
    fixable, fixed,
    skipped: { ignored: r.ignored, binary: r.binary.length, tooLarge: r.tooLarge.length },
  };
}

/** `dryRun`: --fix --dry-run, where the fixes are only a diff ("would be fixed"). */
export function summaryLine(s: Summary, dryRun = false): string {
  const n = countText;
  const counts = SCAN_STATUSES.filter((k) => k !== "field" && s[k] > 0).map((k) => `${n(s[k])} ${k}`).join(", ");
  const fields = s.field ? `, ${n(s.field)} read${s.field === 1 ? "" : "s"} of v2 response fields v3 renamed or removed` : "";
  const usages = `${n(s.usages)} v2 usage${s.usages === 1 ? "" : "s"}${s.usages ? ` in ${n(s.filesWithUsages)} file${s.filesWithUsages === 1 ? "" : "s"} (${counts})` : ""}${fields}`;
  const skipped = [s.skipped.binary ? `${n(s.skipped.binary)} binary` : "", s.skipped.tooLarge ? `${n(s.skipped.tooLarge)} too large` : ""].filter(Boolean).join(", ");
  // after --fix the counts are of the usages left: the line says first how many were found (before,
  // a dry run read "0 v2 usages; 2 would be fixed")
  const found = s.usages + s.fixed;
  const fixed = s.fixed ? `${n(found)} v2 usage${found === 1 ? "" : "s"} found; ${n(s.fixed)} ${dryRun ? "would be fixed; would be left" : "fixed; left"}: ` : "";
  return `${n(s.files)} file${s.files === 1 ? "" : "s"} scanned: ${fixed}${usages}${skipped ? `; skipped ${skipped}` : ""}`;
}

/** A request as text for people: placeholders stay readable ({id}), nothing is percent-encoded. */
function target(s: { path: string; query: Record<string, string> }): string {
  let out = s.path;
  // (a loop over the query's own names, in their order: Object.entries without its pairs)
  const names = Object.keys(s.query);
  for (let i = 0; i < names.length; i++) out += `${i ? "&" : "?"}${names[i]}=${s.query[names[i]]}`;
  return out;
}
const shape = (s: { method: string; path: string; query: Record<string, string> }) => `${s.method} ${target(s)}`;

export function severityOf(status: ScanStatus, failOn: readonly string[]): Severity {
  if (failOn.includes(status)) return "error";
  return status === "rewritten" ? "note" : "warning";
}

/** Lines longer than this keep the file's columns for the caret (redacting each prefix would cost too much). */
const MAX_SHOWN_LINE = 10_000;

/**
 * One file's source lines as scan shows them (keys redacted), each redacted once for the
 * findings it holds (they come in a row), and only the lines findings are on: line by line, each read by the rules as
 * scan shows it (an access log line's user too).
 */
class ShownLines {
  /**
   * The line shown last, by its start: its text up to its newline (a CR kept), redacted, whether
   * redaction changed it, and whether a newline ends it. A line's findings come in a row, each
   * asking its line, then whether it changed; a line asked again later is redacted again through
   * the run's memo (one map a file would cost more than it saves: most lines are asked once).
   */
  private last: { text: string; changed: boolean; newline: boolean } | undefined;
  private lastStart = -1;
  /** the usage whose line was asked last (findings ask their lines in order) */
  private at = 0;
  /** where each line starts, for a line asked out of order or holding no usage */
  private starts: Map<number, number> | undefined;
  /** where every line of the kept text starts, made when a line holding no usage is first asked */
  private textStarts: number[] | undefined;
  constructor(private readonly f: ScannedFile, private readonly redact: (s: string) => string) {}

  private shown(start: number): { text: string; changed: boolean; newline: boolean } {
    if (start === this.lastStart) return this.last!;
    // (the run kept the file's text, or the lines its usages are on: ScanOptions.keepLines)
    const own = lineAt(this.f, start);
    const text = this.redact(own.text);
    this.lastStart = start;
    return (this.last = { text, changed: own.text.length <= MAX_SHOWN_LINE && text !== own.text, newline: own.newline });
  }

  /** Whether redaction changed the line from `start` (a line over MAX_SHOWN_LINE counts as not). */
  changed(start: number): boolean {
    return this.shown(start).changed;
  }

  /** Where line `n` starts (undefined: past the last line). */
  private startOf(n: number): number | undefined {
    const us = this.f.usages;
    // (the usages are in order: on from the last one asked)
    for (let k = this.at; k < us.length && us[k].line <= n; k++) {
      if (us[k].line === n) { this.at = k; return us[k].lineStart; }
    }
    if (!this.starts) {
      this.starts = new Map();
      for (const u of us) this.starts.set(u.line, u.lineStart);
    }
    let start = this.starts.get(n);
    if (start === undefined) {
      // (not a line with a usage: from the line starts of the text, when the run kept it)
      start = (this.textStarts ??= lineStarts(fileText(this.f)))[n - 1];
      if (start !== undefined) this.starts.set(n, start);
    }
    return start;
  }

  /**
   * Line `n` (1-based) as the findings formats read the file's shown text: its lines split at
   * `\r?\n`, without a leading BOM.
   */
  line(n: number): string | undefined {
    const start = this.startOf(n);
    if (start === undefined) return undefined;
    const shown = this.shown(start);
    let s = shown.text;
    if (n === 1 && s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    // the CR of a CRLF goes with the line break
    return s.endsWith("\r") && shown.newline ? s.slice(0, -1) : s;
  }
}

/**
 * The caret's columns in the redacted line stylish shows, when redaction changed the text before
 * the usage; undefined when the shown line is the file's own.
 */
function shownColumns(f: ScannedFile, u: Located, lines: ShownLines, redact: (s: string) => string): { column: number; endColumn: number } | undefined {
  if (!lines.changed(u.lineStart)) return undefined;
  const column = columnsIn(redact(lineAt(f, u.lineStart).text.slice(0, u.start - u.lineStart))) + 1;
  const endColumn = u.endLine === u.line ? column + columnsIn(u.shownText) : u.endColumn;
  return { column, endColumn };
}

/**
 * What the findings of one usage share wherever its text is (everything but the place), made once
 * for every place its text is; what only some formats read (title, properties, key) when first read.
 */
class UsageTexts implements Pick<Finding, "severity" | "ruleId" | "label" | "title" | "message" | "detail" | "notes" | "properties" | "key"> {
  readonly severity: Severity;
  readonly ruleId: string;
  readonly label: string;
  readonly message: string;
  readonly detail: string | undefined;
  readonly notes: string[];
  readonly #u: Located;
  readonly #from: string;
  #title: string | undefined;
  #properties: Record<string, unknown> | undefined;
  #key: string | undefined;

  /** `noteText` makes a note's line. */
  constructor(u: Located, failOn: readonly string[], noteText: (n: Note) => string) {
    // (a field read: the v2 field and where v3 has it)
    const to = u.of.field ? u.of.field.v3 ?? "removed in v3" : u.to ? shape(u.to) : "no v3 successor";
    const from = u.of.field ? u.of.field.v2 : shape(u.from!);
    const notes: string[] = [];
    for (const n of u.notes) notes.push(noteText(n));
    if (u.shownReplacement !== null) notes.push(`--fix: ${u.shownReplacement}`);
    else if (u.manual) notes.push(`not fixed by --fix: ${u.manual}`);
    this.severity = severityOf(u.status, failOn);
    this.ruleId = SCAN_RULES[u.status].id;
    this.label = u.status;
    this.message = `${from} -> ${to}`;
    this.detail = u.rules.length ? u.rules.join(", ") : undefined;
    this.notes = notes;
    this.#u = u;
    this.#from = from;
  }

  get title(): string { return (this.#title ??= `v2 ${this.#u.status}: ${this.#from}`); }

  get properties(): Record<string, unknown> {
    const u = this.#u;
    return (this.#properties ??= u.routeId ? { status: u.status, rules: u.rules, routeId: u.routeId } : { status: u.status, rules: u.rules });
  }

  get key(): string { return (this.#key ??= `${this.#u.status}\u0000${this.#from}\u0000${this.#u.text}`); }
}

/** Where a finding's caret goes in the line stylish shows (ShownLines): worked out when asked. */
interface ShownPlace {
  f: ScannedFile;
  lines: ShownLines;
  redact: (s: string) => string;
}

/**
 * A finding of scan. `shown` redacts the finding's source line to place the caret, which only
 * stylish reads: the other formats show no source line, so it is worked out when asked (once).
 */
class ScanFinding implements Finding {
  // (declared only: set once, in the constructor, with no definition as undefined before it)
  declare readonly line: number;
  declare readonly column: number;
  declare readonly endLine: number;
  declare readonly endColumn: number;
  declare readonly severity: Finding["severity"];
  declare readonly ruleId: string;
  declare readonly label: string;
  declare readonly message: string;
  declare readonly detail: string | undefined;
  declare readonly notes: string[] | undefined;
  // (true private fields: a finding spread or serialised never carries the file's unredacted text)
  readonly #t: UsageTexts;
  readonly #u: Located;
  readonly #place: ShownPlace;
  /** (not yet worked out: null) */
  #at: { column: number; endColumn: number } | undefined | null = null;

  constructor(readonly file: string, u: Located, t: UsageTexts, place: ShownPlace) {
    this.line = u.line; this.column = u.column; this.endLine = u.endLine; this.endColumn = u.endColumn;
    this.severity = t.severity; this.ruleId = t.ruleId; this.label = t.label; this.message = t.message;
    this.detail = t.detail; this.notes = t.notes;
    this.#t = t;
    this.#u = u;
    this.#place = place;
  }

  // (read by some formats only: made once per usage when first read)
  get title(): string { return this.#t.title; }
  get properties(): Record<string, unknown> { return this.#t.properties; }
  get key(): string { return this.#t.key; }

  get shown(): { column: number; endColumn: number } | undefined {
    if (this.#at === null) this.#at = shownColumns(this.#place.f, this.#u, this.#place.lines, this.#place.redact);
    return this.#at;
  }
}

/** A file's findings: its source lines as stylish shows them, its whole text redacted only when asked. */
class ScanFileFindings implements FileFindings {
  readonly file: string;
  readonly findings: Finding[];
  readonly line: (n: number) => string | undefined;
  readonly #f: ScannedFile;
  readonly #redact: (s: string) => string;
  #text: string | undefined;

  constructor(f: ScannedFile, redactLine: (s: string) => string, redact: (s: string) => string, textsOf: (u: Located) => UsageTexts) {
    const lines = new ShownLines(f, redactLine);
    const place: ShownPlace = { f, lines, redact };
    this.file = f.file;
    this.line = (n) => lines.line(n);
    this.#f = f;
    this.#redact = redact;
    const findings: Finding[] = new Array(f.usages.length);
    for (let i = 0; i < findings.length; i++) findings[i] = new ScanFinding(f.file, f.usages[i], textsOf(f.usages[i]), place);
    this.findings = findings;
  }

  get text(): string { return (this.#text ??= fileText(this.#f).split("\n").map(this.#redact).join("\n")); }
}

export function toFindingsSet(files: readonly ScannedFile[], failOn: readonly string[], version: string, opts: ReportOptions = {}): FindingsSet {
  // one redaction for the rendering: the rules with memos of their own (names repeat in code)
  const redaction = new SourceRedaction(opts.rules);
  const redact = (s: string) => redaction.line(s);
  // a line shown twice (the same code in many files) is redacted once
  const shown = new Map<string, string>();
  const redactLine = opts.general ? redact : (s: string) => {
    let r = shown.get(s);
    if (r === undefined) shown.set(s, (r = redact(s)));
    return r;
  };
  // a note's line by its message (one string for every usage that carries the note: analyze.ts)
  const noteLines = new Map<string, { rule: string; text: string }>();
  const noteText = (n: Note) => {
    let l = noteLines.get(n.message);
    if (l === undefined || l.rule !== n.rule) noteLines.set(n.message, (l = { rule: n.rule, text: `${n.rule}: ${n.message}` }));
    return l.text;
  };
  const texts = new Map<Usage, UsageTexts>();
  const textsOf = (u: Located) => {
    // (the general path makes each finding's texts for it alone)
    if (opts.general) return new UsageTexts(u, failOn, noteText);
    let t = texts.get(u.of);
    if (t === undefined) texts.set(u.of, (t = new UsageTexts(u, failOn, noteText)));
    return t;
  };
  return {
    tool: { name: "mids", version },
    rules: SCAN_STATUSES.map((s) => SCAN_RULES[s]),
    // source lines are shown in stylish: keys written in the code stay out of the output
    files: files.map((f) => new ScanFileFindings(f, redactLine, redact, textsOf)),
    suite: "mids migrate scan",
    classname: "migrate-scan",
  };
}

/** Findings per piece of the streamed json. */
const JSON_CHUNK = 500;
/** The json text up to the first finding, and what closes the list (JSON.stringify's, indent 2). */
const JSON_HEAD = "{\n  \"findings\": [\n    ";
const JSON_TAIL = "\n  ]\n}";

export interface ReportOptions {
  /**
   * the general paths alone (MIDS_MIGRATE_STRATEGY=general): json stringifies every finding whole,
   * stylish redacts and formats each finding's line and texts as if it were the only one
   */
  general?: boolean;
  /** the redaction rules (tests add generated rules): the shipped ones by default */
  rules?: ScanRules;
}

/**
 * json: `{findings: [...], summary}`; each finding exactly the fields issue 12 lists. Made in
 * pieces (the same text as JSON.stringify(..., null, 2)), so that the output is written as it is
 * made.
 */
export function* formatJsonChunks(files: readonly ScannedFile[], summary: Summary, opts: ReportOptions = {}): Generator<string> {
  const first = yield* opts.general ? generalFindingsJson(files) : findingsJson(files);
  const end = JSON.stringify({ findings: [], summary }, null, 2);
  // `{"findings": [], "summary": ...}`: after the first piece, the rest of this text closes the list
  yield escapeC1Json(first ? end : "\n  " + end.slice(end.indexOf("],")) + "\n");
  if (first) yield "\n";
}

/** What json lists of a finding's usage (the same for every place of the usage), in its order. */
const usageFields = (u: Located) => ({
  status: u.status, rules: u.rules, notes: u.notes, from: u.from, to: u.to, ...(u.of.field ? { field: u.of.field } : {}), text: u.shownText, replacement: u.shownReplacement,
});
/** A finding as json lists it: its place, then its usage's fields. */
const findingJson = (file: string, u: Located) => ({ file, line: u.line, column: u.column, endLine: u.endLine, endColumn: u.endColumn, ...usageFields(u) });

/** The general path: each piece is JSON.stringify's own text of {findings: [piece]}, cut out of its brackets. Returns whether no finding was written. */
function* generalFindingsJson(files: readonly ScannedFile[]): Generator<string, boolean> {
  let batch: unknown[] = [];
  let first = true;
  const piece = () => {
    const s = JSON.stringify({ findings: batch }, null, 2);
    const out = (first ? JSON_HEAD : ",\n    ") + s.slice(JSON_HEAD.length, s.length - JSON_TAIL.length);
    first = false;
    batch = [];
    return escapeC1Json(out);
  };
  for (const f of files) {
    for (const u of f.usages) {
      batch.push(findingJson(f.file, u));
      if (batch.length === JSON_CHUNK) yield piece();
    }
  }
  if (batch.length) yield piece();
  return first;
}

/**
 * The text of a finding's usage fields (status to replacement) as they stand in the list, each
 * after a newline and 6 spaces, in JSON.stringify's layout (indent 2) and C1-escaped
 * (escapeC1Json works character by character): strings and keys by JSON.stringify, the rest
 * written here. Its notes, most of its text and shared by many usages, are stringified once a run
 * each (`noteJson`), at their depth. `of`: the fields it was made from, to tell whether another
 * place of the usage may share it.
 */
interface UsageJson { of: Located; text: string }

const FIELD = "\n      ";

/** A list of strings at the depth of a finding's fields: `[]`, or one per line. */
function stringsJson(xs: readonly string[]): string {
  if (!xs.length) return "[]";
  let out = "[";
  for (let i = 0; i < xs.length; i++) out += (i ? ",\n        " : "\n        ") + JSON.stringify(xs[i]);
  return out + "\n      ]";
}

/** A shape (`from`, `to`) at the depth of a finding's fields. */
function shapeJson(s: Shape | null): string {
  if (s === null) return "null";
  let query = "";
  for (const k of Object.keys(s.query)) query += (query ? ",\n          " : "\n          ") + JSON.stringify(k) + ": " + JSON.stringify(s.query[k]);
  return "{\n        \"method\": " + JSON.stringify(s.method) + ",\n        \"path\": " + JSON.stringify(s.path)
    + ",\n        \"query\": " + (query ? "{" + query + "\n        }" : "{}") + "\n      }";
}

function usageJson(u: Located, noteJson: (n: Note) => string): UsageJson {
  let notes = "";
  for (const n of u.notes) notes += (notes ? ",\n        " : "\n        ") + noteJson(n);
  const text = FIELD + "\"status\": " + JSON.stringify(u.status) + "," + FIELD + "\"rules\": " + stringsJson(u.rules)
    + "," + FIELD + "\"notes\": " + (notes ? `[${notes}\n      ]` : "[]")
    + "," + FIELD + "\"from\": " + shapeJson(u.from) + "," + FIELD + "\"to\": " + shapeJson(u.to)
    + (u.of.field ? "," + FIELD + "\"field\": {\n        \"v2\": " + JSON.stringify(u.of.field.v2) + ",\n        \"v3\": " + JSON.stringify(u.of.field.v3) + "\n      }" : "")
    + "," + FIELD + "\"text\": " + JSON.stringify(u.shownText) + "," + FIELD + "\"replacement\": " + JSON.stringify(u.shownReplacement);
  return { of: u, text: escapeC1Json(text) };
}

/** A number as JSON.stringify writes it (a finite one as String does: no call into the stringifier). */
const jsonNumber = (x: number): string => (Number.isFinite(x) ? "" + x : JSON.stringify(x));

/** Whether `a` and `b` give the same usage fields (the same values: one Usage's, placed twice). */
const sameUsageFields = (a: Located, b: Located): boolean =>
  a.status === b.status && a.rules === b.rules && a.notes === b.notes && a.from === b.from && a.to === b.to && a.of.field === b.of.field
  && a.shownText === b.shownText && a.shownReplacement === b.shownReplacement;

/**
 * The fast path: the general path's text (generalFindingsJson, held to it by
 * test/unit/scan-output-strategies.test.ts), made per place from the usage fields written once per
 * usage (usageJson), the file name once per file, the numbers as JSON.stringify writes them.
 * Returns whether no finding was written.
 */
function* findingsJson(files: readonly ScannedFile[]): Generator<string, boolean> {
  const byUsage = new Map<Usage, UsageJson>();
  // a note's text at its depth in the list (8 more), C1-escaped, by its message (one string for every usage that carries the note)
  const notes = new Map<string, { note: Note; text: string }>();
  const noteJson = (n: Note): string => {
    let j = notes.get(n.message);
    if (j === undefined || (j.note !== n && j.note.rule !== n.rule)) {
      notes.set(n.message, (j = { note: n, text: escapeC1Json(JSON.stringify(n, null, 2).replaceAll("\n", "\n        ")) }));
    }
    return j.text;
  };
  let out = JSON_HEAD;
  let n = 0;
  let first = true;
  for (const f of files) {
    let file: string | undefined;
    for (const u of f.usages) {
      file ??= escapeC1Json(JSON.stringify(f.file));
      let j = byUsage.get(u.of);
      if (j === undefined || (j.of !== u && !sameUsageFields(j.of, u))) byUsage.set(u.of, (j = usageJson(u, noteJson)));
      out += (first ? "{\n      \"file\": " : ",\n    {\n      \"file\": ") + file
        + ",\n      \"line\": " + jsonNumber(u.line) + ",\n      \"column\": " + jsonNumber(u.column)
        + ",\n      \"endLine\": " + jsonNumber(u.endLine) + ",\n      \"endColumn\": " + jsonNumber(u.endColumn)
        + "," + j.text + "\n    }";
      first = false;
      if (++n === JSON_CHUNK) { yield out; out = ""; n = 0; }
    }
  }
  if (n) yield out;
  return first;
}

export const formatJson = (files: readonly ScannedFile[], summary: Summary, opts: ReportOptions = {}): string => [...formatJsonChunks(files, summary, opts)].join("");

/** The findings set is built only when a format other than json asks for it. */
export function rendering(files: readonly ScannedFile[], summary: Summary, failOn: readonly string[], version: string, opts: ReportOptions = {}): Rendering {
  let set: FindingsSet | undefined;
  return {
    get set() { return (set ??= toFindingsSet(files, failOn, version, opts)); },
    general: opts.general,
    json: () => formatJson(files, summary, opts),
    jsonChunks: () => formatJsonChunks(files, summary, opts),
  };
}
