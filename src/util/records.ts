// Records keyed by outside text (query names, JSON keys, header names). There `__proto__` is a
// name like any other: it is defined as an own property, never assigned (assignment would set the
// record's prototype and lose the name), and `in` would find Object.prototype's names
// (`constructor`, `toString`): Object.hasOwn asks about the record's own.

/** o[k] = v, for any k. */
export function setOwn<V>(o: Record<string, V>, k: string, v: V): void {
  if (k === "__proto__") Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}
