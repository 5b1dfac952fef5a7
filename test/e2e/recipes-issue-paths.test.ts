// recipes validate against servers whose issue paths are not strings: spec 2.10 names `path`
// without its type, so a list of segments (as schema validators give it) or no path at all is a
// finding placed in the file, never a file left unchecked (exit 7).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runMids, tempDir } from "../helpers/cli.js";
import { hostile, sendJson } from "../helpers/hostile.js";

const RECIPE = "name: paths\nversion: 1\nsteps:\n  - uses: output\n  - uses: nope\n";

interface JsonFinding { line: number; column: number; path: string; message: string; source: string }

async function validateAgainst(status: number, issues: unknown[]) {
  const h = await hostile((req, res) => req.resume().on("end", () => sendJson(res, status, { valid: false, issues })));
  const file = join(tempDir("recipe-paths-"), "r.yaml");
  writeFileSync(file, RECIPE);
  const r = await runMids(["-q", "recipes", "validate", file, "--format", "json", "--max-retries", "0"], { env: baseEnv({ MIDS_BASE_URL: h.url, MIDS_API_KEY: "k_test_1234" }) });
  return { r, findings: r.stdout ? (JSON.parse(r.stdout) as JsonFinding[]) : [] };
}

describe("issue paths that are not strings", () => {
  for (const status of [200, 422]) {
    it(`HTTP ${status}: a path given as a list of segments points at that node, shown as a JSON pointer`, async () => {
      const { r, findings } = await validateAgainst(status, [{ path: ["steps", 1, "uses"], message: "unknown step" }, { path: ["steps", 0], message: "the step" }]);
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
