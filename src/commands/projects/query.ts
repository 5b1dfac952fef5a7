// Flags -> route query parameters, read from the route table: a flag names the v3 parameter
// (commander camel-cases `--asset-types` to `assetTypes`), and a v2 route finds its own name
// through the table's `to` mapping (e.g. v2 `xHandles` carries v3 `handles`). Values are checked
// locally against the parameter's type, range and enum (exit 2).
import { maxIsAssumed, paramsOf, route, type ParamSpec } from "../../contract/routes.js";
import { UsageError } from "../../errors.js";
import { csvFlag, pagingQuery, parseEnumFlag, parseIntFlag, parseNumberFlag, type PagingFlags } from "../shared/options.js";
import { parsePastTime, parseTime, parseDurationMs } from "../../util/time.js";

export type Query = Record<string, string | number | string[] | undefined>;

const kebab = (name: string) => "--" + name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());

/** The parameter of `routeId` that carries the value of flag `name` (v3 name, or the v2 `to` map). */
export function paramFor(routeId: string, name: string): ParamSpec | undefined {
  const params = paramsOf(route(routeId));
  return params.find((p) => p.name === name) ?? params.find((p) => p.to === name);
}

/** Check one flag value against its parameter spec. */
export function checkValue(flag: string, spec: ParamSpec, raw: unknown, now: Date): string | number | string[] | undefined {
  if (raw === undefined || raw === null || raw === false) return undefined;
  const v = String(raw);
  if (v.trim() === "") throw new UsageError(`${flag} must not be empty`, { hint: `give ${flag} a value, or leave the flag out` });
  if (spec.single && v.includes(",")) {
    const [first, second] = v.split(",").map((x) => x.trim()).filter(Boolean);
    throw new UsageError(`${flag} takes one value, not a list (got '${v}')`, {
      hint: first && second ? `run one query per value: ${flag} ${first}, then ${flag} ${second}` : `give one value, e.g. ${flag} ${first ?? "solana"}`,
    });
  }
  switch (spec.type) {
    case "int":
      return parseIntFlag(flag, v, spec.min ?? 0, maxIsAssumed(spec) ? undefined : spec.max);
    case "number":
      return parseNumberFlag(flag, v);
    case "enum":
      return parseEnumFlag(flag, v, spec.values ?? []);
    case "csv": {
      const list = csvFlag(v);
      // an empty filter would silently widen the query to everything
      if (!list) throw new UsageError(`${flag} needs at least one value (comma-separated)`, { hint: `give ${flag} one or more values, e.g. ${flag} A,B, or leave the flag out` });
      return list;
    }
    case "timestamp":
      return (spec.past ? parsePastTime(flag, v, now) : parseTime(flag, v, now)).toISOString();
    case "duration": {
      if (!/^\d+[hdw]$/.test(v.trim()) || !parseDurationMs(v, "d")) {
        throw new UsageError(`${flag} must be a relative window such as 14d, 7d or 48h (got '${v}')`, { hint: `e.g. ${flag} 48h (the last 48 hours) or ${flag} 14d` });
      }
      return v.trim();
    }
    default:
      return v;
  }
}

/**
 * Build a route's query from flag values keyed by v3 parameter name. A flag the route has no
 * parameter for is refused with the version that has it.
 */
export function queryFromFlags(routeId: string, flags: object, names: readonly string[], now: Date, flagNames: Record<string, string> = {}, toV3 = "drop --api v2"): Query {
  const r = route(routeId);
  const q: Query = {};
  for (const name of names) {
    const raw = (flags as Record<string, unknown>)[name];
    if (raw === undefined || raw === false) continue;
    const spec = paramFor(routeId, name);
    const flag = flagNames[name] ?? kebab(name);
    if (!spec) {
      const other = r.version === "v2" ? `v3 (${toV3})` : "v2 (add --api v2)";
      throw new UsageError(`${flag} is not available on ${r.method} ${r.path}; it exists only in ${other}`, { hint: r.version === "v2" ? `drop --api v2 to use ${flag}, or drop ${flag}` : `add --api v2 to use ${flag}, or drop ${flag}` });
    }
    const value = checkValue(flag, spec, raw, now);
    if (value !== undefined) q[spec.name] = value;
  }
  return q;
}

/** Maximum `limit` of a route, from the table; undefined where the spec gives none (the server's applies). */
export function maxLimit(routeId: string): number | undefined {
  const limit = paramFor(routeId, "limit");
  return !limit || maxIsAssumed(limit) ? undefined : limit.max;
}

/**
 * Paging flags checked against the route's pagination style (cursor for v3, page numbers for
 * v2), as the query fields to send plus --all/--max-items.
 */
export function pagingFor(routeId: string, flags: PagingFlags): { query: Record<string, string | number | undefined>; all: boolean; maxItems?: number } {
  const p = pagingQuery(flags, maxLimit(routeId));
  const style = route(routeId).pagination;
  if (style === "page" && p.cursor !== undefined) throw new UsageError("--cursor is v3 only; with --api v2 use --page", { hint: "e.g. --api v2 --page 2, or drop --api v2 to page with --cursor" });
  if (style === "cursor" && p.page !== undefined) throw new UsageError("--page is v2 only; v3 pages with --cursor (from meta.nextCursor) or --all", { hint: "pass the --cursor the 'more results' line names, use --all, or add --api v2 for --page" });
  const query = style === "page" ? { page: p.page, limit: p.limit } : { cursor: p.cursor, limit: p.limit };
  return { query, all: p.all, maxItems: p.maxItems };
}
