// RFC 4180 CSV that carries data: numbers as served, nested values as JSON, arrays of scalars
// joined with ";", and text cells guarded against spreadsheet formula injection.
export function csvCell(s: string): string {
  // (a row whose first cell starts with `::` is a GitHub Actions workflow command in a job's log:
  // quoted, it starts with `"`, and reads the same)
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) || s.startsWith("::") ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(cells: readonly string[]): string {
  return cells.map(csvCell).join(",") + "\n";
}

/** The separator of an array of scalars inside one cell (a comma would be ambiguous in CSV). */
export const CSV_LIST_SEPARATOR = ";";

// a spreadsheet evaluates a cell that starts with one of these as a formula (OWASP CSV injection);
// some spreadsheets trim leading whitespace on import first, so ` =1+1` counts too
const FORMULA_START = /^\s*[=+\-@]|^[\t\r]/;
// ...but a plain number is a number, never a formula: `-1.22` stays -1.22
const PLAIN_NUMBER = /^ *[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)? *$/;

/** Text a spreadsheet would run as a formula gets a leading `'`, which makes it text. */
export function guardFormula(s: string): string {
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
}

/**
 * A value as one CSV cell. Numbers and booleans as JSON writes them; strings as they are (`clean`ed
 * first when given, then guarded unless `raw`); arrays of scalars joined with ";"; objects and arrays holding objects as JSON.
 */
export function csvValue(v: unknown, opts: { raw?: boolean; clean?: (s: string) => string } = {}): string {
  // text is made safe (on a terminal) before the guard looks at it: `\u200b=cmd` shows as `=cmd`
  const text = (s: string) => {
    const shown = opts.clean ? opts.clean(s) : s;
    return opts.raw ? shown : guardFormula(shown);
  };
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return text(v);
  if (typeof v === "number" || typeof v === "boolean") return JSON.stringify(v) ?? "";
  // an element holding the separator would be ambiguous once joined: such an array is written as JSON
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== "object") && !v.some((x) => typeof x === "string" && x.includes(CSV_LIST_SEPARATOR))) {
    const joined = v.map((x) => (x === null || x === undefined ? "" : String(x))).join(CSV_LIST_SEPARATOR);
    // any text in it makes the cell text: `[-1, "+cmd"]` is `-1;+cmd`, which a spreadsheet would run
    return v.some((x) => typeof x === "string") ? text(joined) : joined;
  }
  return JSON.stringify(v) ?? "";
}
