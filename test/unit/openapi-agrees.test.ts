// The exported OpenAPI document and `mids contract check` read the same spec: an answer the
// document allows must not be a violation for contract check, and what contract check refuses the
// document must not allow. The answers below are the kinds a schema-driven mock (Prism) or
// validation proxy produced from the export; neither tool is needed here (Ajv reads the document
// as they do: JSON Schema 2020-12).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { envelopeViolations, headerViolations, judge, violations } from "../../src/contract/check/index.js";
import { RATE_LIMIT_HEADERS } from "../../src/contract/headers.js";
import { openApiDocument } from "../../src/contract/openapi/index.js";
import { route } from "../../src/contract/routes.js";
import { shapeExample } from "../../src/contract/openapi/shapes.js";
import { ASSUMED_SHAPES } from "../../src/contract/shapes/assumed.js";
import { planFor, variantOf } from "../../src/sandbox/shape-variants.js";
import { mulberry32 } from "../../src/sandbox/rand.js";

type Validate = ((v: unknown) => boolean) & { errors?: unknown };
type AjvLike = { compile: (s: object) => Validate; addSchema: (s: object) => unknown };
const requireTool = createRequire(import.meta.url);
const { default: Ajv2020 } = requireTool("ajv/dist/2020.js") as { default: new (o: object) => AjvLike };
const { default: addFormats } = requireTool("ajv-formats") as { default: (ajv: unknown) => unknown };

type Doc = { paths: Record<string, Record<string, any>>; components: { headers: Record<string, { schema: object }> } };
const docs = { v2: openApiDocument({ version: "v2", midsVersion: "0.0.0" }) as Doc, v3: openApiDocument({ version: "v3", midsVersion: "0.0.0" }) as Doc };

/** A validator of one part of an exported document, by JSON pointer (refs resolved). */
function validator(v: "v2" | "v3", pointer: string): Validate {
  const ajv = new Ajv2020({ strict: false, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...docs[v], $id: `mids-${v}` });
  return ajv.compile({ $ref: `mids-${v}#${pointer}` });
}
const esc = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
const okBody = (v: "v2" | "v3", path: string) => validator(v, `/paths/${esc(path)}/get/responses/200/content/application~1json/schema`);
/** A header as a mock or proxy reads it: a number where the schema says integer. */
const header = (v: "v2" | "v3", name: string) => {
  const validate = validator(v, `/components/headers/${esc(name)}/schema`);
  return (value: string) => validate(/^-?\d+$/.test(value) ? Number(value) : value);
};

describe("the export and contract check agree", () => {
  it("rate-limit counts: a negative limit or remainder is refused by both (a mock made them up from `type: integer`)", () => {
    for (const v of ["v2", "v3"] as const) {
      const r = route(v === "v3" ? "v3.me" : "v2.apiKeys.info");
      for (const name of RATE_LIMIT_HEADERS.filter((n) => !n.includes("Reset"))) {
        const allows = header(v, name);
        for (const value of ["0", "120", "-786712"]) {
          // (the limits above every remainder tried: a remainder over its limit is contract check's
          // own rule, across two headers, which a header's schema cannot say)
          const headers: Record<string, string> = { ...Object.fromEntries(RATE_LIMIT_HEADERS.map((n) => [n, n.includes("Limit-") ? "1000" : "60"])), "X-API-Key-Type": "self_serve", [name]: value };
          const refused = headerViolations(r, headers).some((x) => x.field === `headers.${name}`);
          expect(allows(value), `${v} ${name}: ${value}`).toBe(!refused);
        }
      }
    }
  });

  it("v2 envelope: `status` repeats the HTTP status, so a 200 answer with `status: 0` is refused by both", () => {
    const r = route("v2.projects.chains");
    const allows = okBody("v2", r.path);
    for (const status of [200, 0, 404]) {
      const body = { status, data: [] };
      const refused = envelopeViolations(r, body, 200).some((x) => x.field === "status");
      expect(allows(body), `status ${status}`).toBe(!refused);
    }
  });
});

