// mids doctor: each check is one row {check, status, detail, fix}; the worst failure decides the exit.
import { statSync } from "node:fs";
import { wrapProse } from "../../output/prose.js";
import type { Context } from "../../context.js";
import { CONFIG_KEYS, ConfigPermissionError, baseUrlFix, configPath, ignoredInFile, maskKey, raiseTimeoutHint, readConfigFile, sourceText, misspeltVariables, DEFAULT_PROFILE } from "../../config.js";
import { ApiError, EXIT, InterruptedError, MidsError } from "../../errors.js";
import { isLoopbackHost, joinUrl, unsentParts } from "../../client/request.js";
import { urlSecrets } from "../../redact/url-secrets.js";
import { redact } from "../../util/known-secrets.js";
import { redactUrl } from "../../contract/secrets.js";
import { writeAsync } from "../../io.js";
import { printList, printWrapped } from "../../output/render.js";
import { clipMiddle, oneLine } from "../../util/sanitize.js";
import { checkedKey, explainRejectedKey, noKeyFix } from "../../keyerror.js";
import { VERSION } from "../../version.js";
import { probe } from "./probe.js";
import { proxyAuthFix, proxyFor, proxyName, proxyRouteFix, tunnelNotTlsFix, type Proxy } from "../../client/proxy.js";
import { DEFAULT_RETRY, answersWithoutTls, proxyRefusal, tlsFix, tlsReason } from "../../client/retry.js";
import { parseRateLimit, rateLimitText } from "../../client/headers.js";
import { BASE_URL_VERSION_END as VERSION_END, versionDoubled } from "../../contract/routes.js";
import { checkData } from "../shared/validate.js";
import { effective, sourceOf } from "../shared/settings-view.js";
import { MAX_ERROR_LINE, errorLine } from "../../output/error-line.js";

export type Status = "ok" | "warn" | "fail" | "skip";
export interface Check { check: string; status: Status; detail: string; fix?: string; exitCode?: number }

/** The oldest Node the package supports (package.json engines). */
export const MIN_NODE = [20, 19, 0] as const;
/** Clock skew against the server's Date header (1 s resolution) that is still fine. */
export const MAX_SKEW_MS = 30_000;
/** Below this share of the rate limit left, warn. */
export const LOW_HEADROOM = 0.1;

/** Failures decide the exit code in this order: unreachable, credentials, rate limited, usage, anything else. */
const PRIORITY: readonly number[] = [EXIT.server, EXIT.credentials, EXIT.rateLimited, EXIT.usage, EXIT.bug];

export class DoctorFailed extends MidsError {
  code = "doctor_failed";
  constructor(message: string, exitCode: number, details: Record<string, unknown>) {
    super(message, { details });
    this.exitCode = exitCode;
  }
}

/** The rate-limit count headers of spec 8.1, as the spec writes them (the headroom is read from these). */
const RATE_LIMIT_COUNTS: readonly string[] = ["Limit", "Remaining"].flatMap((what) => ["Minute", "Day"].map((w) => `X-RateLimit-${what}-${w}`));

export function nodeCheck(version: string): Check {
  const have = version.split(".").map((p) => parseInt(p, 10));
  const i = MIN_NODE.findIndex((n, j) => have[j] !== n);
  const old = i >= 0 && have[i] < MIN_NODE[i];
  return old
    ? { check: "node", status: "fail", detail: `Node.js ${version} is older than ${MIN_NODE.join(".")}`, fix: `install Node.js ${MIN_NODE.join(".")} or newer`, exitCode: EXIT.bug }
    : { check: "node", status: "ok", detail: `Node.js ${version} (mids ${VERSION})` };
}

/**
 * The settings (other than the base URL and key, which have checks of their own) that are not at
 * their defaults, each with where it came from: `; settings: timeout 5s (env MIDS_TIMEOUT), ...`.
 * The doctor's own -o only says how to print the report.
 */
function settingsInUse(g: Context["globals"]): string {
  const set = CONFIG_KEYS.filter((k) => k !== "base-url" && k !== "api-key").flatMap((k) => {
    const from = sourceOf(g, k);
    if (!from || from.kind === "default") return [];
    return [`${k} ${oneLine(effective(g, k, false) ?? "")} (${sourceText(from)})`];
  });
  return set.length ? `; settings: ${set.join(", ")}` : "";
}

