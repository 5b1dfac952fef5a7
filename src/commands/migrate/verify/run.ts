// mids migrate verify, once its flags are parsed: read the log, replay, compare, report.
import { apiPathPrefix } from "../../../migrate/api-base.js";
import { urlSecrets } from "../../../redact/url-secrets.js";
import { reportOutput } from "../../../config.js";
import type { Context } from "../../../context.js";
import { FindingsError, InterruptedError, UsageError } from "../../../errors.js";
import { stderrWrapWidth, writeAsync } from "../../../io.js";
import { checkChoiceList } from "../../../util/flag-values.js";
import { FROM_FORMATS } from "../../../migrate/types.js";
import { readRequests } from "../../../migrate/verify/input.js";
import { VERDICTS, connectionsFor, verify } from "../../../migrate/verify/replay.js";
import { jsonReport, ndjsonReport, summaryLine, terminalReport } from "../../../migrate/verify/report.js";
import { emitJson } from "../../../output/render.js";
import { progressLine } from "../../../output/progress.js";
import { escapeC1Json } from "../../../util/sanitize.js";
import { parseEnumFlag, parseIntFlag, parseNumberFlag } from "../../shared/options.js";
import { logInputs } from "../logs.js";
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from "./concurrency.js";

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

export async function run(flags: VerifyFlags, ctx: Context): Promise<void> {
  const g = ctx.globals;
  const fromFormat = parseEnumFlag("--from-format", flags.fromFormat, FROM_FORMATS);
  const failOn = checkChoiceList("--fail-on", flags.failOn, VERDICTS);
  const concurrency = parseIntFlag("--concurrency", flags.concurrency, 1, MAX_CONCURRENCY) ?? DEFAULT_CONCURRENCY;
  const size = parseIntFlag("--sample", flags.sample, 1);
  const seedFlag = parseIntFlag("--seed", flags.seed, 0, 2 ** 32 - 1);
  if (size === undefined && (flags.sampleFirst || seedFlag !== undefined)) {
    throw new UsageError(`${flags.sampleFirst ? "--sample-first" : "--seed"} only applies with --sample`, { hint: "add --sample N" });
  }
  // --sample-first takes the first N in log order: a seed would be ignored, and the run not the random draw it names
  if (flags.sampleFirst && seedFlag !== undefined) {
    throw new UsageError("--seed does not apply with --sample-first (it takes the first N requests in log order)", { hint: "drop --seed for the first N, or drop --sample-first for a random sample that --seed draws again" });
  }
  const tolerance = parseNumberFlag("--tolerance", flags.tolerance, { hint: "e.g. --tolerance 0.001" }) ?? 0;
  if (tolerance < 0) throw new UsageError(`--tolerance must not be negative (got '${flags.tolerance}')`, { hint: "e.g. --tolerance 0.001" });
  const output = reportOutput(g, ctx.io.stdoutIsTTY, ["table", "json", "ndjson"]);
  if (!["table", "json", "ndjson"].includes(output)) {
    throw new UsageError(`migrate verify has no -o ${output} output`, { hint: "use -o table, -o json or -o ndjson" });
  }

  const files = logInputs(ctx, flags.files, "verify");

  // on a terminal: what the run is at (it writes nothing else until it ends)
  const progress = await progressLine(ctx, { whenStdoutPiped: true, text: "reading the log" });
  let verified;
  try {
    const read = await readRequests(ctx.io, files, fromFormat, ctx.signal);
    const sample = size === undefined ? undefined
      : { size, first: flags.sampleFirst, seed: seedFlag ?? Math.floor(Math.random() * 2 ** 32) };
    // each request in flight sends two (v2 and v3): the client gets a connection for every one
    g.connections = connectionsFor(concurrency);
    const onProgress = progress && ((done: number, of: number) => progress.count("replaying", done, of, "requests"));
    verified = await verify(read, () => ctx.client(), { now: ctx.now(), concurrency, tolerance, sample, strict: flags.strict, onProgress, pathPrefix: apiPathPrefix(g.baseUrl), secrets: [g.apiKey ?? "", ...urlSecrets(g.baseUrl)] });
  } finally {
    progress?.stop();
  }
  const { records, summary } = verified;

  // -o json goes through the JSON printer, so --jq applies to the report
  if (output === "json") await emitJson(ctx, JSON.parse(jsonReport(records, summary)));
  else await writeAsync(ctx.io.stdout, output === "ndjson" ? escapeC1Json(ndjsonReport(records, summary)) : terminalReport(records, summary, g.color && ctx.io.stdoutIsTTY, ctx.io.stdoutIsTTY ? ctx.io.columns : undefined));
  if (!g.quiet) ctx.io.stderr.write(summaryLine(summary, stderrWrapWidth(ctx.io)));
  const nothing = !summary.interrupted && summary.equivalent + summary.unconfirmed + summary.differs + summary.failed === 0;
  // a gate that compared nothing must not pass unnoticed (an empty or misdetected log): a warning,
  // and with --fail-on a failure (as ESLint fails a pattern that matched no file)
  const why = !nothing ? "" : summary.total ? (summary.total === 1 ? "the one request was skipped" : `all ${summary.total} requests were skipped`)
    : summary.notApi ? `no request of the input is to the API (${summary.notApi} set aside: pages, assets, other hosts)`
    : summary.invalid ? `no line of the input is a request (${summary.invalid} ${summary.invalid === 1 ? "line" : "lines"})` : "the input is empty";
  if (nothing && !failOn.length) ctx.warn(`nothing was verified: ${why}`, "verify:nothing");
  if (summary.interrupted) {
    const { done, of } = summary.interrupted;
    throw new InterruptedError(`interrupted (after ${done} of ${of} requests to replay; the report holds those and the skipped ones)`, {
      hint: "run again to verify them all, or a part with --sample N",
    });
  }

  if (nothing && failOn.length) {
    throw new FindingsError(`nothing was verified: ${why}; --fail-on needs at least one request compared`, {
      hint: summary.total ? "mids migrate verify -o json gives each request's reason (a v2 path mids rewrites, a base URL that matches the log's)" : "check the input and its format (--from-format)",
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
