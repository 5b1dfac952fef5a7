// Positional arguments that become one path segment (`projects get <idOrSlug>`): checked at parse
// time, so an empty value or a dot segment (which URL normalisation would turn into another
// route: /v3/projects/.. is /v3/) is a usage error, never a request to the wrong place.
import { UsageError } from "../../errors.js";

export function checkSegment(what: string, v: string): string {
  if (v.trim() === "") throw new UsageError(`the ${what} is empty`, { hint: `pass the ${what} itself` });
  if (v === "." || v === "..") throw new UsageError(`'${v}' is not a valid ${what}`, { hint: `pass the ${what} itself` });
  return v;
}

/** A commander argument parser for a path-segment argument. */
export const segment = (what: string) => (v: string): string => checkSegment(what, v);
