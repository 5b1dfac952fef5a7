// Render data as table, json, ndjson, csv or yaml. stdout carries data only.
import type { Context } from "../context.js";
import { writeAsync } from "../io.js";
import { cellText, getPath, hasPath, keyColumn, knownPaths, nearest, pick } from "./fields.js";
import { csvRow, csvValue } from "./csv.js";
import { displayWidth, fitWidth } from "./width.js";
import { wrapText } from "./prose.js";
import { sayOnStderr } from "./error-line.js";

export { wrapText };
import { escapeC1Json, escapeC1Yaml, holdsRunnerCommand, needsEscape, oneLine, partLineCommands, stripControl } from "../util/sanitize.js";
import { loadYaml } from "../util/yaml.js";
import type { Tags } from "yaml";
import type { JqResult, JqSession } from "./jq.js";
import { maxOf, pushAll } from "../util/arrays.js";

export interface Column {
  path: string;
  header?: string;
  format?: (value: unknown, row: unknown) => string;
  /** a detail view on a terminal: the value as lines of its own (one a list item), instead of format's one line */
  lines?: (value: unknown, row: unknown) => string[];
  /** where the value is read when the answer may hold it elsewhere than `path` (an assumed shape) */
  value?: (row: unknown) => unknown;
  /**
   * what a row is about (an intel item's headline): on a narrow terminal it is cut, and left out
   * only after every other descriptive column (gh keeps an issue's title the same way)
   */
  primary?: boolean;
}

/** A column's value in a row: at its path, or where its reader finds it. */
const columnValue = (c: Column, row: unknown): unknown => (c.value ? c.value(row) : getPath(row, c.path));

export interface View {
  /** default table/csv columns; --fields overrides */
  columns: readonly Column[];
  /** what the items are, for "no projects matched" (default: from the command) */
  resource?: string;
  /** what to check when nothing matched (a filter naming something that may not exist): a hint line under it */
  emptyHint?: string;
  /**
   * the list was asked for with filters: an empty one says "no projects matched" (and the hint);
   * without, "no projects" (nothing was filtered out: a hint about filters would mislead)
   */
  filtered?: boolean;
  /**
   * the view for the items a list prints, when its columns follow the data (fields of an assumed
   * shape the view does not place): given every item for a table, the first page for csv, whose
   * header row is written before the later pages arrive
   */
  forItems?: (items: readonly unknown[]) => View;
  /**
   * fields of the items the view has no column for (a record of an assumed shape with more fields
   * than its table takes): a table names them on stderr, so that none is left out unsaid
   */
  omitted?: readonly string[];
  /**
   * fields of the items the table leaves out by design (a topic's summary and report, which its
   * detail view shows): csv, which scripts and spreadsheets read, carries them after the columns
   */
  csvToo?: readonly string[];
}

function columnsFor(ctx: Context, view: View): Column[] {
  const f = ctx.globals.fields;
  if (f) return f.map((path) => view.columns.find((c) => c.path === path) ?? { path });
  return [...view.columns];
}

/**
 * Column headers: the last segment of each path (`identifiers.x` -> X), but a numeric last segment
 * keeps its parent (`tags.0` -> TAGS.0), and headers that would repeat (`name,project.name`) are
 * the whole path, so no two columns read the same.
 */
export function headersOf(cols: readonly Column[]): string[] {
  const short = cols.map((c) => {
    if (c.header) return c.header;
    const parts = c.path.split(".");
    let i = parts.length - 1;
    while (i > 0 && /^\d+$/.test(parts[i])) i--;
    return parts.slice(i).join(".");
  });
  return short.map((h, i) => (!cols[i].header && short.indexOf(h) !== short.lastIndexOf(h) ? cols[i].path : h).toUpperCase());
}

function cell(c: Column, row: unknown, time?: (v: unknown) => string | undefined): string {
  const v = columnValue(c, row);
  return c.format ? c.format(v, row) : (time?.(v) ?? cellText(v));
}

/** An ISO date-time as the API sends it (`2026-11-27T08:59:00.000Z`): epoch ms, else undefined. */
function isoTime(v: unknown): number | undefined {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}

/** `then` as an age from `now`, as gh shows times: `just now`, `5m ago`, `2h ago`, `3d ago`, `4mo ago`, `in 2h`. */
export function relativeAge(then: number, now: number): string {
  const ms = now - then;
  const abs = Math.abs(ms);
  const units: [string, number][] = [["y", 365 * 86_400_000], ["mo", 30 * 86_400_000], ["d", 86_400_000], ["h", 3_600_000], ["m", 60_000]];
  const unit = units.find(([, size]) => abs >= size);
  if (!unit) return "just now";
  const n = Math.floor(abs / unit[1]);
  return ms >= 0 ? `${n}${unit[0]} ago` : `in ${n}${unit[0]}`;
}

