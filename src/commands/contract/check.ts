// mids contract check: call each documented GET once (read-only) and report, per route, whether the
// documented shape holds and whether the assumed one is confirmed (src/contract/check). Exit 7 when
// a documented shape is violated (or a route could not be checked); assumed departures are notes.
import { stderrWrapWidth } from "../../io.js";
import type { Command } from "commander";
import type { Context } from "../../context.js";
import { addFindingsOptions } from "../shared/findings-options.js";
import { choiceOption } from "../shared/choices.js";
import { outputTyped } from "../../config.js";

export interface CheckFlags {
  routes?: string;
  concurrency?: string;
  save?: string;
  format?: string;
  outputFile?: string;
  outputFileFormat?: string;
  failOn?: string;
}

/** What `--fail-on` may name, beyond what always fails the run (a violated shape, a failed call). */
export const FAIL_ON = ["departs", "skipped"] as const;

export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 8;

export function register(parent: Command, ctx: Context): void {
  addFindingsOptions(parent
    .command("check")
    .description("Call each documented GET route once and check its answer against the contract: documented shapes strictly, assumed ones as notes")
    .option("--routes <list>", "route ids, paths or prefixes ending in *, comma-separated (default: every GET route), e.g. v3.intel.list,/v3/topics,v2.*")
    .option("--concurrency <n>", `requests in flight at once, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})`)
    .option("--save <file>", "write the observed shapes (field names and types, never values) to FILE, for a bug report")
    .addOption(choiceOption("--fail-on <verdicts>", "also exit 8 when any route departs from an assumption or was skipped (comma-separated)", FAIL_ON, { list: true })), { notes: false })
    .addHelpText("after", `
Read-only: only GET requests, with the configured key; ids come from the list routes. Two more
GETs provoke documented errors (an invalid minTrend, an unknown project) to check the error body
and code. Exit 0 when every documented shape holds, 7 when one is violated or a route could not
be checked, 3 when the key is refused; with --fail-on, 8 when a route departs or was skipped (a
key without an entitlement skips its routes). Where the spec shows no shape, mids assumes one: a
departure is a note (see docs/contract.md). Output: a table, -o json, or --format sarif|github|junit|gitlab|checkstyle|stylish|json.

Examples:
  $ mids contract check
  $ mids --sandbox contract check -o json | jq '.routes[] | select(.assumed == "departs")'
  $ mids contract check --routes 'v3.*' --output-file contract.sarif
  $ mids contract check --save shapes.json     # attach to a bug report
  $ mids contract check --fail-on skipped,departs   # a nightly gate: every route checked, every assumption held`)
    .action(async (flags: CheckFlags) => run(flags, ctx));
}

