// Query parameter validation from the route table's ParamSpecs (types, enums, ranges, past, history start).
import { paramsOf, type Route } from "../contract/routes.js";

export interface ParamProblem { name: string; message: string; kind: "invalid" | "future" | "needsKey" }
export interface Validated {
  values: Record<string, unknown>;
  given: Set<string>;
  problems: ParamProblem[];
  /** explicit history starts (spec 8.2), in epoch ms */
  historyStarts: { name: string; ms: number }[];
}

const DURATION = /^(\d+)([hdw])$/;
const UNIT: Record<string, number> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function parseDuration(s: string): number | undefined {
  const m = DURATION.exec(s);
  return m && Number(m[1]) > 0 ? Number(m[1]) * UNIT[m[2]] : undefined;
}

export function parseTimestamp(s: string): number | undefined {
  if (!TIMESTAMP.test(s)) return undefined;
  const ms = Date.parse(s);
  return Number.isFinite(ms) ? ms : undefined;
}

export function validateParams(route: Route, query: URLSearchParams, nowMs: number, hasKey: boolean): Validated {
  const values: Record<string, unknown> = {};
  const given = new Set<string>();
  const problems: ParamProblem[] = [];
  const historyStarts: Validated["historyStarts"] = [];
  for (const spec of paramsOf(route)) {
    const raw = query.get(spec.name);
    if (raw === null) {
      if (spec.default !== undefined) values[spec.name] = spec.type === "duration" ? parseDuration(String(spec.default)) : spec.default;
      continue;
    }
    given.add(spec.name);
    if (spec.needsKey && !hasKey) {
      problems.push({ name: spec.name, kind: "needsKey", message: `parameter \`${spec.name}\` requires an API key` });
      continue;
    }
    const bad = (why: string) => problems.push({ name: spec.name, kind: "invalid", message: `invalid parameter \`${spec.name}\`: ${why}` });
    const v = raw.trim();
    switch (spec.type) {
      case "string":
        if (v) values[spec.name] = v;
        break;
      case "int":
      case "number": {
        const n = Number(v);
        if (!v || !Number.isFinite(n) || (spec.type === "int" && (!/^-?\d+$/.test(v) || !Number.isSafeInteger(n)))) { bad(`expected ${spec.type === "int" ? "an integer" : "a number"}`); break; }
        if (spec.min !== undefined && n < spec.min) { bad(`must be at least ${spec.min}`); break; }
        if (spec.max !== undefined && n > spec.max) { bad(`must be at most ${spec.max}`); break; }
        values[spec.name] = n;
        break;
      }
      case "enum":
        if (!spec.values?.includes(v)) bad(`expected one of ${spec.values?.join(", ")}`);
        else values[spec.name] = v;
        break;
      case "bool":
        if (v !== "true" && v !== "false") bad("expected true or false");
        else values[spec.name] = v === "true";
        break;
      case "csv": {
        const items = v.split(",").map((s) => s.trim()).filter(Boolean);
        if (!items.length) bad("expected a comma-separated list");
        else values[spec.name] = items;
        break;
      }
      case "duration": {
        const ms = parseDuration(v);
        if (ms === undefined) { bad("expected a relative window like 14d, 7d or 48h"); break; }
        values[spec.name] = ms;
        if (spec.historyStart) historyStarts.push({ name: spec.name, ms: nowMs - ms });
        break;
      }
      case "timestamp": {
        const ms = parseTimestamp(v);
        if (ms === undefined) { bad("expected an ISO 8601 timestamp"); break; }
        if (spec.past && ms > nowMs) {
          problems.push({ name: spec.name, kind: "future", message: `invalid parameter \`${spec.name}\`: must lie in the past` });
          break;
        }
        values[spec.name] = ms;
        if (spec.historyStart) historyStarts.push({ name: spec.name, ms });
        break;
      }
    }
  }
  return { values, given, problems, historyStarts };
}