/** Times as relative ages: tables on a terminal only, unless --no-relative (json, csv, yaml and pipes keep the exact value). */
export function relativeTimes(ctx: Context): ((v: unknown) => string | undefined) | undefined {
  if (!ctx.io.stdoutIsTTY || ctx.globals.relative === false) return undefined;
  const now = ctx.now().getTime();
  return (v) => {
    const t = isoTime(v);
    return t === undefined ? undefined : relativeAge(t, now);
  };
}

/** JSON text that is safe on a terminal: C1 controls escaped (lossless). */
export function json(v: unknown, indent?: number): string {
  return escapeC1Json(JSON.stringify(v, null, indent) ?? "null");
}

/**
 * Print one JSON value on stdout, pretty and terminal-safe. Every raw JSON value a command prints
 * goes through here (`mids api`, each page of `api --paginate`, the array of `--slurp`), so
 * output-wide options (e.g. --jq) apply per printed value.
 */
export async function printJson(ctx: Context, value: unknown): Promise<void> {
  // -o ndjson: each value on one line of its own (each page of --paginate a line)
  if (ctx.globals.jq === undefined && ctx.globals.output === "ndjson") return writeAsync(ctx.io.stdout, json(value) + "\n");
  await emitJson(ctx, value);
}

/** What json/ndjson/yaml print for one item: the item, or only --fields. */
export function project(ctx: Context, item: unknown): unknown {
  const f = ctx.globals.fields;
  return f ? pick(item, f) : item;
}

/** One worker for the command (api --paginate filters each page), ended with the command. */
async function commandJqSession(ctx: Context): Promise<JqSession> {
  if (!ctx.globals.jqSession) {
    const { jqSession, jqLimits, jqEnvironment } = await import("./jq.js");
    const env = jqEnvironment(ctx.io.env, [ctx.globals.apiKey]);
    const session = (ctx.globals.jqSession = jqSession({ limits: jqLimits(ctx.io.env), signal: ctx.signal, env }));
    ctx.onClose(() => session.close());
  }
  return ctx.globals.jqSession;
}

/** jq's words for a filter it cannot compile (src/output/jq.ts JqFilterError carries them). */
const NOT_COMPILED = /^--jq: .*(?:syntax error|is not defined|compile error)/;

/**
 * A --jq filter jq cannot compile, found before a command changes anything (a PATCH, a recipe
 * run): otherwise the change is made and only its printing fails, with the exit 2 of a command
 * that did nothing. The check compiles `empty | (FILTER)`, which never runs the filter; when it
 * fails, the filter itself is run for jq's words about it alone: it fails to compile the same
 * way, so it never runs either. (A filter opening with a module directive, which stands only at
 * a program's top, is left to the printing.)
 */
export async function checkJqFilter(ctx: Context): Promise<void> {
  const filter = ctx.globals.jq;
  if (filter === undefined || /^\s*(?:module|import|include)\b/.test(filter)) return;
  const session = await commandJqSession(ctx);
  try {
    // (on lines of their own: a comment at the filter's end stops at its line)
    await session.run(null, `empty | (\n${filter}\n)`);
    return;
  } catch (err) {
    if (!(err instanceof Error) || !NOT_COMPILED.test(err.message)) return;
  }
  await session.run(null, filter);
}

/**
 * THE place a whole JSON result is printed (printItem, printList with --jq, `mids api`): indented
 * JSON, or with --jq the filter's results, one per line (strings raw, other values as JSON).
 */
export async function emitJson(ctx: Context, value: unknown): Promise<void> {
  const filter = ctx.globals.jq;
  if (filter === undefined) return writeAsync(ctx.io.stdout, json(value, 2) + "\n");
  ctx.globals.jqApplied = true;
  const session = await commandJqSession(ctx);
  // --verbose: the filter starts now (from here Ctrl-C and SIGTERM stop it)
  if (ctx.globals.verbose) ctx.io.stderr.write("jq: the filter runs in its worker thread\n");
  const print = async (results: readonly JqResult[]) => {
    let text = "";
    for (const r of results) {
      // a string is printed raw: data when piped, made safe on a terminal
      text += ("string" in r ? (ctx.io.stdoutIsTTY ? stripControl(r.string) : r.string) : escapeC1Json(r.json)) + "\n";
    }
    if (text) await writeAsync(ctx.io.stdout, text);
  };
  try {
    await print(await session.run(value, filter, (text) => void ctx.io.stderr.write(stripControl(text) + "\n")));
  } catch (err) {
    // a runtime error part-way: the results before it are printed, then the error (as jq does)
    await print((err as { results?: JqResult[] }).results ?? []);
    throw err;
  }
}

