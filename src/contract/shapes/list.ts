// The items of a list answer whose shape the spec does not show: a bare list, or one a server wraps.
import { departures, type Departure, type Shape } from "./shape.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

/** Keys a server may wrap a list in, most likely first. */
const WRAPPERS: readonly string[] = ["items", "data", "results", "entries", "values", "records", "list"];

/**
 * The items of a list answer: the array itself, or the array an object wraps (under a common
 * wrapper key, a key named for the resource, or its only array). `wrapped` says the answer was not
 * a bare list.
 */
export function listItems(data: unknown, names: readonly string[] = []): { items: unknown[]; wrapped: boolean } {
  if (Array.isArray(data)) return { items: data, wrapped: false };
  if (!isObj(data)) return { items: [], wrapped: data !== undefined && data !== null };
  for (const k of [...names, ...WRAPPERS]) if (Array.isArray(data[k])) return { items: data[k] as unknown[], wrapped: true };
  const arrays = Object.values(data).filter(Array.isArray);
  if (arrays.length === 1) return { items: arrays[0] as unknown[], wrapped: true };
  // one level deeper: {data: {items: [...]}}
  for (const v of Object.values(data)) if (isObj(v)) { const inner = listItems(v, names); if (inner.items.length) return { items: inner.items, wrapped: true }; }
  return { items: [], wrapped: true };
}


/** Departures from an assumed shape; a wrapped list also has its items compared with the item shape. */
export function assumedDepartures(shape: Shape, data: unknown): Departure[] {
  const found = departures(shape, data);
  if (Array.isArray(shape) && !Array.isArray(data) && data && typeof data === "object") {
    // (a loop, not push(...): a page of 200,000 departing items is past what a call takes as arguments)
    for (const d of departures(shape, listItems(data).items)) found.push({ ...d, path: d.path === "(data)" ? "(items)" : d.path });
  }
  return found;
}

