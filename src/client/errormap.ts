// Turn an HTTP error answer into an ApiError with a one-line message and a hint (spec 7).
// The v3 `code` decides; the status is only a fallback (spec 7.1 does not map codes to statuses).
import { ApiError, EXIT, exitForApi } from "../errors.js";
import { parseRateLimit, parseRetryAfter, type Headers } from "./headers.js";
import { ASSUMED } from "../contract/assumed.js";
import { matchRoute, nearestPath, versionDoubled } from "../contract/routes.js";
import { shellWord } from "../util/shell-word.js";
import { oneLine } from "../util/sanitize.js";
import { redactText, redactUrl } from "../redact/index.js";
import { redactServerWords } from "../redact/server-words.js";

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/**
 * Whether a server's message only says that a key is needed or missing ("this route needs an API
 * key (x-api-key header)", "API key required", "missing x-api-key"), which mids' own line says.
 */
export function saysKeyNeeded(message: string): boolean {
  return /\b(?:api[ _-]?)?key\b/i.test(message) && /\b(?:needs?|needed|requires?|required|missing|no)\b/i.test(message) && !/\b(?:invalid|expired|revoked|not recognised|not recognized|unknown|rejected|wrong|bad)\b/i.test(message);
}

/** An error answer whose body is no JSON (an HTML page, plain text): not the API's, whose errors are JSON (spec 7). */
export const notApiBody = (body: unknown): boolean => typeof body === "string" && body.trim() !== "";

/** The longest a minute's rate-limit window can be from its reset. */
const MINUTE_MS = 60_000;

/** The hint of an HTTP error status the API does not document (418, 451, 402...). */
const otherStatus = (place: string): string => `the API documents no such status: a proxy, gateway or firewall on the way may have answered; check ${place} and the network (--verbose shows the exchange)`;

/** The hint of a failure on the server's side (5xx, internal_error): nothing to fix here. */
const SERVER_FAILED = "the API failed on its side; try again later (--verbose shows the exchange)";

/**
 * Where a user finds the ids of the API's resources (the request path's second segment, or the
 * not_found subject's type made plural): the hint of a not_found or a v2 404.
 */
const FIND_IDS: Readonly<Record<string, string>> = {
  projects: "check the id or slug; 'mids projects list --names NAME' shows a project's id and slug",
  intel: "check the id; 'mids intel list' lists intel with their ids",
  signals: "check the id; 'mids intel list' lists intel with their ids",
  topics: "check the id; 'mids topics list' lists topics with their ids",
  reports: "report ids come from topics: 'mids topics get <id>' shows a topic's report reference",
  alerts: "check the id: the API lists no alert subscriptions (the product shows their ids), and another owner's alert is not found either",
  recipes: "check the name; 'mids recipes list' lists the recipes",
};
const NOT_FOUND_HINT = "check the id or path (--verbose shows the request sent)";

/** Where the ids of a resource (a path's second segment: projects, alerts) are found, if mids knows. */
export function whereIdsAre(resource: string): string | undefined {
  return Object.hasOwn(FIND_IDS, resource) ? FIND_IDS[resource] : undefined;
}

/**
 * The id prefixes of the API's own kinds (topic_; the others assumed) and the command that
 * reads an id of each: a not_found for an id of another kind (a topic id given to reports get)
 * says what the id is and where it goes, which a plain "check the id" does not.
 */
const ID_KINDS: readonly { prefix: string; resource: string; kind: string; command: (id: string) => string }[] = [
  // (spec 6 shows the topic id's pattern; the others are assumed)
  { prefix: "topic_", resource: "topics", kind: "a topic id", command: (id) => `read it with mids topics get ${id}` },
  { prefix: ASSUMED.idPrefixes.reports, resource: "reports", kind: "a report id", command: (id) => `read it with mids reports get ${id}` },
  { prefix: ASSUMED.idPrefixes.alerts, resource: "alerts", kind: "an alert id", command: (id) => `read it with mids alerts get ${id}` },
  { prefix: ASSUMED.idPrefixes.destinations, resource: "destinations", kind: "a destination id", command: () => "'mids alerts destinations' lists them" },
  { prefix: ASSUMED.idPrefixes.clusters, resource: "clusters", kind: "a cluster id", command: () => "'mids clusters list' lists them" },
];

