// `mids migrate verify`: replay each distinct v2 request of a log against v2 and its v3 rewrite
// and compare the answers through the response map (src/contract/migration.ts RESPONSE_MAPS).
import type { Command } from "commander";
import type { Context } from "../../context.js";
import { INPUT_FORMATS } from "../../migrate/types.js";
import { VERDICTS } from "../../migrate/verify/verdicts.js";
import { choiceOption } from "../shared/choices.js";

export interface VerifyFlags {
  files: string[];
  fromFormat?: string;
  failOn?: string;
  concurrency?: string;
  sample?: string;
  sampleFirst: boolean;
  seed?: string;
  tolerance?: string;
  strict?: boolean;
}

export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 16;

export function register(parent: Command, ctx: Context): void {
  parent
    .command("verify")
    .description("Replay each distinct v2 request of a log against v2 and its v3 rewrite, and compare the answers field by field")
    .argument("[files...]", "log files (access, HAR, JSON lines, curl; .gz too); - (or nothing, when piped) reads stdin")
    .addOption(choiceOption("--from-format <format>", "input format (default: detected per file)", INPUT_FORMATS))
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
(with why, e.g. reads of the past with \`at\`); failed (with the error of either side). A refused
key stops the run at the first request (exit 3). 'mids migrate explain' lists the response field map.

Examples:
  $ mids migrate verify access.log
  $ mids --sandbox migrate verify traffic.har -o json | jq '.requests[] | select(.verdict == "differs")'
  $ mids migrate verify logs/*.log.gz --sample 200 --seed 7 --fail-on differs,failed   # a CI gate: any match fails the job
  $ mids migrate verify requests.ndjson --tolerance 0.001 --concurrency 8 -o ndjson`)
    .action(async (files: string[], own, cmd: Command) => {
      // `migrate` has --from-format and --fail-on too: commander gives them to it, wherever they stand
      const flags = { ...cmd.parent?.opts(), ...own };
      return run({
      files, fromFormat: flags.fromFormat, failOn: flags.failOn, concurrency: flags.concurrency, sample: flags.sample,
      sampleFirst: !!flags.sampleFirst, seed: flags.seed, tolerance: flags.tolerance, strict: !!flags.strict,
      }, ctx);
    });
}

export async function run(flags: VerifyFlags, ctx: Context): Promise<void> {
  const [{ logInputs }, errors, options, types, input, replay, report, sanitize, io] = await Promise.all([
    import("./logs.js"), import("../../errors.js"), import("../shared/options.js"), import("../../migrate/types.js"),
    import("../../migrate/verify/input.js"), import("../../migrate/verify/replay.js"), import("../../migrate/verify/report.js"),
    import("../../util/sanitize.js"), import("../../io.js"),
  ]);
  const { emitJson } = await import("../../output/render.js");
  const { UsageError, FindingsError } = errors;
  const { parseEnumFlag, parseIntFlag, parseNumberFlag, csvFlag } = options;
  const g = ctx.globals;
  const fromFormat = parseEnumFlag("--from-format", flags.fromFormat, types.INPUT_FORMATS);
  if (flags.failOn !== undefined && !csvFlag(flags.failOn)) throw new UsageError(`--fail-on needs one or more of ${replay.VERDICTS.join(", ")}`);
  const failOn = (csvFlag(flags.failOn) ?? []).map((v) => parseEnumFlag("--fail-on", v, replay.VERDICTS)!);
  const concurrency = parseIntFlag("--concurrency", flags.concurrency, 1, MAX_CONCURRENCY) ?? DEFAULT_CONCURRENCY;
  const size = parseIntFlag("--sample", flags.sample, 1);
  const seedFlag = parseIntFlag("--seed", flags.seed, 0, 2 ** 32 - 1);
  if (size === undefined && (flags.sampleFirst || seedFlag !== undefined)) {
    throw new UsageError(`${flags.sampleFirst ? "--sample-first" : "--seed"} only applies with --sample`, { hint: "add --sample N" });
  }
  const tolerance = parseNumberFlag("--tolerance", flags.tolerance) ?? 0;
  if (tolerance < 0) throw new UsageError(`--tolerance must not be negative (got '${flags.tolerance}')`);
  if (g.outputExplicit && !["table", "json", "ndjson"].includes(g.output)) {
    throw new UsageError(`migrate verify has no -o ${g.output} output`, { hint: "use -o table, -o json or -o ndjson" });
  }

  const files = logInputs(ctx, flags.files, "verify");

  const read = await input.readRequests(ctx.io, files, fromFormat, ctx.signal);
  const sample = size === undefined ? undefined
    : { size, first: flags.sampleFirst, seed: seedFlag ?? Math.floor(Math.random() * 2 ** 32) };
  // each request in flight sends two (v2 and v3): the client gets a connection for every one
  g.connections = replay.connectionsFor(concurrency);
  const { records, summary } = await replay.verify(read, () => ctx.client(), { now: ctx.now(), concurrency, tolerance, sample, strict: flags.strict });

  // -o json goes through the JSON printer, so --jq applies to the report
  if (g.output === "json") await emitJson(ctx, JSON.parse(report.jsonReport(records, summary)));
  else await io.writeAsync(ctx.io.stdout, g.output === "ndjson" ? sanitize.escapeC1Json(report.ndjsonReport(records, summary)) : report.terminalReport(records, summary, g.color && ctx.io.stdoutIsTTY));
  if (!g.quiet) ctx.io.stderr.write(report.summaryLine(summary));
  if (!summary.interrupted && summary.equivalent + summary.unconfirmed + summary.differs + summary.failed === 0) {
    // a gate that compared nothing must not pass unnoticed (an empty or misdetected log)
    const why = summary.total ? (summary.total === 1 ? "the one request was skipped" : `all ${summary.total} requests were skipped`)
      : summary.invalid ? `no line of the input is a request (${summary.invalid} ${summary.invalid === 1 ? "line" : "lines"})` : "the input is empty";
    ctx.warn(`nothing was verified: ${why}`, "verify:nothing");
  }
  if (summary.interrupted) {
    const { done, of } = summary.interrupted;
    throw new errors.InterruptedError(`interrupted (after ${done} of ${of} requests to replay; the report holds those and the skipped ones)`, {
      hint: "run again to verify them all, or a part with --sample N",
    });
  }

  const failed = failOn.reduce((n, v) => n + summary[v], 0);
  if (failed) {
    const which = failOn.filter((v) => summary[v] > 0).map((v) => `${summary[v]} ${v}`).join(", ");
    throw new FindingsError(`${failed} request${failed === 1 ? "" : "s"} matched --fail-on: ${which}`, {
      hint: "mids migrate verify -o json lists each request with its differences",
    });
  }
}
