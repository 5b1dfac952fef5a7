// A response's data against the contract (spec part 2). Two kinds of shape, kept apart:
// documented (DATA_SCHEMAS): a mismatch is exit 7 naming the field; assumed (ASSUMED_SHAPES, the
// payloads the spec does not show): never fatal, the data passes through as received, and a
// departure from the assumption is one notice per run (--verbose: every departure of each route).
import type { Context } from "../../context.js";
import { MalformedResponseError } from "../../errors.js";
import { assumedShape, DOCUMENTED_IN_ASSUMED } from "../../contract/shapes/assumed.js";
import { departureText } from "../../contract/shapes/shape.js";
import { assumedDepartures } from "../../contract/shapes/list.js";
import { route } from "../../contract/routes.js";

/** Documented shape first (exit 7 when it does not hold), then the assumption (a notice). Returns `data` as received. */
export async function checkData(routeId: string, data: unknown, ctx?: Context): Promise<unknown> {
  const { id, check } = await documentedCheck(routeId);
  check(data);
  if (ctx) noteAssumed(ctx, id, data);
  // as received: the schemas are loose, but nothing is parsed into a new object
  return data;
}

/**
 * The documented-shape check of one route, ready to run on each page of a list (synchronously):
 * throws the exit-7 error naming the first field that does not hold; a route without one passes.
 */
export async function documentedCheck(routeId: string): Promise<{ id: string; check: (data: unknown) => void }> {
  const { DATA_SCHEMAS } = await import("../../contract/schemas.js");
  const { canonical } = await import("../../contract/routes.js");
  // an alias answers with its successor's contract
  const id = DATA_SCHEMAS[routeId] ? routeId : canonical(route(routeId)).id;
  const schema = DATA_SCHEMAS[id]?.();
  return { id, check: (data) => {
    if (!schema) return;
    const r = schema.safeParse(data);
    if (!r.success) {
      const [first, ...rest] = r.error.issues;
      const where = first?.path.length ? first.path.join(".") : "(root)";
      throw new MalformedResponseError(`the server's answer does not match the ${routeId} contract at ${where}: ${first ? issueText(first, data) : "invalid"}${moreIssues(rest)}`, {
        hint: "the server may be newer or broken; 'mids api' shows the raw body",
      });
    }
  } };
}

// a JSON number's text (what mids keeps of a number a double cannot hold, as a string)
const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** The text of a number a double cannot hold: past its range, or an integer it would print with other digits. */
const tooLarge = (s: string): boolean => NUMBER_TEXT.test(s) && (!Number.isFinite(Number(s)) || (/^-?\d+$/.test(s) && String(Number(s)) !== s));

/**
 * An issue's message, and where a number was expected and the string there is a number's text,
 * why: the server sent a number a double cannot hold (1e400, a 20-digit integer), which mids keeps
 * as its text (its notice says so). Without this the message read "received string" of a number.
 */
function issueText(issue: { message: string; path: readonly PropertyKey[]; code?: string; expected?: unknown }, data: unknown): string {
  if (issue.code !== "invalid_type" || !["number", "int"].includes(String(issue.expected))) return issue.message;
  let v: unknown = data;
  for (const k of issue.path) v = v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return typeof v === "string" && tooLarge(v) ? `${issue.message} (${v.slice(0, 40)}: a number too large for a double, kept as its text)` : issue.message;
}

/** The field of an issue path without its item numbers (`3.trend` -> `trend`), "(root)" when none. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.filter((p) => typeof p !== "number").map(String).join(".") || "(root)";
}

/** " (and 4 more: trend, description)": how many other places failed and which fields (at most 3 named). */
export function moreIssues(rest: ReadonlyArray<{ path: readonly PropertyKey[] }>): string {
  if (!rest.length) return "";
  const fields = [...new Set(rest.map((i) => fieldOf(i.path)))];
  const others = fields.length - 3;
  const named = fields.slice(0, 3).join(", ") + (others > 0 ? `, and ${others} other ${others === 1 ? "field" : "fields"}` : "");
  return ` (and ${rest.length} more: ${named})`;
}

/**
 * Compare `data` with the route's assumed shape; say once per run where the answer departs from it
 * (the first departure; with --verbose, all of each route's). Never throws.
 */
export function noteAssumed(ctx: Context, routeId: string, data: unknown): void {
  const a = assumedShape(routeId);
  if (!a) return;
  const found = assumedDepartures(a.shape, data);
  if (!found.length) return;
  // a field the spec shows inside an assumed payload (the intel preview's headline) is named as
  // documented, first: "spec: not shown" would send a reader to the wrong side of the contract
  const documented = new Set(DOCUMENTED_IN_ASSUMED[routeId] ?? []);
  const shown = found.filter((d) => documented.has(d.path));
  found.sort((x, y) => Number(documented.has(y.path)) - Number(documented.has(x.path)));
  const than = !shown.length ? "mids assumes (spec: not shown)" : shown.length === found.length ? "the spec documents" : "the spec documents and mids assumes";
  const r = route(routeId);
  const where = `${r.method} ${r.path}`;
  if (ctx.globals.verbose) {
    ctx.notice(`${where} answered another shape than ${than}: ${found.map(departureText).join("; ")}; shown as received ('mids contract check' lists every route)`, `shape:${routeId}`);
    return;
  }
  const more = found.length > 1 ? ` and ${found.length - 1} more (--verbose lists them)` : "";
  ctx.notice(`${where} answered another shape than ${than}: ${departureText(found[0])}${more}; shown as received ('mids contract check' lists every route)`, "shape");
}
