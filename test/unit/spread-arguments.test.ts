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
  "src/root/help.ts": ["out.push(...exampleLines", "out.push(...paragraph)", "out.push(...wrapProse"], // mids' own help text
  "src/output/chart.ts": ["Math.max(...Array.from({ length: height }"], // a chart's rows
  "src/output/render.ts": ["Math.max(...widths", "Math.max(...widths.map"], // a table's columns
  "src/output/report.ts": ["out.push(...joinFit(["], // three fields
  "src/migrate/scan/command.ts": ["hosts.push(...apiHosts("], // the base URL's host names
  "src/migrate/summary.ts": ["out.push(...wrapCounts(", "out.push(...wrapProse("], // mids' own summary lines
  "src/commands/doctor/run.ts": ["checks.push(...later", "checks.push(...later2", "Math.max(...checks", "lines.push(...wrapProse("], // doctor's checks
};

const files = (dir: string): string[] => readdirSync(join(ROOT, dir)).flatMap((f) => {
  const rel = `${dir}/${f}`;
  if (statSync(join(ROOT, rel)).isDirectory()) return files(rel);
  return rel.endsWith(".ts") && rel !== "src/util/arrays.ts" ? [rel] : [];
});

it("src spreads a list into push/Math.max/Math.min only where mids bounds the list", () => {
  const unbounded: string[] = [];
  for (const file of files("src")) {
    readFileSync(join(ROOT, file), "utf8").split("\n").forEach((line, i) => {
      for (const m of line.matchAll(/(?:[\w.\]]+\.push|Math\.(?:max|min))\(\.\.\./g)) {
        const at = line.slice(m.index).trimEnd();
        if (!(BOUNDED[file] ?? []).some((ok) => at.startsWith(ok))) unbounded.push(`${file}:${i + 1}: ${at.slice(0, 80)}`);
      }
    });
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
