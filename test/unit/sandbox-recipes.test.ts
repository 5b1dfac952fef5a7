// Recipes in the sandbox: list/get, validation issues and their path styles, execute.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSUMED } from "../../src/contract/assumed.js";
import { SANDBOX_DEMO_KEY, startSandbox, type Sandbox } from "../../src/sandbox/index.js";

let sb: Sandbox;
beforeAll(async () => { sb = await startSandbox({ quiet: true }); });
afterAll(async () => { await sb.close(); });

async function post(path: string, body: unknown) {
  const res = await fetch(sb.url + path, { method: "POST", headers: { "x-api-key": SANDBOX_DEMO_KEY, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}
const validate = (yaml: string) => post("/v2/recipes/validate", { [ASSUMED.recipeValidateBodyField]: yaml });

const BAD = `name: demo
version: 1
extra: true
steps:
  - uses: projects.list
  - uses: teleport
    with: [1]
`;

describe("sandbox recipes", () => {
  it("lists recipes and returns each definition, which validates", async () => {
    const list = await (await fetch(sb.url + "/v2/recipes", { headers: { "x-api-key": SANDBOX_DEMO_KEY } })).json();
    expect(list.data.length).toBeGreaterThanOrEqual(3);
    for (const r of list.data) {
      const one = await (await fetch(`${sb.url}/v2/recipes/${r.name}`, { headers: { "x-api-key": SANDBOX_DEMO_KEY } })).json();
      const v = await validate(one.data.definition);
      expect(v.body).toMatchObject({ valid: true, issues: [], recipe: { name: r.name, stepCount: r.stepCount } });
    }
  });

  it("reads merge keys (<<: *base) as YAML 1.1 does: the merged keys count, `<<` is no key", async () => {
    const v = await validate("name: demo\nversion: 1\nsteps:\n  - &first\n    uses: projects.list\n  - <<: *first\n");
    expect(v.body).toMatchObject({ valid: true, issues: [] });
    const bad = await validate("name: demo\nversion: 1\nsteps:\n  - &first\n    uses: projects.list\n  - <<: *first\n    extra: 1\n");
    expect(bad.body.issues.map((i: any) => i.path)).toEqual(["steps.1.extra"]);
  });

  it("reports issues with dotted paths by default", async () => {
    const v = await validate(BAD);
    expect(v.status).toBe(200);
    expect(v.body.valid).toBe(false);
    expect(v.body.issues.map((i: any) => i.path).sort()).toEqual(["extra", "steps.1.uses", "steps.1.with"]);
    expect(v.body).not.toHaveProperty("recipe");
  });

  it.each([
    ["bracket", "steps[1].uses"],
    ["pointer", "/steps/1/uses"],
    ["jsonpath", "$.steps[1].uses"],
    ["dotted", "steps.1.uses"],
  ])("switches to %s paths on a sandbox-path-style comment", async (style, expected) => {
    const v = await validate(`# sandbox-path-style: ${style}\n${BAD}`);
    expect(v.body.issues.map((i: any) => i.path)).toContain(expected);
  });

  it("requires name, version and non-empty steps", async () => {
    const v = await validate("description: nothing\nsteps: []\n");
    expect(v.body.issues.map((i: any) => i.path).sort()).toEqual(["name", "steps", "version"]);
  });

  it("answers 400 with issues when the YAML does not parse", async () => {
    const v = await validate("name: [unclosed\nsteps: {\n");
    expect(v.status).toBe(400);
    expect(v.body.valid).toBe(false);
    expect(v.body.issues[0].message).toMatch(/line \d+/);
  });

  it("executes a fresh run each time", async () => {
    const a = await post("/v2/recipes/execute", { name: "trend-digest", params: { limit: 3 } });
    const b = await post("/v2/recipes/execute", { name: "trend-digest", params: { limit: 3 } });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ status: "completed", params: { limit: 3 } });
    expect(a.body.runId).not.toBe(b.body.runId);
    expect((await post("/v2/recipes/execute", { name: "trend-digest", params: { nope: 1 } })).status).toBe(400);
    expect((await post("/v2/recipes/execute", { name: "missing" })).status).toBe(404);
  });
});
