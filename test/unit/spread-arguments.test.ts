// `a.push(...b)`, `Math.max(...b)` and `Math.min(...b)` pass every element of b as an argument,
// and V8 throws "Maximum call stack size exceeded" past about 120,000 of them. A list as long as a
// server, a log line or a directory makes it (a page of 200,000 items, a query of 125,000
// parameters, a directory of 200,000 recipes) crashed mids with exit 1. src/ spreads into those
// calls only where the list is bounded by mids itself (a help text's lines, a table's columns, a
// doctor's checks), listed here; any other goes through pushAll/maxOf/minOf (src/util/arrays.ts).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { pushAll } from "../../src/util/arrays.js";

const ROOT = join(import.meta.dirname, "../..");

/** file -> what it spreads, and why that list is bounded */
const BOUNDED: Readonly<Record<string, readonly string[]>> = {
  "src/sandbox/series.ts": ["Math.max(...day)", "Math.min(...day)"], // a day of the sandbox's own hourly points
  "src/sandbox/state.ts": ["destinations.push(...mine)"], // the sandbox's own destinations
  "src/util/flag-values.ts": ["Math.min(...near"], // a flag's documented choices
  "src/root/help.ts": ["out.push(...exampleLines", "out.push(...paragraph)", "out.push(...wrapProse", "Math.max(0, ...args.map", "out.push(\"Global options"], // mids' own help text
  "src/commands/config/run.ts": ["Math.max(f.length, ...text.map"], // the settings
  "src/commands/contract/check.ts": ["Math.max(columns[i].header.length, ...rows.map"], // the routes checked
  "src/contract/migration.ts": ["out.push("], // the response map's three fixed entries
  "src/migrate/rewrite.ts": ["Math.max(16, ...[...byMethod.values()]"], // the route table's methods
  "src/migrate/scan/fix.ts": ["out.push(\" \" + redactText(a[i]), ...noNl(i))", "out.push(\"-\" + redactText(a[x]), ...noNl(x))", "out.push(\"+\" + redactText(b[x]), ...noNl(x))"], // one line and its no-newline mark
  "src/migrate/verify/report.ts": ["Math.max(h.length, ...rows.map"], // one row per v2 route
  "src/output/chart.ts": ["Math.max(...Array.from({ length: height }"], // a chart's rows
  "src/output/render.ts": ["Math.max(...widths", "Math.max(...widths.map"], // a table's columns
  "src/output/report.ts": ["out.push(...joinFit(["], // three fields
  "src/migrate/scan/command.ts": ["hosts.push(...apiHosts("], // the base URL's host names
  "src/migrate/summary.ts": ["out.push(...wrapCounts(", "out.push(...wrapProse(", "Math.max(h.length, ...rows.map"], // mids' own summary lines, one row per v2 route
  "src/commands/doctor/run.ts": ["checks.push(...later", "checks.push(...later2", "Math.max(...checks", "lines.push(...wrapProse("], // doctor's checks
};

const files = (dir: string): string[] => readdirSync(join(ROOT, dir)).flatMap((f) => {
  const rel = `${dir}/${f}`;
  if (statSync(join(ROOT, rel)).isDirectory()) return files(rel);
  return rel.endsWith(".ts") && rel !== "src/util/arrays.ts" ? [rel] : [];
});

/**
 * Whether the call whose "(" is at `open` spreads a value among its own arguments (`push(...a)`,
 * `Math.max(0, ...w)`), not inside an object, array or string it builds (`push({ ...base })`).
 */
function spreadsArguments(text: string, open: number): boolean {
  const closers: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      // a string or template: skipped whole (a template's ${...} holds no argument of this call)
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++;
      continue;
    }
    if (c === "(" || c === "[" || c === "{") closers.push(c === "(" ? ")" : c === "[" ? "]" : "}");
    else if (c === closers.at(-1)) {
      closers.pop();
      if (!closers.length) return false;
    } else if (c === "." && closers.length === 1 && text.startsWith("...", i)) return true;
  }
  return false;
}

it("src spreads a list into push/Math.max/Math.min only where mids bounds the list", () => {
  const unbounded: string[] = [];
  for (const file of files("src")) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const m of text.matchAll(/(?:[\w.\]]+\.push|Math\.(?:max|min))\(/g)) {
      // a spread anywhere among the arguments: push(...a), Math.max(0, ...widths)
      if (!spreadsArguments(text, m.index + m[0].length - 1)) continue;
      const at = text.slice(m.index, text.indexOf("\n", m.index)).trimEnd();
      const line = text.slice(0, m.index).split("\n").length;
      if (!(BOUNDED[file] ?? []).some((ok) => at.startsWith(ok))) unbounded.push(`${file}:${line}: ${at.slice(0, 80)}`);
    }
  }
  expect(unbounded, "use pushAll/maxOf/minOf (src/util/arrays.ts), or list a bounded case here with its reason").toEqual([]);
});

it("pushAll appends 300,000 items, past what push(...items) takes", () => {
  const items = Array.from({ length: 300_000 }, (_, i) => i);
  expect(() => [].push(...(items as never[]))).toThrow(RangeError);
  const out = pushAll([-1], items);
  expect(out.length).toBe(300_001);
  expect(out[300_000]).toBe(299_999);
});