describe("the export and contract check agree on counts", () => {
  it("a negative rate limit, history window or count is refused by both (a mock made them up from `type: integer`); 0 is taken by both", () => {
    const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
    const me = (rateLimit: object, h: object) => ({ credential: { id: "k", name: "n", type: "full", expiresAt: null }, entitlements: ["api"], rateLimit: { perMinute: 60, perDay: 1000, ...rateLimit }, history: { ...history, ...h } });
    const allowsMe = okBody("v3", "/v3/me");
    for (const [data, field] of [
      [me({ perMinute: -9007199254740991 }, {}), "rateLimit.perMinute"], [me({ perDay: -1 }, {}), "rateLimit.perDay"], [me({}, { lookbackDays: -30 }), "history.lookbackDays"],
      [me({ perMinute: 0 }, { lookbackDays: 0 }), undefined],
    ] as const) {
      const refused = (violations("v3.me", data) ?? []).map((v) => v.field);
      expect(refused, JSON.stringify(data)).toEqual(field ? [field] : []);
      expect(allowsMe({ data, meta: {} }), JSON.stringify(data)).toBe(!field);
    }
    const r = route("v2.projects.list");
    const allowsList = okBody("v2", r.path);
    for (const totalCount of [-1, 0, 7]) {
      const body = { status: 200, data: [], pagination: { page: 1, limit: 20, totalCount, hasMore: false } };
      const refused = envelopeViolations(r, body, 200).some((x) => x.field === "pagination.totalCount");
      expect(refused, `totalCount ${totalCount}`).toBe(totalCount < 0);
      expect(allowsList(body), `totalCount ${totalCount}`).toBe(totalCount >= 0);
    }
  });
});

describe("the export and contract check agree on a history-affected v2 answer (spec 8.2)", () => {
  it("one without meta is refused by both; with meta.history, taken by both", () => {
    const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
    const r = route("v2.projects.neighbors");
    const allows = okBody("v2", r.path);
    for (const body of [{ status: 200, data: [] }, { status: 200, data: [], meta: {} }, { status: 200, data: [], meta: { history } }]) {
      const refused = envelopeViolations(r, body, 200).length > 0;
      expect(allows(body), JSON.stringify(body)).toBe(!refused);
    }
  });
});

describe("the export and contract check agree on a deprecated route's Link header", () => {
  it("a Link without rel successor-version is refused by both; one with it, in any case, is taken by both", () => {
    const r = route("v2.grounding");
    const allows = header("v2", "Link");
    for (const link of ['</v3/topics>; rel="successor-version"', "</v3/topics>; REL=Successor-Version", "<https://x/v3/topics>; rel=\"alternate successor-version\"", "Duis aute in irure", '</v3/topics>; rel="alternate"', "</v3/topics>",
      // a mock's made-up values: word edges matter
      "</v3/topics>; rel=xsuccessor-version", '</v3/topics>; rel="successor-versions"', '</v3/topics>; rel="x successor-version"; type=x', "; reL = FM='9KLsUcceSSOr-vErsIoN"]) {
      const headers: Record<string, string> = { ...Object.fromEntries(RATE_LIMIT_HEADERS.map((n) => [n, "60"])), Deprecation: "@1735689600", Link: link };
      const refused = headerViolations(r, headers).some((x) => x.field === "headers.Link");
      expect(allows(link), link).toBe(!refused);
    }
  });
});

describe("the export and contract check agree on a documented enum", () => {
  it("a v3 project's universe is crypto or tradfi (spec 2.11): another value is refused by both, with the values named", () => {
    const history = { archiveAccess: false, enforced: true, lookbackDays: 30, earliestAvailableAt: "2026-10-01T00:00:00Z", enforcementAt: "2026-08-17T00:00:00Z" };
    const project = (universe: unknown) => ({
      id: "0123456789abcdef01234567", slug: "p", name: "P", universe, symbol: "P", description: "d", identifiers: {}, image: "https://x.test/p.png", trend: 1, rank: 1,
      categories: [], assets: [], intel: [], createdAt: "2026-11-01T00:00:00Z", updatedAt: "2026-11-01T00:00:00Z", reinforcedAt: "2026-11-01T00:00:00Z",
    });
    const allows = okBody("v3", "/v3/projects/{idOrSlug}");
    for (const universe of ["crypto", "tradfi", "equity", "Crypto", 1]) {
      const refused = (violations("v3.projects.get", project(universe)) ?? []).filter((v) => v.field === "universe");
      const documented = universe === "crypto" || universe === "tradfi";
      expect(refused.map((v) => v.expected), String(universe)).toEqual(documented ? [] : ['crypto or tradfi']);
      expect(allows({ data: project(universe), meta: { history, versions: { trendModel: "t", relations: "r" } } }), String(universe)).toBe(documented);
    }
  });
});

