// The history window as the CLI shows it (spec 2.2, 8.2): one warning when a self-serve key's
// window hides part of what was asked for, a notice before enforcement begins, `--clamp`
// (start at earliestAvailableAt, read from /v3/me first, said on stderr), and exit 6 naming
// the earliest allowed start when the server refuses an explicit one.
import type { Context } from "../context.js";
import type { HistoryPolicy } from "../contract/schemas.js";
import { paramsOf, route } from "../contract/routes.js";
import { ApiError, EXIT, HistoryWindowError } from "../errors.js";
import type { ApiResult } from "./client.js";
import { hintStart, historyEarliest } from "./errormap.js";
import { parseDurationMs } from "../util/time.js";
import { firstTime, keyId, STATE_DIR_WARNING } from "../util/remembered.js";
import { stateDir } from "../config.js";

const DAY_MS = 86_400_000;


/** What a request asked for, in time. */
export interface RequestWindow {
  /** an explicit start (from/start/at/since) */
  start?: Date;
  /** end of the window; now when absent */
  end?: Date;
  /**
   * A time flag was given (`--at`, `--to`, ...) though not the start: the window was asked for, so
   * its warning is said every time, like an explicit start's.
   */
  explicit?: boolean;
  /**
   * Length of the route's default window when no start was given. `Infinity`: the route lists the
   * whole archive (intel, topic history); undefined: a current-state read with no window.
   */
  defaultMs?: number;
}

/** The default window of a route, from the route table (spec 4.1, 8.2). */
export function defaultWindowMs(routeId: string): number | undefined {
  const d = route(routeId).defaultWindowDays;
  if (d !== undefined) return d === "archive" ? Infinity : d * DAY_MS;
  // a default `since` (neighbors: 14d) is the route's default window
  const since = paramsOf(route(routeId)).find((p) => p.historyStart && p.type === "duration" && p.default !== undefined);
  return since ? parseDurationMs(String(since.default), "d") : undefined;
}

/** The earliest moment the request reaches back to, or undefined for a current-state read. */
export function windowStart(w: RequestWindow, now: Date): number | undefined {
  if (w.start) return w.start.getTime();
  if (w.defaultMs === undefined) return undefined;
  if (w.defaultMs === Infinity) return -Infinity;
  return (w.end ?? now).getTime() - w.defaultMs;
}

