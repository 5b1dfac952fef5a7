// The two checks behind every enum and whole-number value a user types (flags, arguments, settings
// from the environment or the config file): one wording each, exit 2. `name` is how the value is
// named to the user (`--limit`, `MIDS_MAX_PAGES`, `'max-retries' in profile 'ci' of ...`).
import { UsageError } from "../errors.js";
import { editDistance } from "./edit-distance.js";

export interface ChoiceOptions {
  /** the value is a comma-separated list of choices (each element is checked) */
  list?: boolean;
  /** accept any letter case (the caller normalises it) */
  ignoreCase?: boolean;
}

/** The refusal of a value outside a flag's fixed set, in one wording wherever it is checked. */
export function notOneOf(name: string, values: string, got: string): string {
  return `${name} must be one of ${values} (got '${got}')`;
}

/**
 * The hint under that refusal: the values to type instead (a list flag takes several), and first
 * the one meant when `got` differs from it only in letter case (-o JSON) or is the start of no other.
 */
export function choiceHint(values: string, list = false, got?: string): string {
  const all = values.split(", ");
  // `-o=csv`: pflag's form (gh, kubectl); commander hands a short option '=csv'
  const eq = got?.startsWith("=") ? all.find((v) => v.toLowerCase() === got.slice(1).trim().toLowerCase()) : undefined;
  if (eq !== undefined) return `did you mean '${eq}'? (a short option's value follows it after a space, or joined, without '=')`;
  const g = got?.trim().toLowerCase();
  const meant = !g ? undefined : all.find((v) => v.toLowerCase() === g) ?? sameAs(all, g) ?? (g.length >= 2 ? single(all.filter((v) => v.toLowerCase().startsWith(g))) ?? nearestChoice(all, g) : undefined);
  const use = list ? `use one or more of ${values}, comma-separated` : `use one of ${values}`;
  return meant !== undefined && meant !== got ? `did you mean '${meant}'? (${use})` : use;
}

/**
 * Other tools' names for a value (`-o jsonl` is ndjson, not the json a letter away), where that
 * value is one of the choices.
 */
const OTHER_NAMES: Readonly<Record<string, string>> = { jsonl: "ndjson", jsonlines: "ndjson", ldjson: "ndjson", yml: "yaml" };
const sameAs = (values: readonly string[], got: string): string | undefined => {
  const v = Object.hasOwn(OTHER_NAMES, got) ? OTHER_NAMES[got] : undefined;
  return v !== undefined && values.includes(v) ? v : undefined;
};

/**
 * The one value `got` is a slip of (a letter left out, added, swapped or mistyped: -o jsn, --sort
 * trnd), within two edits and fewer than its length, as commander suggests a command; none when two
 * values are as near (v4: v2 or v3?).
 */
export function nearestChoice(values: readonly string[], got: string): string | undefined {
  const near = values.map((v) => ({ v, d: editDistance(got, v) })).filter((x) => x.d <= 2 && x.d < got.length);
  const best = Math.min(...near.map((x) => x.d));
  return single(near.filter((x) => x.d === best).map((x) => x.v));
}

function single<T>(xs: T[]): T | undefined {
  return xs.length === 1 ? xs[0] : undefined;
}

/** `value` if it is one of `values` (each element, for a list), else a usage error listing them. */
export function checkChoice(name: string, value: string, values: readonly string[], opts: ChoiceOptions = {}): string {
  const allowed = (v: string) => values.some((x) => (opts.ignoreCase ? x.toLowerCase() === v.toLowerCase() : x === v));
  if (opts.list) {
    const parts = value.split(",").map((s) => s.trim()).filter(Boolean);
    // an empty list is the command's to refuse, in its own words
    if (!parts.length) return value;
    const bad = parts.find((p) => !allowed(p));
    if (bad !== undefined) throw new UsageError(`${name} must be one or more of ${values.join(", ")}, comma-separated (got '${bad}')`, { hint: choiceHint(values.join(", "), true, bad) });
    return value;
  }
  if (!allowed(value)) throw new UsageError(notOneOf(name, values.join(", "), value), { hint: choiceHint(values.join(", "), false, value) });
  return value;
}

