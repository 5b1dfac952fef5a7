import { outputTyped } from "../../config.js";
import type { Context } from "../../context.js";
import { FindingsError, UsageError } from "../../errors.js";
import { VERSION } from "../../version.js";
import { migrate } from "../../migrate/pipeline.js";
import { makeResolver } from "../../migrate/resolve.js";
import { FROM_FORMATS, STATUSES, TO_FORMATS, type FromFormat, type OutputTarget, type Status } from "../../migrate/types.js";
import { parseEnumFlag } from "../shared/options.js";
import { logInputs } from "./logs.js";
import { strategyFastPath } from "../../migrate/compose.js";
import { JOBS_LIMIT } from "../../migrate/parallel/defaults.js";
import { checkChoiceList, checkWholeNumber } from "../../util/flag-values.js";

export interface MigrateFlags {
  files: string[];
  fromFormat?: string;
  to?: string;
  failOn?: string;
  resolve: boolean;
  jobs?: string;
  /** the names of migrate's subcommands (a mistyped one is read as a log file: the hint names it) */
  subcommands?: readonly string[];
}


export async function run(flags: MigrateFlags, ctx: Context): Promise<void> {
  const g = ctx.globals;
  const fromFormat = parseEnumFlag<FromFormat>("--from-format", flags.fromFormat, FROM_FORMATS);
  const to = parseEnumFlag<OutputTarget>("--to", flags.to, TO_FORMATS as unknown as OutputTarget[]);
  const failOn = checkChoiceList<Status>("--fail-on", flags.failOn, STATUSES);
  let report: "json" | "ndjson" | undefined;
  // (the default output is the rewritten log: MIDS_OUTPUT or a stored output never turns it into the report)
  const typed = outputTyped(g);
  if (typed && (g.output === "json" || g.output === "ndjson")) report = g.output;
  else if (typed && g.output !== "table") {
    throw new UsageError(`migrate has no -o ${g.output} output`, { hint: "use -o json or -o ndjson for the report, or --to curl|http|har|ndjson for the requests" });
  }
  if (g.jq !== undefined) {
    // the report is streamed request by request (a log may be far larger than memory): no jq over it here
    throw new UsageError("--jq is not supported by migrate: its report is streamed as it is written", { hint: "pipe -o json into jq instead: mids migrate FILE -o json | jq ..." });
  }
  if (report && to) throw new UsageError(`--to and -o ${report} cannot be combined`, { hint: "--to converts the rewritten requests; -o json/ndjson prints the report instead" });

  const jobs = flags.jobs === undefined ? undefined : checkWholeNumber("--jobs", flags.jobs, 0, JOBS_LIMIT, "--jobs 0 reads every input on one thread");
  const fastPath = strategyFastPath(ctx.io.env.MIDS_MIGRATE_STRATEGY);
  const files = logInputs(ctx, flags.files, "migrate", flags.subcommands);

  // a look-up that fails for one request leaves it partial, with a note saying why; a refused key
  // or an API that cannot be reached stops the run (resolve.ts: stopsTheRun, as `migrate verify`)
  const resolver = flags.resolve ? makeResolver(() => ctx.client(), { keepGoing: true }) : undefined;
  const { failed, tally } = await migrate(ctx.io, {
    files, fromFormat, to, report, failOn, quiet: g.quiet, baseUrl: g.baseUrl, version: VERSION, now: ctx.now(), signal: ctx.signal, jobs, verbose: g.verbose, fastPath,
    resolve: resolver, screen: ctx.screen, workerScript: ctx.migrateWorkerScript,
  });
  if (resolver?.failed && !g.quiet) {
    const n = resolver.failed;
    ctx.io.stderr.write(`mids: warning: --resolve: ${n} look-up${n === 1 ? "" : "s"} failed; ${n === 1 ? "that request stays" : "those requests stay"} partial (${report ? "its note says" : "-o json shows the notes saying"} why)\n`);
  }
  if (failed) {
    const which = failOn.filter((s) => tally.byStatus[s] > 0).map((s) => `${tally.byStatus[s]} ${s}`).join(", ");
    throw new FindingsError(`${failed} request${failed === 1 ? "" : "s"} matched --fail-on: ${which}`, {
      hint: "mids migrate -o json lists each request with its notes",
    });
  }
}
