// mids alerts pause|resume <id...> (spec 3): PATCH status per id, one result line each, a failure
// on one id never stops the others, the worst exit code at the end.
import type { Context } from "../../context.js";
import { BatchError, InterruptedError, MalformedResponseError, MidsError, exitCodeFor, worstExitCode } from "../../errors.js";
import type { Client } from "../../client/client.js";
import { route } from "../../contract/routes.js";
import { writeAsync } from "../../io.js";
import { checkJqFilter, json, printItem, printList, project, relativeTimes } from "../../output/render.js";
import { oneLine } from "../../util/sanitize.js";
import { explainRejectedKey } from "../../keyerror.js";
import { errorLine, sayOnStderr } from "../../output/error-line.js";
import { urlSecrets } from "../../redact/url-secrets.js";
import { readStdinBytes } from "../shared/stdin.js";
import { decodeRecipe } from "../../recipes/decode.js";
import { batchSummary } from "./batch.js";
import { PAUSE_STATUS, RESUME_STATUS } from "./body.js";
import { checkTransition, readAlertData, readAlertShape, readPathRefused, patchAlert, plannedPatch, printPlanned, sameAlertRead, v3Only, type Alert } from "./common.js";
import { collectIds } from "./ids.js";
import { ALERT_VIEW, STATUS_RESULT_VIEW } from "./view.js";

export type StatusVerb = "pause" | "resume";

export interface StatusOptions {
  ids: string[];
  dryRun: boolean;
}

/** previousStatus is undefined when the read before the change failed (see statusBefore) */
interface Done { id: string; previousStatus?: string; alert: Alert }
interface Failed { id: string; error: unknown; exitCode: number }

/**
 * The result line: `ID  OLD -> NEW  UPDATED-AT` (server text made single-line and control-free).
 * `time` shows the time as a table on a terminal does (an age: `just now`), which keeps the line
 * within 60 columns; piped or with --no-relative, the exact time.
 */
export function resultLine(d: Done, time?: (v: unknown) => string | undefined): string {
  return `${oneLine(d.id)}  ${d.previousStatus === undefined ? "unknown" : oneLine(String(d.previousStatus))} -> ${oneLine(String(d.alert.status))}  ${time?.(d.alert.updatedAt) ?? oneLine(String(d.alert.updatedAt))}\n`;
}


