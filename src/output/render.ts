// Render data as table, json, ndjson, csv or yaml. stdout carries data only.
import type { Context } from "../context.js";
import { writeAsync } from "../io.js";
import { cellText, getPath, pick } from "./fields.js";
import { csvRow } from "./csv.js";
import { escapeC1Json, escapeC1Yaml, oneLine, stripControl } from "./sanitize.js";
import { loadYaml } from "../util/yaml.js";

export interface Column {
  path: string;
  header?: string;
  format?: (value: unknown, row: unknown) => string;
}

export interface View {
  /** default table/csv columns; --fields overrides */
  columns: readonly Column[];
}

function columnsFor(ctx: Context, view: View): Column[] {
  const f = ctx.globals.fields;
  if (f) return f.map((path) => view.columns.find((c) => c.path === path) ?? { path });
  return [...view.columns];
}

function headerOf(c: Column): string {
  return (c.header ?? c.path.split(".").pop() ?? c.path).toUpperCase();
}

function cell(c: Column, row: unknown): string {
  const v = getPath(row, c.path);
  return c.format ? c.format(v, row) : cellText(v);
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
  await writeAsync(ctx.io.stdout, json(value, 2) + "\n");
}

/** What json/ndjson/yaml print for one item: the item, or only --fields. */
export function project(ctx: Context, item: unknown): unknown {
  const f = ctx.globals.fields;
  return f ? pick(item, f) : item;
}

/**
 * Print a list; items may arrive page by page. Returns the count printed. When the source fails
 * (an error, Ctrl-C, SIGTERM) what was printed is completed into a whole shape (the JSON array
 * closed, table/yaml rows collected so far printed; ndjson and csv are written a whole line at a
 * time) before the error goes on; nothing is printed when nothing was fetched, except `[]` when
 * interrupted in json.
 */
export async function printList(ctx: Context, source: Iterable<unknown[]> | AsyncIterable<unknown[]>, view: View): Promise<number> {
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
    const cols = columnsFor(ctx, view);
    const clean = ctx.io.stdoutIsTTY ? stripControl : (s: string) => s;
    await writeAsync(out, csvRow(cols.map((c) => c.path)));
    for await (const page of source) {
      for (const item of page) {
        await writeAsync(out, csvRow(cols.map((c) => clean(cell(c, item)))));
        n++;
      }
    }
    return n;
  }
  const all: unknown[] = [];
  let failure: { err: unknown } | undefined;
  try {
    for await (const page of source) all.push(...page);
  } catch (err) {
    if (all.length === 0) throw err;
    failure = { err };
  }
  if (fmt === "yaml") {
    const { stringify } = await loadYaml();
    await writeAsync(out, all.length ? escapeC1Yaml(stringify(all.map((i) => project(ctx, i)), { aliasDuplicateObjects: false })) : "[]\n");
  } else {
    await writeAsync(out, await renderTable(ctx, columnsFor(ctx, view), all));
  }
  if (failure) throw failure.err;
  return all.length;
}

/** Print one resource: table mode shows key/value rows. */
export async function printItem(ctx: Context, item: unknown, view?: View): Promise<void> {
  const out = ctx.io.stdout;
  switch (ctx.globals.output) {
    case "json":
      await writeAsync(out, json(project(ctx, item), 2) + "\n");
      return;
    case "ndjson":
      await writeAsync(out, json(project(ctx, item)) + "\n");
      return;
    case "yaml": {
      const { stringify } = await loadYaml();
      await writeAsync(out, escapeC1Yaml(stringify(project(ctx, item), { aliasDuplicateObjects: false })));
      return;
    }
    case "csv":
      await printList(ctx, [[item]], view ?? { columns: Object.keys(item as object).map((path) => ({ path })) });
      return;
    case "table": {
      const cols: Column[] = ctx.globals.fields
        ? columnsFor(ctx, view ?? { columns: [] })
        : view?.columns.length ? [...view.columns] : Object.keys((item ?? {}) as object).map((path) => ({ path }));
      const rows = cols.map((c) => ({ field: c.header ?? c.path, value: cell(c, item) }));
      await writeAsync(out, await renderTable(ctx, [{ path: "field", header: "FIELD" }, { path: "value", header: "VALUE" }], rows, true));
      return;
    }
  }
}

/** Borderless aligned table (like gh). On a TTY cells are truncated to fit the width; piped, never. */
export async function renderTable(ctx: Context, cols: readonly Column[], rows: readonly unknown[], noHeader = false): Promise<string> {
  const tty = ctx.io.stdoutIsTTY;
  const header = cols.map(headerOf);
  const body = rows.map((r) => cols.map((c) => oneLine(cell(c, r))));
  const widths = header.map((h, i) => Math.max(noHeader ? 0 : h.length, ...body.map((r) => [...r[i]].length)));
  const sep = 2;
  if (tty && ctx.io.columns) {
    const avail = ctx.io.columns - sep * (cols.length - 1);
    while (widths.reduce((a, b) => a + b, 0) > avail) {
      const i = widths.indexOf(Math.max(...widths));
      if (widths[i] <= 8) break;
      widths[i]--;
    }
  }
  const fit = (s: string, w: number) => {
    const chars = [...s];
    if (chars.length > w) return chars.slice(0, Math.max(0, w - 1)).join("") + "…";
    return s + " ".repeat(w - chars.length);
  };
  const { Chalk } = await import("chalk");
  const chalk = new Chalk({ level: ctx.globals.color ? 1 : 0 });
  const line = (cells: string[], style?: (s: string) => string) =>
    cells.map((c, i) => (i === cells.length - 1 ? (tty ? fit(c, widths[i]).trimEnd() : c) : fit(c, widths[i]))).map((c) => (style ? style(c) : c)).join(" ".repeat(sep)).trimEnd() + "\n";
  let s = noHeader ? "" : line(header, (h) => chalk.bold(h));
  for (const r of body) s += line(r);
  return s;
}
