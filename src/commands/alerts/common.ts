// Pieces the alerts verbs share: the v3-only note, reads through the contract, dry-run output.
import type { Context } from "../../context.js";
import type { Client } from "../../client/client.js";
import { buildPath, route } from "../../contract/routes.js";
import type { AlertSubscription } from "../../contract/schemas.js";
import { writeAsync } from "../../io.js";
import { printItem, printList } from "../../output/render.js";
import { oneLine } from "../../util/sanitize.js";
import { checkData } from "../shared/validate.js";
import { REQUEST_VIEW } from "./view.js";
import { sourceText } from "../../config.js";
import { ApiError, EXIT, MalformedResponseError } from "../../errors.js";
import { ASSUMED } from "../../contract/assumed.js";
import { PAUSE_STATUS } from "./body.js";

export type Alert = AlertSubscription & Record<string, unknown>;

/** Alerts exist only in v3 (spec 4.2); --api v2 cannot apply, so say so once and carry on. */
export function v3Only(ctx: Context): void {
  // name where v2 came from: a profile or MIDS_API is not a flag the user can see on the line
  if (ctx.globals.api === "v2") ctx.notice(`alert subscriptions exist only in v3; api v2 (from ${sourceText(ctx.globals.sources?.api)}) is ignored here`, "alerts:v3-only");
}

export async function getAlert(client: Client, id: string): Promise<Alert> {
  let alert: Alert;
  try {
    alert = await readAlertShape(await readAlertData(client, id));
  } catch (err) {
    // an answer that is no alert at all may be another call at the path mids guessed
    if (err instanceof MalformedResponseError && !err.hint?.startsWith("mids reads")) err.hint = `${readPathHint()}; or the server is broken ('mids api' shows the raw body)`;
    throw err;
  }
  return sameAlert(id, alert, "read", client.place);
}

/** What the read's path is: assumed, so a server may have its alert read elsewhere. */
function readPathHint(): string {
  const read = route("v3.alerts.get");
  return `mids reads an alert with ${read.method} ${read.path}, a path it assumes (the spec does not show it), and this server answered otherwise; 'mids alerts pause|resume|update' use the documented PATCH and still work`;
}

/** The answer of the alert read (`GET /v3/alerts/{id}`, a path mids assumes), unchecked. */
export async function readAlertData(client: Client, id: string): Promise<unknown> {
  try {
    return (await client.call("v3.alerts.get", { pathParams: { id } })).data;
  } catch (err) {
    if (readPathRefused(err, id)) err.hint = readPathHint();
    throw err;
  }
}

/** The read's answer held to the alert subscription's documented shape (spec 2.15): exit 7 naming the field. */
export async function readAlertShape(data: unknown): Promise<Alert> {
  return (await checkData("v3.alerts.get", data)) as Alert;
}

/** The answer is the alert asked for (see sameAlert); the read's, for pause and resume. */
export const sameAlertRead = (id: string, alert: Alert, place: string): Alert => sameAlert(id, alert, "read", place);

/**
 * The answer is the alert asked for (spec 4.2: the PATCH answers the subscription it updated): one
 * that names another id (a proxy's cache, a server's mix-up) is no success for this one, and its
 * status would be printed against this id.
 */
function sameAlert(id: string, alert: Alert, call: "read" | "update", place: string): Alert {
  if (typeof alert.id !== "string" || alert.id === id) return alert;
  throw new MalformedResponseError(`the server answered the ${call} of alert '${oneLine(id)}' with alert '${oneLine(alert.id)}'`, {
    hint: call === "update"
      ? `'mids alerts get ${oneLine(id)}' shows its state now; the change is safe to send again`
      : `is ${place} pointing at the API? (--verbose shows the exchange)`,
  });
}

/**
 * The read call itself was refused, not the alert: "not found" without naming this alert as its
 * subject (spec 7.1 `subject.locator`; an unknown route, say), or "not allowed" (a 405, or
 * invalid_request). The read's path is assumed; the PATCH of the same alert is documented.
 */
