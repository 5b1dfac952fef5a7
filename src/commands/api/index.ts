import type { Command } from "commander";
import type { Context } from "../../context.js";
import { choiceOption } from "../shared/choices.js";
import { METHODS } from "./methods.js";

const collect = (v: string, prev: string[] = []) => [...prev, v];

export function register(program: Command, ctx: Context): void {
  program
    .command("api")
    .description("Make a raw API request (like 'gh api'): same auth, retries, notices and exit codes")
    .argument("<path>", "path with version prefix, e.g. /v3/projects or /v2/signals?page=2 (a full URL is taken when it is below the base URL)")
    .addOption(choiceOption("-X, --method <method>", "HTTP method", METHODS, { ignoreCase: true }).default("GET"))
    .option("-f, --field <key=value>", "query parameter for GET (as written), JSON body field otherwise: a value that parses as JSON is sent as that value, anything else as a string (repeatable)", collect)
    .option("-H, --header <name: value>", "extra request header (repeatable: a name given twice sends both values); a key in x-api-key (or, on v3, Authorization) replaces the configured one", collect)
    .option("--input <file>", "request body from a file, or - for stdin, with a method that takes one (-X POST, PATCH, PUT)")
    .option("-i, --include", "print the HTTP status line and response headers before the body")
    .option("--paginate", "GET every page: follow v3 meta.nextCursor or v2 pagination (page + 1), printing each page")
    .option("--slurp", "with --paginate: print one JSON array of all pages")
    .addHelpText("after", `
Examples:
  $ mids api /v3/topics
  $ mids api /v3/projects -f limit=5 -f minTrend=40
  $ mids api -X PATCH /v3/alerts/alr_358143c32a05a788 -f status=paused
  $ mids api /v2/signals -i          # shows Deprecation, Link and Sunset headers
  $ mids api /v3/projects -f limit=50 --paginate --slurp   # every page, as one JSON array

In a JSON body, -f threshold=5 sends the number 5, -f 'ids=["a","b"]' an array and -f enabled=true
a boolean; quote a value to send it as a string: -f 'name="007"' sends "007".`)
    .action(async (path: string, flags) => (await import("./run.js")).run({
      path, method: flags.method, fields: flags.field ?? [], headers: flags.header ?? [], input: flags.input, include: !!flags.include,
      paginate: !!flags.paginate, slurp: !!flags.slurp,
    }, ctx));
}
