// Positional arguments that become one path segment (`projects get <idOrSlug>`): checked at parse
// time, so an empty value or a dot segment (which URL normalisation would turn into another
// route: /v3/projects/.. is /v3/) is a usage error, never a request to the wrong place.
import { UsageError } from "../../errors.js";

/** '-' where one value is taken as typed (gh reads stdin with it): the refusal, with the fix. */
export function noStdin(what: string, hint = `pass the ${what} itself, e.g. "$(jq -r .id item.json)"`): UsageError {
  return new UsageError(`'-' is not ${/^[aeiou]/i.test(what) ? "an" : "a"} ${what}: this command reads no stdin`, { hint });
}

export function checkSegment(what: string, v: string, dashIsStdin = false): string {
  if (v.trim() === "") throw new UsageError(`the ${what} is empty`, { hint: `pass the ${what} itself` });
  // (gh and the alerts commands read ids from stdin with '-'; this argument takes one, as typed)
  if (v === "-" && !dashIsStdin) throw noStdin(what);
  if (v === "." || v === "..") throw new UsageError(`'${v}' is not a valid ${what}`, { hint: `pass the ${what} itself` });
  return v;
}

/** A commander argument parser for a path-segment argument. */
export const segment = (what: string, dashIsStdin = false) => (v: string): string => checkSegment(what, v, dashIsStdin);
