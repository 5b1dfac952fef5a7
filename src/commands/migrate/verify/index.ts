// `mids migrate verify`: replay each distinct v2 request of a log against v2 and its v3 rewrite
// and compare the answers through the response map (src/contract/migration.ts RESPONSE_MAPS).
import type { Command } from "commander";
import type { Context } from "../../../context.js";
import { FROM_FORMATS } from "../../../migrate/types.js";
import { VERDICTS } from "../../../migrate/verify/verdicts.js";
import { choiceOption } from "../../shared/choices.js";
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from "./concurrency.js";

export function register(parent: Command, ctx: Context): void {
  parent
    .command("verify")
    .description("Replay each distinct v2 request of a log against v2 and its v3 rewrite, and compare the answers field by field")
    .argument("[files...]", "log files (access, HAR, JSON lines, curl; .gz too); - (or nothing, when piped) reads stdin")
    .addOption(choiceOption("--from-format <format>", "input format (default: detected per file)", FROM_FORMATS))
    .addOption(choiceOption("--fail-on <verdicts>", "exit 8 when any request has one of these verdicts (comma-separated)", VERDICTS, { list: true }))
    .option("--concurrency <n>", `requests in flight at once, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})`)
    .option("--sample <n>", "verify only n of the distinct replayable requests, drawn at random (see --seed, --sample-first)")
    .option("--sample-first", "with --sample: the first n in log order instead of a random draw")
    .option("--seed <n>", "with --sample: the seed of the random draw, to draw the same sample again (default: a new one, printed on stderr)")
    .option("--tolerance <x>", "numbers whose difference is at most x are equal (default 0: exact)")
    .option("--strict", "count unconfirmed fields (v3 side assumed and absent) as differences")
    .addHelpText("after", `
Only GET requests are replayed (POST, PATCH, PUT, DELETE are skipped), with the configured key:
a key found in the log is never sent. Verdicts: equivalent; unconfirmed (nothing differs, but a
mapped field is missing from a v3 answer whose shape the spec does not show, see
docs/contract.md; --strict makes it differs); differs (each field with both values); skipped
(with why, e.g. reads of the past with \`at\`, an id neither version finds); failed (with the
error of either side). A refused key stops the run at the first request (exit 3).
'mids migrate explain' lists the response field map.

Examples:
  $ mids migrate verify access.log
  $ mids --sandbox migrate verify traffic.har -o json | jq '.requests[] | select(.verdict == "differs")'
  $ mids migrate verify logs/*.log.gz --sample 200 --seed 7 --fail-on differs,failed   # a CI gate: any match fails the job
  $ mids migrate verify requests.ndjson --tolerance 0.001 --concurrency 8 -o ndjson`)
    .action(async (files: string[], own, cmd: Command) => {
      // `migrate` has --from-format and --fail-on too: commander gives them to it, wherever they stand
      const flags = { ...cmd.parent?.opts(), ...own };
      return (await import("./run.js")).run({
      files, fromFormat: flags.fromFormat, failOn: flags.failOn, concurrency: flags.concurrency, sample: flags.sample,
      sampleFirst: !!flags.sampleFirst, seed: flags.seed, tolerance: flags.tolerance, strict: !!flags.strict,
      }, ctx);
    });
}