/**
 * mids api on a route's name mistyped (/v3/projcts): the route meant, with the values typed and the
 * query sent (`?limit=5`, secret values hidden; before, it was dropped and the command pasted back
 * read other data), as a word the shell reads back whole (a value typed with ; or $(...) in it runs
 * nothing when pasted).
 */
function mistypedRouteHint(typed: string | undefined, query = ""): string | undefined {
  const near = typed && /^\/v\d+\//i.test(typed) ? nearestPath(typed) : undefined;
  return near ? `did you mean mids api ${shellWord(oneLine(redactUrl(near + query)))}?` : undefined;
}

/**
 * A route the server does not have. A command's routes are the API's own, so the base URL is what
 * is wrong: most often it ends in a version, which mids adds to every path (/v3/v3/projects).
 * For `mids api` (and the requests of a log migrate verify replays) the path may be.
 */
function routeNotFoundHint(locator: string | undefined, what: string, typed?: string, query?: string): string {
  if (!what.startsWith("'mids ")) {
    // mids api projects: the path typed without its version (the request's path is the server's
    // locator); the path typed is the one below the base URL's path (/api/v3 is not typed)
    const sent = what.split(" ")[1];
    const below = typed !== undefined && locator?.endsWith(typed) ? typed : sent;
    // a v1 path (spec 9.1: v1 routes move to v3): the v3 route of the same name when there is one
    const v1 = /^\/v1(\/[\w./-]*)?$/.exec(below ?? "");
    if (v1) {
      const rest = v1[1] ?? "";
      const v3 = rest && matchRoute("GET", `/v3${rest}`) ? `: mids api /v3${rest}` : ": write its v3 route (mids api /v3/...)";
      return `v1 routes are retired and move to v3${v3}`;
    }
    const near = mistypedRouteHint(below, query);
    if (near) return near;
    if (locator && sent === locator && /^\/(?!v\d+(?:\/|$))[\w./{}-]*$/i.test(below)) {
      const base = locator.slice(0, locator.length - below.length);
      const ends = /\/(v\d+)\/*$/.exec(base);
      if (ends) return `the base URL ${versionDoubled(ends[1])}: drop the trailing /${ends[1]} from it and run mids api /v3${below}`;
      return `paths start with the API version: mids api /v3${below}`;
    }
    return NOT_FOUND_HINT;
  }
  const doubled = /^(?:\/[^/]+)*?\/(v\d+)\/v\d+(?:\/|$)/.exec(locator ?? "");
  if (doubled) return `the base URL ${versionDoubled(doubled[1])}: drop the trailing /${doubled[1]} from it ('mids doctor' says where it is set)`;
  return "the server has no such route: check the base URL ('mids doctor' checks it; --verbose shows the request sent)";
}

function wrongKindHint(path: string | undefined, locator: string | undefined): string | undefined {
  // a project's name or ticker where its id or slug goes (capitals, blanks): the list filter that
  // finds it (names match in any case, spec 4.2), with the value typed
  if (locator && path?.split("/")[2] === "projects" && locator.length <= 80 && /^[\w .-]+$/.test(locator) && /[A-Z ]/.test(locator)) {
    const quoted = /^[\w.-]+$/.test(locator) ? locator : `'${locator}'`;
    return /^[A-Z0-9]{2,10}$/.test(locator)
      ? `check the id or slug; if '${locator}' is a ticker: mids projects list --tickers ${locator} shows the project's id and slug`
      : `check the id or slug; if '${locator}' is a project's name: mids projects list --names ${quoted} shows its id and slug`;
  }
  // what reads as a project's slug where an intel id goes: the project's intel is a list
  if (locator && path?.split("/")[2] === "intel" && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(locator) && /[g-z]/.test(locator) && locator.length >= 3 && locator.length <= 80) {
    return `check the id ('mids intel list' lists intel with their ids); if '${locator}' is a project, its intel: mids intel list --project ${locator}`;
  }
  // only a plain id is quoted back into a command
  if (!locator || !/^[a-z]+_[A-Za-z0-9]{1,64}$/.test(locator)) return undefined;
  const kind = ID_KINDS.find((k) => locator.startsWith(k.prefix));
  const resource = path?.split("/")[2];
  // an alert path with a destination id, say; an id of the path's own kind is just not there
  if (!kind || resource === undefined || resource === kind.resource || (resource === "alerts" && kind.resource === "destinations" && path?.split("/")[3] === "destinations")) return undefined;
  return `'${locator}' is ${kind.kind}; ${kind.command(locator)}`;
}

/** For a command (`'mids projects list'`): its help, which says the values each option takes; undefined for `mids api`. */
const optionsHelp = (what: string): string | undefined => (what.startsWith("'mids ") ? `run ${what.slice(0, -1)} --help' for the values its options take` : undefined);

/** A path of a version and a resource alone (`/v2/intel`, `/v2/projects/chains` too when the route has no parameter): no id to check. */
function namesNoId(path: string | undefined): boolean {
  if (!path) return false;
  const m = matchRoute("GET", path.split("?")[0]);
  return m ? !/\{/.test(m.route.path) : /^\/v\d+\/[^/]+\/?$/.test(path);
}

/** `typed`: mids api's path, which may be the mistake; a command's own path is not. */
const noRouteHint = (place: string, typed: boolean): string => `the server has no such route: check ${place}${typed ? " and the path" : ""} ('mids doctor' checks the base URL; --verbose shows the request sent)`;

function findIdsHint(path: string | undefined, subjectType: string | undefined): string | undefined {
  const resource = path?.split("/")[2];
  return (resource !== undefined ? FIND_IDS[resource] : undefined) ?? (subjectType ? FIND_IDS[subjectType.endsWith("s") || subjectType === "intel" ? subjectType : subjectType + "s"] : undefined);
}

/**
 * `path` is the request's path (the route's template when known): it tells a not_found which list
 * holds the ids. `what` names the request as errors do: the command (`'mids projects list'`) or,
 * for `mids api`, the method and path.
 */
export function toApiError(status: number, body: unknown, headers: Headers, now: Date, what: string, path?: string, typed?: string, query?: string, place = "--base-url"): ApiError {
  const b = obj(body) ?? {};
  const code = str(b.code);
  const details = obj(b.details) ?? {};
  const serverMessage = str(b.message) ?? str(b.error);
  let retryAfterMs = parseRetryAfter(headers["retry-after"], now);
  let retryAfterFrom = retryAfterMs !== undefined ? "Retry-After" : undefined;
  if (retryAfterMs === undefined && typeof b.retryAfterMs === "number" && b.retryAfterMs >= 0) [retryAfterMs, retryAfterFrom] = [b.retryAfterMs, "retryAfterMs"];
  // a 429 without either: until the limit that ran out resets (spec 8.1: every answer carries
  // X-RateLimit-Reset-*), the day's when the daily limit is spent; before, it was retried after
  // the backoff's few milliseconds, into the same limit
  // a daily limit spent whose reset the answer does not give: the minute's reset (before, waited
  // for and retried three times) cannot help, nor can any wait mids would pick
  let daySpentUntilUnknown = false;
  if (retryAfterMs === undefined && status === 429) {
    const rl = parseRateLimit(headers, now);
    daySpentUntilUnknown = rl?.day.remaining === 0 && rl.day.resetAt === undefined;
    const day = rl?.day.remaining === 0 && rl.day.resetAt ? rl.day.resetAt : undefined;
    const reset = day ?? rl?.minute.resetAt;
    // (a reset already past by this clock, a skewed one's, is no wait: the backoff applies)
    let ms = reset ? reset.getTime() - now.getTime() : 0;
    // a minute's window resets within a minute of any answer: a reset further off is a server
    // clock ahead of this one (or a wrong header), not a wait past the 2-minute cap; before, a
    // server 5 minutes ahead made every 429 an exit 5 'the limit resets in 4m 58s'
    if (!day) ms = Math.min(ms, MINUTE_MS);
    if (ms > 0 && !daySpentUntilUnknown) [retryAfterMs, retryAfterFrom] = [ms, day ? "X-RateLimit-Reset-Day" : "X-RateLimit-Reset-Minute"];
  }

  let message: string;
  let hint: string | undefined;
  switch (code) {
    case "credential_required":
      // the server's words when they add something: "needs an API key: this route needs an API
      // key (x-api-key header)" said it twice
      message = `${what} needs an API key${serverMessage && !saysKeyNeeded(serverMessage) ? `: ${serverMessage}` : ""}`;
      hint = "set MIDS_API_KEY or pass --api-key (keys are created in the product's integrations settings; try --sandbox for a demo)";
      break;
    case "entitlement_required": {
      const ent = str(details.entitlement);
      // a body without details.entitlement names none: never make one up
      message = `your key lacks ${ent ? `the '${ent}' entitlement` : "an entitlement"} needed for ${what}${!ent && serverMessage ? `: ${serverMessage}` : ""}`;
      // not 'mids me': without 'api' it fails the same way; doctor names what any key has
      // (the hint quotes the server's words as the error line does: they are printed apart from it)
      hint = `ask for ${ent ? `'${redactServerWords(ent)}'` : "that"} access on your plan (the product's settings), or use a key that has it; 'mids doctor' shows what this key has`;
      break;
    }
    case "not_found": {
      const subject = obj(details.subject);
      const type = str(subject?.type);
      const locator = str(subject?.locator);
      message = type && locator ? `${type} '${locator}' not found` : serverMessage ?? `${what}: not found`;
      hint = type === "route" ? routeNotFoundHint(locator, what, typed, query) : wrongKindHint(path, locator) ?? findIdsHint(path, type) ?? NOT_FOUND_HINT;
      break;
    }
    case "not_current": {
      const subject = obj(details.subject);
      const type = str(subject?.type);
      const locator = str(subject?.locator);
      message = type && locator ? `${type} '${locator}' is no longer current` : `${what}: the resource is no longer current`;
      if (serverMessage) message += ` (${serverMessage})`;
      // the successor, when the answer names it (details.successor, or "merged into <slug>" in its
      // message): a command to run, not a search; only a plain slug or id is quoted back
      const successor = obj(details.successor);
      const next = [str(successor?.slug), str(successor?.id), /\bmerged into ([a-z0-9][a-z0-9-]{0,79})\b/.exec(serverMessage ?? "")?.[1]]
        .find((v) => v !== undefined && /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/.test(v));
      // projects are merged and renamed (spec 2.11); anything else (an alert, a report) is not a
      // project to look up by name
      const project = type === "project" || (type === undefined && path?.split("/")[2] === "projects");
      hint = next && type === "project"
        ? `it was merged into ${next}: mids projects get ${next}`
        : project
          ? "it was merged or retired; look up its successor with 'mids projects list --names ...'"
          : "it was retired or replaced: look up the current one where this id came from";
      break;
    }
    case "invalid_request": {
      const fields = Array.isArray(details.fields) ? details.fields.filter((f): f is string => typeof f === "string") : [];
      message = `invalid request${fields.length ? ` (${fields.join(", ")})` : ""}: ${serverMessage ?? "the server rejected the parameters"}`;
      // a command's options are named after the parameters: its help says what each takes
      const help = optionsHelp(what) ?? "--verbose shows the request sent";
      hint = `${fields.length ? `check ${redactServerWords(fields.join(", "))}` : "check the parameters"}; ${help}`;
      break;
    }
    case "rate_limited":
    case "RATE_LIMIT_EXCEEDED": {
      const limit = typeof details.limit === "number" ? details.limit : undefined;
      message = `rate limited${limit !== undefined ? ` (${limit} requests per ${str(details.window) ?? str(b.limitType) ?? "minute"})` : ""}`;
      break;
    }
    case "HISTORY_WINDOW_EXCEEDED": {
      const earliest = historyEarliest(b);
      message = `the requested start is before the earliest data this key can read${earliest ? ` (${earliest})` : ""}`;
      hint = `${earliest ? `start at ${hintStart(earliest)} or later (the window moves with the clock), or ` : ""}pass --clamp to start at the earliest available time; older data needs the archive-history entitlement`;
      break;
    }
    case "internal_error":
      message = `the server failed (internal_error)${serverMessage ? `: ${serverMessage}` : ""}`;
      hint = SERVER_FAILED;
      break;
    case "service_unavailable":
      message = `the service is temporarily unavailable${serverMessage ? `: ${serverMessage}` : ""}`;
      hint = "try again shortly";
      break;
    default:
      // a command's 404 with the server's words ('recipe nope not found') is an answer, not its failure
      message = (status === 404 || status === 410) && serverMessage && what.startsWith("'mids ")
        ? `${serverMessage} (HTTP ${status}${code ? `, ${code}` : ""})`
        : `${what} failed with HTTP ${status}${serverMessage ? `: ${serverMessage}` : ""}${code ? ` (${code})` : ""}`;
      if ((status === 401 || status === 403 || status >= 500) && notApiBody(body)) {
        // a page, not the API's error JSON (a proxy's or firewall's block page, a gateway's 502):
        // the key was not what a 401 is about, nor the API what failed; the page says what answered
        const type = /^[\w.+-]+\/[\w.+-]+/.exec(headers["content-type"] ?? "")?.[0].slice(0, 60);
        // (a JSON type whose body does not parse is no page: said as what it is)
        const kind = type && /json/i.test(type) ? "a body that does not parse as JSON" : type ? `${/^[aeiou]/i.test(type) ? "an" : "a"} ${type} page` : "text";
        message += `: the answer is ${kind}, not the API's error (JSON)`;
        // (migrate verify and contract check name a request by its path too: the command is spelt out)
        const see = `mids api ${typed ? shellWord(oneLine(redactText(typed))) : "PATH"} -i shows the page`;
        hint = status >= 500
          ? `a gateway or proxy in front of the API answered: the API may be down or out of its reach; try again later (${see})`
          : `something in front of the API (a proxy, firewall or gateway) answered, not the API; ${see}`;
      } else if (status === 401 || status === 403) hint = "check the API key (MIDS_API_KEY or --api-key) and its scopes";
      // v2's refusal of a parameter (spec 9.5: 400 without a code), as invalid_request is v3's
      else if (status === 400) hint = optionsHelp(what) ?? "check the parameters; --verbose shows the request sent";
      // (v2's 404 names no route: a path typed to mids api may be the route's name mistyped)
      // (a path that names no id, a list's /v2/intel, is a route the server lacks: "check the id"
      // and where ids are listed said nothing to do there)
      else if (status === 404 || status === 410) hint = (what.startsWith("'mids ") ? undefined : mistypedRouteHint(typed ?? path, query)) ?? (namesNoId(path) ? noRouteHint(place, !what.startsWith("'mids ")) : findIdsHint(path, undefined)) ?? NOT_FOUND_HINT;
      else if (status >= 500) hint = SERVER_FAILED;
      // a 422 of no known code: the values given are the fix
      else if (status === 422) hint = what.startsWith("'mids ") ? `check the values given; run ${what.slice(0, -1)} --help' for what each option takes` : "check the request's parameters and body; --verbose shows the request sent";
      // a 4xx of no documented meaning (exit 7, as the README says): mostly not the API's own answer
      else if (exitForApi(code, status) === EXIT.server) hint = otherStatus(place);
  }
  const out = new ApiError(message, { code: code ?? `http_${status}`, status, details: Object.keys(details).length ? details : undefined, hint, retryAfterMs, headers, body });
  out.retryAfterFrom = retryAfterFrom;
  if (daySpentUntilUnknown) out.daySpentUntilUnknown = true;
  return out;
}

/** How far past earliestAvailableAt a hint's start is: the window rolls forward while the user retypes the command. */
export const HINT_START_MARGIN_MS = 3_600_000;

/**
 * The start a hint suggests for a refused one: earliestAvailableAt plus an hour, up to the whole
 * hour, which the server still accepts when the command is run again minutes later (the exact
 * earliestAvailableAt is refused a moment after it was read). A date that does not parse is
 * returned as it is.
 */
export function hintStart(earliest: string): string {
  const t = Date.parse(earliest);
  if (!Number.isFinite(t)) return earliest;
  const d = new Date(Math.ceil((t + HINT_START_MARGIN_MS) / HINT_START_MARGIN_MS) * HINT_START_MARGIN_MS);
  return Number.isNaN(d.getTime()) ? earliest : d.toISOString().replace(/\.000Z$/, "Z");
}

/** earliestAvailableAt from an error body: details, meta.history, or top level. */
export function historyEarliest(body: Record<string, unknown>): string | undefined {
  const details = obj(body.details);
  const meta = obj(body.meta);
  const history = obj(meta?.history) ?? obj(details?.history);
  return str(details?.earliestAvailableAt) ?? str(history?.earliestAvailableAt) ?? str(body.earliestAvailableAt);
}
