import type { Command } from "commander";
import { joinRepeated } from "../../util/flag-values.js";
import type { Context } from "../../context.js";
import * as verify from "./verify/index.js";
import * as scan from "./scan/index.js";
import { FROM_FORMATS, STATUSES, TO_FORMATS } from "../../migrate/types.js";
import { choiceOption } from "../shared/choices.js";
import { JOBS_MAX, PARALLEL_MIN_BYTES } from "../../migrate/parallel/defaults.js";

export function register(program: Command, ctx: Context): void {
  const cmd = program
    .command("migrate")
    .description("Rewrite v2 request logs (access logs, Docker JSON logs, CloudFront logs, HAR, JSON lines, curl) into their v3 equivalents; offline unless --resolve")
    .argument("[files...]", "log files; - (or nothing, when piped) reads stdin")
    .addOption(choiceOption("--from-format <format>", "input format (default: detected per file)", FROM_FORMATS))
    .addOption(choiceOption("--to <format>", "format of the rewritten requests (default: the input's format)", TO_FORMATS))
    // checked by the run module, not here: commander hands `migrate verify|scan --fail-on X` to this
    // command too (their own values differ), and each subcommand checks its own
    .addOption(choiceOption("--fail-on <statuses>", "exit 8 when any request has one of these statuses (comma-separated)", STATUSES, { list: true }).argParser(joinRepeated))
    .option("--resolve", "use the API to finish partial rewrites: walk cursors to page N, look up a topic's report id")
    .option("--jobs <n>", `worker threads for large files, besides the main thread (default: one per core but one, up to ${JOBS_MAX}, for files of ${PARALLEL_MIN_BYTES >> 20} MB or more; 0: none)`)
    .addHelpText("after", `
Output: the rewritten requests on stdout (requests without a v3 successor are left out and listed on
stderr with a summary); -o json prints one report, -o ndjson one line per request then the summary.
Statuses: rewritten, partial, removed, unrecognized, unchanged (already v3), invalid (not a request),
skipped (not the API's: a page's assets, a health check, another host's call; counted, not listed).

Examples:
  $ mids migrate access.log > access-v3.log
  $ mids migrate traffic.har --to curl
  $ cat requests.ndjson | mids migrate -o json | jq '.requests[] | select(.status == "partial")'
  $ mids migrate logs/*.log -o ndjson --fail-on removed,unrecognized     # for CI: exit 8
  $ mids migrate access.log --jobs 0 > access-v3.log                     # one thread: least memory
  $ mids migrate explain                                                 # the whole v2 -> v3 map`)
    .action(async (files: string[], flags) => (await import("./run.js")).run({
      files, fromFormat: flags.fromFormat, to: flags.to, failOn: flags.failOn, resolve: !!flags.resolve, jobs: flags.jobs,
      subcommands: cmd.commands.map((c) => c.name()).filter((n) => n !== "help"),
    }, ctx));
  cmd
    .command("explain")
    .argument("[request...]", "one request to explain: a v2 path or URL (its method first if not GET), or a curl command")
    .description("Print the v2 -> v3 map (routes, parameters, rules, response field renames), or what one request becomes")
    .addHelpText("after", `
With a request, prints its v3 rewrite, the notes on what changes, its route's parameters and the
response fields that move (what 'mids migrate verify' compares). Offline; the base URL, when one
is set, tells the API's host and gateway path apart as 'mids migrate' does.

Examples:
  $ mids migrate explain
  $ mids migrate explain -o json | jq '.routes[] | select(.status == "removed")'
  $ mids migrate explain /v2/projects/abc/momentum?start=2026-01-01
  $ mids migrate explain GET 'https://api.example.com/v2/signals?page=2&limit=20' -o json`)
    .action(async (request: string[]) => (await import("./explain.js")).run(ctx, request));
  verify.register(cmd, ctx);
  scan.register(cmd, ctx);
}