/**
 * The api setting at v2, the deprecated interface (spec 1, 9.2), from wherever it came: every command
 * that has both then reads v2's routes. A warning: v2 keeps working while clients migrate.
 */
function deprecatedApi(g: Context["globals"]): { detail: string; fix: string } | undefined {
  const from = sourceOf(g, "api");
  if (g.api !== "v2" || !from || from.kind === "default") return undefined;
  const p = from.kind === "profile" ? `--profile ${from.name} ` : g.profile && g.profile !== DEFAULT_PROFILE ? `--profile ${DEFAULT_PROFILE} ` : "";
  const drop = from.kind === "flag" ? `drop ${from.name} v2` : from.kind === "env" ? `unset ${from.name}` : `run 'mids config unset ${p}api'`;
  return {
    detail: "v2 is the deprecated API: the commands that have both read its routes",
    fix: `${drop} for v3, the default ('mids migrate explain' maps each v2 route to its v3 successor)`,
  };
}

function configCheck(ctx: Context): Check {
  const path = configPath(ctx.io.env);
  // the profile too says where it was named, as every setting does
  const g = ctx.globals;
  const profile = (g.profile ? `, profile ${g.profile}${g.profileSource ? ` (${sourceText(g.profileSource)})` : ""}` : "") + settingsInUse(g);
  // main.ts resolved the settings without the file when it could not be used: that is this check's failure
  const problem = ctx.globals.configError;
  if (problem) {
    const err = problem instanceof MidsError ? problem : undefined;
    const detail = problem instanceof ConfigPermissionError ? oneLine(problem.message) : `${oneLine(problem.message)}; the config file was not used`;
    return { check: "config", status: "fail", detail, fix: err?.hint ?? "fix or remove the file", exitCode: err?.exitCode ?? EXIT.usage };
  }
  // what is set and silently unused, or deprecated: warnings, each with its fix
  const notes: { detail: string; fix: string }[] = [];
  const vars = misspeltVariables(ctx.io.env);
  if (vars.length) notes.push({ detail: `mids reads no ${oneLine(vars.join(", "))}`, fix: `rename ${vars.length > 1 ? "them" : "it"} ('mids --help' lists the settings' variables)` });
  const v2 = deprecatedApi(g);
  if (v2) notes.push(v2);
  const result = (detail: string): Check => notes.length
    ? { check: "config", status: "warn", detail: [detail, ...notes.map((n) => n.detail)].join("; "), fix: notes.map((n) => n.fix).join("; ") }
    : { check: "config", status: "ok", detail };
  let mode = "";
  try {
    mode = `, mode ${(statSync(path).mode & 0o777).toString(8).padStart(4, "0")}`;
  } catch {
    return result(`no config file (${path})${profile}`);
  }
  // a misspelt setting is read as nothing: the value meant is silently not used
  let ignored: string[] = [];
  try {
    ignored = ignoredInFile(readConfigFile(ctx.io.env).raw);
  } catch { /* changed since the settings were read: the checks below use what was read */ }
  if (ignored.length) {
    notes.unshift({
      detail: `ignored: ${oneLine(ignored.join(", "))}`,
      fix: `rename or remove them in ${path} (settings: ${CONFIG_KEYS.join(", ")}; profile names: letters, digits, '.', '_' and '-')`,
    });
  }
  return result(`${path}${mode}${profile}`);
}


const skip = (check: string, why: string): Check => ({ check, status: "skip", detail: why });

/** The key check of a key no server could take (checkedKey's refusal): never sent. */
function unusableKey(e: unknown): Check {
  const m = e as MidsError;
  return { check: "key", status: "fail", detail: oneLine(m.message), fix: m.hint ?? "check the key", exitCode: m.exitCode ?? EXIT.usage };
}

