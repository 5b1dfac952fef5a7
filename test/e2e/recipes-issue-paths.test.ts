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