describe("the export says the grade scale and holds no grade to it", () => {
  it("a v3 intel grade (spec 2.11: from chipped to flawless, polished shown) is described with the scale's ends; a grade off mids' guess at the steps is taken by both", () => {
    // every schema of a grade field, but in mids' assumed schemas and the examples (marked apart)
    const grades: { type: string; enum?: unknown; description?: string; examples?: string[] }[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (!v || typeof v !== "object") return;
      for (const [k, x] of Object.entries(v)) {
        if (k === "x-mids-assumed-schema" || k === "examples") continue;
        if (k === "properties" && x && typeof x === "object" && "grade" in x) grades.push((x as { grade: (typeof grades)[number] }).grade);
        walk(x);
      }
    };
    walk(docs.v3.paths);
    // the intel list's items, an intel item, a project's intel preview (list and detail)
    expect(grades.length).toBeGreaterThanOrEqual(4);
    for (const g of grades) {
      expect(g.enum).toBeUndefined();
      expect(g.description).toMatch(/`chipped`.*`flawless`/);
      expect(g.examples).toEqual(expect.arrayContaining(["chipped", "polished", "flawless"]));
    }
    const item = { id: "i1", headline: "h", grade: "emerald", detectedAt: "2026-11-01T00:00:00Z" };
    expect(violations("v3.intel.get", item)).toEqual([]);
    expect(validator("v3", `/paths/${esc("/v3/intel/{id}")}/get/responses/200/content/application~1json/schema/properties/data`)(item)).toBe(true);
  });
});

describe("the export claims no more than the spec about an assumed shape", () => {
  it("every answer contract check passes (the guess, and the other legal shapes of --faults shapes) validates against the export; the guess is there, marked", () => {
    const v3 = Object.keys(ASSUMED_SHAPES).map(route).filter((r) => r.version === "v3");
    expect(v3.length).toBeGreaterThan(5);
    for (const r of v3) {
      const op = docs.v3.paths[r.path].get;
      const data = op.responses["200"].content["application/json"].schema.properties.data;
      // what mids guesses is said, as an extension and an example a mock serves, not as the schema
      expect(data["x-mids-assumed"], r.id).toEqual(expect.any(String));
      expect(data["x-mids-assumed-schema"], r.id).toEqual(expect.objectContaining({ type: expect.any(String) }));
      const allows = validator("v3", `/paths/${esc(r.path)}/get/responses/200/content/application~1json/schema/properties/data`);
      const guess = shapeExample(ASSUMED_SHAPES[r.id].shape);
      expect(data.examples, r.id).toEqual([guess]);
      // no anyOf at the top: Prism's dynamic mock (json-schema-faker) answered 500 on /v3/intel for one
      expect(data.anyOf, r.id).toBeUndefined();
      // an object it allows is any object: openapi-typescript types one without additionalProperties as an empty object
      if (Array.isArray(data.type) && data.type.includes("object")) expect(data.additionalProperties, r.id).toEqual({});
      const answers = [guess, variantOf(r.id, guess, planFor(r.id, mulberry32(7), true)), ...[1, 2, 3, 4, 5, 6].map((seed) => variantOf(r.id, guess, planFor(r.id, mulberry32(seed))))];
      for (const answer of answers) {
        const verdict = judge(r, answer, r.path);
        expect(verdict.documented, `${r.id}: ${JSON.stringify(answer)}`).not.toBe("violated");
        expect(allows(answer), `${r.id}: ${JSON.stringify(answer)}: ${JSON.stringify(allows.errors)}`).toBe(true);
      }
    }
  });

  it("what the spec documents inside an assumed answer is still held by both: the intel preview, a topic's report reference", () => {
    for (const [id, answer] of [
      ["v3.intel.list", [{ id: "i1", headline: "h", grade: "polished" }]],
      ["v3.intel.get", { id: "i1", headline: "h", grade: "polished", detectedAt: "yesterday" }],
      ["v3.topics.get", { stance: "neutral", report: { id: "r1", title: "t" } }],
    ] as const) {
      const r = route(id);
      expect(judge(r, answer, r.path).documented, id).toBe("violated");
      expect(validator("v3", `/paths/${esc(r.path)}/get/responses/200/content/application~1json/schema/properties/data`)(answer), id).toBe(false);
    }
  });
});

describe("v2 operations and their v3 successors (docs/contract-export.md)", () => {
  it("every v2 operation names a v3 operation of the v3 document in x-mids-v3-successor, or says it was removed in v3", () => {
    const v3ops = new Set(Object.entries(docs.v3.paths).flatMap(([p, ops]) => Object.keys(ops).filter((m) => ops[m]?.operationId).map((m) => `${m.toUpperCase()} ${p}`)));
    const v2ops = Object.values(docs.v2.paths).flatMap((ops) => Object.values(ops).filter((o) => o?.operationId));
    expect(v2ops.length).toBeGreaterThan(0);
    for (const op of v2ops) {
      const succ = op["x-mids-v3-successor"] as string | undefined;
      if (succ !== undefined) {
        expect(v3ops.has(succ), `${op.operationId}: ${succ}`).toBe(true);
        expect(op.description, op.operationId).not.toContain("Removed in v3.");
      } else {
        expect(op.description, op.operationId).toContain("Removed in v3.");
      }
    }
  });
});
