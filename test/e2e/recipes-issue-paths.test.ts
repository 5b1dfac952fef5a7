// recipes validate against servers whose answers type what spec 2.10 leaves untyped: an issue's
// path (a list of segments, as schema validators give it, or none), its message, the recipe summary
// (null on an invalid recipe, a null description). Each is a finding placed in the file or passes;
// never a file left unchecked (exit 7).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMain, runMids, tempDir } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const RECIPE = "name: paths\nversion: 1\nsteps:\n  - uses: output\n  - uses: nope\n";

interface JsonFinding { line: number; column: number; path: string; message: string; source: string }

/** in-process (runMain) unless `binary`: the HTTP 200 list-of-segments case runs the built CLI, the e2e proof */
async function validateAgainst(status: number, issues: unknown[], answer: Record<string, unknown> = { valid: false }, binary = false) {
  const h = await hostile((req, res) => req.resume().on("end", () => sendJson(res, status, { ...answer, issues })));
  const file = join(tempDir("recipe-paths-"), "r.yaml");
  writeFileSync(file, RECIPE);
  const r = await (binary ? runMids : runMain)(["-q", "recipes", "validate", file, "--format", "json", "--max-retries", "0"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }) });
  return { r, findings: r.stdout ? (JSON.parse(r.stdout) as JsonFinding[]) : [] };
}

describe("issue paths that are not strings", () => {
  for (const status of [200, 422]) {
    it(`HTTP ${status}: a path given as a list of segments points at that node, shown as a JSON pointer`, async () => {
      const { r, findings } = await validateAgainst(status, [{ path: ["steps", 1, "uses"], message: "unknown step" }, { path: ["steps", 0], message: "the step" }], undefined, status === 200);
      expect(r.code, r.stderr).toBe(8);
      const lines = RECIPE.split("\n");
      const uses = findings.find((f) => f.message === "unknown step")!;
      expect(uses).toMatchObject({ path: "/steps/1/uses", source: "server" });
      expect(lines[uses.line - 1].slice(uses.column - 1)).toBe("nope");
      const step = findings.find((f) => f.message === "the step")!;
      expect(lines[step.line - 1].slice(step.column - 1)).toBe("uses: output");
    });
  }

  it("a missing, null or numeric path is the recipe as a whole: a finding at its start, the file checked", async () => {
    const { r, findings } = await validateAgainst(200, [{ message: "none" }, { path: null, message: "null" }, { path: 3, message: "number" }]);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).not.toMatch(/not checked/);
    expect(findings.map((f) => [f.message, f.line, f.column, f.path])).toEqual([["none", 1, 1, ""], ["null", 1, 1, ""], ["number", 1, 1, ""]]);
  });
});

describe("the issues of a 422 answer, typed otherwise", () => {
  it("a bare string among them is a finding about the whole recipe, in the server's words; a null is none", async () => {
    const { r, findings } = await validateAgainst(422, [null, "the recipe is stale", { path: "steps.1.uses", message: "unknown step" }]);
    expect(r.code, r.stderr).toBe(8);
    expect(findings.map((f) => [f.message, f.path])).toEqual([["the recipe is stale", ""], ["unknown step", "steps.1.uses"]]);
  });
});

describe("the untyped rest of a validation answer", () => {
  it("an invalid answer with recipe: null keeps its findings; a message that is not text is shown as its JSON", async () => {
    const { r, findings } = await validateAgainst(200, [{ path: "steps.1.uses", message: "unknown step" }, { path: "name", message: { text: "bad name" } }], { valid: false, recipe: null });
    expect(r.code, r.stderr).toBe(8);
    expect(findings.map((f) => [f.path, f.message])).toEqual([["name", '{"text":"bad name"}'], ["steps.1.uses", "unknown step"]]);
  });

  it("a valid answer whose summary has a null description or version, or lacks a name, passes (exit 0)", async () => {
    for (const recipe of [{ name: "paths", version: 1, description: null, stepCount: 2, paramCount: 0 }, { name: "paths", version: null, description: "", stepCount: 2, paramCount: 0 }, { stepCount: 2, paramCount: 0 }, null]) {
      const { r, findings } = await validateAgainst(200, [], { valid: true, recipe });
      expect(r.code, `${JSON.stringify(recipe)}: ${r.stderr}`).toBe(0);
      expect(findings).toEqual([]);
    }
  });
});

describe("recipes execute: the issues of a rejected run, typed otherwise", () => {
  it("a null among them, a path as segments and a bare string: each named, the segments at file:line:col; exit 2, never an unexpected error", async () => {
    const h = await hostile((req, res) => req.resume().on("end", () =>
      sendJson(res, 400, { status: 400, error: "invalid recipe", issues: [null, { path: ["steps", 1, "uses"], message: "unknown step" }, "the recipe is stale"] })));
    const file = join(tempDir("recipe-exec-"), "r.yaml");
    writeFileSync(file, RECIPE);
    const r = await runMain(["-q", "recipes", "execute", file], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }) });
    expect(r.code, r.stderr).toBe(2);
    const lines = RECIPE.split("\n");
    const line = lines.findIndex((l) => l.includes("nope")) + 1;
    expect(r.stderr).toContain(`${file}:${line}:${lines[line - 1].indexOf("nope") + 1} /steps/1/uses: unknown step`);
    expect(r.stderr).toContain("the recipe is stale");
    expect(r.stderr).not.toMatch(/unexpected error|bug/);
  });
});
