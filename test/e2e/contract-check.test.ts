// `mids contract check` end to end: against the sandbox every documented shape holds and every
// assumed one is confirmed; against `--faults shapes` the documented shapes still hold (exit 0)
// and the departures are listed as notes; against a server that breaks a documented shape, exit 7
// naming field, expected and got. Read-only (only GET), --save records shapes without values,
// and the SARIF passes Microsoft's validator (`@microsoft/sarif-multitool`, as in scan-sarif.test.ts).
// (The first check against the sandbox runs the built CLI; the other runs run main(argv) in this
// process: the same program, without a CLI start-up each.)
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, startSandbox, tempDir } from "../helpers/cli.js";
import { hostile, sendJson, v3Project } from "../helpers/hostile.js";
import { SANDBOX_DEMO_KEY, SANDBOX_KEYS } from "../../src/sandbox/keys.js";
import { ASSUMED_SHAPES } from "../../src/contract/shapes/assumed.js";

const multitool: string = createRequire(import.meta.url)("@microsoft/sarif-multitool");

// the headers every answer carries (spec 8.1, 5.1): the hostile servers below break something else
const ANSWERED = Object.fromEntries([["x-api-key-type", "full"], ...["minute", "day"].flatMap((w) => [[`x-ratelimit-limit-${w}`, "60"], [`x-ratelimit-remaining-${w}`, "59"], [`x-ratelimit-reset-${w}`, "1800000000"]])]);

interface Result { route: string; documented?: string; assumed?: string; skipped?: string; failed?: { code: string; message: string }; violations: { field: string; expected: string; got: string }[]; departures: { path: string; kind: string }[] }
interface Report { routes: Result[]; summary: Record<string, number> }