/** --jq over a list: it runs once, over the complete list (every page of --all). */
async function printListJq(ctx: Context, source: Iterable<unknown[]> | AsyncIterable<unknown[]>): Promise<number> {
  const all: unknown[] = [];
  // interrupted or failed part-way: the filter still runs over what was fetched
  let failure: { err: unknown } | undefined;
  try {
    for await (const page of source) for (const item of page) all.push(project(ctx, item));
  } catch (err) {
    if (all.length === 0) throw err;
    failure = { err };
  }
  await emitJson(ctx, all);
  if (failure) throw failure.err;
  return all.length;
}

/**
 * A --fields path the item does not hold but a column of the view computes (`me`'s key type, from a
 * response header): its value, else undefined.
 */
function computed(view: View | undefined, item: unknown, path: string): { value: unknown } | undefined {
  if (hasPath(item, path)) return undefined;
  const c = view?.columns.find((col) => col.path === path && col.value);
  const value = c?.value?.(item);
  return value === undefined ? undefined : { value };
}

/** What json/ndjson/yaml print for one item of a view: --fields, a computed column's value too. */
function projectWith(ctx: Context, item: unknown, view: View | undefined): unknown {
  const out = project(ctx, item);
  for (const path of ctx.globals.fields ?? []) {
    const c = computed(view, item, path);
    if (!c) continue;
    const parts = path.split(".");
    let at = out as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) {
      if (at[part] === null || typeof at[part] !== "object") at[part] = {};
      at = at[part] as Record<string, unknown>;
    }
    at[parts.at(-1)!] = c.value;
  }
  return out;
}

/**
 * --fields checked against an item, or the items of a list's first page: a name that none of them
 * has is a warning naming the nearest known ones (a field that only some items carry, as a record
 * whose fields the spec does not show may, is no unknown name).
 */
export function checkFields(ctx: Context, item: unknown, view?: View, others: readonly unknown[] = []): void {
  const fields = ctx.globals.fields;
  if (!fields || item === null || typeof item !== "object") return;
  const known = [...new Set([item, ...others].flatMap((x) => knownPaths(x)))];
  for (const f of fields) {
    if ([item, ...others].some((x) => x !== null && typeof x === "object" && (hasPath(x, f) || computed(view, x, f)))) continue;
    const near = nearest(f, known);
    ctx.warn(`--fields: no field '${f}' in the ${resourceOf(ctx)}${near.length ? `; nearest: ${near.join(", ")}` : ""}`, `fields:${f}`);
  }
}

/** Pass pages through, checking --fields against the first page's items. */
async function* fieldsChecked(ctx: Context, source: Iterable<unknown[]> | AsyncIterable<unknown[]>, view: View): AsyncGenerator<unknown[]> {
  let checked = !ctx.globals.fields;
  for await (const page of source) {
    if (!checked && page.length) {
      checkFields(ctx, page[0], view, page.slice(1));
      checked = true;
    }
    yield page;
  }
}

function resourceOf(ctx: Context, view?: View): string {
  return view?.resource ?? ctx.globals.resource ?? "results";
}

/** An empty table prints no header: one line on stderr says there was nothing, or nothing matched the filters. */
function noneMatched(ctx: Context, view: View): void {
  if (ctx.globals.quiet) return;
  ctx.io.stderr.write(`no ${resourceOf(ctx, view)}${view.filtered ? " matched" : ""}\n`);
  // the hint as the error printer's: on a terminal cyan, wrapped at word boundaries; piped, one line
  if (view.emptyHint && view.filtered) sayOnStderr(ctx, "hint:", "36", view.emptyHint);
}

/**
 * CSV's columns: the table's, then (without --fields) every field the table leaves out (a record
 * of an assumed shape with more fields than its table takes): csv is read by scripts and
 * spreadsheets, which want every field, as `get -o csv` gives them (--fields picks).
 */
function csvColumns(ctx: Context, view: View): Column[] {
  const cols = columnsFor(ctx, view);
  if (ctx.globals.fields) return cols;
  // (a set: a hostile server's item of 100,000 fields is that many columns, each looked up once)
  const have = new Set(cols.map((c) => c.path));
  for (const k of [...(view.omitted ?? []), ...(view.csvToo ?? [])]) {
    if (have.has(k)) continue;
    have.add(k);
    cols.push(keyColumn([k]));
  }
  return cols;
}

/** A CSV cell carries data (see csv.ts); the column's display format is for tables only. */
function csvCellOf(ctx: Context, c: Column, row: unknown): string {
  return csvText(ctx, csvValue(columnValue(c, row), csvOptions(ctx)));
}

/** CSV is data when piped; on a terminal it is made safe like any other text. */
function csvText(ctx: Context, text: string): string {
  return ctx.io.stdoutIsTTY ? stripControl(text) : text;
}