export async function collect(ctx: Context): Promise<Check[]> {
  const g = ctx.globals;
  const checks: Check[] = [configCheck(ctx)];
  // a diagnosis probes once: retries would only hide (and slow down) what is wrong
  g.maxRetries = 0;
  const later = ["reachable", "tls", "key", "entitlements", "rate-limit", "history", "clock"];
  const rest = (why: string) => {
    checks.push(...later.filter((c) => !checks.some((x) => x.check === c)).map((c) => skip(c, why)), nodeCheck(process.versions.node));
    return checks;
  };

  // base URL: --sandbox starts one; otherwise flag > env > profile > file
  let baseUrl = g.baseUrl;
  if (g.sandbox && g.apiKey) {
    // a key the sandbox could not take either: its fault is the key check's, not a crash of the report
    try {
      checkedKey(g.apiKey, g.sources?.["api-key"], g.profile);
    } catch (e) {
      checks.push(skip("base-url", "--sandbox: not started, the key given is not usable"), skip("reachable", "the sandbox was not started"), skip("tls", "the sandbox was not started"));
      checks.push(unusableKey(e));
      return rest("the key was not sent");
    }
  }
  if (g.sandbox) baseUrl = (await ctx.client()).opts.baseUrl;
  const from = sourceText(g.sources?.["base-url"]);
  const unused = ctx.globals.configError ? "the config file was not used (see the config check)" : undefined;
  if (!baseUrl && unused) {
    checks.push(skip("base-url", `no base URL from a flag or the environment, and ${unused}`));
    return rest("no base URL");
  }
  if (!baseUrl) {
    checks.push({ check: "base-url", status: "fail", detail: "no API base URL is set", fix: "pass --base-url, set MIDS_BASE_URL, or run 'mids config set base-url URL' (or try --sandbox)", exitCode: EXIT.usage });
    return rest("no base URL");
  }
  let target: URL;
  try {
    target = new URL(joinUrl(baseUrl, "/v3/me"));
  } catch (e) {
    checks.push({ check: "base-url", status: "fail", detail: `${oneLine((e as Error).message)} (from ${from})`, fix: baseUrlFix(g.sources?.["base-url"], g.profile), exitCode: EXIT.usage });
    return rest("no usable base URL");
  }
  // a password or token in the base URL is a credential: never shown (README "doctor")
  const shownUrl = redactUrl(baseUrl);
  // every path mids sends starts with its version: a base URL ending in one doubles it (/v3/v3/me)
  const version = VERSION_END.exec(new URL(baseUrl).pathname)?.[1];
  const unsent = unsentParts(baseUrl);
  const versionFix = `drop the trailing /${version} from the base URL (${from}): ${shownUrl.replace(VERSION_END, "")}`;
  checks.push(version
    ? {
      check: "base-url", status: "warn", detail: `${shownUrl} (from ${from}) ${versionDoubled(version)}: ${target.pathname}`,
      fix: versionFix,
    }
    : unsent.length
      ? {
        // a gateway that wants them answers 401 or 403, and the key would be blamed
        check: "base-url", status: "warn", detail: `${shownUrl} (from ${from}): mids does not send its ${unsent.join(" or ")}; requests go to ${target.origin}${target.pathname.replace(/\/v3\/me$/, "")}`,
        fix: `drop ${unsent.length > 1 ? "them" : "it"} from the base URL (${from}); the API key is sent as the x-api-key header`,
      }
      : { check: "base-url", status: "ok", detail: `${shownUrl} (from ${from})` });

  // HTTPS_PROXY / HTTP_PROXY / NO_PROXY, as the client reads them: the probe goes the same way
  let proxy: Proxy | undefined;
  try {
    proxy = proxyFor(baseUrl, ctx.io.env);
  } catch (e) {
    const err = e as MidsError;
    checks.push({ check: "reachable", status: "fail", detail: err.message, fix: err.hint ?? "fix the proxy variable", exitCode: EXIT.usage });
    return rest("the proxy setting is not usable");
  }
  const via = proxy ? ` through ${proxyName(proxy)}` : "";
  const p = await probe(target.href, g.timeoutMs, ctx.signal, `mids/${VERSION} node/${process.versions.node} (doctor)`, proxy);
  const https = target.protocol === "https:";
  if (!p.ok && !p.tls) {
    // (TLS with the proxy itself, an https:// proxy URL for a plain http proxy: said as the API's
    // TLS failures are, its fix on the proxy's variable; before, only 'EPROTO')
    const proxyTls = p.proxy && proxy && DEFAULT_RETRY.tlsFailure.test(p.code) ? tlsReason(p.message ?? "") : undefined;
    const proxyFix = proxy && (proxyTls !== undefined ? tlsFix(p.code, proxyTls, new URL(proxy.uri).host, proxy.from) : undefined) || (proxy && proxyRouteFix(proxy, target.hostname));
    checks.push({
      check: "reachable", status: "fail", exitCode: EXIT.server,
      detail: p.proxy && proxy
        ? `${proxyName(proxy)}: ${p.code === proxyRefusal(407) ? "HTTP 407, proxy authentication required" : p.code === "PROXY_TUNNEL_CLOSED" ? `closed the connection without answering the tunnel request (CONNECT) to ${target.host}` : p.code.startsWith(proxyRefusal("")) ? `refused the tunnel to ${target.host} (${p.message})` : proxyTls !== undefined ? `TLS failed: ${p.code}: ${oneLine(proxyTls).replace(/[:\s]+$/, "")}` : p.code}`
        : `${target.host}${via}: ${p.code}${p.timeout ? ` (${p.message})` : ""}`,
      fix: proxy && p.code === proxyRefusal(407) ? proxyAuthFix(proxy)
        // (no answer through the proxy: the time may have gone in it, whose variable and bypass are
        // named, as the client's timeout names them; before, "check the network, proxies and firewall")
        : proxy && p.timeout ? `${proxyRouteFix(proxy, target.hostname)}; or check the network and firewall, or ${raiseTimeoutHint(g.sources?.timeout, g.timeoutMs)}`
        : p.proxy && proxyFix ? proxyFix
        // (a timeout set in MIDS_TIMEOUT or the config file is raised there, as the client's error says)
        : p.timeout ? `check the network, proxies and firewall, or ${raiseTimeoutHint(g.sources?.timeout, g.timeoutMs)}` : p.code === "ENOTFOUND" || p.code === "EAI_AGAIN" ? "check the host name in the base URL" : proxyFix ?? "check the base URL and that the server is up",
    });
    return rest("the server cannot be reached");
  }
  checks.push({ check: "reachable", status: "ok", detail: `${target.host} ${p.ok ? `answered HTTP ${p.status}, first byte after ${p.ttfbMs} ms` : "accepted the connection"}${via}` });

  if (!p.ok) {
    // OpenSSL's text ends in file and line numbers: keep its reason ("wrong version number")
    // (through a proxy, an answer without TLS is most often the proxy's own, as the client's error says)
    const reason = tlsReason(p.message);
    checks.push({ check: "tls", status: "fail", detail: `${p.code}: ${oneLine(reason).replace(/[:\s]+$/, "")}`, fix: (proxy && answersWithoutTls(reason) ? tunnelNotTlsFix(proxy, "the base URL", target.hostname) : tlsFix(p.code, reason, target.host)) ?? "check the system clock and the CA certificates (NODE_EXTRA_CA_CERTS for a private CA)", exitCode: EXIT.server });
    return rest("TLS failed");
  }
  if (https) {
    const days = p.tls?.validTo ? Math.floor((Date.parse(p.tls.validTo) - ctx.now().getTime()) / 86_400_000) : undefined;
    checks.push({
      check: "tls", status: days !== undefined && days < 14 ? "warn" : "ok",
      detail: `${p.tls?.protocol ?? "TLS"}, certificate${p.tls?.issuer ? ` from ${p.tls.issuer}` : ""}${days !== undefined ? ` valid for ${days} more days` : ""}`,
      ...(days !== undefined && days < 14 ? { fix: "the server's certificate expires soon: tell its operators" } : {}),
    });
  } else if (isLoopbackHost(target.hostname)) {
    checks.push({ check: "tls", status: "ok", detail: "plain http to a loopback address (no TLS needed)" });
  } else {
    checks.push({
      check: "tls", status: g.insecure || !g.apiKey ? "warn" : "fail", detail: `plain http to ${target.host}: the key would travel in clear`,
      fix: "use an https:// base URL" + (g.insecure ? "" : " (mids refuses to send the key without --insecure)"), exitCode: EXIT.usage,
    });
    if (!g.insecure && g.apiKey) return rest("the key is not sent over plain http");
  }

  // the key, its entitlements, rate limits and history window: one authenticated GET /v3/me
  const keyFrom = sourceText(g.sources?.["api-key"]);
  const key = g.apiKey;
  const later2 = ["entitlements", "rate-limit", "history"];
  const clock = (date: string | undefined): Check => {
    const server = date ? Date.parse(date) : NaN;
    if (Number.isNaN(server)) return skip("clock", "the server sent no Date header");
    const skew = ctx.now().getTime() - server;
    const s = Math.round(skew / 1000);
    return Math.abs(skew) <= MAX_SKEW_MS + p.ttfbMs
      ? { check: "clock", status: "ok", detail: `within ${Math.max(1, Math.abs(s))} s of the server's clock` }
      : { check: "clock", status: "warn", detail: `this clock is ${Math.abs(s)} s ${skew > 0 ? "ahead of" : "behind"} the server's`, fix: "synchronise the clock (e.g. timedatectl set-ntp true): relative windows and history checks use it" };
  };
  if (!key && !g.sandbox && unused) {
    checks.push(skip("key", `no key from a flag or the environment, and ${unused}`));
    checks.push(...later2.map((c) => skip(c, "no key")), clock(p.date), nodeCheck(process.versions.node));
    return checks;
  }
  if (!key && !g.sandbox) {
    checks.push({ check: "key", status: "fail", detail: "no API key is set", fix: noKeyFix(g.profile), exitCode: EXIT.credentials });
    checks.push(...later2.map((c) => skip(c, "no key")), clock(p.date), nodeCheck(process.versions.node));
    return checks;
  }
  // a key no server could take (blanks, non-ASCII) is never sent: its fault is where it came from, not GET /v3/me
  if (key) {
    try {
      checkedKey(key, g.sources?.["api-key"], g.profile);
    } catch (e) {
      checks.push(unusableKey(e));
      checks.push(...later2.map((c) => skip(c, "the key was not sent")), clock(p.date), nodeCheck(process.versions.node));
      return checks;
    }
  }
  const shown = key ? `${maskKey(key)} (from ${keyFrom})` : "the sandbox demo key";
  // an error's message is quoted as the error printer would print it: a server's message may be megabytes
  const secrets = [key, ...urlSecrets(g.baseUrl)];
  let me;
  try {
    me = await (await ctx.client()).call("v3.me");
    // the answer `mids me` would refuse (not the API's shape) is no accepted key either
    await checkData("v3.me", me.data);
  } catch (e) {
    const err = explainRejectedKey(e, g);
    if (err instanceof ApiError && err.exitCode === EXIT.credentials) {
      const lacks = err.code === "entitlement_required";
      checks.push(lacks
        ? { check: "key", status: "ok", detail: `${shown} is recognised` }
        : { check: "key", status: "fail", detail: errorLine(err, secrets), fix: err.hint ?? "check the key", exitCode: EXIT.credentials });
      if (lacks) checks.push({ check: "entitlements", status: "fail", detail: errorLine(err, secrets), fix: "use a key with the 'api' entitlement (see your plan in the product's settings)", exitCode: EXIT.credentials });
    } else if (err instanceof ApiError && err.exitCode === EXIT.rateLimited) {
      // the key's limit is used up: no fault of the key, which was not checked; the rate-limit check
      // says when it resets (each probe is sent once here: --max-retries would not help)
      const rl = parseRateLimit(err.headers, ctx.now());
      // (a daily limit spent whose reset the answer does not give resets at no minute's reset:
      // before, that was named as when the limit resets)
      const daySpent = rl?.day.remaining === 0;
      const reset = daySpent ? rl.day.resetAt : rl?.minute.resetAt;
      checks.push(skip("key", "not checked: GET /v3/me was rate limited"), skip("entitlements", "GET /v3/me was rate limited"));
      checks.push({
        check: "rate-limit", status: "fail", detail: errorLine(err, secrets), exitCode: EXIT.rateLimited,
        fix: `${reset ? `the ${daySpent ? "daily " : ""}limit resets at ${reset.toISOString()}; ` : daySpent ? "the daily limit is spent and the server did not say when it resets; " : ""}wait, then run mids doctor again (a job that needs more requests needs a higher limit)`,
      });
    } else if (err instanceof ApiError && err.exitCode === EXIT.notFound) {
      // GET /v3/me is a route every API has: not found, the base URL leads to no API (a gateway's
      // path left out or mistyped, another service). An answer other than the key's description: exit 7
      checks.push({
        check: "key", status: "fail", detail: `GET /v3/me failed: ${errorLine(e, secrets)}`, exitCode: EXIT.server,
        fix: version ? versionFix : `no API answers under ${shownUrl} (from ${from}): check the base URL's host and path; requests go to ${target.origin}${target.pathname.replace(/\/v3\/me$/, "")}/v3/...`,
      });
    } else {
      const m = e instanceof MidsError ? e : undefined;
      checks.push({ check: "key", status: "fail", detail: `GET /v3/me failed: ${errorLine(e, secrets)}`, fix: m?.hint ?? "try again; rerun with --verbose to see the exchange", exitCode: m?.exitCode ?? EXIT.bug });
    }
    checks.push(...later2.filter((c) => !checks.some((x) => x.check === c)).map((c) => skip(c, "GET /v3/me did not answer")), clock(p.date), nodeCheck(process.versions.node));
    return checks;
  }
  const data = me.data as { credential?: { name?: string; id?: string; type?: string; expiresAt?: string | null }; entitlements?: string[]; history?: Record<string, unknown> };
  const cred = data.credential ?? {};
  checks.push({ check: "key", status: "ok", detail: `${shown} accepted: "${oneLine(String(cred.name ?? "?"))}" (${oneLine(String(cred.id ?? "?"))})` });

  const ents = data.entitlements ?? [];
  const expires = cred.expiresAt ? Date.parse(cred.expiresAt) : NaN;
  const daysLeft = Number.isNaN(expires) ? undefined : Math.floor((expires - ctx.now().getTime()) / 86_400_000);
  const type = `type ${oneLine(String(cred.type ?? "?"))}${me.keyType ? `, X-API-Key-Type ${oneLine(me.keyType)}` : ""}`;
  const expiry = daysLeft === undefined ? ", never expires" : `, expires in ${daysLeft} days`;
  if (!ents.includes("api")) {
    // (the spec shows `api` among the values, not that a call needs it: the key just answered, so
    // this is a warning; a route that does need it answers entitlement_required, exit 3)
    checks.push({ check: "entitlements", status: "warn", detail: `${type}; entitlements: ${ents.join(", ") || "none"} (no 'api')${expiry}`, fix: "if other commands answer entitlement_required, use a key with the 'api' entitlement" });
  } else if (daysLeft !== undefined && daysLeft < 7) {
    checks.push({ check: "entitlements", status: "warn", detail: `${type}; ${ents.join(", ")}${expiry}`, fix: "create a new key in the product's integrations settings before this one expires" });
  } else {
    checks.push({ check: "entitlements", status: "ok", detail: `${type}; ${ents.join(", ")}${expiry}` });
  }

  const rl = me.rateLimit;
  const windows = ([["minute", rl?.minute], ["day", rl?.day]] as const).filter(([, w]) => w?.limit !== undefined && w.remaining !== undefined);
  // headers sent that hold no count (a gateway's rewrite, `abc`): said so, with what they held;
  // before, "the server sent no X-RateLimit-* headers"
  const unread = RATE_LIMIT_COUNTS.filter((n) => me.headers[n.toLowerCase()] !== undefined).map((n) => `${n}: ${clipMiddle(oneLine(me.headers[n.toLowerCase()]), 40)}`);
  if (!windows.length && unread.length) {
    checks.push({ check: "rate-limit", status: "warn", detail: `the server's rate-limit headers hold no limit and remaining count mids can read as numbers (${unread.join(", ")})`, fix: "mids cannot say how much headroom this key has; if a proxy or gateway on the way rewrites the API's headers, ask its operators" });
  } else if (!windows.length) checks.push(skip("rate-limit", "the server sent no X-RateLimit-* headers"));
  else {
    // nothing left is no headroom, whatever the limit (a server that says 0/0 too)
    const low = windows.filter(([, w]) => w!.remaining! <= 0 || w!.remaining! < w!.limit! * LOW_HEADROOM);
    // (the counts as the headers wrote them, not a double's 1e+23)
    const text = windows.map(([name]) => `${rateLimitText(me.headers, "remaining", name)}/${rateLimitText(me.headers, "limit", name)} left this ${name}`).join(", ");
    const reset = low.map(([, w]) => w!.resetAt).find(Boolean);
    // a spent day outlasts the minute's reset (before, named as the time it resets): every other
    // request fails until the day's reset, given or not
    const day = rl?.day;
    const daySpent = day?.remaining !== undefined && day.remaining <= 0;
    checks.push(low.length
      ? {
        check: "rate-limit", status: "warn", detail: text,
        fix: daySpent
          ? `the daily limit is spent${day.resetAt ? `; it resets at ${day.resetAt.toISOString()}` : " and the server did not say when it resets"}: until then requests fail (exit 5); a job that needs more requests needs a higher limit`
          : `little headroom left${reset ? `; it resets at ${reset.toISOString()}` : ""}: slow down, or ask for a higher limit`,
      }
      : { check: "rate-limit", status: "ok", detail: text });
  }

  const h = data.history ?? me.history;
  if (!h) checks.push(skip("history", "no history policy in the answer"));
  else if (h.archiveAccess) checks.push({ check: "history", status: "ok", detail: "archive access: no history window" });
  else {
    const enforced = h.enforced ? "enforced" : `not enforced yet (from ${String(h.enforcementAt)})`;
    checks.push({ check: "history", status: "ok", detail: `${String(h.lookbackDays)}-day window, ${enforced}; earliest ${String(h.earliestAvailableAt)}` });
  }
  checks.push(clock(me.headers.date ?? p.date), nodeCheck(process.versions.node));
  return checks;
}

