// docs/recipes.md's "Checked locally" list names every cap recipes validate holds a file to: the
// 100-document cap was only in security.md's table, so the recipes page listed three of the four.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { MAX_ALIAS_COUNT, MAX_RECIPE_BYTES, MAX_RECIPE_DEPTH, MAX_RECIPE_DOCUMENTS } from "../../src/recipes/parse.js";

it("the recipes page's local checks name each cap with its value", () => {
  const page = readFileSync(join(ROOT, "docs", "recipes.md"), "utf8");
  // the list, its lines joined as the page reads
  const local = (/\nChecked locally, never sent:\n([\s\S]*?)\nIf any document/.exec(page)?.[1] ?? "").replace(/\s+/g, " ");
  expect(local).toContain(`\`maxAliasCount\` (${MAX_ALIAS_COUNT})`);
  expect(local).toContain(`files over ${MAX_RECIPE_BYTES / 1024 / 1024} MiB`);
  expect(local).toContain(`more than ${MAX_RECIPE_DEPTH} levels deep`);
  expect(local).toContain(`More than ${MAX_RECIPE_DOCUMENTS} YAML documents in one file`);
});