/** --csv-raw, and on a terminal text made safe before the formula guard sees it (what shows is what is guarded). */
function csvOptions(ctx: Context): { raw?: boolean; clean?: (s: string) => string } {
  return { raw: ctx.globals.csvRaw, clean: ctx.io.stdoutIsTTY ? stripControl : undefined };
}

/**
 * Numbers JavaScript writes with an exponent and no dot (1e-7, 1e+21, 1e+308) are strings to a
 * YAML 1.1 reader (PyYAML, Ruby), whose floats need the dot: they are written `1.0e-7`, a float
 * to every reader.
 */
function withDottedExponents(tags: Tags): Tags {
  const dotted = (s: string) => s.replace(/^(-?\d+)(e[+-]\d+)$/, "$1.0$2");
  return tags.map((t) => {
    if (typeof t !== "object" || (t.tag !== "tag:yaml.org,2002:float" && t.tag !== "tag:yaml.org,2002:int") || !t.stringify) return t;
    const stringify = t.stringify;
    return { ...t, stringify: (...a: Parameters<typeof stringify>) => dotted(stringify(...a)) } as typeof t;
  });
}

/** Line breaks to a YAML 1.1 reader (PyYAML), plain text to YAML 1.2: never written raw. */
const YAML11_BREAK = /[\u2028\u2029]/;
/**
 * Strings the emitter writes in a form some reader gets wrong: a tab in a plain or block scalar,
 * where PyYAML stops with "found character '\t' that cannot start any token" (`a<TAB>b`), and
 * a block scalar whose first lines hold only spaces (" \n"), whose spaces a reader drops or
 * refuses (its indentation is read from the first line with text): written double-quoted.
 */
const YAML_MISREAD = /\t|^(?:[ ]*\n)*[ ]+(?:\n|$)/;

/**
 * A GitHub Actions runner reads every log line that starts with `::` after its blanks as a workflow
 * command (`::set-output name=deploy::true`, `::error::`): a block scalar's line or a plain key
 * could start one. Strings with `::` at a line's start or after a blank are double-quoted, where a
 * fold that still starts a line with it has its first `:` written `\x3a` (lossless, as `##[`'s `#`).
 */
const RUNNER_LINE_COMMAND = /(?:^|\s)::/;

/**
 * YAML text: strings holding characters that must not reach a terminal raw are double-quoted and
 * escaped. Strings a YAML 1.1 reader (PyYAML, Ruby, go-yaml v2) would take for another type
 * (`ON`, `no`, `y`, `1_000`, a date-time, `=`) are quoted too, so every reader gets the same value back.
 */
export async function yamlText(value: unknown): Promise<string> {
  const { Document, visit, isScalar } = await loadYaml();
  const doc = new Document(value, { aliasDuplicateObjects: false, compat: "yaml-1.1", customTags: withDottedExponents });
  visit(doc, {
    Scalar(_key, node) {
      // (a bare `=` is YAML 1.1's value-key tag, which PyYAML cannot load; U+2028/2029 are YAML 1.1 line breaks)
      if (isScalar(node) && typeof node.value === "string" && (needsEscape(node.value) || node.value === "=" || YAML11_BREAK.test(node.value) || YAML_MISREAD.test(node.value) || RUNNER_LINE_COMMAND.test(node.value) || holdsRunnerCommand(node.value))) node.type = "QUOTE_DOUBLE";
    },
  });
  // (only a double-quoted scalar's folded line can start with `::` now: \x3a is an escape there;
  // its line breaks stay `\n`: written as folded lines, yaml wrote a blank-space line's `\ ` as `\\ `)
  return escapeC1Yaml(doc.toString({ doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER })).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029").replace(/^([ \t]*):(?=:)/gm, "$1\\x3a");
}

/**
 * Print a list; items may arrive page by page. Returns the count printed. When the source fails
 * (an error, Ctrl-C, SIGTERM) what was printed is completed into a whole shape (the JSON array
 * closed, table/yaml rows collected so far printed; ndjson and csv are written a whole line at a
 * time) before the error goes on; nothing is printed when nothing was fetched, except `[]` when
 * interrupted in json.
 */
