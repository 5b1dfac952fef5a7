// recipes validate DIR over a subdirectory of 200,000 recipe files: the walk passed a
// subdirectory's files to push() as arguments, and V8 throws past about 120,000 of them: "mids:
// unexpected error: Maximum call stack size exceeded", exit 1, before any file was checked.
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { tempDir } from "../helpers/cli.js";
import { expandInputs } from "../../src/recipes/inputs.js";

const N = 200_000;

it("a subdirectory of 200,000 recipes is walked whole", { timeout: 120_000 }, () => {
  const root = tempDir("many-recipes-");
  mkdirSync(join(root, "sub"));
  for (let i = 0; i < N; i++) closeSync(openSync(join(root, "sub", `r${i}.yaml`), "w"));
  const files = expandInputs(["."], root).map((x) => x.file);
  expect(files).toHaveLength(N);
  expect(files[0]).toBe(join("sub", "r0.yaml"));
});