export function readPathRefused(err: unknown, id: string): err is ApiError {
  if (!(err instanceof ApiError) || (err.exitCode !== EXIT.notFound && err.exitCode !== EXIT.usage)) return false;
  // not_current: the alert at this path exists but is not current, an answer about the alert
  if (err.code === "not_current") return false;
  const subject = err.details?.subject as { locator?: unknown } | undefined;
  return !(err.code === "not_found" && subject?.locator === id);
}

export async function patchAlert(client: Client, id: string, body: Record<string, unknown>): Promise<Alert> {
  let res;
  try {
    res = await client.call("v3.alerts.update", { pathParams: { id }, body });
  } catch (err) {
    throw withAssumedHint(err, id, body);
  }
  return sameAlert(id, (await checkData("v3.alerts.update", res.data)) as Alert, "update", client.place);
}

/**
 * The name and threshold keys and the resumed status are mids' guesses (spec 2.17, 3: not shown).
 * When the server refuses one of them (invalid_request naming it), the hint says so and how to
 * send what the server expects, rather than leave the user to think the value was wrong.
 */
function withAssumedHint(err: unknown, id: string, body: Record<string, unknown>): unknown {
  if (!(err instanceof ApiError) || err.code !== "invalid_request") return err;
  const fields = Array.isArray(err.details?.fields) ? (err.details.fields as unknown[]) : [];
  const keys = [ASSUMED.alertNameField, ASSUMED.alertThresholdField].filter((k) => k in body && fields.includes(k));
  const status = body.status === ASSUMED.alertResumeStatus && fields.includes("status");
  const count = keys.length + (status ? 1 : 0);
  if (!count) return err;
  const guessed = [
    ...(keys.length ? [`the field name${keys.length === 1 ? "" : "s"} ${keys.map((k) => `'${k}'`).join(" and ")}`] : []),
    ...(status ? [`the resumed status '${ASSUMED.alertResumeStatus}'`] : []),
  ];
  err.hint = `${guessed.join(" and ")} ${count === 1 ? "is" : "are"} assumed by mids (the spec does not show ${count === 1 ? "it" : "them"}); send what the server expects with 'mids api -X PATCH /v3/alerts/${oneLine(id)} -f KEY=VALUE'`;
  return err;
}

/**
 * A 200 that did not make the status change is not a success. Spec 3: a PATCH of `status:
 * paused` leads to `paused`; the resumed value is not shown (assumed `active`), so asking for
 * any other status fails only when the alert is still `paused`: whatever else the server calls
 * it is taken as it is.
 */
export function checkTransition(requested: unknown, id: string, alert: Alert): void {
  if (typeof requested !== "string") return;
  const status = String(alert.status);
  const pause = requested === PAUSE_STATUS;
  if (pause ? status === PAUSE_STATUS : status !== PAUSE_STATUS) return;
  throw new MalformedResponseError(`the server accepted status '${oneLine(requested)}' but answered status '${oneLine(status)}': the alert was not ${pause ? "paused" : "resumed"}`, {
    hint: `'mids alerts get ${oneLine(id)}' shows its state now; the change is safe to send again`,
  });
}

export interface PlannedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export function plannedPatch(id: string, body: Record<string, unknown>): PlannedRequest {
  const r = route("v3.alerts.update");
  // a copy per request: one shared object would print as a YAML anchor and aliases
  return { method: r.method, path: buildPath(r, { id }), body: structuredClone(body) };
}

/** --dry-run: the requests on stdout (curl-like lines in table mode), a notice that nothing was sent. */
export async function printPlanned(ctx: Context, reqs: readonly PlannedRequest[], asList: boolean): Promise<void> {
  if (ctx.globals.output === "table") {
    for (const r of reqs) await writeAsync(ctx.io.stdout, `${r.method} ${oneLine(r.path)} ${oneLine(JSON.stringify(r.body))}\n`);
  } else if (asList) {
    await printList(ctx, [reqs as unknown[]], REQUEST_VIEW);
  } else {
    await printItem(ctx, reqs[0], REQUEST_VIEW);
  }
  ctx.notice(`dry run: ${reqs.length} request${reqs.length === 1 ? "" : "s"} not sent`, "alerts:dry-run");
}
