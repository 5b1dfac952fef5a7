// recipes validate --output-file naming one of the recipes it checks (by the same or another
// name, or a link to it) is refused before anything is read or sent: the report was written over
// the recipe, which was lost.
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseEnv, fileTree, runMain } from "../helpers/cli.js";

it("a report that would replace a recipe is refused (exit 2), the recipe kept", async () => {
  const recipe = "name: kept\nversion: 1\nsteps:\n  - uses: output\n";
  const dir = fileTree({ "recipes/a.yaml": recipe });
  symlinkSync(join(dir, "recipes", "a.yaml"), join(dir, "report.sarif"));
  const env = baseEnv({ MIDS_BASE_URL: "http://127.0.0.1:9" });
  const runs = await Promise.all([
    runMain(["recipes", "validate", "recipes/a.yaml", "--output-file", "./recipes/a.yaml", "--output-file-format", "json"], { env, cwd: dir }),
    runMain(["recipes", "validate", "recipes", "--output-file", "report.sarif"], { env, cwd: dir }),
  ]);
  for (const r of runs) {
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^mids: --output-file '.*' is the recipe 'recipes\/a\.yaml': writing the report there would replace it\nhint: /);
  }
  expect(readFileSync(join(dir, "recipes", "a.yaml"), "utf8")).toBe(recipe);
});