/** A comma-separated list flag of choices (`--fail-on partial,removed`): its elements, each checked; none when not given. */
export function checkChoiceList<T extends string>(name: string, value: string | undefined, values: readonly T[]): T[] {
  if (value === undefined) return [];
  const parts = value.split(",").map((s) => s.trim()).filter(Boolean);
  if (!parts.length) throw new UsageError(`${name} needs one or more of ${values.join(", ")}`, { hint: choiceHint(values.join(", "), true) });
  checkChoice(name, value, values, { list: true });
  return parts as T[];
}

/**
 * `value` as a whole number from `min` to `max` (no upper bound when undefined), else a usage
 * error. Digits only (no sign, no 1e3, no 0x10); beyond 2^53 a number is no longer exact (and a
 * server would see 1e+21): refused too.
 */
export function checkWholeNumber(name: string, value: string, min: number, max?: number, hint?: string): number {
  const n = Number(value);
  const ok = /^\d+$/.test(value.trim()) && Number.isSafeInteger(n) && n >= min && (max === undefined || n <= max);
  if (!ok) throw new UsageError(`${name} must be a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`} (got '${value}')`, { hint: hint ?? numberHint(name, max !== undefined && max <= 1000 ? max : min) });
  return n;
}

/** The hint under a refused number: the flag with a value it takes (`e.g. --limit 50`); a setting's name is no flag to type. */
export function numberHint(name: string, example: number | string, kind: "number" | "duration" | "size" = "number"): string {
  return name.startsWith("-") ? `e.g. ${name} ${example}` : `use a ${kind} such as ${example}`;
}

/**
 * The first number of a JSON text that a JavaScript number, which the body is written from, does
 * not carry as written: an integer past 2^53 (12345678901234567890 would go out as
 * 12345678901234567000) or one past the largest double (1e400 would go out as null).
 */
export function inexactNumber(json: string): string | undefined {
  // (numbers stand only outside strings)
  const bare = json.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  for (const [t] of bare.matchAll(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g)) {
    const n = Number(t);
    if (!Number.isFinite(n) || (/^-?\d+$/.test(t) && !Number.isSafeInteger(n))) return t;
  }
  return undefined;
}

/**
 * A `key=value` flag's value in a JSON body (`mids api -f`, `recipes execute --param`): a value
 * that parses as JSON is sent as that value (`5`, `true`, `[1,2]`, `"007"` for the string 007),
 * anything else as the string typed. A number JSON would not send as written is refused (exit 2,
 * naming `flag` and `key`), never sent changed.
 */
export function jsonOrString(value: string, flag = "-f", key = "KEY"): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return value;
  }
  const inexact = inexactNumber(value);
  if (inexact !== undefined) {
    const quoted = `${key}=${JSON.stringify(value.trim())}`;
    throw new UsageError(`${flag} ${key}=${value}: the number ${inexact} cannot be sent as written (a JSON number here is exact only up to 2^53 and 1.8e308)`, {
      hint: /^\s*-?\d/.test(value) ? `send it as a string: ${flag} '${quoted.replace(/'/g, "'\\''")}'` : "write it as a string in the JSON value",
    });
  }
  return parsed;
}

/**
 * The parser of a comma-separated list flag: given again, it adds to the values, as gh's list flags
 * do (`--label a --label b`); before, the last one alone was kept, so a script's `alerts update
 * --destinations A --destinations B` set the alert's destinations to B only. (For flags with no
 * default: commander hands a default in as the first `previous`.)
 */
export const joinRepeated = (value: string, previous?: string): string => (previous === undefined ? value : `${previous},${value}`);

/**
 * A `-f name=value` to paste, where the request already gave `name` (in the path, or with -f): one
 * more of it is sent beside the first, which the server reads, so the hint names the one to replace
 * (`-f page=3 in place of the page=1 given`); a long value given is cut.
 */
export function replacingGiven(given: URLSearchParams, name: string, flag: string): string {
  const old = given.get(name);
  if (old === null) return flag;
  const shown = old.length > 40 ? `${old.slice(0, 40)}…` : old;
  return `${flag} in place of the ${name}=${shown} given`;
}