describe("contract check", () => {
  it("holds against the sandbox and, with its departures listed, against --faults shapes; GETs only; SARIF validates; --save keeps no values", { timeout: 90_000 }, async () => {
    const dir = tempDir("contract-");
    const [plain, shapes] = await Promise.all([startSandbox([]), startSandbox(["--faults", "shapes"])]);
    try {
      const save = join(dir, "shapes.json");
      // the SARIF first (in-process runs go one at a time): Microsoft's validator, seconds of its own
      // start-up, then checks it while the other runs go on
      const sarifRun = runMain(["contract", "check", "--format", "sarif"], { env: shapes.env(SANDBOX_DEMO_KEY) });
      const validated = sarifRun.then((r) => {
        writeFileSync(join(dir, "contract.sarif"), r.stdout);
        return new Promise<{ status: number | null; output: string }>((resolve, reject) => {
          const v = spawn(multitool, ["validate", "contract.sarif", "--output", "validation.sarif", "--log", "ForceOverwrite"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
          let output = "";
          v.stdout.setEncoding("utf8").on("data", (d) => (output += d));
          v.stderr.setEncoding("utf8").on("data", (d) => (output += d));
          v.on("error", reject);
          v.on("close", (status) => resolve({ status, output }));
        });
      });
      const [p, s, sarif] = await Promise.all([
        runMids(["contract", "check", "-o", "json", "--save", save], { env: plain.env(SANDBOX_DEMO_KEY) }),
        runMain(["contract", "check", "-o", "json"], { env: shapes.env(SANDBOX_DEMO_KEY) }),
        sarifRun,
      ]);
      expect(p.code, p.stderr).toBe(0);
      const pr = JSON.parse(p.stdout) as Report;
      const checked = pr.routes.filter((r) => !r.skipped);
      expect(checked.length).toBeGreaterThan(20);
      expect(pr.routes.every((r) => r.documented !== "violated")).toBe(true);
      // every assumed shape the sandbox serves is its own assumption
      expect(checked.filter((r) => r.assumed === "confirmed").map((r) => r.route).sort()).toEqual(Object.keys(ASSUMED_SHAPES).sort());
      expect(pr.summary).toMatchObject({ violated: 0, departs: 0, failed: 0 });
      expect(p.stderr).toMatch(/^contract check: \d+ routes: documented shape \d+ hold, 0 violated; assumed shape 8 confirmed, 0 depart/m);
      // read-only: every request a GET
      const seen = await plain.admin<{ method: string; path: string }[]>("/_sandbox/requests");
      expect(seen.length).toBeGreaterThan(20);
      expect(seen.every((q) => q.method === "GET")).toBe(true);
      // --save: field names and types, never a value
      const saved = readFileSync(save, "utf8");
      const slug = (await plain.api<{ data: { slug: string; name: string }[] }>("/v3/projects?limit=1", SANDBOX_DEMO_KEY)).body.data[0];
      expect(saved).not.toContain(slug.slug);
      expect(saved).not.toContain(slug.name);
      expect(JSON.parse(saved).routes["v3.projects.list"].shape[0]).toMatchObject({ id: "string", trend: "number", rank: "integer" });

      expect(s.code, s.stderr).toBe(0);
      const sr = JSON.parse(s.stdout) as Report;
      expect(sr.summary.violated).toBe(0);
      const departs = sr.routes.filter((r) => r.assumed === "departs");
      expect(departs.map((r) => r.route).sort()).toEqual(Object.keys(ASSUMED_SHAPES).sort());
      const series = sr.routes.find((r) => r.route === "v3.projects.series")!;
      expect(series.departures).toEqual(expect.arrayContaining([{ path: "name", kind: "missing", expected: "string" }, { path: "points", kind: "missing", expected: "array" }]));

      expect(sarif.code, sarif.stderr).toBe(0);
      const log = JSON.parse(sarif.stdout);
      const results = log.runs[0].results as { ruleId: string; level: string }[];
      expect(results.length).toBeGreaterThan(0);
      expect(new Set(results.map((r) => `${r.ruleId} ${r.level}`))).toEqual(new Set(["contract/assumed note"]));
      const v = await validated;
      expect(v.status, v.output).toBe(0);
      // (no informationUri: mids has no home page to name, the validator's one note; scan-sarif.test.ts)
      expect(log.runs[0].tool.driver).not.toHaveProperty("informationUri");
      const problems = JSON.parse(readFileSync(join(dir, "validation.sarif"), "utf8")).runs.flatMap((run: { results?: { level?: string; ruleId: string; message?: { id?: string } }[] }) => run.results ?? [])
        .filter((x: { level?: string; message?: { id?: string } }) => ((x.level ?? "warning") === "warning" || x.level === "error") && x.message?.id !== "Warning_ProvideToolnformationUri");
      expect(problems).toEqual([]);
    } finally {
      await Promise.all([plain.stop(), shapes.stop()]);
    }
  });

  it("--fail-on skipped,departs gates on routes the key could not check and on departures (exit 8); a route no list leads to never trips it", { timeout: 60_000 }, async () => {
    const [plain, shapes] = await Promise.all([startSandbox([]), startSandbox(["--faults", "shapes"])]);
    try {
      const noapi = SANDBOX_KEYS.find((k) => k.key.endsWith("_noapi"))!.key;
      const [all, lacking, lackingGated, departing] = await Promise.all([
        runMain(["contract", "check", "-o", "json", "--fail-on", "skipped,departs"], { env: plain.env(SANDBOX_DEMO_KEY) }),
        runMain(["contract", "check", "-o", "json"], { env: plain.env(noapi) }),
        runMain(["contract", "check", "-o", "json", "--fail-on", "skipped"], { env: plain.env(noapi) }),
        runMain(["contract", "check", "-o", "json", "--fail-on", "departs"], { env: shapes.env(SANDBOX_DEMO_KEY) }),
      ]);
      // the demo key checks every route a list leads to; the one none leads to is skipped, and passes
      expect(all.code, all.stderr).toBe(0);
      const uncallable = (JSON.parse(all.stdout) as Report).routes.filter((r) => r.skipped);
      expect(uncallable.length).toBeGreaterThan(0);
      expect(uncallable.every((r) => /no list route gives its id/.test(r.skipped!))).toBe(true);
      // a key without api: its routes are skipped; exit 0 unless the gate asks
      expect(lacking.code, lacking.stderr).toBe(0);
      const skipped = (JSON.parse(lacking.stdout) as Report).routes.filter((r) => r.skipped && !/no list route/.test(r.skipped)).length;
      expect(skipped).toBeGreaterThan(10);
      expect(lackingGated.code).toBe(8);
      expect(lackingGated.stderr).toContain(`mids: ${skipped} routes matched --fail-on: ${skipped} skipped\nhint: the first skipped: `);
      expect(lackingGated.stdout).toBe(lacking.stdout);
      // departures from what mids assumes
      expect(departing.code).toBe(8);
      expect(departing.stderr).toContain(`matched --fail-on: ${Object.keys(ASSUMED_SHAPES).length} depart\n`);
    } finally {
      await Promise.all([plain.stop(), shapes.stop()]);
    }
  });

  it("a documented field of the wrong type is exit 7, naming field, expected and got, in json and SARIF", async () => {
    const me = {
      credential: { id: "k1", name: "ci", type: "full", expiresAt: null },
      entitlements: ["api"], rateLimit: { perMinute: "sixty", perDay: 1000 },
      history: { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" },
    };
    const h = await hostile((req, res) => {
      if (req.method !== "GET") return sendJson(res, 405, { code: "invalid_request", message: "no" });
      if (req.url === "/v3/me") return sendJson(res, 200, { data: me, meta: {} }, ANSWERED);
      if (req.url === "/v3/alerts/destinations") return sendJson(res, 200, { data: [{ id: "d1", kind: "webhook", label: "x", status: 1 }], meta: {} }, ANSWERED);
      sendJson(res, 404, { code: "not_found", message: "no such route" });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" });
    const [j, sarif] = await Promise.all([
      runMain(["contract", "check", "--routes", "v3.me,/v3/alerts/destinations", "-o", "json"], { env }),
      runMain(["contract", "check", "--routes", "v3.me,/v3/alerts/destinations", "--format", "sarif"], { env }),
    ]);
    expect(j.code).toBe(7);
    expect(j.stderr).toContain("2 documented shapes violated");
    const rep = JSON.parse(j.stdout) as Report;
    expect(rep.routes.map((r) => [r.route, r.documented])).toEqual([["v3.me", "violated"], ["v3.alerts.destinations", "violated"]]);
    expect(rep.routes[0].violations).toEqual([expect.objectContaining({ field: "rateLimit.perMinute", expected: "number", got: "string" })]);
    expect(rep.routes[1].violations).toEqual([expect.objectContaining({ field: "0.status", expected: "string", got: "integer" })]);
    expect(sarif.code).toBe(7);
    const results = JSON.parse(sarif.stdout).runs[0].results as { ruleId: string; level: string; message: { text: string } }[];
    expect(results.map((r) => `${r.ruleId} ${r.level}`)).toEqual(["contract/documented error", "contract/documented error"]);
    expect(results[0].message.text).toContain("rateLimit.perMinute");
    expect(h.seen.every((u) => u === "/v3/me" || u === "/v3/alerts/destinations")).toBe(true);
    // the command that reads the route refuses it the same way
    const cmd = await runMain(["me"], { env });
    expect(cmd.code).toBe(7);
    expect(cmd.stderr).toContain("does not match the v3.me contract at rateLimit.perMinute");
  });

  it("a documented timestamp that is no ISO 8601 date-time (spec 2) is a violation, as the exported OpenAPI's format: date-time says", async () => {
    const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
    const me = (h: Record<string, unknown>, expiresAt: unknown) => ({ credential: { id: "k1", name: "ci", type: "full", expiresAt }, entitlements: ["api"], rateLimit: { perMinute: 60, perDay: 1000 }, history: { ...history, ...h } });
    // other legal spellings hold (a local time, lower case t and z, a blank for T, a comma fraction, an offset without colon)
    const spellings = me({ earliestAvailableAt: "2026-10-01T00:00:00", enforcementAt: "2026-08-17 00:00:00,5+0000" }, "2027-01-01t00:00z");
    const answers = [me({}, "2027-01-01T00:00:00.000+02:00"), me({ earliestAvailableAt: "yesterday" }, null), me({ enforcementAt: "2026-13-45T99:00:00Z" }, "1 January 2027"), spellings];
    let n = 0;
    const h = await hostile((req, res) => {
      if (req.url === "/v3/me") return sendJson(res, 200, { data: answers[n++ % answers.length], meta: {} }, ANSWERED);
      sendJson(res, 404, { code: "not_found", message: "no such route" });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" });
    const runs = [];
    for (let i = 0; i < answers.length; i++) runs.push(await runMain(["contract", "check", "--routes", "v3.me", "-o", "json"], { env }));
    expect(runs.map((r) => r.code)).toEqual([0, 7, 7, 0]);
    const fields = runs.map((r) => (JSON.parse(r.stdout) as Report).routes[0].violations.map((v) => [v.field, v.expected, v.got]));
    const notIso = "a string that is not an ISO 8601 date-time";
    expect(fields).toEqual([[], [["history.earliestAvailableAt", "timestamp", notIso]], [["credential.expiresAt", "timestamp", notIso], ["history.enforcementAt", "timestamp", notIso]], []]);
  });

  it("the envelope is held too: a v3 answer without meta, a v2 one without status, a cursor that is not a string are exit 7", async () => {
    const me = {
      credential: { id: "k1", name: "ci", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 60, perDay: 1000 },
      history: { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" },
    };
    const h = await hostile((req, res) => {
      if (req.url === "/v3/me") return sendJson(res, 200, { data: me }, ANSWERED);
      if (req.url === "/v2/api-keys/info") return sendJson(res, 200, { data: { id: "k1", name: "ci", type: "full", scopes: ["projects"], expiresAt: "never" } }, ANSWERED);
      if (req.url === "/v3/alerts/destinations") return sendJson(res, 200, { data: [], meta: {} }, ANSWERED);
      if (req.url === "/v3/intel") return sendJson(res, 200, { data: [], meta: { nextCursor: 5, history: me.history } }, ANSWERED);
      sendJson(res, 404, { code: "not_found", message: "no such route" });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" });
    const r = await runMain(["contract", "check", "--routes", "v3.me,v2.apiKeys.info,v3.alerts.destinations,v3.intel.list", "-o", "json"], { env });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as Report;
    const of = (id: string) => rep.routes.find((x) => x.route === id)!;
    expect(of("v3.me").documented).toBe("violated");
    expect(of("v3.me").violations).toEqual([expect.objectContaining({ field: "meta", expected: "object", got: "missing" })]);
    expect(of("v2.apiKeys.info").violations).toEqual([expect.objectContaining({ field: "status", got: "missing" })]);
    expect(of("v3.intel.list").violations).toEqual([expect.objectContaining({ field: "meta.nextCursor", expected: "string or null", got: "integer" })]);
    // spec 2.1: meta may be an empty object
    expect(of("v3.alerts.destinations").documented).toBe("holds");
  });

  it("the model versions the project routes report (spec 4.2) are held: a detail without meta.versions.relations is exit 7", async () => {
    const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/v3/projects" && !url.searchParams.has("minTrend")) return sendJson(res, 200, { data: [{ slug: "p1" }], meta: { nextCursor: null, history, versions: { trendModel: "t1" } } }, ANSWERED);
      if (url.pathname === "/v3/projects/p1") return sendJson(res, 200, { data: {}, meta: { history, versions: { trendModel: "t1" } } }, ANSWERED);
      sendJson(res, 404, { code: "not_found", message: "no", details: { subject: { type: "project", locator: url.pathname } } }, ANSWERED);
    });
    const r = await runMain(["contract", "check", "--routes", "v3.projects.get", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(7);
    const v = (JSON.parse(r.stdout) as Report).routes[0].violations;
    expect(v).toEqual(expect.arrayContaining([expect.objectContaining({ field: "meta.versions.relations", got: "missing" })]));
    expect(v.filter((x) => x.field.startsWith("meta."))).toHaveLength(1);
  });

  it("a list over its documented size is a violation naming the bound and the count (spec 8.4, 8.5)", async () => {
    const topic = { id: "t", rank: 1, name: "n", summary: "s", score: 1, tweetCount: 1, authorCount: 1, lastSeenAt: "2026-11-01T00:00:00Z" };
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/v3/projects" && !url.searchParams.has("minTrend")) return sendJson(res, 200, { data: Array.from({ length: 51 }, (_, i) => ({ id: `p${i}` })), meta: { nextCursor: null } }, ANSWERED);
      if (url.pathname === "/v2/grounding") return sendJson(res, 200, { status: 200, data: { completedAt: topic.lastSeenAt, windowStartedAt: topic.lastSeenAt, topics: Array.from({ length: 11 }, (_, i) => ({ ...topic, rank: i + 1 })) }, meta: {} }, ANSWERED);
      sendJson(res, 400, { code: "invalid_request", message: "bad", details: { fields: ["minTrend"] } }, ANSWERED);
    });
    const r = await runMain(["contract", "check", "--routes", "v3.projects.list,v2.grounding", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as Report;
    const of = (id: string) => rep.routes.find((x) => x.route === id)!;
    expect(of("v3.projects.list").violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: "(data)", expected: "at most 50 items", got: "51 items" })]));
    // the grounding alias answers the topic snapshot spec 2.8 documents: it is checked, though an alias
    expect(of("v2.grounding").violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: "topics", expected: "at most 10 items", got: "11 items" })]));
  });

  it("the headers every answer carries are held too: a missing rate-limit header or credential class, a count that is not a number", async () => {
    const me = {
      credential: { id: "k1", name: "ci", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 60, perDay: 1000 },
      history: { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" },
    };
    const h = await hostile((req, res) => {
      const { "x-ratelimit-limit-day": _gone, "x-api-key-type": _also, ...rest } = ANSWERED;
      if (req.url === "/v3/me") return sendJson(res, 200, { data: me, meta: {} }, { ...rest, "x-ratelimit-remaining-minute": "lots" });
      sendJson(res, 404, { code: "not_found", message: "no such route" }, ANSWERED);
    });
    const r = await runMain(["contract", "check", "--routes", "v3.me", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as Report;
    expect(rep.routes[0].violations.map((v) => [v.field, v.got]).sort()).toEqual([
      ["headers.X-API-Key-Type", "missing"], ["headers.X-RateLimit-Limit-Day", "missing"], ["headers.X-RateLimit-Remaining-Minute", "string"],
    ]);
  });

  it("a request sent without a key is not held to the credential class header: spec 5.1 echoes the class of the key sent, and there is none", async () => {
    const { "x-api-key-type": _none, ...keyless } = ANSWERED;
    const h = await hostile((req, res) => {
      if (req.url === "/v3/topics") return sendJson(res, 200, { data: [], meta: {} }, req.headers["x-api-key"] ? ANSWERED : keyless);
      sendJson(res, 404, { code: "not_found", message: "no", details: { subject: { type: "route", locator: String(req.url) } } }, keyless);
    });
    const run = (key?: string) => runMain(["contract", "check", "--routes", "v3.topics.list", "-o", "json", "--insecure"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: key }) });
    const r = await run();
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Report).routes[0].violations).toEqual([]);
    // with a key sent, the answer must name its class (the server above does)
    const k = await run("k_test_1234567890");
    expect(k.code, k.stderr).toBe(0);
  });

  it("a successful read answered with another 2xx than 200 departs from an assumption (readSuccessStatus: the spec shows no success status), a note, exit 0", async () => {
    const me = { credential: { id: "c", name: "n", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 60, perDay: 1000 }, history: { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" } };
    const h = await hostile((req, res) => {
      if (req.url === "/v3/me") return sendJson(res, 202, { data: me, meta: {} }, ANSWERED);
      if (req.url === "/v2/api-keys/info") return sendJson(res, 203, { status: 203, data: { id: "k", name: "n", type: "full", scopes: [], expiresAt: "never" } }, ANSWERED);
      sendJson(res, 404, { code: "not_found", message: "no", details: { subject: { type: "route", locator: String(req.url) } } }, ANSWERED);
    });
    const r = await runMain(["contract", "check", "--routes", "v3.me,v2.apiKeys.info", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout) as Report;
    expect(rep.routes.map((x) => [x.route, x.documented, x.violations, x.assumed, x.departures])).toEqual([
      ["v2.apiKeys.info", "holds", [], "departs", [{ path: "(HTTP status)", kind: "type", expected: "200", got: "203" }]],
      ["v3.me", "holds", [], "departs", [{ path: "(HTTP status)", kind: "type", expected: "200", got: "202" }]],
    ]);
  });

  it("a JSON answer without the envelope is a violation naming what is missing (spec 2.1), an error in SARIF; a web page instead of JSON stays a call that failed", async () => {
    const h = await hostile((req, res) => {
      if (req.url === "/v3/me") return sendJson(res, 200, { meta: {} }, ANSWERED);
      if (req.url === "/v2/api-keys/info") return sendJson(res, 200, [{ id: "k" }], ANSWERED);
      if (req.url === "/v3/alerts/destinations") { res.writeHead(200, { "content-type": "text/html", ...ANSWERED }).end("<html>a portal</html>"); return; }
      sendJson(res, 404, { code: "not_found", message: "no", details: { subject: { type: "route", locator: String(req.url) } } }, ANSWERED);
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" });
    const routes = "v3.me,v2.apiKeys.info,v3.alerts.destinations";
    const [j, sarif] = await Promise.all([
      runMain(["contract", "check", "--routes", routes, "-o", "json"], { env }),
      runMain(["contract", "check", "--routes", routes, "--format", "sarif"], { env }),
    ]);
    expect(j.code, j.stderr).toBe(7);
    const rep = JSON.parse(j.stdout) as Report;
    const of = (id: string) => rep.routes.find((x) => x.route === id)!;
    expect(of("v3.me")).toMatchObject({ documented: "violated", violations: [{ field: "data", expected: "present (the v3 envelope {data, meta})", got: "missing" }] });
    expect(of("v2.apiKeys.info")).toMatchObject({ documented: "violated", violations: [{ field: "(body)", expected: "the v2 envelope {status, data, ...}", got: "array" }] });
    expect(of("v3.alerts.destinations").failed?.code).toBe("malformed_response");
    expect(j.stderr).toContain("the server does not hold the contract: 2 documented shapes violated, 1 route could not be checked");
    const results = JSON.parse(sarif.stdout).runs[0].results as { ruleId: string; level: string }[];
    expect(results.map((r) => `${r.ruleId} ${r.level}`).sort()).toEqual(["contract/documented error", "contract/documented error", "contract/unchecked warning"]);
  });

  it("a rate-limit remainder over its limit is a violation naming both headers (spec 8.1)", async () => {
    const h = await hostile((req, res) => {
      const me = { credential: { id: "c", name: "n", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 60, perDay: 1000 }, history: { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" } };
      if (req.url === "/v3/me") return sendJson(res, 200, { data: me, meta: {} }, { ...ANSWERED, "x-ratelimit-remaining-minute": "61", "x-ratelimit-remaining-day": "60" });
      sendJson(res, 404, { code: "not_found", message: "no", details: { subject: { type: "route", locator: String(req.url) } } }, ANSWERED);
    });
    const r = await runMain(["contract", "check", "--routes", "v3.me", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as Report;
    // ANSWERED's limit is 60 for both windows: the minute's 61 is over it, the day's 60 is not
    expect(rep.routes[0].violations.map((v) => [v.field, v.expected, v.got])).toEqual([["headers.X-RateLimit-Remaining-Minute", "at most 60 (X-RateLimit-Limit-Minute)", "61"]]);
  });

  it("a rank outside the roster of 100 is a violation of the v2 rank series (spec 2.6, 8.5)", async () => {
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/v2/projects") return sendJson(res, 200, { status: 200, data: [{ id: "p1" }], pagination: { page: 1, limit: 20, totalCount: 1, hasMore: false } }, ANSWERED);
      const points = [{ timestamp: "2026-11-01T00:00:00Z", rank: 100, trendScore: 50 }, { timestamp: "2026-11-01T01:00:00Z", rank: 101, trendScore: 49 }, { timestamp: "2026-11-01T02:00:00Z", rank: -1, trendScore: 48 }, { timestamp: "2026-11-01T03:00:00Z", rank: 0, trendScore: 47 }];
      if (url.pathname === "/v2/projects/p1/rank") return sendJson(res, 200, { status: 200, data: { projectId: "p1", projectName: "P 1", data: points }, meta: { history: { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" } } }, ANSWERED);
      sendJson(res, 404, { status: 404, error: "Not found", data: null }, ANSWERED);
    });
    const r = await runMain(["contract", "check", "--routes", "v2.projects.rank", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as Report;
    // named with the bound and the value, as a page over its size is ("at most 50 items")
    // (whether the roster's first place is 1 or 0 is not shown: a rank of 0 is taken)
    expect(rep.routes[0].violations.map((v) => [v.field, v.expected, v.got])).toEqual([["data.1.rank", "at most 100", "101"], ["data.2.rank", "at least 0", "-1"]]);
  });

  it("a documented integer that is no whole number is named 'integer expected, got number' (the words --save uses)", async () => {
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const history = { archiveAccess: false, enforced: true, lookbackDays: 30.5, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
      if (url.pathname === "/v3/me") return sendJson(res, 200, { data: { credential: { id: "c", name: "n", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 60, perDay: 1000 }, history }, meta: {} }, ANSWERED);
      sendJson(res, 404, { code: "not_found", message: "no", details: { subject: { type: "route", locator: url.pathname } } }, ANSWERED);
    });
    const r = await runMain(["contract", "check", "--routes", "v3.me", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as Report;
    expect(rep.routes[0].violations.map((v) => [v.field, v.expected, v.got])).toEqual([["history.lookbackDays", "integer", "number"]]);
  });

  it("a v2 page that contradicts itself is a violation: another page than the first when none was sent, more items than its limit, a total below them, a wrong hasMore (spec 2.1, 8.4)", async () => {
    const pages: Record<string, unknown>[] = [
      { page: 2, limit: 20, totalCount: 40, hasMore: false },
      { page: 1, limit: 2, totalCount: 40, hasMore: true },
      { page: 1, limit: 20, totalCount: 1, hasMore: false },
      { page: 1, limit: 20, totalCount: 3, hasMore: true },
      { page: 1, limit: 20, totalCount: 30, hasMore: false },
      { page: 1, limit: 20, totalCount: 3, hasMore: false },
    ];
    let n = 0;
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/v2/projects") return sendJson(res, 200, { status: 200, data: [{ id: "p1" }, { id: "p2" }, { id: "p3" }], pagination: pages[n++] }, ANSWERED);
      sendJson(res, 404, { status: 404, error: "Not found", data: null }, ANSWERED);
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" });
    const got: string[][][] = [];
    for (let i = 0; i < pages.length; i++) {
      const r = await runMain(["contract", "check", "--routes", "v2.projects.list", "-o", "json"], { env });
      expect(r.code, r.stderr).toBe(7);
      // (the items here are no documented projects either: only the page's own fields are looked at)
      got.push((JSON.parse(r.stdout) as Report).routes[0].violations.filter((v) => v.field.startsWith("pagination") || v.field === "(data)").map((v) => [v.field, v.expected, v.got]));
    }
    expect(got).toEqual([
      [["pagination.page", "1 (no page was sent: v2 lists default to page 1)", "2"]],
      [["(data)", "at most 2 items (pagination.limit)", "3 items"]],
      [["pagination.totalCount", "at least 3 (the items up to this page)", "1"]],
      [["pagination.hasMore", "false (page 1 of 20 items, totalCount 3)", "true"]],
      [["pagination.hasMore", "true (page 1 of 20 items, totalCount 30)", "false"]],
      [],
    ]);
  });

  it("a v2 neighbors or grounding history page over the documented limit of 50 is a violation (spec 4.1, 8.4)", async () => {
    const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
    const snapshot = { completedAt: "2026-11-01T00:00:00Z", windowStartedAt: "2026-10-30T00:00:00Z", topics: [] };
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const headers = { ...ANSWERED, deprecation: "@1767225600", link: "</v3/topics>; rel=\"successor-version\"" };
      if (url.pathname === "/v2/projects") return sendJson(res, 200, { status: 200, data: [{ id: "p1" }], pagination: { page: 1, limit: 20, totalCount: 1, hasMore: false } }, ANSWERED);
      const neighbors = Array.from({ length: 51 }, (_, i) => ({ projectId: `n${i}`, projectName: `N ${i}`, joiningSignals: 1, joiningReinforcements: 1 }));
      if (url.pathname === "/v2/projects/p1/neighbors") return sendJson(res, 200, { status: 200, data: neighbors, meta: { history } }, ANSWERED);
      if (url.pathname === "/v2/grounding/history") return sendJson(res, 200, { status: 200, data: Array(51).fill(snapshot), pagination: { page: 1, limit: 51, totalCount: 51, hasMore: false }, meta: { history } }, headers);
      sendJson(res, 404, { status: 404, error: "Not found", data: null }, ANSWERED);
    });
    const r = await runMain(["contract", "check", "--routes", "v2.projects.neighbors,v2.grounding.history", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as Report;
    for (const id of ["v2.projects.neighbors", "v2.grounding.history"]) {
      expect(rep.routes.find((x) => x.route === id)!.violations.map((v) => [v.field, v.expected, v.got]), id).toEqual([["(data)", "at most 50 items", "51 items"]]);
    }
  });

  it("a deprecated route that answers without its Deprecation header or a successor-version Link is a violation (spec 4.1, 9.3)", async () => {
    const snapshot = { completedAt: "2026-11-01T00:00:00Z", windowStartedAt: "2026-10-30T00:00:00Z", topics: [] };
    const h = await hostile((req, res) => {
      if (req.url === "/v2/grounding") return sendJson(res, 200, { status: 200, data: snapshot }, { ...ANSWERED, link: "</v3/topics>; rel=\"alternate\"" });
      sendJson(res, 404, { status: 404, error: "Not found", data: null }, ANSWERED);
    });
    const r = await runMain(["contract", "check", "--routes", "v2.grounding", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as Report;
    expect(rep.routes[0].violations.filter((v) => v.field.startsWith("headers.")).map((v) => [v.field, v.got]).sort()).toEqual([
      ["headers.Deprecation", "missing"], ["headers.Link", "string"],
    ]);
  });

  it("the documented errors are provoked and held to spec 7.1: a wrong code or missing details is exit 7", async () => {
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/v3/projects" && url.searchParams.has("minTrend")) return sendJson(res, 400, { code: "invalid_request", message: "minTrend is not a number" });
      if (url.pathname === "/v3/projects") return sendJson(res, 200, { data: [{ id: "p1", slug: "p1" }], meta: { nextCursor: null } }, ANSWERED);
      if (url.pathname === "/v3/projects/p1") return sendJson(res, 200, { data: { id: "p1", slug: "p1" }, meta: {} }, ANSWERED);
      sendJson(res, 404, { code: "NOT_FOUND", message: "no such project" });
    });
    const r = await runMain(["contract", "check", "--routes", "v3.projects.list,v3.projects.get", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as Report;
    const of = (id: string) => rep.routes.find((x) => x.route === id)!;
    expect(of("v3.projects.list").violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: "error.details", got: "missing" })]));
    expect(of("v3.projects.get").violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: "error.code", expected: "not_found", got: '"NOT_FOUND"' })]));
    // the refusals were asked for with GETs the spec says are refused
    expect(h.seen.some((u) => u.includes("minTrend="))).toBe(true);
    expect(h.seen.filter((u) => u.startsWith("/v3/projects/") && u !== "/v3/projects/p1").length).toBe(1);
  });

  it("a server that follows the spec but not mids' assumptions passes (exit 0) with notes naming each: Reset headers in delta seconds, an error code under another HTTP status", async () => {
    const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
    // spec 8.1 shows no format for the Reset headers (mids assumes epoch seconds), spec 7.1 no status for a code (mids assumes 400, 404)
    const delta = { ...ANSWERED, "x-ratelimit-reset-minute": "42", "x-ratelimit-reset-day": "Sun, 29 Nov 2026 00:00:00 GMT" };
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/v3/projects" && url.searchParams.has("minTrend")) return sendJson(res, 422, { code: "invalid_request", message: "minTrend is not a number", details: { fields: ["minTrend"] } }, ANSWERED);
      if (url.pathname === "/v3/projects") return sendJson(res, 200, { data: [v3Project(1)], meta: { nextCursor: null, history, versions: { trendModel: "t1" } } }, ANSWERED);
      if (url.pathname === "/v3/projects/p1") return sendJson(res, 200, { data: v3Project(1), meta: { history, versions: { trendModel: "t1", relations: "r1" } } }, delta);
      sendJson(res, 400, { code: "not_found", message: "no such project", details: { subject: { type: "project", locator: url.pathname } } }, ANSWERED);
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" });
    const r = await runMain(["contract", "check", "--routes", "v3.projects.list,v3.projects.get", "-o", "json"], { env });
    expect(r.code, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout) as Report & { routes: (Result & { departures: { path: string; kind: string; expected?: string; got?: string }[] })[] };
    const of = (id: string) => rep.routes.find((x) => x.route === id)!;
    expect(of("v3.projects.list")).toMatchObject({ documented: "holds", assumed: "departs", departures: [{ path: "invalid_request status", kind: "type", expected: "400", got: "422" }] });
    expect(of("v3.projects.get")).toMatchObject({ documented: "holds", assumed: "departs" });
    expect(of("v3.projects.get").departures).toEqual([
      { path: "headers.X-RateLimit-Reset-Minute", kind: "type", expected: "Unix epoch seconds", got: "delta seconds" },
      { path: "headers.X-RateLimit-Reset-Day", kind: "type", expected: "Unix epoch seconds", got: "a date" },
      { path: "not_found status", kind: "type", expected: "404", got: "400" },
    ]);
    expect(rep.summary).toMatchObject({ violated: 0, departs: 2 });
    // the table says the same in its detail column
    const table = await runMain(["contract", "check", "--routes", "v3.projects.get", "-o", "table"], { env });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain("headers.X-RateLimit-Reset-Minute: Unix epoch seconds expected, got delta seconds");
    expect(table.stdout).toContain("not_found status: 404 expected, got 400");
  });

  it("a v2 page of another default size and a grade off the assumed scale pass (exit 0) with notes naming each (v2DefaultLimit, grades)", async () => {
    const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
    const intel = (grade: string) => ({ id: "i1", headline: "h", grade, detectedAt: "2026-11-01T00:00:00Z", projectId: "p1", projectName: "P 1", category: "c", clusters: [] });
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/v2/projects") return sendJson(res, 200, { status: 200, data: [], pagination: { page: 1, limit: url.searchParams.get("limit") ?? 25, totalCount: 0, hasMore: false } }, ANSWERED);
      if (url.pathname === "/v3/intel") return sendJson(res, 200, { data: [intel("polished"), intel("diamond"), intel("diamond")], meta: { nextCursor: null, history } }, ANSWERED);
      sendJson(res, 404, { code: "not_found", message: "no", details: { subject: { type: "route", locator: url.pathname } } }, ANSWERED);
    });
    const r = await runMain(["contract", "check", "--routes", "v2.projects.list,v3.intel.list", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout) as Report & { routes: (Result & { departures: { path: string; kind: string; expected?: string; got?: string }[] })[] };
    const of = (id: string) => rep.routes.find((x) => x.route === id)!;
    expect(of("v2.projects.list")).toMatchObject({ documented: "holds", assumed: "departs", departures: [{ path: "pagination.limit", kind: "type", expected: "20 (the default page size)", got: "25" }] });
    expect(of("v3.intel.list")).toMatchObject({ documented: "holds", assumed: "departs", departures: [{ path: "[].grade", kind: "type", expected: "one of chipped, rough, cut, polished, flawless", got: '"diamond"' }] });
  });

  it("a documented error answered with no JSON body (empty, or text) is named as such, with the code that was due", async () => {
    const h = await hostile((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/v3/projects" && url.searchParams.has("minTrend")) { res.writeHead(400, { "content-type": "text/plain", ...ANSWERED }).end("Bad Request"); return; }
      if (url.pathname === "/v3/projects") return sendJson(res, 200, { data: [{ id: "p1", slug: "p1" }], meta: { nextCursor: null } }, ANSWERED);
      if (url.pathname === "/v3/projects/p1") return sendJson(res, 200, { data: { id: "p1", slug: "p1" }, meta: {} }, ANSWERED);
      res.writeHead(404, ANSWERED).end();
    });
    const r = await runMain(["contract", "check", "--routes", "v3.projects.list,v3.projects.get", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as Report;
    const probe = (id: string) => rep.routes.find((x) => x.route === id)!.violations.filter((v) => v.field === "error").map((v) => [v.expected, v.got]);
    expect(probe("v3.projects.list")).toEqual([["{code: invalid_request, message, details} (for a non-numeric minTrend)", "text that is not JSON"]]);
    expect(probe("v3.projects.get")).toEqual([["{code: not_found, message, details} (for a locator that never existed)", "an empty body"]]);
  });

  it("a server that quotes the key back (a 5xx's message, a wrong error code, an entitlement refusal) never gets it into the report, in any format", async () => {
    const KEY = "k_test_quoted_SECRETPART_0123456789";
    const h = await hostile((req, res) => {
      const key = String(req.headers["x-api-key"]);
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/v3/projects" && url.searchParams.has("minTrend")) return sendJson(res, 500, { code: "internal_error", message: `upstream refused x-api-key=${key}` });
      if (url.pathname === "/v3/projects") return sendJson(res, 200, { data: [{ id: "p1", slug: "p1" }], meta: { nextCursor: null } }, ANSWERED);
      if (url.pathname === "/v3/projects/p1") return sendJson(res, 200, { data: { id: "p1", slug: "p1" }, meta: {} }, ANSWERED);
      if (url.pathname === "/v3/me") return sendJson(res, 403, { code: "entitlement_required", message: `the key ${key} lacks it` });
      sendJson(res, 404, { code: key, message: `no project for key ${key}` });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: KEY });
    const routes = ["--routes", "v3.projects.list,v3.projects.get,v3.me", "--max-retries", "0"];
    const runs = await Promise.all([["-o", "json"], ["-o", "table"], ["--format", "github"], ["--format", "sarif"], ["--format", "junit"]].map((f) => runMain(["contract", "check", ...routes, ...f], { env })));
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(7);
      expect(r.stdout + r.stderr).not.toContain("SECRETPART");
    }
    const rep = JSON.parse(runs[0].stdout) as Report;
    const of = (id: string) => rep.routes.find((x) => x.route === id)!;
    // what the server said is there, the key in it shown as ***
    expect(rep.routes.find((x) => x.failed)?.failed?.message).toContain("x-api-key=***");
    expect(of("v3.projects.get").violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: "error.code", got: '"***"' })]));
    expect(of("v3.me").skipped).toContain("the key *** lacks it");
  });

  it("a topic's documented stance and report reference are held strictly inside its assumed shape (spec 4.2), by check and by topics get", async () => {
    const h = await hostile((req, res) => {
      if (req.url === "/v3/topics") return sendJson(res, 200, { data: [{ id: "t1", name: "A topic" }], meta: {} }, ANSWERED);
      if (req.url === "/v3/topics/t1") return sendJson(res, 200, { data: { id: "t1", name: "A topic", report: "rep_1" }, meta: {} }, ANSWERED);
      sendJson(res, 404, { code: "not_found", message: "no such route" });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" });
    const [check, get] = await Promise.all([
      runMain(["contract", "check", "--routes", "v3.topics.get", "-o", "json"], { env }),
      runMain(["topics", "get", "t1"], { env }),
    ]);
    expect(check.code, check.stderr).toBe(7);
    const rep = JSON.parse(check.stdout) as Report;
    expect(rep.routes[0].documented).toBe("violated");
    expect(rep.routes[0].violations.map((v) => [v.field, v.got])).toEqual([["stance", "missing"], ["report", "string"]]);
    expect(get.code).toBe(7);
    // the message says the stance is missing, as zod says it of any other field
    expect(get.stderr).toContain("does not match the v3.topics.get contract at stance: Invalid input: expected a value of any type, received undefined");
  });

  it("a route whose answer cannot be read fails naming that request, not the command (a body without the envelope, JSON cut short)", async () => {
    const h = await hostile((req, res) => {
      if (req.url === "/v3/intel") { res.writeHead(200, { "content-type": "text/html", ...ANSWERED }); return res.end("<html>a login page</html>"); }
      if (req.url === "/v3/clusters") { res.writeHead(200, { "content-type": "application/json", ...ANSWERED }); return res.end('{"data": [{"id": '); }
      sendJson(res, 404, { code: "not_found", message: "no such route" });
    });
    const env = baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" });
    const r = await runMain(["contract", "check", "--routes", "v3.intel.list,v3.clusters.list", "--max-retries", "0", "-o", "json"], { env });
    expect(r.code, r.stderr).toBe(7);
    const rep = JSON.parse(r.stdout) as { routes: (Result & { method: string; path: string })[] };
    for (const id of ["v3.intel.list", "v3.clusters.list"]) {
      const route = rep.routes.find((x) => x.route === id)!;
      expect(route.failed?.code).toBe("malformed_response");
      // each row is one request of the many the command made: the message names it
      expect(route.failed?.message).toContain(`${route.method} ${route.path} returned`);
      expect(route.failed?.message).not.toContain("mids contract check");
    }
  });

  it("a route the key has no scope or entitlement for is skipped on v2 as on v3, not a failure of the server", async () => {
    const sb = await startSandbox([]);
    try {
      const r = await runMain(["contract", "check", "--routes", "v2.topics.report,v3.reports.get", "-o", "json"], { env: sb.env(SANDBOX_KEYS.find((k) => k.id === "key_selfserve")!.key) });
      expect(r.code, r.stderr).toBe(0);
      const rep = JSON.parse(r.stdout) as Report;
      expect(rep.routes.map((x) => [x.route, !!x.skipped])).toEqual([["v2.topics.report", true], ["v3.reports.get", true]]);
      expect(rep.summary).toMatchObject({ skipped: 2, failed: 0 });
      // the grounding aliases answer the topic snapshot spec 2.8 documents: checked, though aliases
      const grounding = await runMain(["contract", "check", "--routes", "v2.grounding,/v2/grounding/history", "-o", "json"], { env: sb.env(SANDBOX_DEMO_KEY) });
      expect(grounding.code, grounding.stderr).toBe(0);
      expect((JSON.parse(grounding.stdout) as Report).routes.map((x) => [x.route, x.documented])).toEqual([["v2.grounding", "holds"], ["v2.grounding.history", "holds"]]);
    } finally {
      await sb.stop();
    }
  });

  it("--routes names known routes only; a refused key is exit 3; an unwritable --save is exit 2 before any request; an unreachable server is not called a contract breaker", async () => {
    const [bad, h] = await Promise.all([runMain(["contract", "check", "--routes", "v9.nope"], { env: baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9" }) }),
      hostile((_req, res) => sendJson(res, 401, { code: "credential_required", message: "key refused" }))]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--routes: no GET route 'v9.nope'");
    // an alias or a PATCH route is named for what it is, not as missing
    const [alias, patch] = await Promise.all([["v2.signals.list"], ["v3.alerts.update"]].map((r) => runMain(["contract", "check", "--routes", ...r], { env: baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9" }) })));
    expect(alias.code).toBe(2);
    expect(alias.stderr).toMatch(/^mids: --routes: 'v2\.signals\.list' is a deprecated alias of v2\.intel\.list/);
    expect(patch.stderr).toMatch(/^mids: --routes: 'v3\.alerts\.update' is PATCH \/v3\/alerts\/\{id\}: contract check only sends GET requests/);
    const refused = await runMain(["contract", "check", "--routes", "v3.me"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(refused.code).toBe(3);
    // a --save path that cannot be written is refused before the first request, not after the run
    const seen = h.seen.length;
    const save = await runMain(["contract", "check", "--save", join(tempDir("contract-"), "no-such-dir", "shapes.json")], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234567890" }) });
    expect(save.code).toBe(2);
    expect(save.stderr).toMatch(/^mids: --save: cannot write '.*shapes\.json': ENOENT\nhint: /);
    expect(h.seen.length).toBe(seen);
    // a server that cannot be reached does not "break the contract": the message says what happened
    const down = await runMain(["contract", "check", "--routes", "v3.me", "--max-retries", "0"], { env: baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9", MIDS_API_KEY: "k_test_1234567890" }) });
    expect(down.code).toBe(7);
    expect(down.stderr).toMatch(/^mids: 1 route could not be checked \(the first: network_error: connection refused/m);
    expect(down.stderr).not.toContain("does not hold the contract");
    // nor, in -o json's error, a malformed answer: a job reads which routes failed, and how
    const downJson = await runMain(["contract", "check", "--routes", "v3.me", "--max-retries", "0", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9", MIDS_API_KEY: "k_test_1234567890" }) });
    expect(downJson.code).toBe(7);
    const error = (JSON.parse(downJson.stderr.slice(downJson.stderr.indexOf("{"))) as { error: { code: string; details: unknown } }).error;
    expect(error.code).not.toBe("malformed_response");
    expect(error.details).toEqual({ failed: [{ route: "v3.me", code: "network_error" }] });
  });
});

describe("contract check --routes with a name it does not take", () => {
  it("names the nearest route, and its hint's command lists the routes' paths", async () => {
    const r = await runMain(["contract", "check", "--routes", "v3.projects.lst"], { env: baseEnv() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mids: --routes: no GET route 'v3\.projects\.lst'\nhint: did you mean v3\.projects\.list\? /);
    // the command the hint names runs as written and lists paths that --routes takes
    const command = /every route's path: mids (.+?) \(--api v2/.exec(r.stderr)?.[1];
    expect(command, r.stderr).toBeDefined();
    const args = command!.match(/'[^']*'|\S+/g)!.map((a) => a.replace(/^'(.*)'$/, "$1"));
    const listed = await runMain(args, { env: baseEnv() });
    expect(listed.code, listed.stderr).toBe(0);
    const paths = JSON.parse(listed.stdout) as string[];
    expect(paths).toContain("/v3/intel");
    const taken = await runMain(["contract", "check", "--routes", paths.find((p) => p === "/v3/intel")!, "--concurrency", "1", "-o", "json"], { env: baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:1", MIDS_API_KEY: "k_test_1234567890", MIDS_MAX_RETRIES: "0" }) });
    // taken as a route (the unreachable server is what stops it), not refused as a name
    expect(taken.stderr).not.toMatch(/--routes/);
    // a name nothing is near gets no guess
    const far = await runMain(["contract", "check", "--routes", "v9.x"], { env: baseEnv() });
    expect(far.stderr).toMatch(/^mids: --routes: no GET route 'v9\.x'\nhint: name route ids/);
  });
});