export async function printList(ctx: Context, source: Iterable<unknown[]> | AsyncIterable<unknown[]>, view: View): Promise<number> {
  source = fieldsChecked(ctx, source, view);
  if (ctx.globals.jq !== undefined) return printListJq(ctx, source);
  const out = ctx.io.stdout;
  const fmt = ctx.globals.output;
  let n = 0;
  if (fmt === "json") {
    // "[" waits for the first item, so a failure before it leaves stdout empty
    try {
      for await (const page of source) {
        for (const item of page) {
          const text = json(project(ctx, item), 2).replace(/\n/g, "\n  ");
          await writeAsync(out, `${n === 0 ? "[\n  " : ",\n  "}${text}`);
          n++;
        }
      }
    } catch (err) {
      if (n > 0) await writeAsync(out, "\n]\n");
      else if (ctx.signal.aborted) await writeAsync(out, "[]\n");
      throw err;
    }
    await writeAsync(out, n === 0 ? "[]\n" : "\n]\n");
    return n;
  }
  if (fmt === "ndjson") {
    for await (const page of source) {
      for (const item of page) {
        await writeAsync(out, json(project(ctx, item)) + "\n");
        n++;
      }
    }
    return n;
  }
  if (fmt === "csv") {
    let cols = columnsFor(ctx, view);
    // the header row may be server text too (an item's own keys): guarded and made safe like a cell.
    // It is written once the first page is in (or the list ends empty): a first page that fails
    // leaves stdout empty, as json's does, not a header that reads as an empty list
    const header = () => writeAsync(out, csvRow(cols.map((c) => csvText(ctx, csvValue(c.path, csvOptions(ctx))))));
    let headed = false;
    for await (const page of source) {
      if (!headed) {
        headed = true;
        cols = csvColumns(ctx, view.forItems ? view.forItems(page) : view);
        await header();
      } else if (view.forItems && !ctx.globals.fields) {
        // the header row is written: a field first met on a later page has no column, and says so
        const late = csvColumns(ctx, view.forItems(page)).map((c) => c.path).filter((p) => !cols.some((c) => c.path === p));
        if (late.length) ctx.notice(`-o csv: ${late.map((p) => `'${oneLine(p)}'`).join(", ")}, first met after the header row was written, ${late.length === 1 ? "has" : "have"} no column (-o ndjson or json keeps every field)`, "csv-late-fields");
      }
      for (const item of page) {
        await writeAsync(out, csvRow(cols.map((c) => csvCellOf(ctx, c, item))));
        n++;
      }
    }
    if (!headed) {
      cols = csvColumns(ctx, view);
      await header();
    }
    return n;
  }
  const all: unknown[] = [];
  let failure: { err: unknown } | undefined;
  try {
    for await (const page of source) pushAll(all, page);
  } catch (err) {
    if (all.length === 0) throw err;
    failure = { err };
  }
  if (fmt === "yaml") {
    await writeAsync(out, all.length ? await yamlText(all.map((i) => project(ctx, i))) : "[]\n");
  } else if (all.length === 0) {
    noneMatched(ctx, view);
  } else {
    const shown = view.forItems ? view.forItems(all) : view;
    if (shown.omitted?.length && !ctx.globals.fields) {
      const names = shown.omitted.map(oneLine);
      ctx.notice(`not shown in the table: ${names.join(", ")} (-o json or -o csv shows them; --fields picks the columns)`, "table-omitted");
    }
    await writeAsync(out, await renderTable(ctx, columnsFor(ctx, shown), all));
  }
  if (failure) throw failure.err;
  return all.length;
}

/** Print one resource: table mode shows key/value rows. */
export async function printItem(ctx: Context, item: unknown, view?: View): Promise<void> {
  const out = ctx.io.stdout;
  checkFields(ctx, item, view);
  if (ctx.globals.jq !== undefined) return emitJson(ctx, projectWith(ctx, item, view));
  switch (ctx.globals.output) {
    case "json":
      await emitJson(ctx, projectWith(ctx, item, view));
      return;
    case "ndjson":
      await writeAsync(out, json(projectWith(ctx, item, view)) + "\n");
      return;
    case "yaml":
      await writeAsync(out, await yamlText(projectWith(ctx, item, view)));
      return;
    case "csv":
      await printList(ctx, [[item]], csvItemView(item, view));
      return;
    case "table": {
      const cols: Column[] = ctx.globals.fields
        ? columnsFor(ctx, view ?? { columns: [] })
        : view?.columns.length ? [...view.columns] : Object.keys((item ?? {}) as object).map((path) => ({ path }));
      if (ctx.io.stdoutIsTTY) {
        await writeAsync(out, renderDetail(ctx, cols, item));
        return;
      }
      const rows = cols.map((c) => ({ field: c.header ?? c.path, value: cell(c, item) }));
      await writeAsync(out, await renderTable(ctx, [{ path: "field", header: "FIELD" }, { path: "value", header: "VALUE" }], rows, true));
      return;
    }
  }
}

/** Every field of an item by its keys: nested objects flattened, an array (or `{}`) one cell. */
export function leafKeys(v: unknown, prefix: readonly string[] = []): string[][] {
  if (v === null || typeof v !== "object" || Array.isArray(v) || (prefix.length && Object.keys(v).length === 0)) return prefix.length ? [[...prefix]] : [];
  return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => leafKeys(x, [...prefix, k]));
}

