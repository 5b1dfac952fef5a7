// Pure parts of `mids alerts`: id collection, update bodies, the batch's exit code, and the
// pause/resume loop run in-process against a stub client (no network).
import { describe, expect, it } from "vitest";
import { ASSUMED } from "../../src/contract/assumed.js";
import type { Context, GlobalOptions } from "../../src/context.js";
import { ApiError, BatchError, EXIT, MidsError, NetworkError, UsageError, worstExitCode } from "../../src/errors.js";
import { testIO, type TestIO } from "../../src/io.js";
import { buildUpdateBody, thresholdNotice, unknownDestinations } from "../../src/commands/alerts/body.js";
import { checkAlertId, collectIds, parseIdLines } from "../../src/commands/alerts/ids.js";
import { resultLine, run as runStatus } from "../../src/commands/alerts/status.js";

const noStdin = () => Promise.reject(new Error("stdin must not be read"));

describe("alert ids", () => {
  it("stdin: one per line, blanks and # comments skipped, surrounding spaces trimmed", () => {
    expect(parseIdLines("alr_a\n\n  alr_b  \r\n# note\nalr_c")).toEqual(["alr_a", "alr_b", "alr_c"]);
  });

  it("a stdin line with inner spaces is rejected with its line number", () => {
    expect(() => parseIdLines("alr_a\nalr_b active\n")).toThrow(/stdin line 2 is not an alert id/);
  });

  it("- splices stdin ids in place; repeats are sent once and reported", async () => {
    const r = await collectIds(["alr_a", "-", "alr_a"], async () => "alr_b\nalr_a\n");
    expect(r).toEqual({ ids: ["alr_a", "alr_b"], duplicates: ["alr_a", "alr_a"], fromStdin: true });
  });

  it("arguments alone never read stdin", async () => {
    expect(await collectIds(["alr_a", "alr_b"], noStdin)).toEqual({ ids: ["alr_a", "alr_b"], duplicates: [], fromStdin: false });
  });

  it("- twice, empty stdin and blank arguments are usage errors", async () => {
    await expect(collectIds(["-", "-"], async () => "x")).rejects.toBeInstanceOf(UsageError);
    await expect(collectIds(["-"], async () => "\n# only a comment\n")).rejects.toThrow(/no alert ids on stdin/);
    await expect(collectIds([" "], noStdin)).rejects.toThrow(/not an alert id/);
  });

  it("an id that turns the alert path into another route is refused, from arguments and stdin", async () => {
    expect(checkAlertId(" alr_a ")).toBe("alr_a");
    expect(() => checkAlertId("destinations")).toThrow("'destinations' is not an alert id: GET /v3/alerts/destinations is another call");
    await expect(collectIds(["alr_a", "-"], async () => "destinations\n")).rejects.toThrow(/is another call/);
  });

  // stdin may hold 64 MB of ids: 300,000 of them (6 MB) were pushed as one call's arguments, and
  // 'mids alerts pause -' ended with "unexpected error: Maximum call stack size exceeded", exit 1.
  // (test/unit/spread-arguments.test.ts fails on any such spread; here, many ids in order)
  it("30,000 ids on stdin are read, in order", async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `alr_${i.toString(16).padStart(16, "0")}`);
    const r = await collectIds(["alr_first", "-"], async () => lines.join("\n") + "\n");
    expect(r.ids).toHaveLength(30_001);
    expect([r.ids[0], r.ids[1], r.ids.at(-1)]).toEqual(["alr_first", lines[0], lines.at(-1)]);
  });
});