const shellWord = (w: string) => (/^[\w.:/@%+=,-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`);

/**
 * The global flags that pick the same server and account for the command that finishes a batch:
 * a rerun without `--profile prod` would go to another account. The key itself is never repeated.
 */
export function rerunFlags(g: Pick<Context["globals"], "sandbox" | "baseUrl" | "profile" | "sources" | "api">): string[] {
  const out: string[] = [];
  if (g.sandbox) out.push("--sandbox");
  if (g.profile) out.push("--profile", g.profile);
  if (g.sources?.["base-url"]?.kind === "flag" && g.baseUrl) out.push("--base-url", g.baseUrl);
  if (g.sources?.["api-key"]?.kind === "flag") out.push("--api-key", "KEY");
  return out.map(shellWord);
}

/** Ctrl-C or SIGTERM in a batch: which ids were done, which not, which may be (exit 130/143). */
export function interruptedBatch(verb: StatusVerb, ids: readonly string[], done: readonly string[], failed: readonly string[], inFlight?: string, flags: readonly string[] = []): InterruptedError {
  const settled = new Set([...done, ...failed, ...(inFlight ? [inFlight] : [])]);
  const notDone = ids.filter((id) => !settled.has(id));
  const past = verb === "pause" ? "paused" : "resumed";
  const list = (xs: readonly string[]) => xs.map(oneLine).join(", ");
  const parts = [
    `${done.length} of ${ids.length} ${past}${done.length ? ` (${list(done)})` : ""}`,
    ...(failed.length ? [`failed: ${list(failed)}`] : []),
    ...(inFlight ? [`unknown, the request was in flight: ${oneLine(inFlight)}`] : []),
    `not done: ${notDone.length ? list(notDone) : "none"}`,
  ];
  const rest = [...(inFlight ? [inFlight] : []), ...failed, ...notDone];
  return new InterruptedError(`interrupted: ${parts.join("; ")}`, {
    hint: rest.length ? `to finish, run: mids ${flags.map((f) => `${f} `).join("")}alerts ${verb} ${rest.map((id) => shellWord(oneLine(id))).join(" ")} (${verb === "pause" ? "pausing a paused" : "resuming an active"} alert succeeds)` : undefined,
    details: { done: [...done], failed: [...failed], inFlight: inFlight ? [inFlight] : [], notDone },
  });
}

/**
 * The status before the change, for the result line. The read's path is assumed (spec 4.2 does
 * not show it) while the PATCH is documented, so a read refused for its own reasons, or answered
 * with something that is no alert subscription (another call at that path, a web page), does not
 * stop the change: the PATCH is sent and decides. An answer that this alert is not found, or that names
 * another alert, and any other failure (key, rate limit, server), stops this id as before.
 */
async function statusBefore(client: Client, id: string): Promise<{ status?: string; readError?: unknown }> {
  let alert: Alert;
  try {
    alert = await readAlertShape(await readAlertData(client, id));
  } catch (error) {
    if (readPathRefused(error, id) || error instanceof MalformedResponseError) return { readError: error };
    throw error;
  }
  return { status: sameAlertRead(id, alert, client.place).status };
}

export async function run(verb: StatusVerb, opts: StatusOptions, ctx: Context): Promise<void> {
  v3Only(ctx);
  const { ids, duplicates, fromStdin } = await collectIds(opts.ids,
    // an id list saved by Windows PowerShell's `>` (UTF-16) is read as the text it is, as a recipe is;
    // bytes whose UTF-16 reading is no plain text (junk with a zero byte first) are read as UTF-8, as
    // before, and refused as the ids they are not
    async () => {
      const bytes = await readStdinBytes(ctx);
      const text = decodeRecipe(bytes).text;
      return /^[\t\n\r\x20-\x7e]*$/.test(text) ? text : bytes.toString("utf8");
    });
  if (duplicates.length) ctx.warn(`ignoring repeated id${duplicates.length === 1 ? "" : "s"}: ${[...new Set(duplicates)].join(", ")}`);
  // several ids (or ids from stdin, whose count a script cannot know) print as a list; the ids typed
  // decide, not those left once repeats are dropped: `pause $a $b` with $a = $b printed an object,
  // where a script's `.[]` met the alert's fields instead of alerts
  const asList = opts.ids.length > 1 || fromStdin;
  const body = { status: verb === "pause" ? PAUSE_STATUS : RESUME_STATUS };

  if (opts.dryRun) {
    await printPlanned(ctx, ids.map((id) => plannedPatch(id, body)), asList);
    return;
  }

  // no PATCH is sent with a --jq that cannot print its answers
  await checkJqFilter(ctx);
  const client = await ctx.client();
  // a server may quote the key back in an error, or send a message megabytes long: each failed
  // id's line is the error printer's line (the key ***, cut to one line)
  const secrets = [ctx.globals.apiKey, ...urlSecrets(ctx.globals.baseUrl)];
  const errorText = (err: unknown) => errorLine(err, secrets);
  const fmt = ctx.globals.output;
  // table (without --fields) and ndjson stream one line per id; the others print at the end
  const streamTable = fmt === "table" && !ctx.globals.fields;
  const streamNdjson = fmt === "ndjson";
  const done: Done[] = [];
  const failed: Failed[] = [];
  // the id whose PATCH was sent when an interrupt came: its state is unknown
  let inFlight: string | undefined;
  let next = 0;

  for (; next < ids.length && !ctx.signal.aborted; next++) {
    const id = ids[next];
    try {
      // the old status comes from a read first, so the line shows what changed
      const before = await statusBefore(client, id);
      if (ctx.signal.aborted) break;
      inFlight = id;
      const alert = await patchAlert(client, id, body);
      inFlight = undefined;
      checkTransition(body.status, id, alert);
      if (before.readError) {
        const read = route("v3.alerts.get");
        ctx.notice(`the status before the change is unknown: ${read.method} ${read.path} (a path mids assumes) answered: ${errorText(before.readError)}; the PATCH was sent and succeeded`, "alerts:read-before");
      }
      const d: Done = { id, previousStatus: before.status, alert };
      done.push(d);
      if (streamTable) await writeAsync(ctx.io.stdout, resultLine(d, relativeTimes(ctx)));
      else if (streamNdjson) await writeAsync(ctx.io.stdout, json(project(ctx, alert)) + "\n");
    } catch (error) {
      if (error instanceof InterruptedError || ctx.signal.aborted) break;
      inFlight = undefined;
      if (!asList) throw error; // one id: its own error, message, hint and exit code
      failed.push({ id, error, exitCode: exitCodeFor(error) });
      // as the error printer says an error: red on a terminal, wrapped at word boundaries there
      sayOnStderr(ctx, "mids:", "1;31", `${oneLine(id)}: ${errorText(explainRejectedKey(error, ctx.globals))}`);
    }
  }
  const interrupted = ctx.signal.aborted && next < ids.length;

  if (!streamTable && !streamNdjson && (done.length || !interrupted)) {
    if (fmt === "table" && !done.length) {
      // every id failed: the errors above say so; "no alerts matched" would mislead
    } else if (fmt === "csv" || fmt === "table") {
      await printList(ctx, [done.map((d) => ({ ...d.alert, previousStatus: d.previousStatus }))], fmt === "csv" ? STATUS_RESULT_VIEW : ALERT_VIEW);
    } else if (asList) {
      await printList(ctx, [done.map((d) => d.alert)], ALERT_VIEW);
    } else {
      await printItem(ctx, done[0].alert, ALERT_VIEW);
    }
  }

  if (interrupted) throw interruptedBatch(verb, ids, done.map((d) => d.id), failed.map((f) => f.id), inFlight, rerunFlags(ctx.globals));

  if (failed.length) {
    const code = worstExitCode(failed.map((f) => f.exitCode));
    throw new BatchError(batchSummary(verb, failed.length, ids.length), code, {
      hint: done.length
        ? `the other ${done.length} ${done.length === 1 ? "was" : "were"} ${verb === "pause" ? "paused" : "resumed"}; the failed ids are listed above`
        : "the failed ids are listed above",
      details: {
        succeeded: done.map((d) => d.id),
        failed: failed.map((f) => ({
          id: f.id,
          exitCode: f.exitCode,
          code: f.error instanceof MidsError ? f.error.code : "error",
          message: errorText(f.error),
        })),
      },
    });
  }
}
