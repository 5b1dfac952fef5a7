import type { Command } from "commander";
import type { Context } from "../../context.js";
import { segment } from "../shared/args.js";
import { DISCONTINUED } from "./discontinued.js";
import { addFindingsOptions } from "../shared/findings-options.js";

// route paths are left to src/contract (the help names no path), since importing the route
// table here would load it at start-up; the format names come from a module with no imports


export function register(program: Command, ctx: Context): void {
  const recipes = program
    .command("recipes")
    .description("Validate, list, show and execute YAML recipes (v2 only; discontinued in v3)")
    .addHelpText("after", `\n${DISCONTINUED}`);

  addFindingsOptions(recipes.command("validate"), { notes: false })
    .description("Check recipe files: parsed locally, then validated by the service; findings at file:line:col")
    .argument("<inputs...>", "files, directories (their .yaml/.yml files), quoted globs (*, **, ?, {a,b}), or - for stdin")
    .option("--stdin-name <name>", "file name to report for - (stdin)", "<stdin>")
    .option("--concurrency <n>", "files validated at once, 1 to 16", "4")
    .addHelpText("after", `
Examples:
  $ mids recipes validate recipes/digest.yaml
  $ mids recipes validate recipes/                       # every .yaml/.yml file below it
  $ mids recipes validate 'recipes/**/*.{yml,yaml}' --format sarif > recipes.sarif
  $ mids recipes validate recipes/ --output-file report.xml     # stylish on stdout, JUnit in the file
  $ cat digest.yaml | mids recipes validate - --stdin-name digest.yaml

Syntax errors, oversized files and alias bombs are reported locally and never sent.
Exit codes: 0 all valid, 8 findings (errors; warnings alone pass), 2 a missing file, a glob or
directory matching nothing, or empty stdin; 3/5/7 credentials, rate limit, server.
A summary line goes to stderr.

${DISCONTINUED}`)
    .action(async (inputs: string[], flags) => (await import("./validate.js")).run({ inputs, ...flags }, ctx));

  recipes
    .command("list")
    .description("List the available recipes")
    .addHelpText("after", `
Examples:
  $ mids recipes list
  $ mids recipes list -o json | jq -r '.[].name'

${DISCONTINUED}`)
    .action(async () => (await import("./list.js")).run({}, ctx));

  recipes
    .command("get")
    .description("Print a recipe's YAML definition; -o json|yaml for the whole record")
    .argument("<name>", "recipe name (see 'mids recipes list')", segment("recipe name"))
    .addHelpText("after", `
Examples:
  $ mids recipes get trend-digest > trend-digest.yaml
  $ mids recipes get trend-digest -o json

${DISCONTINUED}`)
    .action(async (name: string) => (await import("./get.js")).run({ name }, ctx));

  recipes
    .command("execute")
    .description("Run a recipe by name or from a YAML file and print the engine state")
    .argument("<recipe>", "a recipe name, a .yaml/.yml file, or - for YAML on stdin", segment("recipe name or file", true))
    .option("--param <key=value>", "a recipe parameter (repeatable); a JSON value (5, true, [1,2], \"007\") is sent typed, anything else as a string",
      (v: string, prev: string[] = []) => [...prev, v])
    .addHelpText("after", `
Examples:
  $ mids recipes execute trend-digest --param limit=5
  $ mids recipes execute ./my-recipe.yaml --param limit=3 -o json

Never retried automatically: every call is a new run. After a network error or a 5xx, check
before running it again. A file is parsed locally first; a syntax error is exit 2.

${DISCONTINUED}`)
    .action(async (recipe: string, flags: { param?: string[] }) => (await import("./execute.js")).run({ recipe, params: flags.param ?? [] }, ctx));
}
