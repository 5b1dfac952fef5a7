// The exported v2 error body (spec 7.2): the generic fields it may hold, `limits` with the shape the
// spec shows ({minute, day: {limit, remaining, resetAt}}), so a generated client types it and a
// validation proxy holds it. The sandbox's rate-limited answer validates against it.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/contract/openapi/index.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";

type Validate = ((v: unknown) => boolean) & { errors?: unknown };
const requireTool = createRequire(import.meta.url);
const { default: Ajv2020 } = requireTool("ajv/dist/2020.js") as { default: new (o: object) => { compile: (s: object) => Validate; addSchema: (s: object) => unknown } };
const { default: addFormats } = requireTool("ajv-formats") as { default: (ajv: unknown) => unknown };

const doc = openApiDocument({ version: "v2", midsVersion: "0.0.0" }) as { components: { schemas: Record<string, { properties: Record<string, any> }> } };
const ajv = new Ajv2020({ strict: false, validateSchema: false });
addFormats(ajv);
ajv.addSchema({ ...doc, $id: "mids-v2" });
const v2Error = ajv.compile({ $ref: "mids-v2#/components/schemas/V2Error" });

describe("the exported v2 error body", () => {
  let sb: Sandbox;
  beforeAll(async () => { sb = await startSandbox({ port: 0, host: "127.0.0.1", quiet: true }); });
  afterAll(() => sb.close());

  it("types `limits` as spec 7.2 shows it: minute and day, each {limit, remaining, resetAt}", () => {
    const limits = doc.components.schemas.V2Error.properties.limits;
    for (const w of ["minute", "day"]) {
      expect(limits.properties[w].properties.limit.type, w).toBe("integer");
      expect(limits.properties[w].properties.remaining.type, w).toBe("integer");
      expect(limits.properties[w].properties.resetAt.format, w).toBe("date-time");
    }
  });

  it("the sandbox's rate-limited v2 answer validates; limits of another shape do not", async () => {
    const res = await fetch(`${sb.url}/v2/projects`, { headers: { "x-api-key": sb.keys.demo, prefer: "code=429" } });
    expect(res.status).toBe(429);
    const body = await res.json() as { limits: { minute: Record<string, unknown> } };
    expect(body.limits).toBeDefined();
    expect(v2Error(body), JSON.stringify(v2Error.errors)).toBe(true);
    expect(v2Error({ ...body, limits: { minute: { ...body.limits.minute, remaining: "many" } } })).toBe(false);
    expect(v2Error({ ...body, limits: { day: { resetAt: "tomorrow" } } })).toBe(false);
  });
});
