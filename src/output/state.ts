// A nested result (the recipe engine state, spec 4.1, shape not shown) as readable terminal text:
// scalar fields as FIELD/VALUE rows, every list of objects as its own titled table, small objects
// as `k=v` text, an empty list as "none". Never raw JSON in a cell unless nothing else fits.
import type { Context } from "../context.js";
import { renderTable, type Column } from "./render.js";
import { oneLine } from "../util/sanitize.js";

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || typeof v !== "object";
const isTable = (v: unknown): v is Rec[] => Array.isArray(v) && v.length > 0 && v.every(isRecord);

/** One value as short text: scalars as they are, lists joined, small objects as k=v pairs. */
export function brief(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (isScalar(v)) return String(v);
  if (Array.isArray(v)) return v.map(brief).join(", ");
  return Object.entries(v as Rec).map(([k, x]) => `${k}=${isScalar(x) ? String(x) : Array.isArray(x) ? `[${brief(x)}]` : `{${brief(x)}}`}`).join(", ");
}

/** Whether a value holds a list of objects somewhere below (so it gets its own section). */
const hasTables = (v: unknown): boolean => isTable(v) || (Array.isArray(v) && v.length === 0) || (isRecord(v) && Object.values(v).some(hasTables));

export async function renderState(ctx: Context, state: unknown): Promise<string> {
  if (!isRecord(state)) return oneLine(brief(state)) + "\n";
  let out = "";
  const section = async (title: string, value: Rec): Promise<void> => {
    const rows = Object.entries(value).filter(([, v]) => !hasTables(v)).map(([field, v]) => ({ field, value: brief(v) }));
    if (rows.length) {
      if (out) out += "\n";
      if (title) out += `${title}\n`;
      out += await renderTable(ctx, [{ path: "field", header: "FIELD" }, { path: "value", header: "VALUE" }], rows, true);
    }
    for (const [key, v] of Object.entries(value)) {
      if (!hasTables(v)) continue;
      const name = `${title ? `${title} · ` : ""}${oneLine(key).toUpperCase()}`;
      if (Array.isArray(v) && v.length === 0) {
        out += `${out ? "\n" : ""}${name}: none\n`;
      } else if (isTable(v)) {
        const keys = [...new Set(v.flatMap((r) => Object.keys(r)))];
        // a key is a name, not a dotted path: `a.b` is read as it is
        const cols: Column[] = keys.map((k) => ({ path: k, header: k, format: (_x: unknown, row: unknown) => brief((row as Rec)[k]) }));
        out += `${out ? "\n" : ""}${name} (${v.length})\n`;
        out += await renderTable(ctx, cols, v);
      } else {
        await section(name, v as Rec);
      }
    }
  };
  await section("", state);
  return out;
}
