// Dotted field paths (`--fields id,trend,identifiers.x`): read and pick nested values.
import { UsageError } from "../errors.js";

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split(".")) {
    if (cur === null || cur === undefined) return undefined;
    if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    else if (Array.isArray(cur)) cur = cur.map((x) => (x && typeof x === "object" ? (x as Record<string, unknown>)[part] : undefined));
    else if (typeof cur === "object") cur = (cur as Record<string, unknown>)[part];
    else return undefined;
  }
  return cur;
}

/** A new object holding only the given paths, nested as in the source. */
export function pick(obj: unknown, paths: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const v = getPath(obj, path);
    if (v === undefined) continue;
    const parts = path.split(".");
    let cur = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const next = cur[parts[i]];
      if (!next || typeof next !== "object" || Array.isArray(next)) cur[parts[i]] = {};
      cur = cur[parts[i]] as Record<string, unknown>;
    }
    cur[parts[parts.length - 1]] = v;
  }
  return out;
}

export function parseFields(v: string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const fields = v.split(",").map((s) => s.trim()).filter(Boolean);
  // `a..b`, `.a` or `a.` name nothing: silently printing empty objects would hide the typo
  const bad = fields.find((f) => f.split(".").some((part) => part.trim() === ""));
  if (bad !== undefined) throw new UsageError(`--fields: '${bad}' is not a field path`, { hint: "give comma-separated dotted paths, e.g. --fields id,name,identifiers.x" });
  return fields.length ? fields : undefined;
}

/** A cell's text: primitives as they are, arrays joined, objects as compact JSON. */
export function cellText(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.map((x) => (x !== null && typeof x === "object" ? JSON.stringify(x) : String(x ?? ""))).join(", ");
  return JSON.stringify(v);
}