/**
 * The CSV columns of one item: the columns its table shows (their data, not their display text),
 * then every other field of the item by dotted path, so nothing is left out.
 */
function csvItemView(item: unknown, view?: View): View {
  const cols = [...(view?.columns ?? [])];
  const covered = (p: string) => cols.some((c) => p === c.path || p.startsWith(`${c.path}.`));
  for (const keys of leafKeys(item)) if (!covered(keys.join("."))) cols.push(keyColumn(keys));
  return { ...view, columns: cols };
}

/**
 * json/yaml of an answer that wraps its list items under `key` (a v2 topic snapshot): printed whole,
 * and --fields picks the fields of the items, as it does in every other format (the wrapper's own
 * fields stay), checked against the first item.
 */
export async function printWrapped(ctx: Context, wrapper: Record<string, unknown>, key: string): Promise<void> {
  const items = Array.isArray(wrapper[key]) ? (wrapper[key] as unknown[]) : [];
  if (items.length) checkFields(ctx, items[0], undefined, items.slice(1));
  const value = ctx.globals.fields ? { ...wrapper, [key]: items.map((i) => project(ctx, i)) } : wrapper;
  if (ctx.globals.output === "yaml" && ctx.globals.jq === undefined) return writeAsync(ctx.io.stdout, await yamlText(value));
  return emitJson(ctx, value);
}

/**
 * An object or list in a detail view: JSON with a space after each `,` and `:`, so the row wraps
 * at those under its value column ({"projects": ["a", "b"]}); compact JSON is one word the
 * terminal tears at its edge, out of the column.
 */
function breakableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(breakableJson).join(", ")}]`;
  if (v !== null && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${breakableJson(x)}`).join(", ")}}`;
  return JSON.stringify(v) ?? "null";
}

/**
 * A detail value wrapped to `width`; a time's age at its end (`(1mo ago)`) is never torn across
 * two lines (`(1mo` / `ago)`): a value too wide for the line puts the age on a line of its own.
 */
function wrapAged(line: string, width: number, age: string | undefined): string[] {
  if (!age || displayWidth(line) <= width || !line.endsWith(` ${age}`)) return wrapText(line, width);
  return [...wrapText(line.slice(0, -age.length - 1), width), age];
}

/** A detail view's value for a field the answer lacks. */
const ABSENT = "-";

/** The narrowest a detail view's value column gets beside its labels: an ISO time with milliseconds (24) and a space to spare. */
const DETAIL_VALUE_MIN = 26;

/**
 * One resource on a terminal: `label  value` rows; long text wrapped at word boundaries under its
 * value column, never cut; a list of values one per line; times exact with their age.
 */
function renderDetail(ctx: Context, cols: readonly Column[], item: unknown): string {
  const now = ctx.now().getTime();
  const relative = ctx.globals.relative !== false;
  const rows = cols.map((c) => {
    const v = columnValue(c, item);
    let lines: string[];
    // a time's age, `(1mo ago)`: kept whole where the row wraps
    let age: string | undefined;
    const t = c.format ? undefined : isoTime(v);
    if (c.lines) lines = c.lines(v, item);
    else if (c.format) {
      // a format that gives a time (me's expiry: `never`, else the time) reads as every other time
      const text = c.format(v, item);
      const at = isoTime(text);
      if (at !== undefined && relative && text === v) age = `(${relativeAge(at, now)})`;
      lines = [age ? `${text} ${age}` : text];
    }
    else if (t !== undefined) {
      if (relative) age = `(${relativeAge(t, now)})`;
      lines = [age ? `${v as string} ${age}` : (v as string)];
    }
    else if (Array.isArray(v) && v.length > 1 && v.every((x) => x === null || typeof x !== "object")) lines = v.map((x) => String(x ?? ""));
    else if (v !== null && typeof v === "object" && !Array.isArray(v)) lines = [breakableJson(v)];
    else if (Array.isArray(v) && v.some((x) => x !== null && typeof x === "object")) lines = [v.map(breakableJson).join(", ")];
    else lines = [cellText(v)];
    // an empty list is said, not left blank as a field the answer lacks is (a key with no entitlements)
    if (Array.isArray(v) && v.length === 0 && lines.every((l) => l === "")) lines = ["(none)"];
    // a field the answer lacks (or leaves empty) reads "-", as gh shows one: every view keeps its
    // rows in the same places, and a blank row read as a value cut off
    else if (lines.every((l) => l.trim() === "")) lines = [ABSENT];
    return { label: oneLine(c.header ?? c.path), lines: lines.map(oneLine), age };
  });
  const labelWidth = Math.max(0, maxOf(rows.map((r) => displayWidth(r.label))));
  const indent = " ".repeat(labelWidth + 2);
  const columns = ctx.io.columns || 80;
  let s = "";
  if (columns - indent.length < DETAIL_VALUE_MIN) {
    // too narrow for labels beside their values (`me`'s 25-column label at 40 columns): each value
    // under its label, indented, so that no line runs past the edge to be torn by the terminal
    for (const r of rows) {
      s += wrapText(r.label, columns).map((l) => l.trimEnd() + "\n").join("");
      for (const l of r.lines.flatMap((x) => wrapAged(x, columns - 2, r.age))) s += `  ${l}`.trimEnd() + "\n";
    }
    return s;
  }
  const width = columns - indent.length;
  for (const r of rows) {
    const wrapped = r.lines.flatMap((l) => wrapAged(l, width, r.age));
    wrapped.forEach((l, i) => {
      s += `${i === 0 ? fitWidth(r.label, labelWidth) + "  " : indent}${l}`.trimEnd() + "\n";
    });
  }
  return s;
}


/** A column a user copies whole into the next command: an id, a slug, a key, an address. */
export function isIdentifier(c: Column): boolean {
  const name = c.path.split(".").pop() ?? c.path;
  return /^(id|slug|key|uuid|cursor|address)$/i.test(name) || /(Id|_id|Slug)$/.test(name);
}

/** The narrowest a column gets before the next one gives way. */
const MIN_WIDTH = 8;

/**
 * Narrow `widths` (in place) to fit `avail`: descriptive columns first, widest first, down to
 * MIN_WIDTH, a primary one (what a row is about) no narrower than a third of the descriptive
 * columns' room; then descriptive columns are left out, the last first (their indexes returned),
 * before the primary narrows further and is left out only after the others, so that identifier
 * columns (copied whole into the next command) stay whole. (At 80 columns the intel list cut every
 * headline to 9 characters, "Vozori Ne…", beside a category cut as far: the headline says nothing
 * there, and the category gives way instead.) Identifiers never narrow: an id wider than the terminal
 * is printed whole and the terminal wraps it (cut, "cl_aaaa…" could not be copied into a command).
 * Before any of that, descriptive columns with no value in any row (`empty`: an answer that holds
 * its fields under other names) are left out, the last first: their room goes to columns with data.
 */
export function shrinkToFit(widths: number[], avail: number, identifier: readonly boolean[], floors: readonly number[] = [], primary: readonly boolean[] = [], empty: readonly boolean[] = []): number[] {
  const dropped: number[] = [];
  const total = () => widths.reduce((a, b, j) => a + (dropped.includes(j) ? 0 : b), 0) + SEP * (widths.length - dropped.length - 1);
  for (let j = widths.length - 1; j >= 0 && total() > avail; j--) {
    if (empty[j] && !identifier[j] && widths.length - dropped.length > 1) dropped.push(j);
  }
  const wanted = [...widths];
  // the room the descriptive columns share (identifiers are never narrowed)
  const room = () => avail - widths.reduce((a, w, j) => a + (identifier[j] && !dropped.includes(j) ? w : 0), 0) - SEP * (widths.length - dropped.length - 1);
  let primaryHeld = true;
  const floor = (j: number) => Math.max(MIN_WIDTH, floors[j] ?? 0, primaryHeld && primary[j] ? Math.min(wanted[j], Math.floor(room() / PRIMARY_SHARE)) : 0);
  // the widest column narrows by one, the first of equals first, until the table fits: taken in
  // whole rounds over the widest columns, as far as the next width or a floor, which ends where
  // one step at a time does. Before, it went one step at a time: a server's name of 30 MB (one
  // cell 30 million columns wide) took 30 million steps, seconds of work before the table printed
  const narrow = (ids: boolean) => {
    for (let excess = total() - avail; excess > 0; excess = total() - avail) {
      const eligible = widths.map((w, j) => !dropped.includes(j) && (identifier[j] ?? false) === ids && w > floor(j));
      const top = Math.max(...widths.filter((_, j) => eligible[j]));
      if (!Number.isFinite(top)) break;
      const group = widths.flatMap((w, j) => (eligible[j] && w === top ? [j] : []));
      const level = Math.max(...widths.map((w, j) => (eligible[j] && w < top ? w : 0)), ...group.map(floor));
      const rounds = Math.min(top - level, Math.floor(excess / group.length));
      if (rounds >= 1) for (const j of group) widths[j] -= rounds;
      else widths[group[0]]--;
    }
  };
  // descriptive columns only: identifiers are never narrowed
  narrow(false);
  for (const primaryToo of [false, true]) {
    if (primaryToo) {
      // the others are gone: the primary narrows on, then it too gives way
      primaryHeld = false;
      narrow(false);
    }
    for (let j = widths.length - 1; j >= 0 && total() > avail; j--) {
      const kept = widths.length - dropped.length;
      if (!identifier[j] && (primary[j] ?? false) === primaryToo && kept > 1) dropped.push(j);
    }
  }
  return dropped;
}

const SEP = 2;
/** A primary column keeps at least 1/PRIMARY_SHARE of the descriptive columns' room while others can give way. */
const PRIMARY_SHARE = 3;
/** A cell that is a number as printed (1, -3.5, 44.003406, 1,234, 12%, 1.5e-7). */
const NUMBER = /^[-+]?\d[\d,]*(\.\d+)?(e[-+]?\d+)?%?$/i;

/** Borderless aligned table (like gh). On a TTY cells are truncated to fit the width; piped, never. */
export async function renderTable(ctx: Context, cols: readonly Column[], rows: readonly unknown[], noHeader = false): Promise<string> {
  const tty = ctx.io.stdoutIsTTY;
  const time = noHeader ? undefined : relativeTimes(ctx);
  // headers may be server text too (an engine state's keys): one line, nothing that drives the terminal
  let header = headersOf(cols).map(oneLine);
  let body = rows.map((r) => cols.map((c) => oneLine(cell(c, r, time))));
  const wanted = header.map((h, i) => Math.max(noHeader ? 0 : displayWidth(h), maxOf(body.map((r) => displayWidth(r[i])))));
  let widths = [...wanted];
  if (tty && ctx.io.columns) {
    const ids = cols.map(isIdentifier);
    // a header and a number are never cut (SHARED INT…, 44.0034… mean nothing): such a column is
    // narrowed no further than them, and columns are left out sooner
    const floors = header.map((h, i) => Math.max(displayWidth(h), maxOf(body.map((r) => (NUMBER.test(r[i]) ? displayWidth(r[i]) : 0)))));
    const primary = cols.map((c) => c.primary === true);
    const empty = header.map((_, i) => body.every((r) => r[i] === ""));
    const dropped = shrinkToFit(widths, ctx.io.columns, ids, floors, primary, empty);
    if (dropped.length) {
      const keep = (_: unknown, i: number) => !dropped.includes(i);
      // the columns by their headers, and the --fields that shows them by the names it takes (a
      // header such as PROJECT or AS OF is not one: projectName, asOf)
      const gone = dropped.slice().sort((a, b) => a - b);
      ctx.notice(`not shown at ${ctx.io.columns} columns: ${gone.map((i) => header[i].toLowerCase()).join(", ")} (a wider terminal, -o json or --fields ${gone.map((i) => oneLine(cols[i].path)).join(",")} shows them)`, "table-dropped");
      header = header.filter(keep);
      body = body.map((r) => r.filter(keep));
      // the columns kept get the room back, up to their text
      widths = wanted.filter(keep);
      shrinkToFit(widths, ctx.io.columns, ids.filter(keep), floors.filter(keep), primary.filter(keep), empty.filter(keep));
    }
  }
  // values cut to fit: where to see them whole, said once per kind of list (remembered in the state dir)
  if (tty && ctx.io.columns && !noHeader && body.some((r) => r.some((c, i) => displayWidth(c) > widths[i]))) {
    const [{ firstTime, STATE_DIR_WARNING }, { stateDir }] = await Promise.all([import("../util/remembered.js"), import("../config.js")]);
    const first = ctx.globals.quiet ? false : firstTime(stateDir(ctx.io.env), `table-cut:${resourceOf(ctx)}`, ctx.now(), (m) => ctx.warn(m, STATE_DIR_WARNING));
    if (first) {
      ctx.notice(`values ending in … are cut to fit ${ctx.io.columns} columns; -o json, -o csv or --fields shows them whole${first === "kept" ? " (said once)" : ""}`, "table-cut");
    }
  }
  const fit = (s: string, w: number) => fitWidth(s, w);
  const { Chalk } = await import("chalk");
  const chalk = new Chalk({ level: ctx.globals.color ? 1 : 0 });
  // piped (a CI job's log), a row whose first cell is a server's `::set-output ...` would be a
  // workflow command to a GitHub Actions runner, which reads one at a line's start after its
  // blanks: its colons are parted by a zero-width space, as `##[` is (csv quotes such a cell, yaml
  // escapes it). On a terminal the row is as received
  const runnerSafe = (l: string) => (tty ? l : partLineCommands(l));
  const line = (cells: string[], style?: (s: string) => string) =>
    runnerSafe(cells.map((c, i) => (i === cells.length - 1 ? (tty ? fit(c, widths[i]).trimEnd() : c) : fit(c, widths[i]))).map((c) => (style ? style(c) : c)).join(" ".repeat(SEP)).trimEnd()) + "\n";
  let s = noHeader ? "" : line(header, (h) => chalk.bold(h));
  for (const r of body) s += line(r);
  return s;
}
