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

/** True for options made by choiceOption(..., { list: true }). */
export const isListOption = (o: Option): boolean => (o as Partial<ListOption>).commaList === true;
