// Enum flags: the allowed values are declared once on the commander Option (argChoices), so help
// lists them, a wrong value is refused locally (exit 2, one line listing the values) and the
// completion scripts offer them. A comma-separated list checks and completes each element.
import { Option, type Argument } from "commander";
import { UsageError } from "../../errors.js";
import { checkChoice, type ChoiceOptions } from "../../util/flag-values.js";

/** An Option whose value is a comma-separated list of its choices. */
export class ListOption extends Option {
  readonly commaList = true;
}

export function choiceOption(flags: string, description: string, values: readonly string[], opts: ChoiceOptions = {}): Option {
  const option = opts.list ? new ListOption(flags, description) : new Option(flags, description);
  option.choices(values);
  const name = option.short ?? option.long ?? flags;
  return option.argParser((value: string) => checkChoice(name, value, values, opts));
}

/** Declare an argument's choices (help, completions) with the project's one-line usage error. */
export function choiceArgument(arg: Argument, what: string, values: readonly string[], hint: string): Argument {
  return arg.choices(values).argParser((value: string) => {
    if (!values.includes(value)) throw new UsageError(`unknown ${what} '${value}'`, { hint: `${hint} ${values.join(", ")}` });
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
  return option;
}

/** Values of `given` (comma-separated) outside the known ones of an option made by suggestOption. */
export const unknownValues = (given: string | undefined, known: readonly string[]): string[] =>
  (given ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "" && !known.includes(s));

/** True for options made by choiceOption(..., { list: true }). */
export const isListOption = (o: Option): boolean => (o as Partial<ListOption>).commaList === true;
