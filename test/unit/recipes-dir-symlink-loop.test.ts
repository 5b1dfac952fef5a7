// recipes validate DIR reads each directory once: a symbolic link to an ancestor (sub/loop -> ..)
// made the walk check the same recipes again under sub/loop/, sub/loop/sub/loop/, ... (41 times,
// each one request, until the path was too long to resolve).
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { fileTree } from "../helpers/cli.js";
import { expandInputs } from "../../src/recipes/inputs.js";

it("a link back to an ancestor is no loop; a link to a directory outside is still followed", () => {
  const outside = fileTree({ "shared.yaml": "name: s\n" });
  const root = fileTree({ "a.yaml": "name: a\n", "sub/b.yaml": "name: b\n" });
  symlinkSync("..", join(root, "sub", "loop"));
  symlinkSync(outside, join(root, "common"));
  const files = expandInputs(["."], root).map((i) => i.file);
  expect(files).toEqual(["a.yaml", join("common", "shared.yaml"), join("sub", "b.yaml")]);
});

it("one file is checked once, by the first name given: a link or hard link to a recipe already named is left out", async () => {
  const { linkSync } = await import("node:fs");
  const root = fileTree({ "a.yaml": "name: a\n", "v3.yaml": "name: v3\n" });
  symlinkSync("v3.yaml", join(root, "latest.yaml"));
  linkSync(join(root, "a.yaml"), join(root, "z-hard.yaml"));
  // the directory's walk: latest.yaml comes before v3.yaml and is the name kept
  expect(expandInputs(["."], root).map((i) => i.file)).toEqual(["a.yaml", "latest.yaml"]);
  expect(expandInputs(["v3.yaml", "latest.yaml", "."], root).map((i) => i.file)).toEqual(["v3.yaml", "a.yaml"]);
});