const MARK: Record<Status, string> = { ok: "ok", warn: "warn", fail: "FAIL", skip: "skip" };

export async function run(ctx: Context): Promise<void> {
  // a server may quote the key back (in an error's message): never print it, nor the credentials
  // of the base URL (a check may quote the URL, or its host and path)
  const secrets = [ctx.globals.apiKey, ...urlSecrets(ctx.globals.baseUrl)];
  // a check may quote a server's error and its hint (which may list every field of a megabyte
  // answer): cut as the error printer cuts, after the redaction
  const secret = (t: string) => clipMiddle(redact(t, secrets), MAX_ERROR_LINE);
  const collected = await collect(ctx);
  // Ctrl-C or SIGTERM while a probe was in flight: its abort is no answer from the server, and a
  // report would call the server unreachable (FAIL reachable ... ABORT_ERR, exitCode 7)
  if (ctx.signal.aborted) throw new InterruptedError("interrupted");
  const checks = collected.map(({ exitCode, ...c }) => ({
    ...c, detail: secret(c.detail), ...(c.fix !== undefined ? { fix: secret(c.fix) } : {}), ...(c.status === "fail" ? { exitCode } : {}),
  }));
  const failed = checks.filter((c) => c.status === "fail");
  const exitCode = failed.length
    ? failed.map((c) => c.exitCode ?? EXIT.bug).sort((a, b) => PRIORITY.indexOf(a) - PRIORITY.indexOf(b))[0]
    : EXIT.ok;
  const fmt = ctx.globals.output;
  // --fields picks the fields of each check in every format (check,status: a table of two columns;
  // in json and yaml each check's, beside ok and exitCode)
  const fields = ctx.globals.fields;
  if (fmt === "table" && !fields) {
    const w = Math.max(...checks.map((c) => c.check.length));
    // on a terminal the detail and its fix wrap at word boundaries under the detail column, and the
    // mark is coloured (NO_COLOR, --no-color: plain)
    const width = ctx.io.stdoutIsTTY ? ctx.io.columns : undefined;
    const { Chalk } = await import("chalk");
    const chalk = new Chalk({ level: ctx.globals.color ? 1 : 0 });
    const paint: Record<Status, (s: string) => string> = { ok: chalk.green, warn: chalk.yellow, fail: (s) => chalk.bold.red(s), skip: chalk.dim };
    const under = " ".repeat(6 + w + 2);
    for (const c of checks) {
      const fix = c.fix && c.status !== "ok" ? oneLine(c.fix) : undefined;
      const head = `${MARK[c.status].padEnd(5)} ${c.check.padEnd(w)}  `;
      let text: string;
      if (!width) text = `${head}${oneLine(c.detail)}${fix ? ` -- fix: ${fix}` : ""}\n`;
      else {
        const lines = wrapProse(head + oneLine(c.detail), width, under);
        if (fix) lines.push(...wrapProse(`${under}fix: ${fix}`, width, `${under}  `));
        text = lines.join("\n") + "\n";
      }
      await writeAsync(ctx.io.stdout, paint[c.status](MARK[c.status]) + text.slice(MARK[c.status].length));
    }
  } else if (fmt === "json" || fmt === "yaml") {
    await printWrapped(ctx, { ok: !failed.length, exitCode, checks }, "checks");
  } else {
    await printList(ctx, [checks], { columns: [{ path: "check" }, { path: "status" }, { path: "detail" }, { path: "fix" }] });
  }
  if (failed.length) {
    throw new DoctorFailed(`${failed.length} of ${checks.length} checks failed: ${failed.map((c) => c.check).join(", ")}`, exitCode, { failed: failed.map((c) => c.check) });
  }
}
