// Enum flags: the allowed values are declared once on the commander Option (argChoices), so help
// lists them, a wrong value is refused locally (exit 2, one line listing the values) and the
// completion scripts offer them. A comma-separated list checks and completes each element.
import { Option, type Argument } from "commander";
import { UsageError } from "../../errors.js";
import { checkChoice, joinRepeated, nearestChoice, type ChoiceOptions } from "../../util/flag-values.js";
import { param, paramValues, valuesAssumed } from "../../contract/routes.js";
import { stripControl } from "../../util/sanitize.js";

/** An Option whose value is a comma-separated list of its choices. */
export class ListOption extends Option {
  readonly commaList = true;
}

export function choiceOption(flags: string, description: string, values: readonly string[], opts: ChoiceOptions = {}): Option {
  const option = opts.list ? new ListOption(flags, description) : new Option(flags, description);
  option.choices(values);
  const name = option.short ?? option.long ?? flags;
  // a list given twice adds to its values (`--fail-on removed --fail-on unrecognized`: joinRepeated)
  return option.argParser(opts.list
    ? (value: string, previous?: string) => joinRepeated(checkChoice(name, value, values, opts), previous)
    : (value: string) => checkChoice(name, value, values, opts));
}

/** Declare an argument's choices (help, completions) with the project's one-line usage error. */
export function choiceArgument(arg: Argument, what: string, values: readonly string[], hint: string): Argument {
  return arg.choices(values).argParser((value: string) => {
    if (!values.includes(value)) {
      const near = nearestChoice(values, value);
      throw new UsageError(`unknown ${what} '${value}'`, { hint: near ? `did you mean '${near}'? (${hint} ${values.join(", ")})` : `${hint} ${values.join(", ")}` });
    }
    return value;
  });
}

/**
 * An option whose values the spec does not list (an assumption, see ASSUMED): help and completions
 * offer the known ones, and any non-empty value is sent as given (the server decides).
 */
export class SuggestOption extends Option {
  commaList = false;
  suggestions: readonly string[] = [];
}

/** Declare an option's known values (help, completions) without refusing others. */
export function suggestOption(flags: string, description: string, values: readonly string[], opts: { list?: boolean } = {}): SuggestOption {
  const option = new SuggestOption(flags, `${description} (known: ${values.join(", ")}; others are sent as given)`);
  option.commaList = opts.list === true;
  option.suggestions = values;
  // a list given twice adds to its values (util/flag-values.ts joinRepeated)
  if (opts.list) option.argParser(joinRepeated);
  return option;
}

/**
 * The option of a route's enum parameter: its values refused locally where the spec documents
 * them (choiceOption), offered where they are an assumption (suggestOption).
 */
export function paramOption(routeId: string, name: string, flags: string, description: string, opts: { list?: boolean } = {}): Option {
  const values = paramValues(routeId, name);
  return valuesAssumed(param(routeId, name)) ? suggestOption(flags, description, values, opts) : choiceOption(flags, description, values, opts);
}

/**
 * A notice for the values of `given` (comma-separated) outside a parameter's assumed ones, which
 * are sent as given; undefined when there are none, or the parameter's values are documented.
 */
export function unknownValuesNotice(routeId: string, name: string, flag: string, noun: string, given: string | undefined): string | undefined {
  const assumption = param(routeId, name).assumedValues?.values;
  if (assumption === undefined) return undefined;
  const values = paramValues(routeId, name);
  const unknown = unknownValues(given, values);
  if (!unknown.length) return undefined;
  return `${flag} ${unknown.map((v) => `'${stripControl(v)}'`).join(", ")}: not ${noun} mids knows (${values.join(", ")}: assumed, '${assumption}' under the docs' assumptions); sent as given`;
}

/** Values of `given` (comma-separated) outside the known ones of an option made by suggestOption. */
export const unknownValues = (given: string | undefined, known: readonly string[]): string[] =>
  (given ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "" && !known.includes(s));

/** True for options made by choiceOption(..., { list: true }). */
export const isListOption = (o: Option): boolean => (o as Partial<ListOption>).commaList === true;
