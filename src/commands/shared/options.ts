// Option parsing shared by commands: checked locally, one-line usage errors (exit 2).
import type { Command } from "commander";
import { UsageError } from "../../errors.js";
import { checkChoice, checkWholeNumber, numberHint } from "../../util/flag-values.js";

/** An optional whole-number flag: undefined when not given, else checked (util/flag-values.ts). */
export function parseIntFlag(flag: string, v: string | undefined, min: number, max?: number): number | undefined {
  return v === undefined ? undefined : checkWholeNumber(flag, v, min, max);
}

export interface NumberFlagOptions {
  /** plain decimals only: digits with an optional minus and fraction (no blanks, +, exponent or bare point) */
  plain?: boolean;
  /** what the value must be, for the error (default "a number") */
  what?: string;
  hint?: string;
}

const DECIMAL = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*$/i;
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

export function parseNumberFlag(flag: string, v: string | undefined, opts: NumberFlagOptions = {}): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  // decimal notation only: Number() would also take 0x10, 0b1 and 0o7
  if (!(opts.plain ? PLAIN_DECIMAL : DECIMAL).test(v) || !Number.isFinite(n)) {
    throw new UsageError(`${flag} must be ${opts.what ?? "a number"} (got '${v}')`, { hint: opts.hint ?? numberHint(flag, 10) });
  }
  return n;
}

/** An optional enum flag: undefined when not given, else checked (util/flag-values.ts). */
export function parseEnumFlag<T extends string>(flag: string, v: string | undefined, values: readonly T[]): T | undefined {
  return v === undefined ? undefined : (checkChoice(flag, v, values) as T);
}

/** Comma-separated list flag: trims and drops empties. */
export function csvFlag(v: string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const parts = v.split(",").map((s) => s.trim()).filter(Boolean);
  return parts.length ? parts : undefined;
}

/** --limit, --cursor/--page, --all, --max-items on a list command; without `maxLimit` (not in the spec) the server's applies. */
export function addPagingOptions(cmd: Command, opts: { cursor?: boolean; page?: boolean; maxLimit?: number; defaultLimit?: number }): Command {
  cmd.option("--limit <n>", opts.maxLimit === undefined
    ? "page size (the server's default and maximum apply)"
    : `page size, 1 to ${opts.maxLimit}${opts.defaultLimit ? ` (default ${opts.defaultLimit})` : ""}`);
  if (opts.cursor) cmd.option("--cursor <cursor>", "continue from a meta.nextCursor value");
  if (opts.page) cmd.option("--page <n>", "page number (v2)");
  cmd.option("--all", "fetch every page").option("--max-items <n>", "stop after this many items");
  return cmd;
}

export interface PagingFlags {
  limit?: string;
  cursor?: string;
  page?: string;
  all?: boolean;
  maxItems?: string;
}

/** --cursor as given; an empty one would silently start over at the first page (a script's unset variable) */
function cursorFlag(v: string | undefined): string | undefined {
  if (v !== undefined && v.trim() === "") {
    throw new UsageError("--cursor must not be empty", { hint: "pass meta.nextCursor of the previous page (the 'more results' line names it), or leave --cursor out to start at the first page" });
  }
  return v;
}

export function pagingQuery(f: PagingFlags, maxLimit: number | undefined): { limit?: number; cursor?: string; page?: number; all: boolean; maxItems?: number } {
  return {
    limit: parseIntFlag("--limit", f.limit, 1, maxLimit),
    cursor: cursorFlag(f.cursor),
    page: parseIntFlag("--page", f.page, 1),
    all: !!f.all,
    maxItems: parseIntFlag("--max-items", f.maxItems, 1),
  };
}
