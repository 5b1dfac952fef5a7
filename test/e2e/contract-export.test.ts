// `mids contract export --openapi`: an OpenAPI 3.1 document of every route, generated from the
// route table and schemas; accepted by Redocly's recommended lint, and served by a Prism mock that
// mids' read commands can use. The build writes the same documents to openapi/.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, baseEnv, runMain, runMids, useSandbox } from "../helpers/cli.js";
import { SANDBOX_DEMO_KEY } from "../../src/sandbox/keys.js";
import { ASSUMPTION_NOTES } from "../../src/contract/assumed.js";
import { ROUTES } from "../../src/contract/routes.js";
import { parseRetryAfter } from "../../src/client/headers.js";

// Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect) comes with the OpenAPI tools this test runs
type Validate = ((v: unknown) => boolean) & { errors?: unknown };
const requireTool = createRequire(import.meta.url);
const { default: Ajv2020 } = requireTool("ajv/dist/2020.js") as { default: new (o: object) => { compile: (s: object) => Validate; addSchema: (s: object) => unknown } };
const { default: addFormats } = requireTool("ajv-formats") as { default: (ajv: unknown) => unknown };

type Doc = { openapi: string; paths: Record<string, Record<string, Record<string, any>>>; components: Record<string, Record<string, unknown>> };
const built = (v: string) => join(ROOT, "openapi", `mids-${v}.json`);
const operations = (doc: Doc) => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));
const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);
const toolEnv = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };

describe("mids contract export --openapi", () => {
  // (one in-process sandbox for the tests that compare with its answers)
  const sb = useSandbox();
  it("writes, per version, every route of the table with its auth, paging, history meta, errors, deprecations and assumptions; the build ships the same", async () => {
    for (const v of ["v2", "v3"] as const) {
      const r = await runMids(["contract", "export", "--openapi", "--api", v]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(readFileSync(built(v), "utf8"));
      const doc = JSON.parse(r.stdout) as Doc;
      expect(doc.openapi).toBe("3.1.0");
      const ops = operations(doc);
      const routes = ROUTES.filter((x) => x.version === v);
      expect(ops.map((o) => o.op.operationId).sort()).toEqual(routes.map((x) => x.id).sort());
      for (const route of routes) {
        const { op, path } = ops.find((o) => o.op.operationId === route.id)!;
        expect(`${route.method} ${path}`).toBe(`${route.method} ${route.path}`);
        expect(op["x-mids-auth"]).toBe(route.auth);
        expect(op.security.length === 0).toBe(route.auth === "public");
        const ok = op.responses["200"].content["application/json"].schema;
        if (route.envelope !== "none") expect(ok.required).toContain("data");
        if (route.pagination === "page") expect(ok.required).toContain("pagination");
        if (route.pagination === "cursor") expect(ok.properties.meta.required).toContain("nextCursor");
        if (route.history) expect(ok.properties.meta.properties.history).toEqual({ $ref: "#/components/schemas/HistoryPolicy" });
        expect(op.responses["429"].headers["Retry-After"]).toBeDefined();
        // spec 5.1: every v3 response echoes the credential class (public routes called with a key too)
        expect(!!op.responses["200"].headers["X-API-Key-Type"]).toBe(v === "v3");
        expect(!!op.deprecated).toBe(!!route.deprecated);
        if (route.deprecated) {
          expect(op["x-mids-successor"]).toMatch(/^GET \/v2\//);
          if (route.sunset) expect(op["x-mids-sunset"]).toBe(route.sunset);
        }
      }
      // the spec does not show Retry-After's form: the document takes both of RFC 9110's, as the client reads both
      const retryAfter = new Ajv2020({ strict: false }).compile((doc.components.headers["Retry-After"] as { schema: object }).schema);
      const now = new Date("2026-11-01T00:00:00Z");
      for (const value of ["30", new Date(now.getTime() + 30_000).toUTCString()]) {
        expect(parseRetryAfter(value, now)).toBe(30_000);
        expect(retryAfter(/^\d+$/.test(value) ? Number(value) : value), value).toBe(true);
      }
      if (v === "v3") {
        const intel = ops.find((o) => o.op.operationId === "v3.intel.list")!.op;
        expect(intel.responses["200"].content["application/json"].schema.properties.data["x-mids-assumed"]).toBe(ASSUMPTION_NOTES.v3IntelShape);
        expect(intel.responses["404"]).toBeUndefined();
        expect(ops.find((o) => o.op.operationId === "v3.projects.get")!.op.responses["410"].description).toMatch(/not_current/);
        // spec 4.2: the project list reports the trend model, the detail the trend model and relations
        const meta = (id: string) => ops.find((o) => o.op.operationId === id)!.op.responses["200"].content["application/json"].schema.properties.meta;
        expect(meta("v3.projects.list").required).toContain("versions");
        expect(meta("v3.projects.get").properties.versions.required).toEqual(["trendModel", "relations"]);
        expect(doc.components.schemas.V3Error).toBeDefined();
      } else {
        const signals = ops.find((o) => o.op.operationId === "v2.signals.list")!.op;
        expect(signals["x-mids-successor"]).toBe("GET /v2/intel");
        expect(signals.responses["200"].headers.Sunset).toBeDefined();
        // spec 4.1 sunsets "the signals routes": /v2/signals and /v2/signals/{id} for sure, the categories alias by assumption
        const categories = ops.find((o) => o.op.operationId === "v2.signalCategories")!.op;
        expect(categories["x-mids-sunset"]).toBe(signals["x-mids-sunset"]);
        expect(categories["x-mids-assumed"]).toBe(ASSUMPTION_NOTES.signalCategoriesSunset);
        expect(signals["x-mids-assumed"]).toBeUndefined();
      }
    }
  });

  it("every documented timestamp is format: date-time, a nullable one and one not named like a timestamp included (a mock then sends dates)", async () => {
    const doc = JSON.parse(readFileSync(built("v3"), "utf8")) as Doc;
    // each property of that name, anywhere in the document, and whether it (or a branch of it) says date-time
    const found: Record<string, boolean[]> = { expiresAt: [], asOf: [], earliestAvailableAt: [] };
    const dateTime = (n: any): boolean => n?.format === "date-time" || (Array.isArray(n?.anyOf) && n.anyOf.some(dateTime));
    const walk = (n: unknown): void => {
      if (Array.isArray(n)) return n.forEach(walk);
      if (!n || typeof n !== "object") return;
      for (const [k, v] of Object.entries(n)) {
        if (k === "properties" && v && typeof v === "object") for (const [p, x] of Object.entries(v)) if (p in found) found[p].push(dateTime(x));
        walk(v);
      }
    };
    walk(doc);
    for (const [name, marks] of Object.entries(found)) {
      expect(marks.length, name).toBeGreaterThan(0);
      expect(marks.every(Boolean), name).toBe(true);
    }
  });

  it("marks the page sizes and values the spec does not show as assumed (spec 4.1 'Not shown', 8.4)", async () => {
    // (the document in this process: the first test holds the binary's to the shipped files)
    const [v2, v3] = await Promise.all(["v2", "v3"].map(async (v) => JSON.parse((await runMain(["contract", "export", "--openapi", "--api", v])).stdout) as Doc));
    const param = (doc: Doc, id: string, name: string) => operations(doc).find((o) => o.op.operationId === id)!.op.parameters.find((p: { name: string }) => p.name === name);
    // spec 8.4: v2 lists default to page 1; their page size, and grounding history's default one, are not shown
    for (const id of ["v2.projects.list", "v2.intel.list", "v2.grounding.history"]) {
      const limit = param(v2, id, "limit");
      expect(limit.schema.default, id).toBeDefined();
      expect(limit["x-mids-assumed"], id).toEqual(expect.any(String));
    }
    // documented: neighbors limit 1 to 50, default 5
    expect(param(v2, "v2.projects.neighbors", "limit")["x-mids-assumed"]).toBeUndefined();
    // spec 2.11 shows chipped, polished and flawless only: any other grade is a guess
    const grade = param(v3, "v3.intel.list", "grade");
    expect(grade.schema.items.enum.length).toBeGreaterThan(3);
    expect(grade["x-mids-assumed"]).toContain(ASSUMPTION_NOTES.grades);
  });

  it("gives each v3 error answer its code and the details spec 7.1 shows for it", async () => {
    const doc = JSON.parse((await runMain(["contract", "export", "--openapi"])).stdout) as Doc;
    const get = operations(doc).find((o) => o.op.operationId === "v3.projects.get")!.op;
    const body = (status: string) => {
      const ref = get.responses[status].content["application/json"].schema.$ref as string;
      const c = doc.components.schemas[ref.split("/").pop()!] as { allOf: [{ $ref: string }, { properties: Record<string, any>; required?: string[] }] };
      expect(c.allOf[0].$ref).toBe("#/components/schemas/V3Error");
      return { ...c.allOf[1], required: c.allOf[1].required ?? [] };
    };
    const expected: Record<string, [string, string[]]> = { 400: ["invalid_request", ["fields"]], 403: ["entitlement_required", ["entitlement"]], 404: ["not_found", ["subject"]], 429: ["rate_limited", ["limit", "window"]], 500: ["internal_error", []] };
    for (const [status, [code, details]] of Object.entries(expected)) {
      const b = body(status);
      expect(b.properties.code.const, status).toBe(code);
      expect(b.required.includes("details"), status).toBe(details.length > 0);
      if (details.length) expect(b.properties.details.required, status).toEqual(details);
    }
    expect(body("404").properties.details.properties.subject.required).toEqual(["type", "locator"]);
    // spec 8.2: a series read that starts before the window is 403 HISTORY_WINDOW_EXCEEDED, on v3 too
    const series = operations(doc).find((o) => o.op.operationId === "v3.projects.series")!.op;
    const codes = (series.responses["403"].content["application/json"].schema.oneOf as { $ref: string }[])
      .map((x) => (doc.components.schemas[x.$ref.split("/").pop()!] as { allOf: [unknown, { properties: { code: { const: string } } }] }).allOf[1].properties.code.const);
    expect(codes.sort()).toEqual(["HISTORY_WINDOW_EXCEEDED", "entitlement_required"]);
    const slug = (await sb.api<{ data: { slug: string }[] }>("/v3/projects?limit=1", SANDBOX_DEMO_KEY)).body.data[0].slug;
    const before = await sb.api<{ code: string }>(`/v3/projects/${slug}/series/trend?from=2020-01-01T00:00:00Z`, SANDBOX_DEMO_KEY);
    expect(before.status).toBe(403);
    expect(codes).toContain(before.body.code);
  });

  it("the sandbox's credential answers validate against the exported documents, formats included (spec 2.12, 2.13)", async () => {
    for (const [v, path] of [["v2", "/v2/api-keys/info"], ["v3", "/v3/me"]] as const) {
      const doc = JSON.parse((await runMain(["contract", "export", "--openapi", "--api", v])).stdout) as Doc;
      const ajv = new Ajv2020({ strict: false, validateSchema: false });
      addFormats(ajv);
      ajv.addSchema({ ...doc, $id: `mids-${v}` });
      const pointer = `/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/get/responses/200/content/application~1json/schema`;
      const validate = ajv.compile({ $ref: `mids-${v}#${pointer}` });
      const answer = await sb.api<unknown>(path, SANDBOX_DEMO_KEY);
      expect(answer.status).toBe(200);
      // v2 key info: expiresAt is the string `never` for a key that does not expire, not a date-time
      expect(validate(answer.body), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("refuses without a format and with an output format that is not JSON or YAML (exit 2); takes --jq", async () => {
    const [none, csv, yaml] = await Promise.all([
      runMain(["contract", "export"]),
      runMain(["contract", "export", "--openapi", "-o", "csv"]),
      runMain(["contract", "export", "--openapi", "-o", "yaml"]),
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^mids: say which format to export\nhint: mids contract export --openapi/);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toMatch(/^mids: -o csv does not apply to an OpenAPI document/);
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toMatch(/^openapi: 3\.1\.0\n/);
    // --jq picks from the document, as from any JSON answer
    const jq = await runMain(["contract", "export", "--openapi", "--jq", ".paths | keys | map(select(startswith(\"/v3/alerts\")))"]);
    expect(jq.code, jq.stderr).toBe(0);
    expect(JSON.parse(jq.stdout)).toEqual(["/v3/alerts/destinations", "/v3/alerts/{id}"]);
    expect(jq.stderr).toBe("");
  });

  it("-o yaml reads back as the JSON document with YAML 1.1 too (PyYAML): a sunset date or an example's timestamp stays a string", async () => {
    const { parse } = requireTool("yaml") as { parse: (s: string, o: object) => unknown };
    for (const v of ["v2", "v3"]) {
      const [yaml, json] = await Promise.all([runMain(["contract", "export", "--openapi", "--api", v, "-o", "yaml"]), runMain(["contract", "export", "--openapi", "--api", v])]);
      expect(yaml.code, yaml.stderr).toBe(0);
      expect(parse(yaml.stdout, { version: "1.1" }), v).toEqual(JSON.parse(json.stdout));
    }
  });

  it("passes @redocly/cli lint with the recommended ruleset: no errors, no warnings", () => {
    const r = spawnSync(bin("redocly"), ["lint", "--extends", "recommended", "--format", "json", built("v2"), built("v3")], { encoding: "utf8", env: toolEnv, timeout: 90_000 });
    const totals = [...r.stdout.matchAll(/"totals": (\{[^}]*\})/g)].map((m) => JSON.parse(m[1]));
    expect(totals, r.stdout + r.stderr).toHaveLength(2);
    for (const t of totals) expect(t).toMatchObject({ errors: 0, warnings: 0 });
    expect(r.status).toBe(0);
  }, 100_000);

  it("serves through a Prism mock of the v3 document, and the docs' mids read commands exit 0 against it", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => { const p = (s.address() as { port: number }).port; s.close(() => resolve(p)); });
    });
    const prism = spawn(bin("prism"), ["mock", "-h", "127.0.0.1", "-p", String(port), built("v3")], { env: toolEnv, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    prism.stdout.setEncoding("utf8").on("data", (d) => (log += d));
    prism.stderr.setEncoding("utf8").on("data", (d) => (log += d));
    try {
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`prism did not start: ${log}`)), 60_000);
        const check = () => { if (log.includes("Prism is listening")) { clearTimeout(t); resolve(); } };
        prism.stdout.on("data", check);
        prism.once("exit", (code) => reject(new Error(`prism exited ${code}: ${log}`)));
      });
      const docs = readFileSync(join(ROOT, "docs/contract-export.md"), "utf8");
      const block = /<!-- example-commands: prism -->\n```sh\n([\s\S]*?)\n```/.exec(docs)![1];
      const commands = block.split("\n").map((l) => l.trim().split(/\s+/).slice(1));
      expect(commands.length).toBeGreaterThanOrEqual(5);
      const env = baseEnv({ MIDS_BASE_URL: `http://127.0.0.1:${port}`, MIDS_API_KEY: "mids_sandbox_demo" });
      // clients of the mock: in-process (the process path of the export is the first test's)
      const runs = await Promise.all(commands.map((c) => runMain([...c, "-o", "json"], { env })));
      for (const [i, r] of runs.entries()) {
        expect(r.code, `mids ${commands[i].join(" ")}: ${r.stderr}`).toBe(0);
        expect(() => JSON.parse(r.stdout)).not.toThrow();
      }
    } finally {
      prism.kill("SIGTERM");
    }
  }, 100_000);
});