describe("update body", () => {
  it("holds only the given fields, under the contract's names", () => {
    expect(buildUpdateBody({ cadence: "daily" })).toEqual({ cadence: "daily" });
    expect(buildUpdateBody({ name: "Movers", threshold: "42.5", status: "paused" })).toEqual({
      status: "paused", [ASSUMED.alertNameField]: "Movers", [ASSUMED.alertThresholdField]: 42.5,
    });
  });

  it("resume's status value is the assumed one", () => {
    expect(buildUpdateBody({ status: ASSUMED.alertResumeStatus })).toEqual({ status: ASSUMED.alertResumeStatus });
  });

  it("an invalid status names the flag and the allowed values", () => {
    expect(() => buildUpdateBody({ status: "sleeping" })).toThrow("--status must be one of paused, active (got 'sleeping')");
  });

  it("selector must be a JSON object", () => {
    expect(buildUpdateBody({ selector: '{"followedProjects":true}' })).toEqual({ selector: { followedProjects: true } });
    expect(() => buildUpdateBody({ selector: "{followedProjects:true}" })).toThrow(/--selector is not valid JSON/);
    expect(() => buildUpdateBody({ selector: "[1]" })).toThrow("--selector must be a JSON object");
    expect(() => buildUpdateBody({ selector: "null" })).toThrow("--selector must be a JSON object");
  });

  it("threshold is a number or a grade", () => {
    expect(buildUpdateBody({ threshold: "0" })).toEqual({ [ASSUMED.alertThresholdField]: 0 });
    expect(buildUpdateBody({ threshold: "polished" })).toEqual({ [ASSUMED.alertThresholdField]: "polished" });
    // the grade scale and the threshold's type are assumed (spec 2.17): a word outside the scale is the server's to judge
    expect(buildUpdateBody({ threshold: "brilliant" })).toEqual({ [ASSUMED.alertThresholdField]: "brilliant" });
    expect(thresholdNotice("brilliant")).toMatch(/^--threshold 'brilliant': not a grade mids knows \(.*assumed, 'grades' under the docs' assumptions\); sent as given$/);
    expect(thresholdNotice("polished")).toBeUndefined();
    expect(thresholdNotice("60")).toBeUndefined();
    expect(() => buildUpdateBody({ threshold: "" })).toThrow(/--threshold must be a number/);
    expect(buildUpdateBody({ threshold: "-2.5" })).toEqual({ [ASSUMED.alertThresholdField]: -2.5 });
  });
  it.each(["0x10", "0b11", "0o7", " 7 ", "7 ", "1e2", "+5", ".5", "5.", "Infinity", "1,5", " polished"])("threshold '%s' is refused: plain decimals only", (v) => {
    expect(() => buildUpdateBody({ threshold: v })).toThrow(/^--threshold must be a number or a word such as a grade \(.*\) \(got '/);
  });

  it("destinations: comma-separated, deduplicated, never empty", () => {
    expect(buildUpdateBody({ destinations: "dst_a, dst_b,dst_a," })).toEqual({ destinationIds: ["dst_a", "dst_b"] });
    expect(() => buildUpdateBody({ destinations: " , " })).toThrow(/at least one destination id/);
  });

  it("nothing given is a usage error listing the flags", () => {
    expect(() => buildUpdateBody({})).toThrow(UsageError);
    expect(() => buildUpdateBody({})).toThrow("nothing to update");
  });

  it("unknown destinations are reported in the order given", () => {
    expect(unknownDestinations(["dst_x", "dst_a", "dst_y"], ["dst_a", "dst_b"])).toEqual(["dst_x", "dst_y"]);
    expect(unknownDestinations(["dst_a"], ["dst_a"])).toEqual([]);
  });
});

describe("batch exit code", () => {
  it("picks the highest severity, not the largest number", () => {
    expect(worstExitCode([])).toBe(0);
    expect(worstExitCode([0, 0])).toBe(0);
    expect(worstExitCode([EXIT.usage, EXIT.notFound])).toBe(EXIT.notFound);
    expect(worstExitCode([EXIT.notFound, EXIT.server, EXIT.usage])).toBe(EXIT.server);
    expect(worstExitCode([EXIT.notFound, EXIT.credentials])).toBe(EXIT.credentials);
    expect(worstExitCode([EXIT.server, EXIT.rateLimited])).toBe(EXIT.server);
    expect(worstExitCode([EXIT.server, EXIT.bug])).toBe(EXIT.bug);
    expect(worstExitCode([EXIT.bug, EXIT.interrupted])).toBe(EXIT.interrupted);
  });
  it("ranks findings below every failure: an item left unchecked outranks them", () => {
    expect(worstExitCode([EXIT.findings, EXIT.usage])).toBe(EXIT.usage);
    expect(worstExitCode([EXIT.server, EXIT.findings])).toBe(EXIT.server);
    expect(worstExitCode([EXIT.findings])).toBe(EXIT.findings);
  });
});

// ---- the pause/resume loop, in-process ----

function alertData(id: string, status: string, updatedAt = "2026-01-01T00:00:00.000Z") {
  return {
    id, status, trigger: "intelligence.material", selector: { followedProjects: true }, cadence: "hourly",
    destinationIds: ["dst_a"], createdAt: "2025-12-01T00:00:00.000Z", updatedAt,
  };
}

// spec 7.1: not_found names its subject; the read before a PATCH relies on it (status.ts)
const notFound = (id: string) => new ApiError(`alert '${id}' not found`, { code: "not_found", status: 404, details: { subject: { type: "alert", locator: id } } });

/** A stub client: alerts by id; `fail` makes a GET of that id throw. Records every call. */
function stubContext(alerts: Record<string, string>, fail: Record<string, MidsError> = {}, output: GlobalOptions["output"] = "ndjson") {
  const calls: string[] = [];
  const io: TestIO = testIO();
  let clock = 0;
  const client = {
    async call(routeId: string, input: { pathParams?: Record<string, string>; body?: { status: string } } = {}) {
      const id = input.pathParams?.id ?? "";
      calls.push(`${routeId} ${id}`);
      if (fail[id]) throw fail[id];
      if (!(id in alerts)) throw notFound(id);
      if (routeId === "v3.alerts.update") alerts[id] = input.body!.status;
      return { data: alertData(id, alerts[id], new Date(Date.UTC(2026, 0, 2, 0, 0, ++clock)).toISOString()) };
    },
  };
  const globals: GlobalOptions = {
    api: "v3", output, outputExplicit: true, color: false, quiet: false, verbose: false,
    timeoutMs: 1000, maxRetries: 0, insecure: false, sandbox: false,
  };
  const ctx: Context = {
    io, globals, client: async () => client as never, notice: (m) => void io.stderr.write(`notice: ${m}\n`),
    warn: (m) => void io.stderr.write(`warning: ${m}\n`), now: () => new Date(0), signal: new AbortController().signal, onClose: () => undefined,
  };
  return { ctx, io, calls };
}

describe("pause/resume loop", () => {
  it("reads the old status, patches each id in order, and keeps going after a failure", async () => {
    const { ctx, io, calls } = stubContext({ alr_a: "active", alr_c: "paused" });
    const err = await runStatus("pause", { ids: ["alr_a", "alr_b", "alr_c"], dryRun: false }, ctx).catch((e) => e);
    expect(calls).toEqual([
      "v3.alerts.get alr_a", "v3.alerts.update alr_a", "v3.alerts.get alr_b", "v3.alerts.get alr_c", "v3.alerts.update alr_c",
    ]);
    expect(io.out().trim().split("\n").map((l) => JSON.parse(l)).map((a) => [a.id, a.status])).toEqual([["alr_a", "paused"], ["alr_c", "paused"]]);
    expect(io.err()).toContain("mids: alr_b: alert 'alr_b' not found\n");
    expect(err).toBeInstanceOf(BatchError);
    expect(err.message).toBe("1 of 3 alerts failed to pause");
    expect(err.exitCode).toBe(EXIT.notFound);
    expect(err.details.succeeded).toEqual(["alr_a", "alr_c"]);
  });

  it("exits with the worst code of several failures", async () => {
    const { ctx } = stubContext({ alr_ok: "paused" }, { alr_down: new NetworkError("connection refused") });
    const err = await runStatus("resume", { ids: ["alr_gone", "alr_down", "alr_ok"], dryRun: false }, ctx).catch((e) => e);
    expect(err.exitCode).toBe(EXIT.server);
    expect(err.message).toBe("2 of 3 alerts failed to resume");
  });

  it("a single id fails with its own error", async () => {
    const { ctx, io } = stubContext({});
    const err = await runStatus("pause", { ids: ["alr_gone"], dryRun: false }, ctx).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.exitCode).toBe(EXIT.notFound);
    expect(io.out()).toBe("");
  });

  it("table mode: one line per id, old -> new and updatedAt", async () => {
    const { ctx, io } = stubContext({ alr_a: "paused" }, {}, "table");
    await runStatus("resume", { ids: ["alr_a"], dryRun: false }, ctx);
    expect(io.out()).toBe(`alr_a  paused -> ${ASSUMED.alertResumeStatus}  2026-01-02T00:00:02.000Z\n`);
  });

  it("result lines never carry control sequences from the server", () => {
    const line = resultLine({ id: "alr_a", previousStatus: "active\u001b[2J", alert: { ...alertData("alr_a", "paused\n"), updatedAt: "t\u0007" } as never });
    expect(line).toBe("alr_a  active -> paused   t\n");
  });

  it("json: one id prints an object, several an array", async () => {
    const one = stubContext({ alr_a: "active" }, {}, "json");
    await runStatus("pause", { ids: ["alr_a"], dryRun: false }, one.ctx);
    expect(JSON.parse(one.io.out())).toMatchObject({ id: "alr_a", status: "paused" });
    const two = stubContext({ alr_a: "active", alr_b: "active" }, {}, "json");
    await runStatus("pause", { ids: ["alr_a", "alr_b"], dryRun: false }, two.ctx);
    expect((JSON.parse(two.io.out()) as { id: string }[]).map((a) => a.id)).toEqual(["alr_a", "alr_b"]);
  });

  it("csv: one row per id with the old and new status; yaml: the updated subscriptions", async () => {
    const csv = stubContext({ alr_a: "active", alr_b: "paused" }, {}, "csv");
    await runStatus("pause", { ids: ["alr_a", "alr_b"], dryRun: false }, csv.ctx);
    expect(csv.io.out()).toBe("id,previousStatus,status,updatedAt\nalr_a,active,paused,2026-01-02T00:00:02.000Z\nalr_b,paused,paused,2026-01-02T00:00:04.000Z\n");
    const yaml = stubContext({ alr_a: "active", alr_b: "paused" }, {}, "yaml");
    await runStatus("pause", { ids: ["alr_a", "alr_b"], dryRun: false }, yaml.ctx);
    const { parse } = await import("yaml");
    expect((parse(yaml.io.out()) as { id: string; status: string }[]).map((a) => [a.id, a.status])).toEqual([["alr_a", "paused"], ["alr_b", "paused"]]);
  });

  it("--dry-run calls nothing and prints the planned PATCHes", async () => {
    const { ctx, io, calls } = stubContext({ alr_a: "active" }, {}, "table");
    await runStatus("pause", { ids: ["alr_a", "alr_b"], dryRun: true }, ctx);
    expect(calls).toEqual([]);
    expect(io.out()).toBe('PATCH /v3/alerts/alr_a {"status":"paused"}\nPATCH /v3/alerts/alr_b {"status":"paused"}\n');
    expect(io.err()).toContain("dry run: 2 requests not sent");
  });

  it("--dry-run yaml spells each body out (no anchors or aliases)", async () => {
    const { ctx, io } = stubContext({}, {}, "yaml");
    await runStatus("resume", { ids: ["alr_a", "alr_b"], dryRun: true }, ctx);
    expect(io.out()).not.toMatch(/[&*]/);
    expect(io.out().match(new RegExp(`status: ${ASSUMED.alertResumeStatus}`, "g"))).toHaveLength(2);
  });

  it("the batch hint counts the successes in words that agree", async () => {
    const { ctx } = stubContext({ alr_a: "active" });
    const err = await runStatus("pause", { ids: ["alr_a", "alr_gone"], dryRun: false }, ctx).catch((e) => e);
    expect(err.hint).toBe("the other 1 was paused; the failed ids are listed above");
  });
});