export async function run(flags: CheckFlags, ctx: Context): Promise<void> {
  const [{ checkContract, checkableRoutes, selectRoutes, summarize, whyNotCheckable }, report, { buildPath }, errors, { parseIntFlag }, findings, { VERSION }, io, { resolve }] = await Promise.all([
    import("../../contract/check/index.js"), import("../../contract/check/report.js"), import("../../contract/routes.js"), import("../../errors.js"),
    import("../shared/options.js"), import("../../findings/index.js"), import("../../version.js"), import("../../io.js"), import("node:path"),
  ]);
  const { UsageError, ApiError, MidsError, EXIT } = errors;
  const g = ctx.globals;
  const concurrency = parseIntFlag("--concurrency", flags.concurrency, 1, MAX_CONCURRENCY) ?? DEFAULT_CONCURRENCY;
  const failOn = (await import("../../util/flag-values.js")).checkChoiceList("--fail-on", flags.failOn, FAIL_ON);
  const { routes, unknown } = selectRoutes(flags.routes);
  const routesHint = "name route ids (v3.intel.list), paths (/v3/intel) or prefixes (v3.*); every route's path: mids contract export --openapi --jq '.paths | keys' (--api v2 for v2's), or docs/routes.md";
  if (unknown.length) {
    // a misspelt id or path: the nearest one that contract check takes (within a few letters)
    const { editDistance } = await import("../../output/fields.js");
    const names = checkableRoutes().flatMap((r) => [r.id, r.path]);
    const near = unknown.filter((u) => !u.endsWith("*"))
      .map((u) => names.map((n) => ({ n, d: editDistance(u, n) })).filter((x) => x.d <= Math.min(3, Math.floor(u.length / 4))).sort((a, b) => a.d - b.d)[0]?.n)
      .filter((n): n is string => n !== undefined);
    throw new UsageError(`--routes: ${unknown.map(whyNotCheckable).join("; ")}`, { hint: near.length ? `did you mean ${near.join(", ")}? ${routesHint}` : routesHint });
  }
  if (flags.routes !== undefined && !routes.length) throw new UsageError("--routes names no route", { hint: routesHint });
  // --output-file-format alone is refused by outputPlan (it needs --output-file), as in scan and recipes validate
  const useFindings = flags.format !== undefined || flags.outputFile !== undefined || flags.outputFileFormat !== undefined || ctx.io.env.GITHUB_ACTIONS === "true";
  if (useFindings) findings.outputPlan(ctx, flags);
  // -o csv|yaml|ndjson typed is refused; from MIDS_OUTPUT or a stored output (a default for the
  // resource commands) it does not apply: the report is printed as without it
  const ownOutput = g.output === "table" || g.output === "json";
  if (!useFindings && outputTyped(g) && !ownOutput) throw new UsageError(`contract check has no -o ${g.output} output`, { hint: "use -o table, -o json, or --format for findings (sarif, github, junit, ...)" });
  const output = ownOutput || !g.outputExplicit ? g.output : ctx.io.stdoutIsTTY ? "table" : "json";
  // (the report's columns and fields are fixed: a --fields was taken and ignored, the same table after it)
  if (g.fields) ctx.warn("--fields does not apply to contract check: its report is printed whole (pick values from -o json with --jq)");

  // --save is checked before the first request: a path that cannot be written would otherwise lose the run
  const saveTo = flags.save === undefined ? undefined : resolve(ctx.io.cwd, flags.save);
  const cannotSave = (e: unknown) => new UsageError(`--save: cannot write '${flags.save}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { hint: "name a file in a directory that exists and that you can write to" });
  if (saveTo !== undefined) {
    const { access, stat } = await import("node:fs/promises");
    const { dirname } = await import("node:path");
    try {
      await access(dirname(saveTo), (await import("node:fs")).constants.W_OK);
      if ((await stat(saveTo).catch(() => undefined))?.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    } catch (e) { throw cannotSave(e); }
  }

  const client = await ctx.client();
  const { route } = await import("../../contract/routes.js");
  // v2 is checked on purpose: no deprecation notice per route
  const call = async (routeId: string, pathParams: Record<string, string>, query?: Record<string, string>) => {
    const res = await client.raw("GET", `${buildPath(route(routeId), pathParams)}${query ? `?${new URLSearchParams(query)}` : ""}`, undefined, undefined, { deprecationNotices: false });
    return { data: res.data, body: res.body, status: res.status, headers: res.headers };
  };
  const [{ redactDeep }, { urlSecrets }, { errorLine }] = await Promise.all([import("../../util/known-secrets.js"), import("../../redact/url-secrets.js"), import("../../output/error-line.js")]);
  const secrets = [g.apiKey, ...urlSecrets(g.baseUrl)];
  const classify = (e: unknown, r: { version: string }) => {
    // an error is quoted as the error printer would print it: a server's message may be megabytes
    const m = e as InstanceType<typeof MidsError>;
    // Ctrl-C or SIGTERM: the routes begun are not checked, none is begun after it
    if (ctx.signal.aborted || (e instanceof MidsError && m.exitCode === EXIT.interrupted)) return { kind: "stop" as const, code: "interrupted", message: "interrupted" };
    const message = errorLine(e, secrets);
    // a refused key is the same for every route: stop there (exit 3)
    if (e instanceof ApiError && (e.code === "credential_required" || e.status === 401)) return { kind: "fatal" as const, code: m.code, message };
    if (!(e instanceof MidsError)) return { kind: "fatal" as const, code: "error", message: String(e) };
    if (e instanceof ApiError && e.code === "entitlement_required") return { kind: "skip" as const, code: m.code, status: m.status, message: `the key lacks an entitlement (${message})` };
    // v2 refuses a missing scope or entitlement with a bare 403 (spec 5.5, 7.2); its only coded 403 is the history window
    if (e instanceof ApiError && r.version === "v2" && e.status === 403 && e.code !== "HISTORY_WINDOW_EXCEEDED") return { kind: "skip" as const, code: m.code, status: m.status, message: `the key lacks a scope or entitlement (${message})` };
    return { kind: "fail" as const, code: m.code, status: m.status, message };
  };
  const checked = await checkContract(routes, call, { concurrency, buildPath, classify, keyless: !g.apiKey && !g.sandbox, observe: saveTo !== undefined }); // (--sandbox sends the demo key)
  // a server may quote the key back (an error's message, a code it got wrong): the report, every
  // format of it, and the errors below never hold it, nor the base URL's credentials
  const results = redactDeep(checked.results, secrets) as typeof checked.results;
  const observed = checked.observed;
  const summary = summarize(results);
  // no report (stdout, --output-file, --save): a part of one would read as a whole run's; stderr
  // says how far it got and how to check the rest (exit 130, or 143 for SIGTERM)
  if (checked.interrupted) throw report.interruptedCheck(results, summary, routes);
  // every route is checked: the report is the whole run's, and a signal from here on stops nothing
  ctx.settle?.();

  if (useFindings) {
    const set = report.findingsSet(results, VERSION);
    await findings.emitFindings(ctx, flags, { set, json: () => JSON.stringify(report.jsonReport(results, summary), null, 2) + "\n", virtualFiles: true }, { heading: "mids contract check" });
  } else if (output === "json" || g.jq !== undefined) {
    const { emitJson } = await import("../../output/render.js");
    await emitJson(ctx, report.jsonReport(results, summary));
  } else {
    const { renderTable } = await import("../../output/render.js");
    // the route is what the user acts on: named like an identifier, it is the last column to give way
    const rows = results.map((r) => ({ routeId: `${r.method} ${r.path}`, ...report.resultCells(r) }));
    const columns = [{ path: "routeId", header: "ROUTE" }, { path: "documented", header: "DOCUMENTED" }, { path: "assumed", header: "ASSUMED" }, { path: "detail", header: "DETAIL" }];
    const width = ctx.io.stdoutIsTTY ? ctx.io.columns : undefined;
    const [{ displayWidth }, { wrapProse }] = await Promise.all([import("../../output/width.js"), import("../../output/prose.js")]);
    const keys = ["routeId", "documented", "assumed", "detail"] as const;
    const natural = keys.reduce((sum, k, i) => sum + Math.max(columns[i].header.length, ...rows.map((r) => displayWidth(r[k]))), 2 * (keys.length - 1));
    if (!width || natural <= width) await io.writeAsync(ctx.io.stdout, await renderTable(ctx, columns, rows));
    else {
      // a terminal narrower than the table: the detail (what departs, why a route was skipped, the
      // fix) would be cut or left out, so it goes under the table, wrapped, one route at a time;
      // and where ASSUMED does not fit beside ROUTE and DOCUMENTED either (60 columns), its verdict
      // goes there too (the table left it out, with a notice naming a --fields this command does not take)
      const wide = (k: (typeof keys)[number], i: number) => Math.max(columns[i].header.length, ...rows.map((r) => displayWidth(r[k])));
      const assumedFits = wide("routeId", 0) + wide("documented", 1) + wide("assumed", 2) + 4 <= width;
      let text = await renderTable(ctx, columns.slice(0, assumedFits ? 3 : 2), rows);
      const detailed = rows.filter((r) => r.detail || (!assumedFits && r.assumed));
      if (detailed.length) text += "\n";
      for (const r of detailed) {
        const verdict = [["violated", "failed", "skipped"].includes(r.documented) ? r.documented : "", r.assumed === "departs" ? "departs" : ""].filter(Boolean).join(", ");
        const line = r.detail ? `${verdict ? `${verdict}: ` : ""}${r.detail}` : `assumed shape ${r.assumed}`;
        text += wrapProse(`${r.routeId}: ${line}`, width, 2).join("\n") + "\n";
      }
      await io.writeAsync(ctx.io.stdout, text);
    }
  }
  if (saveTo !== undefined) {
    const [{ writeWhole }, { OBSERVE_MAX_ITEMS, OBSERVE_MAX_FIELDS, OBSERVE_MAX_NODES }] = await Promise.all([import("../../util/write-whole.js"), import("../../contract/shapes/shape.js")]);
    const note = `observed shapes of the API's answers: field names and types only, never values (of each answer, a list's first ${OBSERVE_MAX_ITEMS} items, an object's first ${OBSERVE_MAX_FIELDS} fields, ${OBSERVE_MAX_NODES} in all)`;
    const text = JSON.stringify({ tool: `mids ${VERSION}`, note, routes: observed }, null, 2) + "\n";
    try { await writeWhole(saveTo, text); } catch (e) { throw cannotSave(e); }
  }
  if (!g.quiet) ctx.io.stderr.write(report.summaryLine(summary, stderrWrapWidth(ctx.io)));
  const unchecked = summary.failed && `${summary.failed} route${summary.failed === 1 ? "" : "s"} could not be checked`;
  if (summary.violated) {
    const what = [`${summary.violated} documented shape${summary.violated === 1 ? "" : "s"} violated`, unchecked].filter(Boolean).join(", ");
    throw new errors.MalformedResponseError(`the server does not hold the contract: ${what}`, { hint: "the detail of each route (or -o json) names each field; --save FILE records the shapes for a bug report" });
  }
  // nothing seen breaks the contract: say why routes went unchecked, not that the server breaks it
  if (unchecked) {
    const failed = results.filter((r) => r.failed);
    const first = failed[0].failed!;
    const e = new errors.MalformedResponseError(`${unchecked} (the first: ${first.code}${first.status ? ` (${first.status})` : ""}: ${first.message})`, { hint: "the detail of each route (or -o json) names each failure; check that the server is up and --base-url points at the API, then run again" });
    // (-o json's error: no answer was malformed; a CI job tells a server it could not reach from
    // one that breaks the contract by the code, and reads each route's failure in details)
    e.code = "unchecked";
    e.details = { failed: failed.map((r) => ({ route: r.route, code: r.failed!.code, ...(r.failed!.status !== undefined ? { status: r.failed!.status } : {}) })) };
    throw e;
  }
  // (a route no list leads to is skipped against every server: it never fails the gate)
  const matches = { skipped: results.filter((r) => r.skipped && !r.uncallable), departs: results.filter((r) => r.assumed === "departs") };
  const matched = failOn.filter((v) => matches[v].length > 0);
  if (matched.length) {
    const n = new Set(matched.flatMap((v) => matches[v])).size;
    const skipped = matched.includes("skipped") ? matches.skipped[0] : undefined;
    throw new errors.FindingsError(`${n} route${n === 1 ? "" : "s"} matched --fail-on: ${matched.map((v) => `${matches[v].length} ${v === "departs" ? "depart" : v}`).join(", ")}`, {
      hint: skipped ? `the first skipped: ${skipped.method} ${skipped.path}: ${skipped.skipped}` : "the detail of each route (or -o json) names each departure",
    });
  }
}