/** A date of the server's history policy, as epoch ms: only a string that parses (the server is untrusted). */
function policyDate(v: unknown): number {
  return typeof v === "string" ? Date.parse(v) : NaN;
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The one warning of spec 8.2, or undefined: the window is enforced, the key has no archive access,
 * and the request reaches before earliestAvailableAt. `returned` says what came back.
 */
export function historyWarning(policy: HistoryPolicy | undefined, w: RequestWindow, now: Date, returned?: string): string | undefined {
  if (!policy || !policy.enforced || policy.archiveAccess) return undefined;
  const earliest = policyDate(policy.earliestAvailableAt);
  const start = windowStart(w, now);
  if (start === undefined || !Number.isFinite(earliest) || start >= earliest) return undefined;
  const asked = Number.isFinite(start) ? `from ${isoSeconds(start)}` : "to the start of the archive";
  return `this key reads history only from ${isoSeconds(earliest)} on (the last ${policy.lookbackDays} days), but this request reaches back ${asked}. ` +
    `Older data needs the archive-history entitlement. ${returned ?? `Only data from ${isoSeconds(earliest)} on was returned.`}`;
}

/**
 * When the warning cannot be decided: the window is enforced for this key and the request reaches
 * back, but earliestAvailableAt is no time mids can read (the server is untrusted). Said, not
 * dropped: before, a request before the window was answered in part without a word.
 */
export function unreadableHistory(policy: HistoryPolicy | undefined, w: RequestWindow, now: Date): string | undefined {
  if (!policy || !policy.enforced || policy.archiveAccess) return undefined;
  if (windowStart(w, now) === undefined || Number.isFinite(policyDate(policy.earliestAvailableAt))) return undefined;
  const shown = JSON.stringify(policy.earliestAvailableAt) ?? "nothing";
  return `the server's meta.history.earliestAvailableAt (${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown}) is no time: mids cannot say whether this key's history window cut the answer short`;
}

/** Before enforcementAt: a notice that the window will apply from that date (spec 8.2). */
export function enforcementNotice(policy: HistoryPolicy | undefined, now: Date): string | undefined {
  if (!policy || policy.archiveAccess || policy.enforced) return undefined;
  const at = policyDate(policy.enforcementAt);
  if (!Number.isFinite(at) || at <= now.getTime()) return undefined;
  return `from ${policy.enforcementAt.slice(0, 10)} this key reads only the last ${policy.lookbackDays} days of history; ` +
    "older data will need the archive-history entitlement";
}

/** Print the history warning/notice for one response (at most once per command). */
export function reportHistory(ctx: Context, res: Pick<ApiResult, "history">, w: RequestWindow, returned?: string): void {
  const now = ctx.now();
  const warning = historyWarning(res.history, w, now, returned);
  // asked for a window (any time flag): said every time; the route's default window: once per key,
  // remembered in the state dir, so a plain `intel list` does not repeat it on every call; a -q
  // run shows nothing, so it remembers nothing (the next run without -q still says it)
  const asked = w.start !== undefined || w.explicit === true;
  const first = warning && !asked && !ctx.globals.quiet ? firstTime(stateDir(ctx.io.env), `history-window:${keyId([ctx.globals.sandbox ? "sandbox" : ctx.globals.baseUrl, ctx.globals.apiKey])}`, now, (m) => ctx.warn(m, STATE_DIR_WARNING)) : false;
  // (a state dir that cannot be written remembers nothing: the warning then promises nothing)
  if (warning && (asked || first)) ctx.warn(first === "kept" ? `${warning} (said once for this key)` : warning, "history-window");
  const unreadable = unreadableHistory(res.history, w, now);
  if (unreadable) ctx.notice(unreadable, "history-unreadable");
  const notice = enforcementNotice(res.history, now);
  if (notice) ctx.notice(notice, "history-enforcement");
}

/**
 * The window rolls forward between the /v3/me read and the request, so a start clamped to
 * exactly earliestAvailableAt could be refused; one minute of margin keeps it inside.
 */
export const CLAMP_MARGIN_MS = 60_000;

/** The start `--clamp` moves to, or undefined when the start needs no moving (pure). */
export function clampedStart(policy: HistoryPolicy, start: Date): Date | undefined {
  if (policy.archiveAccess || !policy.enforced) return undefined;
  const earliest = policyDate(policy.earliestAvailableAt);
  if (!Number.isFinite(earliest) || start.getTime() >= earliest) return undefined;
  const moved = new Date(Math.ceil((earliest + CLAMP_MARGIN_MS) / 1000) * 1000);
  return Number.isNaN(moved.getTime()) ? undefined : moved;
}

/** The history policy of the key, for --clamp (spec 2.12). */
async function keyPolicy(ctx: Context): Promise<HistoryPolicy | undefined> {
  const me = await (await ctx.client()).call<{ history?: HistoryPolicy }>("v3.me");
  return me.data?.history;
}

function clampNotice(ctx: Context, what: string, from: Date, to: Date, policy: HistoryPolicy): void {
  ctx.notice(`--clamp: moved ${what} from ${isoSeconds(from.getTime())} to ${isoSeconds(to.getTime())}, ` +
    `the earliest this key can read (earliestAvailableAt ${policy.earliestAvailableAt}, ${policy.lookbackDays}-day window)`, "history-clamp");
}

/** `--clamp`: read the policy from /v3/me; move an early start and say so on stderr. */
export async function clampStart(ctx: Context, flag: string, start: Date): Promise<Date> {
  const policy = await keyPolicy(ctx);
  if (!policy) return start;
  const moved = clampedStart(policy, start);
  if (!moved) return start;
  clampNotice(ctx, flag, start, moved, policy);
  return moved;
}

/** A window for `--clamp`: its start (explicit, or the route's default before its end) and its end. */
export interface ClampWindow {
  /** an explicit start and the flag that gave it */
  start?: Date;
  startFlag: string;
  /** the window's end and the flag that gave it (`--to`, `--at`); now when absent */
  end?: Date;
  endFlag?: string;
  /** the route's default window length when no start was given */
  defaultMs?: number;
}

/**
 * The window's end among a query's time parameters, each with the flag that gave it (`[["to",
 * "--to"], ["at", "--at"]]`): the earliest one given, which bounds what can be read.
 */
export function windowEnd(q: Record<string, unknown>, ends: readonly (readonly [string, string])[]): { end?: Date; endFlag?: string } {
  const given = ends.filter(([name]) => typeof q[name] === "string").map(([name, flag]) => ({ end: new Date(q[name] as string), endFlag: flag }));
  return given.sort((a, b) => a.end.getTime() - b.end.getTime())[0] ?? {};
}

/**
 * `--clamp` on a window: the start (the one given, or the route's default before the end) moves to
 * earliestAvailableAt; the end stays where it was put. An end before earliestAvailableAt leaves
 * nothing to read: refused with exit 6 rather than an empty answer. Returns the start to send, or
 * undefined when nothing moved.
 */
export async function clampWindow(ctx: Context, w: ClampWindow): Promise<Date | undefined> {
  const policy = await keyPolicy(ctx);
  if (!policy || policy.archiveAccess || !policy.enforced) return undefined;
  const earliest = policyDate(policy.earliestAvailableAt);
  if (w.end && w.endFlag && Number.isFinite(earliest) && w.end.getTime() < earliest) {
    throw new HistoryWindowError(`${w.endFlag} (${isoSeconds(w.end.getTime())}) ends the window before the earliest data this key can read ` +
      `(earliestAvailableAt ${policy.earliestAvailableAt}): --clamp moves only the start, so nothing would be left`, {
      hint: `pass ${w.endFlag} at ${hintStart(policy.earliestAvailableAt)} or later (the window moves with the clock); older data needs the archive-history entitlement`,
    });
  }
  const start = w.start ?? (w.defaultMs !== undefined && Number.isFinite(w.defaultMs) ? new Date((w.end ?? ctx.now()).getTime() - w.defaultMs) : undefined);
  if (!start) return undefined;
  const moved = clampedStart(policy, start);
  if (!moved) return undefined;
  clampNotice(ctx, w.start ? w.startFlag : `the start (the default window before ${w.endFlag ?? "now"})`, start, moved, policy);
  return moved;
}

/**
 * Exit 6 names the earliest allowed start. When the server's refusal does not carry
 * earliestAvailableAt, read it from /v3/me so the message still names it.
 */
export async function explainHistoryError(ctx: Context, err: unknown, flag?: string): Promise<unknown> {
  if (!(err instanceof ApiError) || err.exitCode !== EXIT.historyWindow) return err;
  const body = err.body && typeof err.body === "object" ? (err.body as Record<string, unknown>) : {};
  let earliest = historyEarliest(body);
  if (!earliest) {
    try {
      const me = await (await ctx.client()).call<{ history?: HistoryPolicy }>("v3.me");
      earliest = me.data?.history?.earliestAvailableAt;
    } catch {
      return err;
    }
  }
  if (!earliest) return err;
  const what = flag ? `${flag} is` : "the requested start is";
  return new ApiError(`${what} before the earliest data this key can read (earliestAvailableAt ${earliest})`, {
    code: err.code, status: err.status ?? 403, details: err.details, headers: err.headers, body: err.body,
    hint: `start at ${hintStart(earliest)} or later (the window moves with the clock), or pass --clamp to start at the earliest; older data needs the archive-history entitlement`,
  });
}

/** Run a history read; a refused start becomes the exit-6 message above. */
export async function historyCall<T>(ctx: Context, flag: string | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw await explainHistoryError(ctx, err, flag);
  }
}
